import type { Catalog } from "@lexnav/catalog";

/**
 * The documents a request is scoped to: those it lists, those filed under the transaction set it names,
 * or, with both, the listed ones of that set; undefined when it names neither (everything the asker may
 * read). A set with no documents, or lists that do not meet, scope to nothing: the answer is a silence,
 * never a search of everything. Whether the asker may read them is the search's own filter.
 */
export function requestScope(
  catalog: Pick<Catalog, "listDocuments">,
  request: { documentIds?: readonly string[]; transactionSetId?: string },
): string[] | undefined {
  const listed = request.documentIds && request.documentIds.length > 0 ? [...new Set(request.documentIds)] : undefined;
  if (request.transactionSetId === undefined || request.transactionSetId === "") return listed;
  const members = catalog
    .listDocuments({ lifecycle: ["indexed"], transactionSetId: request.transactionSetId })
    .map((d) => d.id);
  if (!listed) return members;
  const inSet = new Set(members);
  return listed.filter((id) => inSet.has(id));
}
