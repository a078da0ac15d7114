import type { EvidenceItem } from "./evidence.ts";

/** A stretch of one stored version that an amendment replaced or deleted. */
export interface EditedSpan {
  documentId: string;
  version: string;
  start: number;
  end: number;
}

/**
 * Cuts each item that holds an edited span and more besides (one definition of several inline in one
 * paragraph) at that span's edges, so the edited stretch is an item of its own, which the extract can
 * mark superseded, while the rest of the passage stays in force. A piece of whitespace only is dropped.
 * Items are relabelled E1, E2, … in order when any was cut. Returns whether any was.
 */
export function splitAtEditedSpans(items: EvidenceItem[], spans: readonly EditedSpan[]): boolean {
  let cut = false;
  const out: EvidenceItem[] = [];
  for (const item of items) {
    const inside = spans
      .filter(
        (s) =>
          s.documentId === item.documentId &&
          s.version === item.version &&
          item.start <= s.start &&
          s.end <= item.end &&
          (item.start < s.start || s.end < item.end),
      )
      .sort((a, b) => a.start - b.start);
    if (inside.length === 0) {
      out.push(item);
      continue;
    }
    const edges = [item.start];
    for (const s of inside) {
      if (s.start < (edges[edges.length - 1] as number)) continue; // overlapping spans: the first is kept
      edges.push(s.start, s.end);
    }
    edges.push(item.end);
    for (let i = 0; i + 1 < edges.length; i++) {
      const start = edges[i] as number;
      const end = edges[i + 1] as number;
      const text = item.text.slice(start - item.start, end - item.start);
      if (text.trim() === "") continue;
      out.push({ ...item, start, end, text });
    }
    cut = true;
  }
  if (!cut) return false;
  items.splice(0, items.length, ...out);
  items.forEach((item, i) => {
    item.id = `E${i + 1}`;
  });
  return true;
}
