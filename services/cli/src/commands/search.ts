import { documentLabel } from "@lexnav/answer";
import { cachedVersionNode, cachedVersionText } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import { type QueryTrace, type RetrievedPassage, SEARCH_MODES, type SearchMode } from "@lexnav/retrieval";
import type { CliContext } from "../context.ts";
import { inline } from "../terminal.ts";
import { recordAudit } from "./controls.ts";
import { type QueryOptions, queryOf } from "./query-options.ts";

export interface SearchOptions extends QueryOptions {
  query: string;
}

/** A retrieved passage as the command shows it: its rank, the provision it belongs to, and its text. */
export interface SearchHit extends RetrievedPassage {
  rank: number;
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
 * `ask` would answer from, and the same as the answer service's Search. Nothing is answered; the audit
 * log records who searched for what and which documents came back.
 */
export async function searchCommand(
  ctx: CliContext,
  opts: SearchOptions,
): Promise<{ hits: SearchHit[]; trace: QueryTrace }> {
  if (!SEARCH_MODES.includes(opts.mode as SearchMode))
    throw new LexnavError("invalid_argument", `unknown mode "${opts.mode}" (available: ${SEARCH_MODES.join(", ")})`);
  if (opts.query.trim() === "") throw new LexnavError("empty", "search needs a query");
  const query = await queryOf(ctx, opts);
  const text = cachedVersionText(ctx.catalog);
  const node = cachedVersionNode(ctx.catalog);
  const r = await ctx.searcher.search({ query: opts.query, mode: opts.mode as SearchMode, ...query }, text);
  const hits: SearchHit[] = [];
  for (const [i, p] of r.passages.entries()) {
    const n = await node(p.documentId, p.version, p.nodeId);
    hits.push({
      ...p,
      rank: i + 1,
      document: documentLabel(await ctx.catalog.getDocument(p.documentId), p.documentId),
      clauseRef: n?.clauseRef ?? null,
      title: n?.title ?? null,
      text: (await text(p.documentId, p.version))?.slice(p.start, p.end) ?? "",
    });
  }
  await recordAudit(ctx, query.principal, {
    action: "search",
    operator: false,
    question: opts.query,
    mode: opts.mode,
    scope: query.documentIds ?? null,
    documentIds: [...new Set(hits.map((h) => h.documentId))],
  });
  ctx.out(opts.json ? JSON.stringify({ hits, trace: r.trace }, null, 2) : renderHits(hits, r.trace));
  return { hits, trace: r.trace };
}

/** Groups of the asker named on the footer; the rest are counted (an eval reader is in one per deal). */
const SHOWN_GROUPS = 4;

/** The asker's groups as the footer names them: the first few, then how many more. */
export function groupsShown(groups: readonly string[]): string {
  if (groups.length === 0) return "no groups";
  const more = groups.length - SHOWN_GROUPS;
  return more > 0 ? `${groups.slice(0, SHOWN_GROUPS).join(", ")} and ${more} more` : groups.join(", ");
}

/** The hits as the command prints them, then the route, the scope and the footer the trace gives. */
export function renderHits(hits: readonly SearchHit[], trace: QueryTrace): string {
  const lines: string[] = [];
  if (hits.length === 0) lines.push("no passage the asker may read matches", "");
  for (const h of hits) {
    const where = inline([h.document, h.clauseRef, h.title].filter(Boolean).join(" · "));
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
      `routed by ${trace.routedBy} to ${route.candidates.length} document(s): ${route.candidates.map((c) => c.id).join(", ")}${trace.namesRead ? ` (ranked inside without ${trace.namesRead.map((w) => `"${w}"`).join(", ")})` : ""}`,
    );
  if (trace.filters.documents) lines.push(`scoped to ${trace.filters.documents.length} document(s)`);
  lines.push(
    `mode ${trace.mode} · index ${trace.indexVersion || "-"}${trace.vectorIndexVersion ? ` · vectors ${trace.vectorIndexVersion}` : ""} · as ${trace.filters.principal} (${groupsShown(trace.filters.groups)}) · ${trace.contextTokens} tokens`,
  );
  return lines.join("\n");
}
