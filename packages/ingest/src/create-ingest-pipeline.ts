import { randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Catalog } from "@lexnav/catalog";
import { type IngestLimits, inSpan, type Logger, sha256Hex, stableId, toLexnavError } from "@lexnav/core";
import type { Access, DocumentRecord, FailureReason } from "@lexnav/document-model";
import { type DocumentExtractor, extractDocument } from "@lexnav/extract";
import type { IngestPipeline, IngestRequest, IngestResult, SearchIndexSink } from "./pipeline.ts";
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
   * Extraction of one file. Absent: in this process, unbounded; a process that ingests files it did
   * not write passes `createIsolatedExtractor()`, which keeps each file inside its memory and time budget.
   */
  extractor?: DocumentExtractor;
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
  const extract = deps.extractor ? deps.extractor.extract.bind(deps.extractor) : extractDocument;

  const searchIndex = deps.searchIndex;

  /** The rest of the set of a document no longer indexed keeps no link into it. */
  const relinkWithout = (record: DocumentRecord | null): void => {
    const setId = record?.transactionSetId;
    if (!setId) return;
    try {
      relinkTransactionSet(catalog, setId);
    } catch (cause) {
      logger.warn("transaction set linking failed", { setId, error: toLexnavError(cause).message });
    }
  };

  const failed = (record: DocumentRecord, reported: FailureReason): IngestResult => {
    // An unexpected error's own message goes to the log under a reference, never into the record.
    const ref = reported.detail !== undefined ? randomUUID().slice(0, 8) : null;
    const failure: FailureReason = {
      code: reported.code,
      reason: ref ? `${reported.reason} (internal error; ref ${ref} in the ingest log)` : reported.reason,
    };
    // A failed document is never searchable, including a version indexed before it turned bad.
    catalog.transaction(() => {
      catalog.setLifecycle(record.id, "failed", failure, now());
      searchIndex?.removeDocument(record.id);
    });
    relinkWithout(record);
    logger.warn("document failed", {
      documentId: record.id,
      code: failure.code,
      reason: failure.reason,
      ...(ref ? { ref, detail: reported.detail } : {}),
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

  async function readBytes(source: string, fileName: string): Promise<Uint8Array | FailureReason> {
    try {
      const info = await stat(source);
      if (!info.isFile()) return { code: "invalid_argument", reason: `${fileName}: not a regular file` };
      if (info.size > limits.maxFileBytes) {
        return {
          code: "too_large",
          reason: `${fileName}: ${info.size} bytes exceeds the limit of ${limits.maxFileBytes} bytes`,
        };
      }
      return new Uint8Array(await readFile(source));
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      return {
        code: code === "ENOENT" ? "not_found" : "unavailable",
        reason: `${fileName}: cannot read ${source} (${code ?? toLexnavError(cause).message})`,
      };
    }
  }

  async function ingest(request: IngestRequest): Promise<IngestResult> {
    const source = request.bytes ? request.source : canonicalSource(request.source);
    const fileName = request.fileName ?? basename(request.source);
    const id = documentIdFor(source);
    const existing = catalog.getDocument(id);

    const bytesOrFailure = request.bytes ?? (await readBytes(source, fileName));
    const version = bytesOrFailure instanceof Uint8Array ? sha256Hex(bytesOrFailure) : null;

    // Identical bytes already indexed: a no-op (access is still brought up to date).
    if (existing && existing.lifecycle === "indexed" && version !== null && existing.currentVersion === version) {
      if (!sameAccess(existing.access, request.access)) {
        catalog.transaction(() => {
          catalog.setAccess(id, request.access, now());
          searchIndex?.setAccess(id, request.access);
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
        nodeCount: catalog.getNodes(id, version).length,
        transactionSetId: existing.transactionSetId,
        qualityStatus: catalog.getVersion(id, version)?.quality.status ?? null,
      };
    }

    const record = catalog.upsertReceived({ id, source, fileName, access: request.access }, now());
    if (!(bytesOrFailure instanceof Uint8Array)) return failed(record, bytesOrFailure);
    const bytes = bytesOrFailure;
    const versionId = version as string;

    const outcome = await extract({ bytes, fileName, limits });
    if (!outcome.ok) return failed(record, outcome.error);
    const extraction = outcome.value;

    let built: ReturnType<Structurer["structure"]>;
    try {
      built = structurer.structure({ documentId: id, version: versionId, extraction });
    } catch (cause) {
      const e = toLexnavError(cause);
      return failed(record, { code: "internal", reason: `${fileName}: structure detection failed`, detail: e.message });
    }

    const stamp = now();
    // A new version stays in the set its document was filed under unless the request says otherwise.
    const transactionSetId = request.transactionSetId ?? existing?.transactionSetId ?? null;
    try {
      catalog.transaction(() => {
        catalog.putVersion(id, {
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
        catalog.setCurrentVersion(id, versionId, extraction.contentType, stamp);
        catalog.setLifecycle(id, "extracted", null, stamp);
        catalog.setProfile(
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
        catalog.replaceNodes(id, versionId, built.structure.nodes);
        searchIndex?.putDocument({
          documentId: id,
          version: versionId,
          access: request.access,
          nodes: built.structure.nodes,
          text: extraction.text,
        });
        catalog.setLifecycle(id, "indexed", null, stamp);
      });
    } catch (cause) {
      const e = toLexnavError(cause);
      return failed(
        record,
        e.code === "internal"
          ? { code: e.code, reason: `${fileName}: could not store the document`, detail: e.message }
          : { code: e.code, reason: `${fileName}: could not store the document: ${e.message}` },
      );
    }

    let setId = transactionSetId ?? null;
    try {
      // Filed under a set given (or kept): link it. Else file it with the documents it belongs with,
      // whichever of them arrived first.
      if (setId !== null) relinkTransactionSet(catalog, setId);
      else setId = fileIntoTransactionSet(catalog, id, stamp);
    } catch (cause) {
      // Filing and linking across documents is an enrichment: the document itself is indexed and stays so.
      logger.warn("transaction set filing or linking failed", { setId, error: toLexnavError(cause).message });
    }

    const final = catalog.getDocument(id);
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
    };
  }

  return {
    // One span per document: its id, type and outcome (never its text).
    ingest: (request) =>
      inSpan("lexnav.ingest", { "lexnav.file": request.fileName ?? basename(request.source) }, async (span) => {
        const r = await ingest(request);
        span.setAttributes({
          "lexnav.document_id": r.documentId,
          "lexnav.status": r.status,
          ...(r.failure ? { "lexnav.failure_code": r.failure.code } : {}),
        });
        return r;
      }),
    async remove(documentId) {
      const record = catalog.getDocument(documentId);
      const removed = catalog.transaction(() => {
        const removed = catalog.markDeleted(documentId, now());
        if (removed) searchIndex?.removeDocument(documentId);
        return removed;
      });
      if (removed) relinkWithout(record);
      return removed;
    },
    async setAccess(documentId, access) {
      return catalog.transaction(() => {
        const changed = catalog.setAccess(documentId, access, now());
        if (changed) searchIndex?.setAccess(documentId, access);
        return changed;
      });
    },
  };
}

function sameAccess(a: Access, b: Access): boolean {
  const norm = (x: Access) => JSON.stringify([[...new Set(x.principals)].sort(), [...new Set(x.groups)].sort()]);
  return norm(a) === norm(b);
}
