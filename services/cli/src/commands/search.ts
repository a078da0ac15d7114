import { documentLabel } from "@lexnav/answer";
import { cachedVersionNode, cachedVersionText } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import { type Principal, type QueryTrace, SEARCH_MODES, type SearchMode } from "@lexnav/retrieval";
import { requestScope } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { localPrincipal } from "./ask.ts";

export interface SearchOptions {
  query: string;
  mode: string;
  json: boolean;
  principal?: string;
  groups: string[];
  k?: number;
  /** Only these documents (`--doc`), or those of a transaction set (`--set`); both: the listed ones of the set. */
  documentIds?: string[];
  transactionSetId?: string;
}

/** A retrieved passage as the command shows it: where it is, how each stage scored it, and its text. */
export interface SearchHit {
  rank: number;
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  score: number;
  stageScores: Array<{ stage: string; score: number; rank: number }>;
  document: string;
  clauseRef: string | null;
  title: string | null;
  text: string;
}

/** Characters of a passage the text view prints (the JSON view has it whole). */
const SHOWN_CHARS = 320;

/**
 * `lexnav search`: the passages a mode retrieves for a query, best first, with each stage's score and the
 * provision they belong to, for the asker (`--principal` / `--group`, else the local operator): what
 * `ask` would answer from, and the same as the answer service's Search. Nothing is answered or recorded.
 */
export async function searchCommand(
  ctx: CliContext,
  opts: SearchOptions,
): Promise<{ hits: SearchHit[]; trace: QueryTrace }> {
  if (!SEARCH_MODES.includes(opts.mode as SearchMode))
    throw new LexnavError("invalid_argument", `unknown mode "${opts.mode}" (available: ${SEARCH_MODES.join(", ")})`);
  if (opts.k !== undefined && !(Number.isInteger(opts.k) && opts.k > 0 && opts.k <= 100))
    throw new LexnavError("invalid_argument", "--k must be a whole number from 1 to 100");
  if (opts.query.trim() === "") throw new LexnavError("empty", "search needs a query");
  const principal: Principal =
    opts.principal || opts.groups.length > 0
      ? { id: opts.principal ?? "anonymous", groups: opts.groups }
      : localPrincipal(ctx);
  const text = cachedVersionText(ctx.catalog);
  const node = cachedVersionNode(ctx.catalog);
  const scope = requestScope(ctx.catalog, opts);
  const r = await ctx.searcher.searchAsync(
    {
      query: opts.query,
      principal,
      mode: opts.mode as SearchMode,
      k: opts.k ?? 10,
      ...(scope ? { documentIds: scope } : {}),
    },
    text,
  );
  const hits = r.passages.map<SearchHit>((p, i) => {
    const n = node(p.documentId, p.version, p.nodeId);
    return {
      rank: i + 1,
      documentId: p.documentId,
      version: p.version,
      nodeId: p.nodeId,
      start: p.start,
      end: p.end,
      score: p.score,
      stageScores: p.stageScores,
      document: documentLabel(ctx.catalog.getDocument(p.documentId), p.documentId),
      clauseRef: n?.clauseRef ?? null,
      title: n?.title ?? null,
      text: text(p.documentId, p.version)?.slice(p.start, p.end) ?? "",
    };
  });
  ctx.out(opts.json ? JSON.stringify({ hits, trace: r.trace }, null, 2) : renderHits(hits, r.trace));
  return { hits, trace: r.trace };
}

function renderHits(hits: readonly SearchHit[], trace: QueryTrace): string {
  const lines: string[] = [];
  if (hits.length === 0) lines.push("no passage the asker may read matches", "");
  for (const h of hits) {
    const where = [h.document, h.clauseRef, h.title].filter(Boolean).join(" · ");
    const stages = h.stageScores.map((s) => `${s.stage} #${s.rank}`).join(", ");
    const body = h.text.replace(/\s+/g, " ").trim();
    lines.push(
      `${h.rank}. ${where}  ${h.documentId}@${h.version.slice(0, 12)} [${h.start}, ${h.end})  score ${h.score.toFixed(4)}${stages ? ` (${stages})` : ""}`,
      `   ${body.length > SHOWN_CHARS ? `${body.slice(0, SHOWN_CHARS)}…` : body}`,
      "",
    );
  }
  const route = trace.stages.find((s) => s.stage === "route");
  if (route && trace.routedBy)
    lines.push(
      `routed by ${trace.routedBy} to ${route.candidates.length} document(s): ${route.candidates.map((c) => c.id).join(", ")}`,
    );
  if (trace.filters.documents) lines.push(`scoped to ${trace.filters.documents.length} document(s)`);
  lines.push(
    `mode ${trace.mode} · index ${trace.indexVersion || "-"}${trace.vectorIndexVersion ? ` · vectors ${trace.vectorIndexVersion}` : ""} · as ${trace.filters.principal} (${trace.filters.groups.join(", ") || "no groups"}) · ${trace.contextTokens} tokens`,
  );
  return lines.join("\n");
}
