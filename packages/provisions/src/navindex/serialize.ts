import type { CrossReferenceStatus, DocumentRole, NodeKind } from "@lexnav/document-model";
import type { NavDocument, NavEdge, NavFlag, NavIndex, NavNode } from "./nav-index.ts";

/** index.json: the navigation index as pretty JSON (2-space indent). */
export function serializeNavIndex(index: NavIndex): string {
  return `${JSON.stringify(index, null, 2)}\n`;
}

const FLAG_CODES: Array<[NavFlag, string]> = [
  ["isDefinition", "F"],
  ["isTocEntry", "T"],
  ["hasMoney", "M"],
  ["hasDate", "D"],
  ["hasPercentage", "P"],
  ["hasLiabilityLimit", "L"],
  ["hasCondition", "C"],
  ["hasParty", "Y"],
];
const KINDS: NodeKind[] = [
  "document",
  "title",
  "preamble",
  "recital",
  "toc",
  "toc_entry",
  "article",
  "section",
  "subsection",
  "clause",
  "subclause",
  "item",
  "definition",
  "paragraph",
  "table",
  "table_row",
  "signature",
  "schedule",
  "exhibit",
  "annex",
];
const STATUS_CODES: Record<CrossReferenceStatus, string> = { resolved: "r", dangling: "d", external: "e" };
const STATUS_BY_CODE: Record<string, CrossReferenceStatus> = { r: "resolved", d: "dangling", e: "external" };
const REF_PREFIXES: Array<[string, string]> = [
  ["section:", "s:"],
  ["article:", "a:"],
  ["schedule:", "S:"],
  ["exhibit:", "E:"],
  ["annex:", "X:"],
  ["appendix:", "P:"],
  ["clause:", "c:"],
  ["definition:", "d:"],
  ["document:", "D:"],
];

/** The legend embedded in every compact serialisation, so a reader (model or person) can decode it. */
export const COMPACT_LEGEND = {
  D: "documents",
  i: "id",
  f: "fileName",
  t: "title",
  r: "role (document) / fullRef (node)",
  e: "effectiveDate",
  s: "transactionSetId (document) / snippet (node)",
  v: "version",
  ids: "space-separated node ids; nodes are referred to by their position in this list",
  T: "defined terms: flat [termIndex, nodeIndex, ...] pairs",
  terms: "term dictionary; u/d/T hold indexes into it",
  n: "nodes",
  p: "parentId as node index; absent: same parent as the previous node (the first node: none); -1: none",
  k: "kind as an index into kinds",
  kinds: "node kinds",
  c: "clauseRef",
  r_node:
    'fullRef; absent: the parent\'s fullRef + clauseRef for clause-level nodes (when that is it), Definition "<first defined term>" for definitions, else none; null written out when none but derivable',
  h: "headingPath, only when not the parent's path plus the parent's l",
  l: "label this node adds to its children's headingPath (1 = its title, 2 = its clauseRef)",
  F: "flags: F definition, T toc entry, M money, D date, P percentage, L liability limit, C condition, Y party",
  o: "tokenCount",
  w: "keywords (comma-joined string, or an array when a keyword holds a comma)",
  x: "xrefs 'status target|ref|external': status r resolved, d dangling, e external; target = node index, 'doc.node' for another document, '#id' for a node outside the index, '-' none; ref prefixes s: section, a: article, S: schedule, E: exhibit, X: annex, P: appendix, c: clause, d: definition, D: document",
  d: "definesTerms (term indexes)",
  u: "terms used (term indexes)",
} as const;

type CompactNode = Record<string, unknown>;
type CompactDoc = Record<string, unknown>;

/**
 * Token-optimised serialisation of the index: short keys (explained by the embedded legend), false /
 * empty / null values left out, no whitespace, node ids replaced by their position in a per-document
 * id list, terms by a shared dictionary, heading paths derived from the parent when they can be.
 * Reversible: {@link parseNavIndexCompact} gives back an equal NavIndex.
 */
