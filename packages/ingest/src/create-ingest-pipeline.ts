import { randomUUID } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, resolve } from "node:path";
import type { Catalog, IngestClaim } from "@lexnav/catalog";
import {
  type IngestLimits,
  inSpan,
  LexnavError,
  type Logger,
  processAlive,
  sha256Hex,
  stableId,
  toLexnavError,
  withoutNames,
} from "@lexnav/core";
import { type Access, type DocumentRecord, type FailureReason, sameGrants, validDate } from "@lexnav/document-model";
import { someReaderOfAll } from "@lexnav/provisions";
import { documentsUnder, legalHoldError, setIsWalled, walledSearchIndex } from "./controls.ts";
import { recordCopiesOf } from "./copy-record.ts";
import type {
  DerivedArtefacts,
  ErasureReport,
  IngestPipeline,
  IngestRequest,
  IngestResult,
  SearchIndexSink,
} from "./pipeline.ts";
import { type DocumentPreparer, prepareDocument } from "./prepare.ts";
import { sourceUnderRoots } from "./source-roots.ts";
import { createStructurer, type Structurer } from "./structurer.ts";
import { factsOf, fileIntoTransactionSet, relinkTransactionSet } from "./transaction-sets.ts";

export interface IngestPipelineDeps {
  catalog: Catalog;
  limits: IngestLimits;
  logger: Logger;
  /** Clock, injectable for tests. */
  now?: () => string;
  structurer?: Structurer;
  /** Search stores to keep in step with the catalog (none: catalog only). */
  searchIndex?: SearchIndexSink;
  /**
   * True on a catalog shared with indexing stages (no `searchIndex`): a new version is recorded as pending,
   * and readers keep the previous one until every store has acknowledged it (`Catalog.acknowledgeVersion`).
   * False or absent: the version is current at once, as the stores written in the same transaction are.
   */
  servedOnAcknowledgement?: boolean;
  /** Answer records, written files and the store's free pages, erased on delete (none: nothing beyond the stores). */
  derived?: DerivedArtefacts;
  /**
   * Extraction and structure detection of one file. Absent: in this process with `structurer`,
   * unbounded; a process that ingests files it did not write passes `createIsolatedPreparer()`, which
   * keeps each file inside its memory and time budget.
   */
  preparer?: DocumentPreparer;
  /** This process, as recorded in ingest claims; injectable for tests. */
  owner?: { pid: number; host: string };
  /** Whether a process of this host is alive; injectable for tests. */
  isAlive?: (pid: number) => boolean;
  /**
   * Folders a request's path may be read from (`sourceUnderRoots`). Absent: any path this process can
   * read (the CLI, run by a user on their own files). Given: a path outside every root is refused with
   * a reason and nothing is recorded (the ingest service, which reads paths that others send it).
   */
  sourceRoots?: readonly string[];
}

/** The stable id of the document behind a source location: the same source always maps to the same id. */
export function documentIdFor(source: string): string {
  return `doc_${stableId("document", source)}`;
}

/** Canonical source string: absolute local paths, URLs as given. */
export function canonicalSource(source: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source) ? source : resolve(source);
}

/**
 * The ingest use case: read → extract → structure → enrich → store, with provenance and lifecycle
 * recorded at each step. A document that fails is recorded as failed with its reason, never throws
 * out of `ingest`, and leaves every other document as it was.
 */
