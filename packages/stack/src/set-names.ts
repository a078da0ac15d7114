import type { Catalog } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { DocumentRecord } from "@lexnav/document-model";
import { mayView, type Reader } from "./readable.ts";

/** The roles whose title names a deal, best first: the agreement the others amend or attach to. */
const NAMING_ROLES: readonly DocumentRecord["role"][] = ["base_agreement", "restatement", "amendment"];

/**
 * The name a transaction set's documents give it: the title of its base agreement (else a restatement,
 * else the earliest member), in title case when printed in capitals, with the first two parties of
 * that document ("Credit Agreement (Acme Corp. / First Bank, N.A.)"). Null for no member.
 */
export function derivedSetName(members: readonly DocumentRecord[]): string | null {
  const ordered = [...members].sort((a, b) => (a.effectiveDate ?? "9999").localeCompare(b.effectiveDate ?? "9999"));
  const named =
    NAMING_ROLES.map((role) => ordered.find((d) => d.role === role && d.title)).find((d) => d !== undefined) ??
    ordered.find((d) => d.title) ??
    ordered[0];
  if (!named) return null;
  const title = readable(named.title ?? named.fileName.replace(/\.[A-Za-z0-9]+$/, ""));
  const parties = (named.facts?.parties ?? [])
    .slice(0, 2)
    .map(plain)
    .filter((p) => p !== "");
  return parties.length > 0 ? `${title} (${parties.join(" / ")})` : title;
}

/**
 * What `reader` sees a set called: the name an operator gave it, else the name derived from the
 * members `reader` may read (a title or party of a document it may not read is never shown). Null when
 * it may read none of them.
 */
export async function setNameFor(
  catalog: Pick<Catalog, "listDocuments" | "transactionSetNames">,
  setId: string,
  reader: Reader,
  given?: ReadonlyMap<string, string>,
): Promise<string | null> {
  const members = (await catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: setId })).filter((d) =>
    mayView(reader, d),
  );
  if (members.length === 0) return null;
  return (given ?? (await catalog.transactionSetNames())).get(setId) ?? derivedSetName(members);
}

/**
 * The set `idOrName` means to `reader`: a set id as given; else the set an operator named so; else the
 * one set whose derived name it is, among the sets `reader` may read (case and spacing ignored). A
 * name two sets share is `invalid_argument` naming no set; none found is returned as given, so the
 * caller's "no transaction set" error covers it like an unknown id.
 */
export async function resolveSetId(
  catalog: Pick<Catalog, "listDocuments" | "transactionSetNames">,
  idOrName: string,
  reader: Reader,
): Promise<string> {
  const docs = (await catalog.listDocuments({ lifecycle: ["indexed"] })).filter((d) => mayView(reader, d));
  if (docs.some((d) => d.transactionSetId === idOrName)) return idOrName;
  const key = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
  const wanted = key(idOrName);
  const given = await catalog.transactionSetNames();
  for (const [setId, name] of given) if (key(name) === wanted) return setId;
  const bySet = new Map<string, DocumentRecord[]>();
  for (const d of docs)
    if (d.transactionSetId !== null) bySet.set(d.transactionSetId, [...(bySet.get(d.transactionSetId) ?? []), d]);
  const matches = [...bySet].filter(
    ([setId, members]) => !given.has(setId) && key(derivedSetName(members) ?? "") === wanted,
  );
  if (matches.length > 1)
    throw new LexnavError(
      "invalid_argument",
      `"${idOrName}" names ${matches.length} transaction sets: give the set id`,
    );
  return matches[0]?.[0] ?? idOrName;
}

function readable(title: string): string {
  const t = plain(title);
  if (/\p{Ll}/u.test(t)) return t;
  return t
    .toLowerCase()
    .replace(/(^|[\s("“-])(\p{L})/gu, (_m, lead: string, c: string) => lead + c.toUpperCase())
    .replace(/(?<=\s)(And|Of|To|The|For|In|On|By|As|Or)(?=\s)/g, (w) => w.toLowerCase());
}

function plain(s: string): string {
  return s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ").trim();
}
