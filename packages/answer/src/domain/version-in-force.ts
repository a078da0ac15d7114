import { contentWords, instrumentKind, isInstrumentPartWord, isInstrumentWord } from "@lexnav/retrieval";
import { dealOf } from "./amendment-answer.ts";
import type { ScoredCandidate } from "./evidence-model.ts";

/** The text a question asks the version of: the kind or part it names and the words before it, a part's label. */
export interface AskedText {
  /** "guarantee" (as `instrumentKind` compares it), "schedule". */
  kind: string;
  /** Content words before the kind ("emea") and a part's label ("c-1"), lower case. */
  words: string[];
}

/**
 * A question that asks which version of a text is in force ("Which EMEA guaranty is in force now?",
 * "Which Schedule C-1 applies — the one in the second amendment?", "Which lease governs today?"): the text
 * it names, from "which" to its kind or part within four words of a name ("guaranty", "Schedule"), with a part's
 * label ("C-1"); null for any other question. A kind named alone ("Which agreement governs …?") is no
 * particular text: every instrument of a deal is an agreement, and its merger clause replaces them all.
 */
export function askedVersion(question: string): AskedText | null {
  const q = question.slice(0, 2_000);
  if (!IN_FORCE.test(q)) return null;
  const words = q.match(/[A-Za-z0-9][\w'’.-]*/g) ?? [];
  const which = words.findIndex((w) => w.toLowerCase() === "which");
  if (which < 0) return null;
  for (let i = which + 1; i <= Math.min(which + 4, words.length - 1); i++) {
    const w = words[i] as string;
    const part = isInstrumentPartWord(w);
    if (!part && !isInstrumentWord(w)) {
      // the name runs on to its kind with no verb or function word between ("which law governs the agreement")
      if (NOT_OF_A_NAME.test(w) || IN_FORCE.test(w)) return null;
      continue;
    }
    const before = contentWords(words.slice(which + 1, i).join(" "));
    const label = words[i + 1]?.replace(/[.,;:?]+$/, "");
    const named = part && label && PART_LABEL.test(label) ? [...before, label.toLowerCase()] : before;
    const kind = part ? w.toLowerCase().replace(/s$/, "") : (instrumentKind(w) as string);
    return named.length > 0 ? { kind, words: named } : null;
  }
  return null;
}

/** Words by which a question asks what is in force: now, current, still, in force or effect, applies, governs. */
const IN_FORCE =
  /\b(?:now|currently|current|still|today|in (?:force|effect|place)|appl(?:y|ies)|govern(?:s|ing)?|controls?|operative)\b/i;

/** Words that end a name read from "which": verbs, articles, prepositions. */
const NOT_OF_A_NAME =
  /^(?:is|are|was|were|be|does|do|did|has|have|can|may|shall|will|the|a|an|of|to|in|on|for|by|under|and|or|one)$/i;

/** A part's label: "C-1", "A", "3", "IV", "14". */
const PART_LABEL = /^(?:[A-Z]{1,3}(?:-?\d{1,3})?|\d{1,3}(?:[.-]\d{1,3})?)$/i;

/**
 * How an instrument says it replaces a text: it amends and restates it ("desires to amend and restate
 * the Existing Guaranty", "is hereby amended and restated in its entirety"), or removes or deletes it and
 * puts another in its place ("remove Schedule C-1 in its entirety and replace it with the following").
 * Not "supersedes": a merger clause supersedes all prior agreements, no one text. The gap is bounded.
 */
const REPLACES =
  /\bamend(?:s|ed|ing)?\s+and\s+restat(?:e|es|ed|ing)\b|\b(?:remov|delet|cancel|strik)\w*\b[^.;]{0,160}?\b(?:replac|substitut)\w*/i;

/** Whether a sentence names the asked text: its kind (by any spelling: guarantee, guaranty) and every word. */
function namesText(text: string, asked: AskedText): boolean {
  const words = (text.slice(0, 2_000).match(/[A-Za-z0-9][\w'’-]*/g) ?? []).map((w) => w.toLowerCase());
  const content = new Set(contentWords(text.slice(0, 2_000)));
  const hasKind = words.some((w) => instrumentKind(w) === asked.kind || w.replace(/s$/, "") === asked.kind);
  return hasKind && asked.words.every((a) => words.includes(a) || content.has(a));
}

/**
 * The sentences to cite for a question that asks which version of a text is in force (`askedVersion`):
 * the sentence of the deal (`dealOf`) by which an instrument replaces or restates that text (`REPLACES`,
 * naming the text), of the latest instrument when several do, cited first beside what the decision
 * cited; superseded text is not kept. Drafting says which text is in force by that sentence: the text
 * the decision found (a guarantee's own covenant, one schedule's prices) says what a version provides,
 * not which version it is. Unchanged when the question asks no such thing, the extract holds no such
 * sentence, or the decision already cites it. At most `max`.
 */
export function withVersionInForce(
  question: string,
  cited: readonly ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  decisionOrder: readonly ScoredCandidate[],
  max: number,
): ScoredCandidate[] {
  const asked = askedVersion(question);
  if (asked === null) return [...cited];
  const deal = new Set(dealOf(cited, decisionOrder).map((i) => i.documentId));
  const replacing = scored.filter(
    (c) =>
      deal.has(c.item.documentId) &&
      !c.headingLine &&
      c.item.supersededBy === undefined &&
      REPLACES.test(c.text) &&
      namesText(c.text, asked),
  );
  // the latest instrument's; an undated one after the dated ones; the most probable first within one
  const latest = replacing.reduce<ScoredCandidate | undefined>(
    (best, c) => (best === undefined || (c.item.effectiveDate ?? "") > (best.item.effectiveDate ?? "") ? c : best),
    undefined,
  );
  if (latest === undefined || cited.includes(latest)) return [...cited];
  const rest = cited.filter((c) => c !== latest && c.item.supersededBy === undefined);
  return [latest, ...rest].slice(0, Math.max(1, max));
}