export function createIngestPipeline(deps: IngestPipelineDeps): IngestPipeline {
  const { catalog, limits, logger } = deps;
  const now = deps.now ?? (() => new Date().toISOString());
  const structurer = deps.structurer ?? createStructurer();
  const owner = deps.owner ?? { pid: process.pid, host: hostname() };
  const isAlive = deps.isAlive ?? processAlive;
  const preparer: DocumentPreparer = deps.preparer ?? { prepare: (input) => prepareDocument(input, structurer) };

  const searchIndex = deps.searchIndex && walledSearchIndex(deps.searchIndex, catalog);
  const derived = deps.derived;

  /** The rest of the set of a document no longer indexed keeps no link into it. */
  const relinkWithout = async (record: DocumentRecord | null): Promise<void> => {
    const setId = record?.transactionSetId;
    if (!setId) return;
    try {
      await relinkTransactionSet(catalog, setId);
    } catch (cause) {
      logger.warn("transaction set linking failed", { setId, error: toLexnavError(cause).message });
    }
  };

  /** Whether `documentId` with `access` may sit in set `setId` beside its other indexed members. */
  const setAdmits = async (setId: string, documentId: string, access: Access): Promise<boolean> => {
    const others = (await catalog.listDocuments({ transactionSetId: setId, lifecycle: ["indexed"] })).filter(
      (d) => d.id !== documentId,
    );
    return someReaderOfAll([access, ...others.map((d) => d.access)]);
  };

  /**
   * Fails `record` (marked failed with the reason, its versions erased from every store), if `stillDue`
   * (read inside the transaction that fails it) says so; null, with nothing written, when it does not.
   */
  const failedIf = async (
    record: DocumentRecord,
    reported: FailureReason,
    stillDue: (tx: Catalog) => Promise<boolean>,
  ): Promise<IngestResult | null> => {
    // An unexpected error's own message goes to the log under a reference, never into the record.
    const ref = reported.detail !== undefined ? randomUUID().slice(0, 8) : null;
    const failure: FailureReason = {
      code: reported.code,
      reason: ref ? `${reported.reason} (internal error; ref ${ref} in the ingest log)` : reported.reason,
    };
    // A failed document is never searchable or readable, including a version indexed before it
    // turned bad: no stale text is served as if it were the document's.
    const erased = await catalog.transaction(async (tx) => {
      // Erasure holds the document's lock, as set linking does before writing into one of its versions.
      await tx.lockDocument(record.id);
      if (!(await stillDue(tx))) return null;
      await tx.setLifecycle(record.id, "failed", failure, now());
      await searchIndex?.removeDocument(record.id);
      return (await tx.eraseVersions(record.id)).versions;
    });
    if (erased === null) return null;
    // The old text leaves the index structures and the log too, as on a delete.
    if (erased > 0) await derived?.compact();
    await relinkWithout(record);
    // The reason names the file, which only the document's readers may see: the log keeps the code.
    logger.warn("document failed", {
      documentId: record.id,
      code: failure.code,
      ...(ref ? { ref, detail: withoutNames(reported.detail ?? "", [record.source, record.fileName]) } : {}),
    });
    return {
      documentId: record.id,
      source: record.source,
      status: "failed",
      version: null,
      failure,
      title: null,
      role: "unknown",
      nodeCount: 0,
      transactionSetId: null,
      qualityStatus: null,
    };
  };

  /**
   * Reads a local file, refusing anything but a regular file within the size limit before reading it.
   * The file is opened without blocking and checked on the open handle, so a FIFO (or a file swapped
   * for one) never hangs the batch, and a device, socket or symlink loop fails with its reason.
   */
  async function readBytes(source: string, fileName: string): Promise<Uint8Array | FailureReason> {
    let handle: FileHandle | null = null;
    try {
      handle = await open(source, constants.O_RDONLY | constants.O_NONBLOCK);
      const info = await handle.stat();
      if (!info.isFile())
        return { code: "invalid_argument", reason: `${fileName}: not a regular file (${kindOf(info)})` };
      if (info.size > limits.maxFileBytes) {
        return {
          code: "too_large",
          reason: `${fileName}: ${info.size} bytes exceeds the limit of ${limits.maxFileBytes} bytes`,
        };
      }
      // At most the size checked above: a file growing while it is read cannot pass the limit.
      const bytes = new Uint8Array(info.size);
      let filled = 0;
      while (filled < bytes.byteLength) {
        const { bytesRead } = await handle.read(bytes, filled, bytes.byteLength - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled === bytes.byteLength ? bytes : bytes.subarray(0, filled);
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      return {
        code: code === "ENOENT" ? "not_found" : code === "ELOOP" ? "invalid_argument" : "unavailable",
        reason:
          code === "ELOOP"
            ? `${fileName}: too many levels of symbolic links (a symlink loop)`
            : `${fileName}: cannot read ${source} (${code ?? toLexnavError(cause).message})`,
      };
    } finally {
      await handle?.close();
    }
  }

  async function ingest(request: IngestRequest): Promise<IngestResult> {
    const source = request.bytes ? request.source : canonicalSource(request.source);
    const fileName = request.fileName ?? basename(request.source);
    const id = documentIdFor(source);
    // A path outside the roots is refused before anything is read or recorded: the catalog keeps no
    // record of a host path nobody may ingest.
    let readFrom = source;
    if (!request.bytes && deps.sourceRoots !== undefined) {
      const allowed = await sourceUnderRoots(source, fileName, deps.sourceRoots);
      if (!("path" in allowed)) return notIngested(id, source, allowed);
      readFrom = allowed.path;
    }
    // A filing date that is no date is refused before anything is recorded.
    if (request.filedOn !== undefined && !validDate(request.filedOn))
      return notIngested(id, source, {
        code: "invalid_argument",
        reason: `${fileName}: the filing date given is not a date (yyyy-mm-dd)`,
      });
    const existing = await catalog.getDocument(id);
    const requestedAt = request.requestedAt ?? now();
    const superseded = (later: string | null): IngestResult => {
      logger.info("request superseded", { documentId: id, requestedAt, later });
      return { ...nothingWritten(id, source, "superseded"), ...(later !== null ? { supersededBy: later } : {}) };
    };

    const bytesOrFailure = request.bytes ?? (await readBytes(readFrom, fileName));
    const version = bytesOrFailure instanceof Uint8Array ? sha256Hex(bytesOrFailure) : null;

    // Access changes only when the request names it; otherwise a known document keeps its own. A deleted
    // one is gone: ingesting it again is a new arrival.
    const known = existing !== null && existing.lifecycle !== "deleted" ? existing : null;
    const access = request.access ?? known?.access ?? request.initialAccess ?? { principals: [], groups: [] };
    const accessChanged = known !== null && !sameGrants(known.access, access);

    // Identical bytes already indexed: a no-op, but for an access the request names explicitly.
    // A version still waiting for the stores is the newest: the same bytes again change nothing either.
    const newest = existing?.pendingVersion ?? existing?.currentVersion ?? null;
    if (existing && existing.lifecycle === "indexed" && version !== null && newest === version) {
      // Admitted and recorded even when nothing changes: a delete made between it and an older command
      // delivered late still orders against it.
      const later = await catalog.transaction(async (tx) => {
        const refused = await admitted(tx, id, requestedAt);
        if (refused === null && accessChanged) {
          await tx.setAccess(id, access, now());
          await searchIndex?.setAccess(id, access);
        }
        return refused;
      });
      if (later !== null) return superseded(later);
      // The same bytes with a filing date their metadata gives now: the record takes it.
      if (request.filedOn !== undefined && existing.content?.filing?.key !== request.filedOn) {
        const text = (await catalog.getVersion(id, version))?.text ?? "";
        await catalog.transaction(async (tx) => {
          await tx.lockSetFiling();
          await recordCopiesOf(tx, { documentId: id, version, text, fileName, filedOn: request.filedOn ?? null });
        });
      }
      return {
        documentId: id,
        source,
        status: "unchanged",
        version,
        failure: null,
        title: existing.title,
        role: existing.role,
        nodeCount: (await catalog.getNodes(id, version)).length,
        transactionSetId: existing.transactionSetId,
        qualityStatus: (await catalog.getVersion(id, version))?.quality.status ?? null,
        ...(accessChanged ? { accessChanged } : {}),
        ...(existing.pendingVersion === version && existing.currentVersion !== version ? { awaitingStores: true } : {}),
      };
    }

    const receipt = await catalog.transaction(async (tx) => {
      const later = await admitted(tx, id, requestedAt);
      if (later !== null) return { later };
      const received = await tx.upsertReceived({ id, source, fileName, access }, now());
      await tx.claimIngest(id, { ...owner, since: received.updatedAt });
      return { received };
    });
    if ("later" in receipt) return superseded(receipt.later);
    const record = receipt.received;
    const claim: IngestClaim = { ...owner, since: record.updatedAt };
    // A later ingest of the document (which claims it anew) or its delete (which ends the claim), admitted
    // while this one ran, decides what the document is: this one then writes nothing, not even its failure.
    // The later request's time, asked of the catalog by admitting this request again: its own time is
    // recorded already, so that changes nothing, and a later one is answered.
    const takenOver = async (): Promise<IngestResult> =>
      superseded(await catalog.transaction((tx) => admitted(tx, id, requestedAt)));
    const failedWith = async (reason: FailureReason) => {
      const result = await failedIf(record, reason, (tx) => holdsClaim(tx, id, claim));
      return result === null ? takenOver() : { ...result, ...(accessChanged ? { accessChanged } : {}) };
    };
    if (!(bytesOrFailure instanceof Uint8Array)) return failedWith(bytesOrFailure);
    const bytes = bytesOrFailure;
    const versionId = version as string;

    // Extraction and structure detection run as one call (in a worker, under the file's budget): one span,
    // with sizes, counts and codes only.
    const prepared = await inSpan(
      "lexnav.ingest.prepare",
      { "lexnav.document_id": id, "lexnav.version": versionId, "lexnav.bytes": bytes.byteLength },
      async (span) => {
        const p = await preparer.prepare({ bytes, fileName, limits, documentId: id, version: versionId });
        span.setAttributes(
          p.ok
            ? {
                "lexnav.content_type": p.extraction.contentType,
                "lexnav.text_length": p.extraction.text.length,
                "lexnav.quality": p.extraction.quality.status,
                "lexnav.nodes": p.structured.structure.nodes.length,
              }
            : { "lexnav.failure_code": p.error.code },
        );
        return p;
      },
    );
    if (!prepared.ok) return failedWith(prepared.error);
    const { extraction, structured: built } = prepared;

    const stamp = now();
    // A set holds only documents one reader may read all of: a set named in the request that this
    // document's readers could not all read with it is refused; a kept set it no longer fits is left.
    if (request.transactionSetId !== undefined && !(await setAdmits(request.transactionSetId, id, access))) {
      return failedWith({
        code: "permission_denied",
        reason: `${fileName}: cannot be filed under transaction set ${request.transactionSetId}: its documents and this one have no reader in common`,
      });
    }
    const kept = existing?.transactionSetId ?? null;
    const keep = kept !== null && (await setAdmits(kept, id, access)) ? kept : null;
    // A new version stays in the set its document was filed under unless the request says otherwise.
    const transactionSetId = request.transactionSetId ?? keep;
    // The catalog and every search store are written in one transaction: one span for all of them.
    const storeAttributes = {
      "lexnav.document_id": id,
      "lexnav.version": versionId,
      "lexnav.nodes": built.structure.nodes.length,
    };
    let stored: boolean;
    try {
      stored = await inSpan("lexnav.ingest.store", storeAttributes, () =>
        catalog.transaction(async (tx) => {
          await tx.lockDocument(id);
          if (!(await holdsClaim(tx, id, claim))) return false;
          // An access change admitted while this ingest ran is newer than the access it was asked with.
          const readers = (await tx.getDocument(id))?.access ?? access;
          await tx.putVersion(id, {
            documentId: id,
            version: versionId,
            byteLength: bytes.byteLength,
            contentType: extraction.contentType,
            textLength: extraction.text.length,
            extractedAt: stamp,
            quality: extraction.quality,
            text: extraction.text,
            blocks: extraction.blocks,
            pages: extraction.pages,
            furniture: extraction.furniture,
          });
          if (deps.servedOnAcknowledgement === true) await tx.setPendingVersion(id, versionId, stamp);
          else await tx.setCurrentVersion(id, versionId, extraction.contentType, stamp);
          await tx.setLifecycle(id, "extracted", null, stamp);
          await tx.setProfile(
            id,
            {
              title: built.profile.title,
              role: built.profile.role,
              effectiveDate: built.profile.effectiveDate,
              transactionSetId,
              facts: factsOf(built.profile),
            },
            stamp,
          );
          await tx.replaceNodes(id, versionId, built.structure.nodes);
          await searchIndex?.putDocument({
            documentId: id,
            version: versionId,
            access: readers,
            nodes: built.structure.nodes,
            text: extraction.text,
          });
          await tx.setLifecycle(id, "indexed", null, stamp);
          return true;
        }),
      );
    } catch (cause) {
      const e = toLexnavError(cause);
      return failedWith(
        e.code === "internal"
          ? { code: e.code, reason: `${fileName}: could not store the document`, detail: e.message }
          : { code: e.code, reason: `${fileName}: could not store the document: ${e.message}` },
      );
    }
    if (!stored) return takenOver();

    try {
      // Copies of one agreement, found once here; under the filing lock, so two copies ingested at once see each other.
      await catalog.transaction(async (tx) => {
        await tx.lockSetFiling();
        const { text } = extraction;
        await recordCopiesOf(tx, {
          documentId: id,
          version: versionId,
          text,
          fileName,
          filedOn: request.filedOn ?? null,
        });
      });
    } catch (cause) {
      // An enrichment, as set filing is: the version stays indexed, and is keyed when a store is next opened.
      logger.warn("recording copies failed", { documentId: id, error: toLexnavError(cause).message });
    }

    let setId = transactionSetId ?? null;
    // The set it left keeps no link into it.
    if (kept !== null && kept !== transactionSetId) await relinkWithout(existing);
    try {
      // Filed under a set given (or kept): link it. Else file it with the documents it belongs with,
      // whichever of them arrived first.
      if (setId !== null) await relinkTransactionSet(catalog, setId);
      else setId = await fileIntoTransactionSet(catalog, id, stamp);
      // Filed into a walled set: its members' stores take the set's walls.
      if (setId !== null && transactionSetId === null && (await setIsWalled(catalog, setId))) {
        const members = await documentsUnder(catalog, { scope: "set", scopeId: setId });
        await catalog.transaction(async () => {
          for (const m of members) await searchIndex?.setAccess(m.id, m.access);
        });
      }
    } catch (cause) {
      // Filing and linking across documents is an enrichment: the document itself is indexed and stays so.
      logger.warn("transaction set filing or linking failed", { setId, error: toLexnavError(cause).message });
    }

    const final = await catalog.getDocument(id);
    logger.debug("document indexed", { documentId: id, version: versionId, nodes: built.structure.nodes.length });
    return {
      documentId: id,
      source,
      status: "indexed",
      version: versionId,
      failure: null,
      title: final?.title ?? built.profile.title,
      role: final?.role ?? built.profile.role,
      nodeCount: built.structure.nodes.length,
      transactionSetId: final?.transactionSetId ?? setId,
      qualityStatus: extraction.quality.status,
      ...(accessChanged ? { accessChanged } : {}),
    };
  }

  /**
   * A store that cannot be written (busy beyond its timeout, full, gone) fails this document with the
   * store's reason; the catalog may not be writable, so the failure is reported, not recorded.
   */
  async function ingestOrReport(request: IngestRequest): Promise<IngestResult> {
    try {
      return await ingest(request);
    } catch (cause) {
      const e = toLexnavError(cause);
      const fileName = request.fileName ?? basename(request.source);
      const ref = e.code === "internal" ? randomUUID().slice(0, 8) : null;
      logger.warn("document not ingested", { fileName, code: e.code, ...(ref ? { ref, detail: e.message } : {}) });
      const source = request.bytes ? request.source : canonicalSource(request.source);
      const result = notIngested(documentIdFor(source), source, {
        code: e.code,
        reason: ref
          ? `${fileName}: not ingested (internal error; ref ${ref} in the ingest log)`
          : `${fileName}: not ingested: ${e.message}`,
      });
      return e.retryable ? { ...result, retryable: true } : result;
    }
  }

  return {
    // One span per document: its id and outcome (never its text, title, file name or source).
    ingest: (request) =>
      inSpan("lexnav.ingest", {}, async (span) => {
        const r = await ingestOrReport(request);
        span.setAttributes({
          "lexnav.document_id": r.documentId,
          "lexnav.status": r.status,
          "lexnav.nodes": r.nodeCount,
          ...(r.failure ? { "lexnav.failure_code": r.failure.code } : {}),
        });
        return r;
      }),
    async remove(documentId, requestedAt) {
      const record = await catalog.getDocument(documentId);
      if (!record) return null;
      const held = legalHoldError(record);
      if (held) throw held;
      const erased = await catalog.transaction(async (tx) => {
        await refuseIfSuperseded(tx, documentId, "delete", requestedAt ?? now());
        const { versions, nodes } = await tx.eraseVersions(documentId);
        await tx.markDeleted(documentId, now());
        const search = (await searchIndex?.removeDocument(documentId)) ?? { passages: 0, vectors: 0 };
        const artefacts = (await derived?.eraseDocument(documentId)) ?? { answerRecords: 0, files: [] };
        return { documentId, versions, nodes, ...search, ...artefacts };
      });
      await relinkWithout(record);
      const compacted = (await derived?.compact()) ?? { lexicalCompacted: false, walTruncated: false };
      const report: ErasureReport = { ...erased, ...compacted };
      logger.debug("document deleted", { ...report, files: report.files.length });
      return report;
    },
    async recoverInterrupted() {
      const results: IngestResult[] = [];
      for (const record of await catalog.listDocuments({ lifecycle: ["received", "extracted"] })) {
        // The list is a snapshot: on a catalog shared by several processes, another one may finish the
        // document (its claim ends with it) or take it over before this one gets to it. Both are read
        // again under the document's lock, which receiving it takes too, the claim before the state:
        // a claim ends in the same write that moves the document on, so no claim and a state still
        // half-done means no process holds it.
        const interrupted = await failedIf(
          record,
          {
            code: "unavailable",
            reason: `${record.fileName}: ingest was interrupted before the document was indexed (its process ended); ingest it again`,
          },
          async (tx) => {
            await tx.lockDocument(record.id);
            const claim = await tx.ingestClaim(record.id);
            // A claim from another host cannot be checked from here: that host's next run recovers it.
            if (claim !== null && (claim.host !== owner.host || isAlive(claim.pid))) return false;
            const lifecycle = (await tx.getDocument(record.id))?.lifecycle;
            return lifecycle === "received" || lifecycle === "extracted";
          },
        );
        if (interrupted !== null) results.push(interrupted);
      }
      return results;
    },
    async setAccess(documentId, access, requestedAt) {
      return catalog.transaction(async (tx) => {
        // A document the catalog does not hold is reported as such, before anything is recorded of it.
        if ((await tx.getDocument(documentId)) === null) return false;
        await refuseIfSuperseded(tx, documentId, "access change", requestedAt ?? now());
        const changed = await tx.setAccess(documentId, access, now());
        if (changed) await searchIndex?.setAccess(documentId, access);
        return changed;
      });
    },
  };
}

/**
 * Admits a request for a document (`Catalog.admitRequest`) under its lock, inside `tx`: null when admitted,
 * else when the later request the catalog admitted was made.
 */
async function admitted(tx: Catalog, documentId: string, requestedAt: string): Promise<string | null> {
  await tx.lockDocument(documentId);
  return tx.admitRequest(documentId, requestedAt);
}

/** Whether the document is still claimed by the ingest that made `claim` (a later receipt or a delete ends it). */
async function holdsClaim(tx: Catalog, documentId: string, claim: IngestClaim): Promise<boolean> {
  const held = await tx.ingestClaim(documentId);
  return held !== null && held.pid === claim.pid && held.host === claim.host && held.since === claim.since;
}

/** Admits a delete or access change, or refuses it with a `conflict` when a later request was applied first. */
async function refuseIfSuperseded(tx: Catalog, documentId: string, what: string, requestedAt: string): Promise<void> {
  const later = await admitted(tx, documentId, requestedAt);
  if (later !== null)
    throw new LexnavError(
      "conflict",
      `${what} of document ${documentId} made at ${requestedAt} not applied: a later request for it, made at ${later}, was applied first`,
    );
}

/** A document that failed before the catalog recorded anything of it: reported, not recorded. */
function notIngested(documentId: string, source: string, failure: FailureReason): IngestResult {
  return { ...nothingWritten(documentId, source, "failed"), failure };
}

/** The result of a request that wrote no version: nothing read of the document to report. */
function nothingWritten(documentId: string, source: string, status: IngestResult["status"]): IngestResult {
  return {
    documentId,
    source,
    status,
    version: null,
    failure: null,
    title: null,
    role: "unknown",
    nodeCount: 0,
    transactionSetId: null,
    qualityStatus: null,
  };
}

/** What a path that is not a regular file is, in words. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a FIFO";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  return "not a file";
}
