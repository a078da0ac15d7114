/** Helpers the draft files of the natural-question bench are written with. */
import type { QuestionType } from "./evidence.ts";

export type Deals = Record<string, string[]>;
export type DraftSnippet = { file: string; quote: string; nth?: number };
export type DraftQuestion = {
  type: QuestionType;
  query: string;
  reference_answer: string;
  snippets: DraftSnippet[];
};
export type DraftTest = DraftQuestion & { query_id: string; deal: string };

export const NOT_IN_DOCUMENTS = "The documents do not say.";

export function s(file: string, quote: string, nth?: number): DraftSnippet {
  return nth === undefined ? { file, quote } : { file, quote, nth };
}

export function q(
  type: QuestionType,
  query: string,
  reference_answer: string,
  ...snippets: DraftSnippet[]
): DraftQuestion {
  return { type, query, reference_answer, snippets };
}

export function nid(query: string): DraftQuestion {
  return { type: "not-in-documents", query, reference_answer: NOT_IN_DOCUMENTS, snippets: [] };
}

/** Numbers a deal's questions: `<prefix>-01`, `<prefix>-02`, ... */
export function d(deal: string, prefix: string, questions: DraftQuestion[]): DraftTest[] {
  return questions.map((x, i) => ({ ...x, query_id: `${prefix}-${String(i + 1).padStart(2, "0")}`, deal }));
}
