import type { Catalog, VersionRef } from "@lexnav/catalog";
import { contentKey, copiesOneAgreement, copyIndex, copySample, filingFor } from "@lexnav/document-model";

/**
 * Copies of one agreement, recorded when a version is ingested: its content key (the normalised words
 * of its extracted text), the sample of shingles that finds its copies among the stored versions, its
 * filing (from the document's metadata, else its file name, and which), and the stored versions it is
 * a copy of (`copiesOneAgreement`). Readers read the record: they never compare texts at query time.
 */

/** The copy key of one version's text, as recorded. */
function keyOf(text: string, fileName: string, filedOn?: string | null) {
  return { contentKey: contentKey(text), sample: copySample(text), filing: filingFor(fileName, filedOn) };
}

/**
 * Records the copy key of `documentId`'s `version` and the other documents' served (or pending)
 * versions it is a copy of. Run on `tx` inside the catalog transaction that stores the version, or on
 * its own after it: a version left without its key is keyed by `recordMissingCopies`.
 */
export async function recordCopiesOf(
  catalog: Catalog,
  ref: VersionRef & { text: string; fileName: string; filedOn?: string | null },
): Promise<VersionRef[]> {
  const key = keyOf(ref.text, ref.fileName, ref.filedOn);
  await catalog.putCopyKey(ref.documentId, ref.version, key);
  const others = (await catalog.listCopyKeys()).filter((k) => k.documentId !== ref.documentId);
  const index = copyIndex(others.map((k) => ({ id: k.documentId, contentKey: k.contentKey, sample: k.sample })));
  const copies = await decided(catalog, ref.text, index.candidates({ id: ref.documentId, ...key }), others);
  await catalog.recordCopies(ref.documentId, ref.version, copies);
  return copies;
}

/** The candidates whose stored text `copiesOneAgreement` reads as a copy of `text`. */
async function decided(
  catalog: Catalog,
  text: string,
  candidates: readonly string[],
  keyed: readonly VersionRef[],
  texts = new Map<string, string | null>(),
): Promise<VersionRef[]> {
  const out: VersionRef[] = [];
  for (const id of candidates)
    for (const k of keyed.filter((x) => x.documentId === id)) {
      const at = `${k.documentId}@${k.version}`;
      if (!texts.has(at)) texts.set(at, (await catalog.getVersion(k.documentId, k.version))?.text ?? null);
      const other = texts.get(at);
      if (other != null && copiesOneAgreement(text, other)) out.push(k);
    }
  return out;
}

/**
 * Keys the served and pending versions stored without a copy key (by a lexnav before copies were
 * recorded, or an ingest that stopped between storing a version and keying it), from their stored
 * text, and records their copies: a store opened by this lexnav has every version keyed, with no
 * re-ingest and no re-embedding. Their filing is read from the file name (the metadata given at their
 * ingest was not kept). Returns how many versions it keyed.
 */
export async function recordMissingCopies(catalog: Catalog): Promise<number> {
  const missing = await catalog.versionsWithoutCopyKey();
  if (missing.length === 0) return 0;
  const texts = new Map<string, string | null>();
  // Read outside any transaction, written in short ones: a store other processes use waits for none of it.
  for (let at = 0; at < missing.length; at += KEYED_PER_TRANSACTION) {
    const keys: Array<VersionRef & { key: ReturnType<typeof keyOf> }> = [];
    for (const m of missing.slice(at, at + KEYED_PER_TRANSACTION)) {
      const stored = await catalog.getVersion(m.documentId, m.version);
      const doc = await catalog.getDocument(m.documentId);
      if (!stored || !doc) continue;
      texts.set(`${m.documentId}@${m.version}`, stored.text);
      keys.push({ ...m, key: keyOf(stored.text, doc.fileName) });
    }
    await catalog.transaction(async (tx) => {
      for (const k of keys) await tx.putCopyKey(k.documentId, k.version, k.key);
    });
  }
  const keyed = await catalog.listCopyKeys();
  const index = copyIndex(keyed.map((k) => ({ id: k.documentId, contentKey: k.contentKey, sample: k.sample })));
  const sampleOf = new Map(keyed.map((k) => [`${k.documentId}@${k.version}`, k]));
  for (const m of missing) {
    const own = sampleOf.get(`${m.documentId}@${m.version}`);
    const text = texts.get(`${m.documentId}@${m.version}`);
    if (!own || text == null) continue;
    const candidates = index.candidates({ id: m.documentId, contentKey: own.contentKey, sample: own.sample });
    const others = keyed.filter((k) => k.documentId !== m.documentId);
    const copies = await decided(catalog, text, candidates, others, texts);
    if (copies.length > 0) await catalog.recordCopies(m.documentId, m.version, copies);
  }
  return missing.length;
}

/** Versions keyed per transaction when a store is keyed at open. */
const KEYED_PER_TRANSACTION = 50;
