import { existsSync } from "node:fs";
import type { Catalog } from "@lexnav/catalog";
import { createSqliteCatalog } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { DocumentRecord, ProvisionNode } from "@lexnav/document-model";
import { canonicalSource, createIngestPipeline, transactionSetEdits } from "@lexnav/ingest";
import { type AmendmentEdit, normaliseSectionRef, provisionsInForce } from "@lexnav/provisions";
import { mayView, type Reader, readableDocument, resolveSetId, setNameFor, withoutForeignLinks } from "@lexnav/stack";
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
  /** The set's amendment edits that this document makes or receives, among the documents the reader may see. */
  amendmentEdits: AmendmentEditJson[];
}

/** One amendment edit as `inspect --json` shows it. */
export interface AmendmentEditJson {
  amendmentDocumentId: string;
  amendmentClauseRef: string | null;
  kind: AmendmentEdit["kind"];
  effectiveDate: string | null;
  /** The operative words, and where they are in the amendment's text. */
  operative: { text: string; start: number; end: number };
  newText: { start: number; end: number } | null;
  target: { ref: string; key: string | null; term: string | null; documentId: string | null; nodeId: string | null };
}

function editJson(e: AmendmentEdit, amendmentText: string): AmendmentEditJson {
  return {
    amendmentDocumentId: e.amendmentDocumentId,
    amendmentClauseRef: e.amendmentClauseRef,
    kind: e.kind,
    effectiveDate: e.effectiveDate,
    operative: { text: amendmentText.slice(e.start, e.end), start: e.start, end: e.end },
    newText: e.newText,
    target: {
      ref: e.target.ref,
      key: e.target.key,
      term: e.target.term,
      documentId: e.targetDocumentId,
      nodeId: e.targetNodeId,
    },
  };
}

/** The edits of `doc`'s set that `doc` makes or receives, read only from documents `reader` may see. */
async function editsFor(catalog: Catalog, doc: DocumentRecord, reader: Reader): Promise<AmendmentEditJson[]> {
  if (doc.transactionSetId === null) return [];
  const { members, edits } = await transactionSetEdits(catalog, doc.transactionSetId, (d) => mayView(reader, d));
  const texts = new Map(members.map((m) => [m.documentId, m.text]));
  return edits
    .filter((e) => e.amendmentDocumentId === doc.id || e.targetDocumentId === doc.id)
    .map((e) => editJson(e, texts.get(e.amendmentDocumentId) ?? ""));
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
  const byId = await readableDocument(ctx.catalog, reader, target);
  if (byId) return { catalog: ctx.catalog, doc: byId, temp: false };
  const bySource = await ctx.catalog.findDocumentBySource(canonicalSource(target));
  if (bySource && mayView(reader, bySource)) return { catalog: ctx.catalog, doc: bySource, temp: false };
  if (!existsSync(target)) throw new LexnavError("not_found", `no document with id or source "${target}"`);
  const catalog = createSqliteCatalog(":memory:");
  const pipeline = createIngestPipeline({ catalog, limits: ctx.config.limits, logger: ctx.logger });
  const result = await pipeline.ingest({ source: target, access: { principals: [], groups: [] } });
  const doc = await catalog.getDocument(result.documentId);
  if (!doc) throw new LexnavError("internal", `inspecting ${target} produced no record`);
  return { catalog, doc, temp: true };
}

/** A document's provisions as `reader` may see them: links into documents it may not read are shown unresolved. */
async function nodesFor(catalog: Catalog, doc: DocumentRecord, reader: Reader): Promise<ProvisionNode[]> {
  const nodes = doc.currentVersion ? await catalog.getNodes(doc.id, doc.currentVersion) : [];
  // The documents the provisions link into, each checked once.
  const linked = new Set<string>();
  for (const n of nodes) {
    for (const x of n.xrefs) if (x.targetDocumentId !== null) linked.add(x.targetDocumentId);
    for (const u of n.termUses) if (u.definitionDocumentId !== null) linked.add(u.definitionDocumentId);
  }
  const readable = new Set<string>();
  for (const id of linked) if ((await readableDocument(catalog, reader, id)) !== null) readable.add(id);
  return withoutForeignLinks(nodes, (id) => readable.has(id));
}

/** The `inspect --json` view of `doc` for `reader` (who must be allowed to see it). */
export async function buildInspectJson(catalog: Catalog, doc: DocumentRecord, reader: Reader): Promise<InspectJson> {
  const version = doc.currentVersion ? await catalog.getVersion(doc.id, doc.currentVersion) : null;
  const nodes = await nodesFor(catalog, doc, reader);
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
    amendmentEdits: await editsFor(catalog, doc, reader),
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
    const data = await buildInspectJson(catalog, doc, reader);
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
    const nodes = await nodesFor(catalog, doc, reader);
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
    if (temp) await catalog.close();
  }
}

/** The JSON shape of `lexnav inspect <set> --as-of <date> --json`. */
export interface InspectAsOfJson {
  setId: string;
  asOf: string;
  provisions: Array<{
    ref: string;
    documentId: string;
    /** "Section 2(c) of <title>, as replaced by <amendment> Section 1 (effective 2018-06-11)". */
    chain: string;
    edits: AmendmentEditJson[];
    /**
     * The text in force, and the document the latest whole text is read from (partial amendments whose
     * quoted old words match it applied); null when deleted or not printed in the amendment.
     */
    inForce: { documentId: string; text: string } | null;
    /** Partial amendments that could not be applied: the text in force is read together with them. */
    unapplied: AmendmentEditJson[];
    /** The original text when an edit superseded it: shown as superseded, never as current. */
    superseded: { documentId: string; text: string } | null;
  }>;
}

