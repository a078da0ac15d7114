/** Kinds of provision nodes, following the instrument's own structure. */
export type NodeKind =
  | "document"
  | "title"
  | "preamble"
  | "recital"
  | "toc"
  | "toc_entry"
  | "article"
  | "section"
  | "subsection"
  | "clause"
  | "subclause"
  | "item"
  | "definition"
  | "paragraph"
  | "table"
  | "table_row"
  | "signature"
  | "schedule"
  | "exhibit"
  | "annex";

/** Deterministic descriptors the navindex planner routes on. */
export interface NodeFlags {
  isDefinition: boolean;
  hasMoney: boolean;
  hasDate: boolean;
  hasPercentage: boolean;
  hasLiabilityLimit: boolean;
  hasCondition: boolean;
  hasParty: boolean;
  isTocEntry: boolean;
  textLength: number;
}

export type CrossReferenceKind = "article" | "section" | "clause" | "schedule" | "exhibit" | "annex" | "document";
export type CrossReferenceStatus = "resolved" | "dangling" | "external";

/** A reference in a provision's text to another provision, here or in another instrument. */
export interface CrossReference {
  /** The words as printed, e.g. "Section 7.2(b)". `text == extracted.slice(start, end)`. */
  text: string;
  start: number;
  end: number;
  kind: CrossReferenceKind;
  /** Normalised target key, e.g. "section:7.2(b)", "article:5", "schedule:3.14". */
  target: string;
  status: CrossReferenceStatus;
  /** Node id the reference resolves to (same document, or the external document when resolved across a set). */
  targetNodeId: string | null;
  /** Set for external references resolved across the transaction set. */
  targetDocumentId: string | null;
  /** The other instrument named, e.g. "Credit Agreement", for external references. */
  externalDocument: string | null;
}

/** A use of a defined term, linked to the node that defines it (possibly in another document of the set). */
export interface TermUse {
  term: string;
  start: number;
  end: number;
  definitionNodeId: string | null;
  definitionDocumentId: string | null;
}

/** A provision: one node of the document's tree. `text == extracted.slice(start, end)`. */
export interface ProvisionNode {
  id: string;
  documentId: string;
  parentId: string | null;
  kind: NodeKind;
  /** Clause reference as printed: "ARTICLE V", "Section 7.02", "(b)", "Schedule 3.14". */
  clauseRef: string | null;
  /** Normalised full reference including ancestors, e.g. "7.02(b)(iii)"; used for resolution and display. */
  fullRef: string | null;
  title: string | null;
  /** Titles/refs of ancestors from the root, e.g. ["ARTICLE I DEFINITIONS", "Section 1.01 Defined Terms"]. */
  headingPath: string[];
  start: number;
  end: number;
  depth: number;
  page: number | null;
  tokenCount: number;
  flags: NodeFlags;
  keywords: string[];
  definesTerms: string[];
  xrefs: CrossReference[];
  termUses: TermUse[];
}

/** A defined term and where it is defined. */
export interface DefinedTerm {
  term: string;
  documentId: string;
  nodeId: string;
}

/** The tree of one document version plus what structure detection found. */
export interface DocumentStructure {
  documentId: string;
  version: string;
  nodes: ProvisionNode[];
  definitions: DefinedTerm[];
  toc: TocSummary;
}

export interface TocSummary {
  /** Where the table of contents sits, when one was detected. */
  span: { start: number; end: number } | null;
  /** Clause references the TOC lists (normalised, e.g. "section:1.01"). */
  listedRefs: string[];
  /** Listed references that were found as body nodes. */
  foundRefs: string[];
}

export function emptyFlags(textLength = 0): NodeFlags {
  return {
    isDefinition: false,
    hasMoney: false,
    hasDate: false,
    hasPercentage: false,
    hasLiabilityLimit: false,
    hasCondition: false,
    hasParty: false,
    isTocEntry: false,
    textLength,
  };
}

/**
 * How a provision is cited: "Section 7.02(b)" for a numbered section or clause (its full reference
 * with the kind named), otherwise the reference as printed. Inside an exhibit, schedule or annex the
 * zone comes first ("Exhibit A, Section 2.01"): an amendment that carries the amended agreement as its
 * Exhibit A has a Section 2.01 of its own too. Answers and assembled context cite alike.
 */
export function citeableClause(node: Pick<ProvisionNode, "clauseRef" | "fullRef" | "kind">): string | null {
  const zone = ANNEX_ZONE.exec(node.fullRef ?? "");
  if (zone !== null && !ANNEX_KINDS.has(node.kind)) {
    const inner = citeableClause({ ...node, fullRef: (node.fullRef as string).slice(zone[0].length) });
    return inner ? `${zone[1]}, ${inner}` : (zone[1] as string);
  }
  if (node.fullRef && /^[0-9]/.test(node.fullRef)) {
    const kind =
      node.kind === "article"
        ? "Article"
        : node.kind === "schedule"
          ? "Schedule"
          : node.kind === "exhibit"
            ? "Exhibit"
            : "Section";
    return `${kind} ${node.fullRef}`;
  }
  return node.clauseRef ?? node.fullRef ?? null;
}

/**
 * A cited clause read back into the exhibit, schedule or annex `citeableClause` put first and the rest:
 * "Exhibit A, Section 2.01" → { zone: "exhibit a", clause: "Section 2.01" }; zone "" for the body.
 */
export function clauseZone(cited: string): { zone: string; clause: string } {
  const m = CITED_ZONE.exec(cited);
  return m ? { zone: (m[1] as string).toLowerCase(), clause: cited.slice(m[0].length) } : { zone: "", clause: cited };
}
const CITED_ZONE = /^((?:Exhibit|Schedule|Annex|Appendix) \S+), /i;

/** Whether a cited clause is in an exhibit, schedule or annex, or is one ("Exhibit A, Section 2.01", "Exhibit A"). */
export function inAnnex(cited: string): boolean {
  return clauseZone(cited).zone !== "" || CITED_ANNEX.test(cited);
}
const CITED_ANNEX = /^(?:Exhibit|Schedule|Annex|Appendix) \S+$/i;

/** The zone prefix of a full reference inside an exhibit, schedule or annex: "Exhibit A" in "Exhibit A 2.01". */
const ANNEX_ZONE = /^((?:Exhibit|Schedule|Annex|Appendix) \S+) /;
const ANNEX_KINDS: ReadonlySet<string> = new Set(["exhibit", "schedule", "annex"]);
