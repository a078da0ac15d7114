import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { deflateSync } from "node:zlib";
import { DEFAULT_LIMITS } from "@lexnav/core";
import type { Extraction } from "@lexnav/document-model";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import type { ExtractOutcome } from "../parser.ts";
import { createPdfParser } from "./pdf-parser.ts";
import { measurePdfInflation } from "./pdf-streams.ts";

const SHARED = resolve(process.env.LEXNAV_SHARED_DIR ?? resolve(import.meta.dirname, "../../../../../shared"));
const PDFS = join(SHARED, "corpus/cuad-pdf");
const TXTS = join(SHARED, "corpus/cuad");
const parser = createPdfParser();

function parse(bytes: Uint8Array, fileName = "t.pdf"): Promise<ExtractOutcome> {
  return parser.parse({ bytes, fileName, limits: DEFAULT_LIMITS });
}

async function parseOk(bytes: Uint8Array, fileName = "t.pdf"): Promise<Extraction> {
  const out = await parse(bytes, fileName);
  if (!out.ok) throw new Error(`${out.error.code}: ${out.error.reason}`);
  return out.value;
}

/** Renders a PDF with pdfkit; `draw` adds the content. */
function makePdf(
  draw: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, ...options });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((res, rej) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => res(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", rej);
  });
  draw(doc);
  doc.end();
  return done;
}

function words(s: string): string[] {
  return s.split(/\s+/).filter((w) => w !== "");
}

/** Bag-of-words F1 between two texts, whitespace ignored. */
function wordF1(a: string, b: string): number {
  const counts = new Map<string, number>();
  const bw = words(b);
  for (const w of bw) counts.set(w, (counts.get(w) ?? 0) + 1);
  const aw = words(a);
  let common = 0;
  for (const w of aw) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(w, n - 1);
    }
  }
  return (2 * common) / (aw.length + bw.length);
}

function expectInvariants(x: Extraction): void {
  expect(x.text.includes("\u0000")).toBe(false);
  let prevEnd = 0;
  for (const b of x.blocks) {
    expect(b.start).toBeGreaterThanOrEqual(prevEnd);
    expect(b.end).toBeLessThanOrEqual(x.text.length);
    prevEnd = b.end;
  }
  expect(x.pages[0]?.start).toBe(0);
  expect(x.pages[x.pages.length - 1]?.end).toBe(x.text.length);
  x.pages.forEach((p, i) => {
    expect(p.page).toBe(i + 1);
    if (i > 0) expect(p.start).toBe(x.pages[i - 1]?.end);
  });
  expect(x.blocks.filter((b) => b.kind === "page_break")).toHaveLength(x.pages.length - 1);
}

