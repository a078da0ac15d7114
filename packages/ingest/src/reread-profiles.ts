import type { Catalog } from "@lexnav/catalog";
import { toLexnavError } from "@lexnav/core";
import type { DocumentFacts, DocumentRecord, DocumentRole, Extraction } from "@lexnav/document-model";
import { type DocumentProfile, groupTransactionSets, PROFILE_READER } from "@lexnav/provisions";
import { createStructurer } from "./structurer.ts";
import { assignTransactionSets, factsOf, relinkTransactionSet, storedProfile } from "./transaction-sets.ts";

/** A field of a document's profile as the catalog keeps it, before and after it was read again. */
export interface ProfileFieldChange<T> {
  before: T;
  after: T;
}

/** What reading a document again changed in its catalog record. */
export interface ProfileChange {
  documentId: string;
  fileName: string;
  title?: ProfileFieldChange<string | null>;
  role?: ProfileFieldChange<DocumentRole>;
  effectiveDate?: ProfileFieldChange<string | null>;
  /** Parties, the instrument amended, the names of the deal: what set filing reads (details not listed). */
  facts?: true;
}

/**
 * A document whose set differs from the one its profile, as now read, would group it into. Reported,
 * never applied: a set may have been regrouped by an operator (`lexnav set add|remove`), and a reader's
 * improvement is no reason to undo that.
 */
export interface RegroupProposal {
  documentId: string;
  fileName: string;
  setId: string | null;
  /** The documents the reader would put it with (its present set-mates excepted), by id. */
  wouldJoin: string[];
  /** Its present set-mates the reader would not put it with, by id. */
  wouldLeave: string[];
}

/** Reads a stored version's profile (rejects with the reason it could not). */
export type ProfileReader = (input: {
  documentId: string;
  version: string;
  extraction: Extraction;
  fileName: string;
}) => Promise<DocumentProfile>;

export interface ProfileRereadReport {
  /** Indexed documents read again. */
  documents: number;
  changed: ProfileChange[];
  /** Documents that could not be read again: their stored profile is kept, with the reason here. */
  failed: Array<{ documentId: string; fileName: string; reason: string }>;
  /** Documents re-ingested while this ran: the ingest wrote a profile of its own, kept as it is. */
  skipped: number;
  /** The reader the profiles were read with (`PROFILE_READER`). */
  reader: string;
  /** Documents whose profile read the same, recorded now as read by this reader (an older one had read them). */
  restamped: number;
  /** Sets formed among documents that had none (the same filing rules as at ingest). */
  filed: Array<{ id: string; documentIds: string[] }>;
  /** Sets whose cross-document links were computed again because a member's profile changed. */
  relinked: string[];
  regroup: RegroupProposal[];
}

/** JSON with object keys in order, so two fact records that differ only in key order compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * Reads every indexed document's title, role, effective date and facts (parties, the instrument it
 * amends, the deal's names) again from its stored current version, as this version of lexnav reads a
 * new document at ingest (`createStructurer`), and writes those that changed. The profile is written
 * once, at ingest; without this a store keeps what an older reader made of its documents (a title that
 * ran on into an address, an amendment read as amending another instrument) until each is ingested
 * anew. The text, the version, the provision nodes and the search indexes are not touched (`lexnav
 * index lexical` rebuilds passages and cards from the same stored text).
 *
 * Each profile is stored with the reader that read it (`PROFILE_READER`); a document whose profile reads
 * the same is only recorded as read by this one (`restamped`), so `lexnav status` stops counting it.
 *
 * Sets: a document without one is filed by the ingest rules (`assignTransactionSets`), and each set a
 * changed member belongs to is linked again. A document already in a set stays there: where the reader
 * would now group it otherwise, that is reported (`regroup`) for an operator to apply.
 */
