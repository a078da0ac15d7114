import { clauseKey } from "./evidence.ts";
import { namedClauses } from "./evidence-decision.ts";
import type { ScoredCandidate } from "./evidence-model.ts";

/**
 * A clause a question names by number ("what does Section 6 say?", "the license granted under
 * section 3 — what license is that?", "If a PO is accepted under Section 2(j) …") is a structural
 * constraint: the asker has read the instrument and points at a provision of it. When the evidence
 * decision finds no sentence probable enough to cite, the answer is read from that provision of the
 * document the question is about: the named clause's most probable sentence, and beside it the most
 * probable sentence of the same document that refers to the clause (what the question quotes, or the
 * provision that says what follows from it), so the reader sees the clause and the chain that leads to
 * it. A sentence that only refers to the clause is never the clause's text; the clause's own sentences
 * come first when both exist.
 *
 * The document is the one the decision read as most probable (its best sentence's): a clause number
 * says nothing of which instrument holds it, so another instrument's clause of the same number, or
 * another instrument's sentence that happens to name a clause so numbered, is never taken for it; when
 * that document holds neither the clause nor a sentence referring to it, the silence stands. Exhibits, schedules and annexes are left out: they are named by letter, and a
 * question about "Exhibit A" reads as often a document the extract lacks as a provision it holds.
 * A decision that cites something stands: the rule only speaks where the decision is silent.
 */
export function withNamedClause(
  question: string,
  decided: ScoredCandidate[],
  scored: readonly ScoredCandidate[],
): ScoredCandidate[] {
  if (decided.length > 0) return decided;
  const named = [...new Set(namedClauses(question).map(sameNumber))].filter((k) => k !== "");
  if (named.length === 0) return decided;
  // looked up by each key's own enclosing clauses: a question naming thousands of clauses is not
  // compared with each of a long sentence's thousands of mentions
  const asked = new Set(named);
  const withinNamed = (key: string) => enclosing(key).some((k) => asked.has(k));
  const inClause = (c: ScoredCandidate) => clausesOf(c).some(withinNamed);
  const refersTo = (c: ScoredCandidate) => !inClause(c) && mentions(c.text).some(withinNamed);
  // `scored` is most probable first: its first sentence names the document.
  const ofDocument = scored.filter((c) => c.item.documentId === scored[0]?.item.documentId);
  const own = ofDocument.filter(inClause);
  // The clause's heading only when the extract holds nothing else of it: it says what the clause is about.
  const clause = own.find((c) => !c.headingLine) ?? own[0];
  const referring = ofDocument.find((c) => !c.headingLine && refersTo(c));
  return [clause, referring].filter((c): c is ScoredCandidate => c !== undefined);
}

/** A clause number compared as contracts write it: "19.0" is how some number Section 19. */
function sameNumber(key: string): string {
  return key.replace(/^(\d+)\.0$/, "$1");
}

/**
 * The clauses `key` is within: itself and each clause it is a part of ("2(j)(i)": "2(j)(i)", "2(j)", "2";
 * "9.1": "9.1", "9"), the starts of the key that a "(" or "." follows.
 */
function enclosing(key: string): string[] {
  const out = [key];
  for (let i = 1; i < key.length; i++) if (key[i] === "(" || key[i] === ".") out.push(key.slice(0, i));
  return out;
}

/** A number a provision's text opens with ("9.1 Distributor's use of …"), when its recorded clause is its parent's. */
const OPENING_NUMBER = /^\s*(\d+(?:\.\d+)+)(?=\s)/;

/** The clauses a sentence belongs to: its provision's, and the number its text opens with. */
function clausesOf(c: ScoredCandidate): string[] {
  const out = [sameNumber(clauseKey(c.item.clauseRef))];
  const opening = OPENING_NUMBER.exec(c.text);
  if (opening) out.push(sameNumber(clauseKey(opening[1] as string)));
  return out.filter((k) => k !== "");
}

// A clause of this instrument a sentence names: not "Section 4 of the Credit Agreement", another instrument's.
// (Case is spelled out: the instrument's name after "of" is told by its capital.)
const MENTION =
  /(?:\b(?:[Ss]ections?|SECTIONS?|[Cc]lauses?|CLAUSES?|[Aa]rticles?|ARTICLES?)\b|§)\s*([0-9]+(?:\.[0-9]+)*(?:\s?\([A-Za-z0-9]+\))*)(?!\.?[\w(])(?!\s+(?:of|to|in)\s+(?:the\s+)?[A-Z])/g;

/** The clause keys a sentence refers to by number. */
function mentions(text: string): string[] {
  return [...text.matchAll(MENTION)].map((m) => sameNumber(clauseKey((m[1] as string).replace(/\s+/g, ""))));
}
