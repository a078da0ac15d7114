import { citeableClause, countTokens, type DocumentRecord, type ProvisionNode } from "@lexnav/document-model";
import type { RetrievedPassage } from "@lexnav/retrieval";
import { answeringUnit } from "./answering-unit.ts";
import type { SourceText } from "./citations.ts";
import { definitionsInForce } from "./definition-in-force.ts";
import type { EvidenceItem } from "./evidence.ts";
import { liesInClose } from "./signature-block.ts";
import { type EditedSpan, splitAtEditedSpans } from "./split-at-edits.ts";

/** A lookup that answers at once (a fixture, a cache) or from a store. */
export type Awaitable<T> = T | Promise<T>;

/** The verbatim text of a stored version, from a store: null when it is not there. */
export type TextLookup = (documentId: string, version: string) => Awaitable<string | null>;

/** What building an extract reads from the catalog. */
export interface ExtractDeps {
  text: TextLookup;
  document: (documentId: string) => Awaitable<DocumentRecord | null>;
  /** The provision a passage belongs to (for its clause reference); null when unknown. */
  node?: (documentId: string, version: string, nodeId: string) => Awaitable<ProvisionNode | null>;
  /**
   * The amendment edits of a transaction set, read only from documents the asker may see; absent: the
   * extract is built without them (a replay, which must rebuild exactly the stored extract).
   */
  amendments?: (transactionSetId: string) => Awaitable<readonly AmendingEdit[]>;
  /**
   * Whether the asker may read a document: when given, the definitions of the defined terms a passage
   * uses and the targets of the sections it points to are brought into the extract, from its own
   * document or another member of its transaction set that this admits (never from outside the set).
   * Absent: nothing is brought in (a replay rebuilds exactly the stored extract).
   */
  mayLink?: (documentId: string) => boolean;
  /**
   * Whether a passage is extended to the answering unit it cuts short (`answeringUnit`: the block after
   * "as follows:", a table's row, the forum sentence after a governing-law sentence), within its
   * document and without running into an earlier passage. Absent: spans are kept as given (a replay).
   */
  wholeUnits?: boolean;
  /**
   * Told of each passage left out of the extract for bad input (a span that is not one of its text) or
   * text no longer stored, with a reason a person can act on; the other passages are built as usual.
   */
  onDropped?: (passage: RetrievedPassage, reason: string) => void;
}

/** A definition or referred-to provision longer than this is named, not brought in: it would crowd the extract. */
export const LINKED_MAX_CHARS = 3000;
/** At most this many definitions and targets are brought in per extract, first passages first. */
export const LINKED_MAX_ITEMS = 12;
/**
 * Tokens all brought-in provisions together may add, first passages first: navigate modes must answer
 * from far less context than inject (the ratio is measured in docs/answers/context-vs-inject.md), so reading
 * aids stay small.
 */
export const LINKED_MAX_TOKENS = 300;
/**
 * Before an answer (a model reads them with the extract), only the best passages (retrieval order) have
 * their definitions and references brought in: they are the ones cited. After an offline answer, the
 * passages it cites (`linkExtract`).
 */
export const LINKED_SEEDS = 3;

/**
 * What the extract needs of an amendment edit (`AmendmentEdit` in @lexnav/provisions has this shape):
 * the amending clause, its new text and the provision it targets.
 */
export interface AmendingEdit {
  amendmentDocumentId: string;
  amendmentNodeId: string | null;
  amendmentClauseRef: string | null;
  kind: "replace" | "amend" | "insert" | "delete";
  effectiveDate: string | null;
  start: number;
  end: number;
  newText: { start: number; end: number } | null;
  target: { ref: string; term?: string | null };
  targetDocumentId: string | null;
  targetNodeId: string | null;
  /** The part of the target provision the edit changes (a definition's own entry); absent or null: all of it. */
  targetSpan?: { start: number; end: number } | null;
}

/**
 * The filed name of a document: its file name without extension, else its title. A label is one line
 * of plain text (answers cite `[label] Clause` on one line): controls in a name read as spaces.
 */
export function documentLabel(doc: DocumentRecord | null, documentId: string): string {
  if (!doc) return documentId;
  const plain = (s: string | null) => (s ?? "").replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ").trim();
  return plain(doc.fileName.replace(/\.[A-Za-z0-9]+$/, "")) || plain(doc.title) || documentId;
}

