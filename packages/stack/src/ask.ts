import { randomUUID } from "node:crypto";
import {
  type Ask,
  BUILTIN_DECISION_MODEL_PATH,
  createAnthropicModel,
  createAsk,
  createModelAnswerer,
  DEFAULT_DECISION_MODEL_PATH,
  type DecisionModel,
  type EvidenceModel,
  embedderRelevance,
  lexicalRelevance,
  loadDecisionModel,
  loadEvidenceModel,
  type ModelAnswerer,
  type NavindexPlanner,
  priceCardOf,
} from "@lexnav/answer";
import { type Catalog, cachedVersionNode, cachedVersionPages, cachedVersionText } from "@lexnav/catalog";
import type { LexnavConfig } from "@lexnav/core";
import { createTransactionSetEdits, type IndexedDocument, loadIndexedDocument } from "@lexnav/ingest";
import { buildNavIndex, type NavIndex } from "@lexnav/provisions";
import { type Embedder, mayRead, type Searcher } from "@lexnav/retrieval";
import { plannerIndexFor } from "./planner-index.ts";
import { type Reader, readableDocuments, withoutForeignLinks } from "./readable.ts";
import { requestScope } from "./scope.ts";

/**
 * Builds the navindex over the indexed documents `reader` may read (optionally of one transaction set,
 * which must have a member it may read: `requestScope`) from the catalog.
 */
export async function loadNavIndex(
  catalog: Catalog,
  reader: Reader,
  setId?: string,
): Promise<{ index: NavIndex; docs: IndexedDocument[] }> {
  const scope =
    setId === undefined ? undefined : new Set(await requestScope(catalog, { transactionSetId: setId }, reader));
  const records = await readableDocuments(catalog, reader, { lifecycle: ["indexed"] });
  const readable = new Set(records.map((d) => d.id));
  const loaded: IndexedDocument[] = [];
  for (const d of records.filter((r) => !scope || scope.has(r.id))) {
    const one = await loadIndexedDocument(catalog, d);
    if (one) loaded.push(one);
  }
  const docs = loaded.map((d) => ({
    ...d,
    structure: { ...d.structure, nodes: withoutForeignLinks(d.structure.nodes, (id) => readable.has(id)) },
  }));
  return { index: buildNavIndex(docs), docs };
}

/**
 * The language model the config names, as answerer and planner (`createModelAnswerer`), with its name;
 * null when no key is set (lexnav answers and plans offline).
 */
export function configuredModel(config: LexnavConfig): { name: string; answerer: ModelAnswerer } | null {
  const settings = config.answer;
  if (!settings?.apiKey) return null;
  return {
    name: settings.model,
    answerer: createModelAnswerer({
      model: createAnthropicModel({
        apiKey: settings.apiKey,
        model: settings.model,
        thinking: settings.thinking,
        baseURL: settings.baseURL,
        timeoutMs: settings.timeoutMs,
        maxRetries: settings.maxRetries,
      }),
    }),
  };
}

/** What the ask use case is wired to: the config, the catalog and the searcher over the same store. */
export interface AskWiring {
  config: LexnavConfig;
  catalog: Catalog;
  searcher: Searcher;
  /** The loaded models; the evidence decision reads sentence relevance from `relevance` when it was trained on it. */
  models?: { relevance?: Embedder };
  /**
   * The planner service (`createPlannerClient`): a model's navindex plan is asked of it, with its key
   * and its index of what the asker may read, and this process builds no navigation index.
   */
  planner?: NavindexPlanner;
}

/**
 * The ask use case over a store: a model answers when a key is configured and `offline` is false,
 * the offline evidence model otherwise. The CLI and the answer service answer through this one wiring.
 * A command or an evaluation run reads each version's text and provisions once (`cachedVersionText`,
 * `cachedVersionNode`). A long-lived process (`longLived`) answers each call as a run of its own: read
 * once in the call and never kept past it, so the next call sees a delete or rebuilt provisions.
 */
