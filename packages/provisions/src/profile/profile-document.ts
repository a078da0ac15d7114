import type { DocumentRole, DocumentStructure } from "@lexnav/document-model";
import { COMMON_CAPITALISED_WORDS } from "./common-words.ts";
import { findDate, parseDateAt } from "./dates.ts";
import { ownNames } from "./own-names.ts";

/**
 * What a document says about itself, read deterministically from its opening words.
 * - `title`: the heading of the instrument ("AMENDMENT NO. 1 TO CREDIT AGREEMENT"), whitespace collapsed.
 * - `role`: the part it plays in a transaction set (see {@link profileDocument} for the rules).
 * - `effectiveDate`: ISO yyyy-mm-dd from "dated as of", "effective as of", "made and entered into this ... day of".
 * - `parties`: party names from the preamble ("Acme Foods, LLC").
 * - `amendsAgreement`: for amendments and restatements, the instrument amended ("Manufacturing Agreement dated July 1, 2017").
 * - `amendedShortName`: how the amendment calls that instrument in its text ("Agreement", "Credit Agreement"), or null.
 * - `definedParties`: the terms the preamble gives the parties ("Borrower", "Acme", "Administrative Agent").
 */
/**
 * Which reading of documents' profiles this is. The catalog stores it with each profile, so `lexnav
 * status` can count the documents an older reader profiled and `lexnav index profiles` can read them
 * again. Change it whenever the profile read from a stored text changes (title, role, date, parties,
 * names): `profile-reader.test.ts` pins a digest of the profiles of a sample of the corpus and fails,
 * saying so, when they change without it.
 */
export const PROFILE_READER = "profile-2026-12-07.1";

export interface DocumentProfile {
  title: string | null;
  role: DocumentRole;
  effectiveDate: string | null;
  parties: string[];
  amendsAgreement: string | null;
  amendedShortName: string | null;
  definedParties: string[];
  /**
   * Capitalised words of the opening particular to this deal (not common to contracts at large),
   * lower-cased: what two parts of one filing share ("stremick", "cardlytics"). Evidence for filing.
   */
  names: string[];
  /**
   * The instruments the text names ("credit agreement", "2020 equity participation plan"), lower-cased,
   * in first-seen order: what one part of a filing says of another. Absent on profiles stored before.
   */
  instruments?: string[];
  /**
   * The names it calls itself in its opening ("consent and agreement", "consent agreement"), lower-cased:
   * what another part of its filing may name it by (`own-names.ts`). Absent on profiles stored before.
   */
  ownNames?: string[];
}

const HEAD_CHARS = 6000;
const INSTRUMENT =
  /\b(?:AGREEMENT|AMENDMENT|CONTRACT|INDENTURE|LEASE|PLAN|NOTE|LETTER|SCHEDULE|ADDENDUM|GUARANT(?:Y|EE)|DEED|CERTIFICATE|MEMORANDUM|TERMS|EXHIBIT|ANNEX|APPENDIX|ATTACHMENT|SUPPLEMENT|WAIVER|CONSENT|LICENSE|UNDERTAKING)\b/i;
const NOISE_LINE =
  /\[\*+\]|CONFIDENTIAL TREATMENT|IDENTIFIED INFORMATION|HAS BEEN OMITTED|REDACTED|^Source:|^(?:EXECUTION|CONFORMED|FINAL)\s+(?:COPY|VERSION)$|^Execution Version$|^Page \d|^-?\s*\d+\s*-?$|^Table of Contents$/i;
/** A legend printed above the title (subordination, securities law): never the title. */
const LEGEND_LINE =
  /^THE\s+(?:INDEBTEDNESS|OBLIGATIONS|SECURITIES|SHARES|NOTES?|WARRANTS?|LIENS?)\b.*\b(?:IS|ARE)\s+SUBJECT\s+TO\b|\bHAVE\s+NOT\s+BEEN\s+REGISTERED\b/i;
/**
 * A line that opens with a clause number ("1.", "2.1", "(a)", "Section 3", "ARTICLE IV"): a provision
 * of the body, never the instrument's title. A year ("2022 EQUITY INCENTIVE PLAN") is no clause number.
 */
const NUMBERED_CLAUSE =
  /^(?:\(?\d{1,3}(?:\.\d{1,3})*[.)]|\d{1,3}(?:\.\d{1,3})+|\([a-z]{1,4}\)|(?:Section|SECTION|Clause|CLAUSE|Article|ARTICLE)\s+(?:\d{1,3}(?:\.\d{1,3})*|[IVXL]{1,6})\b)\s/;
/** Where a sentence ends inside a line: after a full stop (or a redaction mark) and before a capital. */
const SENTENCE_END = /(?<=[.\]]["”]?)\s+(?=["“]?[A-Z])/;
/** Ten words or more that start in lower case: a sentence of the body, not a title. */
const isProse = (line: string) => (line.match(/(?:^|\s)\p{Ll}/gu) ?? []).length >= 10;
/** The words in capitals a line opens with ("JOINT FILING AGREEMENT" before "In accordance with ..."). */
const CAPITALS_RUN = /^(?:[^\s\p{Ll}]+\s+)*[^\s\p{Ll}]+/u;

/**
 * A line's title, when it can hold one: the line cleaned (`cleanTitle`), or, when that reads as a
 * sentence of the body, the capitals it opens with; null when neither is left.
 */
