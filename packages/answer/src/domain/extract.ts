import { citeableClause, type DocumentRecord, type ProvisionNode } from "@lexnav/document-model";
import type { RetrievedPassage } from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import type { EvidenceItem } from "./evidence.ts";

/** What building an extract reads from the catalog. */
export interface ExtractDeps {
  text: SourceText;
  document: (documentId: string) => DocumentRecord | null;
  /** The provision a passage belongs to (for its clause reference); null when unknown. */
  node?: (documentId: string, version: string, nodeId: string) => ProvisionNode | null;
}

/**
 * The filed name of a document: its file name without extension, else its title. A label is one line
 * of plain text (answers cite `[label] Clause` on one line): controls in a name read as spaces.
 */
export function documentLabel(doc: DocumentRecord | null, documentId: string): string {
  if (!doc) return documentId;
  const plain = (s: string | null) => (s ?? "").replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ").trim();
  return plain(doc.fileName.replace(/\.[A-Za-z0-9]+$/, "")) || plain(doc.title) || documentId;
}

/** Whether `p` overlaps a span already in `spans` (same document version): an extract keeps each stretch once. */
export function overlapsAny(
  spans: readonly Pick<RetrievedPassage, "documentId" | "version" | "start" | "end">[],
  p: Pick<RetrievedPassage, "documentId" | "version" | "start" | "end">,
): boolean {
  return spans.some(
    (e) => e.documentId === p.documentId && e.version === p.version && e.start < p.end && p.start < e.end,
  );
}

/**
 * Turns retrieved passages (best first) into the extract an answer may cite: verbatim text, document
 * role and effective date, clause reference. Passages whose text is gone are skipped; overlapping
 * passages of one version are kept once.
 */
export function buildExtract(passages: readonly RetrievedPassage[], deps: ExtractDeps): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  for (const p of passages) {
    const text = deps.text(p.documentId, p.version);
    if (text === null || p.end <= p.start || p.end > text.length) continue;
    if (overlapsAny(items, p)) continue;
    const doc = deps.document(p.documentId);
    const node = deps.node?.(p.documentId, p.version, p.nodeId) ?? null;
    items.push({
      id: `E${items.length + 1}`,
      documentId: p.documentId,
      version: p.version,
      nodeId: p.nodeId,
      start: p.start,
      end: p.end,
      text: text.slice(p.start, p.end),
      docLabel: documentLabel(doc, p.documentId),
      role: doc?.role ?? "unknown",
      effectiveDate: doc?.effectiveDate ?? null,
      transactionSetId: doc?.transactionSetId ?? null,
      clauseRef: node ? citeableClause(node) : null,
    });
  }
  return items;
}
