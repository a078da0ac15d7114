import { constants } from "node:buffer";
import { inflateSync } from "node:zlib";

/** What the Flate-compressed streams of a PDF inflate to, or that they pass a limit. */
export type PdfInflation = { ok: true; bytes: number } | { ok: false; bytes: number };

const STREAM = Buffer.from("stream");
const END_STREAM = Buffer.from("endstream");
/** How far back from `stream` a stream's dictionary is looked for. */
const DICT_WINDOW = 4096;

/**
 * Inflates the PDF's Flate-compressed streams that pdf.js decodes to read text (page contents,
 * forms, fonts, object streams; not images, which text extraction never decodes) and stops as soon
 * as their total passes `limit`. A PDF can hold a stream that inflates a thousandfold; pdf.js would
 * inflate it whole in memory, so the total is measured first, one stream at a time, each capped at
 * what is left of the budget. Streams that do not inflate (damaged, or encrypted) are left to pdf.js.
 */
export function measurePdfInflation(pdf: Uint8Array, limit: number): PdfInflation {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  for (let at = buf.indexOf(STREAM); at >= 0; at = buf.indexOf(STREAM, at + STREAM.length)) {
    if (at >= 3 && buf.toString("latin1", at - 3, at) === "end") continue;
    let start = at + STREAM.length;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    else if (buf[start - 1] !== 0x0d) continue; // "stream" inside other text
    const dict = dictionaryBefore(buf, at);
    if (dict === null || !firstFilterIsFlate(dict) || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    const end = streamEnd(buf, start, dict);
    if (end === null) continue;
    try {
      const out = inflateSync(buf.subarray(start, end), {
        maxOutputLength: Math.min(limit - total + 1, constants.MAX_LENGTH),
      });
      total += out.length;
    } catch (cause) {
      if ((cause as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return { ok: false, bytes: limit + 1 };
      // not Flate after all, damaged or encrypted: pdf.js decides
    }
    if (total > limit) return { ok: false, bytes: total };
    at = end;
  }
  return { ok: true, bytes: total };
}

/** The text between the start of the stream's object (`obj`) and the `stream` keyword. */
function dictionaryBefore(buf: Buffer, at: number): string | null {
  const from = Math.max(0, at - DICT_WINDOW);
  const text = buf.toString("latin1", from, at);
  const obj = text.lastIndexOf("obj");
  const dict = obj >= 0 ? text.slice(obj + 3) : text;
  return dict.includes("<<") ? dict : null;
}

function firstFilterIsFlate(dict: string): boolean {
  const m = /\/Filter\s*(?:\[\s*)?\/([A-Za-z0-9]+)/.exec(dict);
  return m !== null && (m[1] === "FlateDecode" || m[1] === "Fl");
}

/** End of the stream's data: its direct `/Length`, else the next `endstream`. */
function streamEnd(buf: Buffer, start: number, dict: string): number | null {
  const direct = /\/Length\s+(\d+)(?!\d)(?!\s+\d+\s+R)/.exec(dict);
  if (direct) {
    const end = start + Number(direct[1]);
    if (end <= buf.length) return end;
  }
  const end = buf.indexOf(END_STREAM, start);
  return end >= 0 ? end : null;
}
