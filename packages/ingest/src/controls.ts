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
  const walled = (documentId: string, access: Access): Access => {
    const { deny: _given, ...granted } = access;
    const deny = catalog.getDocument(documentId)?.access.deny;
    return deny ? { ...granted, deny } : granted;
  };
  return {
    putDocument: (doc) => sink.putDocument({ ...doc, access: walled(doc.documentId, doc.access) }),
    removeDocument: (documentId) => sink.removeDocument(documentId),
    setAccess: (documentId, access) => sink.setAccess(documentId, walled(documentId, access)),
  };
}

/** The indexed documents a control reaches: the document, or every indexed member of the set. */
export function documentsUnder(catalog: Catalog, scope: Pick<Control, "scope" | "scopeId">): DocumentRecord[] {
  if (scope.scope === "document") {
    const doc = catalog.getDocument(scope.scopeId);
    return doc && doc.lifecycle === "indexed" ? [doc] : [];
  }
  return catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: scope.scopeId });
}

/** Whether any wall stands on a set (its members' store access must follow a change of membership). */
export function setIsWalled(catalog: Catalog, setId: string): boolean {
  return catalog
    .listControls({ scope: "set", scopeId: setId })
    .some((c) => c.kind === "deny_principal" || c.kind === "deny_group");
}

/**
 * Places or lifts a control; a wall's change reaches every store's access of the documents it covers
 * in the same transaction. False when nothing changed.
 */
export function changeControl(
  catalog: Catalog,
  searchIndex: SearchIndexSink | undefined,
  change: { place: Control } | { lift: ControlKey },
): boolean {
  const key = "place" in change ? change.place : change.lift;
  return catalog.transaction(() => {
    const changed = "place" in change ? catalog.placeControl(change.place) : catalog.liftControl(change.lift);
    if (changed && (key.kind === "deny_principal" || key.kind === "deny_group"))
      for (const doc of documentsUnder(catalog, key)) searchIndex?.setAccess(doc.id, doc.access);
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