export async function rereadProfiles(
  catalog: Catalog,
  now: string,
  opts: {
    /**
     * Reads one stored version's profile. Default: the ingest structurer in this process. The CLI and the
     * ingest service read it in the isolated preparer's worker (`IsolatedPreparer.profile`), under the
     * per-file budget ingest has, so a reader that runs away on a stored text fails that document, not the
     * process.
     */
    readProfile?: ProfileReader;
    /** Only the documents another reader profiled (a start-up after an interrupted run resumes there). */
    olderOnly?: boolean;
    /** Report regroupings (default true): a grouping of every profile, which a service's start-up skips. */
    regroup?: boolean;
    onDocument?: (documentId: string) => void;
    /**
     * File documents that have no set (default true). A service replica leaves this to the ingest of each
     * document: replicas reading at once would file the same documents in parallel.
     */
    fileUnfiled?: boolean;
    /** Stops between documents when aborted: what was written stays, the rest keeps its older reading. */
    signal?: AbortSignal;
    /** Reports what would change and writes nothing: no profile, filing or link. */
    dryRun?: boolean;
  } = {},
): Promise<ProfileRereadReport> {
  const readProfile: ProfileReader = opts.readProfile ?? inProcessReader();
  const documents = (await catalog.listDocuments({ lifecycle: ["indexed"] })).filter(
    (d) => !opts.olderOnly || d.facts?.reader !== PROFILE_READER,
  );
  const changed: ProfileChange[] = [];
  const failed: ProfileRereadReport["failed"] = [];
  const touchedSets = new Set<string>();
  let skipped = 0;
  let restamped = 0;
  // what a dry run read, so that its regrouping report is of the profiles as they would be
  const read = new Map<string, DocumentProfile>();
  for (const document of documents) {
    if (opts.signal?.aborted) break;
    try {
      const change = await rereadOne(catalog, readProfile, document, now, opts.dryRun === true, read);
      if (change === "superseded") skipped++;
      else if (change === "restamped") restamped++;
      else if (change !== null) {
        changed.push(change.change);
        if (change.setId !== null) touchedSets.add(change.setId);
      }
    } catch (cause) {
      failed.push({ documentId: document.id, fileName: document.fileName, reason: toLexnavError(cause).message });
    }
    opts.onDocument?.(document.id);
  }
  const filed =
    opts.fileUnfiled === false || opts.dryRun || opts.signal?.aborted ? [] : await assignTransactionSets(catalog, now);
  // a set just formed is linked by the filing itself
  for (const f of filed) touchedSets.delete(f.id);
  const relinked: string[] = [];
  for (const setId of opts.dryRun ? [] : [...touchedSets].sort()) {
    if (opts.signal?.aborted) break;
    await relinkTransactionSet(catalog, setId);
    relinked.push(setId);
  }
  return {
    documents: documents.length,
    changed,
    failed,
    skipped,
    reader: PROFILE_READER,
    restamped,
    filed,
    relinked,
    regroup: opts.regroup === false ? [] : await regroupProposals(catalog, opts.dryRun ? read : undefined),
  };
}

/** The ingest structurer, in this process. */
function inProcessReader(): ProfileReader {
  const structurer = createStructurer();
  return async ({ fileName: _fileName, ...input }) => structurer.structure(input).profile;
}

/**
 * One document read again: its change and set; null when nothing changed; "restamped" when only the reader
 * recorded with it changed; "superseded" when it was ingested again meanwhile.
 */
async function rereadOne(
  catalog: Catalog,
  readProfile: ProfileReader,
  document: DocumentRecord,
  now: string,
  dryRun: boolean,
  read: Map<string, DocumentProfile>,
): Promise<{ change: ProfileChange; setId: string | null } | null | "superseded" | "restamped"> {
  if (!document.currentVersion) return null;
  const version = await catalog.getVersion(document.id, document.currentVersion);
  if (!version) return null;
  const profile = await readProfile({
    documentId: document.id,
    version: version.version,
    fileName: document.fileName,
    extraction: {
      contentType: version.contentType,
      text: version.text,
      blocks: version.blocks,
      pages: version.pages,
      furniture: version.furniture,
      quality: version.quality,
    },
  });
  const facts: DocumentFacts = factsOf(profile);
  if (dryRun) read.set(document.id, profile);
  return catalog.transaction(async (tx) => {
    await tx.lockDocument(document.id);
    const current = await tx.getDocument(document.id);
    // Ingested again (or erased) since its text was read: what is stored now is newer than this reading.
    if (current?.lifecycle !== "indexed" || current.currentVersion !== version.version) return "superseded";
    const change: ProfileChange = { documentId: current.id, fileName: current.fileName };
    if (current.title !== profile.title) change.title = { before: current.title, after: profile.title };
    if (current.role !== profile.role) change.role = { before: current.role, after: profile.role };
    if (current.effectiveDate !== profile.effectiveDate)
      change.effectiveDate = { before: current.effectiveDate, after: profile.effectiveDate };
    const { reader: storedReader, ...storedFacts } = current.facts ?? {};
    const { reader: _reader, ...readFacts } = facts;
    if (current.facts == null || canonical(storedFacts) !== canonical(readFacts)) change.facts = true;
    const unchanged = Object.keys(change).length === 2;
    if (unchanged && storedReader === PROFILE_READER) return null;
    if (dryRun) return unchanged ? "restamped" : { change, setId: current.transactionSetId };
    await tx.setProfile(
      current.id,
      {
        title: profile.title,
        role: profile.role,
        effectiveDate: profile.effectiveDate,
        transactionSetId: current.transactionSetId,
        facts,
      },
      now,
    );
    return unchanged ? "restamped" : { change, setId: current.transactionSetId };
  });
}

