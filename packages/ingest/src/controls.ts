import type { Catalog, Control, ControlKey } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { Access, DocumentRecord } from "@lexnav/document-model";
import type { SearchIndexSink } from "./pipeline.ts";

/**
 * The search stores as the catalog's controls leave them: every access a store is given carries the
 * walls in place on the document and on its set at that moment, so each store's own permission filter
 * (not a filter after it) keeps the walled principals and groups out.
 */
export function walledSearchIndex(sink: SearchIndexSink, catalog: Pick<Catalog, "getDocument">): SearchIndexSink {
  const walled = async (documentId: string, access: Access): Promise<Access> => {
    const { deny: _given, ...granted } = access;
    const deny = (await catalog.getDocument(documentId))?.access.deny;
    return deny ? { ...granted, deny } : granted;
  };
  return {
    putDocument: async (doc) => sink.putDocument({ ...doc, access: await walled(doc.documentId, doc.access) }),
    removeDocument: (documentId) => sink.removeDocument(documentId),
    setAccess: async (documentId, access) => sink.setAccess(documentId, await walled(documentId, access)),
  };
}

/** The indexed documents a control reaches: the document, or every indexed member of the set. */
export async function documentsUnder(
  catalog: Catalog,
  scope: Pick<Control, "scope" | "scopeId">,
): Promise<DocumentRecord[]> {
  if (scope.scope === "document") {
    const doc = await catalog.getDocument(scope.scopeId);
    return doc && doc.lifecycle === "indexed" ? [doc] : [];
  }
  return catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: scope.scopeId });
}

/** Whether any wall stands on a set (its members' store access must follow a change of membership). */
export async function setIsWalled(catalog: Catalog, setId: string): Promise<boolean> {
  return (await catalog.listControls({ scope: "set", scopeId: setId })).some(
    (c) => c.kind === "deny_principal" || c.kind === "deny_group",
  );
}

/**
 * Places or lifts a control; a wall's change reaches every store's access of the documents it covers
 * in the same transaction. False when nothing changed.
 */
export async function changeControl(
  catalog: Catalog,
  searchIndex: SearchIndexSink | undefined,
  change: { place: Control } | { lift: ControlKey },
): Promise<boolean> {
  const key = "place" in change ? change.place : change.lift;
  return catalog.transaction(async (tx) => {
    const changed = "place" in change ? await tx.placeControl(change.place) : await tx.liftControl(change.lift);
    if (changed && (key.kind === "deny_principal" || key.kind === "deny_group"))
      for (const doc of await documentsUnder(tx, key)) await searchIndex?.setAccess(doc.id, doc.access);
    return changed;
  });
}

/**
 * The refusal to delete a document under legal hold: who placed the hold, when, and on what. Not
 * retryable: the delete can only succeed after an operator releases the hold.
 */
export function legalHoldError(record: DocumentRecord): LexnavError | null {
  const hold = record.legalHold;
  if (!hold) return null;
  const on = hold.scope === "set" ? ` (a hold on its transaction set ${hold.scopeId})` : "";
  const release = hold.scope === "set" ? `--set ${hold.scopeId}` : hold.scopeId;
  return new LexnavError(
    "conflict",
    `${record.id} is on legal hold since ${hold.since}, by ${hold.by}${on}: it cannot be deleted until the hold is released (lexnav hold ${release} --release)`,
    { retryable: false },
  );
}
