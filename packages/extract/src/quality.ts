import type { ContentType, PageAnchor, QualityIssue, QualityReport } from "@lexnav/document-model";

export interface QualityInput {
  text: string;
  pages: PageAnchor[];
  contentType: ContentType;
  furniture?: Array<{ start: number; end: number; kind: "header" | "footer" | "page_number" }>;
}

/** A page with fewer content characters than this (and a document that is otherwise dense) is near-empty. */
const NEAR_EMPTY_CHARS = 50;
/** Median content characters per page below which page-level checks say nothing (sparse documents). */
const DENSE_MEDIAN = 200;
/** Average content characters per page below which the document is "low text". */
const LOW_TEXT_PER_PAGE = 100;
/** Share of empty or near-empty pages above which they degrade the document. */
const MANY_EMPTY_SHARE = 0.2;
/** A page below this share of the median counts toward a text-loss run. */
const LOSS_SHARE = 0.2;
/** Consecutive low pages, after a normal page, that make a text-loss run. */
const LOSS_RUN = 3;

/** UTF-8 read as Windows-1252/Latin-1 ("â€™", "Ã©", "Â "), replacement characters, C1 controls. */
const MOJIBAKE =
  /â€[\u0080-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013-\u203a\u2122]|Ã[\u0080-\u00bf\u0152-\u0192\u2013-\u2122]|Â[\u0080-\u00bf]|\ufffd|[\u0080-\u009f]/g;
/** Ligature glyphs left as presentation forms ("ﬁ" for "fi"): search for "financial" misses them. */
const LIGATURE_GLYPH = /[\ufb00-\ufb06]/g;
/** Private-use glyphs: a few are symbol-font checkboxes; many mean a font with no Unicode mapping. */
const PRIVATE_USE = /[\ue000-\uf8ff]/g;
/** Share of private-use characters above which the text layer itself is suspect. */
const PRIVATE_USE_SHARE = 0.01;
/** Common contract words with their fi/fl/ff ligature lost ("de ned", "signi cant", "o cer"). */
const LOST_LIGATURE =
  /\b(?:de ?ned|de ?nitions?|signi ?cant(?:ly)?|noti ?cations?|modi ?cations?|speci ?c(?:ally)?|bene ?ts?|con ?dential(?:ity)?|o ?cers?|e ?ective(?:ness)?|su ?cient|a ?liates?|certi ?cates?|identi ?ed|con ?icts?)\b/g;

function countMatches(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n += 1;
  return n;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Non-whitespace characters of `[start, end)` that are not page furniture. */
function contentChars(text: string, start: number, end: number, furniture: QualityInput["furniture"]): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 12 && c !== 0xa0) n += 1;
  }
  for (const f of furniture ?? []) {
    const s = Math.max(start, f.start);
    const e = Math.min(end, f.end);
    if (e > s) n -= text.slice(s, e).replace(/\s/g, "").length;
  }
  return n;
}

function pageOf(pages: PageAnchor[], offset: number): number | undefined {
  return pages.find((p) => offset >= p.start && offset < p.end)?.page;
}

function listPages(pages: number[]): string {
  return pages.length <= 8 ? pages.join(", ") : `${pages.slice(0, 8).join(", ")} and ${pages.length - 8} more`;
}

/**
 * Checks extracted text for signs of a bad extraction: no or too little text, empty or near-empty
 * pages, repeated headers and footers (from `furniture`), mojibake and broken ligatures, and abrupt
 * loss of text across a run of pages. `status` is "failed" on any fatal issue (no text at all),
 * "degraded" on any degraded issue, else "ok". Pure: it never throws and reads nothing else.
 */
