import type { Catalog } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import { mayView, type Reader } from "./readable.ts";
import { resolveSetId } from "./set-names.ts";

/**
 * The documents a request is scoped to, of those `reader` may read: those it lists, those filed under
 * the transaction set it names (by id, or by name: `resolveSetId`), or, with both, the listed ones of that set; undefined when it names
 * neither (everything the asker may read). A listed document that is unknown, deleted or not readable,
 * and a set with no indexed member the reader may read, are `not_found` with one message each, so the
 * error tells nothing of documents the reader may not read; a scope is never silently dropped. Lists
 * that do not meet scope to nothing: the answer is a silence, never a search of everything.
 */
export async function requestScope(
  catalog: Pick<Catalog, "listDocuments" | "getDocument" | "transactionSetNames">,
  request: { documentIds?: readonly string[]; transactionSetId?: string },
  reader: Reader,
): Promise<string[] | undefined> {
  const listed = request.documentIds && request.documentIds.length > 0 ? [...new Set(request.documentIds)] : undefined;
  for (const id of listed ?? []) {
    const doc = await catalog.getDocument(id);
    if (!doc || doc.lifecycle === "deleted" || !mayView(reader, doc))
      throw new LexnavError("not_found", `no document "${id}"`);
  }
  if (request.transactionSetId === undefined) return listed;
  // an empty --set is a mistake, never "no scope": it would search everything
  if (request.transactionSetId.trim() === "")
    throw new LexnavError("invalid_argument", "--set needs a transaction set's id or name");
  const setId = await resolveSetId(catalog, request.transactionSetId, reader);
  const members = (await catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: setId }))
    .filter((d) => mayView(reader, d))
    .map((d) => d.id);
  if (members.length === 0) throw new LexnavError("not_found", `no transaction set "${request.transactionSetId}"`);
  if (!listed) return members;
  const inSet = new Set(members);
  return listed.filter((id) => inSet.has(id));
}
