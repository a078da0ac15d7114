import { inflateRawSync } from "node:zlib";

/** One entry of a zip central directory, as declared (nothing is decompressed to list it). */
export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflate; anything else is unsupported for our purposes. */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local file header. */
  localHeaderOffset: number;
}

export type ZipInspection = { ok: true; entries: ZipEntry[] } | { ok: false; problem: string };

/** Limits a zip must stay inside before anyone decompresses it. */
export interface ZipSafetyLimits {
  /** Sum of declared uncompressed sizes allowed. */
  maxExpandedBytes: number;
  /** The setting that holds `maxExpandedBytes`, named in the refusal so a person can raise it. */
  setting?: string;
  maxEntries?: number;
  /** Compression ratio above which an entry larger than `ratioMinBytes` is treated as a bomb. */
  maxRatio?: number;
  ratioMinBytes?: number;
}

/** Why a zip is refused: `malicious` for bombs, `encrypted` for password-protected entries, `corrupt` otherwise. */
export interface ZipProblem {
  code: "malicious" | "corrupt" | "encrypted";
  message: string;
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;

/** True when the bytes start with a zip local file header (`PK\x03\x04`), or are an empty zip. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06))
  );
}

/**
 * Reads a zip's End Of Central Directory (with ZIP64 extensions) and its central directory entries.
 * Declared sizes only: nothing is decompressed, so a zip bomb costs nothing to inspect.
 */
export function inspectZip(bytes: Uint8Array): ZipInspection {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const len = bytes.length;
  if (len < 22) return { ok: false, problem: `too short to be a zip archive (${len} bytes)` };

  // EOCD sits at the end, followed by a comment of at most 65,535 bytes.
  let eocd = -1;
  for (let i = len - 22; i >= Math.max(0, len - 22 - U16_MAX); i--) {
    if (view.getUint32(i, true) === EOCD_SIG && i + 22 + view.getUint16(i + 20, true) <= len) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, problem: "no zip end-of-central-directory record (truncated or not a zip)" };

  const diskNumber = view.getUint16(eocd + 4, true);
  const cdDisk = view.getUint16(eocd + 6, true);
  let entryCount = view.getUint16(eocd + 10, true);
  let cdSize = view.getUint32(eocd + 12, true);
  let cdOffset = view.getUint32(eocd + 16, true);

  const needsZip64 = entryCount === U16_MAX || cdSize === U32_MAX || cdOffset === U32_MAX;
  if (needsZip64 || (eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR_SIG)) {
    if (eocd < 20 || view.getUint32(eocd - 20, true) !== ZIP64_LOCATOR_SIG) {
      return { ok: false, problem: "ZIP64 sizes without a ZIP64 locator" };
    }
    const recordOffset = readU64(view, eocd - 20 + 8);
    if (recordOffset === null || recordOffset + 56 > len || view.getUint32(recordOffset, true) !== ZIP64_EOCD_SIG) {
      return { ok: false, problem: "ZIP64 end-of-central-directory record missing or out of range" };
    }
    const count64 = readU64(view, recordOffset + 32);
    const size64 = readU64(view, recordOffset + 40);
    const offset64 = readU64(view, recordOffset + 48);
    if (count64 === null || size64 === null || offset64 === null) {
      return { ok: false, problem: "ZIP64 record declares sizes beyond 2^53" };
    }
    entryCount = count64;
    cdSize = size64;
    cdOffset = offset64;
  } else if (diskNumber !== 0 || cdDisk !== 0) {
    return { ok: false, problem: "multi-volume zip archives are not supported" };
  }

  if (cdOffset + cdSize > len) {
    return { ok: false, problem: `central directory (offset ${cdOffset}, ${cdSize} bytes) lies outside the file` };
  }
  // Each central entry takes at least 46 bytes: a larger declared count is a lie we refuse to loop over.
  if (entryCount * 46 > cdSize) {
    return {
      ok: false,
      problem: `declares ${entryCount} entries but the central directory holds at most ${Math.floor(cdSize / 46)}`,
    };
  }

  const decoder = new TextDecoder("utf-8");
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < entryCount; n++) {
    if (p + 46 > cdOffset + cdSize || view.getUint32(p, true) !== CENTRAL_SIG) {
      return { ok: false, problem: `central directory entry ${n + 1} is malformed` };
    }
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    let compressedSize = view.getUint32(p + 20, true);
    let uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    let localHeaderOffset = view.getUint32(p + 42, true);
    const nameStart = p + 46;
    const extraStart = nameStart + nameLen;
    const next = extraStart + extraLen + commentLen;
    if (next > cdOffset + cdSize)
      return { ok: false, problem: `central directory entry ${n + 1} overruns the directory` };
    const name = decoder.decode(bytes.subarray(nameStart, extraStart));

    // ZIP64 extra field: only the values saturated in the fixed header are present, in this order.
    if (uncompressedSize === U32_MAX || compressedSize === U32_MAX || localHeaderOffset === U32_MAX) {
      let q = extraStart;
      let found = false;
      while (q + 4 <= extraStart + extraLen) {
        const id = view.getUint16(q, true);
        const size = view.getUint16(q + 2, true);
        if (id === 0x0001) {
          let r = q + 4;
          const end = r + size;
          const take = (): number | null => {
            if (r + 8 > end) return null;
            const v = readU64(view, r);
            r += 8;
            return v;
          };
          if (uncompressedSize === U32_MAX) uncompressedSize = take() ?? Number.POSITIVE_INFINITY;
          if (compressedSize === U32_MAX) compressedSize = take() ?? Number.POSITIVE_INFINITY;
          if (localHeaderOffset === U32_MAX) localHeaderOffset = take() ?? Number.POSITIVE_INFINITY;
          found = true;
          break;
        }
        q += 4 + size;
      }
      if (!found) return { ok: false, problem: `entry "${name}" has saturated sizes but no ZIP64 extra field` };
    }
    if (localHeaderOffset + 30 > len || !Number.isFinite(compressedSize) || !Number.isFinite(localHeaderOffset)) {
      return { ok: false, problem: `entry "${name}" points outside the file` };
    }
    entries.push({ name, method, flags, compressedSize, uncompressedSize, localHeaderOffset });
    p = next;
  }
  return { ok: true, entries };
}

