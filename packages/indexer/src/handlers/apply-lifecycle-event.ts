import type { Catalog } from "@lexnav/catalog";
import { inSpan, LexnavError } from "@lexnav/core";
import type { DocumentRecord } from "@lexnav/document-model";
import type { LifecycleEvent } from "../domain/lifecycle-event.ts";
import type { Application, AppliedChange, AppliedChangeLog } from "../ports/applied-change-log.ts";
import type { StageStore } from "../ports/stage-store.ts";

/**
 * What a stage reads from the catalog (the record, the version's text and its provision tree), and where it
 * acknowledges a version it has prepared.
 */
export type StageCatalog = Pick<Catalog, "getDocument" | "getVersion" | "getNodes" | "acknowledgeVersion">;

/** The name a document is filed under, as the embedded stack puts it on its card: the file name without extension. */
const filedName = (fileName: string) => fileName.replace(/\.[A-Za-z0-9]+$/, "");

/** Why an event changed nothing, for the log. */
export type Outcome =
  | {
      status: "applied";
      documentId: string;
      version: string;
      changeKind: Application["changeKind"];
      /** The log's row: when it was applied, and the command and event times it came from. */
      change: AppliedChange;
    }
  | {
      /**
       * A pending version prepared and acknowledged by this store; `served`: the acknowledgement found the
       * version served (it completed the set, or a redelivery found it done), so `version-served` goes out.
       */
      status: "prepared";
      documentId: string;
      version: string;
      served: boolean;
      waitingFor: string[];
    }
  | { status: "duplicate" | "skipped" | "ignored" };

/** The document as a stage indexes it: the version's text and provisions, under the document's current access. */
async function indexable(catalog: StageCatalog, doc: DocumentRecord, version: string) {
  const stored = await catalog.getVersion(doc.id, version);
  if (!stored) return null;
  const nodes = await catalog.getNodes(doc.id, version);
  return { documentId: doc.id, version, access: doc.access, nodes, text: stored.text, name: filedName(doc.fileName) };
}

/**
 * Applies one lifecycle event to a stage's store, once. Each kind compares the catalog (what is true
 * now) with what the store holds, under the store's write lock:
 * - indexed, for a version the catalog holds as pending (waiting for the stores): prepared and
 *   acknowledged (`prepareVersion`), not applied; the store keeps serving the previous version;
 * - served, or indexed for a version the catalog already serves: applied only when the event's version
 *   is the catalog's current one and the store does not hold it yet, so an older version never overwrites
 *   a newer one and a redelivery changes nothing;
 * - deleted: applied when the catalog no longer holds the document and the store does (a document
 *   ingested again since keeps the store's copy; its own event brings the new version); a store that never
 *   held it drops what it prepared ahead for it (`StageStore.discard`), and nothing is logged as applied;
 * - access changed: the catalog's current access is applied to a document the store holds (an upsert
 *   not yet applied takes the current access with it).
 * A redelivered event is found in the log by its stream sequence and changes nothing.
 *
 * An indexed event naming a document the catalog has no record of cannot be right: the ingest service
 * writes the catalog before it publishes, and a record outlives its document's deletion. The stage reads
 * a catalog that is behind or not the ingest service's; the error is retryable, so the event is retried
 * with backoff and, if the catalog never has it, dead-lettered for an operator to replay after the fix.
 */
