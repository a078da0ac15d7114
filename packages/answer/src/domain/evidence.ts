import { clauseZone, type DocumentRole, dealKey } from "@lexnav/document-model";
import { isInstrumentAbbreviation } from "@lexnav/retrieval";

/**
 * One item of the extract an answer may rest on: a span of a stored document version with what a
 * lawyer needs to weigh it (role, effective date, clause). `text == source.slice(start, end)`.
 */
export interface EvidenceItem {
  /** Label inside one extract: "E1", "E2", ... */
  id: string;
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  text: string;
  /** How answers name the document: its filed name. */
  docLabel: string;
  /** The document's title, as its text gives it (the catalog record's), when one was read. */
  title?: string;
  role: DocumentRole;
  /** ISO date or null. */
  effectiveDate: string | null;
  transactionSetId: string | null;
  /** As printed, e.g. "Section 2.1"; null when the node has none. */
  clauseRef: string | null;
  /**
   * The provision's own heading ("Standstill" of "8. Standstill. For a period of …"), when it has one: a passage
   * is a window of the provision's own text, and a heading run in before it is not always in the window.
   */
  provisionHeading?: string;
  /**
   * Set when the set's amendment edits are known: the provisions (document and span) that an
   * operative clause in this passage, or the new text it brings, amends. Empty: it amends nothing.
   */
  amends?: Array<{ documentId: string; start: number; end: number }>;
  /** Set when an edit in the set replaced or deleted this passage's provision: the chain, for the note. */
  supersededBy?: string;
  /**
   * The defined terms and cross-references this passage uses whose definition or target the extract
   * brought in (`linkedBy`), each with the id of the item that holds it: shown with the answer and
   * given to the model, so a term is read as the set defines it.
   */
  links?: Array<{ kind: "definition" | "cross-reference"; words: string; itemId: string }>;
  /**
   * Set on an item that is in the extract only because a passage uses the term it defines or points to
   * it: context for reading the answer, not a candidate answer of its own.
   */
  linkedBy?: "definition" | "cross-reference";
  /** Set on a passage of the instrument's close: its testimonium or signature blocks (`liesInClose`). */
  signatureBlock?: true;
}

/** A span the answer rests on (mirrors lexnav.answer.v1.Citation): quote == text(document@version)[start, end). */
export interface Citation {
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  quote: string;
  clauseRef?: string;
  /** The `[doc] Clause X` form the answer text cites by. */
  display: string;
  /**
   * Where a lawyer finds it: "Credit Agreement, Article X, Section 10.6(a), page 45" (title, section
   * path, page). Absent on records made before citations were located.
   */
  location?: string;
}

/** One statement of an answer and the citations it rests on. */
export interface AnswerClaim {
  text: string;
  citations: Citation[];
}

/**
 * "Section 4.2 of Credit Agreement" for an evidence item, or the document alone when the provision has no
 * reference: how a silence names a place. The document goes by its title when its text gives one (a
 * lawyer knows "Fifth Amendment to Purchase and Sale Agreement", not "0001558370-23-000007_2"), else by
 * its filed name; `withFile` adds the filed name, for two documents of one title.
 */
export function placeOf(item: Pick<EvidenceItem, "docLabel" | "clauseRef" | "title">, withFile = false): string {
  const title = readableTitle(item.title ?? null);
  const doc = title === null ? item.docLabel : withFile ? `${title} (${item.docLabel})` : title;
  return item.clauseRef ? `${item.clauseRef} of ${doc}` : doc;
}

/**
 * A title in capitals reads as one in title case ("CREDIT AGREEMENT" → "Credit Agreement"), word by word:
 * a connector in lower case after the first word, and in capitals what is no word to case: a roman
 * numeral ("EXHIBIT II"), a name joined by "&" ("LG&E", "AT&T"), an abbreviation with stops ("U.S.",
 * "N.A."), a company's form without a vowel ("LLC", "LLP", "PLC"), an acronym of the field ("NDA", "ODM").
 */