function titleOfLine(line: string): string | null {
  const cleaned = cleanTitle(line);
  if (cleaned === null || !isProse(cleaned)) return cleaned;
  const run = CAPITALS_RUN.exec(cleaned)?.[0].replace(/\s+\S*$/, (w) => (/\p{Lu}{2}/u.test(w) ? w : "")) ?? "";
  return /\p{Lu}{3}/u.test(run) ? run.trim() : null;
}
const FILING_LABEL = /^(?:EX(?:HIBIT)?[-\s]*\d+(?:\.\d+)*[A-Za-z]?)\b[.:]?\s*/i;
const AMENDMENT_WORDS =
  /\bAMENDMENT\s+(?:NO\.?|NUMBER|#)\s*\d+|\b(?:FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH|EIGHTH|NINTH|TENTH|ELEVENTH|TWELFTH|\d+(?:ST|ND|RD|TH))\s+AMENDMENT\b|\bAMENDMENT\s+(?:TO|OF)\b|^AMENDMENT\b/i;
const RESTATEMENT = /\bAMENDED\s+AND\s+RESTATED\b/i;
const DISCLOSURE = /\bDISCLOSURE\s+SCHEDULES?\b/i;
const SIDE_LETTER = /\bSIDE\s+LETTER\b|\bLETTER\s+AGREEMENT\b|^\s*(?:Dear|Re:)\s/im;
const ATTACHMENT =
  /^(?:SCHEDULE|EXHIBIT|ANNEX|APPENDIX|ATTACHMENT|ADDENDUM)\s+['"“]?(?:[A-Z]|\d+(?:\.\d+)*|[IVX]+)?\b/i;
const AGREEMENT_LIKE =
  /\b(?:AGREEMENT|CONTRACT|INDENTURE|LEASE|GUARANT(?:Y|EE)|DEED|LICENSE|NOTE|PLAN|MEMORANDUM OF UNDERSTANDING)\b/i;

const PARTY_ROLES = new Set([
  "Borrower",
  "Borrowers",
  "Lender",
  "Lenders",
  "Agent",
  "Administrative Agent",
  "Collateral Agent",
  "Syndication Agent",
  "Documentation Agent",
  "Issuing Bank",
  "Issuing Lender",
  "Swingline Lender",
  "Guarantor",
  "Guarantors",
  "Company",
  "Buyer",
  "Seller",
  "Purchaser",
  "Licensor",
  "Licensee",
  "Franchisor",
  "Franchisee",
  "Distributor",
  "Supplier",
  "Customer",
  "Contractor",
  "Consultant",
  "Client",
  "Employee",
  "Executive",
  "Employer",
  "Landlord",
  "Tenant",
  "Lessor",
  "Lessee",
  "Sponsor",
  "Parent",
  "Investor",
  "Holder",
  "Trustee",
  "Manufacturer",
  "Provider",
  "Vendor",
  "Reseller",
  "Agency",
  "Developer",
  "Publisher",
  "Owner",
  "Operator",
  "Manager",
  "Servicer",
  "Bank",
  "Issuer",
  "Originator",
]);
const NOT_A_PARTY =
  /^(?:Agreement|Amendment|Parties|Party|Effective Date|Closing Date|Term|Territory|Products?|Services?|Recitals?)$|(?:Agreement|Amendment|Date|Plan|Notes?|Loans?|Facility|Commitments?|Act|Code)$/;

/**
 * Profiles a document from its text (and the structure's title node when there is one).
 * Role rules, first match wins, on the title then the first ~1,500 characters:
 * "DISCLOSURE SCHEDULE" → disclosure_schedule; "AMENDED AND RESTATED" → restatement;
 * "AMENDMENT NO. n" / "FIRST AMENDMENT" / "AMENDMENT TO" → amendment; "SIDE LETTER", "letter
 * agreement", a letter opening ("Dear") → side_letter; a title starting with SCHEDULE / EXHIBIT /
 * ANNEX / APPENDIX / ATTACHMENT / ADDENDUM (after the EDGAR filing label "Exhibit 10.1") →
 * schedule_or_exhibit; an instrument word (AGREEMENT, CONTRACT, LEASE...) → base_agreement; else unknown.
 */
export function profileDocument(text: string, structure?: DocumentStructure): DocumentProfile {
  const head = text.slice(0, HEAD_CHARS);
  const opening = collapse(head.slice(0, 1500));
  const title = titlePastPlaceholders(text, structure) ?? namedInOpening(opening);
  const role = classifyRole(title, opening);
  // the structure's preamble node when there is one (a cover page and TOC can push it far down)
  const preambleNode = structure?.nodes.find((n) => n.kind === "preamble");
  const preamble =
    (preambleNode
      ? findPreamble(text.slice(preambleNode.start, Math.min(preambleNode.end, preambleNode.start + 4000)))
      : "") || findPreamble(head);
  const { parties, definedParties } = extractParties(preamble);
  const roleTerms = structure ? structure.definitions.map((d) => d.term).filter((t) => PARTY_ROLES.has(t)) : [];
  for (const term of roleTerms) if (!definedParties.includes(term)) definedParties.push(term);
  const amended = role === "amendment" || role === "restatement" ? findAmended(title, collapse(head)) : null;
  return {
    title,
    role,
    effectiveDate: findEffectiveDate(head),
    parties,
    amendsAgreement: amended?.title ?? null,
    amendedShortName: amended?.shortName ?? null,
    definedParties,
    names: distinctiveNames(text),
    instruments: namedInstruments(text),
    ownNames: ownNames(text),
  };
}

const MAX_INSTRUMENTS = 200;
/** A capitalised name ending in an instrument word: "Amended and Restated Credit Agreement", "Parent Guarantee". */
const NAMED_INSTRUMENT =
  /\b((?:[A-Z0-9][\w&'’-]*\s+(?:(?:and|of|for|to)\s+)?){0,5}(?:Agreement|Contract|Indenture|Lease|License|Guaranty|Guarantee|Note|Plan|AGREEMENT|CONTRACT|INDENTURE|LEASE|LICENSE|GUARANTY|GUARANTEE|NOTE|PLAN))\b/g;

/** The instruments a text names anywhere (see `DocumentProfile.instruments`). */
export function namedInstruments(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(NAMED_INSTRUMENT)) {
    const name = (m[1] as string)
      .toLowerCase()
      .replace(/^(?:this|the|that|such|each|any|and|of|for|to)\s+/, "")
      .replace(/\s+/g, " ")
      .trim();
    if (name.includes(" ")) out.add(name);
    if (out.size >= MAX_INSTRUMENTS) break;
  }
  return [...out];
}

const NAMES_CHARS = 8000;
const MAX_NAMES = 300;

/** The deal's own capitalised words in the opening (see `DocumentProfile.names`), in first-seen order. */
export function distinctiveNames(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.slice(0, NAMES_CHARS).matchAll(/\b[A-Z][A-Za-z]{3,}\b/g)) {
    const w = m[0].toLowerCase();
    if (!COMMON_CAPITALISED_WORDS.has(w)) out.add(w);
    if (out.size >= MAX_NAMES) break;
  }
  return [...out];
}

/**
 * The name an untitled instrument gives itself in its opening ("... described in this Employment
 * Letter Agreement (this “Letter”)"): a letter has no title line, but names itself before defining
 * its short name. Capitalised words only, ending in an instrument word.
 */
function namedInOpening(opening: string): string | null {
  const m =
    /\b[Tt]his\s+((?:[A-Z][\w'’&-]*\s+){1,6}(?:Agreement|Letter|Amendment|Guarant(?:y|ee)|Note|Lease|Contract|Plan|Undertaking|Waiver|Consent))\s*\((?:this|the)\s+[“"]/.exec(
      opening,
    );
  return m ? (m[1] as string) : null;
}

function collapse(s: string): string {
  return s.replace(/[\s\u00a0]+/g, " ").trim();
}

/** A title in capitals that ends on a connector or a number's label: its rest is on the next line. */
const CAPITALS_CUT_SHORT = /^[^a-z]+(?:\bTO|\bAND|\bOF|NO\.\s*\d+)$/;

/**
 * A bracketed placeholder printed where an attachment's text was left out ("EXHIBIT D FORM OF AGREEMENT FOR
 * TRIAL" ⏎ "[Form follows.]"): the heading above it names that attachment, not this document.
 */
const PLACEHOLDER =
  /^\s*\[\s*(?:forms?\s+(?:follows?|attached|to\s+(?:follow|be\s+attached))|to\s+be\s+(?:attached|provided|agreed)|intentionally\s+(?:omitted|left\s+blank)|see\s+attached|attached|omitted|reserved)[^\]\n]{0,40}\]/i;

/**
 * The document's title (`findTitle`), passing over the headings of attachments a file holds before the
 * instrument whose text they were left out of (a filing split into parts can open with the tail of the
 * previous part): a title whose heading is followed by a placeholder is read again after it.
 */
function titlePastPlaceholders(text: string, structure?: DocumentStructure): string | null {
  let from = 0;
  let title = findTitle(text, structure);
  for (let i = 0; i < 8 && title !== null; i++) {
    const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) return title;
    // the heading as printed: its words with any spacing or punctuation between them
    const printed = new RegExp(
      words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^\\p{L}\\p{N}]{1,80}"),
      "iu",
    );
    const window = text.slice(from, from + 4000);
    const at = printed.exec(window);
    if (!at) return title;
    const end = at.index + at[0].length;
    // on the heading's line, or on the next line past the rest of the heading ("EXHIBIT C   FORM OF SUBLICENSE")
    const rest = window.slice(end, end + 400);
    const restOfLine = /^[^\n]*/.exec(rest)?.[0].length ?? 0;
    const past = placeholderEnd(rest, 0) ?? placeholderEnd(rest, restOfLine);
    if (past === null) return title;
    from += end + past;
    title = findTitle(text.slice(from));
  }
  return title;
}

/** Where a placeholder that opens `text` at `at` (spaces aside) ends, or null when none does. */
function placeholderEnd(text: string, at: number): number | null {
  const m = PLACEHOLDER.exec(text.slice(at));
  return m ? at + m[0].length : null;
}

function findTitle(text: string, structure?: DocumentStructure): string | null {
  const titleNode = structure?.nodes.find((n) => n.kind === "title");
  if (titleNode) {
    const t = cleanTitle(collapse(text.slice(titleNode.start, titleNode.end)));
    // a title node of the first of two lines ("… AGREEMENT AND" above "JOINT ESCROW INSTRUCTIONS") is read from the lines
    if (t && !CAPITALS_CUT_SHORT.test(t)) return t;
  }
  const lines = text.slice(0, 3000).split(/\n|\s{3,}/);
  const parts: string[] = [];
  // "THIRD AMENDED AND RESTATED" printed on the line above "REVOLVING CREDIT NOTE"
  let lead: string | null = null;
  // a title in title case cut after a connector ("Amendment To"): its rest follows, blank lines between
  let dangling = false;
  for (const raw of lines) {
    const line = collapse(raw);
    if (line.length === 0) {
      if (parts.length > 0 && !dangling) break;
      continue;
    }
    if (LEGEND_LINE.test(line)) continue;
    // a confidentiality legend run together with the title on one line: what follows the legend
    const rest = NOISE_LINE.test(line) ? afterLegend(line) : line;
    if (rest === null) continue;
    // the body's numbered clauses have begun: the title, if any, was above
    if (NUMBERED_CLAUSE.test(rest)) break;
    const cleaned = titleOfLine(rest);
    if (cleaned === null) continue;
    if (parts.length === 0) {
      if (!INSTRUMENT.test(cleaned)) {
        lead =
          /^[^a-z]{4,60}$/.test(cleaned) && /\b(?:AMENDED|RESTATED|AMENDMENT|NO\.\s*\d+)$/.test(cleaned)
            ? cleaned
            : null;
        continue;
      }
      if (lead !== null) parts.push(lead);
      parts.push(cleaned);
      // a title printed over two lines: "AMENDMENT NO. 1" / "TO CREDIT AGREEMENT", blank lines between
      // ("… PURCHASE AND SALE AGREEMENT AND" ⏎⏎ "JOINT ESCROW INSTRUCTIONS")
      if (CAPITALS_CUT_SHORT.test(cleaned)) {
        dangling = true;
        continue;
      }
      // …or in title case: "Amended and Restated Amendment To" / "Securities Purchase Agreement"
      dangling = titleCased(cleaned) && /\b(?:To|to|And|and|Of|of)$/.test(cleaned);
      if (dangling) continue;
      break;
    }
    // a date printed under the title ("AMENDMENT NO. 1" ⏎⏎ "December 29, 2022") is no part of it
    if (DATE_LINE.test(cleaned) || /^(?:This|THIS)\b/.test(cleaned)) break;
    if (/^[^a-z]+$/.test(cleaned) && cleaned.length < 120) parts.push(cleaned);
    else if (dangling && titleCased(cleaned) && !/^(?:This|THIS|The|THE)\b/.test(cleaned) && cleaned.length < 120)
      parts.push(cleaned);
    else break;
    // "AMENDMENT NO. 4" ⏎ "TO" ⏎ "PROMISSORY NOTE": the title goes on until it names what it is "TO"
    const to = parts.join(" ").split(/\bTO\b/i);
    if (dangling && to.length > 1 && !INSTRUMENT.test(to[to.length - 1] as string) && parts.length < 4) continue;
    break;
  }
  return parts.length > 0 ? withoutRepeat(parts.join(" ")) : null;
}

/**
 * The words of a line after the legend or notice it opens with ("CERTAIN CONFIDENTIAL PORTIONS ... HAVE
 * BEEN OMITTED. ... AS AMENDED. AMENDMENT NO. 2 TO SUPPLY AGREEMENT THIS AMENDMENT ..."): the sentences
 * after the last one that reads as a notice, or null when none follows.
 */
function afterLegend(line: string): string | null {
  const sentences = line.split(SENTENCE_END);
  let last = -1;
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i] as string;
    if (NOISE_LINE.test(s) || LEGEND_LINE.test(s)) last = i;
  }
  const rest = sentences
    .slice(last + 1)
    .join(" ")
    .trim();
  return rest.length > 0 && last >= 0 ? rest : null;
}

