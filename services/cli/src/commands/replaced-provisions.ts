import { type Catalog, cachedVersionNode } from "@lexnav/catalog";
import type { ReplacedProvision } from "@lexnav/eval";
import { createTransactionSetEdits } from "@lexnav/ingest";

/**
 * The provisions of a document's deal that an amending clause replaced, deleted or amended in part
 * (an insertion supersedes no text), read from the
 * set's amendment edits (every member, as the evaluator sees the store), once per set: what
 * `lexnav eval answers` measures superseded text cited as current against. A document of no set has
 * none (an amendment filed alone edits no document of the store).
 */
export function createReplacedProvisions(
  catalog: Catalog,
): (documentId: string) => Promise<readonly ReplacedProvision[]> {
  const setEdits = createTransactionSetEdits(catalog);
  const node = cachedVersionNode(catalog);
  const bySet = new Map<string, Promise<ReplacedProvision[]>>();
  const read = async (setId: string): Promise<ReplacedProvision[]> => {
    const out: ReplacedProvision[] = [];
    for (const e of await setEdits(setId, () => true)) {
      if (e.kind === "insert" || e.targetDocumentId === null || e.targetNodeId === null) continue;
      const version = (await catalog.getDocument(e.targetDocumentId))?.currentVersion ?? null;
      if (version === null) continue;
      const span = e.targetSpan ?? (await node(e.targetDocumentId, version, e.targetNodeId));
      if (!span) continue;
      const clause = { documentId: e.amendmentDocumentId, start: e.start, end: e.end };
      out.push({
        replaced: { documentId: e.targetDocumentId, start: span.start, end: span.end },
        by: e.newText ? [clause, { documentId: e.amendmentDocumentId, ...e.newText }] : [clause],
        whole: e.kind === "replace" || e.kind === "delete",
      });
    }
    return out;
  };
  return async (documentId) => {
    const setId = (await catalog.getDocument(documentId))?.transactionSetId ?? null;
    if (setId === null) return [];
    let found = bySet.get(setId);
    if (!found) {
      found = read(setId);
      bySet.set(setId, found);
    }
    return found;
  };
}
