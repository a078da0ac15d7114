import { askedDefinedTerms, contentWords, DEFINED_TERM_WORD, definedTermKey, trimEndOf } from "@lexnav/retrieval";
import { AMENDING_ROLES } from "./amendment-answer.ts";
import { UNIT_MAX_GROWTH } from "./answering-unit.ts";
import type { Candidate, ScoredCandidate } from "./evidence-model.ts";

/**
 * Questions that ask what a defined term means (issue #16, items 1 and 3): "Who is an 'End User' under
 * the distributor agreement?", "How is 'Affiliate' defined?", "What counts as Gross Revenues?". A defined
 * term means only what the documents say it means, so when the extract of the deal holds the sentence
 * that defines the term, that definition is the answer, whatever else the decision found about the words
 * of the question. Drafting defines a term in a few ways, all read here: "X" means / shall mean / refers
 * to / includes …; a naming parenthetical (the "X"), (collectively, the "X"), (… are each a "X"); and an
 * entry of a definitions list, quoted or not ("X": …, 1.4 X - …, X is the …, a heading X over its text).
 */

/** The words that may follow a defined term to define it. */
const DEFINES = String.raw`(?:shall\s+mean|means|mean\b|shall\s+(?:have\s+the\s+meaning|refer\s+to|include)|has\s+the\s+meaning|have\s+the\s+meaning|refers\s+to|includes?\b|(?:is|are|shall\s+be)\s+defined\s+as)`;
// a short qualifier may stand between the term and its verb: "“U.S. Affiliate” of any Agent means …"
// (spaces, a comma, spaces is written `\s*(?:,\s*)?`: two `\s*` side by side split a long run every way)
const DEFINES_AFTER = new RegExp(
  String.raw`^(?:\s+(?:of|for|with\s+respect\s+to)\s+[^,.;:“”"]{1,40}?)?\s*(?:,\s*)?${DEFINES}`,
  "i",
);
/** A definitions-list separator after the term: a colon or a dash. */
const LIST_SEPARATOR = /^\s*(?::|\s[-–—]\s|[-–—]\s)/;
/** The opening of a naming parenthetical before the quoted term: "(the ", "(collectively, the ", "(… are each a ". */
const NAMING_OPENER =
  /(?:^|[\s,])(?:the|a|an|as|each|collectively|together|individually|jointly|respectively|hereinafter|herein|called|referred\s+to\s+as|or)\s*$/i;
/**
 * A quoted term in a sentence: in double quotes, or in single quotes that stand apart from the words
 * around them ('Authorized Acquisition' shall mean …, as older filings write it; never the apostrophe
 * of "the Company's").
 */
