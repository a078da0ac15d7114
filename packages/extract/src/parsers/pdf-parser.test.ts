import { readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import type { Extraction } from "@lexnav/document-model";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import type { ExtractOutcome } from "../parser.ts";
import { createPdfParser } from "./pdf-parser.ts";

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
