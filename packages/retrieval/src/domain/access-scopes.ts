import { sha256Hex } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";

/**
 * A slice of the corpus a corpus-fitted model may learn from: every document in it is readable by
 * every principal the scope's `access` lets read, so a principal who may use the scope's model may
 * read every text the model learnt its vocabulary from. The model is then no oracle for text the
 * principal may not read.
 */
export interface AccessScope {
  /** Stable key: `group:<name>`, `principal:<id>`, or `access:<hash>` for an access with exceptions. */
  key: string;
  /** Who may use the scope's model: `mayRead(principal, access)`. */
  access: Access;
}

const sortedSet = (xs: readonly string[]) => [...new Set(xs)].sort();

/** Whether an access carries a deny entry (an ethical wall), which may exclude a reader its grants let in. */
function hasExceptions(access: Access): boolean {
  return (access.deny?.principals.length ?? 0) + (access.deny?.groups.length ?? 0) > 0;
}

/** The access as canonical JSON: lists sorted and deduplicated, in a fixed field order. */
function canonical(access: Access): string {
  return JSON.stringify({
    principals: sortedSet(access.principals),
    groups: sortedSet(access.groups),
    deny: { principals: sortedSet(access.deny?.principals ?? []), groups: sortedSet(access.deny?.groups ?? []) },
  });
}

/**
 * The scopes a document with `access` belongs to. Each plain grant (one group, one principal) is a
 * scope of its own: whoever holds the grant may read every document carrying it, so one model per
 * grant serves its holders (a reader of "everything the eval group reads" gets one model fitted on
 * all of it, not one per deal). An access with exceptions (a deny entry overrides a grant) is a
 * scope of its own, keyed by the whole access, so a denied member of a granted group never queries
 * a model that learnt the document's words.
 */
export function accessScopes(access: Access): AccessScope[] {
  if (hasExceptions(access)) {
    return [{ key: `access:${sha256Hex(canonical(access)).slice(0, 24)}`, access }];
  }
  const scopes: AccessScope[] = [];
  for (const g of [...new Set(access.groups)].sort())
    scopes.push({ key: `group:${g}`, access: { principals: [], groups: [g] } });
  for (const p of [...new Set(access.principals)].sort())
    scopes.push({ key: `principal:${p}`, access: { principals: [p], groups: [] } });
  return scopes;
}
