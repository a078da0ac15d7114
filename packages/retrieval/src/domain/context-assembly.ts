import { literal } from "@lexnav/core";
import {
  citeableClause,
  countTokens,
  type DocumentRecord,
  type DocumentRole,
  type ProvisionNode,
} from "@lexnav/document-model";
import { featureWords } from "../embedders/text-features.ts";
import { isModelInstruction } from "./model-instruction.ts";
import { mayRead, type Principal } from "./principal.ts";
import type { RetrievedPassage } from "./search.ts";
import { splitSentences } from "./sentences.ts";
import { opensWithSignature } from "./signature-block.ts";

/**
 * Tightens a passage to the sentences that carry the question's words: the run from the first to the
 * last sentence with a question word. A passage with none, or with a single sentence, stays whole.
 * Precision counts every character handed on, so sentences around the evidence cost without helping.
 */
export function tightenToEvidence(
  text: string,
  start: number,
  end: number,
  terms: ReadonlySet<string>,
): { start: number; end: number } {
  if (terms.size === 0) return { start, end };
  const sentences = splitSentences(text, start, end);
  if (sentences.length < 2) return { start, end };
  let first = -1;
  let last = -1;
  sentences.forEach((s, i) => {
    if (featureWords(text.slice(s.start, s.end)).some((w) => terms.has(w))) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (first < 0) return { start, end };
  return { start: (sentences[first] as { start: number }).start, end: (sentences[last] as { end: number }).end };
}

/** What the assembler reads about a document: the catalog record's identity, part and access. */
export type ContextDocument = Pick<
  DocumentRecord,
  "id" | "title" | "fileName" | "role" | "effectiveDate" | "transactionSetId" | "access" | "lifecycle"
> &
  Partial<Pick<DocumentRecord, "facts">>;

/** Where the assembler reads records, provisions and verbatim text (the catalog and the stored trees). */
export interface ContextAssemblyDeps {
  text: (documentId: string, version: string) => string | null;
  /** The document's record; null when unknown (the item then has role `unknown` and no date). */
  document?: (documentId: string) => ContextDocument | null;
  /** The provision a passage belongs to; null when unknown (no heading path, no clause). */
  node?: (documentId: string, version: string, nodeId: string) => ProvisionNode | null;
  /**
   * Current versions of the other documents of a transaction set, so an amendment that is not in the
   * context can still mark a clause it rewrites as superseded. Needs `structure` too.
   */
  setMembers?: (transactionSetId: string) => ReadonlyArray<{ documentId: string; version: string }>;
  structure?: (documentId: string, version: string) => readonly ProvisionNode[];
}

/** Tuning of the assembly; the defaults are what issue #3 asks for. */
export interface ContextAssemblyOptions {
  /** Tokens the context may hold. */
  tokenBudget: number;
  /** Most characters between two spans of one version that are merged (whitespace only). */
  mergeGap: number;
  /** Word-shingle Jaccard at or above which a later item is a near-duplicate of an earlier one. */
  duplicateJaccard: number;
  /** Words per shingle. */
  shingleWords: number;
  /** Largest share of the items one document may hold while other documents still have items to offer. */
  maxDocumentShare: number;
  /** When set, items of documents this principal may not read are dropped (a second guard after the stores). */
  principal?: Principal;
}

export const DEFAULT_CONTEXT_OPTIONS: ContextAssemblyOptions = {
  tokenBudget: 2000,
  mergeGap: 3,
  duplicateJaccard: 0.9,
  shingleWords: 3,
  maxDocumentShare: 0.6,
};

/** Why an item is boilerplate rather than evidence; null for evidence. */
export type BoilerplateKind = "toc" | "signature" | "notice_address" | "heading";

/** A later amendment or restatement of the same set that rewrites this item's clause. */
export interface Supersession {
  documentId: string;
  nodeId: string;
  /** `xref`: the amending provision cross-references this node; `text`: it names this clause; `restated`: a restatement's provision with the same reference. */
  via: "xref" | "text" | "restated";
  /** Whether the superseding provision is itself an item of this context. */
  inContext: boolean;
}

/** `[doc title] Section 2.1` plus the exact span it points at. */
export interface CitationAnchor {
  label: string;
  documentId: string;
  version: string;
  start: number;
  end: number;
}

/** One item of the assembled context: a verbatim span of one document version and what weighs it. */
export interface ContextItem {
  /** `documentId@version:start-end`, stable for the same span. */
  id: string;
  documentId: string;
  version: string;
  title: string;
  role: DocumentRole;
  effectiveDate: string | null;
  transactionSetId: string | null;
  /** The provision of the first span (in text order); `nodeIds` lists every provision merged in. */
  nodeId: string;
  nodeIds: string[];
  /** Ancestors' headings then the provision's own ("ARTICLE II THE CREDITS", "Section 2.1 Commitments"). */
  headingPath: string[];
  /** "Section 2.1" style reference, null when the provision has none. */
  clauseRef: string | null;
  citation: CitationAnchor;
  start: number;
  end: number;
  /** `text(documentId, version).slice(start, end)`. */
  text: string;
  tokens: number;
  /** Best (lowest) 1-based rank among the passages merged into this item. */
  rank: number;
  score: number;
  boilerplate: BoilerplateKind | null;
  flags: {
    superseded: Supersession | null;
    /** Ids of current items of another document of the set on the same clause with different amounts, dates or rates. */
    contradicts: string[];
    /** The item holds a sentence aimed at an AI (`modelInstructions`): shown in traces, never cited. */
    modelInstruction: boolean;
  };
}

/** Items left out, by reason, as passage or item ids (for the trace; never text). */
export interface ContextDropped {
  restricted: string[];
  missingText: string[];
  duplicates: Array<{ id: string; of: string }>;
  overBudget: string[];
}

export interface AssembledContext {
  items: ContextItem[];
  tokens: number;
  tokenBudget: number;
  /** Passages merged into another item (count of passages minus items before deduplication). */
  merged: number;
  dropped: ContextDropped;
  superseded: number;
  contradictions: number;
}

interface Draft {
  documentId: string;
  version: string;
  start: number;
  end: number;
  nodeIds: string[];
  rank: number;
  score: number;
  /** The passage's own count while the draft is one passage, null once merged (then counted again). */
  tokens: number | null;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MONEY = /(?:[$€£]|\bUS\$|\bUSD\s?)\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|thousand))?/gi;
const PERCENT = /\b\d+(?:\.\d+)?\s?(?:%|percent\b|per cent\b)/gi;
const DATE =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},?\s+\d{4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{4}\b/gi;

/** The clause key two documents are compared on: the full reference, lower-cased, without spaces. */
const refKey = (ref: string | null | undefined) => (ref ? ref.toLowerCase().replace(/\s+/g, "") : "");

/** Words that may come before a signature block's "By: ____" in one item: a party's name and its label. */
const SIGNATURE_LEAD_WORDS = 12;

/**
 * Why an item is boilerplate (`BoilerplateKind`), null for evidence. An item is a signature block when its
 * node is one or its text opens the close; a last clause that only runs on into the testimonium (a contract
 * filed as one paragraph) states its provision first and stays evidence, not the first dropped for room.
 * A party's name or label over its block may come first (`SIGNATURE_LEAD_WORDS`).
 */
function boilerplateOf(node: ProvisionNode | null, text: string): BoilerplateKind | null {
  if (node && (node.kind === "toc" || node.kind === "toc_entry" || node.flags.isTocEntry)) return "toc";
  if (node?.kind === "signature" || opensWithSignature(text, SIGNATURE_LEAD_WORDS)) return "signature";
  const heading = node ? [...node.headingPath, node.title ?? ""].join(" ") : "";
  if (/\bnotices?\b/i.test(heading) && /\b(?:Attention|Attn\.?|Telephone|Facsimile|Fax|E-?mail)\s*:/i.test(text))
    return "notice_address";
  const words = text.match(WORD)?.length ?? 0;
  if (words <= 12 && !/[.;:]\s*$/.test(text.trim()) && text.search(MONEY) < 0) return "heading";
  return null;
}

/**
 * Hashed word shingles: words (ASCII letters and digits, any non-ASCII character) hashed with FNV-1a
 * case-folded in one pass over the characters, then combined per window. Numbers, not strings: this is
 * most of the assembler's time otherwise.
 */
function shingles(text: string, n: number): Set<number> {
  const hashes: number[] = [];
  let h = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i <= text.length; i++) {
    let c = i < text.length ? text.charCodeAt(i) : 32;
    const word = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && c !== 160);
    if (word) {
      if (c >= 65 && c <= 90) c |= 0x20;
      h = Math.imul(h ^ c, 0x01000193);
      inWord = true;
    } else if (inWord) {
      hashes.push(h);
      h = 0x811c9dc5;
      inWord = false;
    }
  }
  const out = new Set<number>();
  const width = Math.min(n, hashes.length);
  for (let i = 0; i + width <= hashes.length && width > 0; i++) {
    let g = 0;
    for (let j = i; j < i + width; j++) g = Math.imul(g ^ (hashes[j] as number), 0x01000193) + j - i;
    out.add(g | 0);
  }
  return out;
}

