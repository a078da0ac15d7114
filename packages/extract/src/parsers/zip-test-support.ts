/**
 * Test helpers: writes zip archives byte by byte, so tests can build the hostile ones no zip library
 * will (sizes that lie, escaping names, parts no Word writes). Not part of the package's API.
 */
import { crc32, deflateRawSync } from "node:zlib";
import { Document, Packer, Paragraph } from "docx";
import { inspectZip, readZipEntry } from "./zip-inspect.ts";

export interface ZipPart {
  name: string;
  data: Uint8Array | string;
  /** Store instead of deflating. */
  store?: boolean;
  /** The uncompressed size the headers declare; defaults to the true size. */
  declaredSize?: number;
}

/** A zip archive of `parts`, in order, with a central directory and end record. */
export function buildZip(parts: ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const raw = typeof part.data === "string" ? Buffer.from(part.data, "utf8") : Buffer.from(part.data);
    const body = part.store ? raw : deflateRawSync(raw);
    const name = Buffer.from(part.name, "utf8");
    const method = part.store ? 0 : 8;
    const size = part.declaredSize ?? raw.length;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** The parts of a real one-paragraph DOCX written by the `docx` package, inflated. */
export async function minimalDocxParts(): Promise<ZipPart[]> {
  const bytes = new Uint8Array(
    await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph("Hi")] }] })),
  );
  const zip = inspectZip(bytes);
  if (!zip.ok) throw new Error(zip.problem);
  return zip.entries.map((entry) => {
    const read = readZipEntry(bytes, entry);
    if (!read.ok) throw new Error(read.problem.message);
    return { name: entry.name, data: read.data };
  });
}

/** A Word document body of `inner` (WordprocessingML between `<w:body>` and `</w:body>`). */
export function documentXml(inner: string, prolog = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'): string {
  return `${prolog}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${inner}</w:body></w:document>`;
}

/** A real DOCX whose `word/document.xml` is replaced by `xml`, plus any `extra` parts. */
export async function docxWithDocument(xml: string | Uint8Array, extra: ZipPart[] = []): Promise<Uint8Array> {
  const parts = (await minimalDocxParts()).map((p) => (p.name === "word/document.xml" ? { ...p, data: xml } : p));
  return buildZip([...parts, ...extra]);
}

/** A paragraph of one run of `text`. */
export function paragraph(text: string): string {
  return `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
}
