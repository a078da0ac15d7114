import type { ProvisionNode } from "@lexnav/document-model";
import { ownSegments } from "@lexnav/provisions";
import { splitSentences, windows } from "./sentences.ts";

/**
 * A retrievable unit: a window of whole sentences of one provision's own text, small enough to be
 * precise evidence, carrying the provision's heading path and clause reference as fields of its own.
 * `text.slice(start, end)` of the document version is its body.
 */
export interface Passage {
  id: string;
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  /** Heading path and title of the provision ("ARTICLE I DEFINITIONS > Section 1.01 Defined Terms"). */
  heading: string;
  clauseRef: string;
  /** Terms the provision defines. */
  terms: string;
  body: string;
}

export interface PassageOptions {
  /** Longest window of sentences, in characters. */
  maxChars: number;
}

export const DEFAULT_PASSAGE_OPTIONS: PassageOptions = { maxChars: 600 };

/**
 * Cuts a document version into passages: each provision's own text (its span minus its children)
 * split into sentence windows. Table-of-contents entries are left out: they point at provisions,
 * they are not evidence.
 */
export function buildPassages(
  documentId: string,
  version: string,
  nodes: readonly ProvisionNode[],
  text: string,
  options: PassageOptions = DEFAULT_PASSAGE_OPTIONS,
): Passage[] {
  const own = ownSegments(nodes);
  const out: Passage[] = [];
  for (const node of nodes) {
    if (node.flags.isTocEntry || node.kind === "toc") continue;
    const heading = [...node.headingPath, [node.clauseRef, node.title].filter(Boolean).join(" ")]
      .filter((h) => h.length > 0)
      .join(" > ");
    let ordinal = 0;
    for (const seg of own.get(node.id) ?? []) {
      // Stored passages keep the split they were cut by (the index format records it): a stop before a
      // closing quote, and a roman "v." list label, end a sentence for every reader but the passage windows,
      // until a format change (`SplitOptions`).
      for (const w of windows(splitSentences(text, seg.start, seg.end, { stored: true }), options.maxChars)) {
        out.push({
          id: `${node.id}:${ordinal++}`,
          documentId,
          version,
          nodeId: node.id,
          start: w.start,
          end: w.end,
          heading,
          clauseRef: node.fullRef ?? node.clauseRef ?? "",
          terms: node.definesTerms.join(" "),
          body: text.slice(w.start, w.end),
        });
      }
    }
  }
  return out;
}
