import { type AnswerRecord, createSqliteAnswerStore } from "@lexnav/answer";
import { openSqliteDatabase } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import { mayViewAnswer, type Reader } from "@lexnav/stack";
import type { CliContext } from "../context.ts";

/** A stored answer record, or null when the store holds none with that id. */
export async function readAnswerRecord(ctx: CliContext, id: string): Promise<AnswerRecord | null> {
  const db = openSqliteDatabase(ctx.config.dbPath);
  try {
    return await createSqliteAnswerStore(db).get(id);
  } finally {
    db.close();
  }
}

/**
 * A stored answer `reader` may see now; one over a document it may not read is refused exactly as an
 * unknown id, so the refusal tells nothing of the answer.
 */
export async function readableAnswerRecord(ctx: CliContext, id: string, reader: Reader): Promise<AnswerRecord> {
  const record = await readAnswerRecord(ctx, id);
  if (!record || !(await mayViewAnswer(ctx.catalog, reader, record)))
    throw new LexnavError("not_found", `no answer "${id}" in ${ctx.config.dbPath}`);
  return record;
}