export function assessQuality(input: QualityInput): QualityReport {
  const { text, pages, contentType, furniture } = input;
  const issues: QualityIssue[] = [];
  const pageCount = pages.length;
  const perPage = pages.map((p) => contentChars(text, p.start, p.end, furniture));
  const total = pageCount > 0 ? perPage.reduce((a, b) => a + b, 0) : contentChars(text, 0, text.length, furniture);

  if (text.trim() === "") {
    issues.push({
      code: "low_text",
      severity: "fatal",
      message: contentType === "application/pdf" ? "no text layer (scanned?)" : "no text",
    });
    return { status: "failed", issues, pageCount, charCount: text.length };
  }
  if (pageCount > 0 && total / pageCount < LOW_TEXT_PER_PAGE) {
    issues.push({
      code: "low_text",
      severity: "degraded",
      message: `only ${Math.round(total / pageCount)} characters of text per page on average${contentType === "application/pdf" ? " (partly scanned?)" : ""}`,
    });
  }

  const med = median(perPage);
  // Only a PDF can lose text that is there on paper (missing fonts, images of text); in HTML, docx
  // or txt a thin page is the document's own (a cover, an exhibit placeholder), so it is only noted.
  const canLose = contentType === "application/pdf";
  if (pageCount >= 2 && med >= DENSE_MEDIAN) {
    const empty = pages.filter((_, i) => perPage[i] === 0).map((p) => p.page);
    const near = pages
      .filter((_, i) => (perPage[i] ?? 0) > 0 && (perPage[i] ?? 0) < NEAR_EMPTY_CHARS)
      .map((p) => p.page);
    const many = (empty.length + near.length) / pageCount > MANY_EMPTY_SHARE;
    const severity = canLose && many ? "degraded" : "info";
    if (empty.length > 0)
      issues.push({ code: "empty_page", severity, pages: empty, message: `no text on page(s) ${listPages(empty)}` });
    if (near.length > 0)
      issues.push({
        code: "near_empty_page",
        severity,
        pages: near,
        message: `fewer than ${NEAR_EMPTY_CHARS} characters on page(s) ${listPages(near)}`,
      });

    // A run of starved pages after normal ones: lost fonts, images of text, a truncated stream.
    const loss: number[] = [];
    let run: number[] = [];
    let seenNormal = false;
    const closeRun = (): void => {
      if (seenNormal && run.length >= LOSS_RUN) for (const page of run) loss.push(page);
      run = [];
    };
    pages.forEach((p, i) => {
      const n = perPage[i] ?? 0;
      if (n < med * LOSS_SHARE) run.push(p.page);
      else {
        closeRun();
        if (n >= med * 0.5) seenNormal = true;
      }
    });
    closeRun();
    if (loss.length > 0)
      issues.push({
        code: "text_loss",
        severity: canLose && loss.length >= Math.max(LOSS_RUN, pageCount * MANY_EMPTY_SHARE) ? "degraded" : "info",
        pages: loss,
        message: `text drops to under ${Math.round(LOSS_SHARE * 100)}% of the median page on page(s) ${listPages(loss)}`,
      });
  }

  if (furniture && furniture.length > 0) {
    const byKind = (kinds: string[]): number[] => [
      ...new Set(furniture.filter((f) => kinds.includes(f.kind)).flatMap((f) => pageOf(pages, f.start) ?? [])),
    ];
    const headerPages = byKind(["header"]);
    const footerPages = byKind(["footer", "page_number"]);
    if (headerPages.length > 0)
      issues.push({
        code: "repeated_header",
        severity: "info",
        pages: headerPages,
        message: `running header on ${headerPages.length} page(s), kept in the text and marked as furniture`,
      });
    if (footerPages.length > 0)
      issues.push({
        code: "repeated_footer",
        severity: "info",
        pages: footerPages,
        message: `running footer or page number on ${footerPages.length} page(s), kept in the text and marked as furniture`,
      });
  }

  // Many, or several at a high rate per 10,000 characters: one stray symbol is only noted.
  const per10k = (n: number): number => (n * 10_000) / Math.max(text.length, 1);
  const serious = (n: number): boolean => n >= 5 || (n >= 2 && per10k(n) >= 1);
  const mojibake = countMatches(text, MOJIBAKE);
  if (mojibake > 0)
    issues.push({
      code: "mojibake",
      severity: serious(mojibake) ? "degraded" : "info",
      message: `${mojibake} suspicious character sequence(s) (mis-decoded UTF-8 such as "â€™", or U+FFFD)`,
    });
  const glyphs = countMatches(text, LIGATURE_GLYPH);
  const lost = countMatches(text, LOST_LIGATURE);
  const privateUse = countMatches(text, PRIVATE_USE);
  if (glyphs + lost + privateUse > 0) {
    const badLigatures = serious(glyphs + lost);
    const badPrivate = privateUse / Math.max(text.length, 1) > PRIVATE_USE_SHARE;
    issues.push({
      code: "broken_ligature",
      severity: badLigatures || badPrivate ? "degraded" : "info",
      message: `${glyphs} ligature glyph(s), ${lost} word(s) with a lost fi/fl/ff ligature, ${privateUse} private-use glyph(s)`,
    });
  }

  const status = issues.some((i) => i.severity === "fatal")
    ? "failed"
    : issues.some((i) => i.severity === "degraded")
      ? "degraded"
      : "ok";
  return { status, issues, pageCount, charCount: text.length };
}
