/**
 * Image filings with a hidden text layer. Some EDGAR exhibits (Workiva's scanned "slide" pages) show
 * each page as an image and put its OCR text in a 1pt white font under it, one element per page. HTML
 * collapses the layer's whitespace, so the page reads as one line; but the OCR ends each printed line
 * with two or more spaces. This module reads those gaps back as line ends where the page breaks a line
 * for a reason (a heading, a legend, a document-management number, a new sentence or clause) and as a
 * space where a sentence merely wraps, so titles and headings stand on lines of their own.
 */

/** True when an element's CSS draws invisible text: a font of 2pt or less in white. */
export function isTextLayerStyle(css: string): boolean {
  const size = /font-size\s*:\s*(\d*\.?\d+)\s*(pt|px)/i.exec(css);
  if (!size || Number(size[1]) > 2) return false;
  return /(?:^|;)\s*color\s*:\s*(?:white|#fff(?:fff)?|rgb\(\s*255\s*,\s*255\s*,\s*255\s*\))\s*(?:;|$)/i.test(css);
}

const ENDS_SENTENCE = /[.:;!?]["”’)]*$/;
/**
 * A clause label or heading word at the start of a line: "1.", "6.7 Consent", "(a)", "(iv)", "Section 2",
 * "ARTICLE".
 */
const NUMBERED =
  /^(?:\(?\d{1,3}(?:\.\d{1,3})*[.)]\s|\d{1,3}(?:\.\d{1,3})+\s+\p{Lu}|\([a-z]{1,2}\)\s|\([ivxl]{1,5}\)\s|(?:Section|SECTION|ARTICLE|Article)\s+\S)/u;
const hasLetters = (s: string) => /\p{L}/u.test(s);
const capitals = (s: string) => hasLetters(s) && !/\p{Ll}/u.test(s);
/** A page number or document-management number: "7", "US-DOCS\137586123.7", "CAN_DMS: \149647507\7". */
const reference = (s: string) => /^(?:[A-Z][A-Z_-]*:\s*)?[^\s]*\d[^\s]*$/.test(s);

/** Whether the OCR line `a` ends a printed line of its own before `b` (else `b` continues it). */
function breaksBefore(a: string, b: string): boolean {
  if (!hasLetters(a) || !hasLetters(b) || reference(a) || reference(b)) return true;
  // an all-capitals legend or title wraps over lines like any sentence
  if (capitals(a) && capitals(b)) return ENDS_SENTENCE.test(a);
  if (capitals(a) || capitals(b)) return true;
  if (NUMBERED.test(b)) return true;
  return ENDS_SENTENCE.test(a) && /^["“(]?\p{Lu}/u.test(b);
}

/**
 * The text of a hidden text layer with its printed lines back: runs of two or more spaces (and
 * newlines) are OCR line ends; each becomes "\n" where the line stands alone and " " where a
 * sentence wraps. Single spaces are kept; no character of the text is lost or reordered.
 */
export function recoverTextLayerLines(raw: string): string {
  const lines = raw
    .split(/ {2,}|\s*\n\s*/)
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter((l) => l !== "");
  let out = lines[0] ?? "";
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1] as string;
    const line = lines[i] as string;
    out += (breaksBefore(prev, line) ? "\n" : " ") + line;
  }
  return out;
}
