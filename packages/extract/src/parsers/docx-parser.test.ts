import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import type { Block } from "@lexnav/document-model";
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from "docx";
import { describe, expect, it } from "vitest";
import type { ExtractOutcome } from "../parser.ts";
import { formatNumber } from "./docx-numbering.ts";
import { createDocxParser } from "./docx-parser.ts";

const parser = createDocxParser();

function ok(outcome: ExtractOutcome) {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.code}: ${outcome.error.reason}`);
  return outcome.value;
}

function view(text: string, blocks: Block[]) {
  return blocks.map((b) => ({
    kind: b.kind,
    text: text.slice(b.start, b.end),
    ...(b.level !== undefined ? { level: b.level } : {}),
    ...(b.label !== undefined ? { label: b.label } : {}),
  }));
}

async function creditAgreementDocx(): Promise<Uint8Array> {
  const doc = new Document({
    numbering: {
      config: [
        {
          reference: "clauses",
          levels: [
            { level: 0, format: LevelFormat.LOWER_LETTER, text: "(%1)", alignment: AlignmentType.LEFT },
            { level: 1, format: LevelFormat.LOWER_ROMAN, text: "(%2)", alignment: AlignmentType.LEFT },
          ],
        },
        {
          reference: "sections",
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: AlignmentType.LEFT }],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: "ARTICLE I DEFINITIONS", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: "Section 1.01 Defined Terms", heading: HeadingLevel.HEADING_2 }),
          new Paragraph({
            children: [
              new TextRun('"Borrower" means Acme Corp., a Delaware corporation.'),
              new TextRun({ text: " Obligations", bold: true }),
              new TextRun(" include:"),
            ],
          }),
          new Paragraph({ text: "all principal;", numbering: { reference: "clauses", level: 0 } }),
          new Paragraph({ text: "interest, including", numbering: { reference: "clauses", level: 0 } }),
          new Paragraph({ text: "default interest;", numbering: { reference: "clauses", level: 1 } }),
          new Paragraph({ text: "fees.", numbering: { reference: "clauses", level: 0 } }),
          new Paragraph({ text: "Commitments", bullet: { level: 0 } }),
          new Table({
            rows: [
              ["Lender", "Commitment", "Percentage"],
              ["Bank A", "$50,000,000", "50%"],
              ["Bank B", "$30,000,000", "30%"],
              ["Bank C", "$20,000,000", "20%"],
            ].map(
              (cells, i) =>
                new TableRow({
                  tableHeader: i === 0,
                  children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })),
                }),
            ),
          }),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph({ text: "ARTICLE II THE CREDIT", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: "Revolving Loans.", numbering: { reference: "sections", level: 0 } }),
          new Paragraph({ text: "Swingline Loans.", numbering: { reference: "sections", level: 0 } }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

describe("docx parser", () => {
  it("renders headings, labelled list items, tables and paragraphs as blocks", async () => {
    const x = ok(
      await parser.parse({ bytes: await creditAgreementDocx(), fileName: "credit.docx", limits: DEFAULT_LIMITS }),
    );
    expect(view(x.text, x.blocks)).toEqual([
      { kind: "heading", text: "ARTICLE I DEFINITIONS", level: 1 },
      { kind: "heading", text: "Section 1.01 Defined Terms", level: 2 },
      { kind: "paragraph", text: '"Borrower" means Acme Corp., a Delaware corporation. Obligations include:' },
      { kind: "list_item", text: "(a) all principal;", level: 0, label: "(a)" },
      { kind: "list_item", text: "(b) interest, including", level: 0, label: "(b)" },
      { kind: "list_item", text: "(i) default interest;", level: 1, label: "(i)" },
      { kind: "list_item", text: "(c) fees.", level: 0, label: "(c)" },
      { kind: "list_item", text: "Commitments", level: 0 },
      {
        kind: "table",
        text: "Lender | Commitment | Percentage\nBank A | $50,000,000 | 50%\nBank B | $30,000,000 | 30%\nBank C | $20,000,000 | 20%",
      },
      { kind: "table_row", text: "Lender | Commitment | Percentage" },
      { kind: "table_row", text: "Bank A | $50,000,000 | 50%" },
      { kind: "table_row", text: "Bank B | $30,000,000 | 30%" },
      { kind: "table_row", text: "Bank C | $20,000,000 | 20%" },
      { kind: "heading", text: "ARTICLE II THE CREDIT", level: 1 },
      { kind: "list_item", text: "1. Revolving Loans.", level: 0, label: "1." },
      { kind: "list_item", text: "2. Swingline Loans.", level: 0, label: "2." },
    ]);
    // Blocks are separated by exactly one blank line.
    expect(x.text.startsWith("ARTICLE I DEFINITIONS\n\nSection 1.01 Defined Terms\n\n")).toBe(true);
    // The explicit page break starts page 2 at ARTICLE II.
    const article2 = x.text.indexOf("ARTICLE II");
    expect(x.pages).toEqual([
      { page: 1, start: 0, end: article2 },
      { page: 2, start: article2, end: x.text.length },
    ]);
    expect(x.blocks.find((b) => b.start === article2)?.page).toBe(2);
    expect(x.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  });

  it("formats Word list numbers", () => {
    expect([1, 2, 26, 27, 28].map((n) => formatNumber(n, "lowerLetter"))).toEqual(["a", "b", "z", "aa", "bb"]);
    expect([4, 9, 14, 40].map((n) => formatNumber(n, "upperRoman"))).toEqual(["IV", "IX", "XIV", "XL"]);
    expect(formatNumber(3, "lowerRoman")).toBe("iii");
    expect(formatNumber(7, "decimalZero")).toBe("07");
    expect(formatNumber(12, "decimal")).toBe("12");
  });

  it("fails a zip that is not a Word document, and a truncated one, as corrupt", async () => {
    const good = await creditAgreementDocx();
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    expect(await parser.parse({ bytes: truncated, fileName: "half.docx", limits: DEFAULT_LIMITS })).toMatchObject({
      ok: false,
      error: { code: "corrupt", reason: expect.stringMatching(/^half\.docx: not a valid DOCX zip archive/) },
    });
  });

  // LibreOffice takes 5-15 s to start on a busy 2-core machine, too slow for the default suite: opt in.
  const soffice = ["/usr/bin/soffice", "/usr/local/bin/soffice", "/usr/bin/libreoffice"].find((p) => existsSync(p));
  const runSoffice = soffice !== undefined && process.env.LEXNAV_TEST_SOFFICE === "1";
  const skipReason = !soffice
    ? " (skipped: soffice not installed)"
    : !runSoffice
      ? " (skipped: set LEXNAV_TEST_SOFFICE=1)"
      : "";
  it.skipIf(!runSoffice)(`reads a DOCX written by LibreOffice${skipReason}`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "lexnav-docx-"));
    try {
      const html =
        "<html><body><h1>ARTICLE I DEFINITIONS</h1><p>Terms defined below.</p>" +
        "<ol type='1'><li>Borrower means Acme.</li><li>Lender means Bank.</li></ol>" +
        "<table><tr><td>Name</td><td>Amount</td></tr><tr><td>A</td><td>1</td></tr></table></body></html>";
      writeFileSync(join(dir, "lo.html"), html);
      execFileSync(
        soffice as string,
        [
          "--headless",
          `-env:UserInstallation=file://${dir}/profile`,
          "--convert-to",
          "docx:MS Word 2007 XML",
          "--outdir",
          dir,
          join(dir, "lo.html"),
        ],
        { stdio: "ignore", timeout: 60_000 },
      );
      const bytes = readFileSync(join(dir, "lo.docx"));
      const x = ok(await parser.parse({ bytes, fileName: "lo.docx", limits: DEFAULT_LIMITS }));
      const v = view(x.text, x.blocks);
      expect(v[0]).toMatchObject({ kind: "heading", text: "ARTICLE I DEFINITIONS", level: 1 });
      expect(v).toContainEqual(
        expect.objectContaining({ kind: "list_item", text: "1. Borrower means Acme.", label: "1." }),
      );
      expect(v).toContainEqual(
        expect.objectContaining({ kind: "list_item", text: "2. Lender means Bank.", label: "2." }),
      );
      expect(v).toContainEqual(expect.objectContaining({ kind: "table_row", text: "A | 1" }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
