import { CONTENT_TYPES, type ContentType } from "@lexnav/document-model";
import type { ExtractFailure } from "./parser.ts";
import { inspectZip, looksLikeZip } from "./parsers/zip-inspect.ts";

export type ContentTypeDetection = { ok: true; contentType: ContentType } | { ok: false; error: ExtractFailure };

const BY_EXTENSION: Record<string, ContentType> = {
  txt: CONTENT_TYPES.txt,
  text: CONTENT_TYPES.txt,
  htm: CONTENT_TYPES.html,
  html: CONTENT_TYPES.html,
  pdf: CONTENT_TYPES.pdf,
  docx: CONTENT_TYPES.docx,
};

const EXTENSION_HINTS: Record<string, string> = {
  doc: "legacy Word .doc files are not supported; save it as .docx",
  rtf: "RTF is not supported; save it as .docx or PDF",
  odt: "OpenDocument text is not supported; save it as .docx",
  exe: "executables are not documents",
  dll: "executables are not documents",
  zip: "archives are not unpacked; ingest the documents inside",
};

const SUPPORTED = ".txt, .htm, .html, .pdf, .docx";

/** What the first bytes say a file is, when they carry a recognisable signature. */
type Sniffed =
  | "pdf"
  | "zip"
  | "docx"
  | "ole"
  | "encrypted-ooxml"
  | "exe"
  | "elf"
  | "macho"
  | "png"
  | "jpeg"
  | "gif"
  | "gzip"
  | "html"
  | null;

const SNIFF_NAMES: Record<Exclude<Sniffed, null>, string> = {
  pdf: "a PDF document",
  zip: "a ZIP archive",
  docx: "a Word (DOCX) document",
  ole: "an OLE compound file (legacy .doc/.xls)",
  "encrypted-ooxml": "a password-protected Office document",
  exe: "a Windows executable",
  elf: "a Linux executable",
  macho: "a macOS executable",
  png: "a PNG image",
  jpeg: "a JPEG image",
  gif: "a GIF image",
  gzip: "a gzip archive",
  html: "an HTML document",
};

/**
 * Decides a file's content type from its extension AND its bytes. A file whose content
 * contradicts its name (a `.pdf` that is a zip, a `.docx` that is an executable) fails with a
 * reason naming both; an unknown extension is `unsupported_type`. Text and HTML are checked
 * only for foreign binary signatures here; their parsers judge the text itself.
 */
export function detectContentType(fileName: string, bytes: Uint8Array): ContentTypeDetection {
  const ext = extensionOf(fileName);
  const sniffed = sniff(bytes);
  const declared = ext === null ? undefined : BY_EXTENSION[ext];
  const fail = (code: ExtractFailure["code"], why: string): ContentTypeDetection => ({
    ok: false,
    error: { code, reason: `${fileName}: ${why}` },
  });

  if (declared === undefined) {
    const what = ext === null ? "no file extension" : `unsupported file type ".${ext}"`;
    const hint =
      (ext !== null ? EXTENSION_HINTS[ext] : undefined) ?? (sniffed ? `the content is ${SNIFF_NAMES[sniffed]}` : null);
    return fail("unsupported_type", `${what}${hint ? ` (${hint})` : ""}; supported: ${SUPPORTED}`);
  }

  const expected = ext === "htm" || ext === "html" ? "html" : ext === "text" ? "txt" : (ext as "txt" | "pdf" | "docx");
  if (sniffed === "encrypted-ooxml" && expected === "docx") {
    return fail("encrypted", "password-protected Word document (remove the password and ingest again)");
  }
  if (sniffed === "ole" && expected === "docx") {
    return fail("unsupported_type", "this is a legacy Word .doc file renamed .docx; save it as .docx");
  }
  if (expected === "pdf") {
    if (sniffed === "pdf") return { ok: true, contentType: declared };
    if (sniffed && sniffed !== "html")
      return fail("corrupt", `named .pdf but the content is ${SNIFF_NAMES[sniffed]}, not a PDF`);
    return fail("corrupt", "not a PDF (no %PDF- header)");
  }
  if (expected === "docx") {
    if (sniffed === "docx") return { ok: true, contentType: declared };
    if (sniffed === "zip") return fail("corrupt", "a ZIP archive without word/document.xml, not a Word document");
    if (sniffed) return fail("corrupt", `named .docx but the content is ${SNIFF_NAMES[sniffed]}`);
    return fail("corrupt", "not a Word document (no ZIP signature)");
  }
  // txt and html: any binary signature contradicts the name; html markup in a .txt is fine (it is text).
  if (sniffed && sniffed !== "html") {
    return fail("corrupt", `named .${ext} but the content is ${SNIFF_NAMES[sniffed]}`);
  }
  if (expected === "html" && !hasMarkup(bytes)) {
    return fail("corrupt", "named .html but contains no HTML markup");
  }
  return { ok: true, contentType: declared };
}

