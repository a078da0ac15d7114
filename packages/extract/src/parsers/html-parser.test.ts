import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import type { Extraction } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { createHtmlParser } from "./html-parser.ts";
import { htmlDepthEstimate } from "./markup-limits.ts";

const EDGAR = join(
  resolve(process.env.LEXNAV_SHARED_DIR ?? resolve(import.meta.dirname, "../../../../../shared")),
  "corpus/edgar",
);
const parser = createHtmlParser();

async function parse(html: string | Uint8Array, fileName = "t.html"): Promise<Extraction> {
  const bytes = typeof html === "string" ? new TextEncoder().encode(html) : html;
  const out = await parser.parse({ bytes, fileName, limits: DEFAULT_LIMITS });
  if (!out.ok) throw new Error(`${out.error.code}: ${out.error.reason}`);
  return out.value;
}

/** The invariants every extraction must hold, whatever the source. */
function expectInvariants(x: Extraction): void {
  expect(x.text.includes("\u0000")).toBe(false);
  let prevEnd = 0;
  let tableEnd = -1;
  for (const b of x.blocks) {
    expect(b.start).toBeGreaterThanOrEqual(0);
    expect(b.end).toBeGreaterThanOrEqual(b.start);
    expect(b.end).toBeLessThanOrEqual(x.text.length);
    if (b.kind === "table_row") {
      // rows sit inside their table and follow each other
      expect(b.start).toBeGreaterThanOrEqual(prevEnd);
      expect(b.end).toBeLessThanOrEqual(tableEnd);
    } else {
      expect(b.start).toBeGreaterThanOrEqual(Math.max(prevEnd, tableEnd));
    }
    if (b.kind === "table") tableEnd = b.end;
    if (b.kind !== "page_break") expect(x.text.slice(b.start, b.end).trim()).not.toBe("");
    prevEnd = b.kind === "table" ? b.start : b.end;
  }
  expect(x.pages[0]?.start).toBe(0);
  expect(x.pages[x.pages.length - 1]?.end).toBe(x.text.length);
  x.pages.forEach((p, i) => {
    expect(p.page).toBe(i + 1);
    expect(p.end).toBeGreaterThanOrEqual(p.start);
    if (i > 0) expect(p.start).toBe(x.pages[i - 1]?.end);
  });
  for (const f of x.furniture) expect(x.text.slice(f.start, f.end).trim()).not.toBe("");
}

const kinds = (x: Extraction, kind: string) => x.blocks.filter((b) => b.kind === kind);
const textOf = (x: Extraction, b: { start: number; end: number }) => x.text.slice(b.start, b.end);

describe("html parser: 1990s <pre> filings", () => {
  const pre = [
    "<html><body><pre>",
    "<PAGE>   1",
    "                         CREDIT AGREEMENT",
    "",
    "",
    "         1.1  Terms.  AT&amp;T &lt;Lender&gt; shall",
    "lend &#36;5 to the Borrower.",
    "<TABLE>",
    "<S>      <C>",
    "         Item one     5",
    "</TABLE>",
    "                                 -1-",
    "<PAGE>   2",
    "         Second page text.",
    "</pre></body></html>",
  ].join("\n");

  it("drops <PAGE> markers and SGML tags, decodes entities, labels pages", async () => {
    const x = await parse(pre);
    expectInvariants(x);
    expect(x.text).not.toMatch(/<PAGE>|<TABLE>|<S>|<C>|&amp;/);
    expect(x.text).toContain("1.1  Terms.  AT&T <Lender> shall\nlend $5 to the Borrower.");
    expect(x.pages.map((p) => p.label)).toEqual(["1", "2"]);
    expect(textOf(x, x.pages[1] as Extraction["pages"][number])).toBe("Second page text.");
    expect(kinds(x, "page_break")).toHaveLength(1);
    expect(kinds(x, "heading").map((b) => textOf(x, b))).toEqual(["CREDIT AGREEMENT"]);
  });

  it("parses the 1995 American Health Properties credit agreement", async () => {
    const x = await parse(readFileSync(join(EDGAR, "0000950134-96-000040_2.html")));
    expectInvariants(x);
    expect(x.pages).toHaveLength(166);
    expect(x.pages[40]?.label).toBe("41");
    expect(x.text).toContain("TABLE OF CONTENTS");
    expect(x.text).not.toContain("<PAGE>");
    const headings = kinds(x, "heading").map((b) => textOf(x, b));
    expect(headings).toContain("CREDIT AGREEMENT");
    expect(headings.some((h) => /^1\.1\.\s+CERTAIN DEFINED TERMS$/.test(h))).toBe(true);
    expect(headings.some((h) => /^2\.\s+REVOLVING CREDIT LOANS$/.test(h))).toBe(true);
    // printed page numbers ("-2-") are found and marked as furniture
    const numbers = x.furniture.filter((f) => f.kind === "page_number").map((f) => textOf(x, f));
    expect(numbers).toContain("-2-");
    expect(numbers.length).toBeGreaterThan(100);
    expect(x.quality.issues.map((i) => i.code)).toContain("repeated_footer");
  });
});

