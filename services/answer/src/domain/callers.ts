import { createHash } from "node:crypto";
import { LexnavError } from "@lexnav/core";
import type { Principal } from "@lexnav/retrieval";

/**
 * Who may call the answer service: the principal each bearer token stands for, keyed by the token's
 * sha256 (the file never holds a token itself). With callers configured, a request is answered as the
 * caller its token names, with that caller's groups, whatever principal it claims.
 */
export interface Callers {
  /** The principal a call is answered as, or a refusal (unauthenticated, or asking as someone else). */
  principalFor(authorization: string | undefined, claimed: Principal | undefined): Principal;
}

/** The sha256 hex of a bearer token, as the callers file keys it. */
export function tokenKey(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Reads a callers file (`{"<sha256 hex>": {"id": "...", "groups": ["..."]}}`); throws naming what is wrong. */
export function parseCallers(json: string): Callers {
  let o: unknown;
  try {
    o = JSON.parse(json);
  } catch (e) {
    throw new LexnavError("invalid_argument", `the callers file is not JSON: ${(e as Error).message}`);
  }
  if (!o || typeof o !== "object" || Array.isArray(o))
    throw new LexnavError("invalid_argument", "the callers file must map token hashes to principals");
  const byKey = new Map<string, Principal>();
  for (const [key, v] of Object.entries(o as Record<string, unknown>)) {
    const p = v as { id?: unknown; groups?: unknown };
    if (!/^[0-9a-f]{64}$/.test(key))
      throw new LexnavError(
        "invalid_argument",
        `callers file: "${key.slice(0, 12)}…" is not the sha256 hex of a token`,
      );
    if (
      typeof p?.id !== "string" ||
      p.id === "" ||
      !Array.isArray(p.groups) ||
      !p.groups.every((g) => typeof g === "string")
    )
      throw new LexnavError(
        "invalid_argument",
        `callers file: the entry for ${key.slice(0, 12)}… needs an id and a list of groups`,
      );
    byKey.set(key, { id: p.id, groups: [...(p.groups as string[])] });
  }
  return {
    principalFor(authorization, claimed) {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
      const caller = token ? byKey.get(tokenKey(token)) : undefined;
      if (!caller) throw new LexnavError("unauthenticated", "a bearer token of a known caller is required");
      if (claimed && claimed.id !== "" && claimed.id !== caller.id)
        throw new LexnavError("permission_denied", `this token asks as ${caller.id}; it cannot ask as ${claimed.id}`);
      return { id: caller.id, groups: [...caller.groups] };
    },
  };
}

/**
 * Callers read from a file, read again on `reload()` (the service does on SIGHUP), so a caller added or
 * a token revoked takes effect without a restart. A file that no longer reads as callers throws from
 * `reload()` and leaves the callers as they were: the service never opens up on a broken file.
 */
export function reloadableCallers(read: () => string): Callers & { reload(): void } {
  let current = parseCallers(read());
  return {
    principalFor: (authorization, claimed) => current.principalFor(authorization, claimed),
    reload() {
      current = parseCallers(read());
    },
  };
}
