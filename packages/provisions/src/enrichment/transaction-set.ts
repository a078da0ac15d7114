import type {
  Access,
  CrossReference,
  DefinedTerm,
  DocumentStructure,
  ProvisionNode,
  TermUse,
} from "@lexnav/document-model";
import { type DocumentProfile, isPartyRole } from "../profile/profile-document.ts";
import { createNodeLookup, type NodeLookup } from "./cross-references.ts";
import { ownSegments } from "./own-text.ts";
import { createTermScanner } from "./term-uses.ts";

/** One document of a transaction set, as the linker needs it (structure already enriched). */
export interface TransactionMember {
  documentId: string;
  profile: DocumentProfile;
  effectiveDate: string | null;
  structure: DocumentStructure;
  text: string;
}

/**
 * Links the members of one transaction set to each other, returning new members (inputs untouched):
 * - External cross-references ("Section 2.1 of the Credit Agreement", a bare reference in an
 *   amendment that points into the amended agreement, "as defined in the Purchase Agreement") are
 *   matched to the member they name and resolved there: status stays "external", `targetDocumentId`
 *   and `targetNodeId` are set (document-kind references point at the member's root node).
 * - Term uses of terms not defined locally but defined in another member are added with that
 *   member's `definitionDocumentId` / `definitionNodeId` (the amended agreement first, then the
 *   other members by effective date).
 * Which member a name means: the amended instrument's short name or title ("Agreement", "Credit
 * Agreement") → the member whose title names that instrument, else the base agreement or restatement
 * in force at the amendment's date; any other name → the member whose title ends with that name.
 * Idempotent: earlier cross-document links are dropped and recomputed, also for a member left alone.
 */
export function linkTransactionSet(members: TransactionMember[]): TransactionMember[] {
  const lookups = new Map<string, NodeLookup>();
  const lookupOf = (m: TransactionMember): NodeLookup => {
    let l = lookups.get(m.documentId);
    if (!l) {
      l = createNodeLookup(m.structure.nodes, m.profile.role === "amendment");
      lookups.set(m.documentId, l);
    }
    return l;
  };
  return members.map((member) => {
    // A member left alone (the others deleted or failed) still drops its links into them.
    const others = members.filter((m) => m.documentId !== member.documentId);
    const localTerms = new Set(member.structure.definitions.map((d) => d.term));
    const foreign = foreignDefinitions(member, others, localTerms);
    const scanner = createTermScanner(foreign.keys());
    const segments = scanner.size > 0 ? ownSegments(member.structure.nodes) : new Map();
    const nodes = member.structure.nodes.map((node): ProvisionNode => {
      const xrefs = node.xrefs.map((x) => linkReference(x, member, others, lookupOf));
      const termUses: TermUse[] = node.termUses.filter(
        (u) => u.definitionDocumentId === null || u.definitionDocumentId === member.documentId,
      );
      if (scanner.size > 0) {
        for (const seg of segments.get(node.id) ?? []) {
          for (const match of scanner.scan(member.text, seg)) {
            const def = foreign.get(match.term);
            if (!def) continue;
            termUses.push({
              term: match.term,
              start: match.start,
              end: match.end,
              definitionNodeId: def.nodeId,
              definitionDocumentId: def.documentId,
            });
          }
        }
        termUses.sort((a, b) => a.start - b.start);
      }
      return { ...node, xrefs, termUses };
    });
    return { ...member, structure: { ...member.structure, nodes } };
  });
}

function linkReference(
  x: CrossReference,
  member: TransactionMember,
  others: TransactionMember[],
  lookupOf: (m: TransactionMember) => NodeLookup,
): CrossReference {
  if (x.status !== "external" || x.externalDocument === null) return x;
  const cleared: CrossReference = { ...x, targetNodeId: null, targetDocumentId: null };
  const target = memberNamed(x.externalDocument, member, others);
  if (target === null) return cleared;
  if (x.kind === "document") {
    const root = target.structure.nodes.find((n) => n.parentId === null) ?? null;
    return { ...cleared, targetDocumentId: target.documentId, targetNodeId: root?.id ?? null };
  }
  const node = lookupOf(target).find(x.target, null);
  return { ...cleared, targetDocumentId: target.documentId, targetNodeId: node?.id ?? null };
}

