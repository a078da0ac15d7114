/**
 * Test-only helpers: Extractions built without a parser, from plain text (blocks = paragraphs
 * separated by blank lines) or from a 1990s EDGAR `<pre>` filing (tags stripped, `<PAGE>` markers
 * turned into page anchors, `<TABLE>` runs into table blocks with one row per non-blank line).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Block, Extraction, PageAnchor } from "@lexnav/document-model";

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

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', nbsp: " ", apos: "'" };

/** Extraction of an EDGAR `<pre>` filing. */
export function preExtraction(html: string): Extraction {
  let text = "";
  const pages: PageAnchor[] = [];
  const blocks: Block[] = [];
  let tableStart = -1;
  let rows: Block[] = [];
  const tagRe = /<\/?([A-Za-z]+)[^>]*>|&(#\d+|[a-z]+);/g;
  let last = 0;
  let inPre = false;
  for (let m = tagRe.exec(html); m !== null; m = tagRe.exec(html)) {
    if (inPre) text += html.slice(last, m.index);
    last = m.index + m[0].length;
    const tag = m[1]?.toUpperCase();
    if (m[2] !== undefined) {
      if (!inPre) continue;
      const e = m[2];
      text += e.startsWith("#") ? String.fromCharCode(Number(e.slice(1))) : (ENTITIES[e] ?? "");
      continue;
    }
    if (tag === "PRE") inPre = !m[0].startsWith("</");
    else if (tag === "PAGE") {
      const num = /^[ \t]*(\d+)/.exec(html.slice(last));
      if (num !== null) last += num[0].length;
      const prev = pages[pages.length - 1];
      if (prev !== undefined) prev.end = text.length;
      pages.push({ page: pages.length + 1, start: text.length, end: text.length });
    } else if (tag === "TABLE") {
      if (!m[0].startsWith("</")) {
        tableStart = text.length;
        rows = [];
      } else if (tableStart >= 0) {
        const body = text.slice(tableStart);
        const lineRe = /[^\n]*\S[^\n]*/g;
        for (let l = lineRe.exec(body); l !== null; l = lineRe.exec(body)) {
          const s = tableStart + l.index + (l[0].length - l[0].trimStart().length);
          rows.push({ kind: "table_row", start: s, end: tableStart + l.index + l[0].trimEnd().length });
        }
        const first = rows[0];
        const lastRow = rows[rows.length - 1];
        if (first !== undefined && lastRow !== undefined) {
          blocks.push({ kind: "table", start: first.start, end: lastRow.end }, ...rows);
        }
        tableStart = -1;
      }
    }
  }
  const lastPage = pages[pages.length - 1];
  if (lastPage !== undefined) lastPage.end = text.length;
  return { contentType: "text/html", text, blocks, pages, quality: quality(text, pages.length), furniture: [] };
}

export function readCorpus(rel: string): string {
  return readFileSync(join(CORPUS_DIR, rel), "utf8");
}
