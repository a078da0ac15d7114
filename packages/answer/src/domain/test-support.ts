/**
 * Test helpers for the answer domain: a catalog record of a plain-text document in one transaction set,
 * and a retrieved passage located by the words it starts and ends with.
 */
import type { DocumentRecord } from "@lexnav/document-model";
import type { RetrievedPassage } from "@lexnav/retrieval";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import type { EvidenceItem } from "./evidence.ts";
import type { DecisionModel, SentenceRelevance } from "./evidence-decision.ts";
import type { ScoredCandidate } from "./evidence-model.ts";

/** An indexed plain-text document of transaction set "set-1", at version "v1". */
export function documentRecord(
  id: string,
  role: DocumentRecord["role"],
  effectiveDate: string | null,
  fileName: string,
): DocumentRecord {
  return {
    id,
    source: `/x/${fileName}`,
    fileName,
    contentType: "text/plain",
    access: { principals: [], groups: [] },
    lifecycle: "indexed",
    failure: null,
    currentVersion: "v1",
    title: null,
    role,
    effectiveDate,
    transactionSetId: "set-1",
    createdAt: "",
    updatedAt: "",
  };
}

/** The passage of `text` from the first `from` to the next `to` after it (to the end without one). */
export function passageOf(documentId: string, text: string, from: string, to?: string, nodeId = "n"): RetrievedPassage {
  const start = text.indexOf(from);
  const end = to ? text.indexOf(to, start) + to.length : text.length;
  return { documentId, version: "v1", nodeId, start, end, score: 1, tokens: 10, stageScores: [] };
}

/** An evidence item holding all of `text` (offsets from 0) of document `documentId`: a base agreement in no set unless `over` says so. */
export function evidenceItem(documentId: string, text: string, over: Partial<EvidenceItem> = {}): EvidenceItem {
  return {
    id: "E1",
    documentId,
    version: "v1",
    nodeId: "n",
    start: 0,
    end: text.length,
    text,
    docLabel: documentId,
    role: "base_agreement",
    effectiveDate: null,
    transactionSetId: null,
    clauseRef: null,
    ...over,
  };
}

/**
 * An evidence item over one provision of `text`: from the first `from` to the next `to` after it, its node and
 * clause reference `clauseRef`, in transaction set `set`; a base agreement unless `over` says otherwise.
 */
export function clauseItem(
  documentId: string,
  text: string,
  from: string,
  to: string,
  set: string | null,
  clauseRef: string,
  over: Partial<EvidenceItem> = {},
): EvidenceItem {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start) + to.length;
  return evidenceItem(documentId, text.slice(start, end), {
    id: `E-${documentId}-${clauseRef}`,
    nodeId: clauseRef,
    start,
    end,
    transactionSetId: set,
    clauseRef,
    ...over,
  });
}

/**
 * A scored candidate sentence of `item` holding `text`, `at` characters into the item (the item's text is built
 * to hold it): probability 0.1, no coverage, not a heading, unless `over` says otherwise.
 */
export function scoredSentence(
  item: EvidenceItem,
  text: string,
  over: Partial<ScoredCandidate> & { at?: number } = {},
): ScoredCandidate {
  const { at = 0, ...rest } = over;
  return {
    item,
    start: item.start + at,
    end: item.start + at + text.length,
    text,
    rank: 1,
    index: 0,
    coverage: 0,
    familyCoverage: 0,
    words: new Set(),
    heading: [],
    previous: new Set(),
    headingLine: false,
    p: 0.1,
    ...rest,
  };
}

/**
 * The shipped built-in decision model read as fitted on `relevance`, with a bar no calibrated probability
 * reaches: the model alone is always silent, so a test sees only what a rule over the silence does.
 */
export function silentDecision(relevance: string): DecisionModel {
  const builtin = loadDecisionModel(BUILTIN_DECISION_MODEL_PATH);
  return { ...builtin, relevance, rule: { ...builtin.rule, threshold: 0.999 } };
}

/** A stand-in sentence embedder: texts holding `word` are close to the question, the rest far. */
export const nearTo =
  (word: string): SentenceRelevance =>
  async (_q, texts) =>
    texts.map((t) => (t.includes(word) ? 0.6 : 0.2));
