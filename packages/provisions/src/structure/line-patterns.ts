/**
 * Patterns recognised at the start of a line (or of an inline segment). All are sticky regexes applied
 * at an offset into the full text, so no line is copied to be matched.
 */

export const RE_ARTICLE =
  /(ARTICLE|Article)[ \t]+([IVXLC]{1,7}|\d{1,3}|ONE|TWO|THREE|FOUR|FIVE|SIX|SEVEN|EIGHT|NINE|TEN|ELEVEN|TWELVE|THIRTEEN|FOURTEEN|FIFTEEN|SIXTEEN|SEVENTEEN|EIGHTEEN|NINETEEN|TWENTY)\b\.?/y;

// Section numbers have no upper bound (a filing may run past Section 999): a large number is placed
// only as the successor of its sibling, which is what keeps stray numbers out of the tree.
export const RE_SECTION = /(SECTION|Section|Sec\.|§)[ \t]*(\d{1,6}(?:\.\d{1,4}){0,4})(\.?)(?=[ \t:]|$)/my;

export const RE_DOTTED = /(\d{1,6}(?:\.\d{1,4}){0,4})(\.?)(?=[ \t]|$)/my;

export const RE_PAREN = /\(([a-z]{1,5}|[A-Z]{1,4}|\d{1,3})\)(?=[ \t]|$)/my;

export const RE_LETTER_DOT = /([IVX]{2,5}|[ivx]{2,5}|[A-Za-z])\.(?=[ \t]+["“A-Z]|["“])/y;

