import type { AnswerRecord } from "@lexnav/answer";
import { createStackAsk, type Reader } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { inline } from "../terminal.ts";
import { readableAnswerRecord } from "./answer-records.ts";
import { renderAnswer } from "./ask.ts";

export interface ReplayReport {
  original: AnswerRecord;
  replayed: AnswerRecord;
  sameAnswer: boolean;
  missingEvidence: number;
}

/**
 * `lexnav replay <answer-id>`: runs a stored answer again over the extract it recorded and says whether it
 * changed, for a reader who may read every document the answer used (`mayViewAnswer`).
 */
export async function replayCommand(
  ctx: CliContext,
  id: string,
  opts: { json: boolean; offline: boolean; reader: Reader },
): Promise<ReplayReport> {
  const original = await readableAnswerRecord(ctx, id, opts.reader);
  // An answer drawn from a deleted document keeps no text to replay: say so, and show none.
  if (original.erased) {
    const report = { original, replayed: original, sameAnswer: false, missingEvidence: original.evidence.length };
    ctx.out(
      opts.json
        ? JSON.stringify(report, null, 2)
        : `answer ${original.id} (asked ${original.createdAt}): ${original.erased.note} (${original.erased.documentIds.join(", ")}); its text was erased on ${original.erased.at}, nothing to replay`,
    );
    return report;
  }
  const ask = createStackAsk(ctx, opts.offline);
  // shown to the reader: what the original asker could read and the reader may not stays out of it
  const r = await ask.replay(original, opts.reader === "operator" ? undefined : opts.reader);
  const report: ReplayReport = { original, replayed: r.replayed, sameAnswer: r.sameAnswer, missingEvidence: r.missing };
  if (opts.json) ctx.out(JSON.stringify(report, null, 2));
  else
    ctx.out(
      [
        `replay of ${original.id} (asked ${original.createdAt}, prompt ${original.promptVersion}, now ${r.replayed.promptVersion})`,
        `question: ${inline(original.question)}`,
        r.missing > 0 ? `warning: ${r.missing} evidence span(s) are no longer stored` : "",
        original.model !== r.replayed.model
          ? `note: answered with ${original.model ?? "no model"}, replayed with ${r.replayed.model ?? "no model"}`
          : "",
        r.sameAnswer ? "the replayed answer is identical" : "the replayed answer differs; it reads:",
        "",
        renderAnswer(r.replayed),
      ]
        .filter((l) => l !== "")
        .join("\n"),
    );
  return report;
}
