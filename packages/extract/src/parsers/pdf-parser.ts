import { CONTENT_TYPES, type Extraction } from "@lexnav/document-model";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { detectFurniture } from "../layout/furniture.ts";
import { looksLikeCapsHeading } from "../layout/headings.ts";
import { groupLines, groupParagraphs, type PositionedText } from "../layout/pdf-lines.ts";
import { createTextBuilder, sanitizeText } from "../layout/text-builder.ts";
import type { ExtractFailure, ExtractOutcome, ParseInput, Parser } from "../parser.ts";
import { assessQuality } from "../quality.ts";
import { measurePdfInflation } from "./pdf-streams.ts";

type PdfDocument = PDFDocumentProxy;
type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

// pdf.js is large: load it on the first PDF, so importing @lexnav/extract stays cheap.
let pdfjs: Promise<PdfJs> | undefined;
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs;
}

function fail(code: ExtractFailure["code"], reason: string): ExtractOutcome {
  return { ok: false, error: { code, reason } };
}

function mb(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** Maps a pdfjs open error to a failure a person can act on. */
function openFailure(fileName: string, cause: unknown): ExtractOutcome {
  const name = (cause as { name?: string } | null)?.name ?? "";
  const message = cause instanceof Error ? cause.message : String(cause);
  if (name === "PasswordException")
    return fail("encrypted", `${fileName}: the PDF is password-protected; supply an unencrypted copy`);
  return fail("corrupt", `${fileName}: not a readable PDF (${message}); the file may be truncated or damaged`);
}

/** Text items of one page, reduced to position, width and font size. */
async function pageItems(doc: PdfDocument, pageNumber: number): Promise<PositionedText[]> {
  const page = await doc.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    const items: PositionedText[] = [];
    for (const item of content.items) {
      if (!("str" in item)) continue; // marked-content delimiters carry no text
      const [a = 0, b = 0, , d = 0, x = 0, y = 0] = item.transform as number[];
      const size = Math.abs(d) || Math.hypot(a, b) || item.height || 10;
      items.push({ str: item.str, x, y, width: item.width, size });
    }
    return items;
  } finally {
    page.cleanup();
  }
}

/**
 * Parses a PDF's text layer (pdfjs-dist, legacy build for Node; no worker, no eval, no font
 * loading). Per page: items grouped into lines by baseline, ordered by x, spaces from gaps and
 * explicit spaces, paragraphs from wider vertical steps. Pages are joined with a blank line; each
 * page is a PageAnchor (label = the PDF's page label when it defines them) and a zero-length
 * `page_break` block starts every page after the first. Running headers, footers and page
 * numbers are kept in the text and listed in `furniture`.
 *
 * Failures: password-protected → "encrypted"; not a PDF, truncated or damaged → "corrupt"; no text
 * layer at all → "empty" ("no text layer (scanned?)"); text-bearing streams that inflate past
 * `limits.maxPdfInflatedBytes` → "malicious", before pdf.js sees the file. Every reason names the file.
 */
export function createPdfParser(): Parser {
  return {
    contentType: CONTENT_TYPES.pdf,
    async parse(input: ParseInput): Promise<ExtractOutcome> {
      const { bytes, fileName, limits } = input;
      if (bytes.length > limits.maxFileBytes)
        return fail(
          "too_large",
          `${fileName}: ${bytes.length} bytes exceeds the limit of ${limits.maxFileBytes} (LEXNAV_MAX_FILE_BYTES)`,
        );
      const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
      if (!head.includes("%PDF-")) return fail("corrupt", `${fileName}: not a PDF (no %PDF- header)`);
      // pdf.js inflates a stream whole in memory: a thousandfold stream must be refused before it.
      const inflation = measurePdfInflation(bytes, limits.maxPdfInflatedBytes);
      if (!inflation.ok)
        return fail(
          "malicious",
          `${fileName}: the PDF's compressed streams inflate past ${mb(limits.maxPdfInflatedBytes)} (LEXNAV_MAX_PDF_INFLATED_BYTES)`,
        );

      // pdfjs takes ownership of the buffer it is given: hand it a copy.
      const { getDocument } = await loadPdfJs();
      const task = getDocument({
        data: bytes.slice(),
        isEvalSupported: false,
        disableFontFace: true,
        useSystemFonts: false,
        useWorkerFetch: false,
        stopAtErrors: false,
        verbosity: 0,
      });
      let doc: PdfDocument;
      try {
        doc = await task.promise;
      } catch (cause) {
        await task.destroy().catch(() => undefined);
        return openFailure(fileName, cause);
      }
      try {
        const labels = await doc.getPageLabels().catch(() => null);
        const builder = createTextBuilder(labels?.[0] || undefined);
        for (let n = 1; n <= doc.numPages; n++) {
          if (n > 1) builder.pageBreak(labels?.[n - 1] || undefined, true);
          let items: PositionedText[];
          try {
            items = await pageItems(doc, n);
          } catch (cause) {
            const message = cause instanceof Error ? cause.message : String(cause);
            return fail("corrupt", `${fileName}: page ${n} of ${doc.numPages} is unreadable (${message})`);
          }
          for (const para of groupParagraphs(groupLines(items))) {
            const text = sanitizeText(para.join("\n"));
            const heading = para.length === 1 && looksLikeCapsHeading(text);
            builder.addBlock(heading ? "heading" : "paragraph", text);
          }
        }
        const built = builder.finish();
        const furniture = detectFurniture(built.text, built.pages);
        const quality = assessQuality({
          text: built.text,
          pages: built.pages,
          contentType: CONTENT_TYPES.pdf,
          furniture,
        });
        if (quality.status === "failed")
          return fail("empty", `${fileName}: no text layer (scanned?) on any of its ${doc.numPages} page(s)`);
        const value: Extraction = {
          contentType: CONTENT_TYPES.pdf,
          text: built.text,
          blocks: built.blocks,
          pages: built.pages,
          quality,
          furniture,
        };
        return { ok: true, value };
      } catch (cause) {
        return openFailure(fileName, cause);
      } finally {
        await doc.destroy().catch(() => undefined);
      }
    },
  };
}
