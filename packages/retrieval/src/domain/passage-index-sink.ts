import { LexnavError, toLexnavError } from "@lexnav/core";
import type { Access, ProvisionNode } from "@lexnav/document-model";
import type { LexicalIndex } from "../ports/lexical-index.ts";
import type { VectorStore } from "../ports/vector-store.ts";
import { accessScopes } from "./access-scopes.ts";
import { vectorItems } from "./dense-index.ts";
import { buildPassages, DEFAULT_PASSAGE_OPTIONS, type Passage, type PassageOptions } from "./passages.ts";
import {
  addReconciled,
  catchUpAfterSwitch,
  type Reconciled,
  reconcileWritten,
  type WhileBuilding,
  writeOnce,
} from "./rebuild-reconcile.ts";
import type { SyncEmbedder } from "./search.ts";
import { closeNames } from "./signature-block.ts";

/** Characters of a document's opening kept as its card (title, date, parties, recitals). */
export const CARD_CHARS = 2000;

/**
 * The card of a document: its opening, where an instrument names itself and its parties, after the
 * name it is filed under (a question may name a document by that name alone), and then the names its
 * close gives that the opening does not (`closeNames`): a form names "the Participant identified below"
 * only where it signs.
 */
export function documentCard(text: string, name?: string | null): string {
  const opening = name ? `${name}\n${text.slice(0, CARD_CHARS)}` : text.slice(0, CARD_CHARS);
  if (text.length <= CARD_CHARS) return opening;
  const names = closeNames(text.slice(CARD_CHARS), opening);
  return names ? `${opening}\n${names}` : opening;
}

/** A stored version of a document, as the lexical index is written from it. */
interface StoredDocument {
  documentId: string;
  version: string;
  access: Access;
  nodes: ProvisionNode[];
  text: string;
}

/**
 * Writes one document into a lexical index version: its passages and its card (`documentCard`, under
 * the name it is filed as). Ingestion and `rebuildLexicalIndex` write through it, so a rebuilt index is
 * what ingestion writes today. Returns the passages written.
 */
async function putLexical(
  lexical: LexicalIndex,
  indexVersion: string,
  doc: StoredDocument,
  name: string | null,
  options: PassageOptions,
): Promise<Passage[]> {
  const passages = buildPassages(doc.documentId, doc.version, doc.nodes, doc.text, options);
  await lexical.putDocument(indexVersion, doc.documentId, doc.access, passages, {
    text: documentCard(doc.text, name),
    name,
  });
  return passages;
}

/** Optional stores and facts beyond the lexical index. */
export interface PassageIndexSinkExtras {
  /** Dense index to keep in step: new documents are embedded into its active version, if any. */
  vectors?: VectorStore;
  /** The built-in embedder of a scope of a per-scope version (see `createEmbedderLookup`). */
  embedderFor?: (indexVersion: string, scope?: string) => Promise<SyncEmbedder | null>;
  /** The name a document is filed under (e.g. its file name without extension), put on its card. */
  nameOf?: (documentId: string) => Promise<string | null>;
}

/**
 * Keeps the search stores in step with ingestion: each indexed version is cut into passages and put
 * into the active lexical index version (created on first use) and, when a built-in dense index is
 * active, embedded by the model of each access scope it is in. A scope with no model yet (new, stale,
 * or fitted on too little text) is marked stale, to be fitted with the document by its owner; a
 * scope's model never learns a document's words here. Deletes and access changes reach every
 * version of both stores.
 */
export function createPassageIndexSink(
  lexical: LexicalIndex,
  options: PassageOptions = DEFAULT_PASSAGE_OPTIONS,
  extras: PassageIndexSinkExtras = {},
) {
  const target = async () => {
    const active = await lexical.activeVersion();
    if (active !== null) return active;
    const created = await lexical.createVersion();
    await lexical.activate(created);
    return created;
  };
  const { vectors, embedderFor, nameOf } = extras;
  return {
    async putDocument(doc: StoredDocument): Promise<void> {
      const name = (await nameOf?.(doc.documentId)) ?? null;
      const passages = await putLexical(lexical, await target(), doc, name, options);
      const active = (await vectors?.activeVersion()) ?? null;
      if (!vectors || active === null) return;
      const states = await vectors.scopes(active);
      if (states.length === 0) {
        // An unscoped version (a model embedder's) gets the document's vectors from its owner.
        return;
      }
      const stale = [];
      for (const scope of accessScopes(doc.access)) {
        const state = states.find((s) => s.key === scope.key);
        const embedder = state?.embedderId ? await embedderFor?.(active, scope.key) : null;
        if (embedder)
          await vectors.putDocument(active, doc.documentId, doc.access, vectorItems(embedder, passages), scope.key);
        else stale.push(scope);
      }
      if (stale.length > 0) await vectors.staleScopes(active, stale);
    },
    async removeDocument(documentId: string): Promise<{ passages: number; vectors: number }> {
      return {
        passages: await lexical.removeDocument(documentId),
        vectors: (await vectors?.removeDocument(documentId)) ?? 0,
      };
    },
    async setAccess(documentId: string, access: Access): Promise<void> {
      await lexical.setAccess(documentId, access);
      await vectors?.setAccess(documentId, access);
    },
  };
}

