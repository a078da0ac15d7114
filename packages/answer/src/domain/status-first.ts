import { contentWords } from "@lexnav/retrieval";
import { BUILTIN_RELEVANCE } from "./evidence-decision.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { inTiers, RERANK_WINDOW } from "./operative-first.ts";
import { askedTopic, instrumentModifiers, statesTopic } from "./states-asked.ts";

/**
 * Asks whether an earlier text still holds: "Does the 2008 agreement still apply?", "Is the December 31,
 * 2022 end date still good?", "Is X still bound by the non-compete?", "Is the earlier NDA still what
 * governs?". Bounded: each alternative is a few words with fixed gaps.
 */
const ASKS_STILL =
  /\bstill\s+(?:(?:what|the\s+one\s+that)\s+)?(?:appl(?:y|ies)|in\s+(?:force|effect|place)|good|valid|bound|binding|govern(?:s|ing)?|control(?:s|ling)?|effective|operative|current|stands?|holds?)\b/i;

/**
 * Asks which of two texts controls: "Which fee schedule controls: the 2013 Exhibit A or the later Exhibit
 * E?", "If the amendment and the agreement are inconsistent, which governs?". Two texts must be in play (an
 * "or", a version, an earlier or later text, a conflict); "Which state's law governs" asks a law, not a text.
 */
const ASKS_WHICH_CONTROLS = /\bwhich\b[^?]{0,120}?\b(?:controls?|governs?|prevails?|is\s+controlling)\b/i;
const TWO_TEXTS =
  /\bor\b|\bversions?\b|\b(?:earlier|later|original|older|newer|previous|prior)\b|\bconflict|\binconsisten/i;
const ASKS_LAW_OR_FORUM = /\blaws?\b|\bcourts?\b|\bjurisdiction|\bvenue\b|\bforum\b/i;

/**
 * Asks whether the rest of a text stands apart from what an amendment changed: "Apart from the changes it
 * lists, does the amendment leave the rest of the agreement in force?", "Aside from the 2017 changes, does
 * the rest of the agreement continue?".
 */
const ASKS_APART =
  /\b(?:apart|aside)\s+from\b|\bother\s+than\s+(?:the|what)\b|\bbeyond\s+(?:the|what)\b|\bexcept\s+for\s+(?:the|what)\b/i;
const ASKS_REST =
  /\b(?:the\s+rest|remainder|everything\s+else|other\s+(?:terms|provisions))\b|\b(?:remain|continue|stay|leave)s?\b/i;

/**
 * How drafting states that a text no longer holds, and what holds in its place: it supersedes, amends and
 * restates, deletes or replaces a text in its entirety, is replaced by or takes effect in lieu of another,
 * is "the controlling" text, "shall control" or "govern" over it, replaces all previous terms of its kind,
 * is of no further force, or extends or changes a term from one date or figure to another. One sentence,
 * each gap bounded.
 */
const STATES_STATUS = [
  /\bsupersed(?:e|es|ed|ing)\b/i,
  /\bamends?\s+and\s+restates?\b|\bamendment\s+and\s+restatement\b|\bamended\s+and\s+restated\s+(?:in\s+(?:its|their)\s+entirety|as\s+follows)\b/i,
  /\b(?:deleted|replaced|removed|superseded|restated)\s+in\s+(?:its|their)\s+entirety\b|\bin\s+(?:its|their)\s+entirety\s+and\s+replaced\b/i,
  /\b(?:was|were|is|are|been|be|hereby)\s+replaced\s+(?:by|with)\b/i,
  /\bin\s+lieu\s+of\b/i,
  /\bis\s+the\s+controlling\b|\b(?:shall|will)\s+(?:control|govern|prevail)\b/i,
  /\breplaces?\s+(?:all|any|the)\s+(?:previous|prior|earlier|existing|former)\b/i,
  /\bno\s+(?:further\s+)?force\s+(?:or|and)\s+effect\b/i,
  /\b(?:extend|chang|increas|decreas|reduc|mov)(?:e|es|ed|ing)?\s+[^.;]{0,80}?\bfrom\s+[^.;]{1,60}?\bto\b/i,
];

/** How drafting states that the rest of a text stands: it remains or continues in force, unmodified, ratified. */
const STATES_REST_STANDS =
  /\b(?:remains?|continues?|shall\s+(?:remain|continue)|will\s+(?:remain|continue))\s+(?:unmodified|unchanged|in\s+(?:full\s+)?(?:force|effect))\b|\bratified\s+(?:and\s+confirmed|in\s+all\s+respects)\b/i;

