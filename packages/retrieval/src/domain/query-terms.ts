// Words that carry no evidence in a question about a contract.
const STOPWORDS = new Set(
  (
    "a an the and or of to in on at by for with from as is are was were be been being this that these those it its " +
    "does do did doing has have had having can could should would will shall may might must not no nor than then " +
    "there their they them he she his her we our you your i me my what which who whom whose when where why how " +
    "any all each every some such into onto upon about above below over under between among within without " +
    "consider contract agreement party parties document clause provision section here herein hereof hereunder"
  ).split(" "),
);

/** Lowercased word tokens of a query with stopwords and one-character tokens removed, in order, unique. */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of query.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const t = m[0];
    if (t.length < 2 || STOPWORDS.has(t) || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  return out;
}

/** An FTS5 MATCH expression: any of the terms, each quoted so no term is read as FTS syntax. */
export function ftsMatchExpression(terms: string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(" OR ");
}

/**
 * An FTS5 MATCH expression for a phrase: every word of it in a row, stopwords and one-letter words
 * included ("Bank of America", "D-M-E"); null when it has no word.
 */
export function ftsPhraseExpression(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? `"${words.join(" ")}"` : null;
}
