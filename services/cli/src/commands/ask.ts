import {
  ANSWER_MODES,
  type AnswerMode,
  type AnswerRecord,
  createSqliteAnswerStore,
  formatLedger,
} from "@lexnav/answer";
import { openSqliteDatabase } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { Principal } from "@lexnav/retrieval";
import { createStackAsk, requestScope } from "@lexnav/stack";
import type { CliContext } from "../context.ts";

/** What `ask` and `search` share: the mode, the output, who asks, how many passages, the scope. */
export interface QueryOptions {
  mode: string;
  json: boolean;
  principal?: string;
  groups: string[];
  k?: number;
  /** Only these documents (`--doc`), or those of a transaction set (`--set`); both: the listed ones of the set. */
  documentIds?: string[];
  transactionSetId?: string;
  /** The lexical index version to read (`--index-version`; the active one when absent). */
  indexVersion?: string;
}

export interface AskOptions extends QueryOptions {
  question: string;
  offline: boolean;
}

/**
 * Who asks, how many passages and in which documents, from the shared options: `--principal` /
 * `--group`, else the local operator (`localPrincipal`); `--k` from 1 to 100 (default 10); the scope
 * (`requestScope`).
 */
export function queryOf(
  ctx: CliContext,
  opts: QueryOptions,
): { principal: Principal; k: number; documentIds?: string[]; indexVersion?: string } {
  if (opts.k !== undefined && !(Number.isInteger(opts.k) && opts.k > 0 && opts.k <= 100))
    throw new LexnavError("invalid_argument", "--k must be a whole number from 1 to 100");
  const principal: Principal =
    opts.principal || opts.groups.length > 0
      ? { id: opts.principal ?? "anonymous", groups: opts.groups }
      : localPrincipal(ctx);
  const scope = requestScope(ctx.catalog, opts);
  return {
    principal,
    k: opts.k ?? 10,
    ...(scope ? { documentIds: scope } : {}),
    ...(opts.indexVersion ? { indexVersion: opts.indexVersion } : {}),
  };
}

/**
 * Who asks when no --principal/--group is given: the local operator of the embedded store, member of
 * every group any document names (whoever runs the CLI can read the SQLite file anyway). Documents
 * ingested without --acl carry empty access lists, which the retrieval rule reads as "admins only":
 * nobody finds them by search, this default user included; ingest with --acl to make them askable.
 */
export function localPrincipal(ctx: CliContext): Principal {
  const groups = new Set<string>(["local"]);
  for (const d of ctx.catalog.listDocuments({ lifecycle: ["indexed"] })) for (const g of d.access.groups) groups.add(g);
  return { id: "local", groups: [...groups].sort() };
}

/** `lexnav ask`: answers a question with verified citations, prints the ledger and stores a replayable record. */
export async function askCommand(ctx: CliContext, opts: AskOptions): Promise<AnswerRecord> {
  if (!ANSWER_MODES.includes(opts.mode as AnswerMode))
    throw new LexnavError("invalid_argument", `unknown mode "${opts.mode}" (available: ${ANSWER_MODES.join(", ")})`);
  const query = queryOf(ctx, opts);
  const ask = createStackAsk(ctx, opts.offline);
  const streaming = !opts.json && !opts.offline && !!ctx.config.answer?.apiKey;
  if (streaming) ctx.stderr.write("model draft (verified below):\n");
  const record = await ask.ask({
    question: opts.question,
    mode: opts.mode as AnswerMode,
    ...query,
    ...(streaming ? { onText: (d: string) => ctx.stderr.write(d) } : {}),
  });
  if (streaming) ctx.stderr.write("\n\n");
  const db = openSqliteDatabase(ctx.config.dbPath);
  try {
    createSqliteAnswerStore(db).put(record);
  } finally {
    db.close();
  }
  ctx.out(opts.json ? JSON.stringify(record, null, 2) : renderAnswer(record));
  return record;
}

/** The answer as a reader sees it: text, citations with offsets, precedence notes, warnings and the ledger. */
export function renderAnswer(r: AnswerRecord): string {
  const lines = [r.answer, ""];
  if (r.abstained) lines.push(`(abstained: ${r.abstainReason ?? "no verified support"})`);
  if (r.citations.length > 0) {
    lines.push("citations:");
    for (const c of r.citations)
      lines.push(`  ${c.display}  ${c.documentId}@${c.version.slice(0, 12)} [${c.start}, ${c.end})`);
  }
  if (r.unsupported > 0) lines.push(`dropped ${r.unsupported} statement(s) whose citations did not verify`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  if (r.scope) lines.push(`scoped to ${r.scope.length} document(s): ${r.scope.join(", ") || "none"}`);
  lines.push(
    "",
    `answer ${r.id} · mode ${r.mode} · ${r.answerer}${r.model ? ` (${r.model})` : ""} · prompt ${r.promptVersion} · index ${r.indexVersion || "-"} · context ${r.contextTokens} tokens`,
  );
  lines.push(r.ledger.entries.length > 0 ? formatLedger(r.ledger) : "ledger: no model calls (offline), $0");
  return lines.join("\n");
}
