import type { Catalog } from "@lexnav/catalog";
import { LexnavError, sha256Hex } from "@lexnav/core";
import { countTokens, type DocumentRecord } from "@lexnav/document-model";
import { type IndexedDocument, loadIndexedDocument } from "@lexnav/ingest";
import { buildNavDocument, type NavIndex, resolveNavHandle, serializeNavIndexCompact } from "@lexnav/provisions";
import type { Principal, RoutedBy, Searcher } from "@lexnav/retrieval";

/**
 * Most tokens of compact navigation index a model planner is sent: a transaction set fits, a corpus of
 * hundreds of contracts is past any model's context (sizes in docs/navindex.md), so beyond this the
 * index is scoped to the documents the question names.
 */
export const PLANNER_INDEX_TOKENS = 100_000;

/**
 * Compact-index tokens per character of document text, set below every reading in `docs/navindex.md`,
 * so that an index is left unbuilt only when it is plainly too large; one that may fit is built and counted.
 */
const INDEX_TOKENS_PER_TEXT_CHAR = 0.05;

/** What the model planner reads for one question: the compact index, the pairs it lists, its version. */
export interface PlannerIndex {
  compact: string;
  known: ReadonlySet<string>;
  indexVersion: string;
  resolve: (handle: string) => { documentId: string; nodeId: string } | null;
  /** Set when the index was scoped to the documents the question was routed to. */
  routing?: { documents: string[]; by: RoutedBy };
}

/**
 * The navigation index a model planner reads for a question: everything `readable` lists when its
 * compact form fits in `maxTokens`, as the paper's planner reads a whole transaction set; otherwise the
 * documents retrieval routes the question to (`Searcher.route`: the documents it names, by name, by
 * kind or by the parties' roles) with the other readable members of their transaction sets, so an
 * amendment is planned beside its agreement. Only the documents in scope are read and built, per
 * question, so a delete or a rebuilt version is seen at once. A question that names nothing the asker
 * may read, over an index too large to send whole, is refused with what to do instead.
 */
export async function plannerIndexFor(
  deps: { catalog: Catalog; searcher: Searcher },
  principal: Principal,
  question: string,
  readable: readonly DocumentRecord[],
  maxTokens = PLANNER_INDEX_TOKENS,
  documentIds?: readonly string[],
): Promise<PlannerIndex> {
  const docs = readable.filter((d) => d.currentVersion !== null);
  let estimate = 0;
  for (const d of docs) estimate += (await textLength(deps.catalog, d)) * INDEX_TOKENS_PER_TEXT_CHAR;
  if (estimate <= maxTokens) {
    const whole = await compactOf(deps.catalog, docs);
    if (whole.tokens <= maxTokens) return whole.index;
  }
  const routed = await deps.searcher.route({
    query: question,
    principal,
    ...(documentIds ? { documentIds: [...documentIds] } : {}),
  });
  const ids = new Set(routed.documents.map((d) => d.documentId));
  const named = docs.filter((d) => ids.has(d.id));
  if (named.length === 0)
    throw new LexnavError(
      "too_large",
      `the navigation index of the ${docs.length} documents you may read is too large for the planner (limit ${maxTokens} tokens) and the question names none of them: name the agreement, or ask with --mode hybrid`,
    );
  const sets = new Set(named.flatMap((d) => (d.transactionSetId ? [d.transactionSetId] : [])));
  const routing = { documents: named.map((d) => d.id), by: routed.routedBy };
  const withSets = docs.filter((d) => ids.has(d.id) || (d.transactionSetId !== null && sets.has(d.transactionSetId)));
  for (const scope of withSets.length > named.length ? [withSets, named] : [named]) {
    const scoped = await compactOf(deps.catalog, scope);
    if (scoped.tokens <= maxTokens) return { ...scoped.index, routing };
  }
  throw new LexnavError(
    "too_large",
    `the navigation index of the documents the question names is too large for the planner (limit ${maxTokens} tokens): ask about one agreement, or ask with --mode hybrid`,
  );
}

async function textLength(catalog: Catalog, d: DocumentRecord): Promise<number> {
  return (await catalog.listVersions(d.id)).find((v) => v.version === d.currentVersion)?.textLength ?? 0;
}

async function compactOf(
  catalog: Catalog,
  docs: readonly DocumentRecord[],
): Promise<{ index: PlannerIndex; tokens: number }> {
  const loaded: IndexedDocument[] = [];
  for (const d of docs) {
    const one = await loadIndexedDocument(catalog, d);
    if (one) loaded.push(one);
  }
  const index: NavIndex = { format: "lexnav.navindex", version: 1, documents: loaded.map(buildNavDocument) };
  const compact = serializeNavIndexCompact(index);
  const known = new Set(index.documents.flatMap((d) => d.nodes.map((n) => `${d.id} ${n.id}`)));
  return {
    index: {
      compact,
      known,
      indexVersion: `navindex-${sha256Hex(compact).slice(0, 12)}`,
      // the compact index names nodes by handle, resolved against the same index
      resolve: (handle: string) => resolveNavHandle(index, handle),
    },
    tokens: countTokens(compact),
  };
}
