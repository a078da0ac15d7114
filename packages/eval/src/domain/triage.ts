/**
 * Failure triage: at which stage of the pipeline a piece of evidence (a gold span) was lost. Pure:
 * it decides from facts the caller read from the catalog, the search trace and the answer record.
 */

/**
 * Where evidence was lost, in pipeline order. `found`: it reached the end (cited by the answer, or kept
 * in the top k when there is no answer step, as in a retrieval benchmark).
 */
export type LossStage =
  | "not_ingested"
  | "ingest_failed"
  | "permission_filter"
  | "extraction"
  | "boundary"
  | "vocabulary"
  | "ranking"
  | "answer"
  | "found";

/** Every stage in the order `classifyEvidenceLoss` tests them (the order tables are printed in). */
export const LOSS_STAGES: readonly LossStage[] = [
  "not_ingested",
  "ingest_failed",
  "permission_filter",
  "extraction",
  "boundary",
  "vocabulary",
  "ranking",
  "answer",
  "found",
];

/** What an operator reads for each stage: a description, never a document's text. */
export const LOSS_STAGE_MEANING: Record<LossStage, string> = {
  not_ingested: "the source was never ingested (no document, or no extracted version)",
  ingest_failed: "the source failed ingestion",
  permission_filter: "the permission filter removed it: the asker may not read the document",
  extraction: "extraction damaged the text of the span",
  boundary: "a chunk or provision boundary split the evidence: no single passage covers most of it",
  vocabulary: "vocabulary mismatch: no lexical or dense candidate overlapped it at any rank",
  ranking: "ranking put it below the cut: a candidate overlapped it but was not kept",
  answer: "the answer step ignored it: it was in the extract but not cited",
  found: "not lost: it reached the end of the pipeline",
};

/** A character range of one document's extracted text. */
export interface DocSpan {
  documentId: string;
  start: number;
  end: number;
}

/** The facts `classifyEvidenceLoss` decides from. */
export interface EvidenceFacts {
  /** The gold document's catalog lifecycle: absent (no record), failed, or ingested with a version. */
  document: "absent" | "unextracted" | "failed" | "ingested";
  /** Whether the asker may read the document (walls included). */
  readable: boolean;
  /** Whether extraction damaged the span's text (a quote not found in it, or damaged characters). */
  extractionDamaged: boolean;
  /** The largest share of the span one passage of the document covers (0..1). */
  bestPassageCover: number;
  /** Spans of every candidate any retrieval stage produced, at any rank. */
  candidates: readonly DocSpan[];
  /** Spans kept past the cut: the extract handed to the answer step (or the top k of a benchmark). */
  kept: readonly DocSpan[];
  /** Spans the answer cited; absent when there is no answer step. */
  cited?: readonly DocSpan[];
}

/**
 * Below this share of the span covered by one passage, the evidence counts as split by a boundary:
 * a passage holding less than half of a clause hands the reader less than the clause says.
 */
export const BOUNDARY_COVER = 0.5;

/** Whether two spans of the same document share at least one character. */
export function overlaps(a: DocSpan, b: DocSpan): boolean {
  return a.documentId === b.documentId && a.start < b.end && b.start < a.end;
}

/**
 * The stage at which the evidence `span` was lost. The rules are tested in pipeline order and the first
 * that holds wins, because a later stage can never see what an earlier one dropped:
 *
 * 1. `not_ingested`: the catalog has no document, or no extracted version of it.
 * 2. `ingest_failed`: its lifecycle is `failed`.
 * 3. `permission_filter`: the asker may not read it; no later stage could have shown it to them,
 *    whatever its text, so the text-derived checks below are not reported for it.
 * 4. `extraction`: the span's text was damaged by extraction.
 * 5. `boundary`: no single passage covers at least `BOUNDARY_COVER` of the span.
 * 6. `vocabulary`: no candidate of any stage (lexical, dense, fused, reranked) overlaps the span.
 * 7. `ranking`: a candidate overlapped it, but nothing kept past the cut does.
 * 8. `answer`: something kept overlaps it, but no citation does (only with an answer step).
 * 9. `found`: otherwise.
 */
export function classifyEvidenceLoss(span: DocSpan, facts: EvidenceFacts): LossStage {
  if (facts.document === "absent" || facts.document === "unextracted") return "not_ingested";
  if (facts.document === "failed") return "ingest_failed";
  if (!facts.readable) return "permission_filter";
  if (facts.extractionDamaged) return "extraction";
  if (facts.bestPassageCover < BOUNDARY_COVER) return "boundary";
  if (!facts.candidates.some((c) => overlaps(c, span))) return "vocabulary";
  if (!facts.kept.some((c) => overlaps(c, span))) return "ranking";
  if (facts.cited !== undefined && !facts.cited.some((c) => overlaps(c, span))) return "answer";
  return "found";
}

/** The share of `span` covered by the best single one of `passages` (1 for an empty span). */
export function bestCover(span: DocSpan, passages: readonly DocSpan[]): number {
  const len = span.end - span.start;
  if (len <= 0) return 1;
  let best = 0;
  for (const p of passages) {
    if (p.documentId !== span.documentId) continue;
    const inter = Math.min(p.end, span.end) - Math.max(p.start, span.start);
    if (inter > 0) best = Math.max(best, inter / len);
  }
  return best;
}

/**
 * Whether extracted text looks damaged: a replacement character (bytes the parser could not decode), or
 * fewer than 40% letters among its non-space characters (ligature or encoding garbage, a table read as
 * digits). Contracts are prose: even a schedule of figures carries its labels.
 */
export function looksDamaged(text: string): boolean {
  if (text.includes("\uFFFD")) return true;
  const visible = text.replace(/\s+/g, "");
  if (visible.length === 0) return true;
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  return letters / visible.length < 0.4;
}
