import type { ProvisionNode } from "@lexnav/document-model";

/** A `[start, end)` range of the document text. */
export interface Segment {
  start: number;
  end: number;
}

/**
 * The node's OWN text: its span minus the spans of its direct children (children's spans nest
 * inside the parent's). Returned per node id, segments in document order, empty segments dropped.
 * Children are found by `parentId`; a child that sticks out of its parent is clipped.
 */
export function ownSegments(nodes: readonly ProvisionNode[]): Map<string, Segment[]> {
  const children = new Map<string, ProvisionNode[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId);
    if (list) list.push(node);
    else children.set(node.parentId, [node]);
  }
  const out = new Map<string, Segment[]>();
  for (const node of nodes) {
    const kids = (children.get(node.id) ?? []).slice().sort((a, b) => a.start - b.start);
    const segments: Segment[] = [];
    let cursor = node.start;
    for (const kid of kids) {
      const kidStart = Math.max(kid.start, node.start);
      if (kidStart > cursor) segments.push({ start: cursor, end: Math.min(kidStart, node.end) });
      cursor = Math.max(cursor, Math.min(kid.end, node.end));
    }
    if (node.end > cursor) segments.push({ start: cursor, end: node.end });
    out.set(node.id, segments);
  }
  return out;
}

/** Concatenated own text (segments joined by a newline so words never fuse across a child). */
export function ownText(text: string, segments: readonly Segment[]): string {
  if (segments.length === 1) {
    const only = segments[0] as Segment;
    return text.slice(only.start, only.end);
  }
  return segments.map((s) => text.slice(s.start, s.end)).join("\n");
}

/** Children lists and a depth-first order (parents before children) for bottom-up passes. */
export function treeOrder(nodes: readonly ProvisionNode[]): ProvisionNode[] {
  const byParent = new Map<string | null, ProvisionNode[]>();
  const ids = new Set(nodes.map((n) => n.id));
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const list = byParent.get(parent);
    if (list) list.push(node);
    else byParent.set(parent, [node]);
  }
  const order: ProvisionNode[] = [];
  const stack = (byParent.get(null) ?? []).slice().reverse();
  while (stack.length > 0) {
    const node = stack.pop() as ProvisionNode;
    order.push(node);
    const kids = byParent.get(node.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as ProvisionNode);
  }
  return order;
}
