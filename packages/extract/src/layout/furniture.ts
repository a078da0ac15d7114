import type { Extraction, PageAnchor } from "@lexnav/document-model";
import { PAGE_NUMBER_LINE as PAGE_NUMBER } from "./headings.ts";

export type FurnitureSpan = Extraction["furniture"][number];

/** How many non-empty lines at the top and bottom of a page can be headers or footers. */
const ZONE_LINES = 3;

interface Line {
  start: number;
  end: number;
  key: string;
}

/** Masks digits and case so "Page 3 of 40" and "Page 4 of 40" are the same line. */
export function normaliseFurnitureLine(line: string): string {
  return line.trim().replace(/\s+/g, " ").replace(/\d+/g, "#").toLowerCase();
}

function pageLines(text: string, page: PageAnchor): Line[] {
  const lines: Line[] = [];
  let pos = page.start;
  while (pos < page.end) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0 || nl > page.end) nl = page.end;
    const raw = text.slice(pos, nl);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== "") {
      const start = pos + lead;
      lines.push({ start, end: start + trimmed.length, key: normaliseFurnitureLine(trimmed) });
    }
    pos = nl + 1;
  }
  return lines;
}

/**
 * Finds running headers and footers: a line (digits masked) that recurs among the first or last
 * few lines of many pages, and bare page numbers there. The spans stay in the text (offsets must
 * stay honest); callers exclude them from provisions. Needs at least two pages.
 */
export function detectFurniture(text: string, pages: PageAnchor[]): FurnitureSpan[] {
  if (pages.length < 2) return [];
  const perPage = pages.map((p) => {
    const lines = pageLines(text, p);
    const top = lines.slice(0, Math.min(ZONE_LINES, Math.ceil(lines.length / 2)));
    const bottom = lines.slice(Math.max(top.length, lines.length - ZONE_LINES));
    return { top, bottom };
  });
  const count = (zone: "top" | "bottom"): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const p of perPage) {
      for (const key of new Set(p[zone].map((l) => l.key))) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  const topCounts = count("top");
  const bottomCounts = count("bottom");
  const minPages = Math.max(2, Math.ceil(pages.length * 0.3));
  const out: FurnitureSpan[] = [];
  for (const p of perPage) {
    for (const [zone, lines, counts] of [
      ["header", p.top, topCounts],
      ["footer", p.bottom, bottomCounts],
    ] as const) {
      for (const line of lines) {
        const raw = text.slice(line.start, line.end);
        if (PAGE_NUMBER.test(raw)) out.push({ start: line.start, end: line.end, kind: "page_number" });
        else if (line.key.length >= 3 && (counts.get(line.key) ?? 0) >= minPages)
          out.push({ start: line.start, end: line.end, kind: zone });
      }
    }
  }
  out.sort((a, b) => a.start - b.start);
  return out.filter((s, i) => i === 0 || s.start !== out[i - 1]?.start);
}
