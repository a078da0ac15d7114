/**
 * Where the natural-question bench's gold evidence sits in a file: lexnav's extracted text for EDGAR HTML
 * (the text an EDGAR quote must be found in). Quotes are located with the evaluator's `locateQuote`.
 */
import { readFileSync } from "node:fs";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { corpusPath } from "../../support/shared.ts";

/** A quote as the bench stores it: whitespace runs folded to single spaces, trimmed (the evaluator's `locateQuote` matches it so). */
export function foldQuote(quote: string): string {
  return quote.replace(/\s+/g, " ").trim();
}

const extracted = new Map<string, string>();

/** lexnav's extracted text of a corpus file (path relative to corpus/), as the product ingests it. */
export async function extractedText(file: string): Promise<string> {
  const hit = extracted.get(file);
  if (hit !== undefined) return hit;
  const bytes = new Uint8Array(readFileSync(corpusPath(file)));
  const outcome = await extractDocument({ bytes, fileName: file.split("/").pop()!, limits: DEFAULT_LIMITS });
  if (!outcome.ok) throw new Error(`${file}: ${outcome.error.reason}`);
  extracted.set(file, outcome.value.text);
  return outcome.value.text;
}

export const TYPES = [
  "fact",
  "definition",
  "cross-reference",
  "amendment-precedence",
  "multi-document",
  "not-in-documents",
] as const;
export type QuestionType = (typeof TYPES)[number];

export type BenchSnippet =
  | { file_path: string; span: [number, number]; answer: string }
  | { file_path: string; quote: string };
export type BenchTest = {
  query_id: string;
  query: string;
  doc?: string;
  type: QuestionType;
  scope: { deal: string; files: string[] };
  reference_answer: string;
  snippets: BenchSnippet[];
};
