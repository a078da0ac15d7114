import { createHash, createHmac } from "node:crypto";

/** Content hash used as a document version: sha256 of the bytes, hex. */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** A short stable id derived from parts (not a security boundary; used for node ids). */
export function stableId(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url").slice(0, 16);
}

/**
 * Keyed hash (HMAC-SHA256, hex) of a text: lets a record prove what text it held without keeping it,
 * where a plain hash of a short quote could be guessed by hashing candidates.
 */
export function hmacSha256Hex(key: Uint8Array, text: string): string {
  return createHmac("sha256", key).update(text).digest("hex");
}