function jaccard(a: Set<number>, b: Set<number>, atLeast: number): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  // Jaccard is at most |small| / |large|: most pairs are told apart without a look inside.
  if (small.size < atLeast * large.size) return 0;
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Amounts, rates and dates named in a text, normalised (spacing and thousands separators dropped). */
function valuesOf(text: string): Record<"money" | "percent" | "date", Set<string>> {
  const norm = (m: string) =>
    m
      .toLowerCase()
      .replace(/[\s,]+/g, "")
      .replace(/percent$/, "%");
  return {
    money: new Set(Array.from(text.matchAll(MONEY), (m) => norm(m[0]))),
    percent: new Set(Array.from(text.matchAll(PERCENT), (m) => norm(m[0]))),
    date: new Set(Array.from(text.matchAll(DATE), (m) => norm(m[0]))),
  };
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** Whether `text` names clause `fullRef` ("Section 2.1", "Sections 2.1 and", "§ 2.1"), not 2.10 or 2.1.3. */
function namesClause(text: string, fullRef: string): boolean {
  return new RegExp(`(?:Sections?|Clauses?|§)\\s*${literal(fullRef)}(?![0-9]|\\.[0-9])`, "i").test(text);
}

/** Whether document `later` comes after `earlier` in a set: by effective date, else by role (base before amendment). */
function isLater(later: ContextDocument, earlier: ContextDocument): boolean {
  if (later.effectiveDate && earlier.effectiveDate) return later.effectiveDate > earlier.effectiveDate;
  return earlier.role === "base_agreement" || earlier.role === "unknown";
}

/**
 * Turns ranked passages (best first, from any mode) into the context a model or a reader is handed:
 * adjacent or overlapping spans of one version merged, near-duplicates dropped, one document held to
 * a share of the items while others have evidence to offer, the token budget filled with evidence
 * before boilerplate (TOC entries, signature blocks, notice addresses, bare headings), and each item
 * carrying its document's role and date, heading path and citation anchor, with flags for clauses a
 * later amendment rewrote and for current clauses of one set that disagree on amounts, dates or rates.
 * Deterministic: the same passages and catalog give the same context.
 */
export function assembleContext(
  passages: readonly RetrievedPassage[],
  deps: ContextAssemblyDeps,
  options: Partial<ContextAssemblyOptions> = {},
): AssembledContext {
  const o: ContextAssemblyOptions = { ...DEFAULT_CONTEXT_OPTIONS, ...options };
  const dropped: ContextDropped = { restricted: [], missingText: [], duplicates: [], overBudget: [] };
  const docCache = new Map<string, ContextDocument | null>();
  const docOf = (id: string) => {
    if (!docCache.has(id)) docCache.set(id, deps.document?.(id) ?? null);
    return docCache.get(id) ?? null;
  };
  const nodeOf = (d: { documentId: string; version: string }, nodeId: string) =>
    deps.node?.(d.documentId, d.version, nodeId) ?? null;
  // Each version's text is read once and that reading is used throughout: a delete committed between
  // two reads would otherwise hand a passage admitted on the first read a null text on the second.
  const texts = new Map<string, string | null>();
  const textOf = (documentId: string, version: string): string | null => {
    const key = `${documentId}@${version}`;
    if (!texts.has(key)) texts.set(key, deps.text(documentId, version));
    return texts.get(key) ?? null;
  };

  // 1. Admissible passages, grouped by version, merged where they touch.
  const groups = new Map<string, Draft[]>();
  passages.forEach((p, i) => {
    const pid = `${p.documentId}@${p.version}:${p.start}-${p.end}`;
    const doc = docOf(p.documentId);
    if (
      doc &&
      (doc.lifecycle === "deleted" || doc.lifecycle === "failed" || (o.principal && !mayRead(o.principal, doc.access)))
    ) {
      dropped.restricted.push(pid);
      return;
    }
    const text = textOf(p.documentId, p.version);
    if (text === null || p.end <= p.start || p.end > text.length) {
      dropped.missingText.push(pid);
      return;
    }
    const key = `${p.documentId}@${p.version}`;
    const list = groups.get(key) ?? [];
    list.push({
      documentId: p.documentId,
      version: p.version,
      start: p.start,
      end: p.end,
      nodeIds: [p.nodeId],
      rank: i + 1,
      score: p.score,
      tokens: p.tokens > 0 ? p.tokens : null,
    });
    groups.set(key, list);
  });
  // Adjacent spans join when they are one clause (its own windows, or a clause and its sub-clauses), so
  // each item keeps one citation; Section 2.1 and Section 2.2 stay two items.
  const sameClause = (a: Draft, b: Draft) => {
    const na = nodeOf(a, a.nodeIds[0]!);
    const nb = nodeOf(b, b.nodeIds[0]!);
    if (!na || !nb || na.id === nb.id) return true;
    const ka = refKey(na.fullRef);
    const kb = refKey(nb.fullRef);
    if (ka === "" || kb === "") return false;
    const within = (inner: string, outer: string) =>
      inner === outer || inner.startsWith(`${outer}(`) || inner.startsWith(`${outer}.`);
    return within(ka, kb) || within(kb, ka);
  };
  const drafts: Draft[] = [];
  let admitted = 0;
  for (const list of groups.values()) {
    admitted += list.length;
    // Admitted above only with its text read, so it is there.
    const text = textOf(list[0]!.documentId, list[0]!.version) as string;
    list.sort((a, b) => a.start - b.start || a.end - b.end);
    let cur: Draft | null = null;
    for (const d of list) {
      const gap = cur ? text.slice(cur.end, d.start) : "";
      if (cur && d.start - cur.end <= o.mergeGap && gap.trim() === "" && sameClause(cur, d)) {
        cur.end = Math.max(cur.end, d.end);
        for (const n of d.nodeIds) if (!cur.nodeIds.includes(n)) cur.nodeIds.push(n);
        cur.rank = Math.min(cur.rank, d.rank);
        cur.score = Math.max(cur.score, d.score);
        cur.tokens = null;
      } else {
        cur = { ...d, nodeIds: [...d.nodeIds] };
        drafts.push(cur);
      }
    }
  }
  drafts.sort((a, b) => a.rank - b.rank);

  // 2. Items with their record, provision and text; near-duplicates of a better item dropped.
  const candidates: Array<ContextItem & { shingles: Set<number> }> = [];
  for (const d of drafts) {
    const doc = docOf(d.documentId);
    const node = nodeOf(d, d.nodeIds[0]!);
    const text = (textOf(d.documentId, d.version) as string).slice(d.start, d.end);
    const id = `${d.documentId}@${d.version}:${d.start}-${d.end}`;
    const sh = shingles(text, o.shingleWords);
    const twin = candidates.find((c) => jaccard(c.shingles, sh, o.duplicateJaccard) >= o.duplicateJaccard);
    if (twin) {
      dropped.duplicates.push({ id, of: twin.id });
      continue;
    }
    const title = doc?.title || doc?.fileName.replace(/\.[A-Za-z0-9]+$/, "") || d.documentId;
    const clauseRef = node ? citeableClause(node) : null;
    const own = node ? [node.clauseRef, node.title].filter(Boolean).join(" ") : "";
    candidates.push({
      id,
      documentId: d.documentId,
      version: d.version,
      title,
      role: doc?.role ?? "unknown",
      effectiveDate: doc?.effectiveDate ?? null,
      transactionSetId: doc?.transactionSetId ?? null,
      nodeId: d.nodeIds[0]!,
      nodeIds: d.nodeIds,
      headingPath: node ? [...node.headingPath, ...(own ? [own] : [])] : [],
      clauseRef,
      citation: {
        label: clauseRef ? `[${title}] ${clauseRef}` : `[${title}]`,
        documentId: d.documentId,
        version: d.version,
        start: d.start,
        end: d.end,
      },
      start: d.start,
      end: d.end,
      text,
      tokens: d.tokens ?? countTokens(text),
      rank: d.rank,
      score: d.score,
      boilerplate: boilerplateOf(node, text),
      flags: { superseded: null, contradicts: [], modelInstruction: isModelInstruction(text) },
      shingles: sh,
    });
  }

  // 3. Fill the budget: evidence best first with one document held to its share while others still
  // have an item that fits; boilerplate only with what is left.
  const chosen: typeof candidates = [];
  const perDoc = new Map<string, number>();
  let tokens = 0;
  const fits = (c: ContextItem) => tokens + c.tokens <= o.tokenBudget;
  for (const pool of [candidates.filter((c) => !c.boilerplate), candidates.filter((c) => c.boilerplate)]) {
    const left = [...pool];
    for (;;) {
      const fitting = new Set(left.filter(fits).map((c) => c.documentId));
      const pick = left.findIndex((c) => {
        if (!fits(c)) return false;
        // The first item is always within its share.
        const within = (perDoc.get(c.documentId) ?? 0) + 1 <= Math.max(1, o.maxDocumentShare * (chosen.length + 1));
        return within || fitting.size === 1;
      });
      if (pick < 0) break;
      const [c] = left.splice(pick, 1);
      chosen.push(c!);
      perDoc.set(c!.documentId, (perDoc.get(c!.documentId) ?? 0) + 1);
      tokens += c!.tokens;
    }
    dropped.overBudget.push(...left.map((c) => c.id));
  }

  // 4. Flags.
  flagSuperseded(chosen, deps, docOf, nodeOf, o.principal);
  flagContradictions(chosen, deps, docOf, nodeOf);

  const items = chosen.map(({ shingles: _, ...item }) => item);
  return {
    items,
    tokens,
    tokenBudget: o.tokenBudget,
    merged: admitted - drafts.length,
    dropped,
    superseded: items.filter((i) => i.flags.superseded).length,
    contradictions: items.filter((i) => i.flags.contradicts.length > 0).length,
  };
}

type DocOf = (id: string) => ContextDocument | null;
type NodeOf = (d: { documentId: string; version: string }, nodeId: string) => ProvisionNode | null;

/** The provisions of later amendments and restatements of a set: in the context first, then the set's other members. */
function amendingNodes(
  setId: string,
  items: readonly ContextItem[],
  deps: ContextAssemblyDeps,
  docOf: DocOf,
  nodeOf: NodeOf,
  principal: Principal | undefined,
): Array<{ doc: ContextDocument; node: ProvisionNode; text: string; inContext: boolean }> {
  const out: Array<{ doc: ContextDocument; node: ProvisionNode; text: string; inContext: boolean }> = [];
  const seen = new Set<string>();
  // Only an amendment the asker may read supersedes: a flag naming another one would tell of its existence.
  const amending = (doc: ContextDocument | null): doc is ContextDocument =>
    doc !== null &&
    doc.transactionSetId === setId &&
    (doc.role === "amendment" || doc.role === "restatement") &&
    doc.lifecycle !== "deleted" &&
    doc.lifecycle !== "failed" &&
    (principal === undefined || mayRead(principal, doc.access));
  for (const item of items) {
    const doc = docOf(item.documentId);
    if (!amending(doc)) continue;
    const body = deps.text(item.documentId, item.version);
    for (const nodeId of item.nodeIds) {
      const node = nodeOf(item, nodeId);
      if (!node || !body || seen.has(`${item.documentId}/${node.id}`)) continue;
      seen.add(`${item.documentId}/${node.id}`);
      out.push({ doc, node, text: body.slice(node.start, node.end), inContext: true });
    }
  }
  if (deps.setMembers && deps.structure) {
    for (const m of deps.setMembers(setId)) {
      const doc = docOf(m.documentId);
      if (!amending(doc)) continue;
      const body = deps.text(m.documentId, m.version);
      if (body === null) continue;
      for (const node of deps.structure(m.documentId, m.version)) {
        if (seen.has(`${m.documentId}/${node.id}`) || node.kind === "toc" || node.kind === "toc_entry") continue;
        seen.add(`${m.documentId}/${node.id}`);
        out.push({ doc, node, text: body.slice(node.start, node.end), inContext: false });
      }
    }
  }
  return out;
}

function flagSuperseded(
  items: ContextItem[],
  deps: ContextAssemblyDeps,
  docOf: DocOf,
  nodeOf: NodeOf,
  principal: Principal | undefined,
): void {
  const bySet = new Map<string, ReturnType<typeof amendingNodes>>();
  for (const item of items) {
    const doc = docOf(item.documentId);
    const setId = doc?.transactionSetId;
    if (!doc || !setId) continue;
    if (!bySet.has(setId)) bySet.set(setId, amendingNodes(setId, items, deps, docOf, nodeOf, principal));
    const node = nodeOf(item, item.nodeId);
    const ref = node?.fullRef ?? null;
    for (const a of bySet.get(setId) ?? []) {
      if (a.doc.id === item.documentId || !isLater(a.doc, doc)) continue;
      let via: Supersession["via"] | null = null;
      if (
        a.node.xrefs.some((x) => x.targetDocumentId === item.documentId && item.nodeIds.includes(x.targetNodeId ?? ""))
      )
        via = "xref";
      else if (ref && a.doc.role === "restatement" && refKey(a.node.fullRef) === refKey(ref)) via = "restated";
      else if (ref && a.doc.role === "amendment" && namesClause(a.text, ref)) via = "text";
      if (via) {
        item.flags.superseded = { documentId: a.doc.id, nodeId: a.node.id, via, inContext: a.inContext };
        break;
      }
    }
  }
}

/**
 * The clauses an item speaks to: an amendment's provision speaks to the clauses it cross-references
 * or names; any other provision to its own reference.
 */
function clausesOf(item: ContextItem, doc: ContextDocument | null, nodeOf: NodeOf): Set<string> {
  const out = new Set<string>();
  for (const nodeId of item.nodeIds) {
    const node = nodeOf(item, nodeId);
    if (!node) continue;
    if (doc?.role !== "amendment") {
      if (node.fullRef) out.add(refKey(node.fullRef));
      continue;
    }
    for (const x of node.xrefs)
      if (x.targetDocumentId !== null && x.targetDocumentId !== item.documentId)
        out.add(refKey(x.target.split(":")[1]));
    for (const m of item.text.matchAll(/(?:Sections?|Clauses?|§)\s*(\d+(?:\.\d+)*(?:\([a-z0-9]+\))*)/gi))
      if (m[1] !== node.fullRef) out.add(refKey(m[1]));
  }
  out.delete("");
  return out;
}

function flagContradictions(items: ContextItem[], _deps: ContextAssemblyDeps, docOf: DocOf, nodeOf: NodeOf): void {
  const current = items
    .filter((i) => !i.flags.superseded && i.transactionSetId !== null && !i.boilerplate)
    .map((i) => ({ item: i, clauses: clausesOf(i, docOf(i.documentId), nodeOf), values: valuesOf(i.text) }));
  for (let a = 0; a < current.length; a++) {
    for (let b = a + 1; b < current.length; b++) {
      const x = current[a]!;
      const y = current[b]!;
      if (x.item.documentId === y.item.documentId || x.item.transactionSetId !== y.item.transactionSetId) continue;
      if (![...x.clauses].some((c) => y.clauses.has(c))) continue;
      const differs = (["money", "percent", "date"] as const).some(
        (k) => x.values[k].size > 0 && y.values[k].size > 0 && !sameSet(x.values[k], y.values[k]),
      );
      if (!differs) continue;
      x.item.flags.contradicts.push(y.item.id);
      y.item.flags.contradicts.push(x.item.id);
    }
  }
}
