import { type DocumentRole, inAnnex } from "@lexnav/document-model";
import { sameSentence } from "./cite-instead.ts";
import { citesAmendmentDateAsked } from "./dated-amendment.ts";
import { clauseKey, dealKeyOf, type EvidenceItem } from "./evidence.ts";
import { namedClauses } from "./evidence-decision.ts";
import { amendingClause, type ScoredCandidate } from "./evidence-model.ts";
import { clauseOfInstrumentReadFirst } from "./instrument-read-first.ts";
import { askedKind, statesKind } from "./kind-asked.ts";
import { isNotOperative } from "./operative-first.ts";

/**
 * What a question asks of an amendment, by the way lawyers ask it:
 * - `conflict`: which of two instruments (or texts) controls where they differ ("If the amendment and the
 *   agreement conflict, which controls?", "Whose payment terms apply, the MSA's or the exhibit's?");
 * - `effect`: what an amendment did, or what is in force after the amendments ("after Amendment No. 1",
 *   "under the second amendment", "as amended", "taking the amendments into account", "now", "still in
 *   place", "was the price clause changed?").
 * Null: neither.
 */
export type AmendmentAsk = "conflict" | "effect";

/** Instruments that change another one of their set. */
export const AMENDING_ROLES: ReadonlySet<DocumentRole> = new Set(["amendment", "restatement", "side_letter"]);

/** Names an amendment or the agreement as amended. */
const NAMES_AMENDMENT = /\bamend(?:ments?|ed)\b|\brestate(?:d|ment)\b|\bside letter\b/i;
/** Asks what is in force at a point after a change: now, currently, still, no longer, in effect. */
const IN_FORCE_NOW = /\b(?:now|currently|current|still|any longer|no longer|in (?:force|effect|place))\b/i;
/** Asks whether (or how) something was changed; a change of control is a subject, not a change. */
const ASKS_CHANGED = /\b(?:chang(?:e|ed|es)|modif(?:y|ied|ies)|replaced|revised|superseded)\b/i;
const CHANGE_OF_CONTROL = /\bchanges?\s+(?:of|in)\s+control\b/i;
/** Two texts that may differ: "conflict", "inconsistent", "differ". */
const CONFLICT = /\b(?:conflicts?|conflicting|inconsisten(?:t|cy|cies)|differ(?:s|ent)?)\b/i;
/** Which of them controls: "which controls", "which prevails", "whose terms apply", "which governs". */
const WHICH = /\b(?:which|whose|what)\b/gi;
const CONTROLS = /\b(?:controls?|prevails?|governs?|appl(?:y|ies)|take[s]? precedence|supersedes?)\b/gi;
const WHICH_CONTROLS = { test: (q: string) => inOneSentence(q, WHICH, CONTROLS) };
/**
 * A choice between two named texts: "the MSA's or Exhibit B's", "A or B?": "or" in the question's last
 * sentence. (Read so, not as `/\bor\b[^?]*\??\s*$/`, which rescans the rest of the question from each "or".)
 */
const EITHER_OR = {
  test(q: string): boolean {
    const text = q.trimEnd().replace(/\?$/, "");
    return /\bor\b/i.test(text.slice(text.lastIndexOf("?") + 1));
  },
};

/**
 * Whether a word of `first` comes before a word of `then` in one sentence of a question (no "?" between
 * them): what `/first[^?]*then/` tells, read as the first and last match of each per sentence (that
 * pattern rescans the rest of the sentence from every match of `first`). Both patterns are global.
 */
export function inOneSentence(question: string, first: RegExp, then: RegExp): boolean {
  return question.split("?").some((sentence) => {
    const at = (re: RegExp) => [...sentence.matchAll(re)].map((m) => m.index);
    const [a, b] = [at(first), at(then)];
    const [firstA, lastB] = [a[0], b.at(-1)];
    return firstA !== undefined && lastB !== undefined && firstA < lastB;
  });
}

