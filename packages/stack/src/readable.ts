import type { AnswerRecord } from "@lexnav/answer";
import type { Catalog, DocumentFilter } from "@lexnav/catalog";
import type { DocumentRecord, ProvisionNode } from "@lexnav/document-model";
import { mayRead, type Principal } from "@lexnav/retrieval";

/**
 * Who reads the catalog through a command: a principal, or the store's operator, who reads every
 * record (whoever runs the all-in-one CLI can open its SQLite file anyway). Every path that returns
 * document data takes one, so none can forget to say who asks.
 */
export type Reader = Principal | "operator";

/** Whether `reader` may see `doc`: the operator every record, a principal those its access lists it or a group of it in. */
export function mayView(reader: Reader, doc: Pick<DocumentRecord, "access">): boolean {
  return reader === "operator" || mayRead(reader, doc.access);
}

/** The catalog's records `reader` may see, by `filter`, in the catalog's order. */
export async function readableDocuments(
  catalog: Pick<Catalog, "listDocuments">,
  reader: Reader,
  filter: DocumentFilter = {},
): Promise<DocumentRecord[]> {
  return (await catalog.listDocuments(filter)).filter((d) => mayView(reader, d));
}

/**
 * The record `reader` asked for by id, or null when there is none or `reader` may not see it: the two
 * are one answer, so an id says nothing about a document the reader may not read.
 */
export async function readableDocument(
  catalog: Pick<Catalog, "getDocument">,
  reader: Reader,
  id: string,
): Promise<DocumentRecord | null> {
  const doc = await catalog.getDocument(id);
  return doc && mayView(reader, doc) ? doc : null;
}

/**
 * A document's provisions as `reader` may see them: a cross-reference or a defined term resolved into
 * a document it may not read is shown unresolved, as it would be were that document not stored.
 */
export function withoutForeignLinks<N extends Pick<ProvisionNode, "xrefs" | "termUses">>(
  nodes: readonly N[],
  readable: (documentId: string) => boolean,
): N[] {
  const foreign = (id: string | null) => id !== null && !readable(id);
  return nodes.map((n) =>
    n.xrefs.some((x) => foreign(x.targetDocumentId)) || n.termUses.some((u) => foreign(u.definitionDocumentId))
      ? {
          ...n,
          xrefs: n.xrefs.map((x) =>
            foreign(x.targetDocumentId) ? { ...x, targetDocumentId: null, targetNodeId: null } : x,
          ),
          termUses: n.termUses.map((u) =>
            foreign(u.definitionDocumentId) ? { ...u, definitionDocumentId: null, definitionNodeId: null } : u,
          ),
        }
      : n,
  );
}

/** The documents an answer record names: its evidence, citations, planned provisions and scope. */
function documentsOfAnswer(
  record: Pick<AnswerRecord, "evidence" | "citations" | "selectedNodes" | "scope">,
): Set<string> {
  return new Set([
    ...record.evidence.map((e) => e.documentId),
    ...record.citations.map((c) => c.documentId),
    ...record.selectedNodes.map((s) => s.slice(0, s.indexOf("/") < 0 ? s.length : s.indexOf("/"))),
    ...(record.scope ?? []),
  ]);
}

/**
 * Whether `reader` may see a stored answer: it may read, as their access stands now, every document the
 * answer used, and an answer that used none is its asker's alone (same id and groups). A record it may
 * not see is reported as unknown, so an answer id says nothing of what another group asked.
 */
export async function mayViewAnswer(
  catalog: Pick<Catalog, "getDocument">,
  reader: Reader,
  record: Pick<AnswerRecord, "evidence" | "citations" | "selectedNodes" | "scope" | "principal">,
): Promise<boolean> {
  if (reader === "operator") return true;
  const used = [...documentsOfAnswer(record)].filter((id) => id !== "");
  if (used.length === 0) {
    const same = (a: readonly string[], b: readonly string[]) =>
      JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());
    return record.principal.id === reader.id && same(record.principal.groups, reader.groups);
  }
  for (const id of used) if ((await readableDocument(catalog, reader, id)) === null) return false;
  return true;
}