/**
 * The documents whose present set differs from the group the filing rules would now make of the
 * stored profiles, or of those a dry run read (`groupTransactionSets` over every indexed document, as
 * filing a store at once does).
 */
async function regroupProposals(
  catalog: Catalog,
  read?: ReadonlyMap<string, DocumentProfile>,
): Promise<RegroupProposal[]> {
  const documents = await catalog.listDocuments({ lifecycle: ["indexed"] });
  const candidates = documents.flatMap((d) => {
    const profile = read?.get(d.id) ?? storedProfile(d);
    return profile ? [{ documentId: d.id, fileName: d.fileName, access: d.access, profile }] : [];
  });
  const groupOf = new Map<string, Set<string>>();
  for (const p of groupTransactionSets(candidates)) {
    const members = new Set(p.documentIds);
    for (const id of p.documentIds) groupOf.set(id, members);
  }
  const setMates = new Map<string, Set<string>>();
  for (const d of documents) {
    if (d.transactionSetId === null) continue;
    const mates = setMates.get(d.transactionSetId) ?? new Set<string>();
    mates.add(d.id);
    setMates.set(d.transactionSetId, mates);
  }
  const out: RegroupProposal[] = [];
  for (const d of documents) {
    if (!d.facts) continue;
    const proposed = groupOf.get(d.id) ?? new Set([d.id]);
    const present =
      d.transactionSetId !== null ? (setMates.get(d.transactionSetId) ?? new Set([d.id])) : new Set([d.id]);
    const wouldJoin = [...proposed].filter((id) => !present.has(id)).sort();
    const wouldLeave = [...present].filter((id) => id !== d.id && !proposed.has(id)).sort();
    if (wouldJoin.length > 0 || wouldLeave.length > 0)
      out.push({ documentId: d.id, fileName: d.fileName, setId: d.transactionSetId, wouldJoin, wouldLeave });
  }
  return out;
}

/**
 * How many indexed documents were profiled by another reader than this lexnav's (`PROFILE_READER`), or
 * before readers were recorded: what `lexnav index profiles` would read again.
 */
export async function profilesOfOtherReaders(catalog: Catalog): Promise<number> {
  return catalog.countProfilesNotBy(PROFILE_READER);
}

/**
 * What a service does at start: reads again the profiles an older reader wrote (`rereadProfiles` on those
 * documents only, so a start after an interrupted run resumes where it stopped), without filing (each
 * replica may run it at once) and without a regrouping report nobody reads, so a deployment of a new
 * lexnav brings its stores' titles, roles, dates and parties up to it without an operator. Null when every
 * profile is this reader's.
 */
export async function rereadOlderProfiles(
  catalog: Catalog,
  now: () => Date,
  opts: { signal?: AbortSignal; readProfile?: ProfileReader } = {},
): Promise<ProfileRereadReport | null> {
  // every start of every replica comes here: when no profile is older (the usual case), a count in the store
  // answers, and no document record is read
  if ((await profilesOfOtherReaders(catalog)) === 0) return null;
  const report = await rereadProfiles(catalog, now().toISOString(), {
    ...opts,
    olderOnly: true,
    fileUnfiled: false,
    regroup: false,
  });
  return report.documents === 0 ? null : report;
}
