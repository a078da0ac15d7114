import { LexnavError } from "@lexnav/core";
import { type DeadLetter, listDeadLetters, replayDeadLetter } from "@lexnav/ingest-service";
import type { CliContext } from "../context.ts";
import { type ActorOptions, actorOf, recordAudit, requireOperator } from "./controls.ts";
import { withNats } from "./nats.ts";

/**
 * `lexnav dlq list [--limit N] [--json]`: the commands the ingest service could not process, oldest
 * first, with the subject, command and document ids, reason, trace id and deliveries; never the
 * payload. An operator view, audited.
 */
export async function dlqListCommand(
  ctx: CliContext,
  opts: ActorOptions & { json: boolean; limit?: number },
): Promise<DeadLetter[]> {
  const actor = actorOf(ctx, opts);
  await requireOperator(ctx, actor, "dlq list");
  if (opts.limit !== undefined && !(Number.isInteger(opts.limit) && opts.limit > 0))
    throw new LexnavError("invalid_argument", "--limit must be a whole number above 0");
  const letters = await withNats(ctx, (nc) =>
    listDeadLetters(nc, opts.limit === undefined ? {} : { limit: opts.limit }),
  );
  await recordAudit(ctx, actor, { action: "dlq list" });
  if (opts.json) ctx.out(JSON.stringify(letters, null, 2));
  else if (letters.length === 0) ctx.out("no dead letters");
  else
    for (const l of letters)
      ctx.out(
        `${l.id}  ${l.at}  ${l.subject}  command ${l.commandId || "-"}${l.documentId ? `  document ${l.documentId}` : ""}  trace ${l.traceId || "-"}  deliveries ${l.deliveries}\n    ${l.reason}`,
      );
  return letters;
}

/**
 * `lexnav dlq replay <id>`: sends dead letter `id` again on the subject it came from, once its cause is
 * fixed (a hold released, a file made readable); it leaves the dead-letter stream. Operators only, audited.
 */
export async function dlqReplayCommand(
  ctx: CliContext,
  id: string | undefined,
  opts: ActorOptions & { json: boolean },
): Promise<void> {
  const actor = actorOf(ctx, opts);
  await requireOperator(ctx, actor, "dlq replay");
  const seq = Number(id);
  if (id === undefined || !Number.isInteger(seq) || seq <= 0)
    throw new LexnavError(
      "invalid_argument",
      "dlq replay needs a dead letter's id (a whole number: `lexnav dlq list`)",
    );
  const r = await withNats(ctx, (nc) => replayDeadLetter(nc, seq));
  await recordAudit(ctx, actor, { action: "dlq replay", target: String(seq) });
  if (opts.json) ctx.out(JSON.stringify({ replayed: seq, ...r }));
  else ctx.out(`dead letter ${seq} sent again on ${r.subject} (command ${r.commandSeq})`);
}
