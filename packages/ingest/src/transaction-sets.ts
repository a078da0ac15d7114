import type { Catalog } from "@lexnav/catalog";
import type { DocumentStructure } from "@lexnav/document-model";
import { linkTransactionSet, profileDocument, type TransactionMember } from "@lexnav/provisions";
import type { Structurer } from "./structurer.ts";

/** Loads the indexed members of a transaction set as the linker needs them. */
function loadMembers(catalog: Catalog, setId: string): TransactionMember[] {
  const members: TransactionMember[] = [];
  for (const doc of catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: setId })) {
    if (!doc.currentVersion) continue;
    const version = catalog.getVersion(doc.id, doc.currentVersion);
    if (!version) continue;
    const nodes = catalog.getNodes(doc.id, doc.currentVersion);
    const structure: DocumentStructure = {
      documentId: doc.id,
      version: doc.currentVersion,
      nodes,
      definitions: nodes.flatMap((n) => n.definesTerms.map((term) => ({ term, documentId: doc.id, nodeId: n.id }))),
      toc: { span: null, listedRefs: [], foundRefs: [] },
    };
    members.push({
      documentId: doc.id,
      profile: profileDocument(version.text, structure),
      effectiveDate: doc.effectiveDate,
      structure,
      text: version.text,
    });
  }
  return members;
}

/**
 * Re-resolves cross-document references and defined-term uses across one transaction set and
 * stores the updated nodes. Run after any member is added, replaced or removed.
 */
export function relinkTransactionSet(catalog: Catalog, _structurer: Structurer, setId: string, _now: string): number {
  const members = loadMembers(catalog, setId);
  if (members.length === 0) return 0;
  const linked = linkTransactionSet(members);
  catalog.transaction(() => {
    for (const m of linked) catalog.replaceNodes(m.documentId, m.structure.version, m.structure.nodes);
  });
  return linked.length;
}
