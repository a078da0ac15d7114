import { fileURLToPath } from "node:url";
import type { CliContext } from "../context.ts";
import { renderTree } from "../render.ts";
import { inline } from "../terminal.ts";
import { ingestCommand } from "./ingest.ts";
import { navindexCommand } from "./navindex.ts";

/** The example transaction set shipped in examples/ (a manufacturing agreement and three amendments). */
export const EXAMPLE_SET_DIR = fileURLToPath(new URL("../../../../examples/manufacturing-agreement", import.meta.url));

/** The main job on the embedded default: ingest the example set and show what lexnav made of it. */
export async function demoCommand(ctx: CliContext, opts: { dir?: string; json: boolean }): Promise<void> {
  const dir = opts.dir ?? EXAMPLE_SET_DIR;
  ctx.out(`ingesting ${dir} into ${ctx.config.dbPath}\n`);
  const summary = await ingestCommand(ctx, {
    paths: [dir],
    acl: ["group:demo"],
    set: "example-manufacturing",
    json: false,
  });
  for (const r of summary.results) {
    if (r.status === "failed" || !r.version) continue;
    const doc = await ctx.catalog.getDocument(r.documentId);
    const nodes = await ctx.catalog.getNodes(r.documentId, r.version);
    const text = (await ctx.catalog.getVersion(r.documentId, r.version))?.text ?? "";
    const xrefs = nodes.flatMap((n) => n.xrefs);
    ctx.out(`\n== ${inline(doc?.title ?? r.source)}`);
    ctx.out(
      `   role ${doc?.role}  effective ${doc?.effectiveDate ?? "-"}  ${nodes.length} nodes, ` +
        `${nodes.filter((n) => n.flags.isDefinition).length} definitions, ${xrefs.length} cross-references ` +
        `(${xrefs.filter((x) => x.status === "resolved").length} resolved, ${xrefs.filter((x) => x.status === "external").length} to other instruments, ` +
        `${xrefs.filter((x) => x.status === "external" && x.targetNodeId).length} of them linked into the set)`,
    );
    ctx.out(renderTree(nodes, text, { maxNodes: 25 }));
  }
  ctx.out("");
  let setId: string | null = null;
  for (const r of summary.results) {
    setId = (await ctx.catalog.getDocument(r.documentId))?.transactionSetId ?? null;
    if (setId) break;
  }
  await navindexCommand(ctx, { json: opts.json, reader: "operator", ...(setId ? { set: setId } : {}) });
  ctx.out("\nnext: lexnav inspect <file-or-doc-id>   lexnav list   lexnav ingest <paths...>");
}