/** What `rebuildLexicalIndex` did. */
export interface LexicalRebuildReport {
  /** The version built and activated. */
  indexVersion: string;
  /** The version it replaced, dropped once the new one serves; null when none was active. */
  replaced: string | null;
  documents: number;
  passages: number;
  /** Documents whose record changed after the build read them, set right before the switch (`reconcileWritten`). */
  reconciled: Reconciled;
  seconds: number;
}

/**
 * Builds a new lexical index version from documents' stored text and trees (passages and cards, as
 * ingestion writes them now), activates it, then drops the version it replaces: how a store indexed by
 * older code gets what passage and card building do today (the names a close gives, say) without
 * ingesting again. The old version serves every query until the new one is whole. Each document keeps
 * the access it is given (walls included), and the dense index is untouched: passage ids come from the
 * stored tree (a node and an ordinal), so its vectors still name the same passages.
 *
 * `documents` is listed three times: once for the build, again just before the switch and once more
 * just after it, each time for what was indexed meanwhile (ingestion writes into the version that is
 * active, which the switch drops), so a document ingested during a rebuild is not lost from the new
 * version. The later listings are asked only for documents not written yet (`wanted`), so they read
 * no stored text the build has already written. A delete or an access change
 * meanwhile reaches every version, the new one included; with `current`, one made between the build's
 * reading a document and writing it is not undone by the write (`reconcileWritten`).
 */
export async function rebuildLexicalIndex(
  lexical: LexicalIndex,
  documents: (wanted?: (documentId: string, version: string) => boolean) => AsyncIterable<StoredDocument>,
  extras: Pick<WhileBuilding<StoredDocument>, "current"> & {
    nameOf?: (documentId: string) => Promise<string | null>;
    options?: PassageOptions;
    onDocument?: (documentId: string) => void;
  } = {},
): Promise<LexicalRebuildReport> {
  const started = performance.now();
  const replaced = await lexical.activeVersion();
  const indexVersion = await lexical.createVersion();
  const reconciled: Reconciled = { removed: 0, accessSet: 0 };
  let passages = 0;
  const { pass, unwritten, count } = writeOnce<StoredDocument>(async (doc, progress) => {
    const name = (await extras.nameOf?.(doc.documentId)) ?? null;
    const put = await putLexical(lexical, indexVersion, doc, name, extras.options ?? DEFAULT_PASSAGE_OPTIONS);
    passages += put.length;
    if (progress) extras.onDocument?.(doc.documentId);
  });
  const reconcile = async (wrote: ReadonlyMap<string, Access>) => {
    if (extras.current) addReconciled(reconciled, await reconcileWritten(lexical, wrote, extras.current));
  };
  try {
    const built = await pass(documents(), true);
    // What was ingested into the old version while the new one was built (a listing that reads only those).
    for (const [id, access] of await pass(documents(unwritten), false)) built.set(id, access);
    await reconcile(built);
  } catch (e) {
    // A half-built version never serves: the one before stays active. What went wrong is the rebuild's
    // own error; a failure to drop the half-built version is added to it, not put in its place.
    try {
      await lexical.dropVersion(indexVersion);
    } catch (dropped) {
      const cause = toLexnavError(e);
      const why = dropped instanceof Error ? dropped.message : String(dropped);
      throw new LexnavError(
        cause.code,
        `${cause.message} (and the half-built index version ${indexVersion} could not be dropped: ${why})`,
        { cause: e, retryable: cause.retryable },
      );
    }
    throw e;
  }
  await lexical.activate(indexVersion);
  // What was ingested between that listing and the switch went into the old version, about to be dropped:
  // listed once more, now that ingestion writes into the new one. The new version serves already, so a
  // failure here says so: what is missing from it is what was ingested in that moment.
  await catchUpAfterSwitch(lexical, { indexVersion, replaced }, async () =>
    reconcile(await pass(documents(unwritten), false)),
  );
  return {
    indexVersion,
    replaced,
    documents: count(),
    passages,
    reconciled,
    seconds: (performance.now() - started) / 1000,
  };
}
