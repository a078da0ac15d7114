import { LexnavError } from "@lexnav/core";
import type { ErasureReport } from "@lexnav/ingest";
import { type Reader, readableCopyGroups, readableDocuments, setNameFor } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { renderDocumentLine } from "../render.ts";
import { inline } from "../terminal.ts";
import { parseAcl } from "./ingest.ts";

/** `lexnav list`: the documents `reader` may see, failed ones with their reasons. */
export async function listCommand(ctx: CliContext, json: boolean, reader: Reader): Promise<void> {
  const docs = await readableDocuments(ctx.catalog, reader);
  if (json) {
    ctx.out(JSON.stringify(docs, null, 2));
    return;
  }
  if (docs.length === 0) ctx.out("no documents yet: lexnav ingest <paths...>");
  const given = await ctx.catalog.transactionSetNames();
  const names = new Map<string, string | null>();
  const setName = async (setId: string) => {
    if (!names.has(setId)) names.set(setId, await setNameFor(ctx.catalog, setId, reader, given));
    return names.get(setId) ?? null;
  };
  for (const d of docs) {
    const name = d.transactionSetId ? await setName(d.transactionSetId) : null;
    ctx.out(renderDocumentLine(d, () => name));
  }
}

/**
 * `lexnav list --copies`: the documents `reader` may see whose served text is a copy of another's (one
 * agreement filed by two registrants, or twice in one filing), grouped, as ingest recorded them (a
 * store from before is keyed when it is opened). Answers cite one copy of a sentence the extract holds
 * in two (`filed-copies.ts`).
 */
export async function listCopiesCommand(ctx: CliContext, json: boolean, reader: Reader): Promise<void> {
  const groups = (await readableCopyGroups(ctx.catalog, reader)).map((g) => ({
    verbatim: g.verbatim,
    documents: g.documents.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      // an ISO date, or an accession number where the name records only that
      filed: d.content?.filing ? { date: d.content.filing.shown, from: d.content.filing.from } : null,
    })),
  }));
  if (json) {
    ctx.out(JSON.stringify(groups, null, 2));
    return;
  }
  const total = (await readableDocuments(ctx.catalog, reader)).length;
  const copies = groups.reduce((n, g) => n + g.documents.length, 0);
  ctx.out(`${groups.length} group(s) of copies, ${copies} of ${total} documents`);
  for (const g of groups) {
    ctx.out(g.verbatim ? "same words:" : "near-verbatim (page stamps, exhibit numbers or an attachment differ):");
    for (const d of g.documents) {
      const filed = d.filed
        ? `  filing ${d.filed.date}${d.filed.from === "file name" ? " (read from the file name)" : ""}`
        : "";
      ctx.out(`  ${d.id}  ${inline(d.fileName)}${filed}`);
    }
  }
}

/** `lexnav delete <doc-id>`: erases a document from every store and says what it erased. */
export async function deleteCommand(ctx: CliContext, id: string, json = false): Promise<ErasureReport> {
  const report = await ctx.pipeline.remove(id);
  if (!report) throw new LexnavError("not_found", `no document with id "${id}"`);
  ctx.out(json ? JSON.stringify(report, null, 2) : renderErasure(report));
  return report;
}

function renderErasure(r: ErasureReport): string {
  return [
    `deleted ${r.documentId}`,
    `  catalog        ${r.versions} version(s) of text, ${r.nodes} provision node(s)`,
    `  search stores  ${r.passages} passage(s), ${r.vectors} vector(s)`,
    `  answers        ${r.answerRecords} record(s) erased to ids, offsets and keyed hashes`,
    `  files          ${r.files.length === 0 ? "none written" : `${r.files.length} removed (re-run navindex to rewrite them)`}`,
    ...r.files.map((f) => `                 ${f}`),
    `  store          ${r.lexicalCompacted ? "index segments rewritten" : "no index segments"}, ${r.walTruncated ? "log truncated" : "log still open in another process: truncated at its next checkpoint"}`,
  ].join("\n");
}

export async function aclCommand(ctx: CliContext, id: string, acl: string[]): Promise<void> {
  if (!(await ctx.pipeline.setAccess(id, parseAcl(acl))))
    throw new LexnavError("not_found", `no document with id "${id}"`);
  ctx.out(`access of ${id} is now ${JSON.stringify(parseAcl(acl))}`);
}