export function serializeNavIndexCompact(index: NavIndex): string {
  const position = new Map<string, string>();
  for (const [d, doc] of index.documents.entries()) {
    for (const [n, node] of doc.nodes.entries()) position.set(node.id, `${d}.${n}`);
  }
  const terms: string[] = [];
  const termIndex = new Map<string, number>();
  const term = (t: string): number => {
    let i = termIndex.get(t);
    if (i === undefined) {
      i = terms.length;
      terms.push(t);
      termIndex.set(t, i);
    }
    return i;
  };
  const documents: CompactDoc[] = index.documents.map((doc, d) => {
    const local = (id: string | null, documentId: string | null = null): string | number => {
      if (id === null) return "-";
      const at = position.get(id);
      if (at === undefined) return documentId === null ? `#${id}` : `#${id}@${documentId}`;
      const [docPart, nodePart] = at.split(".");
      // an edge that names its document (cross-document link) keeps the "doc.node" form
      const sameDocument = Number(docPart) === d && documentId === null;
      return sameDocument ? Number(nodePart) : at;
    };
    const byId = new Map(doc.nodes.map((n) => [n.id, n]));
    const childLabel = new Map<string, string | null>();
    for (const node of doc.nodes) {
      const parent = node.parentId === null ? undefined : byId.get(node.parentId);
      if (!parent || childLabel.has(parent.id)) continue;
      const extra =
        node.headingPath.length === parent.headingPath.length + 1
          ? node.headingPath[node.headingPath.length - 1]
          : undefined;
      childLabel.set(parent.id, extra ?? null);
    }
    let previousParent: string | null = null;
    const seen = new Map<string, NavNode>();
    const nodes: CompactNode[] = doc.nodes.map((node) => {
      const written = () => seen.set(node.id, node);
      const out: CompactNode = {};
      if (node.parentId !== previousParent) out.p = node.parentId === null ? -1 : local(node.parentId);
      previousParent = node.parentId;
      out.k = kindCode(node.kind);
      if (node.clauseRef !== null) out.c = node.clauseRef;
      // only parents already written can be used to derive (the reader goes in the same order)
      const parentNode = node.parentId === null ? undefined : seen.get(node.parentId);
      const derivedRef = deriveFullRef(node, parentNode?.fullRef ?? null);
      if (node.fullRef !== derivedRef) out.r = node.fullRef;
      if (node.title !== null) out.t = node.title;
      const derived = parentNode ? derivedPath(parentNode, childLabel.get(parentNode.id) ?? null) : [];
      if (!samePath(derived, node.headingPath)) out.h = node.headingPath;
      const label = childLabel.get(node.id);
      if (label !== undefined && label !== null)
        out.l = label === node.title ? 1 : label === node.clauseRef ? 2 : label;
      const flags = FLAG_CODES.filter(([f]) => node.flags.includes(f))
        .map(([, c]) => c)
        .join("");
      if (flags) out.F = flags;
      if (node.tokenCount) out.o = node.tokenCount;
      if (node.keywords.length > 0) {
        out.w = node.keywords.some((k) => k.includes(",")) ? node.keywords : node.keywords.join(",");
      }
      if (node.snippet) out.s = node.snippet;
      if (node.xrefs.length > 0) out.x = node.xrefs.map((e) => encodeEdge(e, local));
      if (node.definesTerms.length > 0) out.d = node.definesTerms.map(term);
      if (node.usesTerms.length > 0) out.u = node.usesTerms.map(term);
      written();
      return out;
    });
    const out: CompactDoc = { i: doc.id, f: doc.fileName };
    if (doc.title !== null) out.t = doc.title;
    out.r = doc.role;
    if (doc.effectiveDate !== null) out.e = doc.effectiveDate;
    if (doc.transactionSetId !== null) out.s = doc.transactionSetId;
    if (doc.version !== null) out.v = doc.version;
    out.ids = doc.nodes.map((n) => n.id).join(" ");
    const defined = Object.entries(doc.definedTerms).flatMap(([t, id]) => [term(t), local(id)]);
    if (defined.length > 0) out.T = defined;
    out.n = nodes;
    return out;
  });
  return JSON.stringify({ lexnav: "navindex.compact/1", legend: COMPACT_LEGEND, kinds: KINDS, terms, D: documents });
}

function kindCode(kind: NodeKind): number | string {
  const i = KINDS.indexOf(kind);
  return i < 0 ? kind : i;
}

/** The fullRef a reader can rebuild without it being written (see the legend's r_node). */
function deriveFullRef(
  node: { kind: NodeKind; clauseRef: string | null; definesTerms: string[] },
  parentRef: string | null,
): string | null {
  if (node.kind === "definition" && node.definesTerms.length > 0) return `Definition "${node.definesTerms[0]}"`;
  if (node.clauseRef !== null && parentRef !== null && /^\([A-Za-z0-9]{1,6}\)$/.test(node.clauseRef)) {
    return `${parentRef}${node.clauseRef}`;
  }
  return null;
}

function derivedPath(parent: NavNode, label: string | null): string[] {
  return label === null ? parent.headingPath : [...parent.headingPath, label];
}

