/** Fixtures of the catalog's tests: the contract suite (catalog-contract.ts) and each adapter's own cases. */
import type { AuditEntry, StoredVersion } from "@lexnav/catalog";
import { emptyFlags, type ProvisionNode } from "@lexnav/document-model";

/** The time every fixture write is stamped with. */
export const NOW = "2026-01-01T00:00:00.000Z";
/** Access that grants no one. */
export const NONE = { principals: [], groups: [] };

/** A one-paragraph, one-page text version `v` of document "doc-1". */
export function version(text: string, v = "v1"): StoredVersion {
  return {
    documentId: "doc-1",
    version: v,
    byteLength: text.length,
    contentType: "text/plain",
    textLength: text.length,
    extractedAt: NOW,
    quality: { status: "ok", issues: [], pageCount: 1, charCount: text.length },
    text,
    blocks: [{ kind: "paragraph", start: 0, end: text.length }],
    pages: [{ page: 1, start: 0, end: text.length }],
    furniture: [],
  };
}

/** A node of document "doc-1": the document root when `parentId` is null, else a section "1." under it. */
export function node(id: string, start: number, end: number, parentId: string | null): ProvisionNode {
  return {
    id,
    documentId: "doc-1",
    parentId,
    kind: parentId ? "section" : "document",
    clauseRef: parentId ? "1." : null,
    fullRef: parentId ? "1" : null,
    title: null,
    headingPath: [],
    start,
    end,
    depth: parentId ? 1 : 0,
    page: 1,
    tokenCount: 1,
    flags: emptyFlags(end - start),
    keywords: [],
    definesTerms: [],
    xrefs: [],
    termUses: [],
  };
}

/** An audit entry of alice asking a question on the CLI, with `over` changed. */
export function auditEntry(over: Partial<AuditEntry>): AuditEntry {
  return {
    at: NOW,
    principal: "alice",
    groups: ["deal-team"],
    channel: "cli",
    action: "ask",
    operator: false,
    question: "When does the supply agreement expire?",
    mode: "hybrid",
    scope: null,
    documentIds: [],
    answerId: null,
    target: null,
    ...over,
  };
}
