import { type Block, CONTENT_TYPES, type Extraction, type PageAnchor } from "@lexnav/document-model";
import type { ExtractOutcome, ParseInput, Parser } from "../parser.ts";

/** Share of control bytes (besides tab, newline, CR, VT, form feed) above which a file is binary. */
const MAX_CONTROL_SHARE = 0.02;

/**
 * Plain-text parser. The extracted text is the file's text (UTF-8, a BOM kept) with one change that
 * keeps every offset: a lone CR (a classic Mac line end) becomes LF, one character for one, so CR,
 * CRLF and LF are all line ends to every later stage and offsets into the text are offsets into the
 * file as read. Blocks are paragraphs
 * separated by blank lines; a form feed starts a new page and gets a `page_break` block.
 */
export function createTxtParser(): Parser {
  return {
    contentType: CONTENT_TYPES.txt,
    async parse(input: ParseInput): Promise<ExtractOutcome> {
      return parseText(input);
    },
  };
}

function fail(
  code: "invalid_encoding" | "corrupt" | "too_large" | "empty",
  fileName: string,
  why: string,
): ExtractOutcome {
  return { ok: false, error: { code, reason: `${fileName}: ${why}` } };
}

function parseText({ bytes, fileName, limits }: ParseInput): ExtractOutcome {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return fail("invalid_encoding", fileName, "UTF-16 text is not supported; save the file as UTF-8");
  }
  const utf16 = utf16WithoutBom(bytes);
  if (utf16)
    return fail(
      "invalid_encoding",
      fileName,
      `${utf16} text without a byte order mark is not supported; save the file as UTF-8`,
    );
  const binary = binaryEvidence(bytes);
  if (binary) return fail("corrupt", fileName, `binary content, not text (${binary})`);

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    return fail(
      "invalid_encoding",
      fileName,
      `invalid UTF-8 at byte offset ${at} (byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, "0")}); save the file as UTF-8`,
    );
  }

  text = lineEndsAsLf(text);

  const long = longestLine(text);
  if (long.length > limits.maxLineChars) {
    return fail(
      "too_large",
      fileName,
      `line ${long.line} is ${long.length.toLocaleString("en-US")} characters long (limit ${limits.maxLineChars.toLocaleString("en-US")} per line, LEXNAV_MAX_LINE_CHARS)`,
    );
  }

  const { blocks, pages } = layout(text);
  if (blocks.every((b) => b.kind === "page_break")) return fail("empty", fileName, "the file contains no text");

  const extraction: Extraction = {
    contentType: CONTENT_TYPES.txt,
    text,
    blocks,
    pages,
    quality: { status: "ok", issues: [], pageCount: pages.length, charCount: text.length },
    furniture: [],
  };
  return { ok: true, value: extraction };
}

/**
 * "UTF-16LE" or "UTF-16BE" when the bytes look like UTF-16 without a BOM: in mostly-Latin text every
 * other byte is NUL, on one side only. Read as UTF-8 it would be NUL-riddled text, not a document.
 */
function utf16WithoutBom(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 16) return null; // too few pairs to tell UTF-16 from binary
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul >= pairs * 0.4 && evenNul <= pairs * 0.05) return "UTF-16LE";
  if (evenNul >= pairs * 0.4 && oddNul <= pairs * 0.05) return "UTF-16BE";
  return null;
}

/** A reason when the bytes are not text: any NUL byte, or too many control bytes. */
function binaryEvidence(bytes: Uint8Array): string | null {
  let control = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b >= 0x20 && b !== 0x7f) continue;
    if (b === 0) return `NUL byte at offset ${i}`;
    if (b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x0b) control++;
  }
  if (control > 16 && control > bytes.length * MAX_CONTROL_SHARE) {
    return `${control.toLocaleString("en-US")} control bytes in ${bytes.length.toLocaleString("en-US")}`;
  }
  return null;
}

/** Byte offset of the first byte that breaks UTF-8 (only called once the strict decoder refused). */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    if (i + need > b.length - 1) return i;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const cc = b[i + k];
      if (cc === undefined || (cc & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return b.length;
}

/** Lone CRs as LF; CRLF is left alone (its LF already ends the line). Length-preserving. */
function lineEndsAsLf(text: string): string {
  return text.includes("\r") ? text.replace(/\r(?!\n)/g, "\n") : text;
}

function longestLine(text: string): { line: number; length: number } {
  let best = { line: 1, length: 0 };
  let start = 0;
  let line = 1;
  for (;;) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    if (end - start > best.length) best = { line, length: end - start };
    if (nl < 0) return best;
    start = nl + 1;
    line++;
  }
}

function isSpace(c: number): boolean {
  return (
    c <= 0x20 ||
    c === 0xa0 ||
    c === 0xfeff ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x3000
  );
}

/**
 * Paragraph blocks (runs of non-blank lines, span trimmed of surrounding space) and pages split at
 * form feeds. A text with no blank line at all (one paragraph per line, as in ContractNLI) gets a
 * block per line instead of one block for the whole document.
 */
function layout(text: string): { blocks: Block[]; pages: PageAnchor[] } {
  const linePerParagraph = !/\n[^\S\n]*\n/.test(text);
  const blocks: Block[] = [];
  const pages: PageAnchor[] = [];
  let page = 1;
  let pageStart = 0;
  // Current paragraph: first and last non-space positions seen since the last separator.
  let first = -1;
  let last = -1;
  const flush = () => {
    if (first >= 0) blocks.push({ kind: "paragraph", start: first, end: last + 1, page });
    first = -1;
    last = -1;
  };
  // A line is blank when it has no non-space character; track whether the current line has one.
  let lineHasText = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      if (!lineHasText || linePerParagraph) flush();
      lineHasText = false;
    } else if (c === 0x0c) {
      flush();
      pages.push({ page, start: pageStart, end: i });
      page++;
      pageStart = i;
      blocks.push({ kind: "page_break", start: i, end: i + 1, page });
      lineHasText = false;
    } else if (!isSpace(c)) {
      if (first < 0) first = i;
      last = i;
      lineHasText = true;
    }
  }
  flush();
  pages.push({ page, start: pageStart, end: text.length });
  return { blocks, pages };
}
