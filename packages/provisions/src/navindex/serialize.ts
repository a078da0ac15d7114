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
  D: "documents, keyed by document handle (its position in the index)",
  n: 'nodes, keyed by node number; a node\'s handle is "<document handle>.<node number>" (e.g. 0.17): name nodes by handle',
  i: "document id",
  f: "fileName",
  t: "title",
  r: "role (document) / fullRef (node)",
  e: "effectiveDate",
  s: "transactionSetId (document) / snippet (node): start of the own text of an untitled node after its label, ≤60 chars, … when cut",
  v: "version",
  T: "defined terms: flat [termIndex, nodeNumber, ...] pairs",
  terms: "term dictionary; u/d/T hold indexes into it",
  p: "parent's node number; absent: same parent as the previous node (the first node: none); -1: none",
  k: "kind as an index into kinds; absent: same kind as the previous node",
  kinds: "node kinds",
  c: "clauseRef",
  r_node:
    'fullRef; absent: derived: the parent\'s fullRef + clauseRef for "(x)" clauseRefs, the number of a clauseRef "1.1." / "Section 1.1", Definition "<first defined term>" for definitions, else none; null written out when none but derivable',
  h: "headingPath, only when not the parent's path plus the parent's l",
  l: "label this node adds to its children's headingPath (1 = its title, 2 = its clauseRef, 3 = clauseRef + space + title)",
  F: "flags (rolled up from descendants): F definition, T toc entry, M money, D date, P percentage, L liability limit, C condition, Y party",
  o: "tokenCount of the node's whole span",
  w: "up to 4 keywords (1 beside a snippet) not already in its title, snippet or terms (comma-joined string, or an array when a keyword holds a comma)",
  x: "xrefs: a bare number is a resolved reference to that node of the same document; else 'status target|ref|external': status r resolved, d dangling, e external; target = node number, 'doc.node' handle for another document, '#id' for a node outside the index, '-' none; ref prefixes s: section, a: article, S: schedule, E: exhibit, X: annex, P: appendix, c: clause, d: definition, D: document",
  d: "definesTerms (term indexes)",
  u: "terms used (term indexes), except terms used in more than a tenth of the document's nodes",
} as const;

/** Longest snippet in the compact form (characters, before "…"). */
const COMPACT_SNIPPET_CHARS = 60;
/** Keywords per node in the compact form: titled nodes (no snippet) / untitled ones (with a snippet). */
const COMPACT_KEYWORDS = 4;
const COMPACT_KEYWORDS_WITH_SNIPPET = 1;
/** A term used in more than this share of a document's nodes (and in more than the minimum) is not listed per node. */
const COMMON_TERM_SHARE = 0.1;
const COMMON_TERM_MIN_NODES = 20;

type CompactNode = Record<string, unknown>;
type CompactDoc = Record<string, unknown>;

/** The handle of a node in the compact form: its document's and its own position in the index. */
export function navHandle(documentPosition: number, nodePosition: number): string {
  return `${documentPosition}.${nodePosition}`;
}

/**
 * Resolves a handle of the compact form ("0.17") back to the node's ids in `index` (the same index
 * that was serialised). Anything that is not a handle of a node the compact form lists is null, so
 * invented handles are rejected.
 */
export function resolveNavHandle(index: NavIndex, handle: string): { documentId: string; nodeId: string } | null {
  const m = /^(\d{1,6})\.(\d{1,7})$/.exec(handle.trim());
  if (!m) return null;
  const doc = index.documents[Number(m[1])];
  const node = doc?.nodes[Number(m[2])];
  return doc && node ? { documentId: doc.id, nodeId: node.id } : null;
}

/**
 * What the compact form holds, as a NavIndex: node ids (and parent, edge and defined-term targets in
 * the index) replaced by their handles, snippets only on untitled nodes and cut to ~60 characters at
 * a word boundary (a definition's `"Term" means` opening dropped: the term is in definesTerms),
 * keywords cut to 4 and none that repeats the title, snippet or terms. No node is left out.
 * `parseNavIndexCompact(serializeNavIndexCompact(x))` equals `compactNavIndexView(x)`.
 */
