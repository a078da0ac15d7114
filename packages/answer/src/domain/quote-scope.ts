import { quotationKey, quotations } from "@lexnav/retrieval";
import type { SourceText } from "./citations.ts";
import type { EvidenceItem } from "./evidence.ts";
import type { PartyScope } from "./party-scope.ts";

/**
 * A question that quotes its contract ("On termination 'the license granted under section 3' is revoked —
 * what license is that?") names its deal by the quotation as surely as by a party: the documents whose
 * text holds those words verbatim are the deal asked about. Another deal's clause on the same topic ("the
 * license granted under Section 10.3 shall terminate") matches the question's words as well or better, and
 * without a party to scope by, the decision cites it. When the quoted words are a phrase every instrument
 * of the kind uses, several deals hold them and they say nothing about which one is asked: the scope
 * stands aside, as it does when every deal of the extract holds them or none does.
 */

/** Most deals (transaction sets, or documents in none) that may hold a quotation for it to scope. */
export const QUOTE_SCOPE_MAX_DEALS = 2;

/**
 * The documents of the extract of the deals whose text holds a quotation of the question, as a party
 * scope (`parties` are the quotations). Null when the question quotes nothing, when no retrieved passage's
 * document holds a quotation, when more than `QUOTE_SCOPE_MAX_DEALS` deals hold one, or when every deal of
 * the extract does (nothing to rule out).
 */
export function quoteScope(question: string, extract: readonly EvidenceItem[], source: SourceText): PartyScope | null {
  const quotes = quotations(question).map(quotationKey);
  if (quotes.length === 0) return null;
  const dealOf = (e: EvidenceItem) => e.transactionSetId ?? `doc:${e.documentId}`;
  const holds = new Map<string, boolean>();
  const found = new Set<string>();
  for (const e of extract) {
    if (e.linkedBy !== undefined || holds.has(e.documentId)) continue;
    const text = source(e.documentId, e.version);
    const key = text === null ? "" : quotationKey(text);
    const held = quotes.filter((q) => key.includes(q));
    holds.set(e.documentId, held.length > 0);
    for (const q of held) found.add(q);
  }
  const holders = extract.filter((e) => holds.get(e.documentId) === true);
  const deals = new Set(holders.map(dealOf));
  if (deals.size === 0 || deals.size > QUOTE_SCOPE_MAX_DEALS) return null;
  const documents = new Set(extract.filter((e) => deals.has(dealOf(e))).map((e) => e.documentId));
  if (extract.every((e) => documents.has(e.documentId))) return null;
  const said = quotations(question).filter((q) => found.has(quotationKey(q)));
  return { parties: said.map((q) => `“${q}”`), documents };
}