/** "Which law governs …": a choice of law, not which of two texts controls. */
const GOVERNING_LAW = /\blaws?\s+(?:of\s+\w+\s+)?govern|\bgoverning\s+law\b/i;

/**
 * What the question asks of an amendment, or null (see `AmendmentAsk`). `deal`: the items of the deal the
 * question is about (`dealOf`). A question that names no amendment ("now", "still", "was X changed") asks
 * one only of a deal that holds an amending instrument: in a deal without one, "current" is just the text.
 */
export function amendmentAsk(question: string, deal: readonly EvidenceItem[]): AmendmentAsk | null {
  const q = question.replace(/\s+/g, " ");
  if (WHICH_CONTROLS.test(q) && !GOVERNING_LAW.test(q) && (CONFLICT.test(q) || EITHER_OR.test(q))) return "conflict";
  if (NAMES_AMENDMENT.test(q)) return "effect";
  if (!deal.some(ofAmendingInstrument)) return null;
  if (IN_FORCE_NOW.test(q)) return "effect";
  if (ASKS_CHANGED.test(q) && !CHANGE_OF_CONTROL.test(q)) return "effect";
  return null;
}

/**
 * The items of the deal a question is about: of the transaction sets of what the decision cited, else of
 * its most probable sentence's set; none when that is a document of no set.
 */
export function dealOf(cited: readonly ScoredCandidate[], scored: readonly ScoredCandidate[]): EvidenceItem[] {
  const sets = new Set(cited.map((c) => dealKey(c.item)).filter((s) => s !== null));
  const top = scored[0] ? dealKey(scored[0].item) : null;
  if (sets.size === 0 && top !== null) sets.add(top);
  return scored
    .map((c) => c.item)
    .filter((i) => {
      const key = dealKey(i);
      return key !== null && sets.has(key);
    });
}

/**
 * The deal an item is of: its transaction set; an amending instrument filed without the instrument it
 * amends (no set) is a deal of its own, by its document: its clauses amend a text all the same. Null: a
 * document of no set that amends nothing.
 */
function dealKey(item: EvidenceItem): string | null {
  return item.transactionSetId !== null || ofAmendingInstrument(item) ? dealKeyOf(item) : null;
}

/**
 * A precedence clause: one text controls another where they differ ("such provision of this Amendment shall
 * prevail", "the latter shall prevail", "shall supersede the payment term set forth in Exhibit A",
 * "this Amendment shall govern and control").
 */
const PRECEDENCE =
  /\b(?:shall|will|does|to)\s+(?:(?:prevail|govern|control|supersede|take precedence)\b(?:\s+(?:and|or)\s+(?:prevail|govern|control))?)|\b(?:prevails?|supersedes?|takes? precedence)\b/i;
/** …over what: a conflict, an inconsistency, a difference, or another text named ("over", "set forth in"). */
const PRECEDENCE_OVER = /\b(?:conflicts?|inconsisten\w*|differs?|over|set forth in|contained in|provided in)\b/i;

/**
 * What an amending instrument does besides "is hereby amended": a document or right it ends or releases
 * ("shall automatically terminate", "shall, without further action, automatically terminate", "is hereby
 * released", "shall be of no further force or effect"), its own term ("This Amendment shall expire on …"),
 * a change that executes itself ("shall automatically be amended to be …"), a clause cancelled and
 * substituted, a provision the parties "hereby agree to remove", a schedule "attached to and incorporated
 * into the Agreement". Read only in sentences of an amending instrument. Each gap is bounded (no
 * backtracking over long text).
 */