/** What a question asks of an earlier text's status: whether it still holds, or whether the rest of it stands. */
export type StatusAsked = "still-holds" | "rest-stands";

/** Whether a question asks if an earlier text still holds (or which of two controls), or if the rest of it stands. */
export function statusAsked(question: string): StatusAsked | null {
  if (ASKS_APART.test(question) && ASKS_REST.test(question)) return "rest-stands";
  if (ASKS_STILL.test(question)) return "still-holds";
  if (ASKS_WHICH_CONTROLS.test(question) && TWO_TEXTS.test(question) && !ASKS_LAW_OR_FORUM.test(question))
    return "still-holds";
  return null;
}

/** Whether a sentence states that a text no longer holds and what holds in its place. */
export function statesSupersession(text: string): boolean {
  return STATES_STATUS.some((re) => re.test(text));
}

/** Whether a sentence states that the rest of a text stands (remains in force, unmodified, ratified). */
export function statesRestStands(text: string): boolean {
  return STATES_REST_STANDS.test(text);
}

/**
 * The decision's best candidates with the sentence that states an earlier text's status first, for a
 * question that asks it: "Is the earlier NDA still what governs?" is answered by "This Agreement amends
 * and restates in its entirety the … Agreement previously entered into", not by the governing-law clause
 * that shares "governs"; "Apart from the changes, does the rest stay in force?" by "Except as expressly
 * amended …, the Agreement remains in full force and effect", not by one of the changes. A recital may
 * state it ("WHEREAS … Exhibit A … was replaced by Revised Exhibit E … and is the controlling …"); a heading
 * states nothing. Each slot keeps its probability (`inTiers`); nothing moves when the first candidate
 * already states it, or none does.
 */
export function statusFirst(question: string, scored: readonly ScoredCandidate[]): ScoredCandidate[] {
  const asked = statusAsked(question);
  if (asked === null) return [...scored];
  const states = asked === "rest-stands" ? statesRestStands : statesSupersession;
  const head = scored.slice(0, RERANK_WINDOW);
  const stating = head.map((c) => !c.headingLine && states(c.text));
  if (stating[0] || !stating.some(Boolean)) return [...scored];
  return inTiers(scored, (i) => Number(!stating[i]));
}

/**
 * Whether `c` states the status `question` asks of an earlier text, and speaks of something it names: what
 * it asks about, or the words that say which instrument ("the 2008 cooperation agreement", "the earlier
 * mutual NDA"): a status question names the text whose status it asks, and little else.
 */
export function statesStatusAsked(question: string, c: ScoredCandidate): boolean {
  const asked = statusAsked(question);
  if (asked === null || c.headingLine === true) return false;
  if (!(asked === "rest-stands" ? statesRestStands(c.text) : statesSupersession(c.text))) return false;
  const named = contentWords(instrumentModifiers(question).join(" "));
  return statesTopic([...askedTopic(question), ...named], c);
}

/**
 * The status sentence cited where the question asks an earlier text's status and the decision's first
 * sentence (after `statusFirst`) states it about what the question names: "Does the 2008 cooperation agreement
 * still apply alongside the 2014 version?" is answered by "This Agreement shall be taken as an amendment and
 * restatement of the Original Cooperation Agreement and supersede the Original Cooperation Agreement in all
 * respects."; "Apart from the changes it lists, does the amendment leave the rest in force?" by "Except as
 * expressly amended …, the Agreement remains in full force and effect". Drafting states a status in its own
 * words ("amends and restates", "remains in full force and effect") that a lawyer does not use ("still good",
 * "leave the rest in force"), so the sentence's word coverage is low: its calibrated probability may fall under
 * the bar (as for `answerInKind`), `statesAsked` finds none of the question's words in it, and the amendment
 * rules cite one of the changes instead. Applied last, it puts the sentence first among what is cited and
 * keeps the rest. Nothing happens under the built-in relevance (`BUILTIN_RELEVANCE`): the rule reads an
 * embedder's ranking, not a cosine of the question's own words.
 */
export function citeStatus(
  question: string,
  picked: readonly ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  relevanceOf: string,
): ScoredCandidate[] {
  const first = scored[0];
  if (relevanceOf === BUILTIN_RELEVANCE || !first || !statesStatusAsked(question, first)) return [...picked];
  const same = (c: ScoredCandidate) => c.item === first.item && c.start === first.start && c.end === first.end;
  return [first, ...picked.filter((c) => !same(c))];
}
