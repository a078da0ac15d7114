import {
  ANSWER_MODES,
  type AnswerMode,
  type AnswerRecord,
  createSqliteAnswerStore,
  formatLedger,
} from "@lexnav/answer";
import { openSqliteDatabase } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import { createStackAsk } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { inline, terminalSafe } from "../terminal.ts";
import { recordAudit } from "./controls.ts";
import { type QueryOptions, queryOf } from "./query-options.ts";

export interface AskOptions extends QueryOptions {
  question: string;
  offline: boolean;
}

/** `lexnav ask`: answers a question with verified citations, prints the ledger and stores a replayable record. */
export async function askCommand(ctx: CliContext, opts: AskOptions): Promise<AnswerRecord> {
  if (!ANSWER_MODES.includes(opts.mode as AnswerMode))
    throw new LexnavError("invalid_argument", `unknown mode "${opts.mode}" (available: ${ANSWER_MODES.join(", ")})`);
  const query = await queryOf(ctx, opts);
  const ask = createStackAsk(ctx, opts.offline);
  const streaming = !opts.json && !opts.offline && !!ctx.config.answer?.apiKey;
  if (streaming) ctx.stderr.write("model draft (verified below):\n");
  const record = await ask.ask({
    question: opts.question,
    mode: opts.mode as AnswerMode,
    ...query,
    // the draft echoes document text: streamed as terminal-safe as everything else the CLI writes
    ...(streaming ? { onText: (d: string) => ctx.stderr.write(terminalSafe(d)) } : {}),
  });
  if (streaming) ctx.stderr.write("\n\n");
  const db = openSqliteDatabase(ctx.config.dbPath);
  try {
    await createSqliteAnswerStore(db).put(record);
  } finally {
    db.close();
  }
  await recordAudit(ctx, query.principal, {
    action: "ask",
    operator: false,
    question: record.question,
    mode: record.mode,
    scope: record.scope ?? null,
    documentIds: [...new Set(record.citations.map((c) => c.documentId))],
    answerId: record.id,
  });
  ctx.out(opts.json ? JSON.stringify(record, null, 2) : renderAnswer(record));
  return record;
}

/** The answer as a reader sees it: text, citations with offsets, precedence notes, warnings and the ledger. */
export function renderAnswer(r: AnswerRecord): string {
  const lines = [r.answer, ""];
  if (r.abstained) lines.push(`(abstained: ${r.abstainReason ?? "no verified support"})`);
  if (r.citations.length > 0) {
    lines.push("citations:");
    r.citations.forEach((c, i) => {
      // where a lawyer finds it first (title, section path, page); the stored span after it
      const where = c.location ? inline(c.location) : inline(c.display);
      lines.push(`  [${i + 1}] ${where}  ${c.documentId}@${c.version.slice(0, 12)} [${c.start}, ${c.end})`);
    });
  }
  // What the cited passages lean on: a term as the set defines it, a section they point to.
  const linked = r.linked ?? [];
  const shownLinks = (kind: "definition" | "cross-reference", head: string) => {
    const of = linked.filter((l) => l.kind === kind);
    if (of.length === 0) return;
    lines.push(head);
    // Terms one provision defines together ("Second Amendment", "Second Amendment Effective Date") share a line.
    const targets = [...new Set(of.map((l) => `${l.documentId}@${l.version}:${l.start}`))];
    for (const key of targets) {
      const same = of.filter((l) => `${l.documentId}@${l.version}:${l.start}` === key);
      const first = same[0] as (typeof same)[number];
      const words = same
        .map((l) => (kind === "definition" ? `\u201c${inline(l.words)}\u201d` : inline(l.words)))
        .join(", ");
      lines.push(`  ${words} \u2014 ${inline(first.location ?? first.display)}: ${inline(excerpt(first.quote))}`);
    }
  };
  shownLinks("definition", "definitions:");
  shownLinks("cross-reference", "referred to:");
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

/** A provision's text on one line, cut at a word near `max` characters. */
function excerpt(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(" ", max);
  return `${flat.slice(0, cut > max / 2 ? cut : max)} \u2026`;
}
