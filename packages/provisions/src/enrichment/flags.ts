import { literal } from "@lexnav/core";

/**
 * Deterministic content flags, computed on a node's own text. Each pattern is one regex so a
 * node costs a handful of scans regardless of how many phrasings are recognised.
 */

const MONTH =
  "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)";

const MONEY =
  /(?:U\.?S\.?\s?\$|US\$|\$|€|£|¥)\s?\d|\b\d[\d,.]*\s?(?:USD|EUR|GBP|Dollars|dollars|Euros?|euros?)\b|\b(?:USD|EUR|GBP)\s?\d|\bDollars\b|\bU\.S\. dollars\b/;

const DATE = new RegExp(
  [
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:day\\s+of\\s+)?${MONTH}\\b`,
    `\\bday\\s+of\\s+${MONTH}`,
    "\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b",
    "\\b(?:19|20)\\d{2}-\\d{2}-\\d{2}\\b",
    "\\b(?:within|in|after|before|prior\\s+to|at\\s+least|not\\s+less\\s+than|not\\s+more\\s+than)\\s+(?:\\w+\\s+)?(?:\\(\\d+\\)\\s+)?(?:\\d+\\s+)?(?:business\\s+|calendar\\s+|Business\\s+)?(?:days?|months?|years?|weeks?|Business\\s+Days?)\\b",
    "\\bno\\s+later\\s+than\\b",
    "\\b(?:Effective|Closing|Maturity|Termination|Expiration)\\s+Date\\b",
    `\\b${MONTH}\\s+\\d{4}\\b`,
  ].join("|"),
);

const NUMBER_WORD =
  "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|twenty-five|thirty|forty|fifty|sixty|seventy|seventy-five|eighty|ninety|one hundred|hundred)";
const PERCENTAGE = new RegExp(
  `\\d\\s?%|\\d\\s?(?:percent|per\\s+cent)\\b|\\b${NUMBER_WORD}(?:\\s+and\\s+\\w+\\s*-?\\s*\\w*)?\\s+(?:percent|per\\s+cent)\\b|\\bper\\s+annum\\b|\\bbasis\\s+points\\b|\\bpercentage\\b`,
  "i",
);

const LIABILITY =
  /limitations?\s+(?:of|on)\s+liabilit|in\s+no\s+event\s+(?:shall|will)\b[^.]{0,160}?\bliable|aggregate\s+liabilit|(?:total|maximum|cumulative)\s+liabilit|shall\s+not\s+exceed|will\s+not\s+exceed|\bliability\s+cap\b|\bcap(?:ped)?\s+(?:on|at)\b|consequential\s+damages|(?:indirect|special|incidental|punitive|exemplary)\s+damages|not\s+be\s+liable\s+for/i;

const CONDITION =
  /conditions?\s+precedent|\bprovided\s*,?\s+(?:however,?\s+)?that\b|\bsubject\s+to\b|\bif\s+and\s+only\s+if\b|\bunless\b|\bon\s+condition\s+that\b|\bconditioned\s+(?:up)?on\b|\bin\s+the\s+event\s+that\b|\bso\s+long\s+as\b/i;

/** Which content flags the text carries (party detection is separate: it needs the document's parties). */
export interface ContentFlags {
  hasMoney: boolean;
  hasDate: boolean;
  hasPercentage: boolean;
  hasLiabilityLimit: boolean;
  hasCondition: boolean;
}

/** Content flags of one piece of text. */
export function contentFlags(text: string): ContentFlags {
  return {
    hasMoney: MONEY.test(text),
    hasDate: DATE.test(text),
    hasPercentage: PERCENTAGE.test(text),
    hasLiabilityLimit: LIABILITY.test(text),
    hasCondition: CONDITION.test(text),
  };
}

/**
 * Matcher for party mentions: the defined party terms ("Borrower", "Lender", "Administrative Agent")
 * and the party names of the preamble, matched case-sensitively as whole words (plural "s" allowed).
 * Returns null when the document names no parties.
 */
export function createPartyMatcher(parties: readonly string[]): RegExp | null {
  const names = [...new Set(parties.map((p) => p.trim()).filter((p) => p.length >= 2))].sort(
    (a, b) => b.length - a.length,
  );
  if (names.length === 0) return null;
  const alternation = names.map(literal).join("|");
  return new RegExp(`(?<![A-Za-z0-9])(?:${alternation})s?(?![A-Za-z0-9])`);
}
