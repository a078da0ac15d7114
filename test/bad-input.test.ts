import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { afterAll, describe, expect, it } from "vitest";
import {
  type BadInput,
  writeBinaryJunk,
  writeCorruptPdf,
  writeEmptyFile,
  writeEncryptedPdf,
  writeExecutable,
  writeExecutableAsDocx,
  writeInvalidUtf8,
  writeLyingZipBombDocx,
  writeOversizedFile,
  writePdfThatIsZip,
  writeSingleLongLine,
  writeUnsupportedType,
  writeZipBombDocx,
} from "./fixtures/bad-input.ts";
import { repoRoot } from "./support/shared.ts";

const dir = mkdtempSync(join(tmpdir(), "lexnav-bad-input-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The PDF cases go through the PDF parser, which lands separately; until it does they are skipped by name.
const pdfParser = existsSync(join(repoRoot, "packages/extract/src/parsers/pdf-parser.ts"));

async function expectFailure(bad: BadInput) {
  const bytes = readFileSync(bad.path);
  const outcome = await extractDocument({
    bytes,
    fileName: bad.fileName,
    limits: { ...DEFAULT_LIMITS, ...bad.limits },
  });
  if (outcome.ok) throw new Error(`${bad.fileName}: expected a ${bad.expectedCode} failure, got an extraction`);
  expect(outcome.error.code).toBe(bad.expectedCode);
  expect(outcome.error.reason.startsWith(`${bad.fileName}: `)).toBe(true);
  expect(outcome.error.reason).toContain(bad.reasonIncludes);
  return outcome.error;
}

describe("bad input fails alone, as a value with a reason naming the file", () => {
  it("unsupported type (.xyz)", async () => {
    const e = await expectFailure(writeUnsupportedType(dir));
    expect(e.reason).toBe('notes.xyz: unsupported file type ".xyz"; supported: .txt, .htm, .html, .pdf, .docx');
  });

  it("executable (.exe), and an executable renamed .docx", async () => {
    await expectFailure(writeExecutable(dir));
    const e = await expectFailure(writeExecutableAsDocx(dir));
    expect(e.reason).toBe("invoice.docx: named .docx but the content is a Windows executable");
  });

  it("a .pdf that is really a zip", async () => {
    const e = await expectFailure(writePdfThatIsZip(dir));
    expect(e.reason).toBe("contract.pdf: named .pdf but the content is a ZIP archive, not a PDF");
  });

  it.skipIf(!pdfParser)(`corrupt PDF${pdfParser ? "" : " (skipped: pdf-parser.ts not there yet)"}`, async () => {
    await expectFailure(writeCorruptPdf(dir));
  });

  it.skipIf(!pdfParser)(`encrypted PDF${pdfParser ? "" : " (skipped: pdf-parser.ts not there yet)"}`, async () => {
    const e = await expectFailure(await writeEncryptedPdf(dir));
    expect(e.reason.toLowerCase()).toMatch(/encrypt|password/);
  });

  it("DOCX zip bomb declaring 300 MiB uncompressed, refused from its headers", async () => {
    const bad = writeZipBombDocx(dir);
    expect(readFileSync(bad.path).length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const e = await expectFailure(bad);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(e.reason).toMatch(
      /^bomb\.docx: zip bomb: declares 314,5\d\d,\d{3} bytes uncompressed \(limit 209,715,200, LEXNAV_MAX_DOCX_EXPANDED_BYTES\)$/,
    );
  });

  it("DOCX zip bomb whose headers lie about the size, caught while decompressing with a cap", async () => {
    await expectFailure(writeLyingZipBombDocx(dir));
  });

  it("a file over the configured size limit", async () => {
    const e = await expectFailure(writeOversizedFile(dir));
    expect(e.reason).toBe(
      "huge.txt: 1 MB (1,048,577 bytes) exceeds the 1 MB (1,048,576 bytes) file size limit (LEXNAV_MAX_FILE_BYTES)",
    );
  });

  it("binary junk named .txt", async () => {
    await expectFailure(writeBinaryJunk(dir));
  });

  it("invalid UTF-8", async () => {
    await expectFailure(writeInvalidUtf8(dir));
  });

  it("a 2 MB single line", async () => {
    const e = await expectFailure(writeSingleLongLine(dir));
    expect(e.reason).toBe(
      "one-line.txt: line 1 is 2,000,000 characters long (limit 200,000 per line, LEXNAV_MAX_LINE_CHARS)",
    );
  });

  it("an empty file", async () => {
    await expectFailure(writeEmptyFile(dir));
  });
});
