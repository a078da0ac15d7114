import type { Catalog } from "@lexnav/catalog";
import type { DocumentFacts, DocumentRecord } from "@lexnav/document-model";
import {
  type AmendmentEdit,
  amendmentEdits,
  type DocumentProfile,
  type FiledCandidate,
  fileIntoSet,
  groupTransactionSets,
  linkTransactionSet,
  PROFILE_READER,
  profileDocument,
  type TransactionMember,
} from "@lexnav/provisions";
import { type IndexedDocument, loadIndexedDocument } from "./indexed-documents.ts";

/**
 * Re-resolves cross-document references and defined-term uses across one transaction set and
 * stores the updated nodes. Run after any member is added, replaced or removed. Returns how many
 * members' nodes were written (a member erased meanwhile is skipped).
 */
export async function relinkTransactionSet(catalog: Catalog, setId: string): Promise<number> {
  // Read and written under the set-filing lock: a relink from members another process has since changed
  // would otherwise overwrite a newer one.
  return catalog.transaction(async (tx) => {
    await tx.lockSetFiling();
    const members = await setMembers(tx, setId);
    if (members.length === 0) return 0;
    let written = 0;
    for (const m of linkTransactionSet(members)) {
      // A member erased since it was read (deleted or failed by another process) has no version to write
      // links into. Under its document's lock, which erasure takes too, the version seen here stays until
      // commit; the eraser relinks the set without it once this transaction ends.
      await tx.lockDocument(m.documentId);
      if (!(await tx.listVersions(m.documentId)).some((v) => v.version === m.structure.version)) continue;
      await tx.replaceNodes(m.documentId, m.structure.version, m.structure.nodes);
      written++;
    }
    return written;
  });
}

/**
 * The members of a set as the linker and the edit parser read them, optionally only those `include`
 * lets through (a reader's view: a document it may not read is left out as if not stored).
 */
async function setMembers(
  catalog: Catalog,
  setId: string,
  include: (document: DocumentRecord) => boolean = () => true,
): Promise<TransactionMember[]> {
  // Records first: a member the reader may not see is never read from the store.
  const records = (await catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: setId })).filter(include);
  const loaded: IndexedDocument[] = [];
  for (const record of records) {
    const one = await loadIndexedDocument(catalog, record);
    if (one) loaded.push(one);
  }
  return loaded.map(({ document, structure, text }) => ({
    documentId: document.id,
    // profiled at ingest; a record from before facts were kept is profiled from its text again
    profile: storedProfile(document) ?? profileDocument(text, structure),
    effectiveDate: document.effectiveDate,
    structure,
    text,
  }));
}

/**
 * The edits the amendments of a set make to its other documents (`amendmentEdits`), with the members
 * they were read from, derived from the stored text on each call so they always follow the set's
 * present membership (a document added, removed or regrouped changes them at once). `include` limits
 * the members to those a reader may see: an edit is never read from, or aimed into, a document left out.
 */
export async function transactionSetEdits(
  catalog: Catalog,
  setId: string,
  include?: (document: DocumentRecord) => boolean,
): Promise<{ members: TransactionMember[]; edits: AmendmentEdit[] }> {
  const members = await setMembers(catalog, setId, include);
  return { members, edits: amendmentEdits(members) };
}

/**
 * `transactionSetEdits` for a long-lived reader: the edits of a set as one reader sees it are kept
 * against the records they were read from (the readable members' ids, current versions and last
 * changes), so a question re-reads the members' texts only when a member was added, removed, regrouped,
 * re-ingested or profiled again.
 */
export function createTransactionSetEdits(
  catalog: Catalog,
): (setId: string, include: (document: DocumentRecord) => boolean) => Promise<AmendmentEdit[]> {
  const cache = new Map<string, AmendmentEdit[]>();
  return async (setId, include) => {
    const readable = (await catalog.listDocuments({ lifecycle: ["indexed"], transactionSetId: setId })).filter(include);
    // A member's record changes when it is re-ingested, regrouped or profiled again (its role read anew
    // changes what it amends): any of them reads the edits again.
    const key = `${setId}\u0000${readable.map((d) => `${d.id}@${d.currentVersion}@${d.updatedAt}`).join(",")}`;
    let edits = cache.get(key);
    if (!edits) {
      edits = (await transactionSetEdits(catalog, setId, include)).edits;
      if (cache.size >= 64) cache.clear();
      cache.set(key, edits);
    }
    return edits;
  };
}

