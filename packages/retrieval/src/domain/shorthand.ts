/**
 * A lawyer's message writes words short ("info", "agmt", "w/o", "reps", "how's"), slips ("defind", "ammendment"),
 * and spells them the American or the British way, and the documents spell them out, one way or the other
 * ("information", "agreement", "without", "representations"; "advisers" for a question's "advisors"). Not the
 * instrument kinds' own abbreviations ("NDA", "MSA": `instrument-kinds.ts`), which name a document. A question is
 * read with its shorthand spelled out (`shorthandSpelledOut`, by `bareQuestion`), and a word's other spelling is
 * read as the same word (`otherSpelling`: retrieval adds it to the query, the answer reads the two as one family).
 */

/** Shorthand as messages write it, and the words documents use for it. Matched whole, in any case. */
const SHORTHAND: ReadonlyArray<readonly [RegExp, string]> = [
  // a message's opener: "quick q - what counts as …?"
  [/^\s*(?:quick|short)\s+(?:q|qn|question)\s*[-:–—,]\s*/i, ""],
  // the slips a quick message makes in the words of the trade, as a reader takes them (first: the rules below
  // read the words spelled right, "Ammendment 3" → "Amendment No. 3")
  [/\b(?:defind|definied|defned)\b/gi, "defined"],
  // (the first letter captured, so a slip's capital is kept: "Ammendment 3" → "Amendment 3")
  [/\b([Aa])m{2}end(?=(?:ed|ment|ments|s|ing)?\b)/g, "$1mend"],
  [/\b([Aa])(?:greemnet|grement|ggreement|greemtn)(s?)\b/g, "$1greement$2"],
  [/\b([Rr])ecie(?=(?:ve[ds]?|ving|vables?|vers?|pts?)\b)/g, "$1ecei"],
  [/\b([Tt])eh\b/g, "$1he"],
  [/\binfo\b/gi, "information"],
  [/\bmfg\b\.?/gi, "manufacturing"],
  [/\bdev\b\.?(?=\s+(?:agreement|agmt|agrmt|plan|program|programme|work|services?)\b)/gi, "development"],
  [/\bdocs\b/gi, "documents"],
  [/\b(?:agmt|agrmt|agmnt)s\b\.?/gi, "agreements"],
  [/\b(?:agmt|agrmt|agmnt)\b\.?/gi, "agreement"],
  [/\bamdts?\b\.?/gi, "amendment"],
  [/\bmgmt\b\.?/gi, "management"],
  [/\bgov(?:t|'t|’t)(?=\W|$)\.?/gi, "government"],
  [/\bapprox\b\.?/gi, "approximately"],
  [/\bmos\b\.?/gi, "months"],
  [/\bwks\b\.?/gi, "weeks"],
  [/\bqtrs\b\.?/gi, "quarters"],
  [/\bqtr\b\.?/gi, "quarter"],
  [/\bamt\b\.?/gi, "amount"],
  [/\bpct\b\.?/gi, "percent"],
  [/\bbps\b\.?/gi, "basis points"],
  [/\bthru\b/gi, "through"],
  [/\bCPs\b/g, "conditions precedent"],
  [/\byrs\b\.?/gi, "years"],
  [/\byr\b\.?/gi, "year"],
  [/(?<=^|\s)w\/in(?=\s|$)/gi, "within"],
  [/(?<=^|\s)b\/w(?=\s|$)/gi, "between"],
  [/(?<=^|\s)w\/o(?=\s|$)/gi, "without"],
  [/(?<=^|\s)w\/(?=\s)/gi, "with"],
  [/(?<=^|\s)b\/c(?=\s|$)/gi, "because"],
  [/\bR\s?&\s?Ws?\b/g, "representations and warranties"],
  [/\breps\b(?=\s+(?:and|&)\s+warrant)/gi, "representations"],
  [/\bT\s?&\s?Cs\b/g, "terms and conditions"],
  // deal terms lawyers write by their letters, which drafting spells out (in capitals only: "coc", "mac" are words)
  [/\bCoCs?\b|\bCOC\b/g, "change of control"],
  [/\bMACs?\b/g, "material adverse change"],
  [/\bMAEs?\b/g, "material adverse effect"],
  [/\bROFRs?\b/g, "right of first refusal"],
  [/\bROFOs?\b/g, "right of first offer"],
  [/\bLoL\b/g, "limitation of liability"],
  [/\bconf\.?\s+info(?:rmation)?\b/gi, "confidential information"],
  // the banks that lend and act as agent under credit agreements, by the letters practice calls them
  [/\bBof?A\b/g, "Bank of America"],
  [/\bJPMC?\b/g, "JPMorgan"],
  // a section as a message cites it: "s.13.10", "ss. 4 and 5", "Art. 5" (lower-case "s": "S." may be an initial)
  [/(?<![\w.])s\.\s?(?=\d)/g, "Section "],
  [/(?<![\w.])ss\.\s?(?=\d)/g, "Sections "],
  [/\bArt\.\s?(?=\d|[IVX]+\b)/g, "Article "],
  // an amendment's number as its title writes it: "amendment no. 4", "amendment #4" → "Amendment No. 4"
  [/\bamendment\s+(?:no\.?|number|#)\s*(\d+)\b/gi, "Amendment No. $1"],
  // and "Amendment 1", as a message writes it (not a count of days or a year: "the amendment 30 days after")
  [
    /\bamendment\s+(\d{1,2})\b(?!\s*(?:%|percent|days?|weeks?|months?|years?|business|calendar|hours?|[.,]\d))/gi,
    "Amendment No. $1",
  ],
  // and named by its number alone after "amended by": "the MSA as amended by #3" → "… by Amendment No. 3"
  [/\b(amended\s+by)\s+(?:no\.?\s*|number\s+|#\s*)(\d+)\b/gi, "$1 Amendment No. $2"],
  // an asking word run into "is": "how's Market Price calculated?", "where's the notice address?" ("who's signed"
  // runs "who has" in; read as "who is signed" it asks the same)
  [/\b(how|where|when|who|why)['’]s\b/gi, "$1 is"],
  // "post amendment" closing a clause ("how long does it run now, post amendment?"): after the amendment
  [/\bpost[-\s]amendment\b(?=\s*(?:[?,.;:!)]|$))/gi, "after the amendment"],
  // "in year one", "during year 1": the first year, as drafting counts it
  [/\b(?:the\s+)?year\s+(?:one|1)\b/gi, "the first year"],
  [/\b(?:the\s+)?year\s+(?:two|2)\b/gi, "the second year"],
];

/** A message's courtesies written short: "pls" and "plz" are "please", "thx" and "tks" "thanks". */
const COURTESIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:pls|plz)\b/gi, "please"],
  [/\b(?:thx|tks)\b/gi, "thanks"],
];

/**
 * The message with its courtesies written short spelled out ("pls confirm …? thx" → "please confirm …? thanks"),
 * read first by `bareQuestion`, so the patterns that set a greeting, a thanks or a question asked of the reader apart
 * know the words in one spelling only.
 */
export function courtesiesSpelledOut(message: string): string {
  let out = message;
  for (const [re, words] of COURTESIES) out = out.replace(re, words);
  return out;
}

/** The question with its shorthand spelled out ("can we share info w/o consent?" → "… information without …"). */
export function shorthandSpelledOut(question: string): string {
  let out = question;
  for (const [re, words] of SHORTHAND) out = out.replace(re, words);
  return out;
}

/**
 * Words spelled one way in American and another in British drafting, each pair once (American first). A word
 * of `-ize`/`-ization` has its `-ise`/`-isation` spelling by rule (`otherSpelling`), so those are not listed.
 */
const SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ["advisor", "adviser"],
  ["advisors", "advisers"],
  ["judgment", "judgement"],
  ["judgments", "judgements"],
  ["fulfill", "fulfil"],
  ["fulfillment", "fulfilment"],
  ["defense", "defence"],
  ["offense", "offence"],
  ["favor", "favour"],
  ["favorable", "favourable"],
  ["labor", "labour"],
  ["honor", "honour"],
  ["center", "centre"],
  ["program", "programme"],
  ["canceled", "cancelled"],
  ["canceling", "cancelling"],
  ["enrollment", "enrolment"],
  ["catalog", "catalogue"],
  ["analyze", "analyse"],
  ["behavior", "behaviour"],
  ["endeavor", "endeavour"],
  ["endeavors", "endeavours"],
];

const OTHER = new Map<string, string>(SPELLINGS.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]));

/** Stems in -is that are no spelling of an -iz one ("otherwise", "exercising", "premises", "revision", …). */
const IS_WORDS =
  /^(?:otherwis|likewis|exercis|premis|promis|compromis|enterpris|advertis|advis|devis|revis|supervis|surpris|expertis|merchandis|franchis|compris|disguis|rais|prais|nois|pois|wis|aris|ris|precis|concis|excis|incis|chastis|demis|despis|appris|improvis|televis|paradis|treatis)(?:e|es|ed|er|ers|ing|ement|ements|ion|ions)?$/;

/**
 * The other spelling of a lower-case word ("advisors" → "advisers", "authorize" → "authorise",
 * "organisation" → "organization"); null when it has none.
 */
export function otherSpelling(word: string): string | null {
  const w = word.toLowerCase();
  const known = SEEN.get(w);
  if (known !== undefined) return known;
  const other = spelledOtherwise(w);
  if (SEEN.size >= SEEN_LIMIT) SEEN.clear();
  SEEN.set(w, other);
  return other;
}

/** Words looked up already (the answer's family test asks of the same words many times per question). */
const SEEN = new Map<string, string | null>();
const SEEN_LIMIT = 50_000;

function spelledOtherwise(w: string): string | null {
  const listed = OTHER.get(w);
  if (listed !== undefined) return listed;
  if (w.length < 7 || IS_WORDS.test(w)) return null;
  const m = /^(.{3,})i([sz])(e|es|ed|ing|ation|ations)$/.exec(w);
  if (!m) return null;
  return `${m[1]}i${m[2] === "z" ? "s" : "z"}${m[3]}`;
}
