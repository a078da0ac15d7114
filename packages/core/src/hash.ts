import { createHash } from "node:crypto";

/** Content hash used as a document version: sha256 of the bytes, hex. */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** A short stable id derived from parts (not a security boundary; used for node ids). */
export function stableId(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url").slice(0, 16);
}
