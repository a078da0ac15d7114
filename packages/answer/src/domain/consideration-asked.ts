import { contentWords, parseQuestion } from "@lexnav/retrieval";
import { clausesOpenedBy } from "./condition-asked.ts";
import { type ScoredCandidate, sameFamily } from "./evidence-model.ts";
import type { AskDecision } from "./multi-ask.ts";
import { RERANK_WINDOW } from "./operative-first.ts";

/**
 * How a question asks what was given or received for an act: "What do the funds get for releasing their
 * lien?", "What did the company give the holder for extending the maturity?", "How much is X paying for
 * cutting back the volumes?", "What does X receive in exchange for the waiver?". The act is what follows
 * "for" (a verb in -ing) or "in exchange for" / "in return for" / "in consideration of".
 */
const CONSIDERATION_ASKED =
  /\b(?:get|gets|getting|got|receive|receives|receiving|received|give|gives|giving|gave|given|pay|pays|paying|paid|owe|owes|owed|earn|earns|earned)\b[^?]{0,60}?\bfor\s+([a-z]+ing\b[^?]{0,100})|\bin\s+(?:exchange|return)\s+for\s+([^?]{3,100})|\bin\s+consideration\s+(?:of|for)\s+([^?]{3,100})/i;

/** Words of an act that name the instrument or its parties as such: every clause of the deal has them. */
const FRAME = new Set("agreement contract instrument document party parties amendment their its his her".split(" "));

/**
 * The words of the act a question asks the consideration for ("What do the funds get for releasing their
 * second-lien position?" → releas, second, lien, position), the act's verb first; empty when the question
 * does not ask what was given for an act. A second ask joined by "and" is not part of the act.
 */
export function consideredAct(question: string): string[] {
  const m = CONSIDERATION_ASKED.exec(parseQuestion(question).ask.slice(0, 1_000));
  if (!m) return [];
  const act = (m[1] ?? m[2] ?? m[3] ?? "").split(/,|\s+and\s+(?:on|what|when|how|who|which|whether)\b/i)[0] ?? "";
  return contentWords(act).filter((w) => !FRAME.has(w));
}

/**
 * How drafting states what is given for an act: "in exchange for", "in return for", "in consideration
 * of/for", "as consideration for", "as compensation for". The act is named in the clause that follows.
 */
const CONSIDERATION =
  /\b(?:in\s+(?:exchange|return)\s+for|in\s+consideration\s+(?:of|for)|as\s+(?:consideration|compensation)\s+for)\b/gi;
/** How far after the consideration words the act may be named: its own clause. */
const ACT_SPAN = 120;

/**
 * Whether a sentence states what is given for the act: consideration words followed, within their clause
 * (to its comma),
 * by the act's verb (or its noun: "releasing", "the extension of") and, for an act of more than one
 * word, by one more of its words. "In consideration of the mutual covenants herein" names no act.
 */
export function statesConsiderationFor(text: string, act: readonly string[]): boolean {
  const [verb, ...rest] = act;
  if (verb === undefined) return false;
  // the act's clause: to the comma or semicolon that ends it ("In exchange for the extension …, $50,000 …")
  for (const clause of clausesOpenedBy(text, CONSIDERATION, ACT_SPAN, /[,;:]/)) {
    const words = contentWords(clause);
    if (!words.some((w) => sameFamily(verb, w))) continue;
    if (rest.length === 0 || rest.some((a) => words.some((w) => sameFamily(a, w)))) return true;
  }
  return false;
}

/**
 * A question that asks what was given for an act is answered by the sentence that states what is given
 * in exchange for that act (issue #16, item 1). "What did the company give the holder for extending the
 * maturity?" is answered by "In exchange for the extension of the Maturity Date, $50,000.00 shall be
 * added to the principal", not by "The Maturity Date of the Note is amended and extended", which shares
 * more of the question's words and states the act, not what was given for it. In amendments, consents
 * and exchange agreements a recital often states it ("WHEREAS, in exchange for releasing its second
 * senior secured position, the HealthCor Parties will receive …"): a recital of the transaction states
 * the deal's fact, so it is cited too. Among the decision's best candidates (`RERANK_WINDOW`), the first
 * that states the consideration for the act asked (`statesConsiderationFor`) is cited in place of the
 * decision's; the decision is returned unchanged when it already cites one, when none does, or when the
 * question asks no consideration. The probability is unchanged: what the bar means is unchanged.
 */
export function withConsideration(
  question: string,
  decided: AskDecision<ScoredCandidate>,
  scored: readonly ScoredCandidate[],
): AskDecision<ScoredCandidate> {
  const act = consideredAct(question);
  if (act.length === 0) return decided;
  const states = (c: ScoredCandidate) => !c.headingLine && statesConsiderationFor(c.text, act);
  if (decided.cited.some(states)) return decided;
  const found = scored.slice(0, RERANK_WINDOW).find(states);
  return found ? { cited: [found], probability: decided.probability } : decided;
}