/**
 * Decides, from declared sizes alone, whether a zip is safe to hand to a decompressor:
 * entry count, total expanded size, per-entry compression ratio, overlapping entries (the
 * "overlapping files" bomb), encrypted entries. Returns null when the zip may be opened.
 */
export function checkZipSafety(bytes: Uint8Array, entries: ZipEntry[], limits: ZipSafetyLimits): ZipProblem | null {
  const maxEntries = limits.maxEntries ?? 10_000;
  const maxRatio = limits.maxRatio ?? 200;
  const ratioMinBytes = limits.ratioMinBytes ?? 1024 * 1024;
  if (entries.length > maxEntries) {
    return {
      code: "malicious",
      message: `zip bomb: ${entries.length.toLocaleString("en-US")} entries (limit ${maxEntries.toLocaleString("en-US")})`,
    };
  }
  let total = 0;
  for (const e of entries) total += e.uncompressedSize;
  if (total > limits.maxExpandedBytes) {
    return {
      code: "malicious",
      message: `zip bomb: declares ${fmt(total)} bytes uncompressed (limit ${fmt(limits.maxExpandedBytes)}${limits.setting ? `, ${limits.setting}` : ""})`,
    };
  }
  for (const e of entries) {
    if (e.uncompressedSize > ratioMinBytes && e.uncompressedSize > maxRatio * Math.max(1, e.compressedSize)) {
      const ratio = Math.round(e.uncompressedSize / Math.max(1, e.compressedSize));
      return {
        code: "malicious",
        message: `zip bomb: entry "${e.name}" expands ${fmt(e.compressedSize)} bytes to ${fmt(e.uncompressedSize)} (${fmt(ratio)}:1)`,
      };
    }
    if ((e.flags & 0x1) !== 0)
      return { code: "encrypted", message: `entry "${e.name}" is encrypted (password required)` };
    if (escapesArchive(e.name)) {
      // Nothing here writes entries to disk, but no honest document names a part this way.
      return { code: "malicious", message: `entry "${printable(e.name)}" names a path outside the archive` };
    }
    if (e.method !== 0 && e.method !== 8) {
      return { code: "corrupt", message: `entry "${e.name}" uses unsupported compression method ${e.method}` };
    }
  }
  // Data ranges must not overlap: overlapping entries let a few KB expand many times over.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ranges: Array<{ start: number; end: number; name: string }> = [];
  for (const e of entries) {
    const start = dataOffset(view, e);
    if (start === null) return { code: "corrupt", message: `entry "${e.name}" has no valid local header` };
    const end = start + e.compressedSize;
    if (end > bytes.length) return { code: "corrupt", message: `entry "${e.name}" runs past the end of the file` };
    ranges.push({ start: e.localHeaderOffset, end, name: e.name });
  }
  ranges.sort((a, b) => a.start - b.start);
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1];
    const cur = ranges[i];
    if (prev && cur && cur.start < prev.end) {
      return { code: "malicious", message: `zip bomb: entries "${prev.name}" and "${cur.name}" overlap` };
    }
  }
  return null;
}

