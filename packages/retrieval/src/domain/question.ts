import { featureWords } from "../embedders/text-features.ts";

/**
 * A question as asked about a contract: the part that names the instrument ("Consider the Supply
 * Agreement between X and Y;", "In the non-disclosure agreement N:") and the part that asks. Routing
 * uses the whole text; ranking inside the named documents uses the asking part, so party names, which
 * occur everywhere in their own contract, do not drown the words that carry the evidence.
 */
export interface ParsedQuestion {
  full: string;
  /** The asking part; the whole question when no naming part was found. */
  ask: string;
  naming: string;
}

// A naming part ends at the first ";" or at the first ": " and is followed by at least three words.
const NAMING = /^([^;]{8,}?;|[^:]{8,}?:\s)\s*(\S(?:.*\S)?)\s*$/s;

export function parseQuestion(query: string): ParsedQuestion {
  const m = NAMING.exec(query);
  if (m && (m[2] as string).split(/\s+/).length >= 3) {
    return { full: query, naming: (m[1] as string).trim(), ask: m[2] as string };
  }
  return { full: query, naming: "", ask: query };
}

/** Flags of the provision tree a question's wording points at. */
export type FlagIntent =
  | "hasMoney"
  | "hasDate"
  | "hasPercentage"
  | "hasLiabilityLimit"
  | "isDefinition"
  | "hasCondition";

const INTENT_WORDS: Array<[FlagIntent, RegExp]> = [
  [
    "hasMoney",
    /\b(amount|amounts|fee|fees|price|prices|pay|payment|payments|paid|royalt\w*|cost|costs|compensation|dollars?|purchase|minimum|revenue|profit)\b|\$/i,
  ],
  [
    "hasDate",
    /\b(when|date|dates|deadline|expire\w*|expiration|term|renewal|renew|days|months|years|period|duration|until|effective)\b/i,
  ],
  ["hasPercentage", /\b(rate|rates|percent\w*|interest|share|sharing|%)\b/i],
  ["hasLiabilityLimit", /\b(cap|caps|capped|uncapped|liability|liable|limitation|limit|damages)\b/i],
  ["isDefinition", /\b(defined|definition|define|means|meaning)\b/i],
  ["hasCondition", /\b(if|unless|condition\w*|provided|subject to|in the event)\b/i],
];

/** The flag intents of a question (amount → hasMoney, deadline → hasDate, rate → hasPercentage, ...). */
export function flagIntents(ask: string): FlagIntent[] {
  return INTENT_WORDS.filter(([, re]) => re.test(ask)).map(([f]) => f);
}

/** The content words of a text, lightly stemmed, unique, in order. */
export function contentWords(text: string): string[] {
  return [...new Set(featureWords(text))];
}