export async function applyLifecycleEvent(
  deps: {
    catalog: StageCatalog;
    store: StageStore;
    log: AppliedChangeLog;
    /** The stores that must acknowledge a version before it is served; absent: this store alone. */
    requiredStores?: readonly string[];
    now?: () => Date;
  },
  event: LifecycleEvent,
  ref: { eventKey: string; publishedAt: string },
): Promise<Outcome> {
  if (event.kind === "other") return { status: "ignored" };
  const { catalog, store } = deps;
  if (event.kind === "indexed") {
    const doc = await catalog.getDocument(event.documentId);
    // A version waiting for the stores: prepared and acknowledged here, applied when `version-served` comes.
    if (doc?.lifecycle === "indexed" && doc.pendingVersion === event.version && doc.currentVersion !== event.version)
      return await prepareVersion({ ...deps, catalog, store }, doc, event.version);
  }
  const logged = { ...ref, commandAt: event.commandAt, documentId: event.documentId };
  const result = await deps.log.applyOnce(logged, async (state): Promise<Application | null> => {
    const doc = await catalog.getDocument(event.documentId);
    if (doc === null && event.kind === "indexed")
      throw new LexnavError(
        "not_found",
        `the catalog has no document ${event.documentId} (version ${event.version}): is this stage reading the catalog the ingest service writes?`,
        { retryable: true },
      );
    const held = await state.held(event.documentId);
    switch (event.kind) {
      // A served version is applied; so is an indexed one the catalog served at once (the embedded stack's
      // ingest wrote it current) or served already (this event redelivered after the switch).
      case "served":
      case "indexed": {
        if (doc?.lifecycle !== "indexed" || doc.currentVersion !== event.version) return null;
        if (held === event.version) return null;
        const indexed = await indexable(catalog, doc, event.version);
        if (!indexed) return null;
        await inSpan(
          `lexnav.${store.name}.upsert`,
          {
            "lexnav.document_id": event.documentId,
            "lexnav.version": event.version,
            "lexnav.node_count": indexed.nodes.length,
            "lexnav.text_length": indexed.text.length,
          },
          () => store.upsert(indexed),
        );
        return { documentId: event.documentId, version: event.version, changeKind: "upsert", holds: event.version };
      }
      case "deleted": {
        if (held === null || (doc && doc.lifecycle !== "deleted")) return null;
        await inSpan(
          `lexnav.${store.name}.remove`,
          { "lexnav.document_id": event.documentId, "lexnav.version": held },
          async (span) => span.setAttribute("lexnav.removed_count", await store.remove(event.documentId)),
        );
        return { documentId: event.documentId, version: held, changeKind: "delete", holds: null };
      }
      case "access-changed": {
        if (held === null || !doc || doc.lifecycle === "deleted") return null;
        await inSpan(
          `lexnav.${store.name}.set_access`,
          { "lexnav.document_id": event.documentId, "lexnav.version": held },
          () => store.setAccess(event.documentId, doc.access),
        );
        return { documentId: event.documentId, version: held, changeKind: "access", holds: held };
      }
    }
  });
  // Deleted before a version of it reached the store: what was prepared ahead of the switch goes too. Outside
  // the log's transaction, which keeps nothing of an event that applied nothing.
  if (event.kind === "deleted" && result.status === "skipped" && store.discard) {
    const doc = await catalog.getDocument(event.documentId);
    if (doc === null || doc.lifecycle === "deleted") await store.discard(event.documentId);
  }
  return result.status === "applied"
    ? {
        status: "applied",
        documentId: result.change.documentId,
        version: result.change.version,
        changeKind: result.change.changeKind,
        change: result.change,
      }
    : result;
}

/**
 * The first phase of the switch to a new version: the store does the expensive part ahead (the vector
 * store embeds the passages into its cache; the lexical one has nothing to do), then acknowledges the
 * version in the catalog. Nothing readers see changes: the store keeps the served version's passages, and
 * the catalog serves the new one only once every required store acknowledged it. Idempotent: preparing
 * again finds the work done, and acknowledging again changes nothing.
 */
async function prepareVersion(
  deps: { catalog: StageCatalog; store: StageStore; requiredStores?: readonly string[]; now?: () => Date },
  doc: DocumentRecord,
  version: string,
): Promise<Outcome> {
  const { catalog, store } = deps;
  const indexed = await indexable(catalog, doc, version);
  if (!indexed) return { status: "skipped" };
  if (store.prepare)
    await inSpan(
      `lexnav.${store.name}.prepare`,
      {
        "lexnav.document_id": doc.id,
        "lexnav.version": version,
        "lexnav.node_count": indexed.nodes.length,
        "lexnav.text_length": indexed.text.length,
      },
      () => (store.prepare as NonNullable<StageStore["prepare"]>)(indexed),
    );
  const ack = await catalog.acknowledgeVersion(
    doc.id,
    version,
    store.name,
    deps.requiredStores ?? [store.name],
    (deps.now ?? (() => new Date()))().toISOString(),
  );
  if (ack.status === "superseded") {
    // Deleted while this replica prepared it (after the delete's own discard ran): drop what it just kept.
    if ((await catalog.getDocument(doc.id))?.lifecycle !== "indexed") await store.discard?.(doc.id);
    return { status: "skipped" };
  }
  return {
    status: "prepared",
    documentId: doc.id,
    version,
    served: ack.status === "served",
    waitingFor: ack.waitingFor,
  };
}
