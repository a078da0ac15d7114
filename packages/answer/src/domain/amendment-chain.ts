import {
  amendmentAsk,
  amendsInOwnWords,
  dealOf,
  inOneSentence,
  namedAmendment,
  ofAmendingInstrument,
  operativeAmendment,
} from "./amendment-answer.ts";
import { clauseKey, dealKeyOf, type EvidenceItem } from "./evidence.ts";
import { amendingClause, type ScoredCandidate } from "./evidence-model.ts";

/** The most amending instruments one chain cites: a deal amended more often is cited by its latest ones. */
const MAX_CHAIN = 6;

/** A provision of the deal, by document and span. */
type Provision = { documentId: string; start: number; end: number };

/**
 * Whether a question asks about a provision across all the amendments of its deal, not about one of them:
 * it asks what is in force after the changes, or whether and how a provision was changed ("When does the
 * agreement expire, taking the amendments into account?", "How many times was the term section amended,
 * and when?", "Where do notices go now?"), and names no single amendment ("after Amendment No. 1" asks
 * about that one; `namedAmendment`). `deal`: the items of the deal the question is about (`dealOf`).
 */
export function asksAcrossAmendments(question: string, deal: readonly EvidenceItem[]): boolean {
  return amendmentAsk(question, deal) === "effect" && namedAmendment(question) === null;
}

/**
 * Asks when a provision was changed: "… amended, and when?", "When was the price changed?": "when" and a
 * word of change in one sentence of the question, either first (`inOneSentence`: linear on a long question).
 */
const WHEN = /\bwhen\b/gi;
const CHANGED = /\b(?:amended|changed|modified|revised|replaced)\b/gi;
const asksWhenChanged = (question: string) =>
  inOneSentence(question, WHEN, CHANGED) || inOneSentence(question, CHANGED, WHEN);
/**
 * A sentence in which an instrument dates itself: "This amendment … is made effective December 9, 1996",
 * "THIS SECOND AMENDMENT … is made and entered into, effective … as of the 23rd day of February, 1998". A
 * recital's "that certain Agreement dated …" dates another instrument.
 */
const DATES_INSTRUMENT =
  /\b(?:effective|dated|made and entered into|entered into)\b[^.;]{0,160}?\b(?:1[89]|20)\d{2}\b/i;
const SPEAKS_OF_ITSELF = /\bth(?:is|e present)\s+(?:[\w-]+\s+){0,3}?(?:amendment|agreement|letter|addendum)\b/i;

/**
 * The sentences to cite for a question asked across a deal's amendments (`asksAcrossAmendments`): what the
 * decision cited, with the amending clause of every amending instrument of the deal that the set's edits
 * (`EvidenceItem.amends`) read as changing a provision the decision cited, one clause per instrument, in
 * the order of their effective dates: the chain by which the provision came to read as it does. The
 * provisions asked about are the ones the decision cited: a clause of the agreement, or the provision an
 * amending clause it cited changes. Where the question asks when the provision was changed, each
 * instrument's sentence that dates it comes with its clause. Where no amendment changes the provision,
 * what was cited (the clause in force) stands alone; superseded text is never kept beside the chain as
 * current. A silence stays a silence: the chain extends an answer, it does not make one. `scored` is
 * most probable first.
 */
export function withAmendmentChain(
  question: string,
  cited: readonly ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  max: number,
): ScoredCandidate[] {
  if (cited.length === 0 || !asksAcrossAmendments(question, dealOf(cited, scored))) return [...cited];
  const asked = provisionsAsked(cited, scored);
  if (asked.length === 0) return [...cited];
  const chain = amendingChain(asked, scored);
  if (chain.length === 0) return [...cited];
  const dates = asksWhenChanged(question)
    ? chain.map((c) => datingSentence(c.item, scored)).filter((c) => c !== undefined)
    : [];
  const links = new Set<ScoredCandidate>([...chain, ...dates]);
  const rest = cited.filter((c) => !links.has(c) && c.item.supersededBy === undefined).slice(0, Math.max(1, max));
  const ordered: ScoredCandidate[] = [];
  for (const link of chain) {
    const dated = datingSentence(link.item, dates);
    if (dated && !ordered.includes(dated)) ordered.push(dated);
    ordered.push(link);
  }
  return [...rest, ...ordered];
}

