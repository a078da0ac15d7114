import type { Citation } from "@lexnav/answer";
import { LexnavError } from "@lexnav/core";
import type { ProvisionNode } from "@lexnav/document-model";
import type { Reader } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { inline } from "../terminal.ts";
import { readableAnswerRecord } from "./answer-records.ts";

/** Most characters of context shown on each side of a cited span when its provision is longer. */
export const SHOW_CONTEXT_CHARS = 400;
/** A provision up to this long is shown whole around the span. */
const WHOLE_PROVISION_CHARS = 3000;

/** One cited passage in its context: `before` + `cited` + `after` is a stretch of the stored text. */
export interface ShownPassage {
  n: number;
  location: string;
  documentId: string;
  version: string;
  start: number;
  end: number;
  /** Where the context starts and ends in the stored text. */
  contextStart: number;
  contextEnd: number;
  before: string;
  cited: string;
  after: string;
}

export interface ShowReport {
  answerId: string;
  question: string;
  /** Set when the answer drew on a deleted document: its text was erased, and nothing is shown. */
  erased: string | null;
  passages: ShownPassage[];
}

/** Marks around the cited span in the human output. */
const OPEN = "»»";
const CLOSE = "««";

/**
 * `lexnav show <answer-id> [n]`: cited passage n (1-based; all when absent) of a stored answer, in its
 * context: the enclosing provision when it is short, else the characters either side, with the cited
 * span marked. The reader is checked exactly as `replay` checks it (`mayViewAnswer`): an answer over a
 * document the reader may not read is reported as an unknown id. An erased record says the document
 * was deleted and shows no text.
 */
export async function showCommand(
  ctx: CliContext,
  id: string,
  which: string | undefined,
  opts: { json: boolean; reader: Reader },
): Promise<ShowReport> {
  const record = await readableAnswerRecord(ctx, id, opts.reader);
  const n = which === undefined ? null : Number(which);
  if (n !== null && (!Number.isInteger(n) || n < 1))
    throw new LexnavError("invalid_argument", `the passage to show is a number from 1: got "${which}"`);
  if (record.erased) {
    const report: ShowReport = {
      answerId: record.id,
      question: "",
      erased: `${record.erased.note} (${record.erased.documentIds.join(", ")}); its text was erased on ${record.erased.at}`,
      passages: [],
    };
    ctx.out(opts.json ? JSON.stringify(report, null, 2) : `answer ${record.id}: ${report.erased}, nothing to show`);
    return report;
  }
  const cited = record.citations.map((c, i) => ({ c, n: i + 1 })).filter(({ c }) => c.start >= 0 && c.end > c.start);
  if (n !== null && !cited.some((x) => x.n === n))
    throw new LexnavError(
      "not_found",
      `answer ${record.id} has ${record.citations.length} citation(s)${record.citations.length > 0 ? `: show 1 to ${record.citations.length}` : ""}`,
    );
  const passages: ShownPassage[] = [];
  for (const x of cited.filter((y) => n === null || y.n === n)) passages.push(await inContext(ctx, x.c, x.n));
  const report: ShowReport = { answerId: record.id, question: record.question, erased: null, passages };
  if (opts.json) ctx.out(JSON.stringify(report, null, 2));
  else ctx.out(renderShown(report, record.citations.length));
  return report;
}

async function inContext(ctx: CliContext, c: Citation, n: number): Promise<ShownPassage> {
  const text = (await ctx.catalog.getVersion(c.documentId, c.version))?.text ?? null;
  if (text === null || c.end > text.length)
    throw new LexnavError("not_found", `the text answer citation ${n} points into is no longer stored`);
  const node = (await ctx.catalog.getNodes(c.documentId, c.version)).reduce<ProvisionNode | null>((best, x) => {
    if (x.kind === "document" || x.start > c.start || x.end < c.end) return best;
    return best === null || x.end - x.start < best.end - best.start ? x : best;
  }, null);
  // the smallest provision holding the span, whole when short enough to read; else a window around it
  let from = Math.max(0, c.start - SHOW_CONTEXT_CHARS);
  let to = Math.min(text.length, c.end + SHOW_CONTEXT_CHARS);
  if (node && node.end - node.start <= WHOLE_PROVISION_CHARS) {
    from = node.start;
    to = node.end;
  }
  return {
    n,
    location: c.location ?? c.display,
    documentId: c.documentId,
    version: c.version,
    start: c.start,
    end: c.end,
    contextStart: from,
    contextEnd: to,
    before: text.slice(from, c.start),
    cited: text.slice(c.start, c.end),
    after: text.slice(c.end, to),
  };
}

function renderShown(r: ShowReport, count: number): string {
  const lines = [`answer ${r.answerId}: ${inline(r.question)}`];
  if (r.passages.length === 0) lines.push(count === 0 ? "it cites nothing" : "none of its citations verified");
  for (const p of r.passages) {
    lines.push(
      "",
      `[${p.n}] ${inline(p.location)}  ${p.documentId}@${p.version.slice(0, 12)} [${p.start}, ${p.end})`,
      `${p.contextStart > 0 ? "…" : ""}${p.before}${OPEN}${p.cited}${CLOSE}${p.after}`,
    );
  }
  return lines.join("\n");
}
