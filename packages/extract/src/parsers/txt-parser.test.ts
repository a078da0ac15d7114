import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { describe, expect, it } from "vitest";
import type { ExtractOutcome } from "../parser.ts";
import { createTxtParser, firstInvalidUtf8 } from "./txt-parser.ts";

const sharedDir = process.env.LEXNAV_SHARED_DIR ?? resolve(import.meta.dirname, "../../../../../shared");
const cuadDir = join(sharedDir, "corpus/cuad");
const parser = createTxtParser();
const enc = new TextEncoder();

async function parse(
  text: string | Uint8Array,
  fileName = "note.txt",
  limits = DEFAULT_LIMITS,
): Promise<ExtractOutcome> {
  return parser.parse({ bytes: typeof text === "string" ? enc.encode(text) : text, fileName, limits });
}

function ok(outcome: ExtractOutcome) {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.code}: ${outcome.error.reason}`);
  return outcome.value;
}

describe("txt parser", () => {
  it("keeps the text exactly and splits paragraphs at blank lines, trimming block spans only", async () => {
    const text = "  TITLE  \n\nFirst line\nsecond line   \n \t \nSecond para\r\n\r\n\r\nThird\n";
    const x = ok(await parse(text));
    expect(x.text).toBe(text);
    expect(x.blocks.map((b) => text.slice(b.start, b.end))).toEqual([
      "TITLE",
      "First line\nsecond line",
      "Second para",
      "Third",
    ]);
    expect(x.blocks.every((b) => b.kind === "paragraph" && b.page === 1)).toBe(true);
    expect(x.pages).toEqual([{ page: 1, start: 0, end: text.length }]);
  });

  it("makes each line a block when the text has no blank line at all (one paragraph per line)", async () => {
    const text = "NON-DISCLOSURE AGREEMENT\nThe parties agree:\n  1. Confidential Information means...  \n2. Term.";
    const x = ok(await parse(text));
    expect(x.blocks.map((b) => text.slice(b.start, b.end))).toEqual([
      "NON-DISCLOSURE AGREEMENT",
      "The parties agree:",
      "1. Confidential Information means...",
      "2. Term.",
    ]);
    // One blank line anywhere switches to paragraph mode.
    const mixed = `${text}\n\nSignature`;
    expect(ok(await parse(mixed)).blocks).toHaveLength(2);
  });

  it("starts a new page at each form feed, with a page_break block over the \\f", async () => {
    const text = "Page one text\n\fPage two\n\nmore\fthree";
    const x = ok(await parse(text));
    expect(x.pages).toEqual([
      { page: 1, start: 0, end: 14 },
      { page: 2, start: 14, end: 29 },
      { page: 3, start: 29, end: text.length },
    ]);
    expect(x.blocks.map((b) => [b.kind, text.slice(b.start, b.end), b.page])).toEqual([
      ["paragraph", "Page one text", 1],
      ["page_break", "\f", 2],
      ["paragraph", "Page two", 2],
      ["paragraph", "more", 2],
      ["page_break", "\f", 3],
      ["paragraph", "three", 3],
    ]);
  });

  it("keeps a byte order mark and non-ASCII text as is", async () => {
    const text = "\uFEFF“Agreement” — § 2.01 café 𝔄";
    const x = ok(await parse(text));
    expect(x.text).toBe(text);
    expect(x.blocks[0]).toMatchObject({ start: 1, end: text.length });
  });

  it("fails invalid UTF-8 with the offset of the first bad byte", async () => {
    const bytes = new Uint8Array([...enc.encode("Price: 100 "), 0xa3, ...enc.encode(" due")]);
    const out = await parse(bytes, "prices.txt");
    expect(out).toEqual({
      ok: false,
      error: {
        code: "invalid_encoding",
        reason: expect.stringMatching(/^prices\.txt: invalid UTF-8 at byte offset 11 \(byte 0xa3\)/),
      },
    });
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0xe2, 0x82]))).toBe(1); // truncated sequence
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0xc0, 0x80]))).toBe(1); // overlong
    expect(firstInvalidUtf8(new Uint8Array([0xed, 0xa0, 0x80]))).toBe(0); // surrogate
    expect(firstInvalidUtf8(enc.encode("ok é 𝔄"))).toBe(enc.encode("ok é 𝔄").length);
  });

  it("refuses binary content and UTF-16", async () => {
    const nul = await parse(new Uint8Array([0x68, 0x69, 0x00, 0x01]), "blob.txt");
    expect(nul).toMatchObject({
      ok: false,
      error: { code: "corrupt", reason: expect.stringContaining("blob.txt: binary content, not text") },
    });
    const controls = new Uint8Array(1000).map((_, i) => (i % 10 === 0 ? 0x01 : 0x41));
    expect(await parse(controls, "ctl.txt")).toMatchObject({ ok: false, error: { code: "corrupt" } });
    const utf16 = new Uint8Array([0xff, 0xfe, 0x41, 0x00]);
    expect(await parse(utf16, "u16.txt")).toMatchObject({
      ok: false,
      error: { code: "invalid_encoding", reason: expect.stringContaining("UTF-16") },
    });
  });

  it("refuses a line longer than the limit, naming its length and the limit", async () => {
    const text = `short\n${"x".repeat(2_000_000)}\n`;
    const out = await parse(text, "one-line.txt");
    expect(out).toEqual({
      ok: false,
      error: {
        code: "too_large",
        reason: "one-line.txt: line 2 is 2,000,000 characters long (limit 200,000 per line, LEXNAV_MAX_LINE_CHARS)",
      },
    });
    expect((await parse("abcdef", "t.txt", { ...DEFAULT_LIMITS, maxLineChars: 6 })).ok).toBe(true);
  });

  it("refuses UTF-16 without a byte order mark, naming the encoding", async () => {
    const le = new Uint8Array([...Buffer.from("Section 1. Term.\nThis Agreement lasts a year.", "utf16le")]);
    expect(await parse(le, "le.txt")).toMatchObject({
      ok: false,
      error: {
        code: "invalid_encoding",
        reason: expect.stringMatching(/^le\.txt: UTF-16LE text without a byte order mark/),
      },
    });
    const be = le.slice();
    for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1] as number, be[i] as number];
    expect(await parse(be, "be.txt")).toMatchObject({
      ok: false,
      error: { code: "invalid_encoding", reason: expect.stringContaining("UTF-16BE") },
    });
  });

  it("names the offset of a NUL byte deep inside otherwise good text", async () => {
    const bytes = enc.encode(`${"Clause text. ".repeat(1000)}\u0000 more text`);
    expect(await parse(bytes, "nul.txt")).toMatchObject({
      ok: false,
      error: { code: "corrupt", reason: "nul.txt: binary content, not text (NUL byte at offset 13000)" },
    });
  });

  it("refuses a 20 MB file that is one line, quickly", async () => {
    const started = Date.now();
    const out = await parse("word ".repeat(4_000_000), "one-line.txt");
    expect(out).toMatchObject({ ok: false, error: { code: "too_large" } });
    expect(out.ok ? "" : out.error.reason).toContain("line 1 is 20,000,000 characters long");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("reads a lone CR as a line end, one character for one, and leaves CRLF alone", async () => {
    const cr = ok(await parse("TITLE\r\rFirst para\rcontinues\r\rSecond para"));
    expect(cr.text).toBe("TITLE\n\nFirst para\ncontinues\n\nSecond para");
    expect(cr.blocks.map((b) => cr.text.slice(b.start, b.end))).toEqual([
      "TITLE",
      "First para\ncontinues",
      "Second para",
    ]);
    const crlf = "A\r\n\r\nB";
    expect(ok(await parse(crlf)).text).toBe(crlf);
  });

  it("fails a whitespace-only file as empty", async () => {
    expect(await parse(" \n\n\t\f \n", "blank.txt")).toMatchObject({ ok: false, error: { code: "empty" } });
  });

  it("extracts every CUAD contract exactly (text === file, blocks in bounds and in order)", async () => {
    const files = readdirSync(cuadDir).filter((f) => f.endsWith(".txt"));
    expect(files.length).toBe(510);
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    for (const f of files) {
      const bytes = readFileSync(join(cuadDir, f));
      const x = ok(await parser.parse({ bytes, fileName: f, limits: DEFAULT_LIMITS }));
      const expected = decoder.decode(bytes);
      if (x.text !== expected) throw new Error(`${f}: text differs from the file`);
      let prevEnd = 0;
      for (const b of x.blocks) {
        if (b.start < prevEnd || b.end <= b.start || b.end > x.text.length) {
          throw new Error(`${f}: block [${b.start}, ${b.end}) out of order or bounds`);
        }
        const s = x.text.slice(b.start, b.end);
        if (s !== s.trim() || s.includes("\n\n"))
          throw new Error(`${f}: block [${b.start}, ${b.end}) not trimmed or spans a blank line`);
        prevEnd = b.end;
      }
      expect(x.pages.at(-1)?.end).toBe(x.text.length);
    }
  });

  it("gives every ContractNLI agreement (no blank lines) one block per non-blank line", async () => {
    const dir = join(sharedDir, "corpus/contractnli");
    const files = readdirSync(dir).filter((f) => f.endsWith(".txt"));
    expect(files.length).toBe(234);
    for (const f of files) {
      const text = readFileSync(join(dir, f), "utf8");
      const x = ok(await parser.parse({ bytes: enc.encode(text), fileName: f, limits: DEFAULT_LIMITS }));
      const lines = text.split("\n").filter((l) => l.trim() !== "").length;
      if (x.text !== text || x.blocks.length !== lines)
        throw new Error(`${f}: ${x.blocks.length} blocks for ${lines} lines`);
    }
  });
});