/** A clause a sentence names: "amendment to Section 2 (titled “Term”)", "Section 13 NOTICES is amended". */
const CLAUSE_NAMED = /\b(?:Section|Clause|Article)\s*([0-9]+(?:\.[0-9]+)*(?:\([a-z0-9]+\))*)/gi;

/**
 * The provisions the decision read as asked about: each cited clause of an instrument that is not an
 * amending one; each provision a cited clause changes, in its own words, by the set's edits (an
 * amendment's own term beside its amending clauses changes nothing); and, for a cited
 * sentence of an amending instrument the edits read nothing from ("This amendment to Section 2 … is made
 * effective …"), the clauses it names of the other instruments of its set, as the extract holds them.
 */
function provisionsAsked(cited: readonly ScoredCandidate[], scored: readonly ScoredCandidate[]): Provision[] {
  const out: Provision[] = [];
  for (const c of cited) {
    if (!ofAmendingInstrument(c.item))
      out.push({ documentId: c.item.documentId, start: c.item.start, end: c.item.end });
    else if (amendsInOwnWords(c)) out.push(...(c.item.amends ?? []));
    else if ((c.item.amends?.length ?? 0) === 0) out.push(...namedProvisions(c, scored));
  }
  return out;
}

/** The passages of the extract, in `c`'s set but not of an amending instrument, of a clause `c` names. */
function namedProvisions(c: ScoredCandidate, scored: readonly ScoredCandidate[]): Provision[] {
  const keys = [...c.text.matchAll(CLAUSE_NAMED)].map((m) => clauseKey(m[1] as string));
  if (keys.length === 0) return [];
  const within = (key: string) => keys.some((k) => key === k || key.startsWith(`${k}(`) || key.startsWith(`${k}.`));
  return scored
    .filter(
      (s) =>
        dealKeyOf(s.item) === dealKeyOf(c.item) &&
        !ofAmendingInstrument(s.item) &&
        s.item.clauseRef !== null &&
        within(clauseKey(s.item.clauseRef)),
    )
    .map((s) => ({ documentId: s.item.documentId, start: s.item.start, end: s.item.end }));
}

/**
 * The operative clause of each amending instrument whose edits change one of `asked` (the most probable,
 * a clause that amends in its own words before new text it brings), ordered by the instrument's effective
 * date (undated last), at most `MAX_CHAIN`, the latest kept.
 */
export function amendingChain(asked: readonly Provision[], scored: readonly ScoredCandidate[]): ScoredCandidate[] {
  const byInstrument = new Map<string, ScoredCandidate>();
  for (const c of scored) {
    if (!operativeAmendment(c) || !changesAny(c.item, asked)) continue;
    const held = byInstrument.get(c.item.documentId);
    if (held === undefined || (!amendingClause(held) && amendingClause(c))) byInstrument.set(c.item.documentId, c);
  }
  const chain = [...byInstrument.values()].sort(
    (a, b) =>
      (a.item.effectiveDate ?? "9999").localeCompare(b.item.effectiveDate ?? "9999") ||
      a.item.documentId.localeCompare(b.item.documentId),
  );
  return chain.slice(-MAX_CHAIN);
}

/** Whether an edit read from `item` changes (overlaps) one of the provisions. */
function changesAny(item: EvidenceItem, asked: readonly Provision[]): boolean {
  return (item.amends ?? []).some((t) =>
    asked.some((p) => p.documentId === t.documentId && t.start < p.end && p.start < t.end),
  );
}

/** The most probable sentence of `item`'s instrument, among `pool`, that states the date it was made or took effect. */
function datingSentence(item: EvidenceItem, pool: readonly ScoredCandidate[]): ScoredCandidate | undefined {
  return pool.find(
    (c) =>
      c.item.documentId === item.documentId &&
      !c.headingLine &&
      SPEAKS_OF_ITSELF.test(c.text) &&
      DATES_INSTRUMENT.test(c.text),
  );
}