/** Whether `p` overlaps a span already in `spans` (same document version): an extract keeps each stretch once. */
export function overlapsAny(
  spans: readonly Pick<RetrievedPassage, "documentId" | "version" | "start" | "end">[],
  p: Pick<RetrievedPassage, "documentId" | "version" | "start" | "end">,
): boolean {
  return spans.some(
    (e) => e.documentId === p.documentId && e.version === p.version && e.start < p.end && p.start < e.end,
  );
}

/**
 * Why `p` cannot be read from a text of `length` characters, or null when it can: a span is whole
 * offsets `0 <= start < end <= length`.
 */
export function spanProblem(p: Pick<RetrievedPassage, "start" | "end">, length: number): string | null {
  if (!Number.isInteger(p.start) || !Number.isInteger(p.end))
    return `span [${p.start}, ${p.end}) is not whole character offsets`;
  if (p.start < 0) return `span [${p.start}, ${p.end}) starts before the text`;
  if (p.end <= p.start) return `span [${p.start}, ${p.end}) is empty or inverted`;
  if (p.end > length) return `span [${p.start}, ${p.end}) ends past the text (${length} characters)`;
  return null;
}

/**
 * Turns retrieved passages (best first) into the extract an answer may cite: verbatim text, document
 * role and effective date, clause reference. A passage whose text is gone, or whose span is not one of
 * its text (`spanProblem`), is left out alone, and `deps.onDropped` told why; overlapping passages of
 * one version are kept once.
 */
export async function buildExtract(passages: readonly RetrievedPassage[], deps: ExtractDeps): Promise<EvidenceItem[]> {
  const items: EvidenceItem[] = [];
  for (let p of passages) {
    const text = await deps.text(p.documentId, p.version);
    const problem = text === null ? "its text is no longer stored" : spanProblem(p, text.length);
    if (text === null || problem !== null) {
      deps.onDropped?.(p, `${p.documentId}@${p.version}: ${problem}`);
      continue;
    }
    if (overlapsAny(items, p)) continue;
    if (deps.wholeUnits) {
      const unit = answeringUnit({ start: 0, end: text.length, text }, p.start, p.end);
      if (unit.end > p.end && !overlapsAny(items, { ...p, ...unit })) p = { ...p, ...unit };
    }
    const doc = await deps.document(p.documentId);
    const node = (await deps.node?.(p.documentId, p.version, p.nodeId)) ?? null;
    items.push({
      id: `E${items.length + 1}`,
      documentId: p.documentId,
      version: p.version,
      nodeId: p.nodeId,
      start: p.start,
      end: p.end,
      text: text.slice(p.start, p.end),
      docLabel: documentLabel(doc, p.documentId),
      ...(doc?.title ? { title: doc.title } : {}),
      role: doc?.role ?? "unknown",
      effectiveDate: doc?.effectiveDate ?? null,
      transactionSetId: doc?.transactionSetId ?? null,
      ...provisionOf(node),
    });
    const nodeOf = deps.node;
    if (
      node &&
      nodeOf &&
      (await liesInClose(node, text.slice(p.start, p.end), (id) => nodeOf(p.documentId, p.version, id)))
    )
      (items[items.length - 1] as EvidenceItem).signatureBlock = true;
  }
  if (deps.amendments) await applyAmendments(items, deps, deps.amendments);
  if (deps.mayLink)
    await linkExtract(items, deps, deps.mayLink, items.filter((i) => i.nodeId !== "").slice(0, LINKED_SEEDS));
  return items;
}

/**
 * How an item names its provision, from the tree's node: the clause as cited and the provision's own heading;
 * `fallback` is the clause an amendment edit recorded, for an edit whose node is not found.
 */
function provisionOf(
  node: ProvisionNode | null,
  fallback: string | null = null,
): Pick<EvidenceItem, "clauseRef" | "provisionHeading"> {
  return {
    clauseRef: node ? citeableClause(node) : fallback,
    ...(node?.title ? { provisionHeading: node.title } : {}),
  };
}

/**
 * Brings in what `cited` (items of `items`) lean on, appending to `items`: for each defined term a passage uses and each section
 * it points to, the defining or referred-to provision, when it lies in the passage's own document or in
 * another member of the same transaction set that the asker may read (a term used in a guarantee
 * resolves to the credit agreement that defines it). A provision already in the extract is linked, not
 * repeated. Superseded passages are read like any other: their chain is already on the item.
 */