describe("pdf parser: generated documents", () => {
  it("keeps lines and paragraphs, pages, and marks running headers and page numbers", async () => {
    const bytes = await makePdf((doc) => {
      for (let n = 1; n <= 4; n++) {
        doc.addPage({ size: "LETTER", margin: 72 });
        doc.fontSize(9).text("ACME CREDIT AGREEMENT - CONFIDENTIAL", 72, 40);
        const topic = ["Payments", "Interest", "", "Notices"][n - 1] ?? "";
        if (n !== 3) {
          doc
            .fontSize(11)
            .text(`Section ${n}.1 ${topic}. The Borrower shall comply with this ${topic} clause.`, 72, 100);
          doc.text(`The Lender may rely on the ${topic.toLowerCase()} provisions.`, 72, 114);
          doc.text(`Section ${n}.2 More ${topic}. Further ${topic.toLowerCase()} terms apply.`, 72, 160);
          for (let l = 0; l < 4; l++)
            doc.text(
              `Line ${l} of the ${topic.toLowerCase()} terms binds the parties and their permitted assigns.`,
              72,
              174 + 14 * l,
            );
        }
        doc.fontSize(9).text(String(n), 300, 740, { lineBreak: false });
      }
    });
    const x = await parseOk(bytes);
    expectInvariants(x);
    expect(x.pages).toHaveLength(4);
    const page1 = x.text.slice(x.pages[0]?.start, x.pages[0]?.end);
    expect(page1).toContain(
      "Section 1.1 Payments. The Borrower shall comply with this Payments clause.\nThe Lender may rely on the payments provisions.\n\nSection 1.2 More Payments.",
    );
    const header = x.furniture.filter((f) => f.kind === "header");
    expect(header).toHaveLength(4);
    expect(x.text.slice(header[0]?.start, header[0]?.end)).toBe("ACME CREDIT AGREEMENT - CONFIDENTIAL");
    expect(x.furniture.filter((f) => f.kind === "page_number").map((f) => x.text.slice(f.start, f.end))).toEqual([
      "1",
      "2",
      "3",
      "4",
    ]);
    const codes = x.quality.issues.map((i) => i.code);
    expect(codes).toContain("repeated_header");
    expect(codes).toContain("repeated_footer");
    // page 3 holds only furniture: an empty page, one in four → degraded for a PDF
    expect(x.quality.issues.find((i) => i.code === "empty_page")?.pages).toEqual([3]);
    expect(x.quality.status).toBe("degraded");
  });

  it("fails an encrypted PDF with code encrypted", async () => {
    const bytes = await makePdf(
      (doc) => {
        doc.addPage();
        doc.text("Secret terms.");
      },
      { userPassword: "secret", ownerPassword: "owner" },
    );
    const out = await parse(bytes, "locked.pdf");
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.code).toBe("encrypted");
      expect(out.error.reason).toMatch(/^locked\.pdf: .*password/);
    }
  });

  it("fails a PDF without a text layer: no text layer (scanned?)", async () => {
    const bytes = await makePdf((doc) => {
      doc.addPage();
      doc.rect(100, 100, 200, 300).fill("#333333");
    });
    const out = await parse(bytes, "scan.pdf");
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.code).toBe("empty");
      expect(out.error.reason).toContain("scan.pdf: no text layer (scanned?)");
    }
  });

  it("fails random bytes behind a %PDF header, and a non-PDF, as corrupt", async () => {
    let seed = 42;
    const noise = Uint8Array.from({ length: 8192 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
    const junk = new Uint8Array([...new TextEncoder().encode("%PDF-1.4\n"), ...noise]);
    for (const [bytes, name] of [
      [junk, "junk.pdf"],
      [new TextEncoder().encode("hello, not a pdf"), "hello.pdf"],
    ] as const) {
      const out = await parse(bytes, name);
      expect(out.ok).toBe(false);
      if (!out.ok) {
        expect(out.error.code).toBe("corrupt");
        expect(out.error.reason.startsWith(`${name}: `)).toBe(true);
      }
    }
  });

  it("fails a truncated real PDF as corrupt, or keeps only text that is really there", async () => {
    const full = new Uint8Array(readFileSync(join(PDFS, "NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.pdf")));
    const out = await parse(full.subarray(0, Math.floor(full.length * 0.4)), "cut.pdf");
    if (out.ok) {
      // pdf.js may rebuild a damaged file; then it must not invent pages or text
      const whole = await parseOk(full);
      expect(out.value.text.length).toBeLessThan(whole.text.length);
    } else {
      expect(out.error.code).toBe("corrupt");
      expect(out.error.reason.startsWith("cut.pdf: ")).toBe(true);
    }
  });
});

describe("pdf parser: real filed PDFs against their CUAD text", () => {
  const cases = [
    { file: "NETGEAR,INC_04_21_2003-EX-10.16-DISTRIBUTOR AGREEMENT.pdf", pages: 8, footer: null },
    {
      file: "CnsPharmaceuticalsInc_20200326_8-K_EX-10.1_12079626_EX-10.1_Development Agreement.pdf",
      pages: 5,
      footer: "Source: CNS PHARMACEUTICALS, INC., 8-K, 3/26/2020",
    },
    {
      file: "EhaveInc_20190515_20-F_EX-4.44_11678816_EX-4.44_License Agreement_ Reseller Agreement.pdf",
      pages: 27,
      footer: "Source: EHAVE, INC., 20-F, 5/15/2019",
    },
  ];
  for (const c of cases) {
    it(`${c.file.slice(0, 40)}…`, async () => {
      const x = await parseOk(new Uint8Array(readFileSync(join(PDFS, c.file))), c.file);
      expectInvariants(x);
      expect(x.pages).toHaveLength(c.pages);
      const gold = readFileSync(join(TXTS, `${basename(c.file, ".pdf")}.txt`), "utf8");
      expect(wordF1(x.text, gold)).toBeGreaterThan(0.97);
      if (c.footer) {
        const footers = x.furniture.filter((f) => x.text.slice(f.start, f.end) === c.footer);
        expect(footers).toHaveLength(c.pages);
        expect(x.quality.issues.map((i) => i.code)).toContain("repeated_footer");
      }
      for (const p of x.pages) expect(x.text.slice(p.start, p.end).trim()).not.toBe("");
    });
  }
});

