import { deflateRawSync } from "node:zlib";
import { Document, Packer, Paragraph } from "docx";
import { describe, expect, it } from "vitest";
import { checkZipSafety, inspectZip, readZipEntry } from "./zip-inspect.ts";

async function realDocx(): Promise<Uint8Array> {
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph("Hello")] }] })));
}

/** Offset of the central directory entry for `name`. */
function centralEntryOffset(bytes: Uint8Array, name: string): number {
  const buf = Buffer.from(bytes);
  const sig = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = buf.indexOf(sig); at >= 0; at = buf.indexOf(sig, at + 1)) {
    const len = buf.readUInt16LE(at + 28);
    if (buf.toString("utf8", at + 46, at + 46 + len) === name) return at;
  }
  throw new Error(`no central entry ${name}`);
}

const limits = { maxExpandedBytes: 200 * 1024 * 1024 };

describe("zip inspection", () => {
  it("lists a real DOCX's entries from the central directory and reads them back", async () => {
    const bytes = await realDocx();
    const zip = inspectZip(bytes);
    if (!zip.ok) throw new Error(zip.problem);
    const doc = zip.entries.find((e) => e.name === "word/document.xml");
    expect(doc).toMatchObject({ method: 8 });
    expect(checkZipSafety(bytes, zip.entries, limits)).toBeNull();
    const read = readZipEntry(bytes, doc!);
    if (!read.ok) throw new Error(read.problem.message);
    expect(new TextDecoder().decode(read.data)).toContain("Hello");
  });

  it("refuses a declared expansion over the limit as a zip bomb", async () => {
    const bytes = await realDocx();
    const at = centralEntryOffset(bytes, "word/document.xml");
    Buffer.from(bytes.buffer, bytes.byteOffset).writeUInt32LE(250 * 1024 * 1024, at + 24);
    const zip = inspectZip(bytes);
    if (!zip.ok) throw new Error(zip.problem);
    expect(checkZipSafety(bytes, zip.entries, limits)).toMatchObject({
      code: "malicious",
      message: expect.stringMatching(/^zip bomb: declares 262,\d{3},\d{3} bytes uncompressed \(limit 209,715,200\)$/),
    });
  });

  it("refuses an absurd compression ratio even under the total limit", async () => {
    const bytes = await realDocx();
    const at = centralEntryOffset(bytes, "word/document.xml");
    Buffer.from(bytes.buffer, bytes.byteOffset).writeUInt32LE(50 * 1024 * 1024, at + 24);
    const zip = inspectZip(bytes);
    if (!zip.ok) throw new Error(zip.problem);
    expect(checkZipSafety(bytes, zip.entries, limits)).toMatchObject({
      code: "malicious",
      message: expect.stringContaining(":1)"),
    });
  });

  it("refuses too many entries, encrypted entries and overlapping entries", async () => {
    const bytes = await realDocx();
    const zip = inspectZip(bytes);
    if (!zip.ok) throw new Error(zip.problem);
    const many = Array.from({ length: 10_001 }, (_, i) => ({ ...zip.entries[0]!, name: `f${i}` }));
    expect(checkZipSafety(bytes, many, limits)).toMatchObject({
      code: "malicious",
      message: expect.stringContaining("10,001 entries"),
    });
    const encrypted = zip.entries.map((e) => ({ ...e, flags: e.flags | 1 }));
    expect(checkZipSafety(bytes, encrypted, limits)).toMatchObject({ code: "encrypted" });
    const first = zip.entries[0]!;
    const overlapping = [first, { ...first, name: "again.xml" }];
    expect(checkZipSafety(bytes, overlapping, limits)).toMatchObject({
      code: "malicious",
      message: expect.stringContaining("overlap"),
    });
  });

  it("catches an entry that inflates beyond its declared size", () => {
    const data = deflateRawSync(Buffer.alloc(1_000_000));
    const bytes = new Uint8Array(30 + data.length);
    bytes.set([0x50, 0x4b, 0x03, 0x04]);
    bytes.set(data, 30);
    const entry = {
      name: "x",
      method: 8,
      flags: 0,
      compressedSize: data.length,
      uncompressedSize: 1000,
      localHeaderOffset: 0,
    };
    expect(readZipEntry(bytes, entry)).toMatchObject({
      ok: false,
      problem: { code: "malicious", message: expect.stringContaining("beyond its declared 1,000 bytes") },
    });
    const honest = { ...entry, uncompressedSize: 1_000_000 };
    expect(readZipEntry(bytes, honest)).toMatchObject({ ok: true });
    const short = { ...entry, uncompressedSize: 2_000_000 };
    expect(readZipEntry(bytes, short)).toMatchObject({ ok: false, problem: { code: "corrupt" } });
  });

  it("reports malformed archives instead of throwing", async () => {
    const bytes = await realDocx();
    expect(inspectZip(bytes.subarray(0, 10))).toMatchObject({
      ok: false,
      problem: expect.stringContaining("too short"),
    });
    expect(inspectZip(bytes.subarray(0, bytes.length - 30))).toMatchObject({ ok: false });
    expect(inspectZip(new TextEncoder().encode("x".repeat(100)))).toMatchObject({
      ok: false,
      problem: expect.stringContaining("end-of-central-directory"),
    });
    // A count that cannot fit in the directory is refused before looping over it.
    const lying = new Uint8Array(bytes);
    const eocd = Buffer.from(lying.buffer).lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    Buffer.from(lying.buffer).writeUInt16LE(60_000, eocd + 10);
    expect(inspectZip(lying)).toMatchObject({ ok: false, problem: expect.stringContaining("declares 60000 entries") });
  });
});
