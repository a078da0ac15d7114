import { LexnavError, toLexnavError } from "@lexnav/core";
import { type Access, sameAccess } from "@lexnav/document-model";

/**
 * A document's record as it stands now, as a rebuild checks it after writing: null when the document is
 * gone or deleted.
 */
export type CurrentRecord = (documentId: string) => Promise<{ access: Access } | null>;

/** What an index build is given to keep up with the changes made while it runs. */
export interface WhileBuilding<D> {
  /** Each document's record now: a delete or an access change made while the build ran is not undone by it. */
  current?: CurrentRecord;
  /**
   * The documents listed again just before the switch: what was indexed while the build ran (ingestion
   * writes into the version that is active, which the switch drops) is taken into the new version. Asked
   * only for documents not in the build (`wanted`, before their text is read).
   */
  meanwhile?: (wanted: (documentId: string, version: string) => boolean) => AsyncIterable<D> | Iterable<D>;
}

/** A document as a build's listings hold it: which version, and the access it is written with. */
export interface ListedDocument {
  documentId: string;
  version: string;
  access: Access;
}

/**
 * A build's writes over its listings (the first, and those for what was indexed meanwhile): each document
 * version is written once, by `write`. `pass` writes what a listing holds that is not written yet and
 * returns the access each was written with (what `reconcileWritten` checks); `unwritten` is what a later
 * listing asks for, before reading a document's text.
 */
export function writeOnce<D extends ListedDocument>(write: (doc: D, progress: boolean) => Promise<void>) {
  const written = new Set<string>();
  const unwritten = (documentId: string, version: string) => !written.has(`${documentId}@${version}`);
  const pass = async (listing: AsyncIterable<D> | Iterable<D>, progress: boolean) => {
    const wrote = new Map<string, Access>();
    for await (const doc of listing) {
      if (!unwritten(doc.documentId, doc.version)) continue;
      await write(doc, progress);
      written.add(`${doc.documentId}@${doc.version}`);
      wrote.set(doc.documentId, doc.access);
    }
    return wrote;
  };
  return { pass, unwritten, count: () => written.size };
}

/** A store whose deletes and access changes reach every index version: the lexical index, the vector store. */
export interface EveryVersionStore {
  removeDocument(documentId: string): Promise<number>;
  setAccess(documentId: string, access: Access): Promise<void>;
}

/** What a rebuild set right of changes made while it ran. */
export interface Reconciled {
  /** Documents deleted after the build read them, removed again. */
  removed: number;
  /** Documents given another access after the build read them (a grant revoked, a wall put up). */
  accessSet: number;
}

/**
 * Sets right what a rebuild wrote from a listing older than the records: a rebuild reads each document
 * (with the access its record had when listed) and writes it into the new version some time later. A
 * delete or an access change made in between reaches every version when it is made, and the write then
 * undoes it: a deleted document's text is written back, a revoked grant is granted again (an access is
 * the document's, in every version). So, once the build is done and before the new version serves, each
 * document written is checked against its record: one deleted is removed again, one whose access differs
 * from what was written gets its access now. A change made after the check reaches every version itself.
 * `written` is the access each document was last written with.
 */
export async function reconcileWritten(
  store: EveryVersionStore,
  written: ReadonlyMap<string, Access>,
  current: CurrentRecord,
): Promise<Reconciled> {
  const done: Reconciled = { removed: 0, accessSet: 0 };
  for (const [documentId, access] of written) {
    const now = await current(documentId);
    if (now === null) {
      await store.removeDocument(documentId);
      done.removed += 1;
    } else if (!sameAccess(now.access, access)) {
      await store.setAccess(documentId, now.access);
      done.accessSet += 1;
    }
  }
  return done;
}

/** Adds what a later check set right to what the build had set right before. */
export function addReconciled(to: Reconciled, more: Reconciled): void {
  to.removed += more.removed;
  to.accessSet += more.accessSet;
}

/**
 * Lists once more just after the switch (what was indexed between the last listing and the switch went
 * into the old version) with `catchUp`, then drops the version replaced (if any), whatever came of it. The rebuilt
 * version serves already, so a failure of the listing says so, and what may be missing from it; its code
 * is kept.
 */
export async function catchUpAfterSwitch(
  store: { dropVersion(indexVersion: string): Promise<void> },
  switched: { indexVersion: string; replaced: string | null },
  catchUp: () => Promise<void>,
): Promise<void> {
  const { indexVersion, replaced } = switched;
  try {
    await catchUp();
  } catch (e) {
    const cause = toLexnavError(e);
    throw new LexnavError(
      cause.code,
      `${cause.message} (the rebuilt index version ${indexVersion} is active; a document ingested while it was switched in may be missing from it until it is ingested again or the index is rebuilt)`,
      { cause: e, retryable: cause.retryable },
    );
  } finally {
    if (replaced !== null) await store.dropVersion(replaced);
  }
}
