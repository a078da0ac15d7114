import { inSpan, type TelemetrySpan } from "@lexnav/core";
import { countTokens, type ProvisionNode } from "@lexnav/document-model";
import { featureWords } from "../embedders/text-features.ts";
import type { Embedder } from "../ports/embedder.ts";
import type { DocumentHit, LexicalIndex, PhraseQuery } from "../ports/lexical-index.ts";
import type { Reranker } from "../ports/reranker.ts";
import type { VectorHit, VectorStore } from "../ports/vector-store.ts";
import { askInside as askInsideOf, withoutNamesRead } from "./ask-inside.ts";
import {
  type AssembledContext,
  assembleContext,
  type ContextAssemblyDeps,
  type ContextAssemblyOptions,
  type ContextDocument,
  tightenToEvidence,
} from "./context-assembly.ts";
import {
  capitalisedWords,
  impliedInstruments,
  instrumentMentions,
  mentionLookupText,
  partyNames,
} from "./document-names.ts";
import { reciprocalRankFusion, relativeScoreFusion } from "./fusion.ts";
import { headingsLastSettled, saysOnlyHeading } from "./heading-only.ts";
import { expandConcepts } from "./legal-concepts.ts";
import { namedDealsRoute, partyRoute } from "./party-route.ts";
import { createPassageCache, type NodePassages } from "./passage-cache.ts";
import type { Passage } from "./passages.ts";
import { mayRead, type Principal } from "./principal.ts";
import {
  bareQuestion,
  clauseRefMatches,
  contentWords,
  flagIntents,
  type ParsedQuestion,
  parseQuestion,
  quotationKey,
  quotations,
} from "./question.ts";
import { partyWordsRead, RARE_NAME_CUT, rareNameRoute, uncapitalisedNames } from "./rare-name-route.ts";
import { sectionNameRoute } from "./section-name-route.ts";
import { asksOfClose, isClosePassage } from "./signature-block.ts";
import { askedDefinedTerms, definitionPicks } from "./term-asked.ts";

/**
 * Retrieval modes. `lexical`: BM25 over every passage. `dense`: nearest passages by embedding over
 * every passage. `hybrid`: route to the documents the question names (BM25 over document cards), rank
 * passages inside them by BM25 and by embedding, fuse by relative score (`SearchOptions.fusion`;
 * reciprocal rank with LEXNAV_FUSION=reciprocal-rank). `navembed-r1`..`r4`: dense inside the routed documents (r1), plus cross-reference and definition expansion (r2), hybrid plus
 * expansion (r3), hybrid retrieve 40 then rerank and keep the best 10 first (r4). `navindex`: the
 * deterministic planner over the navigation surface (routing, flag intents, node descriptors, a hard
 * cap of ten nodes, verbatim text along cross-reference and definition edges). `inject`: every
 * passage of every document the principal may read, in document order, whatever `k` is: the
 * baseline of handing a model the whole permitted corpus (its trace's `contextTokens` is that
 * corpus's tokens; its rank metrics mean nothing).
 */
export type SearchMode =
  | "lexical"
  | "dense"
  | "hybrid"
  | "navembed-r1"
  | "navembed-r2"
  | "navembed-r3"
  | "navembed-r4"
  | "navindex"
  | "inject";

export const SEARCH_MODES: readonly SearchMode[] = [
  "lexical",
  "dense",
  "hybrid",
  "navembed-r1",
  "navembed-r2",
  "navembed-r3",
  "navembed-r4",
  "navindex",
  "inject",
];

export interface SearchRequest {
  query: string;
  principal: Principal;
  mode: SearchMode;
  /** Passages wanted, best first. */
  k: number;
  indexVersion?: string;
  vectorIndexVersion?: string;
  /**
   * Search only these documents (a deal's instruments, one agreement): every stage, routing and inject
   * included, inside the queries like the permission filter. Absent: everything the principal may read.
   */
  documentIds?: string[];
}

/** One retrieved passage: a span of a document version, with the scores each stage gave it. */
export interface RetrievedPassage {
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  score: number;
  tokens: number;
  stageScores: Array<{ stage: string; score: number; rank: number }>;
}

/** What chose the documents a question was routed to (`QueryTrace.routedBy`). */
export type RoutedBy = "name" | "instrument" | "role" | "party" | "question";

/** What a query did, for audit and tuning: ids, scores, filters, versions and counts, never document text. */
export interface QueryTrace {
  normalisedQuery: string;
  mode: SearchMode;
  indexVersion: string;
  vectorIndexVersion?: string;
  /** Who asked, and the documents the request was scoped to (absent: everything the principal may read). */
  filters: { principal: string; groups: string[]; documents?: string[] };
  stages: Array<{ stage: string; ms: number; candidates: Array<{ id: string; score: number }> }>;
  /**
   * What chose the documents of the `route` stage: the question's naming part (a leading clause that
   * names an instrument by title and parties, then a question), an instrument its asking part names by kind ("the loan agreement"),
   * the kind of instrument its parties or subjects imply ("the guarantor's liability": `role`), a party
   * or other proper name it names ("Does Acme have to ...": `party`, routed by all its words), or,
   * when none, all its words (`question`); absent when the query was not routed.
   */
  routedBy?: RoutedBy;
  /**
   * The question's words read inside its route as the routed documents' names (rare names of a lower-case
   * question, or words of a routed document's parties) and so left out of the ranking text there; absent
   * when none were. Words of the question, never of a document.
   */
  namesRead?: string[];
  selected: string[];
  contextTokens: number;
  /** The assembled context: item ids (document, version and span), tokens and flags; never text. */
  context?: {
    tokens: number;
    tokenBudget: number;
    merged: number;
    dropped: { restricted: number; missingText: number; duplicates: number; overBudget: number };
    items: Array<{
      id: string;
      nodeId: string;
      rank: number;
      tokens: number;
      boilerplate: string | null;
      /** `documentId/nodeId` of the provision that supersedes this one. */
      supersededBy: string | null;
      contradicts: string[];
      /** The item holds an instruction aimed at an AI, which no answer cites. */
      modelInstruction: boolean;
    }>;
  };
}

export interface SearchResult {
  /** The ranked passages, best first (what retrieval is scored on). */
  passages: RetrievedPassage[];
  /** The same passages assembled into the context a model or reader is handed (`assembleContext`). */
  context: AssembledContext;
  trace: QueryTrace;
}

/** A value a lookup gives at once (a cache, a fixture) or from a store. */
export type Awaitable<T> = T | Promise<T>;

/** The verbatim text of a document version, or null when it is not available. */
export type TextOf = (documentId: string, version: string) => Awaitable<string | null>;

export interface Searcher {
  /**
   * Runs a query over the stores, awaiting the models the deps give (`queryEmbedderFor` for the
   * dense stages, `reranker` for navembed-r4). Each text is read once per query.
   */
  search(request: SearchRequest, text: TextOf): Promise<SearchResult>;
  /**
   * The documents the routed modes would search for `query` (its `route` stage), best first: what a
   * model planner's navigation index is scoped to when everything the principal may read is too large.
   */
  route(request: Pick<SearchRequest, "query" | "principal" | "indexVersion" | "documentIds">): Promise<RouteResult>;
}

/** One passage a candidate source ranked: its span and score (no passage id: the span names it). */
export interface SourceHit {
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  score: number;
}

/**
 * A ranked list of passages for a text, from a store the Searcher does not hold: a stage service
 * (lexical, vector) that searches its own index in its one mode, with the permission filter and the
 * scope inside its query. The Searcher asks it where it would ask its own lexical index or vector store.
 */