/** Every word capitalised but the connectors ("Amended and Restated Amendment To"). */
function titleCased(line: string): boolean {
  return (
    /\p{Lu}/u.test(line) && line.split(" ").every((w) => !/^\p{Ll}/u.test(w) || /^(?:and|of|to|for|the|in)$/.test(w))
  );
}

/**
 * A title printed and then repeated as the preamble's opening words on the same line ("AMENDMENT NO.
 * 4 TO LEASE AGREEMENT AMENDMENT NO. 4 TO LEASE"): the title once.
 */
function withoutRepeat(title: string): string {
  if (/\p{Ll}/u.test(title)) return title;
  const words = title.split(" ");
  for (let i = 2; i <= words.length - 3; i++) {
    const head = words.slice(0, i).join(" ");
    if (head.startsWith(words.slice(i).join(" ")) || words.slice(i).join(" ").startsWith(head)) return head;
  }
  return title;
}

/** A page's label printed into the title's line ("Page 1 of 3 DISTRIBUTOR AGREEMENT"). */
const PAGE_LABEL = /\bPage\s+\d+\s+of\s+\d+\b/gi;
/** A character of a rule drawn above or below the title. */
const RULE_CHAR = /[-_=*]/;

/**
 * The line without a rule of dashes, underscores, equals signs or stars (two or more, spaces between
 * allowed) at its start or end: "- ------ CO-BRANDING AGREEMENT" → "CO-BRANDING AGREEMENT". Read
 * character by character, in one pass each way: a pattern with a repeated group of repeated rule
 * characters backtracks exponentially over a long rule followed by text.
 */