/** Lower-case extension without the dot, or null when there is none. */
export function extensionOf(fileName: string): string | null {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot <= 0 || dot === base.length - 1 ? null : base.slice(dot + 1).toLowerCase();
}

function sniff(b: Uint8Array): Sniffed {
  const at = (i: number, ...sig: number[]) => sig.every((v, k) => b[i + k] === v);
  // PDF readers accept the header anywhere in the first KB.
  if (indexOfAscii(b, "%PDF-", 1024) >= 0) return "pdf";
  if (looksLikeZip(b)) {
    const zip = inspectZip(b);
    return zip.ok && zip.entries.some((e) => e.name === "word/document.xml") ? "docx" : "zip";
  }
  if (at(0, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    // Password-protected OOXML is an OLE container with an EncryptionInfo stream (named in UTF-16LE).
    return indexOfUtf16(b, "EncryptionInfo") >= 0 ? "encrypted-ooxml" : "ole";
  }
  if (at(0, 0x4d, 0x5a) && isPortableExecutable(b)) return "exe";
  if (at(0, 0x7f, 0x45, 0x4c, 0x46)) return "elf";
  if (at(0, 0xcf, 0xfa, 0xed, 0xfe) || at(0, 0xfe, 0xed, 0xfa, 0xcf) || at(0, 0xca, 0xfe, 0xba, 0xbe)) return "macho";
  if (at(0, 0x89, 0x50, 0x4e, 0x47)) return "png";
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return "gif";
  if (at(0, 0x1f, 0x8b)) return "gzip";
  if (
    hasMarkup(b) &&
    /^\s*<(!doctype html|html|head|body)\b/i.test(latin1Head(b, 512).replace(/^\uFEFF|^\xEF\xBB\xBF/, ""))
  ) {
    return "html";
  }
  return null;
}

/** "MZ" alone could start a text file; a real executable also carries the DOS stub or a PE header. */
function isPortableExecutable(b: Uint8Array): boolean {
  if (b.length < 64) return false;
  const pe = (b[0x3c] ?? 0) | ((b[0x3d] ?? 0) << 8) | ((b[0x3e] ?? 0) << 16);
  if (pe + 4 <= b.length && b[pe] === 0x50 && b[pe + 1] === 0x45 && b[pe + 2] === 0 && b[pe + 3] === 0) return true;
  return latin1Head(b, 512).includes("This program cannot be run in DOS mode");
}

/** HTML sniffing: a tag or SGML/comment opener in the first 4 KB. */
function hasMarkup(b: Uint8Array): boolean {
  return /<(?:[a-z!?/])/i.test(latin1Head(b, 4096));
}

function latin1Head(b: Uint8Array, n: number): string {
  let s = "";
  const end = Math.min(b.length, n);
  for (let i = 0; i < end; i++) s += String.fromCharCode(b[i] ?? 0);
  return s;
}

function indexOfAscii(b: Uint8Array, needle: string, within: number): number {
  const end = Math.min(b.length - needle.length, within);
  outer: for (let i = 0; i <= end; i++) {
    for (let k = 0; k < needle.length; k++) if (b[i + k] !== needle.charCodeAt(k)) continue outer;
    return i;
  }
  return -1;
}

function indexOfUtf16(b: Uint8Array, needle: string): number {
  const bytes = Buffer.from(needle, "utf16le");
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).indexOf(bytes);
}