export function createStackAsk(w: AskWiring, offline: boolean, options: { longLived?: boolean } = {}): Ask {
  const model = offline ? null : configuredModel(w.config);
  const readable = async (principal: Parameters<typeof mayRead>[0]) =>
    (await w.catalog.listDocuments({ lifecycle: ["indexed"] })).filter((d) => mayRead(principal, d.access));
  // read on first use (a model-backed answer never needs it), then kept for the process
  let evidence: EvidenceModel | null = null;
  const evidenceModel = () => {
    evidence ??= loadEvidenceModel(w.config.evidenceModelPath);
    return evidence;
  };
  // A decision model's weights fit the relevance it was trained on. The configured file, else the shipped
  // one for a pretrained embedder when that embedder is loaded, else the shipped one for the built-in
  // relevance; a model reads its embedder's cosines only when that very embedder is loaded, the built-in
  // lexical relevance otherwise (never another model's scale).
  const embedder = w.models?.relevance;
  let decision: DecisionModel | null = null;
  const decisionModel = () => {
    decision ??= configuredDecisionModel(w.config, embedder?.id);
    return decision;
  };
  const offlineDecision =
    w.config.offlineAnswerer === "wording"
      ? ({ answerer: "wording" } as const)
      : {
          answerer: "evidence" as const,
          decision: decisionModel,
          relevance: async (question: string, texts: readonly string[]) =>
            embedder && decisionModel().relevance === embedder.id
              ? embedderRelevance(embedder)(question, texts)
              : lexicalRelevance(question, texts),
        };
  const setEdits = createTransactionSetEdits(w.catalog);
  const run = () =>
    createAsk({
      evidenceModel,
      offline: offlineDecision,
      searcher: w.searcher,
      text: cachedVersionText(w.catalog),
      document: (id) => w.catalog.getDocument(id),
      node: cachedVersionNode(w.catalog),
      // read from the set's stored text again whenever its readable members change; only what the asker may read
      setAmendments: (setId, principal) => setEdits(setId, (d) => mayRead(principal, d.access)),
      // copies of one agreement as ingest recorded them; answering keeps to those the asker may read
      copies: (id) => w.catalog.listCopies(id),
      pages: cachedVersionPages(w.catalog),
      corpus: async (principal) =>
        (await readable(principal))
          .filter((d) => d.currentVersion !== null)
          .map((d) => ({ documentId: d.id, version: d.currentVersion as string })),
      ...(w.planner
        ? { planner: w.planner }
        : {
            navindex: async (principal, question, documentIds) => {
              const inScope = documentIds ? new Set(documentIds) : null;
              const docs = (await readable(principal)).filter((d) => !inScope || inScope.has(d.id));
              return plannerIndexFor(w, principal, question, docs, undefined, documentIds);
            },
          }),
      model,
      priceCard: priceCardOf(w.config),
      now: () => new Date().toISOString(),
      newId: () => `ans_${randomUUID().replace(/-/g, "").slice(0, 16)}`,
    });
  if (!options.longLived) return run();
  return { ask: (req) => run().ask(req), replay: (record, reader) => run().replay(record, reader) };
}

/**
 * The decision model the offline answerer uses: the configured file, else the shipped one for a
 * pretrained embedder when that embedder (`relevanceId`) is loaded, else the shipped one for the
 * built-in relevance. The trainer reports it beside a fit, on the same extracts.
 */
export function configuredDecisionModel(
  config: Pick<LexnavConfig, "decisionModelPath">,
  relevanceId: string | undefined,
): DecisionModel {
  if (config.decisionModelPath) return loadDecisionModel(config.decisionModelPath);
  const pretrained = loadDecisionModel(DEFAULT_DECISION_MODEL_PATH);
  return relevanceId !== undefined && pretrained.relevance === relevanceId
    ? pretrained
    : loadDecisionModel(BUILTIN_DECISION_MODEL_PATH);
}