/**
 * A one-page PDF written by hand: its content stream shows "Clause text." and is padded with spaces
 * to `contentBytes` before Flate compression (a thousandfold); `imageBytes` adds a Flate image
 * XObject of that size, which text extraction never decodes.
 */
function inflatingPdf(contentBytes: number, imageBytes = 0): Uint8Array {
  const content = Buffer.alloc(contentBytes, " ");
  content.write("BT /F1 12 Tf 72 720 Td (Clause text.) Tj ET\n");
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const add = (b: Buffer | string) => {
    const x = typeof b === "string" ? Buffer.from(b, "latin1") : b;
    parts.push(x);
    length += x.length;
  };
  const obj = (n: number, dict: string, stream?: Buffer) => {
    offsets[n] = length;
    add(`${n} 0 obj\n${dict}`);
    if (stream) add(Buffer.concat([Buffer.from("\nstream\n"), stream, Buffer.from("\nendstream")]));
    add("\nendobj\n");
  };
  const image = imageBytes > 0 ? "/XObject << /Im1 6 0 R >>" : "";
  obj(1, "<< /Type /Catalog /Pages 2 0 R >>");
  obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  obj(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ${image} >> >>`,
  );
  const stream = deflateSync(content);
  obj(4, `<< /Length ${stream.length} /Filter /FlateDecode >>`, stream);
  obj(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const count = imageBytes > 0 ? 7 : 6;
  if (imageBytes > 0) {
    const pixels = deflateSync(Buffer.alloc(imageBytes));
    const side = Math.floor(Math.sqrt(imageBytes));
    obj(
      6,
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} /Filter /FlateDecode >>`,
      pixels,
    );
  }
  const xref = length;
  const rows = offsets.slice(1).map((o) => `${String(o).padStart(10, "0")} 00000 n \n`);
  add(
    `xref\n0 ${count}\n0000000000 65535 f \n${rows.join("")}trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return new Uint8Array(Buffer.concat(parts));
}

describe("pdf parser: streams that inflate a thousandfold", () => {
  const limits = { ...DEFAULT_LIMITS, maxPdfInflatedBytes: 4 * 1024 * 1024 };

  it("reads the hand-written PDF when its streams fit the limit", async () => {
    const x = await parseOk(inflatingPdf(64 * 1024));
    expect(x.text.trim()).toBe("Clause text.");
  });

  it("refuses a content stream that inflates past the limit, before pdf.js inflates it", async () => {
    const bytes = inflatingPdf(8 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(64 * 1024); // about a thousand to one
    const out = await parser.parse({ bytes, fileName: "bomb.pdf", limits });
    expect(out).toEqual({
      ok: false,
      error: {
        code: "malicious",
        reason: "bomb.pdf: the PDF's compressed streams inflate past 4 MB (LEXNAV_MAX_PDF_INFLATED_BYTES)",
      },
    });
  });

  it("does not count images, which text extraction never decodes", async () => {
    const bytes = inflatingPdf(64 * 1024, 8 * 1024 * 1024);
    expect(measurePdfInflation(bytes, Number.MAX_SAFE_INTEGER)).toEqual({ ok: true, bytes: 64 * 1024 });
    const out = await parser.parse({ bytes, fileName: "scan.pdf", limits });
    expect(out.ok ? out.value.text.trim() : out.error.reason).toBe("Clause text.");
  });

  it("counts every text-bearing stream of the real CUAD PDFs, well under the default limit", () => {
    for (const file of readdirSync(PDFS).filter((f) => f.endsWith(".pdf"))) {
      const m = measurePdfInflation(readFileSync(join(PDFS, file)), DEFAULT_LIMITS.maxPdfInflatedBytes);
      expect(m.ok, file).toBe(true);
      expect(m.bytes, file).toBeGreaterThan(0);
    }
  });
});