describe("html parser: inline HTML", () => {
  const inline = `<html><head><title>X</title><style>p{}</style><script>var a = 1;</script></head><body>
    <div style="display:none"><ix:header>hidden xbrl</ix:header></div>
    <h2>Article I</h2>
    <p>First&nbsp;&nbsp;paragraph
       wraps here.<br>Second line.</p>
    <p style="text-align:center"><b>Section&nbsp;2. Payment</b></p>
    <p><font>1.</font><font style="padding-left:10pt">The Borrower pays.</font></p>
    <table><tr><td>Name</td><td>&nbsp;</td><td>Amount</td></tr><tr><td>Bank A</td><td></td><td>$5</td></tr></table>
    <div style="page-break-before:always"><p>Page two text.</p></div>
    <ul><li>item a</li><li>item b<ul><li>nested</li></ul></li></ul>
    </body></html>`;

  it("renders blocks, headings, tables and pages", async () => {
    const x = await parse(inline);
    expectInvariants(x);
    expect(x.text).not.toMatch(/hidden xbrl|var a|p\{\}/);
    expect(x.text).toContain("First paragraph wraps here.\nSecond line.");
    expect(x.text).toContain("1. The Borrower pays.");
    expect(kinds(x, "heading").map((b) => [textOf(x, b), b.level])).toEqual([
      ["Article I", 2],
      ["Section 2. Payment", 1],
    ]);
    const rows = kinds(x, "table_row").map((b) => textOf(x, b));
    expect(rows).toEqual(["Name | Amount", "Bank A | $5"]);
    const table = kinds(x, "table")[0];
    expect(table && textOf(x, table)).toBe("Name | Amount\nBank A | $5");
    expect(x.pages).toHaveLength(2);
    expect(textOf(x, x.pages[1] as Extraction["pages"][number]).startsWith("Page two text.")).toBe(true);
    expect(kinds(x, "list_item").map((b) => [textOf(x, b), b.level])).toEqual([
      ["item a", 0],
      ["item b", 0],
      ["nested", 1],
    ]);
    expect(x.text).not.toContain("\u00a0");
  });

  it("uses <hr> as page breaks only when no page-break style exists", async () => {
    const x = await parse("<body><p>one</p><hr><p>two</p><hr><hr><p>three</p><hr></body>");
    expectInvariants(x);
    expect(x.pages.map((p) => textOf(x, p).trim())).toEqual(["one", "two", "three"]);
  });

  it("fails on empty HTML with a reason naming the file", async () => {
    const out = await parser.parse({
      bytes: new TextEncoder().encode("<html><body><script>x</script></body></html>"),
      fileName: "blank.html",
      limits: DEFAULT_LIMITS,
    });
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.code).toBe("empty");
      expect(out.error.reason).toContain("blank.html");
    }
  });

  it("reads the hidden text layer of an image filing back into lines", async () => {
    const html = `<body><div><img src="p1.jpg"><div><font size="1" style="font-size:1pt;color:white">Execution Version  1  US-DOCS\\1.7  GUARANTEE  This GUARANTEE is made by Bird US  Holdco, LLC.  1. Guarantee.  The Guarantor  guarantees.</font></div></div>
      <p>Visible  text   collapses as always.</p></body>`;
    const x = await parse(html);
    expectInvariants(x);
    expect(x.text).toContain(
      "Execution Version\n1\nUS-DOCS\\1.7\nGUARANTEE\nThis GUARANTEE is made by Bird US Holdco, LLC.\n1. Guarantee.\nThe Guarantor guarantees.",
    );
    expect(x.text).toContain("Visible text collapses as always.");
  });

  it("gives a Workiva image exhibit its title and clause lines", async () => {
    const x = await parse(readFileSync(join(EDGAR, "0001861449-23-000002_5.html")));
    expectInvariants(x);
    const lines = x.text.split("\n");
    expect(lines).toContain("GUARANTEE");
    expect(lines).toContain("RECITALS");
    expect(lines.some((l) => l.startsWith("2. Guarantee Absolute and Unconditional."))).toBe(true);
    // a sentence that wraps over printed lines stays one line
    expect(x.text).toContain("made by Bird US Holdco, LLC (the “Guarantor”), is in favor of");
  });

  it("reads a blackline as amended: struck-through text is left out and counted", async () => {
    const html = `<body><p>“Maturity Date” means October 6, <font style="color: Red"><strike>2024</strike></font><font style="color: Blue"><u>2025</u></font>, as such date may be extended.</p>
      <p><span style="text-decoration: line-through">The Borrower shall pay a fee.</span> <del>Old text.</del>The Lenders may assign.</p>
      <table><tr><td>Ratio</td><td><strike>2.00</strike> 1.75 to 1.00</td></tr></table></body>`;
    const x = await parse(html);
    expectInvariants(x);
    expect(x.text).toContain("“Maturity Date” means October 6, 2025, as such date may be extended.");
    expect(x.text).toContain("The Lenders may assign.");
    expect(x.text).not.toContain("shall pay a fee");
    expect(x.text).not.toContain("Old text");
    expect(x.text).toContain("Ratio | 1.75 to 1.00");
    const struck = x.quality.issues.find((i) => i.code === "struck_text");
    expect(struck?.severity).toBe("info");
    expect(struck?.message).toMatch(/^4 struck-through/);
    // no strike, no issue
    const plain = await parse("<body><p>The Maturity Date is October 6, 2025.</p></body>");
    expect(plain.quality.issues.some((i) => i.code === "struck_text")).toBe(false);
  });

  it("reads a filed blackline as amended (Landsea's sixth amendment)", async () => {
    const x = await parse(readFileSync(join(EDGAR, "0001731122-23-000003_2.html")));
    expectInvariants(x);
    expect(x.text).toContain("“Maturity Date” means October 6, 2025, as such date may be extended");
    expect(x.text).not.toContain("20242025");
    expect(x.quality.issues.find((i) => i.code === "struck_text")?.message).toMatch(/^\d+ struck-through/);
  });

  it("finds table rows in a modern filing", async () => {
    const x = await parse(readFileSync(join(EDGAR, "0001104659-23-000109_8.html")));
    expectInvariants(x);
    const rows = kinds(x, "table_row").map((b) => textOf(x, b));
    expect(rows.length).toBeGreaterThan(50);
    expect(rows).toContain("Re: | OTC Equity Prepaid Forward Transaction");
  });
});

