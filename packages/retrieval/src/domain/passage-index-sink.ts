import type { Access, ProvisionNode } from "@lexnav/document-model";
import type { LexicalIndex } from "../ports/lexical-index.ts";
import { buildPassages, DEFAULT_PASSAGE_OPTIONS, type PassageOptions } from "./passages.ts";

/** Characters of a document's opening kept as its card (title, date, parties, recitals). */
export const CARD_CHARS = 2000;

/** The card of a document: its opening, where an instrument names itself and its parties. */
export function documentCard(text: string): string {
  return text.slice(0, CARD_CHARS);
}

/**
 * Keeps the lexical index in step with ingestion: each indexed version is cut into passages and put
 * into the active index version (created on first use); deletes and access changes reach every version.
 */
export function createPassageIndexSink(lexical: LexicalIndex, options: PassageOptions = DEFAULT_PASSAGE_OPTIONS) {
  const target = () => {
    const active = lexical.activeVersion();
    if (active !== null) return active;
    const created = lexical.createVersion();
    lexical.activate(created);
    return created;
  };
  return {
    putDocument(doc: { documentId: string; version: string; access: Access; nodes: ProvisionNode[]; text: string }) {
      const passages = buildPassages(doc.documentId, doc.version, doc.nodes, doc.text, options);
      lexical.putDocument(target(), doc.documentId, doc.access, passages, documentCard(doc.text));
    },
    removeDocument(documentId: string) {
      lexical.removeDocument(documentId);
    },
    setAccess(documentId: string, access: Access) {
      lexical.setAccess(documentId, access);
    },
  };
}
