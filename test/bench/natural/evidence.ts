/**
 * Where the natural-question bench's gold evidence sits in a file: whitespace-folded matching, and
 * lexnav's extracted text for EDGAR HTML (the text an EDGAR quote must be found in).
 */
import { readFileSync } from "node:fs";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { corpusPath } from "../../support/shared.ts";

/** Whitespace runs folded to single spaces (leading whitespace dropped), with each folded character's offset in the original. */
export function fold(text: string): { folded: string; map: number[] } {
  let folded = "";
  const map: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      if (!inSpace && folded.length > 0) {
        folded += " ";
        map.push(i);
      }
      inSpace = true;
    } else {
      folded += c;
      map.push(i);
      inSpace = false;
    }
  }
  return { folded, map };
}

export function foldQuote(quote: string): string {
  return quote.replace(/\s+/g, " ").trim();
}

/** Every [start, end) place of a quote in the text, matching with whitespace folded on both sides. */
export function findAll(text: string, quote: string): Array<[number, number]> {
  const { folded, map } = fold(text);
  const q = foldQuote(quote);
  const out: Array<[number, number]> = [];
  if (q.length === 0) return out;
  let from = 0;
  for (;;) {
    const at = folded.indexOf(q, from);
    if (at < 0) break;
    out.push([map[at]!, map[at + q.length - 1]! + 1]);
    from = at + 1;
  }
  return out;
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
