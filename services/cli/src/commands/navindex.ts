import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { countTokens } from "@lexnav/document-model";
import { buildProvisionStore, serializeNavIndex, serializeNavIndexCompact } from "@lexnav/provisions";
import { loadNavIndex, type Reader } from "@lexnav/stack";
import type { CliContext } from "../context.ts";

export interface NavindexReport {
  documents: number;
  nodes: number;
  indexTokens: number;
  compactTokens: number;
  corpusTokens: number;
  files: string[];
}

/**
 * `lexnav navindex`: the navigation index over the indexed documents `opts.reader` may read (of one
 * transaction set with `set`), written to `out` when given.
 */
export async function navindexCommand(
  ctx: CliContext,
  opts: { out?: string; set?: string; json: boolean; reader: Reader },
): Promise<NavindexReport> {
  const { index, docs } = await loadNavIndex(ctx.catalog, opts.reader, opts.set);
  const pretty = serializeNavIndex(index);
  const compact = serializeNavIndexCompact(index);
  const files: string[] = [];
  if (opts.out) {
    mkdirSync(opts.out, { recursive: true });
    const store = buildProvisionStore(docs);
    const write = (name: string, body: string) => {
      writeFileSync(join(opts.out as string, name), body);
      files.push(join(opts.out as string, name));
    };
    write("index.json", pretty);
    write("index.compact.txt", compact);
    write("full.json", JSON.stringify(store));
    // Recorded so that deleting any of these documents removes the files that hold its text.
    ctx.writtenFiles.record(
      files,
      docs.map((d) => d.document.id),
      new Date().toISOString(),
    );
  }
  const report: NavindexReport = {
    documents: docs.length,
    nodes: docs.reduce((s, d) => s + d.structure.nodes.length, 0),
    indexTokens: countTokens(pretty),
    compactTokens: countTokens(compact),
    corpusTokens: docs.reduce((s, d) => s + countTokens(d.text), 0),
    files,
  };
  if (opts.json) ctx.out(JSON.stringify(report, null, 2));
  else {
    ctx.out(`navindex over ${report.documents} document(s), ${report.nodes} nodes`);
    ctx.out(`  corpus text          ${report.corpusTokens} tokens`);
    ctx.out(`  index.json           ${report.indexTokens} tokens`);
    ctx.out(`  compact index        ${report.compactTokens} tokens`);
    for (const f of files) ctx.out(`  wrote ${f}`);
  }
  return report;
}
