import { deflateRawSync } from "node:zlib";
import { Document, Packer, Paragraph } from "docx";
import { describe, expect, it } from "vitest";
import { detectContentType, extensionOf } from "./content-type.ts";

const text = (s: string) => new TextEncoder().encode(s);

function exe(): Uint8Array {
  const b = new Uint8Array(256);
  b.set([0x4d, 0x5a], 0);
  b[0x3c] = 0x80;
  b.set([0x50, 0x45, 0, 0], 0x80);
  return b;
}

/** A one-entry zip (enough for sniffing). */
function zipOf(name: string): Uint8Array {
  const data = deflateRawSync(Buffer.from("x"));
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1, 24);
  central.writeUInt16LE(n.length, 28);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + n.length, 12);
  eocd.writeUInt32LE(30 + n.length + data.length, 16);
  return new Uint8Array(Buffer.concat([local, n, data, central, n, eocd]));
}

describe("detectContentType", () => {
  it("accepts each supported type when extension and bytes agree", async () => {
    const docx = new Uint8Array(
      await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph("x")] }] })),
    );
    expect(detectContentType("a.txt", text("Hello"))).toEqual({ ok: true, contentType: "text/plain" });
    expect(detectContentType("A.HTM", text("<html><body>x</body></html>"))).toEqual({
      ok: true,
      contentType: "text/html",
    });
    expect(detectContentType("edgar.html", text("<DOCUMENT>\n<TYPE>EX-10.1\n<TEXT>"))).toMatchObject({ ok: true });
    expect(detectContentType("a.pdf", text("%PDF-1.4\n..."))).toEqual({ ok: true, contentType: "application/pdf" });
    expect(detectContentType("a.pdf", text("\n\n%PDF-1.4\n"))).toMatchObject({ ok: true }); // header within the first KB
    expect(detectContentType("a.docx", docx)).toMatchObject({
      ok: true,
      contentType: expect.stringContaining("wordprocessingml"),
    });
    // HTML markup inside a .txt is still text.
    expect(detectContentType("a.txt", text("<p>hi</p>"))).toMatchObject({ ok: true, contentType: "text/plain" });
    // "MZ" at the start of a text is not an executable.
    expect(
      detectContentType(
        "a.txt",
        text("MZ Holdings agrees to the terms below and more text follows here ................................."),
      ),
    ).toMatchObject({ ok: true });
  });

  it("refuses unknown extensions as unsupported_type, with a hint", () => {
    expect(detectContentType("x.xyz", text("hi"))).toEqual({
      ok: false,
      error: {
        code: "unsupported_type",
        reason: 'x.xyz: unsupported file type ".xyz"; supported: .txt, .htm, .html, .pdf, .docx',
      },
    });
    expect(detectContentType("setup.exe", exe())).toMatchObject({
      ok: false,
      error: { code: "unsupported_type", reason: expect.stringContaining("executables are not documents") },
    });
    expect(detectContentType("old.doc", text("x"))).toMatchObject({
      ok: false,
      error: { reason: expect.stringContaining("save it as .docx") },
    });
    expect(detectContentType("README", exe())).toMatchObject({
      ok: false,
      error: {
        code: "unsupported_type",
        reason: expect.stringContaining("no file extension (the content is a Windows executable)"),
      },
    });
  });

  it("refuses content that contradicts the extension", () => {
    expect(detectContentType("c.pdf", zipOf("a.txt"))).toMatchObject({
      ok: false,
      error: { code: "corrupt", reason: "c.pdf: named .pdf but the content is a ZIP archive, not a PDF" },
    });
    expect(detectContentType("c.pdf", zipOf("word/document.xml"))).toMatchObject({
      ok: false,
      error: { reason: expect.stringContaining("a Word (DOCX) document") },
    });
    expect(detectContentType("c.pdf", text("hello"))).toMatchObject({
      ok: false,
      error: { code: "corrupt", reason: "c.pdf: not a PDF (no %PDF- header)" },
    });
    expect(detectContentType("c.docx", zipOf("a.txt"))).toMatchObject({
      ok: false,
      error: { reason: expect.stringContaining("without word/document.xml") },
    });
    expect(detectContentType("c.docx", text("%PDF-1.7"))).toMatchObject({
      ok: false,
      error: { reason: "c.docx: named .docx but the content is a PDF document" },
    });
    expect(detectContentType("c.txt", text("%PDF-1.7"))).toMatchObject({ ok: false, error: { code: "corrupt" } });
    expect(detectContentType("c.html", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toMatchObject({
      ok: false,
      error: { reason: "c.html: named .html but the content is a PNG image" },
    });
    expect(detectContentType("c.html", text("plain words only"))).toMatchObject({
      ok: false,
      error: { reason: "c.html: named .html but contains no HTML markup" },
    });
  });

  it("tells a password-protected DOCX from a legacy .doc (both OLE containers)", () => {
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(detectContentType("a.docx", ole)).toMatchObject({
      ok: false,
      error: { code: "unsupported_type", reason: expect.stringContaining("legacy Word .doc") },
    });
    ole.set(Buffer.from("EncryptionInfo", "utf16le"), 512);
    expect(detectContentType("a.docx", ole)).toMatchObject({ ok: false, error: { code: "encrypted" } });
  });

  it("reads extensions case-insensitively from paths", () => {
    expect(extensionOf("/tmp/dir.v2/Contract.PDF")).toBe("pdf");
    expect(extensionOf("C:\\docs\\a.DocX")).toBe("docx");
    expect(extensionOf("/tmp/dir.v2/README")).toBeNull();
    expect(extensionOf(".bashrc")).toBeNull();
  });
});