/**
 * Decompresses one entry, refusing to produce more than its declared size: a header that lies
 * about the size (a bomb that passes the declared-size check) fails here without exhausting memory.
 */
export function readZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
): { ok: true; data: Uint8Array } | { ok: false; problem: ZipProblem } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = dataOffset(view, entry);
  if (start === null || start + entry.compressedSize > bytes.length) {
    return { ok: false, problem: { code: "corrupt", message: `entry "${entry.name}" is truncated` } };
  }
  const raw = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (raw.length !== entry.uncompressedSize) {
      return { ok: false, problem: { code: "corrupt", message: `stored entry "${entry.name}" has the wrong size` } };
    }
    return { ok: true, data: raw };
  }
  try {
    const data = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    if (data.length !== entry.uncompressedSize) {
      return {
        ok: false,
        problem: {
          code: "corrupt",
          message: `entry "${entry.name}" expands to ${fmt(data.length)} bytes, not the declared ${fmt(entry.uncompressedSize)}`,
        },
      };
    }
    return { ok: true, data };
  } catch (cause) {
    if ((cause as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      return {
        ok: false,
        problem: {
          code: "malicious",
          message: `zip bomb: entry "${entry.name}" expands beyond its declared ${fmt(entry.uncompressedSize)} bytes`,
        },
      };
    }
    return {
      ok: false,
      problem: { code: "corrupt", message: `entry "${entry.name}" does not decompress (${(cause as Error).message})` },
    };
  }
}

/** An absolute path, a drive letter, a `..` segment or a NUL: a name meant to escape the extraction folder. */
function escapesArchive(name: string): boolean {
  return (
    name.includes("\0") ||
    /^[/\\]/.test(name) ||
    /^[A-Za-z]:/.test(name) ||
    name.split(/[/\\]/).some((segment) => segment === "..")
  );
}

/** A name as it can be shown: control characters escaped. */
function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

function dataOffset(view: DataView, e: ZipEntry): number | null {
  const p = e.localHeaderOffset;
  if (p + 30 > view.byteLength || view.getUint32(p, true) !== LOCAL_SIG) return null;
  return p + 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true);
}

function readU64(view: DataView, at: number): number | null {
  const lo = view.getUint32(at, true);
  const hi = view.getUint32(at + 4, true);
  if (hi > 0x1fffff) return null;
  return hi * 0x100000000 + lo;
}

function fmt(n: number): string {
  return n.toLocaleString("en-US");
}
