import { SEARCH_MODES, type SearchMode } from "@lexnav/retrieval";
import type { Citation } from "./evidence.ts";
import type { TokenLedger } from "./ledger.ts";

/** How a question was answered: over the whole permitted corpus (inject) or after a retrieval mode. */
export type AnswerMode = SearchMode;

export const ANSWER_MODES: readonly AnswerMode[] = SEARCH_MODES;

/**
 * Everything needed to replay an answer: the question, how it was answered (mode, answerer, model,
 * prompt and index versions), the extract as spans (never its text) and what was shown.
 */
export interface AnswerRecord {
  id: string;
  createdAt: string;
  question: string;
  mode: AnswerMode;
  answerer: "offline" | "model";
  model: string | null;
  promptVersion: string;
  indexVersion: string;
  principal: { id: string; groups: string[] };
  /** The documents the question was scoped to, when it was (`AskRequest.documentIds`). */
  scope?: string[];
  /** `${documentId}/${nodeId}` of the provisions the extract came from (the planner's pairs for navindex). */
  selectedNodes: string[];
  /** The extract as spans of stored versions. */
  evidence: Array<{
    documentId: string;
    version: string;
    nodeId: string;
    start: number;
    end: number;
    /** Set on a definition or referred-to provision brought in for reading (`EvidenceItem.linkedBy`). */
    linkedBy?: "definition" | "cross-reference";
  }>;
  contextTokens: number;
  answer: string;
  abstained: boolean;
  abstainReason: string | null;
  citations: Citation[];
  precedence: string[];
  /**
   * The definitions of the defined terms the cited passages use, and the provisions they point to,
   * brought in from their document or another member of its transaction set the asker may read: what a
   * lawyer needs beside the citations to read them. Absent on records made before these were brought in.
   */
  linked?: LinkedProvision[];
  /** Claims dropped because their citations did not verify. */
  unsupported: number;
  /**
   * Offline answers by the evidence decision: its calibrated probability that its best sentence is evidence (the
   * figure the answer-or-silence rule read; on a silence, how near the nearest passages came). For audit and
   * calibration, never shown as a threshold. Absent on a model's answer, on the wording model's (whose figure is a
   * score) and on records made before it was kept.
   */
  decisionProbability?: number;
  /** Notes such as instruction-like text found in the evidence or invented planner ids. */
  warnings: string[];
  ledger: TokenLedger;
  /** Set when a document the record drew on was deleted: its text fields were erased. */
  erased?: ErasedText;
}

/** A definition or referred-to provision shown with an answer: `quote == text(document@version)[start, end)`. */
export interface LinkedProvision {
  kind: "definition" | "cross-reference";
  /** The defined term, or the reference as printed ("Section 7.2(b)"). */
  words: string;
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  /** `[doc] Clause` of the provision, as citations display it. */
  display: string;
  /** Title, section path and page, as citations show it. */
  location?: string;
  quote: string;
}

/** What remains of the text of an answer record after a document it drew on was deleted. */
export interface ErasedText {
  /** Always "document deleted". */
  note: typeof DOCUMENT_DELETED;
  at: string;
  /** The deleted documents the record drew on. */
  documentIds: string[];
  /**
   * HMAC-SHA256 (hex) under the store's secret key of each text field erased, by field path
   * (`answer`, `citations.0.quote`, `warnings.1`): enough to check a claim about what was shown,
   * without the text, and not guessable from a short quote alone.
   */
  hmac: Record<string, string>;
}

/** The note an answer record with erased text carries in place of its answer. */
export const DOCUMENT_DELETED = "document deleted";

/** Whether an answer record drew on a document: cited it, took evidence or provisions from it, or was scoped to it. */
export function drawsOn(record: AnswerRecord, documentId: string): boolean {
  return (
    record.citations.some((c) => c.documentId === documentId) ||
    record.evidence.some((e) => e.documentId === documentId) ||
    record.selectedNodes.some((n) => n.startsWith(`${documentId}/`)) ||
    (record.scope ?? []).includes(documentId)
  );
}

/**
 * The record with every text field erased (question, answer, abstain reason, quotes and their
 * displayed labels, precedence notes, warnings), each replaced by its keyed hash in `erased.hmac`.
 * Ids, offsets, versions, counts and the ledger stay, so the record still says what was asked of
 * which provisions and what it cost. A record already erased only gains the document id.
 *
 * Every field goes, not only quotes of the deleted document: an answer's sentences and notes mix
 * the documents it drew on, and the question itself often quotes the document it asks about.
 */
export function eraseDocumentText(
  record: AnswerRecord,
  documentId: string,
  at: string,
  hmac: (text: string) => string,
): AnswerRecord {
  if (record.erased) {
    if (record.erased.documentIds.includes(documentId)) return record;
    return { ...record, erased: { ...record.erased, documentIds: [...record.erased.documentIds, documentId] } };
  }
  const hashes: Record<string, string> = {};
  const erase = (path: string, text: string): string => {
    if (text !== "") hashes[path] = hmac(text);
    return "";
  };
  const question = erase("question", record.question);
  erase("answer", record.answer);
  const abstainReason = record.abstainReason === null ? null : erase("abstainReason", record.abstainReason);
  const citations = record.citations.map((c, i) => ({
    ...c,
    quote: erase(`citations.${i}.quote`, c.quote),
    display: erase(`citations.${i}.display`, c.display),
    ...(c.location !== undefined ? { location: erase(`citations.${i}.location`, c.location) } : {}),
  }));
  record.precedence.forEach((p, i) => {
    erase(`precedence.${i}`, p);
  });
  record.warnings.forEach((w, i) => {
    erase(`warnings.${i}`, w);
  });
  (record.linked ?? []).forEach((l, i) => {
    erase(`linked.${i}.words`, l.words);
    erase(`linked.${i}.display`, l.display);
    if (l.location !== undefined) erase(`linked.${i}.location`, l.location);
    erase(`linked.${i}.quote`, l.quote);
  });
  return {
    ...record,
    question,
    answer: DOCUMENT_DELETED,
    abstainReason,
    citations,
    precedence: [],
    ...(record.linked !== undefined ? { linked: [] } : {}),
    warnings: [],
    erased: { note: DOCUMENT_DELETED, at, documentIds: [documentId], hmac: hashes },
  };
}

/** Where answer records live; asynchronous like the catalog, so a shared database server can hold them. */
export interface AnswerStore {
  put(record: AnswerRecord): Promise<void>;
  get(id: string): Promise<AnswerRecord | null>;
  /** Newest first. */
  list(limit: number): Promise<Array<Pick<AnswerRecord, "id" | "createdAt" | "question" | "mode" | "abstained">>>;
  /**
   * Erases the text of every record that drew on a deleted document (`eraseDocumentText`), keyed
   * hashes by `hmac`; returns how many records were erased.
   */
  eraseDocument(documentId: string, at: string, hmac: (text: string) => string): Promise<number>;
}
