/** One positioned run of text on a PDF page (a pdfjs text item, reduced to what layout needs). */
export interface PositionedText {
  str: string;
  /** Baseline origin in PDF user space (y grows upward). */
  x: number;
  y: number;
  width: number;
  /** Font size in user-space units. */
  size: number;
}

/** A line of a page: its text in reading order and its baseline. */
export interface PageLine {
  text: string;
  y: number;
  size: number;
}

/** Two items are on one line when their baselines differ by less than this share of the font size. */
const SAME_LINE = 0.5;
/** A horizontal gap wider than this share of the font size is a space between words. */
const WORD_GAP = 0.15;
/** Runs overlapping by more than this share of the font size are separate words. */
const OVERLAP = 0.3;
/** A vertical step wider than this multiple of the page's usual line spacing starts a paragraph. */
const PARAGRAPH_GAP = 1.35;

const LIGATURES: Record<string, string> = {
  "\ufb00": "ff",
  "\ufb01": "fi",
  "\ufb02": "fl",
  "\ufb03": "ffi",
  "\ufb04": "ffl",
  "\ufb05": "st",
  "\ufb06": "st",
};

/** Expands ligature glyphs so "ﬁnancial" is searchable as "financial". */
export function expandLigatures(s: string): string {
  return s.replace(/[\ufb00-\ufb06]/g, (c) => LIGATURES[c] ?? c);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Groups a page's text items into lines: by baseline (within half a font size), top to bottom,
 * then left to right, with a space wherever the gap between items is wider than a sliver of the
 * font size or the PDF drew an explicit space. Text drawn twice at the same spot (fake bold) is kept once.
 */
export function groupLines(items: PositionedText[]): PageLine[] {
  const sorted = items.filter((i) => i.str !== "").sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PositionedText[][] = [];
  let current: PositionedText[] = [];
  let refY = Number.NaN;
  let refSize = 0;
  for (const item of sorted) {
    const tol = SAME_LINE * Math.max(1, Math.min(refSize || item.size, item.size));
    if (current.length > 0 && Math.abs(refY - item.y) <= tol) current.push(item);
    else {
      if (current.length > 0) groups.push(current);
      current = [item];
      refY = item.y;
      refSize = item.size;
    }
  }
  if (current.length > 0) groups.push(current);

  const lines: PageLine[] = [];
  for (const group of groups) {
    group.sort((a, b) => a.x - b.x);
    let text = "";
    let prev: PositionedText | undefined;
    let pendingSpace = false;
    let size = 0;
    for (const item of group) {
      if (item.str.trim() === "") {
        pendingSpace = true;
        continue;
      }
      if (prev && item.str === prev.str && Math.abs(item.x - prev.x) < item.size * 0.3) continue;
      size = Math.max(size, item.size);
      if (prev) {
        const gap = item.x - (prev.x + prev.width);
        const spaced = /\s$/.test(text) || /^\s/.test(item.str);
        // A clear overlap means the font's widths are wrong and the runs were placed one by one:
        // separate words (seen in filings whose fonts lack width tables).
        const em = Math.max(item.size, 1);
        if (!spaced && (pendingSpace || gap > WORD_GAP * em || gap < -OVERLAP * em)) text += " ";
      }
      text += item.str;
      prev = item;
      pendingSpace = false;
    }
    const clean = expandLigatures(text)
      .replace(/[ \t]+$/, "")
      .replace(/^[ \t]+/, "");
    if (clean !== "") lines.push({ text: clean, y: group[0]?.y ?? 0, size: size || 10 });
  }
  return lines;
}

/** Splits a page's lines into paragraphs where the vertical step is clearly wider than usual. */
export function groupParagraphs(lines: PageLine[]): string[][] {
  // The usual line spacing: the median of steps that look like line-to-line steps (within two font
  // sizes); on a sparse page with none, 1.2 × the font size.
  const size = median(lines.map((l) => l.size)) || 10;
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const step = (lines[i - 1]?.y ?? 0) - (lines[i]?.y ?? 0);
    if (step > 0 && step <= 2 * size) steps.push(step);
  }
  const usual = Math.max(steps.length > 0 ? median(steps) : size * 1.2, size * 0.8);
  const paragraphs: string[][] = [];
  let current: string[] = [];
  lines.forEach((line, i) => {
    const prev = lines[i - 1];
    if (prev && prev.y - line.y > usual * PARAGRAPH_GAP && current.length > 0) {
      paragraphs.push(current);
      current = [];
    }
    current.push(line.text);
  });
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}