describe("html parser: the whole EDGAR corpus", () => {
  const files = readdirSync(EDGAR).filter((f) => f.endsWith(".html"));

  it(`parses all ${files.length} filings with sound offsets`, async () => {
    expect(files.length).toBeGreaterThanOrEqual(133);
    let pre = 0;
    for (const f of files) {
      const bytes = readFileSync(join(EDGAR, f));
      const out = await parser.parse({ bytes, fileName: f, limits: DEFAULT_LIMITS });
      expect(out.ok, f).toBe(true);
      if (!out.ok) continue;
      const x = out.value;
      expectInvariants(x);
      expect(x.text).not.toMatch(/<\/?(?:div|p|font|td|tr|span|PAGE)\b/i);
      expect(x.text).not.toMatch(/&(?:nbsp|amp|#\d+);/);
      // two exhibits are scanned images with one line of text; every other one is a real contract
      if (x.quality.issues.some((i) => i.code === "low_text")) expect(x.text.length, f).toBeLessThan(100);
      else expect(x.text.length, f).toBeGreaterThan(1000);
      if (bytes.toString("latin1", 0, 200).toLowerCase().includes("<pre>")) pre += 1;
    }
    expect(pre).toBe(13);
  });
});

describe("html parser: hostile sizes and shapes", () => {
  it("reads flat HTML of 70,000 paragraphs, one block each", async () => {
    const n = 70_000;
    const body = Array.from({ length: n }, (_, i) => `<p>Clause ${i + 1} binds the parties.</p>`).join("\n");
    const x = await parse(`<html><body>${body}</body></html>`);
    const paragraphs = kinds(x, "paragraph");
    expect(paragraphs).toHaveLength(n);
    expect(textOf(x, paragraphs[0] as Extraction["blocks"][number])).toBe("Clause 1 binds the parties.");
    expect(textOf(x, paragraphs[n - 1] as Extraction["blocks"][number])).toBe(`Clause ${n} binds the parties.`);
  }, 60_000);

  it("reads a <pre> filing of 150,000 lines into its paragraphs and pages", async () => {
    // 150,000 lines: 3,000 pages, each a <PAGE> marker, a heading and 6 paragraphs of 7 lines after a blank.
    const lines: string[] = [];
    for (let page = 1; page <= 3_000; page++) {
      lines.push(`<PAGE>   ${page}`, `SECTION ${page}.  TERMS OF PAGE ${page}`);
      for (let para = 1; para <= 6; para++) {
        lines.push("");
        for (let l = 1; l <= 7; l++) lines.push(`     Line ${l} of paragraph ${para} on page ${page}.`);
      }
    }
    expect(lines).toHaveLength(150_000);
    const x = await parse(`<html><body><pre>\n${lines.join("\n")}\n</pre></body></html>`);
    expect(x.pages).toHaveLength(3_000);
    expect(x.pages[2_999]?.label).toBe("3000");
    expect(kinds(x, "heading")).toHaveLength(3_000);
    expect(kinds(x, "paragraph")).toHaveLength(18_000);
    const last = kinds(x, "paragraph").at(-1) as Extraction["blocks"][number];
    expect(textOf(x, last).split("\n")).toHaveLength(7);
    expect(textOf(x, last)).toMatch(/^Line 1 of paragraph 6 on page 3000\.\n/);
  }, 60_000);

  it("reads a <pre> filing that is one paragraph of 150,000 lines", async () => {
    const lines = Array.from({ length: 150_000 }, (_, i) => `  line ${i + 1} of the filing`);
    const x = await parse(`<html><body><pre>${lines.join("\n")}</pre></body></html>`);
    expect(kinds(x, "paragraph")).toHaveLength(1);
    expect(x.text.split("\n")).toHaveLength(150_000);
    expect(x.text.endsWith("line 150000 of the filing")).toBe(true);
  }, 60_000);

  it("fails 100,000 nested divs alone, naming the nesting-depth limit", async () => {
    const html = `<html><body>${"<div>".repeat(100_000)}deep text${"</div>".repeat(100_000)}</body></html>`;
    const out = await parser.parse({
      bytes: new TextEncoder().encode(html),
      fileName: "deep.html",
      limits: DEFAULT_LIMITS,
    });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe("too_large");
    expect(out.error.reason).toMatch(/^deep\.html: .*nests elements more than 1,000 deep.*LEXNAV_MAX_NESTING_DEPTH/);
  }, 60_000);

  it("walks 50,000 nested elements without recursing when the limit allows them", async () => {
    const depth = 50_000;
    const html = `<html><body>${"<div><span>".repeat(depth / 2)}deep text${"</span></div>".repeat(depth / 2)}<p>after</p></body></html>`;
    const out = await parser.parse({
      bytes: new TextEncoder().encode(html),
      fileName: "deep.html",
      limits: { ...DEFAULT_LIMITS, maxNestingDepth: 1_000_000 },
    });
    if (!out.ok) throw new Error(out.error.reason);
    expect(out.value.text).toBe("deep text\n\nafter");
  }, 60_000);

  it("refuses 300,000 nested divs from their tags, before the parser builds them", async () => {
    // The HTML parser's cost grows with the square of the depth: this file must never reach it.
    const html = `<html><body>${"<div>".repeat(300_000)}deep text</body></html>`;
    const out = await parser.parse({
      bytes: new TextEncoder().encode(html),
      fileName: "deeper.html",
      limits: DEFAULT_LIMITS,
    });
    expect(out.ok ? null : out.error.reason).toMatch(/^deeper\.html: .*more than 1,000 deep/);
  });

  it("estimates HTML depth as a parser nests it", () => {
    const depth = (html: string) => htmlDepthEstimate(html, 1_000);
    expect(depth("<div><div><span>x</span></div></div>")).toBe(3);
    // void elements and elements closed by their next sibling do not nest
    expect(depth(`<div>${"<p>a<br><img src=x>".repeat(50)}${"<li>b".repeat(50)}</div>`)).toBe(1);
    // an end tag closes what is open inside its element; a stray end tag changes nothing
    expect(depth("<div><b><i>x</div><div>y</div>")).toBe(3);
    expect(depth(`${"<div></x>".repeat(40)}`)).toBe(40);
    // tags in scripts, comments and unfinished markup are not elements
    expect(depth(`<script>${"<div>".repeat(50)}</script><!-- ${"<div>".repeat(50)} --><div>`)).toBe(1);
    expect(depth(`<div>${"<a".repeat(1_000)}`)).toBe(1);
    expect(depth(`<div><!--${"<div>".repeat(10)}`)).toBe(1);
    expect(depth("<div>".repeat(5_000))).toBe(1_000); // stops counting at the cap
  });

  it("reads nesting up to the depth limit", async () => {
    const depth = DEFAULT_LIMITS.maxNestingDepth - 3; // html, body and the root hold the rest
    const x = await parse(`<html><body>${"<div>".repeat(depth)}deep text${"</div>".repeat(depth)}</body></html>`);
    expect(x.text).toBe("deep text");
  });

  it("fails HTML over the element or size limit with the setting to change", async () => {
    const html = `<html><body>${"<p>x</p>".repeat(200)}</body></html>`;
    const bytes = new TextEncoder().encode(html);
    const many = await parser.parse({
      bytes,
      fileName: "many.html",
      limits: { ...DEFAULT_LIMITS, maxMarkupElements: 100 },
    });
    expect(many.ok ? null : many.error.reason).toMatch(/more than 100 elements \(LEXNAV_MAX_MARKUP_ELEMENTS\)/);
    const big = await parser.parse({
      bytes,
      fileName: "big.html",
      limits: { ...DEFAULT_LIMITS, maxMarkupBytes: 1000 },
    });
    expect(big.ok ? null : big.error.reason).toMatch(/LEXNAV_MAX_MARKUP_BYTES/);
  });
});
