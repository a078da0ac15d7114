import { contentWords, parseQuestion } from "@lexnav/retrieval";
import { type ScoredCandidate, sameFamily } from "./evidence-model.ts";
import { inTiers, isNotOperative, RERANK_WINDOW } from "./operative-first.ts";

/** "What happens on/if/when X", "What are the consequences / the effect of X": X is what the question conditions on. */
const CONSEQUENCE_ASKED =
  /\bwhat\s+happens\b[^?]{0,80}?\b(?:on|upon|if|when|after|following|in\s+the\s+event\s+(?:of|that))\s+([^?]{3,80})|\b(?:consequences?|effects?)\s+of\s+(?:an?\s+|the\s+)?([^?]{3,80})/i;

/** Words that name the instrument or its parties, not the event: every clause of the deal has them. */
const FRAME = new Set("agreement contract instrument document party parties".split(" "));

/**
 * The words of the event a question asks the consequences of ("What happens on a change of control?" →
 * change, control), without the part that names the instrument ("… in the licence agreement with X");
 * empty when the question does not ask what follows from an event.
 */
export function askedEvent(question: string): string[] {
  const m = CONSEQUENCE_ASKED.exec(parseQuestion(question).ask);
  if (!m) return [];
  const event = (m[1] ?? m[2] ?? "").split(/\s+(?:in|under)\s+the\s/i)[0] ?? "";
  return contentWords(event).filter((w) => !FRAME.has(w));
}

/** How drafting conditions a provision on an event: in the event of / that, if, upon, on, following, after, where. */
const CONDITION = /\b(?:in\s+the\s+event\s+(?:of|that)|in\s+case\s+of|if|upon|on|following|after|where)\b/gi;
/** A definition says what the event is, not what follows from it. */
const DEFINES = /\b(?:means|shall\s+mean|has\s+the\s+meaning)\b/i;
/** How far after its condition word the event may be named: the condition's own clause. */
const CONDITION_SPAN = 80;

/** Whether a sentence is conditioned on the event: a condition word followed, within its clause, by a word of the event. */
export function conditionedOn(text: string, event: readonly string[]): boolean {
  if (event.length === 0 || DEFINES.test(text)) return false;
  for (const m of text.matchAll(CONDITION)) {
    const at = (m.index ?? 0) + m[0].length;
    const words = contentWords(text.slice(at, at + CONDITION_SPAN));
    if (words.some((w) => event.some((e) => sameFamily(e, w)))) return true;
  }
  return false;
}

/**
 * The decision's best candidates with those conditioned on the event a question asks the consequences
 * of first: "What happens on a change of control?" is answered by "In the event that X undergoes a
 * Change of Control, …", not by the definition of a change of control, which shares every word of the
 * question. Each slot keeps its probability (as in `operativeFirst`); nothing moves when the first
 * candidate is already conditioned on the event, or none is.
 */
export function consequenceFirst(question: string, scored: readonly ScoredCandidate[]): ScoredCandidate[] {
  const event = askedEvent(question);
  if (event.length === 0) return [...scored];
  const head = scored.slice(0, RERANK_WINDOW);
  const states = head.map((c) => !c.headingLine && !isNotOperative(c.text) && conditionedOn(c.text, event));
  if (states[0] || !states.some(Boolean)) return [...scored];
  return inTiers(scored, (i) => Number(!states[i]));
}
