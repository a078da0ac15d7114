import { LexnavError } from "@lexnav/core";
import { type Reader, readableDocuments } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { renderDocumentLine } from "../render.ts";
import { parseAcl } from "./ingest.ts";

/** `lexnav list`: the documents `reader` may see, failed ones with their reasons. */
export function listCommand(ctx: CliContext, json: boolean, reader: Reader): void {
  const docs = readableDocuments(ctx.catalog, reader);
  if (json) {
    ctx.out(JSON.stringify(docs, null, 2));
    return;
  }
  if (docs.length === 0) ctx.out("no documents yet: lexnav ingest <paths...>");
  for (const d of docs) ctx.out(renderDocumentLine(d));
}

export async function deleteCommand(ctx: CliContext, id: string): Promise<void> {
  if (!(await ctx.pipeline.remove(id))) throw new LexnavError("not_found", `no document with id "${id}"`);
  ctx.out(`deleted ${id}`);
}

export async function aclCommand(ctx: CliContext, id: string, acl: string[]): Promise<void> {
  if (!(await ctx.pipeline.setAccess(id, parseAcl(acl))))
    throw new LexnavError("not_found", `no document with id "${id}"`);
  ctx.out(`access of ${id} is now ${JSON.stringify(parseAcl(acl))}`);
}
