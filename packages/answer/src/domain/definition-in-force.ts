import { phrasePattern } from "@lexnav/core";
import type { AmendingEdit, ExtractDeps } from "./extract.ts";

/** Where a definition's text in force is, when an amendment restated it: a span of the amendment. */
export interface DefinitionInForce {
  edit: AmendingEdit;
  /** The amendment's new text for the definition; null when the amendment deleted it. */
  span: { start: number; end: number } | null;
}

/**
 * The latest edit of `edits` (ordered oldest first) that replaces or deletes the definition of `term`
 * held by provision `nodeId` of `documentId`: one that names the definition ("the definition of “X” …
 * is amended and restated"), or one that restates that whole provision with the term's entry in its
 * new text. A reading aid shows that text, never the superseded one as current. `amendmentText` gives
 * an amendment's current text (to find the entry inside a restated provision). Null: no edit replaced it.
 */
export function definitionInForce(
  edits: readonly AmendingEdit[],
  term: string,
  documentId: string,
  nodeId: string,
  amendmentText: (documentId: string) => string | null,
): DefinitionInForce | null {
  const wanted = term.toLowerCase();
  let found: DefinitionInForce | null = null;
  for (const e of edits) {
    if (e.targetDocumentId !== documentId || (e.kind !== "replace" && e.kind !== "delete")) continue;
    const named = (e.target.term ?? null)?.toLowerCase() === wanted;
    if (!named && (e.target.term != null || e.targetNodeId !== nodeId)) continue;
    if (e.kind === "delete") {
      if (named) found = { edit: e, span: null };
      continue;
    }
    if (!e.newText) continue;
    if (named) {
      found = { edit: e, span: e.newText };
      continue;
    }
    // a restated provision: the term's own entry in the new text, if it is still defined there
    const text = amendmentText(e.amendmentDocumentId);
    const entry = text === null ? null : entryIn(text, term, e.newText.start, e.newText.end);
    if (entry) found = { edit: e, span: entry };
  }
  return found;
}

const DEFINING = String.raw`\s*(?:shall\s+mean|means|has\s+the\s+meaning|shall\s+have\s+the\s+meaning|includes)\b`;

/** The entry of `term` in text[from, to): its defining words to the next definition or paragraph end. */
function entryIn(text: string, term: string, from: number, to: number): { start: number; end: number } | null {
  const m = new RegExp(`["“]${phrasePattern(term)}["”]${DEFINING}`, "i").exec(text.slice(from, to));
  if (!m) return null;
  const start = from + m.index;
  const rest = text.slice(start + m[0].length, to);
  const next = new RegExp(String.raw`\n[^\S\n]*\n|["“][^"”\n]{1,80}["”]${DEFINING}`).exec(rest);
  let end = next ? start + m[0].length + next.index : to;
  while (end > start && /\s/.test(text[end - 1] as string)) end--;
  return end > start ? { start, end } : null;
}

/** Where a reading aid finds a definition in force: the amendment's provision and the span of its new text. */
export interface RestatedDefinition {
  documentId: string;
  nodeId: string;
  span: { start: number; end: number };
}

/**
 * For `linkExtract`: looks up, per transaction set (edits read once per set), whether the definition of a
 * term held by a provision was restated (where the text in force is) or deleted by an amendment of the
 * set the asker may read. Without `amendments` (a replay) nothing is restated: null.
 */
export function definitionsInForce(
  deps: Pick<ExtractDeps, "text" | "document" | "amendments">,
): (setId: string, term: string, documentId: string, nodeId: string) => Promise<RestatedDefinition | "deleted" | null> {
  const bySet = new Map<string, readonly AmendingEdit[]>();
  const texts = new Map<string, string | null>();
  return async (setId, term, documentId, nodeId) => {
    const amendments = deps.amendments;
    if (!amendments) return null;
    let edits = bySet.get(setId);
    if (!edits) {
      edits = await amendments(setId);
      bySet.set(setId, edits);
    }
    if (!edits.some((e) => e.targetDocumentId === documentId)) return null;
    for (const e of edits) {
      if (texts.has(e.amendmentDocumentId)) continue;
      const version = (await deps.document(e.amendmentDocumentId))?.currentVersion ?? null;
      texts.set(e.amendmentDocumentId, version ? await deps.text(e.amendmentDocumentId, version) : null);
    }
    const found = definitionInForce(edits, term, documentId, nodeId, (id) => texts.get(id) ?? null);
    if (found === null) return null;
    if (found.span === null) return "deleted";
    if (found.edit.amendmentNodeId === null) return null;
    return { documentId: found.edit.amendmentDocumentId, nodeId: found.edit.amendmentNodeId, span: found.span };
  };
}