function samePath(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function encodeEdge(edge: NavEdge, local: (id: string | null, documentId: string | null) => string | number): string {
  let ref = edge.ref;
  for (const [long, short] of REF_PREFIXES) {
    if (ref.startsWith(long)) {
      ref = short + ref.slice(long.length);
      break;
    }
  }
  const target =
    edge.to === null && edge.toDocument !== null ? `@${edge.toDocument}` : String(local(edge.to, edge.toDocument));
  const head = `${STATUS_CODES[edge.status]}${target}|${ref}`;
  return edge.external === null ? head : `${head}|${edge.external}`;
}

/** Reads back a string produced by {@link serializeNavIndexCompact}. Throws on anything else. */
export function parseNavIndexCompact(serialised: string): NavIndex {
  const raw = JSON.parse(serialised) as { lexnav?: string; terms: string[]; D: CompactDoc[] };
  if (raw.lexnav !== "navindex.compact/1") throw new Error("not a compact navindex (navindex.compact/1)");
  const terms = raw.terms;
  const idLists = raw.D.map((d) =>
    String(d.ids ?? "")
      .split(" ")
      .filter((s) => s.length > 0),
  );
  const idAt = (d: number, ref: unknown): string | null => {
    if (ref === "-" || ref === undefined) return null;
    if (typeof ref === "number") return idLists[d]?.[ref] ?? null;
    const s = String(ref);
    if (s.startsWith("#")) return s.slice(1).replace(/@.*$/, "");
    const [docPart, nodePart] = s.split(".");
    return idLists[Number(docPart)]?.[Number(nodePart)] ?? null;
  };
  const docIdOf = (d: number, ref: string): string | null => {
    if (/^\d+\.\d+$/.test(ref)) return String(raw.D[Number(ref.split(".")[0])]?.i ?? "");
    if (/^\d+$/.test(ref)) return String(raw.D[d]?.i ?? "");
    return null;
  };
  const documents: NavDocument[] = raw.D.map((doc, d) => {
    const ids = idLists[d] ?? [];
    const compactNodes = (doc.n as CompactNode[]) ?? [];
    const nodes: NavNode[] = [];
    const labels = new Map<string, string | null>();
    const byId = new Map<string, NavNode>();
    let previousParent: string | null = null;
    compactNodes.forEach((c, n) => {
      const id = ids[n] ?? "";
      const parentId = c.p === undefined ? previousParent : c.p === -1 ? null : idAt(d, c.p);
      previousParent = parentId;
      const title = (c.t as string | undefined) ?? null;
      const clauseRef = (c.c as string | undefined) ?? null;
      const parent = parentId === null ? undefined : byId.get(parentId);
      const headingPath =
        (c.h as string[] | undefined) ?? (parent ? derivedPath(parent, labels.get(parent.id) ?? null) : []);
      const l = c.l;
      labels.set(id, l === 1 ? title : l === 2 ? clauseRef : typeof l === "string" ? l : null);
      const flagString = (c.F as string | undefined) ?? "";
      const w = c.w;
      const kind = (typeof c.k === "number" ? KINDS[c.k] : c.k) as NodeKind;
      const definesTerms = ((c.d as number[] | undefined) ?? []).map((i) => terms[i] ?? "");
      const fullRef =
        c.r !== undefined
          ? (c.r as string | null)
          : deriveFullRef({ kind, clauseRef, definesTerms }, parent?.fullRef ?? null);
      const node: NavNode = {
        id,
        parentId,
        kind,
        clauseRef,
        fullRef,
        title,
        headingPath,
        flags: FLAG_CODES.filter(([, code]) => flagString.includes(code)).map(([f]) => f),
        tokenCount: (c.o as number | undefined) ?? 0,
        keywords: Array.isArray(w) ? (w as string[]) : typeof w === "string" ? w.split(",") : [],
        snippet: (c.s as string | undefined) ?? "",
        xrefs: ((c.x as string[] | undefined) ?? []).map((e) => decodeEdge(e, d, idAt, docIdOf)),
        definesTerms,
        usesTerms: ((c.u as number[] | undefined) ?? []).map((i) => terms[i] ?? ""),
      };
      nodes.push(node);
      byId.set(id, node);
    });
    const definedTerms: Record<string, string> = {};
    const pairs = (doc.T as unknown[] | undefined) ?? [];
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      definedTerms[terms[pairs[i] as number] ?? ""] = idAt(d, pairs[i + 1]) ?? "";
    }
    return {
      id: String(doc.i),
      fileName: String(doc.f),
      title: (doc.t as string | undefined) ?? null,
      role: doc.r as DocumentRole,
      effectiveDate: (doc.e as string | undefined) ?? null,
      transactionSetId: (doc.s as string | undefined) ?? null,
      version: (doc.v as string | undefined) ?? null,
      definedTerms,
      nodes,
    };
  });
  return { format: "lexnav.navindex", version: 1, documents };
}

function decodeEdge(
  encoded: string,
  d: number,
  idAt: (d: number, ref: unknown) => string | null,
  docIdOf: (d: number, ref: string) => string | null,
): NavEdge {
  const [head = "", shortRef = "", ...rest] = encoded.split("|");
  const status = STATUS_BY_CODE[head[0] ?? "d"] ?? "dangling";
  const target = head.slice(1);
  let ref = shortRef;
  for (const [long, short] of REF_PREFIXES) {
    if (ref.startsWith(short)) {
      ref = long + ref.slice(short.length);
      break;
    }
  }
  let to: string | null;
  let toDocument: string | null;
  if (target.startsWith("@")) {
    to = null;
    toDocument = target.slice(1);
  } else if (target === "-") {
    to = null;
    toDocument = null;
  } else if (target.startsWith("#")) {
    const at = target.indexOf("@");
    to = at < 0 ? target.slice(1) : target.slice(1, at);
    toDocument = at < 0 ? null : target.slice(at + 1);
  } else {
    to = idAt(d, /^\d+$/.test(target) ? Number(target) : target);
    toDocument = /^\d+$/.test(target) ? null : docIdOf(d, target);
  }
  return { ref, status, to, toDocument, external: rest.length > 0 ? rest.join("|") : null };
}
