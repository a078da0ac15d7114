import type {
  CrossReferenceStatus,
  DocumentRecord,
  DocumentRole,
  DocumentStructure,
  NodeFlags,
  NodeKind,
  ProvisionNode,
} from "@lexnav/document-model";
import { ownSegments } from "../enrichment/own-text.ts";

/** One document as given to {@link buildNavIndex} / {@link buildProvisionStore}. */
export interface NavIndexInput {
  document: DocumentRecord;
  structure: DocumentStructure;
  text: string;
}

/** Names of the boolean flags a node can carry (only true ones are listed in the index). */
export type NavFlag = Exclude<keyof NodeFlags, "textLength">;

/** A cross-reference edge: the target node (null when dangling or unresolved external), its status and key. */
export interface NavEdge {
  /** Target key as normalised by enrichment ("section:7.2(b)", "document:credit agreement"). */
  ref: string;
  status: CrossReferenceStatus;
  to: string | null;
  /** Set when the target lies in another document of the set. */
  toDocument: string | null;
  /** The other instrument named, for external references. */
  external: string | null;
}

/**
 * A provision as the planner sees it: where it sits and what it is about, never its full text.
 * Table-of-contents entries are left out (the body nodes carry the same headings); `keywords` are
 * left out when the snippet already holds the node's whole own text and the node has no title.
 */
export interface NavNode {
  id: string;
  parentId: string | null;
  kind: NodeKind;
  clauseRef: string | null;
  fullRef: string | null;
  title: string | null;
  headingPath: string[];
  /** True flags only, in NodeFlags order. */
  flags: NavFlag[];
  /** Tokens of the node's whole span (budgeting what to fetch from full.json). */
  tokenCount: number;
  keywords: string[];
  /**
   * First ~100 characters of the node's own text after its printed label and title, whitespace
   * collapsed, "…" when cut.
   */
  snippet: string;
  /** Distinct cross-reference edges of the node's own text. */
  xrefs: NavEdge[];
  definesTerms: string[];
  /** Distinct defined terms used in the node's own text. */
  usesTerms: string[];
}

/** A document of the index: identity, role in its set, its defined terms and its nodes in text order. */
export interface NavDocument {
  id: string;
  fileName: string;
  title: string | null;
  role: DocumentRole;
  effectiveDate: string | null;
  transactionSetId: string | null;
  version: string | null;
  /** Defined term → defining node id (first definition wins). */
  definedTerms: Record<string, string>;
  nodes: NavNode[];
}

/** The navigation surface (index.json): documents and nodes, no full text. */
export interface NavIndex {
  format: "lexnav.navindex";
  version: 1;
  documents: NavDocument[];
}

const FLAG_ORDER: NavFlag[] = [
  "isDefinition",
  "isTocEntry",
  "hasMoney",
  "hasDate",
  "hasPercentage",
  "hasLiabilityLimit",
  "hasCondition",
  "hasParty",
];

const SNIPPET_CHARS = 100;
/** Keywords per node in the index (enrichment keeps up to 8; the first are the strongest). */
const NAV_KEYWORDS = 6;

/**
 * Builds the navigation index over enriched documents. Documents keep the input order, nodes the
 * structure's order; nothing depends on time or randomness, so equal input gives equal output.
 */
export function buildNavIndex(docs: NavIndexInput[]): NavIndex {
  return { format: "lexnav.navindex", version: 1, documents: docs.map(buildNavDocument) };
}

/**
 * One document of the navigation index. It depends on the document's record and its version's
 * structure and text alone, so a long-lived process can keep it per version and rebuild only what changed.
 */