const AMENDMENT_EFFECT = new RegExp(
  [
    String.raw`\b(?:shall|will)\s+(?:(?:automatically|immediately)\s+)?(?:terminate|expire|be released|cease)\b`,
    String.raw`\b(?:shall|will)\b[^.;]{0,120}?\bautomatically\b[^.;]{0,120}?\b(?:be\s+(?:amended|updated|replaced|modified)|terminate|expire|be\s+released|cease)\b`,
    String.raw`\bno (?:further|longer) (?:force|effect)\b`,
    String.raw`\bis hereby (?:terminated|released|cancell?ed)\b`,
    String.raw`\bcancell?ed\s+and\s+substituted\b`,
    String.raw`\bhereby\s+agrees?\s+to\s+(?:remove|delete|replace|amend|insert|add)\b`,
    String.raw`\b(?:is|are)\s+(?:hereby\s+)?attached\s+to\s+and?\s+incorporated\s+into\b`,
  ].join("|"),
  "i",
);

/**
 * A sentence of an amending instrument, of the instrument itself (not the agreement as amended in its
 * annex): of a transaction set, or filed alone (a deal of its own: `dealOf`), as an amendment, a
 * restatement or a side letter often is.
 */
export function ofAmendingInstrument(item: EvidenceItem): boolean {
  if (!AMENDING_ROLES.has(item.role)) return false;
  return !(item.role === "amendment" && inAnnex(item.clauseRef ?? ""));
}

/**
 * An operative clause of an amending instrument: text it amends, replaces, deletes, inserts, terminates or
 * releases. In a passage the set's edits read as amending, a sentence is operative only when it amends
 * itself (`AMENDS_ITSELF`) or is the new text an edit brings (`newTextOfEdit`): the page header, the
 * heading or the fragment beside the amending clause ("The text of Section 2.") changes nothing. Of an
 * instrument filed alone, whose edits no set reads, the new text is what follows an amending lead-in in
 * its passage ("Section 5.6 shall be amended to read as follows: "The Company shall maintain …"").
 */
export function operativeAmendment(c: ScoredCandidate): boolean {
  if (!ofAmendingInstrument(c.item) || c.headingLine) return false;
  if (amendingClause(c) || AMENDMENT_EFFECT.test(c.text)) return true;
  if (c.item.transactionSetId === null) return followsLeadIn(c) || quotedPassage(c);
  if ((c.item.amends?.length ?? 0) === 0) return false;
  return AMENDS_ITSELF.test(c.text) || newTextOfEdit(c);
}

/**
 * Whether a sentence of an amending instrument the edits read as amending changes a text in its own words;
 * of an instrument filed alone (no edits read), whether it has the form of an amending clause.
 */
export function amendsInOwnWords(c: ScoredCandidate): boolean {
  if (!ofAmendingInstrument(c.item) || c.headingLine) return false;
  if (c.item.transactionSetId === null && (c.item.amends?.length ?? 0) === 0) return amendingClause(c);
  return (c.item.amends?.length ?? 0) > 0 && (amendingClause(c) || AMENDS_ITSELF.test(c.text));
}

/** Words by which a sentence itself changes a text: amended, deleted, replaced, inserted, restated, "shall read". */
const AMENDS_ITSELF =
  /\b(?:amend(?:s|ed|ing)?|delet(?:e|es|ed|ing)|replac(?:e|es|ed|ing)|insert(?:s|ed|ing)?|restat(?:e|es|ed|ing)|substitut(?:e|es|ed|ing)|add(?:s|ed)|remov(?:e|es|ed|ing)|strik(?:e|es|ing)|struck|cancell?ed|supersed(?:e|es|ed))\b|\b(?:shall|to|will)\s+(?:now\s+)?read\b|\bin\s+(?:its|their)\s+stead\b|\bnow\s+referred\s+to\b/i;
/** The lead-in an edit's new text follows: "… to read as follows:", "… replace it with the following:", "… in its stead:". */
const NEW_TEXT_LEAD_IN =
  /\b(?:as follows|to read|in (?:its|their) stead|(?:with|by) the following(?:\s+\w+){0,2})\s*[:.]?\s*$/i;

/**
 * Whether a sentence is the new text an edit brings: in its passage it follows an amending lead-in ("…
 * replace it with the following:"), or its passage is that new text alone (no amending word anywhere,
 * yet the edits read it as amending). A fragment of fewer than four words or a line in capitals (a page
 * header, a title) is not.
 */
