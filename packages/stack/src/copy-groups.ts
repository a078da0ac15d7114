import type { Catalog } from "@lexnav/catalog";
import type { DocumentRecord } from "@lexnav/document-model";
import { type Reader, readableDocuments } from "./readable.ts";

/** Documents recorded as copies of one agreement, of those a reader may see. */
export interface CopyGroup {
  documents: DocumentRecord[];
  /** Every member's served text has the same content key: the same words, page stamps aside. */
  verbatim: boolean;
}

/**
 * The groups of copies of one agreement `reader` may see, from what ingest recorded (`Catalog.listCopies`):
 * documents joined by recorded pairs, both of whose ends the reader may see. A copy the reader may not
 * see is in no group, and joins no two documents it may see into one (no group says it exists).
 */
export async function readableCopyGroups(
  catalog: Pick<Catalog, "listDocuments" | "listCopies">,
  reader: Reader,
): Promise<CopyGroup[]> {
  const docs = await readableDocuments(catalog, reader);
  const at = new Map(docs.map((d, i) => [d.id, i]));
  const parent = docs.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] ?? r;
    return r;
  };
  for (const p of await catalog.listCopies()) {
    const a = at.get(p.documentId);
    const b = at.get(p.copyOf);
    if (a !== undefined && b !== undefined) parent[root(b)] = root(a);
  }
  const groups = new Map<number, DocumentRecord[]>();
  docs.forEach((d, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), d]);
  });
  return [...groups.values()]
    .filter((g) => g.length > 1)
    .map((g) => {
      const key = g[0]?.content?.contentKey;
      return { documents: g, verbatim: key !== undefined && g.every((d) => d.content?.contentKey === key) };
    });
}
