import { amendingClause, type ScoredCandidate } from "./evidence-model.ts";
import { isNotOperative, RERANK_WINDOW } from "./operative-first.ts";

/**
 * The amending clause of an amendment filed alone (no transaction set: no edits read) that the answer reads
 * first: the first of its `operative` clauses in the answer's order, when every sentence above it is an
 * operative sentence of the same instrument that holds none of the question's words. Its other terms ("The Company and the Noteholder hereby agree
 * that, notwithstanding paragraph 3 of the Notes, …") rank above the clause that changes the text ("The
 * Maturity Date of the Note is hereby amended to be the Amended Maturity Date") without the question's
 * words; the clause is what states the text in force. Null when another document, a heading or a recital
 * ("WHEREAS, the Note has a maturity date of …": the text before the change) comes first, or no clause is
 * among the best `RERANK_WINDOW`.
 */
export function clauseOfInstrumentReadFirst(
  scored: readonly ScoredCandidate[],
  operative: readonly ScoredCandidate[],
): ScoredCandidate | null {
  const lead = scored[0];
  if (!lead || lead.item.transactionSetId !== null) return null;
  for (const c of scored.slice(0, RERANK_WINDOW)) {
    if (c.item.documentId !== lead.item.documentId || c.headingLine || isNotOperative(c.text)) return null;
    if (amendingClause(c) && operative.includes(c)) return c;
    // a sentence above it that holds the question's words may answer it itself ("This payment will reduce
    // the Note balance by $35,000" for "does it have to make a payment under the amendment?")
    if (c.familyCoverage > 0) return null;
  }
  return null;
}
