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
export async function loadIndexedDocuments(
  catalog: Catalog,
  filter: Omit<DocumentFilter, "lifecycle"> = {},
): Promise<IndexedDocument[]> {
  const out: IndexedDocument[] = [];
  for (const document of await catalog.listDocuments({ ...filter, lifecycle: ["indexed"] })) {
    const loaded = await loadIndexedDocument(catalog, document);
    if (loaded) out.push(loaded);
  }
  return out;
}

/** One document's current version's nodes and text, or null when it has none stored. */
export async function loadIndexedDocument(catalog: Catalog, document: DocumentRecord): Promise<IndexedDocument | null> {
  if (!document.currentVersion) return null;
  const version = await catalog.getVersion(document.id, document.currentVersion);
  if (!version) return null;
  const nodes = await catalog.getNodes(document.id, document.currentVersion);
  return {
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
  };
}
