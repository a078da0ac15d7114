/**
 * A searcher over an in-memory SQLite lexical index holding each document as one passage (its body) and a
 * card (its name and card text): the smallest store in which routing by document cards can be tested. A
 * document given a `record` is also in the searcher's catalog lookup (title, parties, own names, opening names).
 */
import { openSqliteDatabase } from "@lexnav/catalog";
import { createSqliteLexicalIndex } from "../../packages/retrieval/src/adapters/sqlite-lexical-index.ts";
import type { Passage } from "../../packages/retrieval/src/domain/passages.ts";
import { createSearcher } from "../../packages/retrieval/src/domain/search.ts";

export interface CardDocument {
  name: string;
  card: string;
  body: string;
  /** groups that may read it; ["g"] when not given */
  groups?: string[];
  /** The catalog record's title and facts, for the routes that read a document's record; absent: no record. */
  record?: { title: string; parties?: string[]; ownNames?: string[]; names?: string[] };
}

export async function cardSearcher(docs: Readonly<Record<string, CardDocument>>) {
  const lexical = createSqliteLexicalIndex(openSqliteDatabase(":memory:"));
  const v = await lexical.createVersion();
  await lexical.activate(v);
  for (const [id, d] of Object.entries(docs)) {
    const passage: Passage = {
      id: `${id}-p0`,
      documentId: id,
      version: "v1",
      nodeId: `${id}-n0`,
      start: 0,
      end: d.body.length,
      heading: "",
      clauseRef: "",
      terms: "",
      body: d.body,
    };
    await lexical.putDocument(v, id, { principals: [], groups: d.groups ?? ["g"] }, [passage], {
      text: d.card,
      name: d.name,
    });
  }
  const document = (id: string) => {
    const d = docs[id];
    if (!d?.record) return null;
    return {
      id,
      title: d.record.title,
      fileName: `${d.name}.txt`,
      role: "base_agreement" as const,
      effectiveDate: null,
      transactionSetId: null,
      access: { principals: [], groups: d.groups ?? ["g"] },
      lifecycle: "indexed" as const,
      facts: {
        parties: d.record.parties ?? [],
        definedParties: [],
        amendsAgreement: null,
        amendedShortName: null,
        ownNames: d.record.ownNames ?? [],
        names: d.record.names ?? [],
      },
    };
  };
  return createSearcher({ lexical, ...(Object.values(docs).some((d) => d.record) ? { document } : {}) });
}
