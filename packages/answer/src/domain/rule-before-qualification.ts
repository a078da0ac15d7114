import { literal } from "@lexnav/core";
import type { ScoredCandidate } from "./evidence-model.ts";

/**
 * Drafting states a rule, then qualifies it: "For the avoidance of doubt, …", "For purposes of clarity and as
 * examples, …" restate the rule for a case or illustrate it; "All Revenue shall mean gross revenue …, except for
 * Direct Deals. For Direct Deals, Revenue shall mean Net Revenue …" carves a case out and gives it its own rule.
 * A question that asks the rule is answered by the rule, not by its clarification or its carve-out, though
 * either shares the rule's words and may read as the closer match. Issue #16, item 1 (citation precision).
 */

/**
 * How a clarification or illustration opens, after an optional item marker: "For the avoidance of doubt",
 * "For (the) purposes of clarity", "For the sake of clarity", "For clarity", "By way of example/illustration",
 * "As an example". Anchored at the start, each gap bounded.
 */
const CLARIFIES =
  /^\W{0,3}(?:\(?[a-z0-9]{1,4}[.)]\s{0,3})?(?:for\s+the\s+avoidance\s+of\s+doubt|for\s+(?:the\s+)?(?:purposes?|sake)\s+of\s+clarity|for\s+clarity|by\s+way\s+of\s+(?:example|illustration)|as\s+an?\s+examples?)\b/i;

/** Words by which a question itself asks for a clarification or an example. */
const ASKS_CLARIFICATION = /\b(?:avoidance\s+of\s+doubt|clarif\w*|examples?|illustrat\w*)\b/i;

/**
 * How a carved-out case's own rule opens: "For "Direct Deals", …", "In the case of Licensed Products sold in
 * Japan, …", "With respect to Video, …": the case (at most 60 characters, no comma) before the first comma.
 */
const CASE_RULE = /^\W{0,3}(?:for|in\s+the\s+case\s+of|with\s+respect\s+to)\s+["“']?([^,"”']{1,60}?)["”']?\s*,/i;

/** How near the next sentence's probability must come to the qualification's for the rule to take its place. */
export const RULE_MARGIN = 0.75;

/** Whether a sentence opens as a clarification or an illustration of another provision. */
export function clarifies(text: string): boolean {
  return CLARIFIES.test(text);
}

/** The case a sentence gives its own rule for ("For Direct Deals, …" → "Direct Deals"), if it opens so. */
export function caseRuledFor(text: string): string | null {
  return CASE_RULE.exec(text)?.[1]?.trim() ?? null;
}

const flat = (s: string) =>
  s
    .replace(/["“”']/g, "")
    .replace(/\s+/g, " ")
    .toLowerCase();

/** Whether a sentence carves `out` from its rule: "…, except for "Direct Deals"", "other than Direct Deals". */
export function carvesOut(text: string, out: string): boolean {
  const words = out.split(/\s+/).map(literal).join("\\s+");
  return new RegExp(
    `\\b(?:except(?:\\s+(?:for|as\\s+to|in\\s+the\\s+case\\s+of))?|other\\s+than|excluding)\\s+["“']?${words}\\b`,
    "i",
  ).test(text);
}

/**
 * The cited sentences with each qualification replaced by the rule it qualifies, for a question that does not
 * ask the qualification:
 * - a case's own rule ("For Direct Deals, …") by the sentence just before it in the same passage that carves
 *   that case out of the rule ("…, except for Direct Deals"), when the question does not name the case;
 * - a clarification ("For the avoidance of doubt, …") by the decision's next candidate that is no clarification,
 *   no heading and not cited, when its probability is at least `margin` times the clarification's.
 * Nothing else moves; a qualification with no rule beside it stays cited.
 */
export function ruleBeforeQualification<T extends ScoredCandidate>(
  question: string,
  cited: readonly T[],
  scored: readonly T[],
  margin: number = RULE_MARGIN,
): T[] {
  if (cited.length === 0) return [...cited];
  const asked = flat(question);
  const taken = new Set(cited);
  const out: T[] = [];
  for (const c of cited) {
    const rule = carvedRule(c, asked, scored) ?? clarifiedRule(c, question, scored, taken, margin);
    if (rule && !taken.has(rule)) {
      taken.add(rule);
      out.push(rule);
    } else out.push(c);
  }
  return out;
}

/** The rule a case's own rule is carved out of: the sentence ending just before it in the same passage. */
function carvedRule<T extends ScoredCandidate>(c: T, asked: string, scored: readonly T[]): T | undefined {
  const out = caseRuledFor(c.text);
  if (!out || asked.includes(flat(out))) return undefined;
  const before = scored.find(
    (s) =>
      s.item.documentId === c.item.documentId && s.end <= c.start && c.start - s.end <= 3 && s !== c && !s.headingLine,
  );
  return before && carvesOut(before.text, out) ? before : undefined;
}

/** The decision's next candidate that states a provision rather than clarifying one, if about as probable. */
function clarifiedRule<T extends ScoredCandidate>(
  c: T,
  question: string,
  scored: readonly T[],
  taken: ReadonlySet<T>,
  margin: number,
): T | undefined {
  if (!clarifies(c.text) || ASKS_CLARIFICATION.test(question)) return undefined;
  const next = scored.find((s) => s !== c && !taken.has(s) && !s.headingLine && !clarifies(s.text));
  return next && next.p >= margin * c.p ? next : undefined;
}
