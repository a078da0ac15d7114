import { type Access, emptyFlags, type ProvisionNode } from "@lexnav/document-model";

/** A stored document of one provision (clause "1") spanning its whole text, version "v1": what an index build reads. */
export function oneProvisionDocument(documentId: string, text: string, access: Access) {
  const node: ProvisionNode = {
    id: `${documentId}-n1`,
    documentId,
    depth: 0,
    parentId: null,
    kind: "clause",
    clauseRef: "1",
    fullRef: "1",
    title: null,
    headingPath: [],
    start: 0,
    end: text.length,
    page: null,
    tokenCount: 10,
    flags: emptyFlags(text.length),
    keywords: [],
    definesTerms: [],
    xrefs: [],
    termUses: [],
  };
  return { documentId, version: "v1", access, nodes: [node], text };
}