function withoutRules(line: string): string {
  let t = line;
  let i = 0;
  let rules = 0;
  for (; i < t.length && (RULE_CHAR.test(t[i] as string) || t[i] === " "); i++) if (t[i] !== " ") rules++;
  if (rules >= 2) t = t.slice(i);
  let j = t.length;
  rules = 0;
  for (; j > 0 && (RULE_CHAR.test(t[j - 1] as string) || t[j - 1] === " "); j--) if (t[j - 1] !== " ") rules++;
  if (rules >= 2) t = t.slice(0, j);
  return t.trim();
}
const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
/**
 * What follows the instrument's name on its title line without being part of it: a date and what comes
 * after ("AGENCY AGREEMENT May 21, 2015 Tribute Pharmaceuticals … Attention: …"), the preamble's opening
 * ("DISTRIBUTOR AGREEMENT Agreement made this 19th day"), a numbered first heading ("Hosting Agreement
 * 1.0 Introduction"), or the labelled blanks of a form ("FRANCHISE AGREEMENT Location of the Premises:
 * Agreement Date", "SUPPLY AGREEMENT BETWEEN: ORGANIC PREPARATIONS INC. 2nd Floor …").
 */
const AFTER_NAME = new RegExp(
  [
    `\\s(?:[-—–]\\s*)?(?:(?:dated|effective|(?:as\\s+)?amended\\s+on)\\s+(?:as\\s+of\\s+)?)?(?:the\\s+)?${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s*\\d{4}\\b`,
    "\\s(?:\\p{Lu}[\\p{L}-]*\\s+)?(?:is\\s+)?(?:made|entered\\s+into)\\s+(?:this|as\\s+of|on|effective)\\b",
    "\\s\\d{1,2}\\.\\d{1,2}\\s+\\p{Lu}\\p{Ll}",
    "\\s(?:\\p{L}[\\p{L}/.-]*\\s+){0,3}\\p{L}[\\p{L}/.-]*:(?=\\s|$)",
    // the parties the preamble names ("SUPPLY AGREEMENT between PROFOUND MEDICAL INC. and …"): no part of its name
    "\\s(?:by\\s+and\\s+)?(?:between|among)\\b",
  ].join("|"),
  "iu",
);
const ATTACHMENT_WORD = /^(?:SCHEDULE|EXHIBIT|ANNEX|APPENDIX|ATTACHMENT)$/i;
/** Every word of a line that names a kind of instrument. */
const INSTRUMENTS = new RegExp(INSTRUMENT.source, "gi");
/** A line that opens with a date ("December 29, 2022"). */
const DATE_LINE = new RegExp(`^${MONTH}\\s+\\d`, "i");
/** Words a title does not end on: a cut that leaves one took a sentence's words for a name ("THIS AGREEMENT IS ENTERED"). */
const OPEN_END = /\b(?:is|are|entered|made|dated|as\s+of|on|into|by|and|between|of|the|to)$/i;