export async function linkExtract(
  items: EvidenceItem[],
  deps: Pick<ExtractDeps, "text" | "document" | "node" | "amendments">,
  mayLink: (documentId: string) => Awaitable<boolean>,
  cited: readonly EvidenceItem[],
): Promise<void> {
  const inForce = definitionsInForce(deps);
  let added = 0;
  let tokens = 0;
  for (const item of cited) {
    const node = (await deps.node?.(item.documentId, item.version, item.nodeId)) ?? null;
    if (!node) continue;
    const inside = (start: number) => start >= item.start && start < item.end;
    const wanted: Array<{
      kind: "definition" | "cross-reference";
      words: string;
      documentId: string;
      nodeId: string;
      span?: { start: number; end: number };
    }> = [
      ...node.termUses
        .filter((u) => inside(u.start) && u.definitionNodeId !== null)
        .map((u) => ({
          kind: "definition" as const,
          words: u.term,
          documentId: u.definitionDocumentId ?? item.documentId,
          nodeId: u.definitionNodeId as string,
        })),
      ...node.xrefs
        .filter((x) => inside(x.start) && x.targetNodeId !== null)
        .map((x) => ({
          kind: "cross-reference" as const,
          words: x.text,
          documentId: x.targetDocumentId ?? item.documentId,
          nodeId: x.targetNodeId as string,
        })),
    ];
    const links: NonNullable<EvidenceItem["links"]> = [];
    for (let w of wanted) {
      if (w.documentId === item.documentId && w.nodeId === item.nodeId) continue;
      if (w.kind === "definition" && item.transactionSetId !== null) {
        // a definition an amendment restated is read as restated, one it deleted not at all
        const restated = await inForce(item.transactionSetId, w.words, w.documentId, w.nodeId);
        if (restated === "deleted") continue;
        if (restated) w = { ...w, ...restated };
      }
      if (links.some((l) => l.kind === w.kind && l.words === w.words)) continue;
      const doc = await deps.document(w.documentId);
      const sameDocument = w.documentId === item.documentId;
      // Another instrument only within the passage's own set, and only one the asker may read.
      if (!sameDocument && (item.transactionSetId === null || doc?.transactionSetId !== item.transactionSetId))
        continue;
      if (!(await mayLink(w.documentId))) continue;
      const version = sameDocument ? item.version : (doc?.currentVersion ?? null);
      if (version === null) continue;
      const node = (await deps.node?.(w.documentId, version, w.nodeId)) ?? null;
      const target = node && w.span ? { ...node, ...w.span } : node;
      const text = await deps.text(w.documentId, version);
      if (!target || text === null || spanProblem(target, text.length) !== null) continue;
      const span = { documentId: w.documentId, version, start: target.start, end: target.end };
      const holder = items.find(
        (e) => e.documentId === span.documentId && e.version === version && e.start <= span.start && span.end <= e.end,
      );
      if (holder) {
        if (holder !== item) links.push({ kind: w.kind, words: w.words, itemId: holder.id });
        continue;
      }
      if (overlapsAny(items, span) || target.end - target.start > LINKED_MAX_CHARS || added >= LINKED_MAX_ITEMS)
        continue;
      const cost = countTokens(text.slice(target.start, target.end));
      if (tokens + cost > LINKED_MAX_TOKENS) continue;
      tokens += cost;
      added++;
      const id = `E${items.length + 1}`;
      items.push({
        id,
        documentId: w.documentId,
        version,
        nodeId: w.nodeId,
        start: target.start,
        end: target.end,
        text: text.slice(target.start, target.end),
        docLabel: documentLabel(doc, w.documentId),
        ...(doc?.title ? { title: doc.title } : {}),
        role: doc?.role ?? "unknown",
        effectiveDate: doc?.effectiveDate ?? null,
        transactionSetId: doc?.transactionSetId ?? null,
        ...provisionOf(target),
        linkedBy: w.kind,
      });
      links.push({ kind: w.kind, words: w.words, itemId: id });
    }
    if (links.length > 0) item.links = links;
  }
}

const EDIT_WORDS: Record<AmendingEdit["kind"], string> = {
  replace: "replaced by",
  amend: "amended by",
  insert: "added by",
  delete: "deleted by",
};

/**
 * Reads the set's amendment edits into the extract: each amending passage learns the provisions it
 * amends; a passage of a provision an edit replaced or deleted is marked superseded, with the chain;
 * and the amending clause's new text (the text in force) is brought in when the extract lacks it, so
 * the answer can cite the text in force rather than the superseded one. A provision amended in part
 * reads together with its amending clause (`partialAmendments`), which is brought in too.
 */