export interface CandidateSource {
  search(query: {
    text: string;
    principal: Principal;
    k: number;
    documentIds?: string[];
  }): Promise<{ hits: SourceHit[]; indexVersion: string }>;
}

/**
 * The lexical stage served elsewhere (the lexical service, `createLexicalStageClient` in packages/grpc):
 * its passage search and everything else the Searcher reads of a lexical index, so a Searcher whose own
 * index is empty (a process on the shared catalog) reads only the stage's. The principal and the scope
 * travel with every call, and the stage filters inside its store query; a pinned index version is not
 * served remotely (the stage reads its active one).
 */
export interface LexicalSource extends CandidateSource {
  /** The documents a question names (`LexicalIndex.searchDocuments`): BM25 over their cards, `named` ones marked. */
  searchDocuments(query: {
    text: string;
    principal: Principal;
    k: number;
    documentIds?: string[];
  }): Promise<{ hits: DocumentHit[]; indexVersion: string }>;
  /** At most `limit` documents whose passages hold a phrase whole (`LexicalIndex.documentsHolding`). */
  documentsHolding(query: PhraseQuery): Promise<{ documentIds: string[]; indexVersion: string }>;
  /** Every passage the principal may read, in document order, score 0 (`LexicalIndex.listPassages`). */
  listPassages(query: {
    principal: Principal;
    documentIds?: string[];
  }): Promise<{ hits: SourceHit[]; indexVersion: string }>;
  /** The index version the stage serves; null when it has none yet. */
  activeVersion(): Promise<string | null>;
}

/**
 * The navindex planner served elsewhere (the planner service, `createPlannerClient` in packages/grpc):
 * for a question, a principal and a scope it names the (document, provision) targets to read, best
 * first, of the documents the principal may read only. The Searcher asks it where it would plan itself.
 */
export interface NodePlanner {
  plan(call: {
    query: string;
    principal: Principal;
    documentIds?: readonly string[];
    maxTargets?: number;
    indexVersion?: string;
    /** The built-in planner only: navindex search plans as the single process does, calling no model. */
    planner?: "deterministic";
  }): Promise<{ targets: ReadonlyArray<{ documentId: string; nodeId: string }> }>;
}

/** The documents a question was routed to, best first, what chose them and the lexical index version read. */
export interface RouteResult {
  documents: Array<{ documentId: string; score: number }>;
  routedBy: RoutedBy;
  /**
   * Whether the route is settled: the question named its document (`name`), the names it uses (its
   * parties) pick a routed document on their own, or it routed by a kind or role and names no party.
   * A route by all the question's words, or by a capitalised word no card answers to (a defined term,
   * a party's short form), is a guess: hybrid searches everything the asker may read beside it.
   */
  settled?: boolean;
  /** The words of a question typed in lower case that routed it as names (`uncapitalisedNames`). */
  namesRead?: string[];
  indexVersion: string;
}

/** An embedder that answers synchronously (the built-in LSA embedder does); queries and passages share it. */
export interface SyncEmbedder {
  readonly id: string;
  embedSync(texts: string[]): Float32Array[];
}

/** Tuning of the modes; the defaults are what docs/retrieval.md measured. */
export interface SearchOptions {
  /** Most documents a question is routed to. */
  maxRoutedDocuments: number;
  /** A further document is routed to when its card score is at least this share of the best one. */
  routeScoreRatio: number;
  /** Candidates each stage hands to fusion. */
  stageCandidates: number;
  /** Candidates the r4 reranker sees, and how many it keeps at the head. */
  rerankCandidates: number;
  rerankKeep: number;
  /** Tokens the expansion stage may add. */
  expansionTokens: number;
  /** Passages whose nodes seed expansion. */
  expansionSeeds: number;
  /** The planner's hard cap on nodes. */
  plannerNodes: number;
  /** Modes whose passages are tightened to the sentences carrying the question's words. */
  tighten: readonly SearchMode[];
  /** Adds the clause words of the contract concepts a question names to the ranking inside documents. */
  conceptExpansion: boolean;
  /**
   * How hybrid fuses its lexical and dense rankings: by relative score (each ranking's scores rescaled
   * to [0, 1] and summed), or by reciprocal rank (k = 60); measured against each other in
   * docs/retrieval.md, "Ranking inside the reached documents".
   */
  fusion: FusionMethod;
  /** Context assembly (token budget, merge gap, duplicate threshold, one document's share). */
  context: Partial<Omit<ContextAssemblyOptions, "principal">>;
}

export const DEFAULT_SEARCH_OPTIONS: SearchOptions = {
  maxRoutedDocuments: 2,
  routeScoreRatio: 0.8,
  stageCandidates: 100,
  rerankCandidates: 40,
  rerankKeep: 10,
  expansionTokens: 400,
  expansionSeeds: 3,
  plannerNodes: 10,
  tighten: [],
  conceptExpansion: true,
  fusion: "relative-score",
  context: {},
};

export const FUSION_METHODS = ["reciprocal-rank", "relative-score"] as const;
export type FusionMethod = (typeof FUSION_METHODS)[number];

/** Documents, from the head of a ranking, whose provisions a cited clause number is looked up in. */
const CLAUSE_DOCUMENTS = 3;
/** Passages of each cited provision brought to the head. */
const CLAUSE_PASSAGES = 2;

export interface SearcherDeps {
  lexical: LexicalIndex;
  /** Dense modes need a vector store and the embedder of its index version. */
  vectors?: VectorStore;
  /**
   * The built-in embedder of one access scope of a vector index version (a per-scope version), null
   * when the scope has no model; called without a scope for an unscoped version.
   */
  embedderFor?: (vectorIndexVersion: string, scope?: string) => Awaitable<SyncEmbedder | null>;
  /** The model embedder of a vector index version, asked before `embedderFor`. */
  queryEmbedderFor?: (vectorIndexVersion: string) => Awaitable<Embedder | null>;
  /** Reranks navembed-r4's pool; without one, r4 keeps the fused order. */
  reranker?: Reranker;
  /** The provision tree of a document version (for the planner, expansion and reranking). */
  structure?: (documentId: string, version: string) => Awaitable<readonly ProvisionNode[]>;
  /** A document's catalog record, for the context's roles, dates, titles and transaction sets. */
  document?: (documentId: string) => Awaitable<ContextDocument | null>;
  /** Current versions of a transaction set's documents, so an amendment outside the results still flags what it rewrites. */
  setMembers?: (transactionSetId: string) => Awaitable<ReadonlyArray<{ documentId: string; version: string }>>;
  /**
   * The lexical and dense stages from stage services instead of `lexical` and `vectors` (the answer and
   * planner services over the lexical and vector services): asked with the same text, k and scope. With a
   * lexical source every lexical read goes to it (passage search, routing over the documents' cards,
   * inject's passages and the index version), never to `lexical`.
   */
  sources?: { lexical?: LexicalSource; dense?: CandidateSource };
  /**
   * The navindex plan from a planner service instead of the built-in planner: navindex reads the
   * passages of the provisions it names (from the lexical stage, in the plan's order) and expands them
   * as it expands its own plan. Absent: the Searcher plans in process.
   */
  planner?: NodePlanner;
  options?: Partial<SearchOptions>;
}

interface Candidate {
  key: string;
  documentId: string;
  version: string;
  nodeId: string;
  start: number;
  end: number;
  score: number;
  stageScores: Array<{ stage: string; score: number; rank: number }>;
}

type Stage = QueryTrace["stages"][number];

/** What every store query of a request carries: who asks, the index version it reads, its scope. */
function storeFilter(request: Pick<SearchRequest, "principal" | "indexVersion" | "documentIds">): {
  principal: Principal;
  indexVersion?: string;
  documentIds?: string[];
} {
  return {
    principal: request.principal,
    ...(request.indexVersion ? { indexVersion: request.indexVersion } : {}),
    ...(request.documentIds ? { documentIds: request.documentIds } : {}),
  };
}

