/**
 * A lawyer's everyday phrases that no clause uses, each as the one pattern that says a question asks in it.
 * Retrieval's concept table (`legal-concepts.ts`) adds the drafting's words for them to the query, and the
 * answer's lay-word table (`@lexnav/answer`, `asked-in-lay-words.ts`) reads a sentence in those words as
 * speaking of them: both read a phrase by the same pattern here, so the two cannot disagree on when a
 * question asks in it. The package exports them as one namespace, `LAY_PHRASES`: a new phrase is added here
 * and read by name in the two tables, with no list of names to keep in step.
 */

/** Paying money back ("pay the loan back"), not paying a party for something ("paying ADMA for cutting back"). */
export const PAID_BACK =
  /\b(?:pay|pays|paid|paying)\s+(?:(?!(?:for|to|by|with|on|in|under|after|before|if|when|and|or|as)\b)[\w'’$,.]+\s+){0,4}?back\b/i;
/** Being liable: "Who is on the hook if …?" */
export const ON_THE_HOOK = /\bon\s+the\s+hook\b/i;
/** Terminating: "Can the company pull the plug on the agreement?" */
export const PULL_THE_PLUG = /\bpull(?:s|ed|ing)?\s+the\s+plug\b/i;
/** Bearing the costs: "Who foots the bill for the audit?", "picks up the tab". */
export const FOOT_THE_BILL = /\b(?:foot(?:s|ing)?|pick(?:s|ing)?\s+up)\s+the\s+(?:bill|tab)\b/i;
/** Disparaging: "badmouth", "bad-mouthing". */
export const BADMOUTH = /\bbad-?mouth\w*/i;
/** Notice: "How much of a heads-up must the landlord give?" */
export const HEADS_UP = /\bheads?[- ]up\b/i;
/** Other employment or business: "Can the executive moonlight?", "a side job". */
export const MOONLIGHTING = /\bmoonlight\w*|\bside\s+(?:job|gig|business)/i;
/** A partner withdrawing or redeemed: "Can a limited partner cash out?" */
export const CASH_OUT = /\bcash(?:es|ed|ing)?\s+out\b/i;
/** Removal: "Can the general partner be kicked out?", "boot the manager out". */
export const KICKED_OUT = /\b(?:kick(?:s|ed)?|boot(?:s|ed)?)\s+(?:[\w'’]+\s+){0,3}?out\b/i;
/** A board seat: "Does the investor get to sit on the board?" (not "sit in on meetings"). */
export const SIT_ON_THE_BOARD = /\bsits?\s+on\s+(?:the|its|their)\s+board\b/i;
/** Recouping money: "Can the company claw the executive's bonus back?" */
export const CLAW_BACK = /\bclaw(?:s|ed|ing)?\s+(?:[\w'’$,.]+\s+){0,3}?back\b/i;
/** Requesting a thing's return: "if they ask for their materials back", "when the discloser wants them back". */
export const ASKED_BACK =
  /\b(?:ask(?:s|ed|ing)?|want(?:s|ed)?|demand(?:s|ed)?)\s+(?:for\s+)?(?:[\w'’]+\s+){0,3}?back\b/i;
