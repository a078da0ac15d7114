import { checkQuestion, type LedgerEntry, type ModelAnswerer } from "@lexnav/answer";
import type { Catalog } from "@lexnav/catalog";
import { LexnavError } from "@lexnav/core";
import type { Principal, RoutedBy, Searcher } from "@lexnav/retrieval";
import { plannerIndexFor } from "./planner-index.ts";
import { readableDocuments } from "./readable.ts";
import { requestScope } from "./scope.ts";

/** Most targets a plan names: the navindex planner's hard cap. */
export const MAX_PLAN_TARGETS = 10;

/** One planning request: the question, who asks, and the scope the plan may name nodes of. */
export interface NavPlanRequest {
  query: string;
  principal: Principal;
  /** Plan over these documents only, of those the principal may read. */
  documentIds?: readonly string[];
  /** Plan over this transaction set's documents (id or name). */
  transactionSetId?: string;
  /** At most {@link MAX_PLAN_TARGETS}; that many when absent or 0. */
  maxTargets?: number;
  /** The lexical index version the deterministic planner reads; a model's plan reads the catalog and refuses it. */
  indexVersion?: string;
  /** "deterministic": the built-in planner only, as the single process's Search plans; absent: a model when there is one. */
  planner?: "deterministic";
}

/** Where the answer lies, best first, with what planned it and the model calls it made. */
export interface NavPlan {
  targets: Array<{ documentId: string; nodeId: string; rationale: string }>;
  /** "model": the language model read the compact navindex; "deterministic": the built-in planner. */
  planner: "model" | "deterministic";
  usage: LedgerEntry[];
  indexVersion: string;
  warnings: string[];
  /** The documents the model's navigation index listed; empty for the deterministic planner. */
  indexedDocumentIds: string[];
  /** Set when the model's index was scoped to the documents the question was routed to. */
  routing?: { documents: string[]; by: RoutedBy };
  /** How many ids the model named that the index does not list (ignored). */
  rejected: number;
  /**
   * Documents marked not to be sent to an external model that the index would have listed: when any is,
   * the index was not sent and the deterministic planner planned.
   */
  withheld: string[];
}

export interface NavPlanner {
  plan(request: NavPlanRequest): Promise<NavPlan>;
}

/**
 * The navindex planner as a use case of its own (the planner service serves it): over the documents the
 * principal may read, within the request's scope (`requestScope`: an unreadable document in the scope is
 * `not_found`, as an unknown one), it names at most ten (document, provision) targets. With a model, the
 * model reads the compact navigation index built from the catalog for that principal (`plannerIndexFor`);
 * when a document whose entries would be sent is marked not to go to an external model, or without a
 * model, the deterministic planner of the `navindex` search mode plans instead, inside the lexical
 * index's permission filter, and the plan names the documents withheld. Either way no target names a
 * document the principal may not read. A request for the deterministic planner gets it, key or not.
 */
export function createNavPlanner(deps: {
  catalog: Catalog;
  searcher: Searcher;
  model: { name: string; answerer: ModelAnswerer } | null;
}): NavPlanner {
  return {
    async plan(request) {
      const checked = checkQuestion(request.query);
      if (!checked.ok)
        throw new LexnavError(checked.error.code === "empty" ? "empty" : "too_large", checked.error.reason);
      const question = checked.value.question;
      const max = Math.min(MAX_PLAN_TARGETS, request.maxTargets || MAX_PLAN_TARGETS);
      const scope = await requestScope(
        deps.catalog,
        {
          ...(request.documentIds ? { documentIds: request.documentIds } : {}),
          ...(request.transactionSetId !== undefined ? { transactionSetId: request.transactionSetId } : {}),
        },
        request.principal,
      );
      const warnings: string[] = [];
      let withheld: string[] = [];
      if (deps.model && request.planner !== "deterministic") {
        if (request.indexVersion !== undefined)
          throw new LexnavError(
            "invalid_argument",
            "an index version pins the retrieval modes; a model's plan reads the catalog",
          );
        const inScope = scope ? new Set(scope) : null;
        const docs = (await readableDocuments(deps.catalog, request.principal, { lifecycle: ["indexed"] })).filter(
          (d) => !inScope || inScope.has(d.id),
        );
        const nav = await plannerIndexFor(deps, request.principal, question, docs, undefined, scope);
        const listed = new Set([...nav.known].map((key) => key.split(" ")[0] as string));
        const barred: string[] = [];
        for (const id of listed) if ((await deps.catalog.getDocument(id))?.noExternalModel === true) barred.push(id);
        if (barred.length === 0) {
          const plan = await deps.model.answerer.plan({
            question,
            compactIndex: nav.compact,
            known: nav.known,
            resolve: nav.resolve,
            maxNodes: max,
          });
          if (plan.rejected.length > 0)
            warnings.push(`planner named ${plan.rejected.length} id(s) not in the index; ignored`);
          return {
            targets: plan.pairs.map((p, i) => ({ ...p, rationale: `${deps.model?.name} plan #${i + 1}` })),
            planner: "model",
            usage: [plan.usage],
            indexVersion: nav.indexVersion,
            warnings,
            indexedDocumentIds: [...listed],
            ...(nav.routing ? { routing: nav.routing } : {}),
            rejected: plan.rejected.length,
            withheld: [],
          };
        }
        withheld = barred;
        warnings.push(
          `planned offline, not by ${deps.model.name}: ${barred.length} document(s) in the index are marked not to be sent to an external model`,
        );
      }
      const result = await deps.searcher.search(
        {
          query: question,
          principal: request.principal,
          mode: "navindex",
          k: max,
          ...(scope ? { documentIds: scope } : {}),
          ...(request.indexVersion !== undefined ? { indexVersion: request.indexVersion } : {}),
        },
        async (documentId, version) => (await deps.catalog.getVersion(documentId, version))?.text ?? null,
      );
      const targets: NavPlan["targets"] = [];
      const seen = new Set<string>();
      for (const p of result.passages) {
        const key = `${p.documentId} ${p.nodeId}`;
        if (p.nodeId === "" || seen.has(key) || targets.length >= max) continue;
        seen.add(key);
        const last = p.stageScores.at(-1);
        targets.push({
          documentId: p.documentId,
          nodeId: p.nodeId,
          rationale: last ? `${last.stage} #${last.rank}` : "planner",
        });
      }
      return {
        targets,
        planner: "deterministic",
        usage: [],
        indexVersion: result.trace.indexVersion,
        warnings,
        indexedDocumentIds: [],
        rejected: 0,
        withheld,
      };
    },
  };
}
