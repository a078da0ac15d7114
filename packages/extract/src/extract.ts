import { CONTENT_TYPES, type ContentType, type Extraction, type QualityReport } from "@lexnav/document-model";
import { detectContentType } from "./content-type.ts";
import type { ExtractFailure, ExtractOutcome, ParseInput, Parser } from "./parser.ts";
import { assessQuality, type QualityInput } from "./quality.ts";

/** Loads the parser for one content type. Parsers load lazily: a text-only run never loads pdf.js. */
export type ParserLoader = () => Promise<Parser>;

export interface DocumentExtractorDeps {
  /** Parser loaders by content type; defaults to the built-in txt, html, pdf and docx parsers. */
  parsers?: Partial<Record<ContentType, ParserLoader>>;
  /** Quality assessment; defaults to `assessQuality`. */
  assess?: (input: QualityInput) => QualityReport;
}

export interface DocumentExtractor {
  extract(input: ParseInput): Promise<ExtractOutcome>;
}

const DEFAULT_PARSERS: Record<ContentType, ParserLoader> = {
  [CONTENT_TYPES.txt]: async () => (await import("./parsers/txt-parser.ts")).createTxtParser(),
  [CONTENT_TYPES.html]: async () => (await import("./parsers/html-parser.ts")).createHtmlParser(),
  [CONTENT_TYPES.pdf]: async () => (await import("./parsers/pdf-parser.ts")).createPdfParser(),
  [CONTENT_TYPES.docx]: async () => (await import("./parsers/docx-parser.ts")).createDocxParser(),
};

const PARSER_NAMES: Record<ContentType, string> = {
  [CONTENT_TYPES.txt]: "text",
  [CONTENT_TYPES.html]: "HTML",
  [CONTENT_TYPES.pdf]: "PDF",
  [CONTENT_TYPES.docx]: "DOCX",
};

/**
 * Builds the extraction entry point: size limit → content type (extension and magic bytes) →
 * parser → quality. Every outcome is a value: a parser that throws, returns out-of-range blocks
 * or yields no text becomes a failure naming the file, so one bad file never stops the others.
 */
export function createDocumentExtractor(deps: DocumentExtractorDeps = {}): DocumentExtractor {
  const loaders = { ...DEFAULT_PARSERS, ...deps.parsers };
  const assess = deps.assess ?? assessQuality;
  const loaded = new Map<ContentType, Promise<Parser>>();

  const parserFor = (type: ContentType): Promise<Parser> => {
    let p = loaded.get(type);
    if (!p) {
      const load = loaders[type];
      p = load ? load() : Promise.reject(new Error(`no parser registered for ${type}`));
      // A failed load is not cached: the next file retries it.
      p.catch(() => loaded.delete(type));
      loaded.set(type, p);
    }
    return p;
  };

  return {
    async extract(input: ParseInput): Promise<ExtractOutcome> {
      const { fileName } = input;
      const fail = (code: ExtractFailure["code"], why: string, detail?: string): ExtractOutcome => ({
        ok: false,
        error: { code, reason: `${fileName}: ${why}`, ...(detail !== undefined ? { detail } : {}) },
      });
      try {
        const size = input.bytes.byteLength;
        const limit = input.limits.maxFileBytes;
        if (size > limit) {
          return fail(
            "too_large",
            `${bytesText(size)} exceeds the ${bytesText(limit)} file size limit (LEXNAV_MAX_FILE_BYTES)`,
          );
        }
        const detected = detectContentType(fileName, input.bytes);
        if (!detected.ok) {
          if (size === 0 && detected.error.code !== "unsupported_type")
            return fail("empty", "the file is empty (0 bytes)");
          return detected;
        }
        const type = detected.contentType;
        if (size === 0) return fail("empty", "the file is empty (0 bytes)");

        let parser: Parser;
        try {
          parser = await parserFor(type);
        } catch (cause) {
          return fail("internal", `the ${PARSER_NAMES[type]} parser is not available`, messageOf(cause));
        }

        // Node Buffers are Uint8Arrays but some libraries (pdf.js) refuse them: hand over a plain view, no copy.
        const bytes = new Uint8Array(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
        let outcome: ExtractOutcome;
        try {
          outcome = await parser.parse({ ...input, bytes });
        } catch (cause) {
          return fail("internal", `the ${PARSER_NAMES[type]} parser failed unexpectedly`, messageOf(cause));
        }
        if (!outcome.ok) return { ok: false, error: namedFailure(fileName, outcome.error) };

        const extraction = outcome.value;
        const broken = checkExtraction(extraction);
        if (broken)
          return fail("internal", `the ${PARSER_NAMES[type]} parser produced an invalid extraction (${broken})`);
        if (extraction.text.trim() === "") {
          return fail(
            "empty",
            "no text could be extracted (an empty document, or scanned images without a text layer)",
          );
        }

        const quality = assess({
          text: extraction.text,
          pages: extraction.pages,
          contentType: extraction.contentType,
          furniture: extraction.furniture,
        });
        if (quality.status === "failed") {
          const fatal = quality.issues.find((i) => i.severity === "fatal") ?? quality.issues[0];
          const code: ExtractFailure["code"] =
            fatal?.code === "mojibake"
              ? "invalid_encoding"
              : fatal?.code === "low_text" || fatal?.code === "empty_page"
                ? "empty"
                : "corrupt";
          return fail(code, fatal?.message ?? "the extracted text failed the quality checks");
        }
        const value: Extraction = { ...extraction, quality };
        return { ok: true, value };
      } catch (cause) {
        return fail("internal", "extraction failed unexpectedly", messageOf(cause));
      }
    },
  };
}

const defaultExtractor = createDocumentExtractor();

/**
 * Extracts one document: the single entry point the ingest pipeline calls. Never throws; a
 * failure carries a code from the closed set and a reason that names the file, e.g.
 * `"contract.pdf: encrypted PDF (password required)"`.
 */
export function extractDocument(input: ParseInput): Promise<ExtractOutcome> {
  return defaultExtractor.extract(input);
}

/** Parsers are asked to name the file; make sure every reason does. */
function namedFailure(fileName: string, error: ExtractFailure): ExtractFailure {
  const reason = typeof error?.reason === "string" && error.reason !== "" ? error.reason : "extraction failed";
  const code = error?.code ?? "internal";
  return {
    code,
    reason: reason.startsWith(fileName) ? reason : `${fileName}: ${reason}`,
    ...(typeof error?.detail === "string" ? { detail: error.detail } : {}),
  };
}

/** Blocks and pages must lie inside the text, or later stages would slice garbage. */
function checkExtraction(e: Extraction): string | null {
  if (typeof e?.text !== "string" || !Array.isArray(e.blocks) || !Array.isArray(e.pages))
    return "missing text, blocks or pages";
  const n = e.text.length;
  for (const b of e.blocks) {
    if (!(b.start >= 0 && b.start <= b.end && b.end <= n))
      return `block [${b.start}, ${b.end}) outside text of ${n} chars`;
  }
  for (const p of e.pages) {
    if (!(p.start >= 0 && p.start <= p.end && p.end <= n))
      return `page ${p.page} [${p.start}, ${p.end}) outside text of ${n} chars`;
  }
  return null;
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

function bytesText(n: number): string {
  if (n >= 1024 * 1024)
    return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB (${n.toLocaleString("en-US")} bytes)`;
  return `${n.toLocaleString("en-US")} bytes`;
}