function cleanTitle(line: string): string | null {
  // a page's label and a rule are no part of it, nor the copy's label printed before the title
  // ("EXECUTION COPY PROMOTION AGREEMENT")
  let t = withoutRules(line.replace(PAGE_LABEL, " ").replace(/\s+/g, " ").trim())
    .replace(FILING_LABEL, "")
    .replace(/^(?:EXECUTION|CONFORMED|FINAL)\s+(?:COPY|VERSION)\s+/i, "")
    .trim();
  if (t.length === 0) return null;
  // a title run together with the preamble: cut before "This ..." / "THIS ..." / a quote
  const cut = /\s(?:This|THIS|The|THE)\s+(?=[A-Z])|\s\(|,\s+dated\b|,\s+(?:is\s+)?(?:made|entered)\b/.exec(t);
  if (cut && cut.index > 3) t = t.slice(0, cut.index).trim();
  // past the instrument's name ("… AGREEMENT"), what no title holds (`AFTER_NAME`)
  // the instrument's name: an attachment's label ("EXHIBIT II") names no instrument when another word does
  const names = [...t.matchAll(INSTRUMENTS)];
  const name = names.find((m) => !ATTACHMENT_WORD.test(m[0])) ?? names[0];
  if (name) {
    const from = (name.index ?? 0) + name[0].length;
    const after = AFTER_NAME.exec(t.slice(from));
    const kept = after ? t.slice(0, from + after.index).trim() : t;
    // the instrument's name alone ("Contract" of "Contract No.: 2018…") is no better a title than the line
    // nor is a sentence's opening cut short ("This Agreement entered into and effective this day of , 2018,")
    if (/\s/.test(kept) && !OPEN_END.test(kept) && !SENTENCE_WORDS.test(kept)) t = kept;
  }
  if (t.length > 200) t = t.slice(0, 200).replace(/\s+\S*$/, "");
  return t.length > 0 ? t : null;
}

function classifyRole(title: string | null, opening: string): DocumentRole {
  const t = title ?? "";
  if (DISCLOSURE.test(t)) return "disclosure_schedule";
  // "AMENDMENT NO. 3 TO AMENDED AND RESTATED CREDIT AGREEMENT" amends a restatement
  if (/\bAMENDMENT\b[\s\S]*?\bTO\b[\s\S]*?\bAMENDED\s+AND\s+RESTATED\b/i.test(t)) return "amendment";
  // "AMENDED AND RESTATED AMENDMENT TO ..." restates an amendment: it still amends the agreement
  if (/\bAMENDED\s+AND\s+RESTATED\s+(?:[\w.]+\s+){0,2}AMENDMENT\b/i.test(t)) return "amendment";
  if (RESTATEMENT.test(t)) return "restatement";
  if (AMENDMENT_WORDS.test(t)) return "amendment";
  if (SIDE_LETTER.test(t)) return "side_letter";
  if (ATTACHMENT.test(t)) return "schedule_or_exhibit";
  if (AGREEMENT_LIKE.test(t)) return "base_agreement";
  if (DISCLOSURE.test(opening.slice(0, 300))) return "disclosure_schedule";
  if (RESTATEMENT.test(opening.slice(0, 400))) return "restatement";
  if (/\bThis\s+(?:\w+\s+){0,3}Amendment\b/.test(opening) || AMENDMENT_WORDS.test(opening.slice(0, 200)))
    return "amendment";
  if (SIDE_LETTER.test(opening.slice(0, 400))) return "side_letter";
  if (/\b(?:this|This|THIS)\s+(?:[\w-]+\s+){0,4}(?:Agreement|AGREEMENT|Contract|CONTRACT)\b/.test(opening))
    return "base_agreement";
  return "unknown";
}

const DATE_LEADS =
  /\b(?:date\s+of\s+issuance:|issu(?:e|ance)\s+date:|effective\s+date:|dated|effective|entered\s+into|made|executed|concluded|signed)(?:\s+and\s+(?:entered\s+into|effective))?(?:\s+(?:as\s+)?(?:of|on)(?:\s+the\s+date)?|\s+as(?=\s+[A-Z]))?(?:\s+(?:this|the))?\s*[:,]?\s*/gi;

/** Words that make the instrument a clause speaks of this one ("This Amendment ..., dated as of"). */
const SELF_REFERENCE = /\b(?:this|This|THIS)\b/g;
/**
 * Words that make it another instrument: one the document refers to ("that certain Loan Agreement
 * dated ...", "party to the Credit Agreement, dated ...", "as amended by Amendment No. 1 dated ...").
 */
const OTHER_REFERENCE =
  /\bthat\s+certain\b|\breference\s+is\s+(?:hereby\s+)?made\s+to\b|\bpart(?:y|ies)\s+(?:hereto\s+)?to\b|\bWHEREAS\b|\bas\s+(?:so\s+)?amended\s+by\b|\bamended\s+by\b/gi;
const REFERENCE_LOOKBACK = 400;
/** A date left blank in a form: "[●]", "[__], 2023", "____ day of March". */
const BLANK_DATE = /^(?:\[[\s●•_*.]*\]|_{2,}|●)/;

/** Where the last match of `re` in `text` starts, or -1. */
function lastMatch(re: RegExp, text: string): number {
  let last = -1;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) last = m.index;
  return last;
}

/**
 * The document's own date: the first "dated / effective / made ... as of <date>" whose clause speaks of
 * this instrument. A date lead whose nearest reference before it names another instrument (the one
 * amended, an earlier amendment) dates that instrument, not this one, and is passed over. A document
 * dated "as of the date first set forth above" takes the date printed at its top.
 */
function findEffectiveDate(head: string): string | null {
  const flat = collapse(head);
  DATE_LEADS.lastIndex = 0;
  for (let m = DATE_LEADS.exec(flat); m !== null; m = DATE_LEADS.exec(flat)) {
    const at = m.index + m[0].length;
    const parsed = parseDateAt(flat.slice(at, at + 60));
    if (m[0].length === 0) DATE_LEADS.lastIndex++;
    const blank = BLANK_DATE.test(flat.slice(at, at + 40));
    if (!parsed && !blank) continue;
    const before = flat.slice(Math.max(0, m.index - REFERENCE_LOOKBACK), m.index);
    if (lastMatch(OTHER_REFERENCE, before) > lastMatch(SELF_REFERENCE, before)) continue;
    // a form dated "as of [●]" has no date yet: no other date near the top is its date
    return parsed ? parsed.iso : null;
  }
  // a date in the title block ("April 2013") is not enough; a full date near the top is
  const first = findDate(flat.slice(0, 800));
  return first ? first.iso : null;
}