const EDIT_WORDS: Record<AmendmentEdit["kind"], string> = {
  replace: "as replaced by",
  amend: "as amended by",
  insert: "as added by",
  delete: "as deleted by",
};

/** Whether `wanted` ("2(c)", "Section 2(c)", "Schedule C-1", a defined term) names the edits' target. */
function namesTarget(wanted: string, e: AmendmentEdit): boolean {
  const w = wanted.trim();
  if (e.target.term !== null) return e.target.term.toLowerCase() === w.replace(/^["“]|["”]$/g, "").toLowerCase();
  const attachment = /^(schedule|exhibit|annex|appendix|article)\s+(.+)$/i.exec(w);
  if (attachment) return e.target.ref.toLowerCase().replace(/\s+/g, " ") === w.toLowerCase().replace(/\s+/g, " ");
  const n = normaliseSectionRef(w);
  return n !== null && e.target.key === `section:${n}`;
}

/**
 * `lexnav inspect <set> --as-of <date> [--section <ref>]`: the text in force on `asOf` of each provision
 * an amendment of the set edits (or of the one named), with the chain of edits; the original of a
 * replaced or deleted provision is labelled superseded. Only documents `reader` may see are read: the
 * set is unknown to a reader who may see none of it.
 */
export async function inspectAsOfCommand(
  ctx: CliContext,
  target: string,
  asOf: string,
  section: string | null,
  json: boolean,
  reader: Reader,
): Promise<InspectAsOfJson> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(asOf)))
    throw new LexnavError("invalid_argument", `--as-of takes a date as yyyy-mm-dd, not "${asOf}"`);
  const setId = await resolveSetId(ctx.catalog, target, reader);
  const { members, edits } = await transactionSetEdits(ctx.catalog, setId, (d) => mayView(reader, d));
  if (members.length === 0) throw new LexnavError("not_found", `no transaction set "${target}"`);
  const byId = new Map(members.map((m) => [m.documentId, m]));
  const titleOf = async (id: string) => {
    const m = byId.get(id);
    return m?.profile.title ?? (await ctx.catalog.getDocument(id))?.title ?? id;
  };
  const nodeSpan = (documentId: string, nodeId: string) => {
    const n = byId.get(documentId)?.structure.nodes.find((x) => x.id === nodeId);
    return n ? { start: n.start, end: n.end } : null;
  };
  const textOf = (documentId: string, span: { start: number; end: number }) =>
    byId.get(documentId)?.text.slice(span.start, span.end) ?? "";
  const wanted = edits.filter((e) => section === null || namesTarget(section, e));
  const inForce = provisionsInForce(wanted, asOf, nodeSpan, (id) => byId.get(id)?.text ?? null);
  const provisions: InspectAsOfJson["provisions"] = [];
  for (const p of inForce) {
    const links: string[] = [];
    for (const e of p.chain) {
      const where = e.amendmentClauseRef ? ` ${e.amendmentClauseRef}` : "";
      links.push(
        `${EDIT_WORDS[e.kind]} ${await titleOf(e.amendmentDocumentId)}${where} (effective ${e.effectiveDate ?? "date not stated"})`,
      );
    }
    const original = p.targetNodeId ? nodeSpan(p.targetDocumentId, p.targetNodeId) : null;
    provisions.push({
      ref: p.ref,
      documentId: p.targetDocumentId,
      chain: [`${p.ref} of ${await titleOf(p.targetDocumentId)}`, ...links].join(", "),
      edits: p.chain.map((e) => editJson(e, byId.get(e.amendmentDocumentId)?.text ?? "")),
      inForce: p.current && p.text !== null ? { documentId: p.current.documentId, text: p.text } : null,
      unapplied: p.unapplied.map((e) => editJson(e, byId.get(e.amendmentDocumentId)?.text ?? "")),
      superseded:
        p.originalSuperseded && original
          ? { documentId: p.targetDocumentId, text: textOf(p.targetDocumentId, original) }
          : null,
    });
  }
  const data: InspectAsOfJson = { setId, asOf, provisions };
  if (json) {
    ctx.out(JSON.stringify(data));
    return data;
  }
  ctx.out(`${inline((await setNameFor(ctx.catalog, setId, reader)) ?? setId)}  (set ${setId})  as of ${asOf}`);
  if (data.provisions.length === 0) {
    ctx.out(
      section === null
        ? "  no amendment of the set edits a provision by that date: the documents read as written"
        : `  no amendment of the set edits ${inline(section)} by that date: it reads as written`,
    );
    return data;
  }
  const flat = (text: string) => inline(text.replace(/\s+/g, " ").trim());
  for (const p of data.provisions) {
    ctx.out(`\n${flat(p.chain)}`);
    // A partial amendment not applied (its quoted words not found) qualifies the text shown: say so.
    const partial = p.unapplied;
    const changed = partial.length > 0 ? ", except as amended in part below" : "";
    if (p.inForce)
      ctx.out(`  in force${changed} (from ${flat(await titleOf(p.inForce.documentId))}):\n    ${flat(p.inForce.text)}`);
    else ctx.out("  in force: none (deleted, or the new text is not printed in the amendment)");
    for (const e of partial)
      ctx.out(
        `  amended in part by ${flat(await titleOf(e.amendmentDocumentId))} ${e.amendmentClauseRef ?? ""}: ${flat(e.operative.text)} …`,
      );
    if (p.superseded)
      ctx.out(
        `  superseded, not in force (${flat(await titleOf(p.superseded.documentId))}):\n    ${flat(p.superseded.text)}`,
      );
  }
  return data;
}
