import type { DefinedTerm, DocumentStructure, NodeKind, ProvisionNode } from "@lexnav/document-model";
import { emptyFlags } from "@lexnav/document-model";

/** One node of a hand-made tree: `parent` is the index of an earlier spec (or null for a root). */
export interface TestNodeSpec {
  kind: NodeKind;
  fullRef?: string | null;
  clauseRef?: string | null;
  title?: string | null;
  start: number;
  end: number;
  parent: number | null;
  definesTerms?: string[];
}

/**
 * Builds a DocumentStructure from a text and node specs, the way the structure stage would
 * (ids `n0`, `n1`...; definitions from `definesTerms`). For tests only.
 */
export function buildTestStructure(documentId: string, _text: string, specs: TestNodeSpec[]): DocumentStructure {
  const nodes: ProvisionNode[] = specs.map((spec, i) => {
    const depth = spec.parent === null ? 0 : countDepth(specs, spec.parent) + 1;
    const flags = emptyFlags(spec.end - spec.start);
    flags.isDefinition = spec.kind === "definition";
    flags.isTocEntry = spec.kind === "toc_entry";
    return {
      id: `${documentId}:n${i}`,
      documentId,
      parentId: spec.parent === null ? null : `${documentId}:n${spec.parent}`,
      kind: spec.kind,
      clauseRef: spec.clauseRef ?? spec.fullRef ?? null,
      fullRef: spec.fullRef ?? null,
      title: spec.title ?? null,
      headingPath: [],
      start: spec.start,
      end: spec.end,
      depth,
      page: null,
      tokenCount: Math.ceil((spec.end - spec.start) / 4),
      flags,
      keywords: [],
      definesTerms: spec.definesTerms ?? [],
      xrefs: [],
      termUses: [],
    };
  });
  const definitions: DefinedTerm[] = nodes.flatMap((n) =>
    n.definesTerms.map((term) => ({ term, documentId, nodeId: n.id })),
  );
  return {
    documentId,
    version: "test",
    nodes,
    definitions,
    toc: { span: null, listedRefs: [], foundRefs: [] },
  };
}

function countDepth(specs: TestNodeSpec[], index: number): number {
  const parent = specs[index]?.parent ?? null;
  return parent === null ? 0 : countDepth(specs, parent) + 1;
}

/** `[start, end)` of the first occurrence of `from` up to (not including) `to`, or the text end. */
export function spanOf(text: string, from: string, to?: string): { start: number; end: number } {
  const start = text.indexOf(from);
  if (start < 0) throw new Error(`marker not found: ${from}`);
  if (to === undefined) return { start, end: text.length };
  const end = text.indexOf(to, start + from.length);
  if (end < 0) throw new Error(`marker not found: ${to}`);
  return { start, end };
}
