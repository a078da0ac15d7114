/**
 * Documents written as strings in a test, and the provision nodes over them: a span found by its first
 * and last words, and a section node with no edges unless the test gives them.
 */
import type { ProvisionNode } from "@lexnav/document-model";

export interface Span {
  start: number;
  end: number;
}

/** `spanIn(texts)(doc, from, to)`: from the first `from` in the document through the next `to` after it. */
export const spanIn =
  (texts: Readonly<Record<string, string>>) =>
  (doc: string, from: string, to: string): Span => {
    const t = texts[doc];
    if (t === undefined) throw new Error(`no document ${doc}`);
    const start = t.indexOf(from);
    const last = start < 0 ? -1 : t.indexOf(to, start);
    if (last < 0) throw new Error(`${from}…${to} not in ${doc}`);
    return { start, end: last + to.length };
  };

/** A section node of `documentId` over `span`; `more` sets its clause reference, edges or anything else. */
export const sectionNode = (
  documentId: string,
  id: string,
  span: Span,
  more: Partial<ProvisionNode> = {},
): ProvisionNode =>
  ({
    id,
    documentId,
    ...span,
    kind: "section",
    clauseRef: null,
    fullRef: null,
    xrefs: [],
    termUses: [],
    ...more,
  }) as unknown as ProvisionNode;
