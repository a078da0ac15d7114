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
 *
 * A page of `batch` versions at a time: their texts are read, keyed, compared with the versions keyed
 * before them (as an ingest compares a new version with the stored ones), and their keys and copies
 * written in one short transaction. Only the page's texts and its candidates' are held, whatever the
 * store's size; a process stopped mid-way leaves whole pages keyed, and the next open picks up the rest.
 */
export async function recordMissingCopies(catalog: Catalog, options: { batch?: number } = {}): Promise<number> {
  const limit = Math.max(1, options.batch ?? KEYED_PER_BATCH);
  let keyed = 0;
  let after: VersionRef | undefined;
  for (;;) {
    const page = await catalog.versionsWithoutCopyKey({ ...(after ? { after } : {}), limit });
    const last = page[page.length - 1];
    if (!last) return keyed;
    after = last;
    keyed += await keyPage(catalog, page);
  }
}

/** Keys one page of unkeyed versions and records their copies; returns how many it keyed. */
async function keyPage(catalog: Catalog, page: readonly VersionRef[]): Promise<number> {
  // Read outside any transaction, written in one short one: a store other processes use waits for none of it.
  const texts = new Map<string, string | null>();
  const keys: Array<VersionRef & { key: ReturnType<typeof keyOf> }> = [];
  for (const m of page) {
    const stored = await catalog.getVersion(m.documentId, m.version);
    const doc = await catalog.getDocument(m.documentId);
    if (!stored || !doc) continue;
    texts.set(`${m.documentId}@${m.version}`, stored.text);
    keys.push({ ...m, key: keyOf(stored.text, doc.fileName) });
  }
  if (keys.length === 0) return 0;
  const before = await catalog.listCopyKeys();
  const among = [...before, ...keys.map((k) => ({ documentId: k.documentId, version: k.version, ...k.key }))];
  const sampled = (k: (typeof among)[number]) => ({ id: k.documentId, contentKey: k.contentKey, sample: k.sample });
  // indexed by this page's shingles only: the index follows the page, not the store
  const index = copyIndex(among.map(sampled), among.slice(before.length).map(sampled));
  const copiesOf = new Map<string, VersionRef[]>();
  for (const [i, k] of keys.entries()) {
    const text = texts.get(`${k.documentId}@${k.version}`);
    if (text == null) continue;
    // The versions keyed before it, this page's earlier ones included: each pair is decided once, by its later one.
    const others = among.slice(0, before.length + i).filter((o) => o.documentId !== k.documentId);
    const candidates = index.candidates({ id: k.documentId, ...k.key });
    copiesOf.set(`${k.documentId}@${k.version}`, await decided(catalog, text, candidates, others, texts));
  }
  await catalog.transaction(async (tx) => {
    for (const k of keys) {
      await tx.putCopyKey(k.documentId, k.version, k.key);
      const copies = copiesOf.get(`${k.documentId}@${k.version}`) ?? [];
      if (copies.length > 0) await tx.recordCopies(k.documentId, k.version, copies);
    }
  });
  return keys.length;
}

/** Versions keyed per page (and per transaction) when a store is keyed at open. */
const KEYED_PER_BATCH = 50;
