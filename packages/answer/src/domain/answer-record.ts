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
  evidence: Array<{ documentId: string; version: string; nodeId: string; start: number; end: number }>;
  contextTokens: number;
  answer: string;
  abstained: boolean;
  abstainReason: string | null;
  citations: Citation[];
  precedence: string[];
  /** Claims dropped because their citations did not verify. */
  unsupported: number;
  /** Notes such as instruction-like text found in the evidence or invented planner ids. */
  warnings: string[];
  ledger: TokenLedger;
}

/** Where answer records live. */
export interface AnswerStore {
  put(record: AnswerRecord): void;
  get(id: string): AnswerRecord | null;
  /** Newest first. */
  list(limit: number): Array<Pick<AnswerRecord, "id" | "createdAt" | "question" | "mode" | "abstained">>;
}
