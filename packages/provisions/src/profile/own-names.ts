/**
 * The names an instrument gives itself in its opening: "This CONSENT AND AGREEMENT, dated as of ...",
 * "this Senior Secured Convertible Note (this “Note”)", "(this “Consent Agreement”)". Another exhibit of
 * the same filing that names one of them ("issued pursuant to that certain Consent and Agreement to
 * Cancel ...") refers to this document even when its title line carries no instrument word.
 */

const OPENING_CHARS = 3000;
const MAX_OWN_NAMES = 8;
const KIND =
  "(?:Agreement|Contract|Indenture|Lease|License|Licence|Guaranty|Guarantee|Note|Plan|Letter|Amendment|Consent|Waiver|Undertaking|Deed|AGREEMENT|CONTRACT|INDENTURE|LEASE|LICENSE|LICENCE|GUARANTY|GUARANTEE|NOTE|PLAN|LETTER|AMENDMENT|CONSENT|WAIVER|UNDERTAKING|DEED)";
/** "This" then up to six capitalised words (joined by and/of/for/to) ending in an instrument word. */
const THIS_NAME = new RegExp(
  `\\b[Tt]his\\s+((?:[A-Z][\\w'’&-]*\\s+(?:(?:and|of|for|to|AND|OF|FOR|TO)\\s+)?){1,6}${KIND})\\b`,
  "g",
);
/** A short name the document defines for itself: (this “Consent Agreement”). */
const THIS_TERM = new RegExp(`\\(\\s*[Tt]his\\s+[“"]\\s*((?:[A-Z][\\w'’&-]*\\s+){1,5}${KIND})\\s*[”"]\\s*\\)`, "g");

/** The multi-word names a document calls itself in its opening, lower-cased, first seen first. */
export function ownNames(text: string): string[] {
  const opening = text.slice(0, OPENING_CHARS).replace(/[\s\u00a0]+/g, " ");
  const out = new Set<string>();
  for (const re of [THIS_NAME, THIS_TERM])
    for (const m of opening.matchAll(re)) {
      const name = (m[1] as string).toLowerCase().replace(/\s+/g, " ").trim();
      if (name.includes(" ") && out.size < MAX_OWN_NAMES) out.add(name);
    }
  return [...out];
}
