import { cachedVersionText } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import { type DocSpan, LOSS_STAGE_MEANING, type SpanTriage, triageSpan } from "@lexnav/eval";
import type { SearchMode } from "@lexnav/retrieval";
import type { CliContext } from "../context.ts";
import { readAnswerRecord } from "./answer-records.ts";
import { type ActorOptions, actorOf, recordAudit, requireOperator } from "./controls.ts";

/**
 * How deep triage re-runs the question: the answer record keeps the extract, not every stage's
 * candidates, so the stages run again over the same store (deterministic for the same index versions)
 * deep enough that "no candidate at any rank" means the stage could not find it, not that it was cut.
 */
export const TRIAGE_DEPTH = 64;

/** What `lexnav triage` reports: ids, counts, ranks and stages; never a document's or question's text. */
export interface TriageReport {
  answerId: string;
  mode: SearchMode;
  principal: string;
  indexVersion: string;
  /** Whether the question was re-run (false: its text was erased with a deleted document). */
  rerun: boolean;
  /** The pipeline's funnel for the answer: candidates per stage, the extract, the citations. */
  funnel: { stages: Array<{ stage: string; candidates: number }>; extract: number; cited: number };
  /** With `--expect`: where the gold span was lost. */
  expected?: SpanTriage & { meaning: string };
}

/** Parses `--expect <doc-id>:<start>-<end>` (offsets in the document's current extracted text). */
export function parseExpect(value: string): DocSpan {
  const m = /^(.+):(\d+)-(\d+)$/.exec(value);
  if (!m) throw new LexnavError("invalid_argument", `--expect must be <doc-id>:<start>-<end> (not "${value}")`);
  const start = Number(m[2]);
  const end = Number(m[3]);
  if (end <= start) throw new LexnavError("invalid_argument", `--expect ${value}: the end must be after the start`);
  return { documentId: m[1] as string, start, end };
}

/**
 * `lexnav triage <answer-id> [--expect <doc-id>:<start>-<end>] [--json]`: an operator view of where the
 * pipeline lost an answer's evidence. It re-runs the recorded question as its asker (same mode,
 * principal and scope) and reads the catalog; with `--expect` it places the gold span at each stage
 * (`classifyEvidenceLoss`), else it prints the funnel. Ids and counts only: a span the asker may not read
 * is reported as removed by the permission filter, by document id, without its title or text. Audited.
 */
export async function triageCommand(
  ctx: CliContext,
  answerId: string | undefined,
  opts: ActorOptions & { json: boolean; expect?: string },
): Promise<TriageReport> {
  const actor = actorOf(ctx, opts);
  await requireOperator(ctx, actor, "triage");
  if (!answerId) throw new LexnavError("invalid_argument", "triage needs an answer id");
  const expected = opts.expect === undefined ? undefined : parseExpect(opts.expect);
  const record = await readAnswerRecord(ctx, answerId);
  if (!record) throw new LexnavError("not_found", `no answer "${answerId}" in ${ctx.config.dbPath}`);
  const principal = { id: record.principal.id, groups: [...record.principal.groups] };
  const evidence: DocSpan[] = record.evidence.map((e) => ({ documentId: e.documentId, start: e.start, end: e.end }));
  const cited: DocSpan[] = record.citations.map((c) => ({ documentId: c.documentId, start: c.start, end: c.end }));
  // An erased record keeps no question to re-run: the extract is then all the trace there is.
  const rerun = !record.erased && record.question !== "";
  const search = rerun
    ? await ctx.searcher.search(
        {
          query: record.question,
          principal,
          mode: record.mode,
          k: TRIAGE_DEPTH,
          ...(record.scope ? { documentIds: record.scope } : {}),
        },
        cachedVersionText(ctx.catalog),
      )
    : { trace: { stages: [{ stage: "extract", ms: 0, candidates: [] }] }, passages: evidence };
  const report: TriageReport = {
    answerId: record.id,
    mode: record.mode,
    principal: principal.id,
    indexVersion: record.indexVersion,
    rerun,
    funnel: {
      stages: search.trace.stages.map((s) => ({ stage: s.stage, candidates: s.candidates.length })),
      extract: evidence.length,
      cited: cited.length,
    },
  };
  if (expected) {
    const t = await triageSpan(ctx.catalog, expected, { principal, search, kept: evidence, cited });
    report.expected = { ...t, meaning: LOSS_STAGE_MEANING[t.stage] };
  }
  await recordAudit(ctx, actor, {
    action: "triage",
    answerId: record.id,
    target: expected ? expected.documentId : null,
  });
  if (opts.json) ctx.out(JSON.stringify(report, null, 2));
  else ctx.out(renderTriage(report));
  return report;
}

function renderTriage(r: TriageReport): string {
  const lines = [
    `answer ${r.answerId}: mode ${r.mode}, asked by ${r.principal}, index ${r.indexVersion}${r.rerun ? `, stages re-run to depth ${TRIAGE_DEPTH}` : ", question erased: the recorded extract only"}`,
    "| stage | candidates |",
    "|---|---|",
    ...r.funnel.stages.map((s) => `| ${s.stage} | ${s.candidates} |`),
    `| extract | ${r.funnel.extract} |`,
    `| cited | ${r.funnel.cited} |`,
  ];
  const e = r.expected;
  if (e) {
    const ranks = Object.entries(e.ranks)
      .map(([stage, rank]) => `${stage} #${rank}`)
      .join(", ");
    lines.push(
      "",
      `expected ${e.span.documentId}:${e.span.start}-${e.span.end}: lost at ${e.stage} (${e.meaning})`,
      `  lifecycle ${e.lifecycle ?? "none"}${e.failureCode ? ` (${e.failureCode})` : ""}; best single passage covers ${(e.bestPassageCover * 100).toFixed(0)}% of the span; overlapping candidates: ${ranks || "none"}`,
    );
  }
  return lines.join("\n");
}
