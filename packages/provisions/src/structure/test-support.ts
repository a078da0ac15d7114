/**
 * Test and benchmark helpers: where the shared corpus is, and an Extraction of plain text built
 * without a parser (blocks = paragraphs separated by blank lines), as the txt parser makes them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Block, Extraction } from "@lexnav/document-model";

export const SHARED_DIR = process.env.LEXNAV_SHARED_DIR ?? join(import.meta.dirname, "../../../../../shared");
export const CORPUS_DIR = join(SHARED_DIR, "corpus");

function quality(text: string, pageCount: number): Extraction["quality"] {
  return { status: "ok", issues: [], pageCount, charCount: text.length };
}

/** Extraction of a plain-text document: paragraph blocks between blank lines. */
export function textExtraction(text: string): Extraction {
  const blocks: Block[] = [];
  const re = /\S[\s\S]*?(?=\n[ \t]*\n|\s*$)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    blocks.push({ kind: "paragraph", start: m.index, end: m.index + m[0].length });
    if (m[0].length === 0) re.lastIndex++;
  }
  return { contentType: "text/plain", text, blocks, pages: [], quality: quality(text, 0), furniture: [] };
}

export function readCorpus(rel: string): string {
  return readFileSync(join(CORPUS_DIR, rel), "utf8");
}