/** What the catalog keeps of a profile besides title, role and date: what filing needs of the text. */
export function factsOf(p: DocumentProfile): DocumentFacts {
  return {
    parties: p.parties,
    definedParties: p.definedParties,
    amendsAgreement: p.amendsAgreement,
    amendedShortName: p.amendedShortName,
    names: p.names,
    ...(p.instruments !== undefined ? { instruments: p.instruments } : {}),
    ...(p.ownNames !== undefined ? { ownNames: p.ownNames } : {}),
    reader: PROFILE_READER,
  };
}

/** The profile the catalog keeps of a document (title, role, date and facts), or null when it kept no facts. */
export function storedProfile(document: DocumentRecord): DocumentProfile | null {
  if (!document.facts) return null;
  const { reader: _reader, ...facts } = document.facts;
  return {
    title: document.title,
    role: document.role,
    effectiveDate: document.effectiveDate,
    ...facts,
    names: facts.names ?? [],
  };
}

/**
 * A document as the grouping rules read it: its stored title, role and facts. A record profiled
 * before facts were kept is profiled again from its text once, and its facts are stored.
 */
async function candidateOf(catalog: Catalog, document: DocumentRecord, now: string): Promise<FiledCandidate | null> {
  let profile = storedProfile(document);
  if (profile === null) {
    const loaded = await loadIndexedDocument(catalog, document);
    if (!loaded) return null;
    profile = profileDocument(loaded.text, loaded.structure);
    await catalog.setProfile(
      document.id,
      {
        title: document.title,
        role: document.role,
        effectiveDate: document.effectiveDate,
        transactionSetId: document.transactionSetId,
        facts: factsOf(profile),
      },
      now,
    );
  }
  return {
    documentId: document.id,
    fileName: document.fileName,
    profile,
    access: document.access,
    setId: document.transactionSetId,
  };
}

async function candidates(catalog: Catalog, now: string): Promise<FiledCandidate[]> {
  const out: FiledCandidate[] = [];
  for (const d of await catalog.listDocuments({ lifecycle: ["indexed"] })) {
    const c = await candidateOf(catalog, d, now);
    if (c !== null) out.push(c);
  }
  return out;
}

/**
 * Files one newly indexed document that has no set into the transaction set of the documents it
 * belongs with (`fileIntoSet`: an amendment naming its base agreement and sharing a party, or parts
 * of one filed exhibit, in whichever order they arrive), then links that set. Reads the other
 * documents' stored profiles, not their text. Returns the set's id, or null.
 */
export async function fileIntoTransactionSet(
  catalog: Catalog,
  documentId: string,
  now: string,
): Promise<string | null> {
  // The candidates are read and the filing written under the set-filing lock, so replicas indexing related
  // documents at once take turns: the later one sees the earlier one's document and filing.
  const setId = await catalog.transaction(async (tx) => {
    await tx.lockSetFiling();
    const all = await candidates(tx, now);
    const self = all.find((c) => c.documentId === documentId);
    if (!self || self.setId !== null) return null;
    const filed = fileIntoSet(
      self,
      all.filter((c) => c !== self),
    );
    if (filed === null) return null;
    for (const id of filed.joining) await tx.setTransactionSet(id, filed.setId, now);
    return filed.setId;
  });
  if (setId !== null) await relinkTransactionSet(catalog, setId);
  return setId;
}

/**
 * Files every indexed document into transaction sets at once (a store whose documents were indexed
 * without filing), keeping any set already given, then links each touched set. Returns the sets that
 * changed. The ingest pipeline files each document as it is indexed, so on its stores this finds
 * nothing new.
 */
export async function assignTransactionSets(
  catalog: Catalog,
  now: string,
): Promise<Array<{ id: string; documentIds: string[] }>> {
  const all = await candidates(catalog, now);
  const byId = new Map(all.map((c) => [c.documentId, c]));
  const changed: Array<{ id: string; documentIds: string[] }> = [];
  for (const proposal of groupTransactionSets(all)) {
    const members = proposal.documentIds.map((id) => byId.get(id)).filter((c): c is FiledCandidate => c !== undefined);
    const setId = members.find((m) => m.setId !== null)?.setId ?? proposal.id;
    const joining = members.filter((m) => m.setId === null);
    if (joining.length === 0) continue;
    await catalog.transaction(async (tx) => {
      for (const m of joining) await tx.setTransactionSet(m.documentId, setId, now);
    });
    await relinkTransactionSet(catalog, setId);
    changed.push({ id: setId, documentIds: members.map((m) => m.documentId) });
  }
  return changed;
}
