/**
 * The kinds of instrument lawyers name a document by ("the pledge agreement", "the EMEA guaranty", "the
 * Kubient MSA"), in one list for every reader: retrieval reads a kind after "the" as a mention of an
 * instrument, and answering reads a kind beside a party's name as no part of the name ("the Acme NDA"
 * names Acme). Each kind is listed once with every spelling titles use for it, so guaranty and guarantee,
 * licence and license are one kind wherever a kind is compared.
 */

/** Each kind as its spellings, the first being the one a kind is compared by. */
const KINDS: ReadonlyArray<readonly string[]> = [
  ["agreement"],
  ["amendment"],
  ["guarantee", "guaranty"],
  ["indenture"],
  ["lease"],
  ["license", "licence"],
  ["letter"],
  ["note"],
  ["consent"],
  ["waiver"],
  ["certificate"],
  ["supplement"],
  ["joinder"],
  ["mortgage"],
  ["deed"],
  ["plan"],
  ["charter"],
  ["bylaws"],
  ["warrant"],
  ["debenture"],
  ["undertaking"],
  ["instrument"],
  ["contract"],
  ["addendum"],
  ["franchise"],
];

/**
 * Kinds as lawyers abbreviate them (non-disclosure, master services, statement of work, memorandum of
 * understanding, letter of intent, share, stock or securities purchase, asset purchase, purchase and sale, note
 * purchase, limited partnership, limited liability company, transition services, registration rights, joint
 * venture, general maintenance, service level agreement; purchase order). Written so, they are a kind as much
 * as the words they stand for.
 */
const ABBREVIATIONS: readonly string[] = [
  "nda",
  "msa",
  "sow",
  "mou",
  "loi",
  "spa",
  "apa",
  "psa",
  "npa",
  "lpa",
  "llca",
  "tsa",
  "rra",
  "jva",
  "gma",
  "sla",
  "po",
];

/**
 * What each abbreviation stands for in titles: a title spells the kind out ("Corporate Non-Disclosure
 * Agreement", "Mutual Confidentiality Agreement", "Master Services Agreement") and seldom says "NDA".
 */
const SPELLED_OUT = new Map<string, readonly string[]>([
  [
    "nda",
    [
      "non-disclosure agreement",
      "nondisclosure agreement",
      "confidentiality agreement",
      "confidential disclosure agreement",
      "secrecy agreement",
    ],
  ],
  ["msa", ["master services agreement", "master service agreement"]],
  ["sow", ["statement of work"]],
  ["mou", ["memorandum of understanding"]],
  ["loi", ["letter of intent"]],
  ["spa", ["share purchase agreement", "stock purchase agreement", "securities purchase agreement"]],
  ["apa", ["asset purchase agreement"]],
  // the deal documents lawyers name by their letters: a real-estate or business sale, a note purchase, a fund's or an
  // LLC's constitution, a carve-out's transition services, registration rights, a joint venture
  ["psa", ["purchase and sale agreement", "purchase agreement"]],
  ["npa", ["note purchase agreement"]],
  ["lpa", ["limited partnership agreement", "agreement of limited partnership"]],
  ["llca", ["limited liability company agreement", "operating agreement"]],
  ["tsa", ["transition services agreement", "transition service agreement"]],
  ["rra", ["registration rights agreement"]],
  ["jva", ["joint venture agreement"]],
  ["gma", ["general maintenance agreement"]],
  ["sla", ["service level agreement"]],
  ["po", ["purchase order"]],
]);

/** The titles an abbreviation stands for, spelled out ("nda" → non-disclosure agreement, …); empty for any other word. */
export function spelledOut(word: string): readonly string[] {
  return SPELLED_OUT.get(lookUp(word, (w) => (SPELLED_OUT.has(w) ? w : undefined)) ?? "") ?? [];
}

/**
 * Parts of an instrument that a question may name beside a party ("the Acme exhibit") but that retrieval
 * does not read as an instrument of their own: they are routed with the instrument they belong to.
 */
const PARTS: readonly string[] = ["exhibit", "schedule", "annex", "appendix", "attachment"];

const KIND_OF = new Map<string, string>([
  ...KINDS.flatMap((spellings) => spellings.map((s): [string, string] => [s, spellings[0] as string])),
  ...ABBREVIATIONS.map((a): [string, string] => [a, a]),
]);

/** The singular a plural may stand for ("guaranties" → guaranty, "addenda" → addendum, "NDAs" → nda). */
function singulars(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith("ies")) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("s")) out.push(word.slice(0, -1));
  if (word.endsWith("a")) out.push(`${word.slice(0, -1)}um`);
  return out;
}

function lookUp(word: string, table: (w: string) => string | undefined): string | null {
  const w = word.toLowerCase();
  for (const form of [w, ...singulars(w)]) {
    const hit = table(form);
    if (hit !== undefined) return hit;
  }
  return null;
}

/**
 * The kind of instrument a word names, singular or plural, in any case, as the kind is compared
 * ("Guaranties" → guarantee, "licence" → license, "NDAs" → nda); null for a word that names none.
 */
export function instrumentKind(word: string): string | null {
  return lookUp(word, (w) => KIND_OF.get(w));
}

/** Whether a word names a kind of instrument, spelled out or abbreviated ("lease", "Guaranty", "MSAs"). */
export function isInstrumentWord(word: string): boolean {
  return instrumentKind(word) !== null;
}

/** Whether a word is a kind's abbreviation ("NDA", "MSAs", "PO"): a word of no party's name. */
export function isInstrumentAbbreviation(word: string): boolean {
  return lookUp(word, (w) => (ABBREVIATIONS.includes(w) ? w : undefined)) !== null;
}

/** Whether a word names a part of an instrument (`PARTS`: "Exhibit", "schedules"). */
export function isInstrumentPartWord(word: string): boolean {
  return lookUp(word, (w) => (PARTS.includes(w) ? w : undefined)) !== null;
}

/** Every spelling titles use for a kind ("guarantee" → guarantee guaranty); the kind alone for one spelling. */
export function kindSpellings(kind: string): readonly string[] {
  return KINDS.find((spellings) => spellings[0] === kind) ?? [kind];
}

/**
 * The kinds and abbreviations as one regular-expression alternation of their singular spellings (plain
 * letters, nothing to escape), for patterns that find a kind in running text (a plural is the pattern's
 * own `s?`).
 */
export const INSTRUMENT_KIND_PATTERN = [...KINDS.flat(), ...ABBREVIATIONS].join("|");
