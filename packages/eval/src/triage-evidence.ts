import type { Catalog } from "@lexnav/catalog";
import {
  buildPassages,
  candidateKey,
  mayRead,
  type Principal,
  type QueryTrace,
  type RetrievedPassage,
} from "@lexnav/retrieval";
import {
  bestCover,
  classifyEvidenceLoss,
  type DocSpan,
  type EvidenceFacts,
  type LossStage,
  looksDamaged,
} from "./domain/triage.ts";

/** What a search left to triage a span against: its trace (every stage's candidates) and its ranked passages. */
export interface TriageSearch {
  trace: Pick<QueryTrace, "stages">;
  passages: ReadonlyArray<Pick<RetrievedPassage, "documentId" | "start" | "end">>;
}

/** One span's triage: the stage it was lost at, with the figures that decided it (ids and counts only). */
export interface SpanTriage {
  span: DocSpan;
  stage: LossStage;
  /** Best rank (1-based) at which each stage's candidates overlapped the span; absent: no overlap. */
  ranks: Record<string, number>;
  /** Share of the span the best single passage covers (0..1). */
  bestPassageCover: number;
  /** The document's lifecycle and failure code, when it has a record. */
  lifecycle?: string;
  failureCode?: string;
}

/**
 * Reads the catalog for `span` and places it in the pipeline: the document's lifecycle, whether
 * `principal` may read it, its extracted text and passages (as the indexes cut them), and which
 * candidates of `search` overlap it. `kept` is the cut (the answer's extract, or a benchmark's top k);
 * `cited` the answer's citations (absent: no answer step). `quoteUnlocated`: the gold was given as a
 * quote not found in the extracted text, which is extraction's damage.
 */
export async function triageSpan(
  catalog: Pick<Catalog, "getDocument" | "getVersion" | "getNodes">,
  span: DocSpan,
  ctx: {
    principal: Principal;
    search: TriageSearch;
    kept: readonly DocSpan[];
    cited?: readonly DocSpan[];
    quoteUnlocated?: boolean;
  },
): Promise<SpanTriage> {
  const doc = await catalog.getDocument(span.documentId);
  const version = doc?.currentVersion ? await catalog.getVersion(doc.id, doc.currentVersion) : null;
  const document: EvidenceFacts["document"] =
    doc === null || doc.lifecycle === "deleted"
      ? "absent"
      : doc.lifecycle === "failed"
        ? "failed"
        : version === null
          ? "unextracted"
          : "ingested";
  const passages =
    version && doc
      ? buildPassages(doc.id, version.version, await catalog.getNodes(doc.id, version.version), version.text)
      : [];
  const spanOf = new Map(passages.map((p) => [candidateKey(p), p]));
  const candidates: DocSpan[] = [];
  const ranks: Record<string, number> = {};
  for (const stage of ctx.search.trace.stages) {
    stage.candidates.forEach((c, i) => {
      const p = spanOf.get(c.id);
      if (!p) return;
      candidates.push(p);
      if (p.start < span.end && span.start < p.end && ranks[stage.stage] === undefined) ranks[stage.stage] = i + 1;
    });
  }
  // The final passages too: a stage such as tightening narrows spans after the trace's ids were taken.
  ctx.search.passages.forEach((p, i) => {
    candidates.push(p);
    if (p.documentId === span.documentId && p.start < span.end && span.start < p.end && ranks.final === undefined)
      ranks.final = i + 1;
  });
  const text = version?.text.slice(span.start, span.end) ?? "";
  const facts: EvidenceFacts = {
    document,
    readable: doc !== null && mayRead(ctx.principal, doc.access),
    extractionDamaged:
      ctx.quoteUnlocated === true || version?.quality.status === "failed" || (version !== null && looksDamaged(text)),
    bestPassageCover: bestCover(span, passages),
    candidates,
    kept: ctx.kept,
    ...(ctx.cited ? { cited: ctx.cited } : {}),
  };
  return {
    span,
    stage: classifyEvidenceLoss(span, facts),
    ranks,
    bestPassageCover: facts.bestPassageCover,
    ...(doc ? { lifecycle: doc.lifecycle } : {}),
    ...(doc?.failure ? { failureCode: doc.failure.code } : {}),
  };
}
