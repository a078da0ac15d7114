import type { SourceText } from "./citations.ts";
import type { AnswerClaim, Citation, EvidenceItem } from "./evidence.ts";

/**
 * An answer's claims with no stretch of a document quoted twice. A cited lead-in is quoted with what it
 * introduces (`answering-unit.ts`), so one claim's span may hold, or run into, another's in the same
 * document version: a lawyer would read the same words twice. A claim whose span lies inside an earlier
 * or later claim's span gives way to it; two that overlap in part are read as one claim quoting both
 * spans together (from the first's start to the last's end). The merged claim takes the place of the
 * first of them, so the answer keeps its order. Only claims of one citation (as the offline answerer
 * states them: `"quote" [doc] Clause`) are merged; the union must lie inside one extract item and its
 * text be stored, or the two are left as they were (the verifier then decides each).
 */
export function quoteEachSpanOnce(
  claims: readonly AnswerClaim[],
  extract: readonly EvidenceItem[],
  source: SourceText,
): AnswerClaim[] {
  const out: AnswerClaim[] = [];
  for (const claim of claims) place(out, out.length, claim, extract, source);
  return out;
}

/**
 * Puts `claim` into `out` at `at`, or, when it overlaps a claim already there, folds the two into one
 * at the earlier of their places; a fold may widen the span into another kept claim, so the folded
 * claim is placed the same way again (`out` shrinks each time, so this ends).
 */
function place(
  out: AnswerClaim[],
  at: number,
  claim: AnswerClaim,
  extract: readonly EvidenceItem[],
  source: SourceText,
): void {
  for (let i = 0; i < out.length; i++) {
    const joined = joinOverlapping(out[i] as AnswerClaim, claim, extract, source);
    if (joined === null) continue;
    out.splice(i, 1);
    place(out, Math.min(i, at), joined, extract, source);
    return;
  }
  out.splice(at, 0, claim);
}

/** `first` and `then` as one claim when their single spans overlap in one document version; else null. */
function joinOverlapping(
  first: AnswerClaim,
  then: AnswerClaim,
  extract: readonly EvidenceItem[],
  source: SourceText,
): AnswerClaim | null {
  const a = soleCitation(first);
  const b = soleCitation(then);
  if (!a || !b || a.documentId !== b.documentId || a.version !== b.version) return null;
  if (!(a.start < b.end && b.start < a.end)) return null;
  if (a.start <= b.start && b.end <= a.end) return first;
  if (b.start <= a.start && a.end <= b.end) return restated(a, b.start, b.end, b.quote);
  const start = Math.min(a.start, b.start);
  const end = Math.max(a.end, b.end);
  const holder = extract.some(
    (e) => e.documentId === a.documentId && e.version === a.version && e.start <= start && end <= e.end,
  );
  const text = source(a.documentId, a.version);
  if (!holder || text === null || end > text.length) return null;
  return restated(a, start, end, text.slice(start, end));
}

/** The one citation of a claim with well-formed span; null otherwise (such claims are never merged). */
function soleCitation(claim: AnswerClaim): Citation | null {
  const [c, ...more] = claim.citations;
  return c && more.length === 0 && c.start >= 0 && c.end > c.start ? c : null;
}

/** `c`, cited as `[start, end)` quoting `quote`, stated as the offline answerer states a claim. */
function restated(c: Citation, start: number, end: number, quote: string): AnswerClaim {
  const citation: Citation = { ...c, start, end, quote };
  return { text: `"${quote}" ${c.display}`, citations: [citation] };
}