function findPreamble(head: string): string {
  const flat = collapse(head);
  const m = /\b(?:by\s+and\s+(?:between|among)|between|among|BETWEEN|AMONG)\b/.exec(flat);
  if (!m) return "";
  const rest = flat.slice(m.index + m[0].length, m.index + m[0].length + 1500);
  const end =
    /\.\s+(?=WHEREAS|RECITALS|W\s?I\s?T\s?N\s?E\s?S\s?S|NOW,|BACKGROUND|The parties|In consideration|[A-Z][a-z]+ and [A-Z])|(?:\bWHEREAS\b|\bRECITALS\b|\bWITNESSETH\b)/.exec(
      rest,
    );
  return end ? rest.slice(0, end.index) : rest.slice(0, 800);
}

const PARENTHETICAL = /\(([^()]*)\)/g;
const QUOTED = /["“”]\s*([^"“”]{1,60}?)\s*["“”]/g;

/**
 * Where a party's name has ended in a preamble without defined terms: what a title block or a filing
 * prints after the parties ("… and Cerence Inc. Dated as of September 30, 2019 Source: CERENCE INC., 8-K,
 * 10/2/2019 TABLE OF CONTENTS"): a date lead, the EDGAR source label, a table of contents, a full date.
 */
const NAMES_END = new RegExp(
  String.raw`\s+(?:Dated\b|dated\b|DATED\b|Date:?\s+(?:${MONTH})|Effective\b|EFFECTIVE\b|Source:|TABLE\s+OF\s+CONTENTS\b|Table\s+of\s+Contents\b|(?:${MONTH}|${MONTH.toUpperCase()})\s+\d{1,2}\b)`,
);
/** An EDGAR form type ("8-K", "10-K/A", "F-1/A", "S-1"): the filing's label, not a party. */
const FORM_TYPE = /^(?:\d{1,2}-[A-Z]{1,3}|[A-Z]{1,3}-\d{1,2}[A-Z]?)(?:\/A)?$/;
/** A part of an address ("Suite 200", "Unit 05", "4F", "2nd Floor", "7 Sirius Road", "P.O. Box 12"). */
const ADDRESS_PART =
  /^(?:(?:Suite|Unit|Floor|Room|Building|P\.?\s?O\.?\s+Box)\b|\d+(?:st|nd|rd|th)?\s*(?:F|Fl|Floor)\b|\d+[A-Za-z]?\s+(?:[A-Z][\w.'-]*\s+){0,3}(?:Road|Rd|Street|St|Avenue|Ave|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Plaza|Highway|Hwy|Court|Ct|Place|Pl|Parkway|Pkwy|Square|Trail|Circle)\b\.?)/i;
/** A company's legal form ("Inc", "LLC", "GmbH", "S.p.A", "N.A"), as a pattern's alternatives. */
const LEGAL_FORM =
  "Inc|Incorporated|Corp|Corporation|Company|Co|LLC|L\\.L\\.C|Ltd|Limited|LP|L\\.P|LLP|PLC|GmbH|AG|S\\.A|S\\.p\\.A|SpA|SA|N\\.V|NV|B\\.V|BV|N\\.A|Pty";
/** A legal form and a street number after it: where a name ends and its address begins ("LLC, 481 …", "INC. 320 …"). */
const ADDRESS_AFTER_FORM = new RegExp(`(\\b(?:${LEGAL_FORM})\\.?),?\\s+\\d+[A-Za-z]?(?:-\\d+)?\\s`, "i");
/** A postal code: four or five digits standing alone (a ZIP code may carry "-1234"). */
const POSTAL_CODE = /(?<![\d,.$])\b\d{4,5}(?:-\d{4})?\b(?![\d,.%])/;
/** A word that names an entity's legal form or kind: a piece of a list that has one is a party, not a place. */
const ENTITY_WORD = new RegExp(
  `\\b(?:${LEGAL_FORM}|Trust|Bank|University|Institute|Authority|Association|Foundation|Partners|Partnership|Holdings|Group|Fund)\\b\\.?`,
  "i",
);
/** Four lower-case words in a row: a sentence ("the Reseller named above and amends …"), not a name. */
const SENTENCE_WORDS = /(?<![\p{L}\p{N}'’])[a-z]+\s+[a-z]+\s+[a-z]+\s+[a-z]+(?![\p{L}])/u;
/** An institution called by what it is "of" ("Bank of America", "University of Rochester", "County of Loudoun"). */
const OF_INSTITUTION =
  /\b(?:Bank|University|Institute|County|City|State|Commonwealth|Republic|Kingdom|Government|Department|Board|Trustees|Regents|College|School|Ministry|Province|Town|Village|District)$/i;

function extractParties(preamble: string): { parties: string[]; definedParties: string[] } {
  const parties: string[] = [];
  const definedParties: string[] = [];
  const addTerm = (term: string) => {
    const t = term.trim();
    if (t.length < 2 || NOT_A_PARTY.test(t) || !/^[A-Z0-9]/.test(t)) return;
    if (!definedParties.includes(t)) definedParties.push(t);
  };
  /** Adds the name a piece of the preamble opens with; whether it held one. */
  const addParty = (raw: string): boolean => {
    let name = raw
      .replace(/^[\s,;:]*(?:and|or|&)?\s*/i, "")
      .replace(/^[\s,;:]+/, "")
      // a numbered list of parties: "1. Last Man Stands"
      .replace(/^\(?\d{1,2}[.)]\s+/, "")
      .trim();
    const ended = NAMES_END.exec(name);
    if (ended && ended.index > 1) name = name.slice(0, ended.index);
    const cut =
      /,\s*(?:a|an|as|its|each|located|having|with|acting|being|organized|incorporated|in\s+its|whose|on\s+behalf|not\s+individually|in\s+(?:his|her|their)\s+(?:individual\s+)?capacity)\b|\s+and\s+its\s+|\s+hereinafter\b|,?\s+duly\s+(?:organi[sz]ed|incorporated|formed)\b|\s+\((?=operating\b|formerly\b|hereinafter\b)|\s+(?:at|located|whose|having|through|acting|\d)\b|\s+(?:a|an)\s+(?:[A-Za-z]+\s+){0,3}(?:company|corporation|partnership|limited)\b|\s+with\s+(?:its\s+)?(?:offices?|principal|registered|an?\s+(?:office|address|place))\b|\s+as\s+[a-zA-Z]/i.exec(
        name,
      );
    if (cut && cut.index > 1) name = name.slice(0, cut.index);
    // a street address run on after the legal form: "Phoenix Performance, LLC, 481 Schuylkill Road, …"
    const address = ADDRESS_AFTER_FORM.exec(name);
    if (address) name = name.slice(0, address.index + (address[1] as string).length);
    name = cutAtOf(name);
    name = name.replace(/\s*(?:={3,}|-{3,}|_{3,}).*$/, "");
    name = name
      .replace(/[\s,;:]+$/, "")
      .replace(/\s+of$/i, "")
      .trim();
    if (name.length < 2 || name.length > 100) return false;
    // a run of lower-case words that are not a name's connectors: a sentence, not a name
    if (SENTENCE_WORDS.test(name)) return false;
    if (!/^(?:[A-Z0-9]|the\s+[A-Z])/.test(name) && !/^[a-z][A-Za-z.]*\.(?:com|net|org)/.test(name)) return false;
    if (!/[A-Za-z]{2}/.test(name) || FORM_TYPE.test(name) || ADDRESS_PART.test(name) || /^X{3,}$/i.test(name))
      return false;
    // a place and its postal code ("Minnesota 55112 USA", "8054 Graz"), or a date ("18/9/2008"), names no party
    if ((POSTAL_CODE.test(name) && !ENTITY_WORD.test(name)) || /^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/.test(name))
      return false;
    if (isRoleWord(name) || NOT_A_PARTY.test(name)) return false;
    if (/^(?:the\s+)?(?:several|lenders|banks|other|parties|persons|institutions|each)\b/i.test(name)) return false;
    if (/\b(?:listed|hereto|herein|from time to time|institutions|signatory)\b/i.test(name)) return false;
    if (/^(?:AS|as)\s/.test(name)) return false;
    if (!parties.includes(name)) parties.push(name);
    return true;
  };
  let cursor = 0;
  PARENTHETICAL.lastIndex = 0;
  for (let m = PARENTHETICAL.exec(preamble); m !== null; m = PARENTHETICAL.exec(preamble)) {
    const inner = m[1] ?? "";
    const terms = [...inner.matchAll(QUOTED)].map((q) => q[1] ?? "");
    if (terms.length === 0) continue;
    addParty(nameBefore(preamble.slice(cursor, m.index)));
    for (const term of terms) addTerm(term);
    cursor = m.index + m[0].length;
  }
  if (cursor === 0) {
    // no parenthetical definitions: "between A and B." / "among A, B and C"; the names end where the title
    // block or the filing's label begins
    let listed = preamble.slice(0, 400);
    const ended = NAMES_END.exec(listed);
    if (ended) listed = listed.slice(0, ended.index);
    // What follows an address or a description in the list ("…, whose principal place of business is …,
    // Westlake, Texas", "… under the laws of England and Wales") is more of it, to the next party: a piece
    // there is a party only when its name gives an entity's form ("…, and Beta LLC, a Delaware …").
    let described = false;
    for (const group of partsOfList(listed)) {
      for (const piece of group.split(
        /,\s+(?!(?:INC|Inc|L\.?P|LLC|L\.L\.C|LTD|Ltd|N\.A|CORP|Corp|S\.A|S\.p\.A|PLC|plc|LLP|as\s|a\s|an\s)\b)/,
      )) {
        if (described && !ENTITY_WORD.test(piece.split(/,\s+(?:a|an)\s/)[0] ?? "")) continue;
        described = !addParty(piece);
      }
    }
  }
  // roles given without quotes: "ACME CORP., as Borrower, ..., BANK, as Administrative Agent"
  for (const r of preamble.matchAll(/,?\s+as\s+(?:the\s+)?([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})\b/g)) {
    const role = r[1] ?? "";
    if (PARTY_ROLES.has(role)) addTerm(role);
  }
  return { parties, definedParties };
}

/**
 * The name in the text between two defined terms: after the previous party's description ("), a national
 * banking association, and Cardlytics, Inc. (") it is what follows the last "and"; else the text itself.
 */
function nameBefore(chunk: string): string {
  if (!/^[\s,;:)]*(?:a|an|its|which|whose|having|with|located|organi[sz]ed|incorporated)\s/.test(chunk)) return chunk;
  const parts = chunk.split(/,?\s+and\s+|;\s*/);
  return parts.length > 1 ? (parts.at(-1) ?? chunk) : chunk;
}

/**
 * The parts of a list of parties, one per party: split at "and" and ";"; at "AND" in capitals only after a
 * name's legal form ("EXACT SCIENCES CORPORATION AND PFIZER INC."), since a name in capitals may hold one
 * ("LOUISVILLE GAS AND ELECTRIC COMPANY", "CREDIT AGRICOLE CORPORATE AND INVESTMENT BANK").
 */
function partsOfList(listed: string): string[] {
  const parts: string[] = [];
  for (const part of listed.split(/,?\s+and\s+|;\s*/)) {
    const pieces = part.split(/\s+AND\s+/);
    let current = pieces[0] ?? "";
    for (const next of pieces.slice(1)) {
      if (ENTITY_END.test(current)) {
        parts.push(current);
        current = next;
      } else current = `${current} AND ${next}`;
    }
    parts.push(current);
  }
  return parts;
}
/** A name that ends in its legal form ("… INC.", "… CORPORATION", "… LLC", "… S.p.A."). */
const ENTITY_END = new RegExp(`\\b(?:${LEGAL_FORM})\\.?$`, "i");

/**
 * A name cut where a place or a description follows "of" ("Infomagnet Ltd., of 65 Claremont Road" →
 * "Infomagnet Ltd."), but not the "of" of an institution's name ("Bank of America", "University of
 * Rochester", "County of Loudoun"): a name of one word before "of", or one ending in such a word, goes on.
 */
function cutAtOf(name: string): string {
  for (const m of name.matchAll(/,?\s+of\s+/gi)) {
    const before = name.slice(0, m.index).replace(/[\s,]+$/, "");
    if (before.split(/\s+/).length > 1 && !OF_INSTITUTION.test(before)) return before;
    if (before.split(/\s+/).length <= 1 && m[0].startsWith(",")) return before;
  }
  return name;
}

/** A role or a generic word where a name should be: "COMPANY", "Seller", "Distributor", "You". */
function isRoleWord(name: string): boolean {
  const bare = name.replace(/^the\s+/i, "");
  if (/\s/.test(bare)) return false;
  const title = bare.charAt(0).toUpperCase() + bare.slice(1).toLowerCase();
  return PARTY_ROLES.has(title) || /^(?:You|Division|Broker|Bank|University|Institute|County|City|State)$/.test(title);
}

const INSTRUMENT_NAME =
  "((?:[A-Z][\\w&'.,-]*\\s+){0,8}?(?:Agreement|Contract|Indenture|Lease|Guaranty|Guarantee|License|Note|Plan|AGREEMENT|CONTRACT|INDENTURE|LEASE|LICENSE))";

/** The words before an instrument's name that make the whole an amendment or restatement of it. */
const AMENDING_NAME_BEFORE =
  /(?:\bamendment(?:\s+(?:no\.?|number|#)\s*[\w-]+)?\s+(?:to|of)\s+(?:the\s+)?|\bamended\s+and\s+restated\s+)$/i;

function findAmended(title: string | null, head: string): { title: string; shortName: string | null } | null {
  let name: string | null = null;
  const fromTitle = title
    ? new RegExp(`(?:AMENDMENT|RESTATED)[\\s\\S]*?\\b(?:TO|OF)\\s+(?:THE\\s+)?${INSTRUMENT_NAME}`, "i").exec(title)
    : null;
  if (fromTitle?.[1]) name = fromTitle[1];
  const fromText = new RegExp(
    `\\b(?:amends?|amending|amendment\\s+to|amend|modif(?:y|ies))\\s+(?:that\\s+certain|the|a|its|certain)\\s+${INSTRUMENT_NAME}`,
    "i",
  ).exec(head);
  if (!name && fromText?.[1]) name = fromText[1];
  if (!name) {
    const certain = new RegExp(`\\bthat\\s+certain\\s+${INSTRUMENT_NAME}`).exec(head);
    if (certain?.[1]) name = certain[1];
  }
  if (!name) return null;
  name = titleCase(name.trim());
  // "dated as of ..." following the amended instrument's name
  // the first mention of the instrument followed by "dated (as of) <date>"
  const lowerHead = head.toLowerCase();
  const lowerName = name.toLowerCase();
  let dated = "";
  for (let at = lowerHead.indexOf(lowerName); at >= 0 && dated === ""; at = lowerHead.indexOf(lowerName, at + 1)) {
    // "Amendment No. 3 to Amended and Restated Credit Agreement, dated as of ..." and "Amended and
    // Restated Credit Agreement, dated ..." name an amending instrument: their date is not the amended one's
    if (AMENDING_NAME_BEFORE.test(head.slice(Math.max(0, at - 80), at))) continue;
    const after = head.slice(at + name.length, at + name.length + 200);
    const d = /^[^.;()"“]{0,120}?\bdated\s+(?:as\s+of\s+)?/i.exec(after);
    if (!d) continue;
    const parsed = parseDateAt(after.slice(d[0].length));
    if (parsed)
      dated = ` dated ${/as\s+of\s+$/i.test(d[0]) ? "as of " : ""}${after.slice(d[0].length, d[0].length + parsed.length)}`;
  }
  return { title: `${name}${dated}`, shortName: findShortName(head, name) };
}

/** The defined name an amendment uses for the amended instrument: (the "Credit Agreement") / ("Agreement"). */
function findShortName(head: string, name: string): string | null {
  const at = head.toLowerCase().indexOf(name.toLowerCase());
  if (at >= 0) {
    const after = head.slice(at, at + 600);
    const d =
      /\((?:[^()"“]*?)["“]\s*((?:Existing\s+|Original\s+|Underlying\s+|Base\s+|Prior\s+)?(?:[A-Z][\w-]*\s+){0,3}?(?:Agreement|Contract|Lease|License|Indenture))\s*["”]/.exec(
        after,
      );
    if (d?.[1]) return d[1];
  }
  const last = name.split(/\s+/).slice(-2).join(" ");
  return /\bAgreement$/.test(last) ? last : null;
}

function titleCase(s: string): string {
  if (/[a-z]/.test(s)) return s;
  return s
    .toLowerCase()
    .replace(/\b([a-z])/g, (c) => c.toUpperCase())
    .replace(/\b(And|Of|To|The|For|In)\b/g, (w) => w.toLowerCase())
    .replace(/^./, (c) => c.toUpperCase());
}

/** Words that name a class of holders rather than a party ("Company Stockholders", "Sponsor Holders", "Merger Sub"). */
const ROLE_HEADS = new Set([...PARTY_ROLES, "Stockholder", "Shareholder", "Member", "Partner", "Sub", "Subsidiary"]);

/**
 * Role words the profile treats as party terms when the document defines them, with their plurals and
 * qualified forms ("Holders", "Company Stockholders", "Merger Sub"): generic in any deal, so sharing one
 * says nothing about two documents belonging together.
 */
export function isPartyRole(term: string): boolean {
  if (PARTY_ROLES.has(term)) return true;
  const last = term.split(/\s+/).pop() ?? term;
  const singular = last.endsWith("s") && !last.endsWith("ss") ? last.slice(0, -1) : last;
  return ROLE_HEADS.has(singular) || ROLE_HEADS.has(last);
}
