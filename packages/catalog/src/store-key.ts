import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { LexnavError } from "@lexnav/core";

const KEY_BYTES = 32;

/** Where the secret key of the store at `dbPath` lives: beside the store, never inside it. */
export function storeKeyPath(dbPath: string): string {
  return `${dbPath}.key`;
}

/**
 * The store's secret key for keyed hashes of erased text, created on first use (mode 0600). It is
 * kept outside the database file so that a copy of the store alone cannot test guesses against the
 * hashes it keeps. An in-memory store gets a key of its own that lives as long as the process.
 */
export function loadStoreKey(dbPath: string): Uint8Array {
  if (dbPath === ":memory:" || dbPath === "") return randomBytes(KEY_BYTES);
  const path = storeKeyPath(dbPath);
  try {
    mkdirSync(dirname(path), { recursive: true });
    try {
      // "wx": two processes creating the key at once keep the first one written.
      writeFileSync(path, randomBytes(KEY_BYTES), { flag: "wx", mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    chmodSync(path, 0o600);
    const key = readFileSync(path);
    if (key.length < KEY_BYTES) throw new Error(`${path} holds ${key.length} bytes, expected ${KEY_BYTES}`);
    return key;
  } catch (cause) {
    throw new LexnavError("unavailable", `cannot read or create the store key at ${path}`, {
      cause,
      retryable: false,
    });
  }
}
