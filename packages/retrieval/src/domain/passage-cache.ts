import type { ProvisionNode } from "@lexnav/document-model";
import { buildPassages, DEFAULT_PASSAGE_OPTIONS, type Passage, type PassageOptions } from "./passages.ts";

/** Passages of a document version grouped by node, rebuilt from its provision tree on demand. */
export interface NodePassages {
  nodes: Map<string, ProvisionNode>;
  byNode: Map<string, Passage[]>;
}

/**
 * A small most-recently-used cache of node passages, so the planner and the expansion stage can fetch
 * the verbatim sentence windows of any provision of the few documents a question is routed to.
 */
export function createPassageCache(
  structure: (documentId: string, version: string) => readonly ProvisionNode[] | Promise<readonly ProvisionNode[]>,
  options: PassageOptions = DEFAULT_PASSAGE_OPTIONS,
  capacity = 32,
) {
  const cache = new Map<string, NodePassages>();
  return async (documentId: string, version: string, text: string): Promise<NodePassages> => {
    const key = `${documentId}@${version}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const nodes = await structure(documentId, version);
    const byNode = new Map<string, Passage[]>();
    for (const p of buildPassages(documentId, version, nodes, text, options)) {
      const list = byNode.get(p.nodeId) ?? [];
      list.push(p);
      byNode.set(p.nodeId, list);
    }
    const entry = { nodes: new Map(nodes.map((n) => [n.id, n])), byNode };
    cache.set(key, entry);
    if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
    return entry;
  };
}