export function compactNavIndexView(index: NavIndex): NavIndex {
  const handles = new Map<string, string>();
  for (const [d, doc] of index.documents.entries())
    for (const [n, node] of doc.nodes.entries()) handles.set(node.id, navHandle(d, n));
  const h = (id: string | null): string | null => (id === null ? null : (handles.get(id) ?? id));
  return {
    ...index,
    documents: index.documents.map((doc) => {
      // terms used all over a document (the parties, "Agreement") do not tell nodes apart
      const uses = new Map<string, number>();
      for (const node of doc.nodes) for (const t of node.usesTerms) uses.set(t, (uses.get(t) ?? 0) + 1);
      const common = Math.max(COMMON_TERM_MIN_NODES, doc.nodes.length * COMMON_TERM_SHARE);
      return {
        ...doc,
        definedTerms: Object.fromEntries(Object.entries(doc.definedTerms).map(([t, id]) => [t, h(id) ?? id])),
        nodes: doc.nodes.map((node) => {
          const snippet = node.title === null ? compactSnippet(node) : "";
          const usesTerms = node.usesTerms.filter((t) => (uses.get(t) ?? 0) <= common);
          const xrefs: NavEdge[] = [];
          const seen = new Set<string>();
          for (const e of node.xrefs) {
            const to = h(e.to);
            // a resolved edge to a listed node of the same document: the target says it all
            const bare = e.status === "resolved" && e.toDocument === null && e.external === null && to !== e.to;
            const edge = bare ? { ...e, ref: "", to } : { ...e, to };
            const key = `${edge.ref}|${edge.status}|${edge.to}|${edge.toDocument}|${edge.external}`;
            if (seen.has(key)) continue;
            seen.add(key);
            xrefs.push(edge);
          }
          return {
            ...node,
            id: h(node.id) ?? node.id,
            parentId: h(node.parentId),
            keywords: compactKeywords(node, snippet),
            snippet,
            xrefs,
            usesTerms,
          };
        }),
      };
    }),
  };
}