/**
 * A candidate's identity: its document and span. A passage is one span of one provision, so the span
 * names it as its id does, and a hit from a stage service (which carries no passage id) fuses with the
 * same passage found by another stage or added by expansion.
 */
/**
 * How a candidate is named in a search's trace: its document, provision and span. Hits from stage services
 * carry no passage id, so a span names a candidate wherever it came from.
 */
export const candidateKey = (h: { documentId: string; nodeId: string; start: number; end: number }): string =>
  `${h.documentId}/${h.nodeId}@${h.start}-${h.end}`;
/**
 * The document and span a `candidateKey` names (the reranker port sees candidates by key only), or null
 * for a string that is not one.
 */
export function candidatePlace(key: string): { documentId: string; start: number; end: number } | null {
  const slash = key.indexOf("/");
  const at = key.lastIndexOf("@");
  const m = /^(\d+)-(\d+)$/.exec(key.slice(at + 1));
  if (slash <= 0 || at < slash || !m) return null;
  return { documentId: key.slice(0, slash), start: Number(m[1]), end: Number(m[2]) };
}
const keyOf = candidateKey;

/** The retrieval use case over the ports; each mode is a composition of small stages. */
export function createSearcher(deps: SearcherDeps): Searcher {
  const o: SearchOptions = { ...DEFAULT_SEARCH_OPTIONS, ...deps.options };
  const passagesOf = deps.structure ? createPassageCache(deps.structure) : null;

  // The query vector of a version (of one access scope of it): the model's when the version was made
  // by one, else the scope's built-in model; null when neither is there.
  const embedQuery = async (vectorIndexVersion: string, scope: string | undefined, text: string) => {
    // Asked first for every version: it refuses one made by another model than the configured one.
    const model = await deps.queryEmbedderFor?.(vectorIndexVersion);
    if (model) return (await model.embed([text], "query"))[0] ?? null;
    const embedder = await deps.embedderFor?.(vectorIndexVersion, scope);
    return embedder ? (embedder.embedSync([text])[0] ?? null) : null;
  };

  /**
   * The catalog's records, each read once for one question: its route, the party words inside it and the
   * whole deal read the same documents' records (their deal, their names, their parties, their access).
   */
  const recordsOnce = () => {
    const read = new Map<string, Promise<ContextDocument | null>>();
    return (documentId: string): Promise<ContextDocument | null> => {
      let record = read.get(documentId);
      if (record === undefined) {
        record = Promise.resolve(deps.document ? deps.document(documentId) : null);
        read.set(documentId, record);
      }
      return record;
    };
  };

  /**
   * The documents a routed question searches: the routed ones first, then every other member of their
   * transaction sets (amendments, conformed copies, guarantees, schedules, side letters), then, when the
   * request is scoped, the rest of its scope. Routing ranks the documents of a deal; it never drops one.
   */
  const wholeDeal = async (
    routed: Array<{ documentId: string; score: number }>,
    request: Pick<SearchRequest, "principal" | "documentIds">,
    recordOf = recordsOnce(),
  ): Promise<Array<{ documentId: string; score: number }>> => {
    const out = new Map(routed.map((d) => [d.documentId, d]));
    const inScope = request.documentIds ? new Set(request.documentIds) : null;
    for (const d of routed) {
      const setId = (await recordOf(d.documentId))?.transactionSetId ?? null;
      if (setId === null || !deps.setMembers) continue;
      for (const m of await deps.setMembers(setId)) {
        if (out.has(m.documentId) || (inScope && !inScope.has(m.documentId))) continue;
        const record = await recordOf(m.documentId);
        if (!record || !mayRead(request.principal, record.access)) continue;
        out.set(m.documentId, { documentId: m.documentId, score: 0 });
      }
    }
    for (const id of request.documentIds ?? []) if (!out.has(id)) out.set(id, { documentId: id, score: 0 });
    return [...out.values()];
  };

  // The documents whose passages hold a phrase whole, from the lexical stage service or the local index.
  const holding = deps.sources?.lexical
    ? deps.sources.lexical.documentsHolding.bind(deps.sources.lexical)
    : deps.lexical.documentsHolding?.bind(deps.lexical);
  // The names a document calls itself: its title and the own names of its opening (none without a record).
  const selfNames = (d: { title?: string | null; facts?: { ownNames?: string[] } | null } | null | undefined) =>
    d ? [...(d.title ? [d.title] : []), ...(d.facts?.ownNames ?? [])] : [];
  // The words of a lower-case question that name a party of the documents routed to (`partyWordsRead`).
  const partyWordsOfRoute = async (
    ask: string,
    routed: ReadonlyArray<{ documentId: string }>,
    base: { principal: Principal; indexVersion?: string },
    recordOf = recordsOnce(),
  ) => {
    if (!deps.document || uncapitalisedNames(ask).length === 0) return [];
    const parties: string[] = [];
    for (const { documentId } of routed.slice(0, o.maxRoutedDocuments))
      parties.push(...((await recordOf(documentId))?.facts?.parties ?? []));
    // without phrase lookups, a single word is never read as a name; a run of two still is
    return partyWordsRead(ask, parties, async (text, limit) =>
      holding ? (await holding({ ...base, text, limit })).documentIds : [],
    );
  };
  // The documents a question is about: those its naming part names, else an instrument its asking part
  // names by kind, else the kind its parties or subjects imply, else all its words (BM25 over cards).
  const routeQuestion = async (
    parsed: ParsedQuestion,
    base: { principal: Principal; indexVersion?: string },
    recordOf = recordsOnce(),
  ): Promise<RouteResult> => {
    // Without a naming part, an instrument the ask names by kind ("under the loan agreement") is
    // what names the document: its words rank the cards, not the rest of the question ("interest
    // rate" had routed to an employment letter's tax withholding rate).
    const mentioned = parsed.naming ? [] : instrumentMentions(parsed.ask).map(mentionLookupText);
    // The parties a question names single out its deal among instruments of one kind ("the manufacturing
    // agreement with Acme's"): they join the kind in routing, and route alone before a role does.
    // A capitalised defined term, heading or reference ("Advertising Contributions", "Appendix C") is no
    // party: it does not route as one, but its words still rank the cards of the kind named with it.
    const parties = parsed.naming ? [] : partyNames(parsed.ask);
    const capitalised = parsed.naming ? [] : capitalisedWords(parsed.ask);
    // Nor by a party's words: "Is the guarantor's liability limited to an amount?" had routed to a
    // voting agreement ("limited", "liability") over the guarantees. A question in a contract's own
    // terms asks of that contract, whose kind a role does not tell: all its words rank the cards.
    const implied =
      parsed.naming || mentioned.length > 0 || capitalised.length > 0 ? "" : impliedInstruments(parsed.ask);
    const routedBy: RoutedBy = parsed.naming
      ? "name"
      : mentioned.length > 0
        ? "instrument"
        : parties.length > 0
          ? "party"
          : implied
            ? "role"
            : "question";
    const naming =
      parsed.naming ||
      (mentioned.length > 0
        ? [...mentioned, ...capitalised].join(" ")
        : routedBy === "party"
          ? parsed.full
          : implied || parsed.full);
    const query = { ...base, text: naming, k: o.maxRoutedDocuments + 3 };
    const remote = deps.sources?.lexical;
    const r = remote ? await remote.searchDocuments(query) : await deps.lexical.searchDocuments(query);
    let namesRead: string[] = [];
    const pick = (documents: DocumentHit[], settled: boolean, by: RoutedBy = routedBy): RouteResult => ({
      documents: documents.map((h) => ({ documentId: h.documentId, score: h.score })),
      routedBy: by,
      settled,
      ...(namesRead.length > 0 ? { namesRead } : {}),
      indexVersion: r.indexVersion,
    });
    // A naming part that quotes a filed name whole names that document; a name met in a question
    // without a naming part ("what does the confidentiality clause say") is only a word of it.
    const named = parsed.naming ? r.hits.filter((h) => h.named) : [];
    if (named.length > 0) return pick(named.slice(0, o.maxRoutedDocuments), true);
    const ranked = r.hits.filter((h) => h.score > 0);
    const top = ranked[0]?.score ?? 0;
    let chosen: Array<Pick<DocumentHit, "documentId" | "score">> = ranked
      .filter((h, i) => i === 0 || h.score >= top * o.routeScoreRatio)
      .slice(0, o.maxRoutedDocuments);
    if (parsed.naming) return pick(chosen, true);
    // A document's deal for the routes below: its transaction set, null when it is in none.
    const dealOf = async (id: string) => (await recordOf(id))?.transactionSetId ?? null;
    // A name few documents hold routes to those documents alone (`rare-name-route.ts`). Settled as below:
    // when the names find a card among them it is a party's; a term of the text (inside the route, passages
    // are ranked without it) leaves the corpus-wide votes to read it. The words of a lower-case question it
    // reads as names go on the route (`namesRead`): told them, it is the rare-name route that is taken.
    const byRareName = holding
      ? await rareNameRoute(parsed.ask, chosen, {
          holding: async (text, limit) => (await holding({ ...base, text, limit })).documentIds,
          dealOf,
          cut: RARE_NAME_CUT,
          readAsNames: (names) => {
            namesRead = [...names];
          },
          ownNames: async (id) => selfNames(await recordOf(id)),
          writtenNames: async (id) => {
            const d = await recordOf(id);
            return { own: [...selfNames(d), ...(d?.facts?.parties ?? [])], opening: d?.facts?.names ?? [] };
          },
        })
      : null;
    // Else a term and the provision the question names by number, held together by few documents (`section-name-route.ts`).
    const bySection =
      holding && !byRareName
        ? await sectionNameRoute(parsed.ask, chosen, {
            holding: async (text, limit, documentIds) =>
              (await holding({ ...base, text, limit, ...(documentIds ? { documentIds: [...documentIds] } : {}) }))
                .documentIds,
            dealOf,
            cut: RARE_NAME_CUT,
          })
        : null;
    if (byRareName) chosen = byRareName;
    else if (bySection) chosen = bySection;
    // A question typed without capitals, routed by the words of it few documents hold (`uncapitalisedNames`),
    // is settled as a named one is: when those words find first, on the cards, a document of the route.
    if (byRareName && namesRead.length > 0 && chosen.length > 0) {
      const byNames = await (remote ?? deps.lexical).searchDocuments({ ...base, text: namesRead.join(" "), k: 1 });
      const first = byNames.hits.find((h) => h.score > 0);
      if (first !== undefined && chosen.some((h) => h.documentId === first.documentId)) return pick(chosen, true);
    }
    // The names alone must lead to a document routed: a capitalised defined term or an
    // abbreviation of a party ("Subsidiaries", a party's initials) is no name of the deal.
    if (parties.length === 0 || chosen.length === 0) return pick(chosen, routedBy !== "question");
    const byNames = await (remote ?? deps.lexical).searchDocuments({ ...base, text: parties.join(" "), k: 1 });
    const first = byNames.hits.find((h) => h.score > 0);
    const settled = first !== undefined && chosen.some((h) => h.documentId === first.documentId);
    // Names that each find another deal than the words chose decide the route (`party-route.ts`). It
    // stays unsettled: a name that is a defined term still has the whole corpus searched beside it.
    const byParty = settled
      ? null
      : await partyRoute(parsed.ask, chosen, {
          documents: async (text) => (await (remote ?? deps.lexical).searchDocuments({ ...query, text })).hits,
          dealOf,
          cut: { ratio: o.routeScoreRatio, max: o.maxRoutedDocuments },
        });
    // Settled among several deals, the deals that hold none of the names the question gives leave it (`namedDealsRoute`).
    const byNamedDeals =
      settled && holding && !byRareName && !bySection
        ? await namedDealsRoute(parsed.ask, chosen, {
            holding: async (text, documentIds) =>
              (await holding({ ...base, text, limit: documentIds.length, documentIds: [...documentIds] })).documentIds,
            dealOf,
          })
        : null;
    // Names that found no document and chose no deal ("Must Zeta deliver …?" where no document holds "Zeta"):
    // the words chose the route, as they do for a question that names nothing, and the trace says so.
    const wordsChose =
      routedBy === "party" && !settled && byRareName === null && bySection === null && byParty === null;
    return pick(
      byRareName ?? bySection ?? byParty ?? byNamedDeals ?? chosen,
      settled,
      wordsChose ? "question" : routedBy,
    );
  };

  /**
   * What context assembly reads, read ahead from the stores: the passages' texts, records and
   * provisions, and the amendments and restatements of their transaction sets (the members' records
   * first, then the text and tree of those that amend), so the assembly itself stays synchronous.
   */
  const contextDeps = async (
    passages: readonly RetrievedPassage[],
    text: (documentId: string, version: string) => Awaitable<string | null>,
    // The provisions of a version by id (the query's `nodesOf`): assembly reads nodes, not passages.
    nodesOf: (documentId: string, version: string) => Promise<Map<string, ProvisionNode>> | null,
  ): Promise<ContextAssemblyDeps> => {
    const vkey = (documentId: string, version: string) => `${documentId}@${version}`;
    const texts = new Map<string, string | null>();
    const records = new Map<string, ContextDocument | null>();
    const trees = new Map<string, Map<string, ProvisionNode>>();
    const members = new Map<string, ReadonlyArray<{ documentId: string; version: string }>>();
    const structures = new Map<string, readonly ProvisionNode[]>();
    const readText = async (documentId: string, version: string) => {
      const key = vkey(documentId, version);
      if (!texts.has(key)) texts.set(key, await text(documentId, version));
      return texts.get(key) ?? null;
    };
    const readRecord = async (documentId: string) => {
      if (!records.has(documentId)) records.set(documentId, (await deps.document?.(documentId)) ?? null);
      return records.get(documentId) ?? null;
    };
    for (const p of passages) {
      const body = await readText(p.documentId, p.version);
      const record = await readRecord(p.documentId);
      const key = vkey(p.documentId, p.version);
      const tree = body !== null && !trees.has(key) ? await nodesOf(p.documentId, p.version) : null;
      if (tree) trees.set(key, tree);
      const setId = record?.transactionSetId ?? null;
      if (setId === null || !deps.setMembers || !deps.structure || members.has(setId)) continue;
      const list = await deps.setMembers(setId);
      members.set(setId, list);
      for (const m of list) {
        const role = (await readRecord(m.documentId))?.role;
        if (role !== "amendment" && role !== "restatement") continue;
        await readText(m.documentId, m.version);
        structures.set(vkey(m.documentId, m.version), await deps.structure(m.documentId, m.version));
      }
    }
    return {
      text: (documentId, version) => texts.get(vkey(documentId, version)) ?? null,
      ...(deps.document ? { document: (documentId: string) => records.get(documentId) ?? null } : {}),
      ...(passagesOf
        ? {
            node: (documentId: string, version: string, nodeId: string) =>
              trees.get(vkey(documentId, version))?.get(nodeId) ?? null,
          }
        : {}),
      ...(deps.setMembers && deps.structure
        ? {
            setMembers: (setId: string) => members.get(setId) ?? [],
            structure: (documentId: string, version: string) => structures.get(vkey(documentId, version)) ?? [],
          }
        : {}),
    };
  };

  // The whole query as one pass.
  async function pipeline(request: SearchRequest, textOf: TextOf): Promise<SearchResult> {
    const stages: Stage[] = [];
    // A stage's time includes the store reads and model calls it awaits.
    const timed = async <T>(
      stage: string,
      run: () => Awaitable<T>,
      ids: (r: T) => Array<{ id: string; score: number }>,
    ): Promise<T> => {
      const t0 = performance.now();
      const r = await run();
      stages.push({ stage, ms: performance.now() - t0, candidates: ids(r) });
      return r;
    };
    // Each version's text is read once per query, however many stages ask for it.
    const texts = new Map<string, Awaitable<string | null>>();
    const text = (documentId: string, version: string): Awaitable<string | null> => {
      const key = `${documentId}@${version}`;
      let t = texts.get(key);
      if (t === undefined) {
        t = textOf(documentId, version);
        texts.set(key, t);
      }
      return t;
    };
    const parsed = parseQuestion(request.query);
    const withConcepts = (ask: string) => (o.conceptExpansion ? expandConcepts(ask, parsed.ask) : ask);
    const q = { ...parsed, ask: withConcepts(parsed.ask) };
    // Inside the documents routing chose (or dense located), rank provisions by what is asked (`askInside`).
    // (once routed by the words of a lower-case question read as names, without those words too)
    let { plain: plainInside, ask: askInside } = askInsideOf(parsed, o.conceptExpansion);
    const scope = request.documentIds;
    const base = storeFilter(request);
    let indexVersion = "";
    let vectorIndexVersion: string | undefined;
    let routedBy: QueryTrace["routedBy"];
    let namesReadInRoute: string[] = [];
    let routeSettled = true;
    const asCandidates = (stage: string, hits: ReadonlyArray<Omit<Candidate, "key" | "stageScores">>) =>
      hits.map<Candidate>((h, i) => ({
        key: keyOf(h),
        documentId: h.documentId,
        version: h.version,
        nodeId: h.nodeId,
        start: h.start,
        end: h.end,
        score: h.score,
        stageScores: [{ stage, score: h.score, rank: i + 1 }],
      }));
    const ids = (cs: Candidate[]) => cs.map((c) => ({ id: c.key, score: c.score }));

    const lexicalStage = (stage: string, queryText: string, k: number, documentIds?: string[]) =>
      timed(
        stage,
        async () => {
          const query = { ...base, text: queryText, k, ...(documentIds ? { documentIds } : {}) };
          // A stage service reads its own active version: a pinned one is not served remotely.
          const r = deps.sources?.lexical ? await deps.sources.lexical.search(query) : await deps.lexical.search(query);
          indexVersion = r.indexVersion;
          return asCandidates(stage, r.hits);
        },
        ids,
      );
    const denseStage = (stage: string, queryText: string, k: number, documentIds?: string[]) =>
      timed(
        stage,
        async () => {
          const remote = deps.sources?.dense;
          if (remote) {
            const within = documentIds ?? scope;
            const r = await remote.search({
              text: queryText,
              principal: request.principal,
              k,
              ...(within ? { documentIds: within } : {}),
            });
            vectorIndexVersion = r.indexVersion;
            return asCandidates(stage, r.hits);
          }
          const vectors = deps.vectors;
          const version = request.vectorIndexVersion ?? (await vectors?.activeVersion()) ?? null;
          if (!vectors || version === null) return [];
          const within = documentIds ?? scope;
          // A per-scope version: the question is embedded by the model of each access scope the
          // principal may read and ranked among that scope's vectors only; a model of a scope they
          // may not read is never consulted, so it cannot tell them which words it learnt.
          const scoped = await vectors.scopes(version);
          const calls =
            scoped.length > 0
              ? scoped.filter((s) => mayRead(request.principal, s.access)).map((s) => s.key)
              : [undefined];
          const best = new Map<string, VectorHit>();
          for (const key of calls) {
            const vector = await embedQuery(version, key, queryText);
            if (!vector) continue;
            vectorIndexVersion = version;
            if (!vector.some((x) => x !== 0)) continue;
            const r = await vectors.search({
              vector,
              principal: request.principal,
              k,
              indexVersion: version,
              ...(key !== undefined ? { scope: key } : {}),
              ...(within ? { documentIds: within } : {}),
            });
            for (const h of r.hits) {
              const id = keyOf(h);
              const seen = best.get(id);
              if (!seen || h.score > seen.score) best.set(id, h);
            }
          }
          const merged = [...best.values()].sort(
            (a, b) =>
              b.score - a.score ||
              (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0) ||
              (a.passageId < b.passageId ? -1 : a.passageId > b.passageId ? 1 : 0),
          );
          return asCandidates(stage, merged.slice(0, k));
        },
        ids,
      );
    const route = async () =>
      (
        await timed(
          "route",
          async () => {
            const recordOf = recordsOnce();
            const r = await routeQuestion(parsed, base, recordOf);
            // and a lower-case question routed otherwise, without the words that name the routed documents' parties
            const namesRead = r.namesRead ?? (await partyWordsOfRoute(parsed.ask, r.documents, base, recordOf));
            if (namesRead.length > 0)
              ({ plain: plainInside, ask: askInside } = askInsideOf(
                parsed,
                o.conceptExpansion,
                withoutNamesRead(namesRead),
              ));
            namesReadInRoute = namesRead;
            routedBy = r.routedBy;
            routeSettled = r.settled ?? true;
            indexVersion = r.indexVersion;
            return wholeDeal(r.documents, request, recordOf);
          },
          (hits) => hits.map((h) => ({ id: h.documentId, score: h.score })),
        )
      ).map((h) => h.documentId);
    // Passages the expansion added: context on top of the k the question asked for, within its token budget.
    const expanded = new Set<string>();
    const firstK = (list: Candidate[], k: number): Candidate[] => {
      const out: Candidate[] = [];
      let counted = 0;
      for (const c of list) {
        if (!expanded.has(c.key)) {
          if (counted >= k) break;
          counted += 1;
        }
        out.push(c);
      }
      return out;
    };
    // Routed documents first; when routing missed, the whole-corpus ranking still follows.
    const fill = async (head: Candidate[], k: number): Promise<Candidate[]> => {
      if (head.filter((c) => !expanded.has(c.key)).length >= k) return firstK(head, k);
      const seen = new Set(head.map((c) => c.key));
      return firstK([...head, ...(await lexicalStage("fill", q.full, k)).filter((c) => !seen.has(c.key))], k);
    };
    const fuse = (stage: string, lists: Candidate[][]): Promise<Candidate[]> => {
      const byKey = new Map<string, Candidate>();
      for (const list of lists) {
        for (const c of list) {
          const seen = byKey.get(c.key);
          if (seen) seen.stageScores.push(...c.stageScores);
          else byKey.set(c.key, { ...c, stageScores: [...c.stageScores] });
        }
      }
      return timed(
        stage,
        () =>
          (o.fusion === "relative-score"
            ? relativeScoreFusion(lists.map((l) => l.map((c) => ({ id: c.key, score: c.score }))))
            : reciprocalRankFusion(lists.map((l) => l.map((c) => c.key)))
          ).map(({ id, score }, i) => {
            const c = byKey.get(id) as Candidate;
            c.score = score;
            c.stageScores.push({ stage, score, rank: i + 1 });
            return c;
          }),
        ids,
      );
    };
    // Dense over every passage the principal may read. A question that names its instrument ("Consider
    // the … Agreement between X and Y; …") is embedded whole first: its title and parties find that
    // contract's passages, not the provision asked. In the documents of the best of those passages (at
    // most `maxRoutedDocuments`), passages are ranked again by what is asked (`askInside`), and the
    // whole-corpus ranking follows. Embedding the ask alone over the corpus (or with the instrument's
    // kind in front) lost the contract: docs/retrieval.md. A question without a naming part is embedded once.
    async function denseOverCorpus(k: number): Promise<Candidate[]> {
      if (!parsed.naming) return denseStage("dense", request.query, k);
      const located = await denseStage("dense", request.query, Math.max(k, o.stageCandidates));
      const docs = [...new Set(located.map((c) => c.documentId))].slice(0, o.maxRoutedDocuments);
      if (docs.length === 0) return located.slice(0, k);
      const inside = await denseStage("dense-ask", askInside, k, docs);
      const seen = new Set(inside.map((c) => c.key));
      return [...inside, ...located.filter((c) => !seen.has(c.key))].slice(0, k);
    }
    // A quotation of the contract is its own words: the documents with a passage that holds one
    // verbatim are the ones the question is about. When none of the routed documents holds it, those
    // are searched first and the route is a guess (a defined term or a heading read as a name).
    const quoted = async (routed: string[]): Promise<string[]> => {
      const found = new Set<string>();
      for (const quote of quotations(parsed.ask).map(quotationKey)) {
        // The quotation twice: its words rank first, the rest of the question breaks the ties.
        for (const c of await lexicalStage("quote", `${quote} ${parsed.ask}`, o.stageCandidates)) {
          const body = await text(c.documentId, c.version);
          if (body !== null && quotationKey(body.slice(c.start, c.end)).includes(quote)) found.add(c.documentId);
        }
      }
      if (found.size === 0 || routed.some((id) => found.has(id))) return [];
      routeSettled = false;
      const docs = [...found].slice(0, o.maxRoutedDocuments).map((documentId) => ({ documentId, score: 0 }));
      return (await wholeDeal(docs, request)).map((d) => d.documentId);
    };
    // `settled`: how many places at the head of the ranking the caller reads (see `contentFirst`).
    async function hybrid(k: number, settled: number): Promise<Candidate[]> {
      const routedDocs = await route();
      const docs =
        routedBy !== "name" && !scope ? [...new Set([...(await quoted(routedDocs)), ...routedDocs])] : routedDocs;
      if (docs.length === 0) return lexicalStage("lexical", q.full, k);
      // The two rankings are independent: asked together (in parallel when they are stage services).
      const [lex, dense] = await Promise.all([
        lexicalStage("lexical", askInside, Math.max(k, o.stageCandidates), docs),
        denseStage("dense", askInside, Math.max(k, o.stageCandidates), docs),
      ]);
      // A route its names did not settle (`RouteResult.settled`) is a guess: everything the asker may
      // read is searched too, by words and by meaning, two more votes beside the routed documents' two.
      const corpus =
        !routeSettled && !scope
          ? await Promise.all([
              lexicalStage("corpus", q.full, Math.max(k, o.stageCandidates)),
              denseStage("corpus-dense", request.query, Math.max(k, o.stageCandidates)),
            ])
          : [];
      const lists = [lex, ...(dense.length > 0 ? [dense] : []), ...corpus.filter((l) => l.length > 0)];
      const fused = lists.length > 1 ? await fuse("fuse", lists) : lex;
      return contentFirst(fused, settled);
    }
    // Passages that say only their provision's heading go after those that state something. Only the
    // first `settled` places are read by the caller, so candidates are looked at until those places are
    // settled (`headingsLastSettled`): a corpus-wide vote brings ~300 candidates of ~70 documents, and
    // the first 64 places need the provisions of about a quarter of those documents. So do passages of
    // a signature block, unless the question asks about signing or the parties (`signature-block.ts`).
    const contentFirst = (ranked: Candidate[], settled: number): Promise<Candidate[]> => {
      if (!passagesOf) return Promise.resolve(ranked);
      const closeLast = !asksOfClose(parsed.ask);
      return timed(
        "headings-last",
        () =>
          headingsLastSettled(ranked, settled, async (c) => {
            const node = await nodeAt(c);
            const body = (await text(c.documentId, c.version))?.slice(c.start, c.end) ?? null;
            if (node === null || body === null) return false;
            const tree = closeLast ? await nodesOf(c.documentId, c.version) : null;
            return saysOnlyHeading(body, node) || (tree !== null && isClosePassage(node, body, (id) => tree.get(id)));
          }),
        ids,
      );
    };
    // The provisions of a version by id, read once per query. A stage that needs only a candidate's
    // provision (its heading, flags) reads the tree and does not build the document's passages: over
    // the dozens of documents of a corpus-wide vote, building them cost ~0.5 s a question, and evicted
    // the routed documents' passages that expansion reads next.
    const trees = new Map<string, Promise<Map<string, ProvisionNode>>>();
    const nodesOf = (documentId: string, version: string): Promise<Map<string, ProvisionNode>> | null => {
      const structure = deps.structure;
      if (!structure) return null;
      const key = `${documentId}@${version}`;
      let tree = trees.get(key);
      if (tree === undefined) {
        tree = Promise.resolve(structure(documentId, version)).then((nodes) => new Map(nodes.map((n) => [n.id, n])));
        trees.set(key, tree);
      }
      return tree;
    };
    // A candidate's provision; none when its version's text is gone (as `nodeOf`).
    const nodeAt = async (c: Candidate): Promise<ProvisionNode | null> => {
      if ((await text(c.documentId, c.version)) === null) return null;
      return (await nodesOf(c.documentId, c.version))?.get(c.nodeId) ?? null;
    };
    const nodeOf = async (c: Candidate): Promise<{ node: ProvisionNode | null; cache: NodePassages | null }> => {
      const body = passagesOf ? await text(c.documentId, c.version) : null;
      if (!passagesOf || body === null) return { node: null, cache: null };
      const cache = await passagesOf(c.documentId, c.version, body);
      return { node: cache.nodes.get(c.nodeId) ?? null, cache };
    };
    // Hop one along cross-reference and definition edges from the best passages' provisions.
    const expand = async (ranked: Candidate[], k: number): Promise<Candidate[]> => {
      if (!passagesOf) return ranked;
      // Expansions follow the head (the k asked for, at most the reranker's keep), as context on top of it.
      const headSize = Math.min(o.rerankKeep, k);
      return timed(
        "expand",
        async () => {
          // A target already in the head is there; one further down is brought up with the expansions.
          const seen = new Set(ranked.slice(0, headSize).map((c) => c.key));
          const added: Candidate[] = [];
          let budget = o.expansionTokens;
          for (const seed of ranked.slice(0, o.expansionSeeds)) {
            const { node, cache } = await nodeOf(seed);
            if (!node || !cache) continue;
            // Edges into another instrument of the set would need that document's version: same document only.
            const sameDocument = (documentId: string | null) => documentId === null || documentId === seed.documentId;
            const targets = [
              ...node.termUses
                .filter((u) => u.start >= seed.start && u.start < seed.end && sameDocument(u.definitionDocumentId))
                .map((u) => u.definitionNodeId),
              ...node.xrefs
                .filter((x) => x.start >= seed.start && x.start < seed.end && sameDocument(x.targetDocumentId))
                .map((x) => x.targetNodeId),
            ].filter((id): id is string => id !== null && id !== node.id);
            for (const target of new Set(targets)) {
              const first = cache.byNode.get(target)?.[0];
              if (!first) continue;
              const key = keyOf(first);
              if (seen.has(key)) continue;
              const tokens = countTokens(first.body);
              if (tokens > budget) continue;
              budget -= tokens;
              seen.add(key);
              expanded.add(key);
              added.push({
                key,
                documentId: seed.documentId,
                version: seed.version,
                nodeId: target,
                start: first.start,
                end: first.end,
                score: seed.score,
                stageScores: [{ stage: "expand", score: seed.score, rank: added.length + 1 }],
              });
            }
          }
          // After the head the reranker or fusion chose, so they add context, not noise at rank 1.
          const head = ranked.slice(0, headSize);
          return [...head, ...added, ...ranked.slice(headSize).filter((c) => !expanded.has(c.key))];
        },
        ids,
      );
    };
    // Provisions the question points at by structure come first, in the documents the ranking is about
    // (the first `CLAUSE_DOCUMENTS` of it): `pick` names a provision's passages in one document.
    const structureFirst = async (
      stage: string,
      ranked: Candidate[],
      k: number,
      pick: (cache: NodePassages, body: string) => Array<{ node: ProvisionNode; passages: Passage[] }>,
    ): Promise<Candidate[]> => {
      if (!passagesOf) return ranked;
      return timed(
        stage,
        async () => {
          const versions = new Map<string, string>();
          for (const c of ranked.slice(0, CLAUSE_DOCUMENTS * 4)) {
            if (versions.size >= CLAUSE_DOCUMENTS) break;
            if (!versions.has(c.documentId)) versions.set(c.documentId, c.version);
          }
          const byKey = new Map(ranked.map((c) => [c.key, c]));
          // Each pick's passages are read together, in their order: a unit.
          const units: Candidate[][] = [];
          for (const [documentId, version] of versions) {
            const body = await text(documentId, version);
            if (body === null) continue;
            for (const { node, passages } of pick(await passagesOf(documentId, version, body), body)) {
              const unit: Candidate[] = [];
              units.push(unit);
              for (const p of passages) {
                const id = keyOf(p);
                const seen = byKey.get(id);
                const brought = { stage, score: 1, rank: units.length };
                unit.push(
                  seen
                    ? { ...seen, stageScores: [...seen.stageScores, brought] }
                    : {
                        key: id,
                        documentId,
                        version,
                        nodeId: node.id,
                        start: p.start,
                        end: p.end,
                        score: 0,
                        stageScores: [brought],
                      },
                );
              }
            }
          }
          if (units.every((u) => u.length === 0)) return ranked;
          // Units in ranking order (by their best-ranked passage) among themselves, then the rest of the ranking.
          const rankOf = new Map(ranked.map((c, i) => [c.key, i]));
          const best = (u: Candidate[]) => Math.min(...u.map((c) => rankOf.get(c.key) ?? Number.POSITIVE_INFINITY));
          const ordered = units
            .map((u, i) => ({ u, i, r: best(u) }))
            .sort((a, b) => a.r - b.r || a.i - b.i)
            .flatMap(({ u }) => u);
          const first = new Set<string>();
          const unique = ordered.filter((c) => !first.has(c.key) && first.add(c.key));
          return firstK([...unique, ...ranked.filter((c) => !first.has(c.key))], Math.max(k, ranked.length));
        },
        ids,
      );
    };
    // A clause the question cites by number ("Section 8.1(b)") is a structural constraint: the passages
    // of the provisions so numbered come first; the provision itself when it exists, else what it holds
    // ("8.1" for a question on "8.1").
    const clauseFirst = (ranked: Candidate[], k: number): Promise<Candidate[]> =>
      structureFirst("clause", ranked, k, (cache) =>
        parsed.clauseRefs.flatMap((key) => {
          const nodes = [...cache.nodes.values()].filter((n) => clauseRefMatches(n.fullRef, key));
          const outermost = Math.min(...nodes.map((n) => n.fullRef?.length ?? 0));
          return nodes
            .filter((n) => (n.fullRef?.length ?? 0) === outermost)
            .slice(0, 2)
            .map((node) => ({ node, passages: (cache.byNode.get(node.id) ?? []).slice(0, CLAUSE_PASSAGES) }));
        }),
      );
    // A defined term the question asks about ("What is a Query …?"): its definitions in the documents the
    // ranking is about come first (`definitionPicks`). Most questions ask no term's meaning: their
    // documents are not read for definitions at all.
    const asksTerm = askedDefinedTerms(request.query).length > 0;
    const termFirst = (ranked: Candidate[], k: number): Promise<Candidate[]> =>
      asksTerm
        ? structureFirst("term", ranked, k, (cache, body) => definitionPicks(request.query, cache, body))
        : Promise.resolve(ranked);
    async function rerank(ranked: Candidate[]): Promise<Candidate[]> {
      const reranker = deps.reranker;
      if (!reranker) return ranked;
      const pool = ranked.slice(0, o.rerankCandidates);
      return timed(
        "rerank",
        async () => {
          const candidates = [];
          for (const c of pool) {
            const node = await nodeAt(c);
            candidates.push({
              id: c.key,
              text: (await text(c.documentId, c.version))?.slice(c.start, c.end) ?? "",
              heading: node ? [...node.headingPath, node.title ?? ""].join(" ") : "",
              flags: node?.flags ?? null,
              stages: c.stageScores.map(({ stage, score, rank }) => ({ stage, score, rank })),
            });
          }
          const scores = await reranker.rerank(request.query, candidates);
          const order = pool
            .map((c, i) => ({ c, s: scores[i] ?? 0 }))
            .sort((a, b) => b.s - a.s)
            .map(({ c, s }, i) => {
              c.stageScores.push({ stage: "rerank", score: s, rank: i + 1 });
              c.score = s;
              return c;
            });
          // Keep the reranked best first; the rest of the pool and the tail keep the earlier order.
          const keep = order.slice(0, o.rerankKeep);
          const kept = new Set(keep.map((c) => c.key));
          return [...keep, ...ranked.filter((c) => !kept.has(c.key))];
        },
        ids,
      );
    }
    const planner = async (): Promise<Candidate[]> => {
      const docs = await route();
      const routed = docs.length > 0;
      const lex = routed
        ? await lexicalStage("lexical", askInside, o.stageCandidates, docs)
        : await lexicalStage("lexical", q.ask, o.stageCandidates);
      if (!passagesOf) return lex;
      return timed(
        "plan",
        async () => {
          const terms = contentWords(routed ? plainInside : parsed.ask);
          const intents = flagIntents(parsed.ask);
          const top = lex[0]?.score ?? 1;
          // Rank nodes by their best passage and by their descriptors (heading words, flag intents).
          const nodeScores = new Map<string, { c: Candidate; score: number }>();
          for (const c of lex) {
            const node = await nodeAt(c);
            const nodeKey = `${c.documentId}/${c.nodeId}`;
            const lexScore = c.score / (top || 1);
            const prev = nodeScores.get(nodeKey);
            if (prev && prev.score >= lexScore) continue;
            let descriptor = 0;
            if (node) {
              const heading = new Set(
                featureWords([...node.headingPath, node.title ?? "", ...node.keywords].join(" ")),
              );
              descriptor += terms.length ? (0.3 * terms.filter((t) => heading.has(t)).length) / terms.length : 0;
              descriptor += intents.length ? (0.15 * intents.filter((f) => node.flags[f]).length) / intents.length : 0;
            }
            nodeScores.set(nodeKey, { c, score: lexScore + descriptor });
          }
          const chosen = [...nodeScores.values()].sort((a, b) => b.score - a.score).slice(0, o.plannerNodes);
          // Verbatim text of the chosen nodes: the best passage of each first, then their other passages in lexical order.
          // Every passage of a chosen node, by its own score plus its node's descriptor bonus.
          const bonus = new Map(
            chosen.map(({ c, score }) => [`${c.documentId}/${c.nodeId}`, score - c.score / (top || 1)]),
          );
          return lex
            .filter((c) => bonus.has(`${c.documentId}/${c.nodeId}`))
            .map((c) => ({ ...c, score: c.score / (top || 1) + (bonus.get(`${c.documentId}/${c.nodeId}`) ?? 0) }))
            .sort((a, b) => b.score - a.score);
        },
        ids,
      );
    };

    // The plan of a planner service: the lexical passages of the provisions it names, in its order (a
    // provision's passages by their lexical score), scored by the provision's rank.
    const remotePlan = async (remote: NodePlanner): Promise<Candidate[]> => {
      const { targets } = await remote.plan({
        query: request.query,
        principal: request.principal,
        maxTargets: o.plannerNodes,
        planner: "deterministic",
        ...(scope ? { documentIds: scope } : {}),
        ...(request.indexVersion ? { indexVersion: request.indexVersion } : {}),
      });
      const rank = new Map(targets.map((t, i) => [`${t.documentId}/${t.nodeId}`, i]));
      const docs = [...new Set(targets.map((t) => t.documentId))];
      const lex = docs.length > 0 ? await lexicalStage("lexical", askInside, o.stageCandidates, docs) : [];
      return timed(
        "plan",
        () =>
          lex
            .filter((c) => rank.has(`${c.documentId}/${c.nodeId}`))
            .map((c) => ({ ...c, score: 1 - (rank.get(`${c.documentId}/${c.nodeId}`) ?? 0) / (targets.length + 1) }))
            .sort((a, b) => b.score - a.score),
        ids,
      );
    };

    const k = request.k;
    let ranked: Candidate[];
    switch (request.mode) {
      case "lexical":
        ranked = await lexicalStage("lexical", request.query, k);
        break;
      case "dense":
        ranked = await denseOverCorpus(k);
        break;
      case "hybrid":
        ranked = await fill(await hybrid(k, k), k);
        break;
      case "navembed-r1":
      case "navembed-r2": {
        const docs = await route();
        const dense = docs.length > 0 ? await denseStage("dense", askInside, Math.max(k, o.stageCandidates), docs) : [];
        ranked = await fill(request.mode === "navembed-r2" ? await expand(dense, k) : dense, k);
        break;
      }
      case "navembed-r3":
        // Expansion reads past the head (a target further down is brought up): every place is settled.
        ranked = await fill(await expand(await hybrid(k, Number.POSITIVE_INFINITY), k), k);
        break;
      case "navembed-r4":
        // The reranker reads its pool; the places after it are read up to k.
        ranked = await fill(await rerank(await hybrid(k, Math.max(k, o.rerankCandidates))), k);
        break;
      case "navindex":
        ranked = firstK(await expand(await (deps.planner ? remotePlan(deps.planner) : planner()), k), k);
        break;
      case "inject":
        ranked = await timed(
          "inject",
          async () => {
            const remote = deps.sources?.lexical;
            const r = remote ? await remote.listPassages({ ...base }) : await deps.lexical.listPassages({ ...base });
            indexVersion = r.indexVersion;
            return asCandidates("inject", r.hits);
          },
          ids,
        );
        break;
    }
    // What the question points at by structure, in the modes that read provisions (not the plain rankings).
    if (request.mode !== "inject" && request.mode !== "lexical" && request.mode !== "dense") {
      if (parsed.clauseRefs.length > 0) ranked = await clauseFirst(ranked, k);
      ranked = await termFirst(ranked, k);
    }

    if (indexVersion === "") indexVersion = (await (deps.sources?.lexical ?? deps.lexical).activeVersion()) ?? "";

    if (o.tighten.includes(request.mode) && request.mode !== "inject") {
      const terms = new Set(contentWords(askInside));
      const before = ranked;
      ranked = await timed(
        "tighten",
        async () => {
          const out: Candidate[] = [];
          for (const c of before) {
            const full = await text(c.documentId, c.version);
            out.push(full === null ? c : { ...c, ...tightenToEvidence(full, c.start, c.end, terms) });
          }
          return out;
        },
        ids,
      );
    }
    const passages: RetrievedPassage[] = [];
    for (const c of ranked) {
      const body = (await text(c.documentId, c.version))?.slice(c.start, c.end) ?? "";
      passages.push({
        documentId: c.documentId,
        version: c.version,
        nodeId: c.nodeId,
        start: c.start,
        end: c.end,
        score: c.score,
        tokens: countTokens(body),
        stageScores: c.stageScores,
      });
    }
    // What inject sends is the documents themselves, not their passages: count each permitted version's whole text once.
    const corpusTokens = async (ps: RetrievedPassage[]) => {
      let sum = 0;
      const seen = new Set<string>();
      for (const p of ps) {
        const key = `${p.documentId}@${p.version}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const body = await text(p.documentId, p.version);
        sum += body === null ? 0 : countTokens(body);
      }
      return sum;
    };
    const context = await timed(
      "assemble",
      async () =>
        assembleContext(passages, await contextDeps(passages, text, nodesOf), {
          ...o.context,
          principal: request.principal,
        }),
      (c) => c.items.map((i) => ({ id: i.id, score: i.score })),
    );
    return {
      passages,
      context,
      trace: {
        normalisedQuery: contentWords(request.query).join(" "),
        mode: request.mode,
        indexVersion,
        ...(vectorIndexVersion ? { vectorIndexVersion } : {}),
        filters: {
          principal: request.principal.id,
          groups: request.principal.groups,
          ...(scope ? { documents: [...scope] } : {}),
        },
        stages,
        ...(routedBy ? { routedBy } : {}),
        ...(namesReadInRoute.length > 0 ? { namesRead: namesReadInRoute } : {}),
        selected: passages.map((p) => `${p.documentId}/${p.nodeId}`),
        contextTokens:
          request.mode === "inject" ? await corpusTokens(passages) : passages.reduce((s, p) => s + p.tokens, 0),
        context: {
          tokens: context.tokens,
          tokenBudget: context.tokenBudget,
          merged: context.merged,
          dropped: {
            restricted: context.dropped.restricted.length,
            missingText: context.dropped.missingText.length,
            duplicates: context.dropped.duplicates.length,
            overBudget: context.dropped.overBudget.length,
          },
          items: context.items.map((i) => ({
            id: i.id,
            nodeId: i.nodeId,
            rank: i.rank,
            tokens: i.tokens,
            boilerplate: i.boilerplate,
            supersededBy: i.flags.superseded ? `${i.flags.superseded.documentId}/${i.flags.superseded.nodeId}` : null,
            contradicts: i.flags.contradicts,
            modelInstruction: i.flags.modelInstruction,
          })),
        },
      },
    };
  }

  // The span of a search: mode, k, the index version read and how many passages came back (no text).
  const attributes = (request: SearchRequest) => ({ "lexnav.mode": request.mode, "lexnav.k": request.k });
  const outcome = (span: TelemetrySpan, r: SearchResult) => {
    span.setAttributes({
      "lexnav.index_version": r.trace.indexVersion,
      "lexnav.passages": r.passages.length,
      "lexnav.context_tokens": r.trace.contextTokens,
    });
    return r;
  };
  return {
    search(request, text) {
      const asked = { ...request, query: bareQuestion(request.query) };
      return inSpan("lexnav.search", attributes(request), async (span) => outcome(span, await pipeline(asked, text)));
    },
    route(request) {
      return routeQuestion(parseQuestion(bareQuestion(request.query)), storeFilter(request));
    },
  };
}
