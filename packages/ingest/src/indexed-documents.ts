import type { Catalog, DocumentFilter } from "@lexnav/catalog";
import type { DocumentRecord, DocumentStructure } from "@lexnav/document-model";

/** An indexed document as the catalog holds it: its record, its current version's tree and text. */
export interface IndexedDocument {
  document: DocumentRecord;
  structure: DocumentStructure;
  text: string;
}

/**
 * Reads the indexed documents (optionally of one transaction set) back from the catalog with their
 * current version's nodes and text: what navindex building and transaction-set linking start from.
 */
export function loadIndexedDocuments(
  catalog: Catalog,
  filter: Omit<DocumentFilter, "lifecycle"> = {},
): IndexedDocument[] {
  const out: IndexedDocument[] = [];
  for (const document of catalog.listDocuments({ ...filter, lifecycle: ["indexed"] })) {
    if (!document.currentVersion) continue;
    const version = catalog.getVersion(document.id, document.currentVersion);
    if (!version) continue;
    const nodes = catalog.getNodes(document.id, document.currentVersion);
    out.push({
      document,
      text: version.text,
      structure: {
        documentId: document.id,
        version: document.currentVersion,
        nodes,
        definitions: nodes.flatMap((n) =>
          n.definesTerms.map((term) => ({ term, documentId: document.id, nodeId: n.id })),
        ),
        // The TOC summary is a report of structure detection; it is not stored with the nodes.
        toc: { span: null, listedRefs: [], foundRefs: [] },
      },
    });
  }
  return out;
}