function newTextOfEdit(c: ScoredCandidate): boolean {
  return followsLeadIn(c) || (isSentence(c) && !AMENDS_ITSELF.test(c.item.text));
}

/** A sentence of four words or more, not a line in capitals (a page header, a title). */
function isSentence(c: ScoredCandidate): boolean {
  const words = c.text.match(/[A-Za-z]+/g) ?? [];
  return words.length >= 4 && /[a-z]/.test(c.text);
}

/**
 * Whether a sentence is of a passage that opens with a quotation mark: the quoted text an amendment puts in
 * (its lead-in, "… to read as follows:", closes the passage before). Not a passage that opens with the
 * instrument's own definition (""Amendment Effective Date" means …"). Bounded: no backtracking.
 */
function quotedPassage(c: ScoredCandidate): boolean {
  const opening = c.item.text.trimStart().slice(0, 200);
  return isSentence(c) && /^["“]/.test(opening) && !OWN_DEFINITION.test(opening);
}
const OWN_DEFINITION = /^["“][^"”'‘’]{1,80}["”]\s+(?:means|shall mean|has the meaning|shall have the meaning)\b/i;

/** Where a passage's text breaks into lines, for reading lead-ins: after a colon or a full stop. */
const LINE_END = /(?<=[:.])\s+/;

/**
 * Whether a line is an amending lead-in ("… replace it with the following:"), closing quotation marks aside.
 * Narrower than `lead-in.ts`'s `isLeadIn` (any sentence that introduces what follows, "as follows:").
 */
function isAmendingLeadIn(line: string): boolean {
  return NEW_TEXT_LEAD_IN.test(line.replace(/["“”\s]+$/, ""));
}

/**
 * Whether a sentence follows an amending lead-in ("… replace it with the following:") in its passage, or,
 * opening its passage, closes the passage just before it (`Candidate.before`: passage splitting put the new
 * text apart from its lead-in), whose last line past a short heading ("4. Non-Solicitation.") is the lead-in.
 */
function followsLeadIn(c: ScoredCandidate): boolean {
  if (!isSentence(c)) return false;
  const own = c.item.text
    .slice(0, Math.max(0, c.start - c.item.start))
    .split(LINE_END)
    .some(isAmendingLeadIn);
  if (own || c.before === undefined || c.headingLine) return own;
  const lines = c.before.text.trimEnd().split(LINE_END);
  return isAmendingLeadIn(lines.findLast((l, i) => i === 0 || (l.match(/[A-Za-z]+/g) ?? []).length >= 4) ?? "");
}

/** Why an amendment answer was chosen: which branch of the rule found the sentence. */
export type AmendmentEvidence =
  | { kind: "precedence"; sentence: ScoredCandidate }
  | { kind: "names-clause"; sentence: ScoredCandidate; clause: string }
  | { kind: "targets"; sentence: ScoredCandidate; target: ScoredCandidate }
  | { kind: "operative"; sentence: ScoredCandidate }
  | { kind: "own"; sentence: ScoredCandidate };

/** A clause a sentence names: "Section 2(c) of the Agreement is amended …". */
const CLAUSE_NAMED = /\b(?:Section|Clause|Article|§)\s*([0-9]+(?:\.[0-9]+)*(?:\([a-z0-9]+\))*)/gi;

/**
 * The sentence an answer about an amendment rests on, or null when the question asks none (`amendmentAsk`)
 * or the extract holds no operative text of an amending instrument of the set that speaks to it:
 * 1. "which controls if they conflict": the precedence clause ("shall prevail", "shall govern",
 *    "supersedes") of an amending instrument; when the question names no amendment, of any instrument
 *    of a set, if it holds the question's words;
 * 2. the amending clause that names the clause the question names ("Section 2(c) … is amended");
 * 3. the amending clause the set's edits say amends the provision the decision read as asked about (one
 *    it cited, or its most probable sentence);
 * 4. else the most probable sentence, when it is operative text of an amending instrument (an amending
 *    clause, or the new text it brings, after its lead-in even across a passage boundary) that states the kind
 *    of answer asked;
 * 5. else the operative sentence of an amending instrument (amends, replaces, deletes, inserts,
 *    terminates) that holds the question's words, the most probable first.
 * Before 2–5, a question about the amendment it names itself ("How long does Amendment No. 1 stay in
 * force?", "What law governs the second amendment?", not "after" or "under" it: `asksOfItself`) is
 * answered by that instrument's own clause, a sentence that speaks of itself ("This Amendment shall …")
 * and holds the question's words, or not at all: what it amends is not what it asks.
 * Each is structural evidence (a clause of a set member with the form of a change), not a wording: only
 * such a sentence may answer where the decision alone was silent. `scored` is the candidates in the order
 * the answer cites from (re-ranked: `operative-first.ts`); `cited` what the decision cited; `decisionOrder`
 * the decision's own order, most probable first. The deal and the provision the decision read as asked
 * about are read from the decision's own order: a re-ranking moves the sentence that states an ask above
 * its recital, it is no reading of which deal or which provision the question is about.
 */
export function amendmentEvidence(
  question: string,
  scored: readonly ScoredCandidate[],
  cited: readonly ScoredCandidate[] = [],
  decisionOrder: readonly ScoredCandidate[] = scored,
): AmendmentEvidence | null {
  const ask = amendmentAsk(question, dealOf(cited, decisionOrder));
  if (ask === null) return null;
  if (ask === "conflict") {
    const clauses = scored.filter(
      (c) =>
        !c.headingLine &&
        c.item.supersededBy === undefined &&
        (c.item.transactionSetId !== null || ofAmendingInstrument(c.item)) &&
        PRECEDENCE.test(c.text) &&
        PRECEDENCE_OVER.test(c.text),
    );
    // an amendment named: its own precedence clause, never the amended agreement's order of documents
    const best =
      clauses.find((c) => ofAmendingInstrument(c.item)) ??
      (NAMES_AMENDMENT.test(question) ? undefined : clauses.find((c) => c.familyCoverage > 0));
    // which controls is answered by a precedence clause or not at all, never by some other change
    return best ? { kind: "precedence", sentence: best } : null;
  }
  const named = namedAmendment(question);
  if (named !== null && asksOfItself(question, named)) {
    const own = scored.find(
      (c) =>
        !c.headingLine &&
        c.familyCoverage > 0 &&
        !amendingClause(c) &&
        SPEAKS_OF_ITSELF.test(c.text) &&
        ofNamedAmendment(c.item, named, scored),
    );
    return own ? { kind: "own", sentence: own } : null;
  }
  const operative = scored.filter(operativeAmendment);
  if (operative.length === 0) return null;
  for (const clause of namedClauses(question)) {
    const naming = operative.find(
      (c) => amendingClause(c) && [...c.text.matchAll(CLAUSE_NAMED)].some((m) => clauseKey(m[1] as string) === clause),
    );
    if (naming) return { kind: "names-clause", sentence: naming, clause };
  }
  // The provision the decision read as asked about, and the amending clause the edits name for it.
  const first = decisionOrder[0];
  const top = first && scored.find((c) => sameSentence(c, first));
  for (const target of [...cited, ...(top ? [top] : [])]) {
    if (ofAmendingInstrument(target.item)) continue;
    const amending = operative.find((a) => amendsProvisionOf(a.item, target.item));
    if (amending) return { kind: "targets", sentence: amending, target };
  }
  // The first sentence the answer cites from, when it is operative text of an amending instrument that
  // states the kind of answer asked (a date, a period, an amount, a law: `kind-asked.ts`): the decision
  // read it as the answer, over a sentence that holds a word of the question. "What is the outside date
  // now?" is met by "Section 9.1(a)(iv) is amended by replacing “December 31, 2022” with “January 4,
  // 2023”", not by a schedule's new text that holds "date". A question whose words ask no kind ("Is the
  // liability still capped?") is not answered by whatever the amendment changed first.
  const lead = scored[0];
  const kind = askedKind(question);
  if (lead && kind !== null && operative.includes(lead) && statesKind(kind, lead.text))
    return { kind: "operative", sentence: lead };
  // Else the operative sentence that holds the question's words, the most probable first.
  const best = operative.find((c) => c.familyCoverage > 0);
  if (best) return { kind: "operative", sentence: best };
  // None holds the question's words ("still due" against "The Maturity Date of the Note is hereby amended to
  // be the Amended Maturity Date"): the first sentence the answer cites from, when it is an amending clause.
  if (lead && amendingClause(lead) && operative.includes(lead)) return { kind: "operative", sentence: lead };
  // Or, asked what holds now or still, the first amending clause of an amendment filed alone whose terms are
  // read first (`instrument-read-first.ts`).
  const readFirst = IN_FORCE_NOW.test(question) ? clauseOfInstrumentReadFirst(scored, operative) : null;
  return readFirst ? { kind: "operative", sentence: readFirst } : null;
}

/** Whether an edit read from `a` targets the provision that holds `b`. */
function amendsProvisionOf(a: EvidenceItem, b: EvidenceItem): boolean {
  return (a.amends ?? []).some((t) => t.documentId === b.documentId && t.start <= b.start && b.end <= t.end);
}

/**
 * The sentences to cite for a question about an amendment. Unchanged when there is no amendment evidence,
 * when the decision already cites it, or when the decision already cites an operative clause of an
 * amending instrument (its own reading of the amendment stands, unless the question names the clause or
 * asks which instrument controls). Otherwise the amendment's sentence comes first, and of what the
 * decision cited only what reads with it stays: other operative amending clauses, and the provision it
 * amends as "as amended by" context; superseded text is never kept as current. At most `max`. A silence
 * of the decision is answered only from structural evidence (`amendmentEvidence`). `decisionOrder`: the
 * decision's own order (`amendmentEvidence`).
 */
export function withAmendmentEvidence(
  question: string,
  cited: readonly ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  max: number,
  decisionOrder: readonly ScoredCandidate[] = scored,
): ScoredCandidate[] {
  const found = amendmentEvidence(question, scored, cited, decisionOrder);
  if (found === null || cited.includes(found.sentence)) return [...cited];
  const decisive = found.kind === "precedence" || found.kind === "names-clause";
  // the decision's sentence dating an amendment answers "when was it amended" (`dated-amendment.ts`)
  if (found.kind === "operative" && citesAmendmentDateAsked(question, cited)) return [...cited];
  if (!decisive && cited.some((c) => operativeAmendment(c))) return [...cited];
  // The decision's own sentence of the amendment the question names ("What law governs Amendment No. 3?"),
  // or, where it names none, of an amending instrument, stands against a sentence found by its words
  // alone; unless the question asks what was changed and the sentence cited changes nothing.
  const named = namedAmendment(question);
  const ownReading =
    named !== null
      ? (c: ScoredCandidate) => ofNamedAmendment(c.item, named, scored)
      : found.kind === "operative"
        ? (c: ScoredCandidate) => ofAmendingInstrument(c.item)
        : () => false;
  if (!decisive && !(ASKS_CHANGED.test(question) && !CHANGE_OF_CONTROL.test(question)) && cited.some(ownReading))
    return [...cited];
  // Where the decision is silent, an operative sentence found by its words alone answers only when it is
  // also the decision's most probable operative sentence of an amending instrument (its best reading of the
  // amendment): its preamble, recitals and headings operate nothing and read no amendment.
  if (
    cited.length === 0 &&
    (found.kind === "operative" || found.kind === "own") &&
    scored.find((c) => ofAmendingInstrument(c.item) && !c.headingLine && !isNotOperative(c.text)) !== found.sentence &&
    !(
      IN_FORCE_NOW.test(question) &&
      clauseOfInstrumentReadFirst(scored, scored.filter(operativeAmendment)) === found.sentence
    )
  )
    return [];
  // the amendment's own clause answers what is asked of it; the decision's other sentences answer the rest
  if (found.kind === "own")
    return [found.sentence, ...cited.filter((c) => c.item.supersededBy === undefined)].slice(0, Math.max(1, max));
  const amended = (c: ScoredCandidate) =>
    (found.kind === "targets" && c === found.target) || amendsProvisionOf(found.sentence.item, c.item);
  const rest = cited.filter(
    (c) => c !== found.sentence && c.item.supersededBy === undefined && (operativeAmendment(c) || amended(c)),
  );
  return [found.sentence, ...rest].slice(0, Math.max(1, max));
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const ORDINAL_NUMBER = /^(\d+)(?:st|nd|rd|th)$/i;
/** "Amendment No. 3", "Amendment Number 3", "Amendment #3", "Amendment 3", "Amendment Number Two", "Amendment No. Two". */
const AMENDMENT_NUMBER =
  /\bamendment\s+(?:(?:no\.?\s*|number\s+|#\s*)?(\d+)|(?:no\.?\s*|number\s+)(one|two|three|four|five|six|seven|eight|nine|ten))\b/i;
const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** The number a match of `AMENDMENT_NUMBER` names. */
const numberOf = (m: RegExpMatchArray): number =>
  m[1] !== undefined ? Number(m[1]) : NUMBER_WORDS.indexOf((m[2] ?? "").toLowerCase()) + 1;
/** "the third amendment", "the 3rd Amendment", "the Third Amended and Restated …". */
const ORDINAL_AMENDMENT = /\b(\w+)\s+(?:amendment|amended\s+and\s+restated)\b/i;
/** "the amendment", "this amendment", "the bottle amendment", "Bird's amendment": one instrument named. */
const ONE_AMENDMENT = /\b(?:the|this|that|its|\w+['’]s)\s+(?:[\w-]+\s+){0,2}amendment\b(?!s)/i;

/**
 * The amendment a question names: by number ("Amendment No. 3", "the third amendment": `number`), or one
 * amendment named otherwise ("the amendment", "the pricing amendment": no number). Null: the question
 * names none, or several ("the amendments").
 */
export function namedAmendment(question: string): NamedAmendment | null {
  const q = question.replace(/\s+/g, " ");
  const numbered = AMENDMENT_NUMBER.exec(q);
  if (numbered) return { number: numberOf(numbered), at: numbered.index };
  const ordinal = ORDINAL_AMENDMENT.exec(q);
  const word = ordinal?.[1]?.toLowerCase() ?? "";
  const n = ORDINALS.indexOf(word) + 1 || Number(ORDINAL_NUMBER.exec(word)?.[1] ?? 0);
  if (ordinal && n > 0) return { number: n, at: ordinal.index };
  const one = ONE_AMENDMENT.exec(q);
  return one ? { number: null, at: one.index } : null;
}

/** The amendment a question names (`namedAmendment`) and where the question names it. */
export interface NamedAmendment {
  number: number | null;
  at: number;
}

/**
 * A point in time or a source before the name: "after", "under", "by", "in", "following" (the determiner or
 * owner between), or the same preposition over a pair ("under the agreement and its amendment"). "To" after
 * a party or signatory ("the parties to the amendment") names who made the instrument, not a source.
 */
const AFTER_OR_UNDER = new RegExp(
  String.raw`\b(?:after|under|by|since|following|in|per|pursuant\s+to|with|from|upon|through|before|(?<!\b(?:part(?:y|ies)|signator(?:y|ies))\s+)to)\s+` +
    String.raw`(?:[^?,;]{0,80}?\b(?:and|or)\s+)?(?:(?:the|this|that|its|[\w.-]+['’]s)\s+)?$`,
  "i",
);

/**
 * Whether a question asks about the amendment it names itself ("How long does Amendment No. 1 stay in
 * force?", "What law governs the second amendment?"), rather than about what is in force after it or
 * under it ("the price after Amendment No. 1", "changed by Amendment No. 8", "defined in the amendment").
 */
export function asksOfItself(question: string, named: NamedAmendment): boolean {
  const q = question.replace(/\s+/g, " ");
  const before = q.slice(0, named.at);
  if (ASKS_WHAT_IT_DID.test(q)) return false;
  return AGREED_TO.test(before) || (!AFTER_OR_UNDER.test(before) && OWN_SUBJECT.test(q));
}

/**
 * The amendment named as what is agreed or consented to ("What fee do the banks get for agreeing to the
 * second amendment?", "… for consenting to the amendment", "… for entering into Amendment No. 2"): what is
 * given for the instrument is a term of the instrument itself, not of the text it amends.
 */
const AGREED_TO =
  /\b(?:agree(?:s|d|ing)?\s+to|consent(?:s|ed|ing)?\s+to|enter(?:s|ed|ing)?\s+into|sign(?:s|ed|ing)?)\s+(?:(?:the|this|that|its|[\w.-]+['’]s)\s+)?$/i;

/**
 * What an instrument says of itself, as any instrument does: its own term (how long it stays in force,
 * when it expires or ends), its effect and effective date, its governing law, its signature or execution,
 * its parties. A question naming the amendment as its subject on anything else ("What notice address does
 * the amendment give?") asks what the amendment provides for the deal, not about the instrument.
 */
const OWN_SUBJECT =
  /\b(?:term|how long|last(?:s)?|expir\w*|terminat\w*|end(?:s)?|duration|effective|effect|force|govern\w*|laws?|sign\w*|execut\w*|part(?:y|ies)|between whom)\b/i;

/** Asks what an instrument did to another text ("What did the amendment change / add / extend?"), not of itself. */
const ASKS_WHAT_IT_DID =
  /\b(?:chang|modif|amend(?!ment)|replac|delet|insert|add(?:s|ed)?\b|extend|revis|remov|substitut|supersed|releas|restat)/i;

/** A sentence in which an instrument speaks of itself: "This Amendment shall …", "this Second Amendment". */
const SPEAKS_OF_ITSELF = /\bth(?:is|e present)\s+(?:[\w-]+\s+){0,2}?(?:amendment|letter|agreement)\b/i;

/** Whether a text names amendment `n` ("Amendment No. 8", "Eighth Amendment", "8th Amendment"). */
function namesNumber(text: string, n: number): boolean {
  const numbered = [...text.matchAll(new RegExp(AMENDMENT_NUMBER.source, "gi"))].some((m) => numberOf(m) === n);
  if (numbered) return true;
  return [...text.matchAll(new RegExp(ORDINAL_AMENDMENT.source, "gi"))].some((m) => {
    const word = (m[1] as string).toLowerCase();
    return (ORDINALS.indexOf(word) + 1 || Number(ORDINAL_NUMBER.exec(word)?.[1] ?? 0)) === n;
  });
}

/**
 * Whether `item` is of the amending instrument a question names: an amending instrument of a set and, for a
 * numbered amendment, not another one where the extract tells them apart (another instrument's sentences or
 * name carry that number and this one's do not).
 */
function ofNamedAmendment(
  item: EvidenceItem,
  named: { number: number | null },
  scored: readonly ScoredCandidate[],
): boolean {
  if (!ofAmendingInstrument(item)) return false;
  const n = named.number;
  if (n === null) return true;
  const carries = (documentId: string) =>
    scored.some((c) => c.item.documentId === documentId && (namesNumber(c.text, n) || namesNumber(c.item.docLabel, n)));
  if (carries(item.documentId)) return true;
  return !scored.some(
    (c) => c.item.documentId !== item.documentId && ofAmendingInstrument(c.item) && carries(c.item.documentId),
  );
}
