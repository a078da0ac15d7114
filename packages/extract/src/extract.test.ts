import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { CONTENT_TYPES, type Extraction } from "@lexnav/document-model";
import { Document, HeadingLevel, Packer, Paragraph } from "docx";
import { describe, expect, it } from "vitest";
import { createDocumentExtractor, extractDocument } from "./extract.ts";
import type { ExtractOutcome, Parser } from "./parser.ts";

const sharedDir = process.env.LEXNAV_SHARED_DIR ?? resolve(import.meta.dirname, "../../../../shared");
const enc = new TextEncoder();
const limits = DEFAULT_LIMITS;

function txtParser(parse: Parser["parse"]): () => Promise<Parser> {
  return async () => ({ contentType: CONTENT_TYPES.txt, parse });
}

function extraction(text: string, over: Partial<Extraction> = {}): Extraction {
  return {
    contentType: CONTENT_TYPES.txt,
    text,
    blocks: [{ kind: "paragraph", start: 0, end: text.length }],
    pages: [{ page: 1, start: 0, end: text.length }],
    quality: { status: "ok", issues: [], pageCount: 1, charCount: text.length },
    furniture: [],
    ...over,
  };
}

describe("extractDocument", () => {
  it("extracts a CUAD contract exactly, with a quality report", async () => {
    const dir = join(sharedDir, "corpus/cuad");
    const name = readdirSync(dir)
      .filter((f) => f.endsWith(".txt"))
      .sort()[0] as string;
    const bytes = readFileSync(join(dir, name));
    const out = await extractDocument({ bytes, fileName: name, limits });
    if (!out.ok) throw new Error(out.error.reason);
    expect(out.value.text).toBe(bytes.toString("utf8"));
    expect(out.value.contentType).toBe("text/plain");
    expect(out.value.quality.status).not.toBe("failed");
    expect(out.value.quality.charCount).toBe(out.value.text.length);
  });

  it("extracts a generated DOCX and an EDGAR HTML filing through the same entry point", async () => {
    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ text: "ARTICLE I", heading: HeadingLevel.HEADING_1 }),
              new Paragraph("Body text of the agreement."),
            ],
          },
        ],
      }),
    );
    const d = await extractDocument({ bytes: new Uint8Array(docx), fileName: "a.docx", limits });
    expect(d).toMatchObject({
      ok: true,
      value: { text: "ARTICLE I\n\nBody text of the agreement.", contentType: CONTENT_TYPES.docx },
    });

    const edgar = join(sharedDir, "corpus/edgar");
    const html = readdirSync(edgar)
      .filter((f) => f.endsWith(".html"))
      .sort()[0] as string;
    const h = await extractDocument({ bytes: readFileSync(join(edgar, html)), fileName: html, limits });
    if (!h.ok) throw new Error(h.error.reason);
    expect(h.value.contentType).toBe(CONTENT_TYPES.html);
    expect(h.value.text.length).toBeGreaterThan(1000);
  });

  it("checks the size limit before anything else", async () => {
    const out = await extractDocument({
      bytes: new Uint8Array(2048),
      fileName: "big.xyz",
      limits: { ...limits, maxFileBytes: 1024 },
    });
    expect(out).toEqual({
      ok: false,
      error: {
        code: "too_large",
        reason: "big.xyz: 2,048 bytes exceeds the 1,024 bytes file size limit (LEXNAV_MAX_FILE_BYTES)",
      },
    });
  });

  it("turns a throwing parser into an internal failure, and the next file still extracts", async () => {
    let calls = 0;
    const extractor = createDocumentExtractor({
      parsers: {
        [CONTENT_TYPES.txt]: txtParser(async ({ bytes }) => {
          calls++;
          if (bytes[0] === 0x21) throw new TypeError("Cannot read properties of undefined");
          return { ok: true, value: extraction(new TextDecoder().decode(bytes)) };
        }),
      },
    });
    const results = await Promise.all([
      extractor.extract({ bytes: enc.encode("!boom"), fileName: "bad.txt", limits }),
      extractor.extract({ bytes: enc.encode("fine"), fileName: "good.txt", limits }),
    ]);
    expect(results[0]).toEqual({
      ok: false,
      error: {
        code: "internal",
        reason: "bad.txt: the text parser failed unexpectedly",
        detail: "Cannot read properties of undefined",
      },
    });
    expect(results[1]).toMatchObject({ ok: true, value: { text: "fine" } });
    expect(calls).toBe(2);
  });

  it("reports a parser that cannot load, and retries the load for the next file", async () => {
    let attempts = 0;
    const extractor = createDocumentExtractor({
      parsers: {
        [CONTENT_TYPES.txt]: async () => {
          attempts++;
          throw new Error("module not found");
        },
      },
    });
    const out = await extractor.extract({ bytes: enc.encode("x"), fileName: "a.txt", limits });
    expect(out).toEqual({
      ok: false,
      error: { code: "internal", reason: "a.txt: the text parser is not available", detail: "module not found" },
    });
    await extractor.extract({ bytes: enc.encode("x"), fileName: "b.txt", limits });
    expect(attempts).toBe(2);
  });

  it("names the file in a parser's failure reason when the parser did not", async () => {
    const extractor = createDocumentExtractor({
      parsers: {
        [CONTENT_TYPES.txt]: txtParser(
          async (): Promise<ExtractOutcome> => ({ ok: false, error: { code: "corrupt", reason: "bad things" } }),
        ),
      },
    });
    expect(await extractor.extract({ bytes: enc.encode("x"), fileName: "n.txt", limits })).toEqual({
      ok: false,
      error: { code: "corrupt", reason: "n.txt: bad things" },
    });
  });

  it("refuses an extraction whose blocks fall outside its text", async () => {
    const extractor = createDocumentExtractor({
      parsers: {
        [CONTENT_TYPES.txt]: txtParser(async () => ({
          ok: true,
          value: extraction("abc", { blocks: [{ kind: "paragraph", start: 0, end: 9 }] }),
        })),
      },
    });
    expect(await extractor.extract({ bytes: enc.encode("abc"), fileName: "o.txt", limits })).toMatchObject({
      ok: false,
      error: {
        code: "internal",
        reason: expect.stringContaining("o.txt: the text parser produced an invalid extraction (block [0, 9)"),
      },
    });
  });

  it("fails a document whose quality check is fatal, with the fatal issue as reason", async () => {
    const extractor = createDocumentExtractor({
      parsers: { [CONTENT_TYPES.txt]: txtParser(async () => ({ ok: true, value: extraction("x") })) },
      assess: (q) => ({
        status: "failed",
        issues: [
          { code: "near_empty_page", message: "page 1 is nearly empty", severity: "degraded" },
          { code: "low_text", message: "only 1 character of text in 1 page", severity: "fatal" },
        ],
        pageCount: q.pages.length,
        charCount: q.text.length,
      }),
    });
    expect(await extractor.extract({ bytes: enc.encode("x"), fileName: "scan.txt", limits })).toEqual({
      ok: false,
      error: { code: "empty", reason: "scan.txt: only 1 character of text in 1 page" },
    });
  });

  it("replaces the parser's provisional quality with the assessed one", async () => {
    const extractor = createDocumentExtractor({
      parsers: { [CONTENT_TYPES.txt]: txtParser(async () => ({ ok: true, value: extraction("text") })) },
      assess: () => ({
        status: "degraded",
        issues: [{ code: "mojibake", message: "m", severity: "degraded" }],
        pageCount: 1,
        charCount: 4,
      }),
    });
    expect(await extractor.extract({ bytes: enc.encode("text"), fileName: "q.txt", limits })).toMatchObject({
      ok: true,
      value: { quality: { status: "degraded" } },
    });
  });
});
