/** A line that is only a page number ("7", "- 7 -", "Page 7 of 9", "vii"): never a heading. */
export const PAGE_NUMBER_LINE = /^[-–—\s]*(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|\/)\s*\d{1,4})?[-–—\s]*$/i;

/** Longest single line still taken for a heading by the layout heuristics. */
export const MAX_HEADING_CHARS = 100;

/**
 * True when a one-line block looks like a heading by its letters alone: short, not a page number,
 * with at least three letters all in capitals ("ARTICLE V", "CREDIT AGREEMENT").
 */
export function looksLikeCapsHeading(line: string): boolean {
  const t = line.trim();
  if (t === "" || t.includes("\n") || t.length > MAX_HEADING_CHARS || PAGE_NUMBER_LINE.test(t)) return false;
  const letters = t.replace(/[^\p{L}]/gu, "");
  return letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/**
 * True when a short emphasised or centred line can be a heading: after an optional enumerator
 * ("(d)", "7.") it starts with a capital, and it does not end mid-sentence (",", ";").
 */
export function plausibleHeading(line: string): boolean {
  const t = line.trim();
  if (t === "" || t.length > MAX_HEADING_CHARS || PAGE_NUMBER_LINE.test(t) || /[,;:]$/.test(t)) return false;
  const body = t.replace(/^\(?[0-9a-z]{1,4}[.)]+\s*/i, "");
  const first = /\p{L}/u.exec(body)?.[0];
  return first !== undefined && first === first.toUpperCase() && first !== first.toLowerCase();
}