async function applyAmendments(
  items: EvidenceItem[],
  deps: ExtractDeps,
  amendments: (transactionSetId: string) => Awaitable<readonly AmendingEdit[]>,
): Promise<void> {
  const sets = [...new Set(items.map((i) => i.transactionSetId).filter((s): s is string => s !== null))];
  // each amending clause brought in, and the passage of the provision it amends
  const readWith = new Map<EvidenceItem, EvidenceItem>();
  for (const setId of sets) {
    const edits = (await amendments(setId)).filter((e) => e.targetDocumentId !== null);
    const targetSpan = async (e: AmendingEdit, version: string) => {
      if (e.targetNodeId === null || e.targetDocumentId === null) return null;
      // the edits are read from the current versions: a narrower span holds in that version only
      if (e.targetSpan && version === (await versionOf(e.targetDocumentId)))
        return { documentId: e.targetDocumentId, ...e.targetSpan };
      const n = (await deps.node?.(e.targetDocumentId, version, e.targetNodeId)) ?? null;
      return n ? { documentId: e.targetDocumentId, start: n.start, end: n.end } : null;
    };
    const versionOf = async (id: string) => (await deps.document(id))?.currentVersion ?? null;
    // a definition edited among others in one passage is cut out of it, to be superseded alone
    const edited: EditedSpan[] = [];
    for (const e of edits)
      if ((e.kind === "replace" || e.kind === "delete") && e.targetSpan && e.targetDocumentId) {
        const version = await versionOf(e.targetDocumentId);
        if (version !== null) edited.push({ documentId: e.targetDocumentId, version, ...e.targetSpan });
      }
    splitAtEditedSpans(items, edited);
    const amendsOf = async (documentId: string, start: number, end: number) => {
      const out: Array<{ documentId: string; start: number; end: number }> = [];
      for (const e of edits) {
        if (e.amendmentDocumentId !== documentId) continue;
        const to = e.newText?.end ?? e.end;
        if (!(e.start < end && start < to)) continue;
        const v = e.targetDocumentId ? await versionOf(e.targetDocumentId) : null;
        const t = v ? await targetSpan(e, v) : null;
        if (t !== null) out.push(t);
      }
      return out;
    };
    for (const item of items.filter((i) => i.transactionSetId === setId)) {
      item.amends = await amendsOf(item.documentId, item.start, item.end);
      // the latest whole edit of the provision that holds this passage
      const whole: AmendingEdit[] = [];
      for (const e of edits) {
        if (e.targetDocumentId !== item.documentId || (e.kind !== "replace" && e.kind !== "delete")) continue;
        const t = await targetSpan(e, item.version);
        if (t !== null && t.start <= item.start && item.end <= t.end) whole.push(e);
      }
      const last = whole[whole.length - 1];
      if (!last) {
        for (const brought of await partialAmendments(items, item, edits, deps, targetSpan, amendsOf))
          readWith.set(brought, item);
        continue;
      }
      const amendment = await deps.document(last.amendmentDocumentId);
      const by = `${documentLabel(amendment, last.amendmentDocumentId)}${last.amendmentClauseRef ? ` ${last.amendmentClauseRef}` : ""}`;
      item.supersededBy = `${last.target.ref} of ${item.docLabel}, as ${EDIT_WORDS[last.kind]} ${by} (effective ${last.effectiveDate ?? "date not stated"})`;
      const version = amendment?.currentVersion ?? null;
      const text = version ? await deps.text(last.amendmentDocumentId, version) : null;
      if (!last.newText || version === null || text === null || spanProblem(last.newText, text.length) !== null)
        continue;
      const span = { documentId: last.amendmentDocumentId, version, ...last.newText };
      if (overlapsAny(items, span)) continue;
      const node = last.amendmentNodeId
        ? ((await deps.node?.(last.amendmentDocumentId, version, last.amendmentNodeId)) ?? null)
        : null;
      const inForce: EvidenceItem = {
        id: `E${items.length + 1}`,
        documentId: last.amendmentDocumentId,
        version,
        nodeId: last.amendmentNodeId ?? "",
        start: last.newText.start,
        end: last.newText.end,
        text: text.slice(last.newText.start, last.newText.end),
        docLabel: documentLabel(amendment, last.amendmentDocumentId),
        ...(amendment?.title ? { title: amendment.title } : {}),
        role: amendment?.role ?? "unknown",
        effectiveDate: amendment?.effectiveDate ?? null,
        transactionSetId: setId,
        ...provisionOf(node, last.amendmentClauseRef),
        amends: await amendsOf(last.amendmentDocumentId, last.newText.start, last.newText.end),
      };
      items.push(inForce);
      readWith.set(inForce, item);
    }
  }
  readAfterAmended(items, readWith);
}