/** `"Term" means`, `"Term" shall mean`, `"Term" has the meaning`, `The term "Term" means`, `"Term": ...`. */
export const RE_DEFINITION =
  /(?:[A-Za-z'’]+[ \t]+){0,3}?[“"]([^"”\n]{1,80}(?:\n[^"”\n]{1,40})?)[”"][ \t]*(?:\([^)\n]{0,40}\)[ \t]*)?,?[ \t]*(?:shall[ \t\n]+mean|means|mean[ \t]|shall[ \t\n]+have[ \t\n]+the[ \t\n]+meaning|has[ \t\n]+the[ \t\n]+meaning|have[ \t\n]+the[ \t\n]+meaning|shall[ \t\n]+refer|refers[ \t\n]+to|is[ \t\n]+defined|shall[ \t\n]+include|includes|:)/y;

/** `Term: means ...` without quotes. */
export const RE_DEFINITION_COLON = /([A-Z][A-Za-z0-9'’\- ]{0,60}):[ \t]+(?:means|shall mean)\b/y;

export const RE_WHEREAS = /(WHEREAS|Whereas)\b/y;

export const RE_WITNESS = /(IN WITNESS WHEREOF|In Witness Whereof|IN WITNESS THEREOF|In witness whereof)/y;

export const RE_RECITALS_HEADING =
  /^(?:RECITALS|Recitals|W[ \t]*I[ \t]*T[ \t]*N[ \t]*E[ \t]*S[ \t]*S[ \t]*E[ \t]*T[ \t]*H|Witnesseth|BACKGROUND|Background|PRELIMINARY STATEMENTS?)[:.]?$/;

export const RE_TOC_HEADING =
  /^(?:TABLE OF CONTENTS|Table of Contents|CONTENTS|Contents|INDEX|T[ \t]*A[ \t]*B[ \t]*L[ \t]*E[ \t]+O[ \t]*F[ \t]+C[ \t]*O[ \t]*N[ \t]*T[ \t]*E[ \t]*N[ \t]*T[ \t]*S)[ \t]*[*:]?(?:[ \t|]+Page)?$/;

/**
 * A standalone "EXHIBIT A", "SCHEDULE 3.14", "ANNEX I - Form of Note", "ATTACHMENT 1" or 'SCHEDULE "A" -
 * DEFINITIONS' line (the label may be quoted; the quotes are not part of it).
 */
export const RE_ANNEX_LINE =
  /^(EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEX|Annex|APPENDIX|Appendix|ATTACHMENT|Attachment)[ \t]+(?!(?:TO|OF|AND|THE|FOR|IN|ON|BY|OR|AS|AT|AN)\b)["“]?([A-Z]{1,3}(?:-\d{1,2})?|\d{1,3}(?:\.\d{1,3}){0,2}(?:\([a-z]\))?)["”]?\.?(?:[ \t]*[-–—:]?[ \t]*([A-Z"“].{0,100}))?$/;

/** A TOC line: starts with a reference, ends with a page number after leaders or 2+ spaces. */
export const RE_TOC_ENTRY_TAIL =
  /(?:\.[ .]{2,}|[ \t]{2,}|\t|…+|,[ \t]*|[ \t]*\|[ \t]*)[ \t]*(?:[ivxlc]{1,6}|[A-Z]?-?(?:<\d{1,3}>)?\d{1,3})[ \t]*$/;

export const RE_TOC_REF =
  /^(?:(ARTICLE|Article)[ \t]+([IVXLC]{1,7}|\d{1,3})\b\.?|(SECTION|Section)[ \t]*(\d{1,6}(?:\.\d{1,4}){0,4})\.?|(EXHIBIT|Exhibit|SCHEDULE|Schedule|ANNEX|Annex)[ \t]+([A-Z]{1,3}(?:-\d{1,2})?|\d{1,3}(?:\.\d{1,3}){0,2}|[IVX]+)\b\.?|(\d{1,6}(?:\.\d{1,4}){0,4})(\.?)(?=[ \t]))/;

/** Inline structure in long (unwrapped) lines starts after a sentence end and spaces. */
export const RE_INLINE_TRIGGER = /[.;:!?)"”\]*]([ \t]+)(?=[0-9A-Z"“a-z])/g;

/** After 2+ spaces: "4. EXCLUSIVITY OF ENDORSEMENT" followed by 2+ spaces, a period or the line end. */
export const RE_INLINE_NUM_CAPS =
  /\d{1,3}(?:\.\d{1,3}){0,3}\.?[ \t]+[A-Z][A-Z0-9'’&,\-/ ]{2,}[A-Z](?:[ \t]{2,}|[.:]|$)/my;

/** After one space, only a clear heading of two or more capitalised words: ". 2. PROVISION OF DOCUMENTATION ". */
export const RE_INLINE_NUM_CAPS_TIGHT =
  /\d{1,3}(?:\.\d{1,3}){0,3}\.?[ \t]+[A-Z]{2,}[A-Z'’&,\-/]*(?:[ \t]+[A-Z&][A-Z'’&,\-/]*)+(?:[ \t]|$)/my;

/**
 * After one space, a single capitalised word as heading, then a sentence or the line end: ". 11.
 * TERMINATION Either Party may...". Weak on its own: taken only as the next top-level number.
 */
export const RE_INLINE_NUM_CAPS_WORD = /\d{1,2}\.[ \t]+[A-Z]{4,}(?:[ \t]+[A-Z][a-z]|[ \t]*$)/my;

/** After 2+ spaces: an ARTICLE, a "Section 2.1 Title" heading or a `"Term" means` definition. */
export const RE_INLINE_OTHER =
  /(?:ARTICLE[ \t]+[IVXLC\d]+\b)|(?:(?:Section|SECTION)[ \t]+\d{1,3}(?:\.\d{1,3}){1,3}\.?[ \t]+[A-Z][A-Za-z]+)|(?:[A-Za-z]\.?[ \t]*)?[“"][^"”\n]{1,80}[”"][ \t]+(?:shall[ \t]+mean|means|has[ \t]+the[ \t]+meaning|shall[ \t]+have[ \t]+the[ \t]+meaning)/y;

/** Inline definitions: `(the "Borrower")`, `(hereinafter referred to as "CONSULTANT")`. */
export const RE_INLINE_DEFINITION =
  /\((?:each,?[ \t\n]+)?(?:individually,?[ \t\n]+|collectively,?[ \t\n]+|together,?[ \t\n]+)?(?:hereinafter[ \t\n]+(?:referred[ \t\n]+to[ \t\n]+as[ \t\n]+|called[ \t\n]+|defined[ \t\n]+as[ \t\n]+)?|referred[ \t\n]+to[ \t\n]+(?:herein[ \t\n]+)?as[ \t\n]+|herein[ \t\n]+(?:called[ \t\n]+)?)?(?:the[ \t\n]+|a[ \t\n]+|an[ \t\n]+)?[“"]([^"”\n]{1,60})[”"]\)/g;

const TITLE_HINT =
  /\b(AGREEMENT|AMENDMENT|CONTRACT|PLAN|INDENTURE|LEASE|NOTE|GUARANTY|GUARANTEE|CERTIFICATE|LICENSE|LICENCE|WAIVER|CONSENT|MEMORANDUM|DEED|ARRANGEMENT|LETTER|UNDERTAKING|MORTGAGE|POLICY)\b/;

/** A document title line: ALL CAPS, short, naming an instrument. */
export function isTitleLine(line: string): boolean {
  return line.length <= 120 && TITLE_HINT.test(line) && line === line.toUpperCase() && /[A-Z]{3}/.test(line);
}

const OPENING = /\b(?:made|entered|dated|executed|effective)\b|\bby and (?:between|among)\b|\b(?:between|among)\b/i;
const INSTRUMENT = /\b(?:agreement|amendment|contract|plan|indenture|lease|note|guaranty|license|waiver|letter)\b/i;

/** The opening paragraph of an instrument: "This Agreement is made ... between ...". */
export function isOpeningLine(line: string): boolean {
  return line.length >= 30 && INSTRUMENT.test(line) && OPENING.test(line) && /[a-z]/.test(line);
}
