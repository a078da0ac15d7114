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

/** Whether an access carries anything beyond plain grants (e.g. deny entries), each of which may exclude a reader. */
function hasExceptions(access: Access): boolean {
  return Object.entries(access).some(
    ([field, value]) =>
      field !== "principals" && field !== "groups" && value !== undefined && value !== null && !isEmptyList(value),
  );
}

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/** The access as canonical JSON: keys sorted, lists sorted and deduplicated. */
function canonical(access: Access): string {
  const entries = Object.entries(access)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? [...new Set(v.map(String))].sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
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
