import type { Access } from "@lexnav/document-model";
import type { IngestResult } from "@lexnav/ingest";
import type { CliContext } from "../context.ts";
import { expandPaths } from "../files.ts";
import { createProgress } from "../progress.ts";
import { inline } from "../terminal.ts";

export interface IngestOptions {
  paths: string[];
  acl: string[];
  set?: string;
  /** The filing date the source's metadata gives every path of this batch (which copy of an agreement answers cite). */
  filedOn?: string;
  json: boolean;
}

/**
 * Who may read documents ingested without `--acl` on the all-in-one CLI: the local group, which the
 * CLI's default principal belongs to. A deployment names its principals and groups explicitly.
 */
export const LOCAL_GROUP = "local";

/** Splits `--acl` values into principals and groups: `group:deal-team` is a group, anything else a principal. */
export function parseAcl(values: string[]): Access {
  const principals: string[] = [];
  const groups: string[] = [];
  for (const v of values) {
    if (v.startsWith("group:")) groups.push(v.slice("group:".length));
    else if (v.startsWith("user:")) principals.push(v.slice("user:".length));
    else principals.push(v);
  }
  return { principals, groups };
}

export interface IngestSummary {
  indexed: number;
  unchanged: number;
  failed: number;
  /**
   * Documents a later request had changed already (another process sharing the catalog, on a clock ahead of
   * this one's), left as that request made them.
   */
  superseded: number;
  /** Documents the store had whose access this batch's --acl replaced. */
  accessChanged: number;
  skipped: string[];
  results: IngestResult[];
  /** The transaction sets this batch's indexed documents are filed under, with all their members. */
  transactionSets: Array<{ id: string; documentIds: string[] }>;
  /** Documents an earlier, interrupted ingest left half-done, now marked failed with their reason. */
  recovered: IngestResult[];
}

export async function ingestCommand(ctx: CliContext, opts: IngestOptions): Promise<IngestSummary> {
  // A document a killed earlier run left `received` is failed first; if it is in this batch it is ingested again below.
  const recovered = await ctx.pipeline.recoverInterrupted();
  const { files, skipped } = expandPaths(opts.paths);
  // An explicit --acl replaces access; without it a known document keeps its own and a new one gets the local group.
  const access =
    opts.acl.length > 0 ? { access: parseAcl(opts.acl) } : { initialAccess: { principals: [], groups: [LOCAL_GROUP] } };
  const progress = createProgress(files.length, ctx.stderr);
  const results: IngestResult[] = [];
  for (const file of files) {
    const result = await ctx.pipeline.ingest({
      source: file,
      ...access,
      ...(opts.set === undefined ? {} : { transactionSetId: opts.set }),
      ...(opts.filedOn === undefined ? {} : { filedOn: opts.filedOn }),
    });
    results.push(result);
    progress.tick(file);
  }
  progress.done();
  // The pipeline files each document as it is indexed; a document indexed early in the batch may join
  // a set when a later one arrives, so the sets are read back once the batch is done.
  const setIds = new Set<string>();
  for (const r of results) {
    if (r.status !== "indexed") continue;
    r.transactionSetId = (await ctx.catalog.getDocument(r.documentId))?.transactionSetId ?? null;
    if (r.transactionSetId) setIds.add(r.transactionSetId);
  }
  const transactionSets: Array<{ id: string; documentIds: string[] }> = [];
  for (const id of setIds)
    transactionSets.push({
      id,
      documentIds: (await ctx.catalog.listDocuments({ transactionSetId: id, lifecycle: ["indexed"] })).map((d) => d.id),
    });
  const summary: IngestSummary = {
    indexed: results.filter((r) => r.status === "indexed").length,
    unchanged: results.filter((r) => r.status === "unchanged").length,
    failed: results.filter((r) => r.status === "failed").length,
    superseded: results.filter((r) => r.status === "superseded").length,
    accessChanged: results.filter((r) => r.accessChanged).length,
    skipped,
    results,
    transactionSets,
    recovered,
  };
  if (opts.json) {
    ctx.out(JSON.stringify(summary, null, 2));
  } else {
    ctx.out(
      `indexed ${summary.indexed}, unchanged ${summary.unchanged}, failed ${summary.failed}` +
        (summary.superseded ? `, superseded ${summary.superseded}` : "") +
        (summary.accessChanged ? `, access changed ${summary.accessChanged}` : "") +
        (skipped.length ? `, skipped ${skipped.length} file(s) of other types in directories` : ""),
    );
    for (const r of results.filter((x) => x.accessChanged))
      ctx.out(`  access changed ${r.documentId} (now ${JSON.stringify(access.access)})`);
    for (const set of transactionSets) {
      ctx.out(`  transaction set ${set.id}: ${set.documentIds.length} documents linked`);
    }
    for (const r of recovered) {
      ctx.out(`  RECOVERED ${r.source}\n         ${r.failure?.code}: ${r.failure?.reason}`);
    }
    for (const r of results.filter((x) => x.status === "superseded")) {
      ctx.out(
        `  SUPERSEDED ${inline(r.source)}\n         a later request for it${r.supersededBy ? `, made at ${r.supersededBy},` : ""} was applied first; nothing was changed`,
      );
    }
    for (const r of results.filter((x) => x.status === "failed")) {
      ctx.out(`  FAILED ${inline(r.source)}\n         ${r.failure?.code}: ${inline(r.failure?.reason ?? "")}`);
    }
  }
  return summary;
}