/** "AMENDED AND RESTATED CREDIT AGREEMENT dated ..." → "credit agreement". */
export function instrumentName(title: string | null): string | null {
  if (!title) return null;
  const t = title
    .toLowerCase()
    .replace(/\s+dated\b.*$/, "")
    .replace(/^.*?\b(?:amendment|restated|restatement)\b(?:\s+no\.?\s*\d+)?\s+(?:to|of)\s+/, "")
    .replace(/^(?:the\s+)?(?:amended\s+and\s+restated\s+)/, "")
    .replace(/[^a-z0-9&' -]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const m =
    /((?:[a-z&'-]+\s+){0,3}(?:agreement|contract|indenture|lease|license|guaranty|guarantee|note|plan))\s*$/.exec(t);
  return m ? (m[1] as string) : t.length > 0 ? t : null;
}

/**
 * The member of the set that `name` means, seen from `from` (see {@link linkTransactionSet}): the amended
 * instrument, by its short name or title, is the member in force at `from`'s date; null when none is.
 */
export function memberNamed(
  name: string,
  from: TransactionMember,
  others: TransactionMember[],
): TransactionMember | null {
  const n = name.toLowerCase().replace(/^(?:the|such|said)\s+/, "");
  const amended = instrumentName(from.profile.amendsAgreement);
  const meansAmended =
    n === (from.profile.amendedShortName ?? "agreement").toLowerCase() ||
    (amended !== null && (n === amended || amended.endsWith(n))) ||
    /^(?:existing|original|prior|underlying|base)\s/.test(n);
  const byTitle = (wanted: string) =>
    others.filter((m) => {
      const own = instrumentName(m.profile.title);
      return own !== null && m.profile.role !== "amendment" && (own === wanted || own.endsWith(` ${wanted}`));
    });
  if (meansAmended) {
    const candidates = amended !== null ? byTitle(amended) : [];
    const pool =
      candidates.length > 0
        ? candidates
        : others.filter((m) => m.profile.role === "base_agreement" || m.profile.role === "restatement");
    return latestBefore(pool, from.effectiveDate);
  }
  const named = byTitle(n.replace(/^(?:existing|original)\s+/, ""));
  return named.length > 0 ? latestBefore(named, from.effectiveDate) : null;
}

/** The member in force at `date`: the latest effective date not after it (undated members last). */
function latestBefore(pool: TransactionMember[], date: string | null): TransactionMember | null {
  if (pool.length === 0) return null;
  const sorted = pool.slice().sort((a, b) => (a.effectiveDate ?? "").localeCompare(b.effectiveDate ?? ""));
  if (date === null) return sorted[sorted.length - 1] ?? null;
  const before = sorted.filter((m) => m.effectiveDate === null || m.effectiveDate <= date);
  return before[before.length - 1] ?? sorted[0] ?? null;
}

function foreignDefinitions(
  member: TransactionMember,
  others: TransactionMember[],
  localTerms: Set<string>,
): Map<string, DefinedTerm> {
  const amended = memberNamed(member.profile.amendedShortName ?? "Agreement", member, others);
  const ordered = others.slice().sort((a, b) => {
    if (a === amended) return -1;
    if (b === amended) return 1;
    return (
      (a.effectiveDate ?? "9999").localeCompare(b.effectiveDate ?? "9999") || a.documentId.localeCompare(b.documentId)
    );
  });
  const out = new Map<string, DefinedTerm>();
  for (const other of ordered) {
    for (const d of other.structure.definitions) {
      if (!localTerms.has(d.term) && !out.has(d.term)) out.set(d.term, d);
    }
  }
  return out;
}

/** A document offered to {@link groupTransactionSets}. */
export interface GroupingCandidate {
  documentId: string;
  /** File name as ingested (used by the file-name rule), when known. */
  fileName?: string | null;
  profile: DocumentProfile;
  /**
   * Who may read it. Documents are put in one set only when some principal or group may read every
   * one of them, so a set never shows one reader another's document. Absent: readable by anyone.
   */
  access?: Access;
}

/** A proposed transaction set: its id (the first base agreement's document id, else the first member's) and members. */
export interface ProposedTransactionSet {
  id: string;
  documentIds: string[];
}

/**
 * Proposes which documents form one transaction set (only groups of two or more are returned;
 * members keep the input order). Two documents are put together when either rule holds and some
 * reader may read both (and every other member of the set: see `GroupingCandidate.access`):
 * 1. File name and text: the same filing and exhibit prefix — everything up to "EX-<number>"
 *    ("…_EX-10.12_"), which is how EDGAR and CUAD name the parts of one exhibit — or, without such a
 *    prefix, names equal once a trailing number, "(n)" or "_PartN" is removed ("Agreement1.txt",
 *    "Agreement2.txt"); and their texts show they belong together: a shared party, or two or more
 *    shared names particular to the deal (`DocumentProfile.names`). A name alone never joins.
 * 2. Content: one names an amended instrument ("Manufacturing Agreement": amendments and
 *    restatements; a bare "Agreement" names none) that is the other's title instrument, the other is
 *    not itself an amendment, and they share a party (by name, case, punctuation and corporate
 *    suffixes ignored) or a defined party term that is a name rather than a generic role ("Acme",
 *    not "Borrower" or "Holders").
 * Near-linear: each document is compared only with the documents that share its file-name key and a
 * name or party (at most {@link MAX_POSTINGS} per word), or whose title is the instrument it amends.
 */
export function groupTransactionSets(docs: GroupingCandidate[]): ProposedTransactionSet[] {
  const parent = docs.map((_, i) => i);
  const readers = docs.map((d) => readersOf(d.access));
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return;
    // Some reader must be able to read every member of the joined set.
    const shared = intersectReaders(readers[ra] ?? null, readers[rb] ?? null);
    if (shared !== null && shared.size === 0) return;
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    parent[child] = root;
    readers[root] = shared;
  };
  const index = createPartnerIndex(docs);
  docs.forEach((_, i) => {
    for (const j of index.partnersOf(i)) if (j < i) union(i, j);
  });
  const groups = new Map<number, number[]>();
  docs.forEach((_, i) => {
    const root = find(i);
    const list = groups.get(root);
    if (list) list.push(i);
    else groups.set(root, [i]);
  });
  const out: ProposedTransactionSet[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const base = members.find((i) => docs[i]?.profile.role === "base_agreement") ?? members[0];
    out.push({
      id: docs[base as number]?.documentId ?? "",
      documentIds: members.map((i) => docs[i]?.documentId ?? ""),
    });
  }
  return out;
}

/** How many documents a name or party may point to in the partner index before it counts as common there. */
const MAX_POSTINGS = 64;

/**
 * Finds each document's direct partners by a rule of {@link groupTransactionSets} without comparing
 * every pair: documents are looked up by file-name key and deal name or party, and by the instrument
 * their title names.
 */
function createPartnerIndex(docs: readonly GroupingCandidate[]): { partnersOf(i: number): number[] } {
  const keys = docs.map((d) => fileNameKey(d.fileName ?? null));
  const words = docs.map((d) => evidenceWords(d.profile));
  const byKeyWord = new Map<string, number[]>();
  const byInstrument = new Map<string, number[]>();
  const amending: number[] = [];
  const post = (map: Map<string, number[]>, key: string, i: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [i]);
    else if (list.length < MAX_POSTINGS) list.push(i);
  };
  docs.forEach((d, i) => {
    const key = keys[i];
    if (key != null) for (const w of words[i] ?? []) post(byKeyWord, `${key}\u0000${w}`, i);
    if (amendedName(d) !== null) amending.push(i);
    const own = d.profile.role === "amendment" ? null : instrumentName(d.profile.title);
    if (own !== null) {
      // every word-suffix of the title instrument: "x manufacturing agreement" is found as "manufacturing agreement"
      const parts = own.split(" ");
      for (let k = 0; k < parts.length; k++) post(byInstrument, parts.slice(k).join(" "), i);
    }
  });
  const amendedBy = new Map<number, number[]>();
  for (const a of amending) {
    for (const b of byInstrument.get(amendedName(docs[a] as GroupingCandidate) as string) ?? []) {
      if (a === b || !amends(docs[a] as GroupingCandidate, docs[b] as GroupingCandidate)) continue;
      amendedBy.set(a, [...(amendedBy.get(a) ?? []), b]);
      amendedBy.set(b, [...(amendedBy.get(b) ?? []), a]);
    }
  }
  return {
    partnersOf(i) {
      const out = new Set<number>(amendedBy.get(i) ?? []);
      const key = keys[i];
      if (key != null) {
        const a = docs[i] as GroupingCandidate;
        const seen = new Set<number>();
        for (const w of words[i] ?? [])
          for (const j of byKeyWord.get(`${key}\u0000${w}`) ?? []) {
            if (j === i || seen.has(j)) continue;
            seen.add(j);
            if (partsBelongTogether(a.profile, (docs[j] as GroupingCandidate).profile, key)) out.add(j);
          }
      }
      return [...out];
    },
  };
}

/**
 * The documents of `others` that `doc` belongs with directly by a rule of {@link groupTransactionSets}
 * (the same file-name key and textual evidence, or one amends the other's instrument and they share a
 * party) and that share a reader with it, in their order. Filing one new document this way against
 * documents already filed gives the sets the batch grouping would, without regrouping everything.
 */
export function transactionPartners<T extends GroupingCandidate>(doc: GroupingCandidate, others: readonly T[]): T[] {
  const key = fileNameKey(doc.fileName ?? null);
  const mine = readersOf(doc.access);
  return others.filter(
    (o) =>
      o.documentId !== doc.documentId &&
      sharesReader(mine, readersOf(o.access)) &&
      ((key !== null && fileNameKey(o.fileName ?? null) === key && partsBelongTogether(doc.profile, o.profile, key)) ||
        amends(doc, o) ||
        amends(o, doc)),
  );
}

/** A document already filed (or not) under a transaction set: what {@link fileIntoSet} files against. */
export interface FiledCandidate extends GroupingCandidate {
  setId: string | null;
}

/**
 * Files one new document against documents already filed: the set it joins (a partner's set, the
 * first one's when partners sit in different sets; else a new set named, as the batch grouping names
 * it, by the first base agreement among the partners and the document, else the first partner) and
 * the documents that join it (the document and its partners that had no set). Null when it has no
 * partner. A set is joined only when some reader may read the document and every member of that set.
 */
export function fileIntoSet(
  doc: GroupingCandidate,
  filed: readonly FiledCandidate[],
): { setId: string; joining: string[] } | null {
  const mine = readersOf(doc.access);
  const readersOfSet = new Map<string, Set<string> | null>();
  for (const f of filed) {
    if (f.setId === null) continue;
    const had = readersOfSet.has(f.setId) ? (readersOfSet.get(f.setId) as Set<string> | null) : null;
    readersOfSet.set(
      f.setId,
      readersOfSet.has(f.setId) ? intersectReaders(had, readersOf(f.access)) : readersOf(f.access),
    );
  }
  const partners = transactionPartners(doc, filed).filter(
    (p) => p.setId === null || sharesReader(mine, readersOfSet.get(p.setId) ?? null),
  );
  if (partners.length === 0) return null;
  const members: GroupingCandidate[] = [...partners, doc];
  const setId =
    partners.find((p) => p.setId !== null)?.setId ??
    (members.find((m) => m.profile.role === "base_agreement") ?? (members[0] as GroupingCandidate)).documentId;
  return { setId, joining: [doc.documentId, ...partners.filter((p) => p.setId === null).map((p) => p.documentId)] };
}

/**
 * Whether some principal or group may read every one of these documents: the condition for them to
 * sit in one transaction set.
 */
export function someReaderOfAll(accesses: readonly Access[]): boolean {
  let shared: Set<string> | null = null;
  for (const a of accesses) {
    shared = intersectReaders(shared, readersOf(a));
    if (shared?.size === 0) return false;
  }
  return true;
}

/** The readers of a document as `p:<principal>` / `g:<group>`; null: unrestricted. */
function readersOf(access: Access | undefined): Set<string> | null {
  if (access === undefined) return null;
  return new Set([...access.principals.map((p) => `p:${p}`), ...access.groups.map((g) => `g:${g}`)]);
}

/** The readers of both (null: unrestricted). */
function intersectReaders(a: Set<string> | null, b: Set<string> | null): Set<string> | null {
  if (a === null) return b;
  if (b === null) return a;
  return new Set([...a].filter((r) => b.has(r)));
}

function sharesReader(a: Set<string> | null, b: Set<string> | null): boolean {
  const both = intersectReaders(a, b);
  return both === null || both.size > 0;
}

/** The words the file-name rule looks documents up by: deal names and normalised party names. */
function evidenceWords(p: DocumentProfile): string[] {
  return [
    ...new Set([
      ...p.names,
      ...p.parties.map((x) => `party:${normaliseParty(x)}`),
      ...p.definedParties.filter((t) => !isPartyRole(t)).map((t) => `term:${t}`),
    ]),
  ];
}

/**
 * Whether two documents under one file-name key belong together. Parts of one exhibit (one name, a
 * part number) need textual evidence (`textsBelongTogether`). Exhibits of one EDGAR filing
 * (`<accession>_<n>`) are often unrelated instruments of one company (a credit agreement amendment
 * and an equity plan share the company as a party): they also need one to name the other's
 * instrument. A profile stored before the instruments it names were kept is judged on the text rule alone.
 */
function partsBelongTogether(a: DocumentProfile, b: DocumentProfile, key: string): boolean {
  if (!textsBelongTogether(a, b)) return false;
  if (!FILING_KEY.test(key) || a.instruments === undefined || b.instruments === undefined) return true;
  return namesInstrumentOf(a, b) || namesInstrumentOf(b, a);
}

/** The file-name key of an EDGAR filing's exhibits: the accession number and the "_" before the exhibit's sequence. */
const FILING_KEY = /^\d{10}-\d{2}-\d{6}_$/;

/**
 * Whether `a`'s text names the instrument `b` is (its title's instrument, or what `b` amends), other
 * than `a`'s own: two employment agreements of one filing each name an "Employment Agreement", their own.
 */
function namesInstrumentOf(a: DocumentProfile, b: DocumentProfile): boolean {
  const mine = new Set([instrumentName(a.title), instrumentName(a.amendsAgreement), ...(a.ownNames ?? [])]);
  const title = instrumentName(b.title);
  const byTitle = title?.includes(" ") && !mine.has(title) ? title : null;
  // A name `b` calls itself in its opening ("This Consent and Agreement") counts only as a whole: a
  // short one ("support agreement") is the tail of many others' names ("company stockholder support agreement").
  const own = (b.ownNames ?? []).filter((t) => !mine.has(t));
  return (a.instruments ?? []).some(
    (n) => (byTitle !== null && (n === byTitle || n.endsWith(` ${byTitle}`))) || own.includes(n),
  );
}

/** Textual evidence that two parts filed under one name belong together: a shared party or two shared deal names. */
function textsBelongTogether(a: DocumentProfile, b: DocumentProfile): boolean {
  if (shareParty(a, b)) return true;
  const names = new Set(b.names);
  let shared = 0;
  for (const n of a.names) if (names.has(n) && ++shared >= 2) return true;
  return false;
}

/** The instrument `a` amends when it names one ("the Agreement" alone names no instrument in particular). */
function amendedName(a: GroupingCandidate): string | null {
  const amended = instrumentName(a.profile.amendsAgreement);
  return amended !== null && /\s/.test(amended) ? amended : null;
}

/** Rule 2: `a` amends the instrument `b` is titled (`b` not itself an amendment) and they share a party. */
function amends(a: GroupingCandidate, b: GroupingCandidate): boolean {
  const amended = amendedName(a);
  if (amended === null || b.profile.role === "amendment") return false;
  const own = instrumentName(b.profile.title);
  if (own === null || (own !== amended && !own.endsWith(` ${amended}`))) return false;
  return shareParty(a.profile, b.profile);
}

/** The file-name grouping key (rule 1 of {@link groupTransactionSets}), or null without a name. */
export function fileNameKey(fileName: string | null): string | null {
  if (!fileName) return null;
  const base = fileName.replace(/^.*[\\/]/, "").replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const exhibit = /^(.*?EX-\d+(?:\.\d+)*)/.exec(base);
  if (exhibit) return exhibit[1] as string;
  const stripped = base.replace(/(?:\s*\(\d+\)|_?Part\s*\d+|\d+)$/i, "").trim();
  return stripped.length > 0 ? stripped : null;
}

function normaliseParty(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\b(?:inc|incorporated|llc|l l c|ltd|limited|corp|corporation|co|company|lp|l p|plc|n a|s a|the)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function shareParty(a: DocumentProfile, b: DocumentProfile): boolean {
  const names = new Set(b.parties.map(normaliseParty).filter((n) => n.length > 1));
  if (a.parties.some((p) => names.has(normaliseParty(p)))) return true;
  // a shared defined party term counts only when it is a name ("Acme"), not a role ("Borrower")
  const terms = new Set(b.definedParties.filter((t) => !isPartyRole(t)));
  return a.definedParties.some((t) => terms.has(t));
}