export function readableTitle(title: string | null): string | null {
  const t = plain(title ?? "");
  if (t === "") return null;
  // in capitals but for its connectors ("STREMICK HERITAGE FOODS, LLC and PREMIER NUTRITION …") counts as in capitals
  if (t.split(/\s+/).some((w) => /\p{Ll}/u.test(w) && !CONNECTOR.test(w))) return t;
  return t
    .split(/(\s+)/)
    .map((w, i) => {
      if (/^\s*$/.test(w)) return w;
      const bare = w.replace(/^[("“[]+|[)"”\],.;:]+$/g, "");
      if (i > 0 && CONNECTOR.test(bare.toLowerCase())) return w.toLowerCase();
      const stopped = w.replace(/^[("“[]+|[)"”\],;:]+$/g, "");
      if ((KEPT_IN_CAPITALS.test(bare) || KEPT_IN_CAPITALS.test(stopped)) && bare !== "I" && bare !== "A") return w;
      if (
        FIELD_ACRONYMS.has(bare) ||
        (bare.endsWith("S") && FIELD_ACRONYMS.has(bare.slice(0, -1))) ||
        isInstrumentAbbreviation(bare)
      )
        return w;
      if (/^NO\.$/.test(bare) || /^NO\.\d/.test(bare)) return w.replace(/^NO/, "No");
      return w.toLowerCase().replace(/(^|[("“-])(\p{L})/gu, (_m, lead: string, c: string) => lead + c.toUpperCase());
    })
    .join("");
}
const CONNECTOR = /^(?:and|of|to|the|for|in|on|by|as|or)$/;
/**
 * Acronyms of the field that hold a vowel, so that nothing in their letters tells them from a word: kinds of
 * instrument beside the abbreviations retrieval reads as one ("MUTUAL NDA", "SOW": `isInstrumentAbbreviation`),
 * "ODM SUPPLY AGREEMENT", "ISDA MASTER AGREEMENT", trading names and places that name parties. Kept in
 * capitals, and so is a plural in capitals ("NDAS").
 */
const FIELD_ACRONYMS: ReadonlySet<string> = new Set(
  "MNDA CDA ODM OEM EULA ISDA DBA IP ESOP IPO EU UK USA UAE EEA FDA EPA IRS SEC NASDAQ NYSE FINRA ERISA "
    .trim()
    .split(/\s+/),
);
/** Words of a title in capitals that stay so (see `readableTitle`). */
const KEPT_IN_CAPITALS =
  /^(?:M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})|\p{Lu}+&\p{Lu}+|(?:\p{Lu}\.){2,}|[B-DF-HJ-NP-TV-Z]{2,4})$/u;

/** One line of plain text: controls in a stored name read as spaces. */
export function plain(s: string): string {
  return s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ").trim();
}

/** `[doc] Clause X` for an evidence item (the clause is omitted when the provision has no reference). */
export function citeAs(item: Pick<EvidenceItem, "docLabel" | "clauseRef">): string {
  return item.clauseRef ? `[${item.docLabel}] ${item.clauseRef}` : `[${item.docLabel}]`;
}

/**
 * A clause reference compared loosely: case, "Section"/"Clause"/"§" prefixes, spacing and the exhibit
 * a clause sits in ("Exhibit A, Section 2.01": a conformed copy's Section 2.01 is the one amended) do
 * not matter.
 */
export function clauseKey(ref: string | null): string {
  if (!ref) return "";
  return clauseZone(ref)
    .clause.toLowerCase()
    .replace(/^(section|clause|article|paragraph|sec\.|§)\s*/, "")
    .replace(/\s+/g, "")
    .replace(/\.$/, "");
}

/**
 * The deal an item is of: its transaction set, or its own document when it is in none (an instrument
 * filed alone). Two items are of one deal when their keys are equal.
 */
export function dealKeyOf(item: { documentId: string; transactionSetId?: string | null }): string {
  return dealKey(item.documentId, item.transactionSetId);
}