function compactSnippet(node: NavNode): string {
  let s = node.snippet;
  const cut = s.endsWith("…");
  if (cut) s = s.slice(0, -1);
  if (node.definesTerms.length > 0) {
    // '"Affiliate" shall mean, as to any Person' → 'as to any Person'
    const m =
      /^["“][^"”]{1,120}["”]\s+(?:shall\s+)?(?:mean|means|has the meaning|shall have the meaning)\b[\s,:]*/i.exec(s);
    if (m && m[0].length < s.length) s = s.slice(m[0].length);
  }
  if (s.length <= COMPACT_SNIPPET_CHARS) return cut ? `${s}…` : s;
  const head = s.slice(0, COMPACT_SNIPPET_CHARS);
  const space = head.lastIndexOf(" ");
  return `${(space > COMPACT_SNIPPET_CHARS * 0.6 ? head.slice(0, space) : head).replace(/[\s,;:]+$/, "")}…`;
}

function compactKeywords(node: NavNode, snippet: string): string[] {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set([
    ...words(node.title ?? ""),
    ...words(snippet),
    ...node.definesTerms.flatMap(words),
    ...node.usesTerms.flatMap(words),
  ]);
  return node.keywords
    .filter((k) => {
      const w = words(k);
      return w.length > 0 && !w.every((x) => seen.has(x));
    })
    .slice(0, snippet ? COMPACT_KEYWORDS_WITH_SNIPPET : COMPACT_KEYWORDS);
}

/**
 * Token-optimised serialisation of the index for the planner: short keys (explained by the embedded
 * legend), false / empty / null values left out, no whitespace, documents and nodes keyed by
 * position (a node is named by its handle "doc.node", see {@link resolveNavHandle}; the 16-character
 * ids are not written), terms by a shared dictionary, kind and parent omitted when equal to the
 * previous node's, heading paths and full refs derived from the parent when they can be, shorter
 * snippets and keywords (see {@link compactNavIndexView}, which is exactly what it holds).
 */
export function serializeNavIndexCompact(index: NavIndex): string {
  const view = compactNavIndexView(index);
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
  const handles = new Set(view.documents.flatMap((doc) => doc.nodes.map((n) => n.id)));
  const documents: Record<string, CompactDoc> = {};
  view.documents.forEach((doc, d) => {
    const local = (id: string | null, documentId: string | null = null): string | number => {
      if (id === null) return "-";
      if (!handles.has(id)) return documentId === null ? `#${id}` : `#${id}@${documentId}`;
      const [docPart, nodePart] = id.split(".");
      // an edge that names its document (cross-document link) keeps the "doc.node" form
      const sameDocument = Number(docPart) === d && documentId === null;
      return sameDocument ? Number(nodePart) : id;
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
    let previousKind: NodeKind | null = null;
    const seen = new Map<string, NavNode>();
    const nodes: Record<string, CompactNode> = {};
    for (const node of doc.nodes) {
      const out: CompactNode = {};
      if (node.parentId !== previousParent) out.p = node.parentId === null ? -1 : local(node.parentId);
      previousParent = node.parentId;
      if (node.kind !== previousKind) out.k = kindCode(node.kind);
      previousKind = node.kind;
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
        out.l =
          label === node.title
            ? 1
            : label === node.clauseRef
              ? 2
              : label === `${node.clauseRef} ${node.title}`
                ? 3
                : label;
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
      seen.set(node.id, node);
      nodes[node.id.slice(node.id.indexOf(".") + 1)] = out;
    }
    const out: CompactDoc = { i: doc.id, f: doc.fileName };
    if (doc.title !== null) out.t = doc.title;
    out.r = doc.role;
    if (doc.effectiveDate !== null) out.e = doc.effectiveDate;
    if (doc.transactionSetId !== null) out.s = doc.transactionSetId;
    if (doc.version !== null) out.v = doc.version;
    const defined = Object.entries(doc.definedTerms).flatMap(([t, id]) => [term(t), local(id)]);
    if (defined.length > 0) out.T = defined;
    out.n = nodes;
    documents[String(d)] = out;
  });
  return JSON.stringify({ lexnav: "navindex.compact/2", legend: COMPACT_LEGEND, kinds: KINDS, terms, D: documents });
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
  const numbered = node.clauseRef === null ? null : /^(?:Section\s+)?(\d+(?:\.\d+)+)\.?$/i.exec(node.clauseRef);
  if (numbered) return numbered[1] ?? null;
  return null;
}

function derivedPath(parent: NavNode, label: string | null): string[] {
  return label === null ? parent.headingPath : [...parent.headingPath, label];
}

function samePath(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function encodeEdge(
  edge: NavEdge,
  local: (id: string | null, documentId: string | null) => string | number,
): string | number {
  if (edge.ref === "" && edge.status === "resolved" && edge.external === null && edge.toDocument === null) {
    const target = local(edge.to, null);
    if (typeof target === "number") return target;
  }
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

/**
 * Reads back a string produced by {@link serializeNavIndexCompact}: the result equals
 * {@link compactNavIndexView} of the serialised index (node ids are handles). Throws on anything else.
 */
export function parseNavIndexCompact(serialised: string): NavIndex {
  const raw = JSON.parse(serialised) as { lexnav?: string; terms: string[]; D: Record<string, CompactDoc> };
  if (raw.lexnav !== "navindex.compact/2") throw new Error("not a compact navindex (navindex.compact/2)");
  const terms = raw.terms;
  const docs = Object.entries(raw.D).sort(([a], [b]) => Number(a) - Number(b));
  const docIds = new Map(docs.map(([d, doc]) => [Number(d), String(doc.i)]));
  const idAt = (d: number, ref: unknown): string | null => {
    if (ref === "-" || ref === undefined) return null;
    if (typeof ref === "number") return navHandle(d, ref);
    const s = String(ref);
    if (s.startsWith("#")) return s.slice(1).replace(/@.*$/, "");
    return s;
  };
  const docIdOf = (d: number, ref: string): string | null => {
    if (/^\d+\.\d+$/.test(ref)) return docIds.get(Number(ref.split(".")[0])) ?? "";
    if (/^\d+$/.test(ref)) return docIds.get(d) ?? "";
    return null;
  };
  const documents: NavDocument[] = docs.map(([key, doc]) => {
    const d = Number(key);
    const compactNodes = Object.entries((doc.n as Record<string, CompactNode>) ?? {}).sort(
      ([a], [b]) => Number(a) - Number(b),
    );
    const nodes: NavNode[] = [];
    const labels = new Map<string, string | null>();
    const byId = new Map<string, NavNode>();
    let previousParent: string | null = null;
    let previousKind: NodeKind | null = null;
    for (const [n, c] of compactNodes) {
      const id = navHandle(d, Number(n));
      const parentId: string | null = c.p === undefined ? previousParent : c.p === -1 ? null : idAt(d, c.p);
      previousParent = parentId;
      const title = (c.t as string | undefined) ?? null;
      const clauseRef = (c.c as string | undefined) ?? null;
      const parent = parentId === null ? undefined : byId.get(parentId);
      const headingPath =
        (c.h as string[] | undefined) ?? (parent ? derivedPath(parent, labels.get(parent.id) ?? null) : []);
      const l = c.l;
      labels.set(
        id,
        l === 1 ? title : l === 2 ? clauseRef : l === 3 ? `${clauseRef} ${title}` : typeof l === "string" ? l : null,
      );
      const flagString = (c.F as string | undefined) ?? "";
      const w = c.w;
      const kind: NodeKind =
        c.k === undefined ? (previousKind as NodeKind) : ((typeof c.k === "number" ? KINDS[c.k] : c.k) as NodeKind);
      previousKind = kind;
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
        xrefs: ((c.x as Array<string | number> | undefined) ?? []).map((e) =>
          typeof e === "number"
            ? { ref: "", status: "resolved" as const, to: navHandle(d, e), toDocument: null, external: null }
            : decodeEdge(e, d, idAt, docIdOf),
        ),
        definesTerms,
        usesTerms: ((c.u as number[] | undefined) ?? []).map((i) => terms[i] ?? ""),
      };
      nodes.push(node);
      byId.set(id, node);
    }
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
