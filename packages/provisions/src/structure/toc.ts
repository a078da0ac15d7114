/** Table-of-contents detection: a TOC is listed references, never the body itself. */

import { RE_TOC_ENTRY_TAIL, RE_TOC_REF } from "./line-patterns.ts";
import { articleNumber } from "./numbering.ts";

export interface TocEntryDraft {
  start: number;
  end: number;
  clauseRef: string | null;
  title: string | null;
  /** Normalised key such as "section:1.01", "article:1", "exhibit:A"; null for index lines. */
  key: string | null;
  indent: number;
}

export interface TocDraft {
  start: number;
  end: number;
  entries: TocEntryDraft[];
}

export interface Line {
  /** Offset of the first non-blank character. */
  start: number;
  /** Offset after the last non-blank character. */
  end: number;
  text: string;
  /** Columns of indentation before `start`. */
  indent: number;
}

/** Normalised reference key of a leading TOC reference, with the reference as printed. */
export function parseTocRef(text: string): { ref: string; key: string; rest: string } | null {
  const m = RE_TOC_REF.exec(text);
  if (m === null) return null;
  const ref = m[0].trim().replace(/[ \t]*\|$/, "");
  const rest = text.slice(m[0].length).replace(/^[ \t]*\|/, "");
  if (m[2] !== undefined) {
    const n = articleNumber(m[2]);
    return { ref, key: `article:${n ?? m[2]}`, rest };
  }
  if (m[4] !== undefined) return { ref, key: `section:${m[4]}`, rest };
  if (m[5] !== undefined && m[6] !== undefined) {
    const word = m[5].toLowerCase();
    const kind = word === "annex" ? "annex" : word;
    return { ref, key: `${kind}:${m[6]}`, rest };
  }
  if (m[7] !== undefined) {
    // A bare "1" without a dot is a page number or a count, not a reference.
    if (!m[7].includes(".") && m[8] !== ".") return null;
    return { ref, key: `section:${m[7]}`, rest };
  }
  return null;
}

export function isTocEntryLine(text: string): boolean {
  return RE_TOC_ENTRY_TAIL.test(text) && text.length <= 160;
}

function entryTitle(rest: string): string | null {
  const t = rest
    .replace(RE_TOC_ENTRY_TAIL, "")
    .replace(/[ .…]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  return t.length > 0 ? t : null;
}

/** A prose line: long, sentence-like, not a TOC entry. */
function isProse(text: string): boolean {
  if (isTocEntryLine(text)) return false;
  // "Section 3.01 Representations and Warranties 11 Section 3.02 ... 12": flattened entries.
  if (/[ \t]\d{1,3}$/.test(text) && parseTocRef(text) !== null) return false;
  const words = text.split(/\s+/).filter((w) => /^[a-z]/.test(w)).length;
  return text.length >= 50 && words >= 5;
}

function entriesFollow(lines: Line[], from: number): boolean {
  let seen = 0;
  for (let j = from; j < lines.length && seen < 8; j++) {
    const t = (lines[j] as Line).text;
    if (t.length === 0) continue;
    seen++;
    if (isTocEntryLine(t)) return true;
  }
  return false;
}

/**
 * Reads a TOC from `lines[from]` on. `from` is the heading line, or (when `headed` is false) the
 * first entry of a dense run of entries. Returns null when fewer than three entries were found:
 * an unsure TOC is left to the body.
 */
export function readToc(lines: Line[], from: number, headed: boolean): { toc: TocDraft; next: number } | null {
  const entries: TocEntryDraft[] = [];
  const seen = new Set<string>();
  let i = headed ? from + 1 : from;
  let lastEnd = headed ? (lines[from] as Line).end : -1;
  let quiet = 0;
  let prevEndsWithPage = true;
  for (; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (line.text.length === 0) continue;
    const parsed = parseTocRef(line.text);
    const entryLike = isTocEntryLine(line.text);
    if (parsed !== null && seen.has(parsed.key) && !entryLike) break; // the body repeats a listed ref
    // Prose ends the TOC unless more entries follow shortly (a footnote between TOC pages).
    if (isProse(line.text) && !entriesFollow(lines, i + 1)) break;
    if (parsed !== null || entryLike) {
      const prevEntry = entries[entries.length - 1];
      if (parsed === null && !prevEndsWithPage && prevEntry !== undefined && line.indent > prevEntry.indent) {
        // Wrapped title of the previous entry.
        const prev = entries[entries.length - 1] as TocEntryDraft;
        prev.end = line.end;
        const more = entryTitle(line.text);
        if (more !== null) prev.title = prev.title === null ? more : `${prev.title} ${more}`;
      } else {
        const title = entryTitle(parsed === null ? line.text : parsed.rest);
        if (parsed !== null) seen.add(parsed.key);
        entries.push({
          start: line.start,
          end: line.end,
          clauseRef: parsed?.ref ?? null,
          title: parsed === null && title !== null ? title.replace(/,\s*$/, "") : title,
          key: parsed?.key ?? null,
          indent: line.indent,
        });
      }
      prevEndsWithPage = entryLike;
      lastEnd = line.end;
      quiet = 0;
      continue;
    }
    // Headings inside the TOC ("EXHIBITS", "Page", roman page numbers) are tolerated for a while.
    if (++quiet > 12 || line.text.length > 100) break;
  }
  const withRef = entries.filter((e) => e.key !== null).length;
  if (withRef < 3) return null;
  // Lines after the last entry belong to whatever follows.
  let next = i;
  while (next > from && (lines[next - 1] as Line).start >= lastEnd) next--;
  const first = lines[from] as Line;
  return { toc: { start: first.start, end: lastEnd, entries }, next };
}
