import type { Catalog } from "@lexnav/catalog";
import { groupTransactionSets, linkTransactionSet, profileDocument, type TransactionMember } from "@lexnav/provisions";
import { loadIndexedDocuments } from "./indexed-documents.ts";

interface Loaded {
  member: TransactionMember;
  fileName: string;
  setId: string | null;
}

function load(catalog: Catalog, filter: { transactionSetId?: string }): Loaded[] {
  return loadIndexedDocuments(catalog, filter).map(({ document, structure, text }) => ({
    member: {
      documentId: document.id,
      profile: profileDocument(text, structure),
      effectiveDate: document.effectiveDate,
      structure,
      text,
    },
    fileName: document.fileName,
    setId: document.transactionSetId,
  }));
}

/**
 * Re-resolves cross-document references and defined-term uses across one transaction set and
 * stores the updated nodes. Run after any member is added, replaced or removed.
 */
export function relinkTransactionSet(catalog: Catalog, setId: string): number {
  const members = load(catalog, { transactionSetId: setId }).map((l) => l.member);
  if (members.length === 0) return 0;
  const linked = linkTransactionSet(members);
  catalog.transaction(() => {
    for (const m of linked) catalog.replaceNodes(m.documentId, m.structure.version, m.structure.nodes);
  });
  return linked.length;
}

/**
 * Files indexed documents that name each other (an amendment naming its base agreement and sharing
 * a party, or parts of one filed exhibit) into transaction sets, keeping any set given explicitly at
 * ingest, then links each touched set. Returns the sets that changed.
 */
export function assignTransactionSets(catalog: Catalog, now: string): Array<{ id: string; documentIds: string[] }> {
  const loaded = load(catalog, {});
  const byId = new Map(loaded.map((l) => [l.member.documentId, l]));
  const proposals = groupTransactionSets(
    loaded.map((l) => ({ documentId: l.member.documentId, fileName: l.fileName, profile: l.member.profile })),
  );
  const changed: Array<{ id: string; documentIds: string[] }> = [];
  for (const proposal of proposals) {
    const members = proposal.documentIds.map((id) => byId.get(id)).filter((l): l is Loaded => l !== undefined);
    const setId = members.find((m) => m.setId !== null)?.setId ?? proposal.id;
    const joining = members.filter((m) => m.setId === null);
    if (joining.length === 0) continue;
    catalog.transaction(() => {
      for (const m of joining) catalog.setTransactionSet(m.member.documentId, setId, now);
    });
    relinkTransactionSet(catalog, setId);
    changed.push({ id: setId, documentIds: members.map((m) => m.member.documentId) });
  }
  return changed;
}