/**
 * Places each amending clause brought in right after the passage of the provision it amends, as a
 * reader of the amended instrument finds it (the answer reads each passage's place in the extract),
 * and labels the items E1, E2, ... in their new order.
 */
function readAfterAmended(items: EvidenceItem[], readWith: ReadonlyMap<EvidenceItem, EvidenceItem>): void {
  if (readWith.size === 0) return;
  const ordered: EvidenceItem[] = [];
  for (const item of items) {
    if (readWith.has(item)) continue;
    ordered.push(item);
    for (const [brought, anchor] of readWith) if (anchor === item) ordered.push(brought);
  }
  items.splice(0, items.length, ...ordered);
  items.forEach((item, i) => {
    item.id = `E${i + 1}`;
  });
}

/**
 * A provision amended in part ("Section 2(c) is amended by deleting … and inserting …") is in force as
 * its own text read with the amending clause: for each edit of the set that amends, without replacing
 * or deleting, the provision holding `item`, the amending clause (its provision in the amendment when
 * that is short, else the operative words through the new text) is brought in once, marked as amending
 * that provision, so the answer can cite both and state the chain. Returns the clauses brought in.
 */
async function partialAmendments(
  items: EvidenceItem[],
  item: EvidenceItem,
  edits: readonly AmendingEdit[],
  deps: ExtractDeps,
  targetSpan: (e: AmendingEdit, version: string) => Promise<{ start: number; end: number } | null>,
  amendsOf: (documentId: string, start: number, end: number) => Promise<EvidenceItem["amends"] & object>,
): Promise<EvidenceItem[]> {
  const brought: EvidenceItem[] = [];
  for (const e of edits) {
    if (e.kind !== "amend" || e.targetDocumentId !== item.documentId) continue;
    const t = await targetSpan(e, item.version);
    if (t === null || !(t.start <= item.start && item.end <= t.end)) continue;
    const amendment = await deps.document(e.amendmentDocumentId);
    const version = amendment?.currentVersion ?? null;
    const text = version ? await deps.text(e.amendmentDocumentId, version) : null;
    if (version === null || text === null) continue;
    const node = e.amendmentNodeId
      ? ((await deps.node?.(e.amendmentDocumentId, version, e.amendmentNodeId)) ?? null)
      : null;
    const clause =
      node && node.start <= e.start && node.end > e.start && node.end - node.start <= LINKED_MAX_CHARS
        ? { start: node.start, end: node.end }
        : { start: e.start, end: e.newText?.end ?? e.end };
    if (spanProblem(clause, text.length) !== null) continue;
    const span = { documentId: e.amendmentDocumentId, version, ...clause };
    if (overlapsAny(items, span)) continue;
    const amending: EvidenceItem = {
      id: `E${items.length + 1}`,
      documentId: e.amendmentDocumentId,
      version,
      nodeId: e.amendmentNodeId ?? "",
      start: clause.start,
      end: clause.end,
      text: text.slice(clause.start, clause.end),
      docLabel: documentLabel(amendment, e.amendmentDocumentId),
      ...(amendment?.title ? { title: amendment.title } : {}),
      role: amendment?.role ?? "unknown",
      effectiveDate: amendment?.effectiveDate ?? null,
      transactionSetId: item.transactionSetId,
      ...provisionOf(node, e.amendmentClauseRef),
      amends: await amendsOf(e.amendmentDocumentId, clause.start, clause.end),
    };
    items.push(amending);
    brought.push(amending);
  }
  return brought;
}

/**
 * The stored text of an extract's versions, read once, as the synchronous lookup citation checking
 * reads by: a citation lies inside an extract item, so no other version is ever asked for.
 */
export async function extractSource(extract: readonly EvidenceItem[], text: TextLookup): Promise<SourceText> {
  const texts = new Map<string, string | null>();
  for (const e of extract) {
    const key = `${e.documentId}@${e.version}`;
    if (!texts.has(key)) texts.set(key, await text(e.documentId, e.version));
  }
  return (documentId, version) => texts.get(`${documentId}@${version}`) ?? null;
}
