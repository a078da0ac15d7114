import { existsSync } from "node:fs";
import type { Catalog } from "@lexnav/catalog";
import { createSqliteCatalog } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { DocumentRecord, ProvisionNode } from "@lexnav/document-model";
import { canonicalSource, createIngestPipeline } from "@lexnav/ingest";
import { mayView, type Reader, readableDocument, withoutForeignLinks } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { renderQuality, renderTree } from "../render.ts";
import { inline } from "../terminal.ts";

/** The JSON shape of `lexnav inspect --json`. */
export interface InspectJson {
  document: DocumentRecord & { version: string | null };
  text: string;
  nodes: Array<
    Pick<
      ProvisionNode,
      | "id"
      | "parentId"
      | "kind"
      | "clauseRef"
      | "fullRef"
      | "title"
      | "headingPath"
      | "start"
      | "end"
      | "page"
      | "tokenCount"
      | "flags"
      | "keywords"
      | "definesTerms"
    > & {
      xrefs: Array<{
        text: string;
        target: string;
        status: string;
        targetNodeId: string | null;
        targetDocumentId: string | null;
      }>;
      termUses: Array<{ term: string; definitionNodeId: string | null; definitionDocumentId: string | null }>;
    }
  >;
  quality: unknown;
}

/**
 * Finds the document by id or source path in the store; a file that was never ingested is read
 * into a throwaway in-memory store so inspecting never changes the user's index.
 */
async function locate(
  ctx: CliContext,
  target: string,
  reader: Reader,
): Promise<{ catalog: Catalog; doc: DocumentRecord; temp: boolean }> {
  // A stored document the reader may not see is not found, exactly as one never stored.
  const byId = readableDocument(ctx.catalog, reader, target);
  if (byId) return { catalog: ctx.catalog, doc: byId, temp: false };
  const bySource = ctx.catalog.findDocumentBySource(canonicalSource(target));
  if (bySource && mayView(reader, bySource)) return { catalog: ctx.catalog, doc: bySource, temp: false };
  if (!existsSync(target)) throw new LexnavError("not_found", `no document with id or source "${target}"`);
  const catalog = createSqliteCatalog(":memory:");
  const pipeline = createIngestPipeline({ catalog, limits: ctx.config.limits, logger: ctx.logger });
  const result = await pipeline.ingest({ source: target, access: { principals: [], groups: [] } });
  const doc = catalog.getDocument(result.documentId);
  if (!doc) throw new LexnavError("internal", `inspecting ${target} produced no record`);
  return { catalog, doc, temp: true };
}

/** A document's provisions as `reader` may see them: links into documents it may not read are shown unresolved. */
function nodesFor(catalog: Catalog, doc: DocumentRecord, reader: Reader): ProvisionNode[] {
  const nodes = doc.currentVersion ? catalog.getNodes(doc.id, doc.currentVersion) : [];
  return withoutForeignLinks(nodes, (id) => readableDocument(catalog, reader, id) !== null);
}

/** The `inspect --json` view of `doc` for `reader` (who must be allowed to see it). */
export function buildInspectJson(catalog: Catalog, doc: DocumentRecord, reader: Reader): InspectJson {
  const version = doc.currentVersion ? catalog.getVersion(doc.id, doc.currentVersion) : null;
  const nodes = nodesFor(catalog, doc, reader);
  return {
    document: { ...doc, version: doc.currentVersion },
    text: version?.text ?? "",
    nodes: nodes.map((n) => ({
      id: n.id,
      parentId: n.parentId,
      kind: n.kind,
      clauseRef: n.clauseRef,
      fullRef: n.fullRef,
      title: n.title,
      headingPath: n.headingPath,
      start: n.start,
      end: n.end,
      page: n.page,
      tokenCount: n.tokenCount,
      flags: n.flags,
      keywords: n.keywords,
      definesTerms: n.definesTerms,
      xrefs: n.xrefs.map((x) => ({
        text: x.text,
        target: x.target,
        status: x.status,
        targetNodeId: x.targetNodeId,
        targetDocumentId: x.targetDocumentId,
      })),
      termUses: n.termUses.map((u) => ({
        term: u.term,
        definitionNodeId: u.definitionNodeId,
        definitionDocumentId: u.definitionDocumentId,
      })),
    })),
    quality: version?.quality ?? null,
  };
}

/** `lexnav inspect`: a stored document `reader` may see, or a file read into a throwaway store. */
export async function inspectCommand(
  ctx: CliContext,
  target: string,
  json: boolean,
  reader: Reader,
): Promise<InspectJson> {
  const { catalog, doc, temp } = await locate(ctx, target, reader);
  try {
    const data = buildInspectJson(catalog, doc, reader);
    if (json) {
      ctx.out(JSON.stringify(data));
      return data;
    }
    const d = data.document;
    ctx.out(
      `${inline(d.title ?? d.fileName)}\n  id ${d.id}  version ${d.version ?? "-"}\n  source ${inline(d.source)}`,
    );
    ctx.out(
      `  lifecycle ${d.lifecycle}${d.failure ? ` (${d.failure.code}: ${inline(d.failure.reason)})` : ""}  role ${d.role}` +
        `  effective ${d.effectiveDate ?? "-"}  set ${d.transactionSetId ?? "-"}`,
    );
    if (!d.version) return data;
    const nodes = nodesFor(catalog, doc, reader);
    const defs = nodes.filter((n) => n.flags.isDefinition);
    const xrefs = nodes.flatMap((n) => n.xrefs);
    const by = (s: string) => xrefs.filter((x) => x.status === s).length;
    ctx.out(
      `  ${nodes.length} nodes, ${defs.length} definitions, ${xrefs.length} cross-references ` +
        `(${by("resolved")} resolved, ${by("external")} external of which ` +
        `${xrefs.filter((x) => x.status === "external" && x.targetNodeId).length} linked into the transaction set, ${by("dangling")} dangling)`,
    );
    ctx.out(renderQuality(data.quality as Parameters<typeof renderQuality>[0]));
    ctx.out("\nstructure:");
    ctx.out(renderTree(nodes, data.text));
    if (defs.length) ctx.out(`\ndefined terms: ${defs.flatMap((n) => n.definesTerms).join(", ")}`);
    const shown = xrefs.slice(0, 200);
    if (shown.length) {
      ctx.out("\ncross-references:");
      for (const x of shown) {
        ctx.out(
          `  ${x.text.padEnd(30)} → ${x.target} ${x.status}${x.externalDocument ? ` (${x.externalDocument})` : ""}`,
        );
      }
      if (xrefs.length > shown.length) ctx.out(`  … ${xrefs.length - shown.length} more (use --json)`);
    }
    return data;
  } finally {
    if (temp) catalog.close();
  }
}
