import { inAnnex } from "@lexnav/document-model";
import {
  AMENDING_ROLES,
  amendmentAsk,
  amendsInOwnWords,
  asksOfItself,
  dealOf,
  namedAmendment,
  operativeAmendment,
} from "./amendment-answer.ts";
import { answeringUnit } from "./answering-unit.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { type AskedKind, askedKind, statesKind } from "./kind-asked.ts";
import { isNotOperative } from "./operative-first.ts";

/**
 * A recital of an amending instrument: what the parties had agreed before it ("Odyssey and Lutz entered
 * into that certain Promissory Note dated …", "The Borrower is party to that certain Credit Agreement
 * …", "WHEREAS, …"), or its preamble. "That certain" is how drafting names an instrument already made.
 */
function recitesPrior(c: ScoredCandidate): boolean {
  return isNotOperative(c.text) || /\bthat\s+certain\b/i.test(c.text);
}

/** A question about the parties: "who", "whom", "the parties to". */
const ASKS_PARTIES = /\bwhom?\b|\bparties\s+(?:to|of)\b/i;

/**
 * A candidate as a member of a deal: an amending instrument filed without the instrument it amends is a
 * deal of its own (the set functions read only instruments of a set).
 */
function inADeal(c: ScoredCandidate): ScoredCandidate {
  if (c.item.transactionSetId !== null || !AMENDING_ROLES.has(c.item.role) || inAnnex(c.item.clauseRef ?? "")) return c;
  return { ...c, item: { ...c.item, transactionSetId: c.item.documentId } };
}

/**
 * An answer about what is in force after an amendment (`amendmentAsk` = effect; not a question about
 * the amendment itself: `asksOfItself`) cites the amending clause:
 * - a cited recital of an amending instrument gives way to that instrument's most probable operative
 *   clause in the extract (`operativeAmendment`): the recital states the text as it stood before the
 *   amendment, the operative clause what the amendment made of it ("The Maturity Date of the Note is
 *   amended and extended to …"); a recital whose instrument has no operative clause in the extract stays,
 *   and so does one cited for a question about the parties, which recitals name;
 * - a cited sentence of the new text an edit brings, not amending in its own words, is cited through the
 *   amending clause that brings it ("Section 13.9 is amended to add the following at the end:"), when
 *   that clause's answering unit quotes it: the quote then says what was changed and what it now reads.
 * An amending instrument filed alone is a deal of its own. `scored`: the order the answer cites from;
 * `decisionOrder`: the decision's own (the deal is read from it, as `amendmentEvidence` does).
 */
export function citeAmendingClause(
  question: string,
  cited: readonly ScoredCandidate[],
  scored: readonly ScoredCandidate[],
  decisionOrder: readonly ScoredCandidate[],
): ScoredCandidate[] {
  const deal = [...dealOf(cited, decisionOrder), ...cited.map((c) => inADeal(c).item)];
  if (amendmentAsk(question, deal) !== "effect") return [...cited];
  const named = namedAmendment(question);
  if (named !== null && asksOfItself(question, named)) return [...cited];
  // who the parties are is what a recital or preamble states
  const recitalAnswers = ASKS_PARTIES.test(question);
  // and a value of the kind asked ("the face amount of the notes") that no operative clause states, the recital's
  const kind = askedKind(question);
  const out: ScoredCandidate[] = [];
  for (const c of cited) {
    const chosen =
      (recitalAnswers ? undefined : operativeForRecital(c, scored, out, kind)) ?? bringingClause(c, scored) ?? c;
    if (!out.includes(chosen)) out.push(chosen);
  }
  return out;
}

/**
 * For a recital of an amending instrument, that instrument's most probable operative clause not yet cited; of the
 * kind asked, when one is (a clause extending a maturity date is no answer to the notes' face amount, which the
 * recital states).
 */
function operativeForRecital(
  c: ScoredCandidate,
  scored: readonly ScoredCandidate[],
  taken: readonly ScoredCandidate[],
  kind: AskedKind | null,
): ScoredCandidate | undefined {
  const own = inADeal(c);
  if (own.item.transactionSetId === null || operativeAmendment(own) || !recitesPrior(c)) return undefined;
  if (!AMENDING_ROLES.has(c.item.role)) return undefined;
  return scored.find(
    (s) =>
      s.item.documentId === c.item.documentId &&
      !taken.includes(s) &&
      operativeAmendment(inADeal(s)) &&
      (kind === null || statesKind(kind, unitText(s))),
  );
}

/**
 * A clause as it is quoted: its answering unit, so "Section 1 is amended and restated to read as follows:" is read with
 * the new text it brings ("… the principal amount of this Note is $45,000.00").
 */
function unitText(c: ScoredCandidate): string {
  const unit = answeringUnit(c.item, c.start, c.end);
  return c.item.text.slice(Math.max(0, unit.start - c.item.start), Math.max(0, unit.end - c.item.start));
}

/** For new text an edit brings, the amending clause before it in its passage whose answering unit quotes it. */
function bringingClause(c: ScoredCandidate, scored: readonly ScoredCandidate[]): ScoredCandidate | undefined {
  const own = inADeal(c);
  if (!operativeAmendment(own) || amendsInOwnWords(own)) return undefined;
  const before = scored
    .filter(
      (s) =>
        s.item.documentId === c.item.documentId &&
        s.item.version === c.item.version &&
        s.item.start === c.item.start &&
        s.end <= c.start &&
        amendsInOwnWords(inADeal(s)),
    )
    .sort((a, b) => b.start - a.start)[0];
  if (before === undefined) return undefined;
  return answeringUnit(before.item, before.start, before.end).end >= c.end ? before : undefined;
}