const QUOTED_TERM = /[“"](?!['‘])([^”"]{2,80})[”"]|(?<![\p{L}\p{N}])['‘]([^'‘’“”"\n]{2,80}?)['’](?![\p{L}\p{N}])/gu;
/** What ends a sentence after a term that closes it: a full stop, ";" or nothing, a closing quote aside. */
const SENTENCE_END = /^[”"'’]?[.;]?[”"'’]?$/;
/**
 * The words that name what goes before as the quoted term after them: "shall be an", "is referred to
 * herein as the", "are each a", "is hereinafter called".
 */
const NAMED_AS =
  /\b(?:shall\s+be|will\s+be|is|are)\s+(?:(?:each|collectively|together|individually|hereinafter|herein)\s+)*(?:(?:called|referred\s+to|known|designated)\s+(?:(?:herein|hereinafter|collectively)\s+)*as\s+)?(?:the|an?)?\s*$/i;
/** How much of the text before a term `NAMED_AS` reads: its words are few, and a long sentence is not rescanned. */
const NAMED_AS_READ = 80;
/** A clause label before a definition: "1.4 ", "(a) ", "a. ". */
const LABEL = String.raw`(?:\[?\(?[0-9]+(?:\.[0-9]+)*[.)]?\s+|\[?\([a-z0-9]{1,4}\)\s*|[a-z][.)]\s+)?`;
/** Text that holds only a label (and spaces). */
const LABEL_ONLY = new RegExp(String.raw`^\s*${LABEL}$`);
/** Words a term of a definitions list is written in: capitalised, or all capitals, with digits and joiners. */
const TERM_WORD = DEFINED_TERM_WORD;

/**
 * How plainly a sentence defines the term: 0 "means" (or a quoted list entry), 1 a naming parenthetical or
 * an unquoted list entry, 2 a heading over its text, 3 a pointer to where it is defined ("has the meaning set
 * forth in Section 3.3"): the definitions list of a long agreement points to the section that names the term,
 * and that naming is the answer when the extract holds it.
 */
export type DefinitionStrength = 0 | 1 | 2 | 3;

/** A definition that only says where the term is defined: "has the meaning set forth in", "as defined in". */
const POINTS_ELSEWHERE =
  /^\s*(?:,\s*)?(?:shall\s+)?(?:has|have)\s+the\s+(?:respective\s+)?meanings?\s+(?:set\s+(?:forth|out)|specified|given(?:\s+to\s+(?:it|such\s+term))?|assigned(?:\s+to\s+(?:it|such\s+term))?|ascribed(?:\s+to\s+(?:it|such\s+term))?|provided|stated|defined)\s+(?:in|on|under|to\s+it\s+in)\b/i;

/**
 * Whether, and how plainly, `c` defines the term `key` (`definedTermKey`): a quoted term followed by
 * "means" (or another defining verb) or a quoted list entry (0); a naming parenthetical, or an unquoted
 * entry at the start of its line ("1.4 Affiliate - a business entity …", "End User is the final
 * purchaser …", "Cisco Quarter shall mean …") (1); a line holding only the term in capitals over a
 * sentence that describes it (2). Null: it does not define it.
 */
export function definitionStrength(
  c: Pick<Candidate, "item" | "start" | "end" | "text">,
  key: string,
): DefinitionStrength | null {
  const sentence = c.text;
  let named = false;
  let pointer = false;
  // the last "(" and ")" before the quote, read once left to right (a quoted term may recur thousands of times)
  let read = 0;
  let open = -1;
  let close = -1;
  for (const m of sentence.matchAll(QUOTED_TERM)) {
    // a full stop the quotes close over is the sentence's: “Agreement.”
    if (definedTermKey(trimEndOf((m[1] ?? m[2]) as string, /[.,;:]/)) !== key) continue;
    const at = m.index ?? 0;
    const before = sentence.slice(0, at);
    const after = sentence.slice(at + m[0].length);
    if (DEFINES_AFTER.test(after)) {
      const verb = after.replace(/^(?:\s+(?:of|for|with\s+respect\s+to)\s+[^,.;:“”"]{1,40}?)?/i, "");
      if (!POINTS_ELSEWHERE.test(verb)) return 0;
      pointer = true;
      continue;
    }
    if (LABEL_ONLY.test(before) && LIST_SEPARATOR.test(after)) return 0;
    // the term named at the end of what it names: "… conceived during the term shall be an “Improvement”."
    // (what is left trimmed first: a run of spaces read by two `\s*` is split every way)
    const rest = after.trim();
    if (rest.length <= 3 && SENTENCE_END.test(rest) && NAMED_AS.test(before.slice(-NAMED_AS_READ))) named = true;
    // a naming parenthetical: the term last inside its parentheses, after what names it
    for (; read < at; read++) {
      if (sentence[read] === "(") open = read;
      else if (sentence[read] === ")") close = read;
    }
    if (open >= 0 && close < open && /^\s*\)/.test(after)) {
      const inside = before.slice(open + 1);
      if (inside.trim() === "" || NAMING_OPENER.test(inside)) named = true;
    }
  }
  if (named) return 1;
  // each line of the sentence that opens a line of the text (a heading line may run into the first entry)
  const lines = sentence.split("\n");
  for (const [i, line] of lines.entries()) {
    if (i === 0 && !atLineStart(c)) continue;
    const entry = UNQUOTED_ENTRY.exec(line);
    if (entry && definedTermKey(entry[1] as string) === key) return 1;
  }
  if (labelledBy(c)?.key === key) return 1;
  const heading = atLineStart(c) ? headingOver(c, key) : null;
  return heading ?? (pointer ? 3 : null);
}

/** A term and a colon that open a line: the label of a schedule's or a term sheet's entry ("Territory: "). */
const ENTRY_LABEL = new RegExp(String.raw`^\s*${LABEL}(${TERM_WORD}(?:\s+${TERM_WORD}){0,5})\s*:\s*$`, "u");

/**
 * The term (as `definedTermKey` compares it) whose label stands before the sentence on its line, and where the
 * label starts, when the reading split left it there: "Territory: The United States, excluding its territories."
 * is read as the sentence "The United States, …" after the label "Territory:". A schedule or a term sheet
 * defines its entries so. Null when no label stands there.
 */
function labelledBy(c: Pick<Candidate, "item" | "start">): { key: string; start: number } | null {
  const text = c.item.text;
  const at = Math.min(text.length, Math.max(0, c.start - c.item.start));
  // the line before the sentence, at most a short label's length back
  const from = Math.max(0, at - 120);
  const before = text.slice(from, at);
  const line = before.slice(before.lastIndexOf("\n") + 1);
  if (line.length === before.length && from > 0) return null;
  const m = ENTRY_LABEL.exec(line);
  if (!m) return null;
  const lead = line.length - line.trimStart().length;
  return { key: definedTermKey(m[1] as string), start: c.item.start + at - line.length + lead };
}

/**
 * The lead-in a drafter puts before a definition stated in running text: "For purposes of this Agreement,",
 * "For the purposes of this Section 4,", "As used in this Agreement,".
 */
const PURPOSE_LEAD = String.raw`(?:(?:[Ff]or\s+(?:the\s+)?purposes?\s+of|[Aa]s\s+used\s+in)\s+(?:this|these)\s+\p{L}+(?:\s+[\p{N}IVX][\p{N}.()A-Za-z]*)?\s*,\s*)?`;

/**
 * An unquoted entry of a definitions list: "1.4 Affiliate - …", "End User is the …", "Cisco Quarter shall mean …",
 * and a definition in running text after its lead-in ("For purposes of this Agreement, CEII shall mean: …").
 */
const UNQUOTED_ENTRY = new RegExp(
  String.raw`^\s*${LABEL}${PURPOSE_LEAD}(${TERM_WORD}(?:\s+${TERM_WORD}){0,5})(?=\s*(?:,\s*)?${DEFINES}|\s*:\s|\s+[-–—]\s|\s+(?:is|are)\s+(?:the|a|an|any|all|each)\s)`,
  "u",
);

/** Whether the sentence opens its line (after spaces): where a definitions list's entries start. */
function atLineStart(c: Pick<Candidate, "item" | "start">): boolean {
  // read back from the sentence over spaces and tabs only: every sentence of a long item would rescan its start
  const text = c.item.text;
  let i = Math.min(text.length, Math.max(0, c.start - c.item.start));
  while (i > 0 && (text[i - 1] === " " || text[i - 1] === "\t")) i--;
  return i === 0 || text[i - 1] === "\n";
}

/**
 * A definitions list that heads each entry with the term on a line of its own, in capitals, over a sentence
 * that describes it ("HYPERFEED" / "The proprietary digital data feed …"): the sentence defines the term
 * when it opens with an article and says no obligation in its opening words (a heading over an operative
 * clause names its subject, it does not define it).
 */
function headingOver(c: Pick<Candidate, "item" | "start" | "text">, key: string): DefinitionStrength | null {
  if (!atLineStart(c)) return null;
  const before = c.item.text.slice(0, Math.max(0, c.start - c.item.start)).trimEnd();
  const line = before.slice(before.lastIndexOf("\n") + 1).trim();
  if (line === "" || line !== line.toUpperCase() || definedTermKey(line) !== key) return null;
  const opening = c.text.slice(0, 80);
  return /^\s*(?:the|a|an|any|all|each)\s/i.test(opening) && !/\b(?:shall|will|must|may|agrees?)\b/i.test(opening)
    ? 2
    : null;
}

/** A line that starts another provision or another definition: where a definition's text ends. */
const NEXT_ENTRY = new RegExp(
  String.raw`^\s*(?:${LABEL}[“"][^”"]{1,80}[”"]|\(?[0-9]+(?:\.[0-9]+)*[.)]?\s+\p{Lu}|(?:Section|SECTION|Article|ARTICLE)\s|${TERM_WORD}(?:\s+${TERM_WORD}){0,5}(?:\s*(?:,\s*)?${DEFINES}|\s*:|\s+[-–—]\s))`,
  "u",
);

/** Within a line, where the next entry starts: a full stop or ";" and a quoted term, or a numbered provision. */
const NEXT_IN_LINE =
  /[.;]\s+(?:(?:and|or)\s+)?(?:(?:\(?[a-z0-9]{1,4}\)\s*)?[“"][^”"]{1,80}[”"]|[0-9]+(?:\.[0-9]+)*[.)]?\s+\p{Lu})/u;

/**
 * The whole definition a defining sentence opens, as an end offset: the rest of its line, then the lines
 * that carry it on (a list its lead-in opens with a colon, items joined by ";", "and", "or", a line
 * wrapped mid-sentence), up to the next entry, provision or paragraph; within the item and at most
 * `UNIT_MAX_GROWTH` past the sentence.
 */
export function definitionEnd(c: Pick<Candidate, "item" | "start" | "end">): number {
  const text = c.item.text;
  const base = c.item.start;
  const limit = Math.min(text.length, c.end - base + UNIT_MAX_GROWTH);
  const lineEnd = (from: number) => {
    const nl = text.indexOf("\n", from);
    return nl < 0 ? text.length : nl;
  };
  let end = lineEnd(c.end - base);
  if (end > limit) return c.end;
  // a list run onto one line: the next entry or provision ends the definition there
  const onLine = NEXT_IN_LINE.exec(text.slice(c.end - base - 1, end));
  if (onLine) return c.end - 1 + onLine.index + 1;
  for (;;) {
    const nl = end;
    if (nl >= text.length) break;
    // the next line with text, and whether a blank line lies before it
    const rest = text.slice(nl + 1);
    const lead = /^(?:[ \t]*\n)*/.exec(rest)?.[0] ?? "";
    const lineStart = nl + 1 + lead.length;
    const next = text.slice(lineStart, lineEnd(lineStart));
    if (next.trim() === "" || NEXT_ENTRY.test(next)) break;
    const sofar = trimEndOf(text.slice(c.start - base, end), /[\]\s]/);
    const continues = /(?:[:;,]|\b(?:and|or))$/.test(sofar);
    const wrapped = lead === "" && (/^\s*\p{Ll}/u.test(next) || !/[.:;]$/.test(sofar));
    if (!continues && !wrapped) break;
    const to = lineEnd(lineStart);
    if (to > limit) break;
    end = to;
  }
  return base + Math.max(c.end - base, text.slice(0, end).trimEnd().length);
}

/** Whether two candidates' spans overlap in one document version. */
function overlaps(a: Pick<Candidate, "item" | "start" | "end">, b: Pick<Candidate, "item" | "start" | "end">): boolean {
  return (
    a.item.documentId === b.item.documentId && a.item.version === b.item.version && a.start < b.end && b.start < a.end
  );
}

/** What the rule reads besides the question and the decision's citations. */
export interface DefinitionContext {
  /** How many asks the question holds (`questionAsks`): more than one, the definition is cited beside the rest. */
  asks: number;
  /** Whether the candidates are already the named deal's documents (`partyScope`). */
  scoped: boolean;
}

/**
 * The sentences to cite for a question that asks what a term means: the definition of the term in the
 * extract (`candidates`: every sentence of the deal's documents, the definitions brought in for reading
 * included), cited whole (`definitionEnd`), in place of what the decision cited; beside it when the
 * question asks more than that. Of several, the definition of the longest term asked, in text in force (a
 * provision an amendment replaced, restating the term, is answered by the restated definition), of the base
 * instrument (an amendment that amends a definition is brought in after this step), the plainest, in
 * retrieval order; without a named deal, one in a document the decision cited first. Unchanged when the
 * question asks no term's meaning or the extract defines none of the terms it asks.
 */
export function withDefinitionEvidence(
  question: string,
  decided: readonly ScoredCandidate[],
  candidates: readonly Candidate[],
  context: DefinitionContext = { asks: 1, scoped: false },
): ScoredCandidate[] {
  const keys = askedDefinedTerms(question);
  if (keys.length === 0) return [...decided];
  const citedDocuments = new Set(context.scoped ? [] : decided.map((d) => d.item.documentId));
  const found = candidates.flatMap((c) =>
    keys.flatMap((key) => {
      const strength = definitionStrength(c, key);
      return strength === null ? [] : [{ c, key, strength, words: key.split(" ").length }];
    }),
  );
  // Several deals define the term (parallel NDAs of one programme, a form and its filed copy): the deal whose
  // documents' file names or titles hold more of the question's other words is the one it names ("the ETI salt
  // cavern confidentiality agreement" → CCS-Salt-Cavern-RfP-NDA's "Project", where the party named, ETI, scoped
  // both of its NDAs). Deals are compared, not members of one: an amendment's longer title ("First Amendment to
  // the Development Agreement") names no other deal than its base agreement's.
  const termWords = new Set(keys.flatMap((k) => contentWords(k)));
  const naming = contentWords(question).filter((w) => !termWords.has(w));
  const dealOf = (c: Candidate) => c.item.transactionSetId ?? `document:${c.item.documentId}`;
  const dealNaming = new Map<string, number>();
  for (const { c } of found) {
    const own = new Set(contentWords(`${c.item.docLabel.replace(/[-_%]+/g, " ")} ${c.item.title ?? ""}`));
    const n = naming.filter((w) => own.has(w)).length;
    dealNaming.set(dealOf(c), Math.max(n, dealNaming.get(dealOf(c)) ?? 0));
  }
  const order = (x: (typeof found)[number]) => [
    -(dealNaming.get(dealOf(x.c)) ?? 0),
    citedDocuments.has(x.c.item.documentId) ? 0 : 1,
    -x.words,
    // superseded text is not in force: its definition gives way to the one that replaced it
    x.c.item.supersededBy !== undefined ? 1 : 0,
    AMENDING_ROLES.has(x.c.item.role) ? 1 : 0,
    x.strength,
    x.c.rank,
    x.c.index,
  ];
  const best = found.sort((a, b) => {
    const [oa, ob] = [order(a), order(b)];
    const i = oa.findIndex((v, j) => v !== ob[j]);
    return i < 0 ? 0 : (oa[i] as number) - (ob[i] as number);
  })[0];
  if (!best) return [...decided];
  const same = decided.find((d) => d.item === best.c.item && d.start === best.c.start);
  const end = definitionEnd(best.c);
  // an entry's label is quoted with it: "Territory: The United States, …" (the label of the term asked only)
  const label = labelledBy(best.c);
  const start = label?.key === best.key ? label.start : best.c.start;
  const definition: ScoredCandidate = {
    ...best.c,
    start,
    end,
    text: best.c.item.text.slice(start - best.c.item.start, end - best.c.item.start),
    p: same?.p ?? 0,
  };
  return context.asks > 1 ? [definition, ...decided.filter((d) => !overlaps(d, definition))] : [definition];
}