export function buildNavDocument({ document, structure, text }: NavIndexInput): NavDocument {
  const segments = ownSegments(structure.nodes);
  const definedTerms: Record<string, string> = {};
  for (const d of structure.definitions) if (!(d.term in definedTerms)) definedTerms[d.term] = d.nodeId;
  return {
    id: document.id,
    fileName: document.fileName,
    title: document.title,
    role: document.role,
    effectiveDate: document.effectiveDate,
    transactionSetId: document.transactionSetId,
    version: structure.version,
    definedTerms,
    // toc entries repeat the body's headings: the body nodes stand for them
    nodes: structure.nodes
      .filter((node) => !isToc(node))
      .map((node) => navNode(node, snippetOf(text, segments.get(node.id) ?? [], node))),
  };
}

function navNode(node: ProvisionNode, snippet: string): NavNode {
  const edges: NavEdge[] = [];
  const seen = new Set<string>();
  for (const x of node.xrefs) {
    const key = `${x.target}|${x.status}|${x.targetNodeId}|${x.targetDocumentId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push({
      ref: x.target,
      status: x.status,
      to: x.targetNodeId,
      toDocument: x.targetDocumentId,
      external: x.externalDocument,
    });
  }
  const usesTerms = [...new Set(node.termUses.map((u) => u.term))];
  return {
    id: node.id,
    parentId: node.parentId,
    kind: node.kind,
    clauseRef: node.clauseRef,
    fullRef: node.fullRef,
    title: node.title,
    headingPath: node.headingPath,
    flags: FLAG_ORDER.filter((f) => node.flags[f]),
    tokenCount: node.tokenCount,
    // a snippet that holds the whole own text says more than keywords would
    keywords: snippet.endsWith("…") || node.title !== null ? node.keywords.slice(0, NAV_KEYWORDS) : [],
    snippet,
    xrefs: edges,
    definesTerms: node.definesTerms,
    usesTerms,
  };
}

function isToc(node: ProvisionNode): boolean {
  return node.kind === "toc_entry" || node.flags.isTocEntry;
}

function snippetOf(text: string, segments: ReadonlyArray<{ start: number; end: number }>, node: ProvisionNode): string {
  let out = "";
  for (const seg of segments) {
    out += `${text.slice(seg.start, Math.min(seg.end, seg.start + SNIPPET_CHARS * 4))} `;
    if (out.length > SNIPPET_CHARS * 3) break;
  }
  let flat = out.replace(/\s+/g, " ").trim();
  // the label and title are in the index already: "Section 2.01 Commitment. The Lender..." → "The Lender..."
  for (const prefix of [node.clauseRef, node.title]) {
    if (!prefix) continue;
    const p = prefix.replace(/\s+/g, " ").trim();
    if (p.length > 0 && flat.toLowerCase().startsWith(p.toLowerCase()))
      flat = flat.slice(p.length).replace(/^[\s.:;,\-–—]+/, "");
  }
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.slice(0, SNIPPET_CHARS);
  const space = cut.lastIndexOf(" ");
  return `${space > SNIPPET_CHARS * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** One provision's verbatim text with where it comes from (full.json). */
export interface StoredProvision {
  documentId: string;
  start: number;
  end: number;
  /** `text == extracted.slice(start, end)` of the document's version. */
  text: string;
}

/** full.json: node id → verbatim text, document id and offsets; fetched by the planner on demand. */
export interface ProvisionStore {
  format: "lexnav.provisions";
  version: 1;
  nodes: Record<string, StoredProvision>;
}

/**
 * Builds the provision store. A document's root node (kind "document") is left out when it has
 * children: its text is the whole document and every piece of it is reachable through them.
 */
export function buildProvisionStore(docs: NavIndexInput[]): ProvisionStore {
  const nodes: Record<string, StoredProvision> = {};
  for (const { document, structure, text } of docs) {
    const parents = new Set(structure.nodes.map((n) => n.parentId));
    for (const node of structure.nodes) {
      if (node.kind === "document" && parents.has(node.id)) continue;
      nodes[node.id] = {
        documentId: document.id,
        start: node.start,
        end: node.end,
        text: text.slice(node.start, node.end),
      };
    }
  }
  return { format: "lexnav.provisions", version: 1, nodes };
}
