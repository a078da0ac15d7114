import { inSpan, LexnavError, recordModelUsage } from "@lexnav/core";
import {
  countTokens,
  type DocumentRecord,
  type Filing,
  type PageAnchor,
  type ProvisionNode,
} from "@lexnav/document-model";
import {
  bareQuestion,
  mayRead,
  type Principal,
  type QueryTrace,
  type RetrievedPassage,
  type RoutedBy,
  type Searcher,
} from "@lexnav/retrieval";
import type { NavindexPlanner } from "../ports/navindex-planner.ts";
import type { AnswerMode, AnswerRecord, LinkedProvision } from "./answer-record.ts";
import { formatLocation, locateCitation } from "./citation-location.ts";
import { lookedUpInRetrieved } from "./definition-in-retrieved.ts";
import { lookedUpDefinitions } from "./definition-lookup.ts";
import { type Citation, citeAs, type EvidenceItem } from "./evidence.ts";
import { type DecisionModel, decisionModelId, type SentenceRelevance } from "./evidence-decision.ts";
import { type EvidenceModel, evidenceModelId } from "./evidence-model.ts";
import {
  type AmendingEdit,
  type Awaitable,
  buildExtract,
  documentLabel,
  extractSource,
  LINKED_SEEDS,
  linkExtract,
  overlapsAny,
  type TextLookup,
} from "./extract.ts";
import { type RecordedCopies, recordedCopies } from "./filed-copies.ts";
import { buildLedger, entryDollars, type LedgerEntry, type PriceCard } from "./ledger.ts";
import { ambiguityNotes, type Routing, scopeNotes } from "./mentions.ts";
import type { ModelAnswerer } from "./model-answerer.ts";
import { answerFromEvidence, answerOffline, type DraftAnswer } from "./offline-answerer.ts";
import { PROMPT_VERSION } from "./prompts.ts";
import { checkQuestion, looksLikeInstructions } from "./question-guard.ts";

/** What answering reads and calls; the composition root wires it to the catalog, the searcher and a model. */
export interface AskDeps {
  searcher: Searcher;
  text: TextLookup;
  document: (documentId: string) => Awaitable<DocumentRecord | null>;
  node: (documentId: string, version: string, nodeId: string) => Awaitable<ProvisionNode | null>;
  /** The amendment edits of a transaction set, read only from the documents `principal` may read. */
  setAmendments?: (transactionSetId: string, principal: Principal) => Awaitable<readonly AmendingEdit[]>;
  /**
   * The documents whose served version ingest recorded as a copy of one agreement with `documentId`'s
   * (`Catalog.listCopies`), whoever may read them: answering keeps to those the asker may read. Absent:
   * no copies known, every copy of a sentence is cited.
   */
  copies?: (documentId: string) => Awaitable<ReadonlyArray<{ documentId: string; copyOf: string }>>;
  /** The page anchors of a stored version, to give a citation its page (none: no pages shown). */
  pages?: (documentId: string, version: string) => Awaitable<readonly PageAnchor[]>;
  /** The current versions of every indexed document `principal` may read (inject's corpus). */
  corpus: (principal: Principal) => Awaitable<Array<{ documentId: string; version: string }>>;
  /**
   * The compact navindex the planner reads for `question`, over what `principal` may read (all of it,
   * or the documents the question was routed to when all of it is too large), and the (doc node) pairs
   * it lists.
   */
  navindex?: (
    principal: Principal,
    question: string,
    documentIds?: readonly string[],
  ) => Promise<{
    compact: string;
    known: ReadonlySet<string>;
    indexVersion: string;
    /** Node handle of the compact index ("0.17") → ids; null when the index does not list it. */
    resolve?: (handle: string) => { documentId: string; nodeId: string } | null;
    /** Set when the index was scoped to routed documents rather than everything the asker may read. */
    routing?: { documents: string[]; by: RoutedBy };
  }>;
  /**
   * A model's navindex plan made by the planner service rather than here: when set, a navindex question
   * with a model is planned there (its model, its key, its index of what the asker may read) and
   * `navindex` is never read; the planned provisions are fetched from this process's catalog.
   */
  planner?: NavindexPlanner;
  /** Null: answer offline. */
  model: { answerer: ModelAnswerer; name: string } | null;
  /**
   * What the offline answerer scores sentences with (used when `model` is null): read on first use, so
   * answers from a model neither load it nor fail on a broken one.
   */
  evidenceModel: () => EvidenceModel;
  /**
   * The offline answer decision: by evidence (`answerFromEvidence`: its decision model, read on first
   * use, and the sentence relevance it was trained on), or by the older evidence model keyed by the
   * question's wording (`answerOffline`), kept for comparison. Absent: by wording.
   */
  offline?:
    | { answerer: "evidence"; decision: () => DecisionModel; relevance?: SentenceRelevance }
    | { answerer: "wording" };
  priceCard: PriceCard;
  now: () => string;
  newId: () => string;
  /** Most tokens inject may send; beyond it the question needs a navigate mode. */
  maxInjectTokens?: number;
  /** Most tokens the navindex fetch hands the model, over all planned provisions (default 3,000). */
  navindexFetchTokens?: number;
}

export interface AskRequest {
  question: string;
  mode: AnswerMode;
  principal: Principal;
  /** Passages a retrieval mode hands the answerer. */
  k: number;
  /**
   * Answer from these documents only (a deal's instruments, one agreement), of those the principal may
   * read: retrieval, inject's corpus and the planner's index alike. Absent: everything it may read.
   */
  documentIds?: string[];
  /**
   * The lexical index version the retrieval modes read (the active one when absent), so a question can
   * be asked again of the index an earlier answer read. Inject and a model's navindex plan read the
   * catalog, not an index version, and refuse it.
   */
  indexVersion?: string;
  onText?: (delta: string) => void;
  /** Called with the retrieval's query trace (candidates, scores, filters, versions; never text). */
  onTrace?: (trace: QueryTrace) => void;
}

/** Longest stretch of one provision navindex fetches for the model (characters). */
const MAX_NODE_CHARS = 6000;

/**
 * What the navindex fetch hands the model at most: 3,000 tokens keeps the answering context at least
 * 50x smaller than inject on a 150K-token transaction set (the paper measured 56x).
 */
export const NAVINDEX_FETCH_TOKENS = 3000;

/** What a record shows of a draft answer: its citations located (title, section path, page). */
async function shown(draft: DraftAnswer, locate: (c: Citation) => Promise<string>) {
  const citations = [];
  for (const c of draft.claims.flatMap((claim) => claim.citations))
    citations.push(c.start < 0 ? c : { ...c, location: await locate(c) });
  return {
    answer: draft.text,
    abstained: draft.abstained,
    abstainReason: draft.abstainReason,
    citations,
    precedence: draft.precedence,
    unsupported: draft.unsupported,
    // the evidence decision's calibrated probability, kept for audit and calibration (a model's answer and the
    // wording model's, whose figure is a score, not a probability, have none)
    ...(draft.decisionProbability !== undefined
      ? { decisionProbability: Math.round(draft.decisionProbability * 10_000) / 10_000 }
      : {}),
  };
}

/**
 * The definitions and referred-to provisions the cited passages lean on: for each citation, the links
 * of the extract item that holds it, each once, in citation order. None when the answer is a silence.
 */
async function linkedOf(
  draft: DraftAnswer,
  extract: readonly EvidenceItem[],
  locate: (c: Citation) => Promise<string>,
): Promise<{ linked?: LinkedProvision[] }> {
  if (draft.abstained) return {};
  const out: LinkedProvision[] = [];
  for (const c of draft.claims.flatMap((claim) => claim.citations)) {
    const holder = extract.find(
      (e) => e.documentId === c.documentId && e.version === c.version && e.start <= c.start && c.end <= e.end,
    );
    for (const link of holder?.links ?? []) {
      const target = extract.find((e) => e.id === link.itemId);
      if (
        !target ||
        out.some((o) => o.words === link.words && o.documentId === target.documentId && o.start === target.start)
      )
        continue;
      const display = citeAs(target);
      const base = {
        kind: link.kind,
        words: link.words,
        documentId: target.documentId,
        version: target.version,
        nodeId: target.nodeId,
        start: target.start,
        end: target.end,
        display,
        quote: target.text,
      };
      const location = await locate({ ...base, display });
      out.push(location ? { ...base, location } : base);
    }
  }
  return out.length > 0 ? { linked: out } : {};
}

/** The ask use case: retrieve (or take the whole corpus), answer, verify, and return a replayable record. */
export function createAsk(deps: AskDeps) {
  const locate = async (c: Citation) => formatLocation(await locateCitation(c, deps));
  const maxInject = deps.maxInjectTokens ?? 150_000;
  // Offline answers record which evidence model chose their sentences, so a replay can tell.
  let evidence: { model: EvidenceModel; id: string } | null = null;
  const evidenceModel = () => {
    if (!evidence) {
      const model = deps.evidenceModel();
      evidence = { model, id: evidenceModelId(model) };
    }
    return evidence;
  };
  let decision: { model: DecisionModel; id: string } | null = null;
  const decisionModel = (load: () => DecisionModel) => {
    if (!decision) {
      const model = load();
      decision = { model, id: decisionModelId(model) };
    }
    return decision;
  };
  /** The id of what decides offline answers, recorded with each so a replay can tell. */
  const offlineModelId = () =>
    deps.offline?.answerer === "evidence" ? decisionModel(deps.offline.decision).id : evidenceModel().id;

  // One span per question: mode, asker id, answerer and outcome (never the question or evidence text).
  function ask(req: AskRequest): Promise<AnswerRecord> {
    return inSpan("lexnav.ask", { "lexnav.mode": req.mode, "lexnav.principal": req.principal.id }, async (span) => {
      const r = await answer(req);
      // The ledger's figures as metrics too: what the deployment's model calls cost, summed across questions.
      for (const e of r.ledger.entries)
        recordModelUsage({
          stage: e.stage,
          model: e.model,
          tokens: {
            input: e.inputTokens,
            cacheWrite: e.cacheWriteTokens,
            cacheRead: e.cacheReadTokens,
            output: e.outputTokens,
          },
          dollars: entryDollars(e, r.ledger.priceCard).total,
        });
      span.setAttributes({
        "lexnav.answer_id": r.id,
        "lexnav.answerer": r.answerer,
        "lexnav.index_version": r.indexVersion,
        "lexnav.abstained": r.abstained,
        "lexnav.citations": r.citations.length,
        "lexnav.context_tokens": r.contextTokens,
        "lexnav.dollars": r.ledger.dollars.total,
      });
      return r;
    });
  }

  async function answer(req: AskRequest): Promise<AnswerRecord> {
    const checked = checkQuestion(req.question);
    if (!checked.ok)
      throw new LexnavError(checked.error.code === "empty" ? "empty" : "too_large", checked.error.reason);
    // What was asked goes on the record; what is read is the question without the courtesies around it.
    const asked = checked.value.question;
    const question = bareQuestion(asked);
    if (req.indexVersion !== undefined && (req.mode === "inject" || (req.mode === "navindex" && deps.model)))
      throw new LexnavError(
        "invalid_argument",
        `an index version pins the retrieval modes; ${req.mode === "inject" ? "inject" : "a model's navindex plan"} reads the catalog`,
      );
    // What the asker may read, within the request's scope when it names one.
    const inScope = req.documentIds ? new Set(req.documentIds) : null;
    const corpus = async () => (await deps.corpus(req.principal)).filter((d) => !inScope || inScope.has(d.documentId));
    const usage: LedgerEntry[] = [];
    const warnings: string[] = [];
    let indexVersion = "";
    let selected: string[] = [];
    let extract: EvidenceItem[];
    // Set for the retrieval modes: whose definitions and referred-to provisions may be brought in.
    let linkable: ((documentId: string) => Promise<boolean>) | null = null;
    let linkDeps: Parameters<typeof linkExtract>[1] = deps;
    // The documents retrieval routed the question to, and what chose them (none when a model planned over
    // everything the asker may read).
    let routing: Routing = { documents: [], by: undefined };
    // Text of a document barred from external models never reaches the model: when any document whose
    // text (or planner index entries) would be sent is barred, the question is answered offline, and says so.
    let useModel = deps.model !== null;
    const withhold = (barred: readonly string[]) => {
      if (!useModel || barred.length === 0) return;
      useModel = false;
      warnings.push(
        `answered offline, not by ${deps.model?.name ?? "the model"}: ${barred.length} document(s) it would have been sent are marked not to be sent to an external model (${barred.join(", ")})`,
      );
    };
    // A passage the extract could not read is left out alone; the answer says which and why.
    const onDropped = (_: unknown, reason: string) => warnings.push(`a passage was left out of the extract: ${reason}`);
    const keepLocal = async (documentIds: Iterable<string>) => {
      if (!useModel) return;
      const barred: string[] = [];
      for (const id of new Set(documentIds)) if ((await deps.document(id))?.noExternalModel === true) barred.push(id);
      withhold(barred);
    };
    const modelNav = req.mode === "navindex" && deps.model !== null;
    // The planner service plans (and checks its index for barred documents before sending it); this
    // process checks again what it would send the answering model.
    const served =
      modelNav && deps.planner
        ? await deps.planner.plan({
            query: question,
            principal: req.principal,
            ...(req.documentIds ? { documentIds: req.documentIds } : {}),
          })
        : null;
    if (served) {
      withhold(served.withheld);
      await keepLocal(served.indexedDocumentIds);
    }
    const nav =
      modelNav && !deps.planner && deps.navindex ? await deps.navindex(req.principal, question, req.documentIds) : null;
    if (nav) await keepLocal([...nav.known].map((key) => key.split(" ")[0] as string));

    if (req.mode === "inject") {
      const docs = await corpus();
      await keepLocal(docs.map((d) => d.documentId));
      const whole: RetrievedPassage[] = [];
      for (const d of docs) {
        const t = (await deps.text(d.documentId, d.version)) ?? "";
        whole.push({
          documentId: d.documentId,
          version: d.version,
          nodeId: "",
          start: 0,
          end: t.length,
          score: 1,
          tokens: 0,
          stageScores: [],
        });
      }
      extract = await buildExtract(whole, { text: deps.text, document: deps.document });
      const tokens = extract.reduce((s, e) => s + countTokens(e.text), 0);
      if (useModel && tokens > maxInject)
        throw new LexnavError(
          "too_large",
          `inject would send ${tokens} tokens (limit ${maxInject}); ask with a navigate mode such as --mode navindex`,
        );
      selected = extract.map((e) => `${e.documentId}/`);
    } else if ((nav || served) && useModel && deps.model) {
      let pairs: ReadonlyArray<{ documentId: string; nodeId: string }>;
      let rejected: number;
      // Which `${documentId} ${nodeId}` keys an edge may be followed to: those the planner's index listed.
      let listed: (key: string) => Promise<boolean>;
      if (served) {
        indexVersion = served.indexVersion;
        if (served.routing) routing = served.routing;
        rejected = served.rejected;
        usage.push(...served.usage);
        listed = await listedBy(served.indexedDocumentIds, req.principal, inScope);
        // Only what the asker may read is fetched, whatever another process named.
        const targets: Array<{ documentId: string; nodeId: string }> = [];
        for (const t of served.targets) if (await listed(`${t.documentId} ${t.nodeId}`)) targets.push(t);
        pairs = targets;
      } else if (nav) {
        indexVersion = nav.indexVersion;
        if (nav.routing) routing = nav.routing;
        const plan = await deps.model.answerer.plan({
          question,
          compactIndex: nav.compact,
          known: nav.known,
          ...(nav.resolve ? { resolve: nav.resolve } : {}),
        });
        usage.push(plan.usage);
        pairs = plan.pairs;
        rejected = plan.rejected.length;
        listed = async (key) => nav.known.has(key);
      } else throw new LexnavError("internal", "navindex with a model has no plan");
      if (rejected > 0) warnings.push(`planner named ${rejected} id(s) not in the index; ignored`);
      // The planned provisions first, then one hop along their cross-reference and definition edges
      // (into other instruments of the set too, when the asker may read them), within the budget.
      const planned = new Set(pairs.map((p) => `${p.documentId} ${p.nodeId}`));
      const edgeKeys: string[] = [];
      for (const p of pairs) edgeKeys.push(...(await edgesOf(p.documentId, p.nodeId)));
      const edges: Array<[string, string]> = [];
      for (const key of new Set(edgeKeys))
        if (!planned.has(key) && (await listed(key))) edges.push(key.split(" ") as [string, string]);
      const fetched: RetrievedPassage[] = [];
      for (const p of pairs) fetched.push(...(await fetchNode(p.documentId, p.nodeId)));
      for (const [documentId, nodeId] of edges) fetched.push(...(await fetchNode(documentId, nodeId)));
      extract = await buildExtract(await withinBudget(fetched, deps.navindexFetchTokens ?? NAVINDEX_FETCH_TOKENS), {
        ...deps,
        onDropped,
      });
      // A plan made elsewhere was checked there; what this process sends the answering model is checked here.
      if (served) await keepLocal(extract.map((e) => e.documentId));
      selected = pairs.map((p) => `${p.documentId}/${p.nodeId}`);
    } else {
      const request = {
        query: question,
        principal: req.principal,
        mode: req.mode,
        k: req.k,
        ...(req.documentIds ? { documentIds: req.documentIds } : {}),
        ...(req.indexVersion !== undefined ? { indexVersion: req.indexVersion } : {}),
      };
      const r = await deps.searcher.search(request, deps.text);
      req.onTrace?.(r.trace);
      indexVersion = r.trace.indexVersion;
      selected = r.trace.selected;
      routing = {
        documents: r.trace.stages.find((s) => s.stage === "route")?.candidates.map((c) => c.id) ?? [],
        by: r.trace.routedBy,
        ...(r.trace.namesRead ? { namesRead: r.trace.namesRead } : {}),
      };
      const amendments = deps.setAmendments;
      // reading aids show a definition as amended (`linkExtract`), read from the asker's edits too
      if (amendments) linkDeps = { ...deps, amendments: (setId: string) => amendments(setId, req.principal) };
      extract = await buildExtract(r.passages, { ...linkDeps, onDropped, wholeUnits: true });
      await keepLocal(extract.map((e) => e.documentId));
      // Definitions and referred-to provisions come only from documents the asker may read and, when a
      // model answers, may be sent to it. A model reads them with the best passages; the offline answer
      // gets those of the passages it cites, after it has chosen them (below).
      linkable = async (id: string) => {
        const doc = await deps.document(id);
        return doc !== null && mayRead(req.principal, doc.access) && !(useModel && doc.noExternalModel === true);
      };
      if (useModel)
        await linkExtract(extract, linkDeps, linkable, extract.filter((i) => i.nodeId !== "").slice(0, LINKED_SEEDS));
      // Offline, a question asking what a defined term means whose extract defines none of it: the term looked
      // up by one more search (`definition-lookup.ts`).
      else {
        const lookup = {
          source: await extractSource(extract, deps.text),
          sourceOf: (items: readonly EvidenceItem[]) => extractSource(items, deps.text),
          find: async (query: string, k: number, documentIds?: readonly string[]) =>
            buildExtract(
              (
                await deps.searcher.search(
                  { ...request, query, k, ...(documentIds ? { documentIds: [...documentIds] } : {}) },
                  deps.text,
                )
              ).passages,
              { ...linkDeps, onDropped, wholeUnits: true },
            ),
        };
        // and within the documents retrieval found, when they define none of it (`definition-in-retrieved.ts`)
        extract.push(...(await lookedUpDefinitions(question, extract, lookup)));
        extract.push(...(await lookedUpInRetrieved(question, extract, lookup)));
      }
    }
    for (const e of extract)
      if (looksLikeInstructions(e.text))
        warnings.push(`${e.docLabel} contains text addressed to a model; it was passed as quoted evidence only`);

    const copies = useModel ? undefined : await copiesIn(extract, [req.principal]);
    const draft = await respond(useModel, question, extract, req.mode, usage, req.onText, copies);
    // What the answerer read: reading aids added after an offline answer are shown, not read.
    const contextTokens = extract.reduce((s, e) => s + countTokens(e.text), 0);
    if (linkable && !useModel && !draft.abstained) {
      // The offline answer's reading aids: what its cited passages lean on, whatever their rank (the
      // answer is chosen from what retrieval found, so this follows the citations, not the order).
      const cites = draft.claims.flatMap((c) => c.citations);
      const citedItems = extract.filter((e) =>
        cites.some(
          (c) => c.documentId === e.documentId && c.version === e.version && e.start <= c.start && c.end <= e.end,
        ),
      );
      await linkExtract(extract, linkDeps, linkable, citedItems);
    }
    // Read only when a note needs it, and then once.
    let readableDocs: Promise<Array<{ documentId: string; label: string; title: string | null }>> | null = null;
    const readable = () => {
      readableDocs ??= corpus().then(async (docs) => {
        const out = [];
        for (const d of docs) {
          const doc = await deps.document(d.documentId);
          out.push({ documentId: d.documentId, label: documentLabel(doc, d.documentId), title: doc?.title ?? null });
        }
        return out;
      });
      return readableDocs;
    };
    // "the pledge agreement" when the asker may read three: say which the answer rests on.
    warnings.push(
      ...(await ambiguityNotes(
        question,
        readable,
        new Set(draft.claims.flatMap((c) => c.citations.map((x) => x.documentId))),
      )),
    );
    // A silence over documents routing guessed at is not a silence of everything the asker may read.
    // An answer over documents routing guessed at says which they are.
    warnings.push(
      ...(await scopeNotes(
        routing,
        readable,
        draft.abstained,
        new Set(draft.claims.flatMap((c) => c.citations.map((x) => x.documentId))),
      )),
    );
    // The offline answerer read the question as a wording it was trained on: say which, so a misreading shows.
    if (draft.readAs) warnings.push(`the offline answerer read the question as "${draft.readAs}"`);

    return {
      id: deps.newId(),
      createdAt: deps.now(),
      question: asked,
      mode: req.mode,
      answerer: useModel ? "model" : "offline",
      model: useModel && deps.model ? deps.model.name : offlineModelId(),
      promptVersion: PROMPT_VERSION,
      indexVersion,
      principal: { id: req.principal.id, groups: [...req.principal.groups] },
      ...(req.documentIds ? { scope: [...req.documentIds] } : {}),
      selectedNodes: selected,
      evidence: extract.map((e) => ({
        documentId: e.documentId,
        version: e.version,
        nodeId: e.nodeId,
        start: e.start,
        end: e.end,
        ...(e.linkedBy ? { linkedBy: e.linkedBy } : {}),
      })),
      contextTokens,
      ...(await shown(draft, locate)),
      ...(await linkedOf(draft, extract, locate)),
      warnings,
      ledger: buildLedger(usage, deps.priceCard),
    };
  }

  /** The answering step: the model over the extract (streaming when asked), else the offline answerer. */
  async function respond(
    withModel: boolean,
    question: string,
    extract: EvidenceItem[],
    mode: AnswerMode,
    usage: LedgerEntry[],
    onText?: (delta: string) => void,
    copies?: RecordedCopies,
  ): Promise<DraftAnswer> {
    // The answerers verify citations against the stored text of the extract's versions, read here once.
    const source = await extractSource(extract, deps.text);
    if (!withModel || !deps.model) {
      const offline = deps.offline;
      if (offline?.answerer === "evidence")
        return answerFromEvidence(question, extract, source, {
          decision: decisionModel(offline.decision).model,
          ...(copies ? { copies } : {}),
          ...(offline.relevance ? { relevance: offline.relevance } : {}),
        });
      return answerOffline(question, extract, source, { model: evidenceModel().model });
    }
    const m = await deps.model.answerer.answer({
      question,
      extract,
      source,
      placement: mode === "inject" ? "cached-prefix" : "in-turn",
      ...(onText ? { onText } : {}),
    });
    usage.push(...m.usage);
    return m.draft;
  }

  /**
   * The edits read from, and aimed into, documents `reader` may read (all of them when none is named): an
   * amendment filed after an answer for its asker only must not reach another reader through its replay.
   */
  async function readableEdits(edits: readonly AmendingEdit[], reader?: Principal): Promise<AmendingEdit[]> {
    if (!reader) return [...edits];
    const may = async (id: string) => {
      const doc = await deps.document(id);
      return doc !== null && mayRead(reader, doc.access);
    };
    const kept: AmendingEdit[] = [];
    for (const e of edits)
      if ((await may(e.amendmentDocumentId)) && (e.targetDocumentId === null || (await may(e.targetDocumentId))))
        kept.push(e);
    return kept;
  }

  /**
   * Which edge keys a plan made elsewhere may be followed to: those of the documents its index listed,
   * or, for a deterministic plan (no index), of the documents the asker may read within the scope.
   */
  async function listedBy(
    indexed: readonly string[],
    principal: Principal,
    inScope: ReadonlySet<string> | null,
  ): Promise<(key: string) => Promise<boolean>> {
    if (indexed.length > 0) {
      const docs = new Set(indexed);
      return async (key) => docs.has(key.split(" ")[0] as string);
    }
    return async (key) => {
      const id = key.split(" ")[0] as string;
      if (inScope && !inScope.has(id)) return false;
      const doc = await deps.document(id);
      return doc !== null && mayRead(principal, doc.access);
    };
  }

  // The `${documentId} ${nodeId}` keys a provision's resolved cross-references and defined terms point to.
  async function edgesOf(documentId: string, nodeId: string): Promise<string[]> {
    const version = (await deps.document(documentId))?.currentVersion;
    const node = version ? await deps.node(documentId, version, nodeId) : null;
    if (!node) return [];
    return [
      ...node.xrefs.flatMap((x) => (x.targetNodeId ? [`${x.targetDocumentId ?? documentId} ${x.targetNodeId}`] : [])),
      ...node.termUses.flatMap((u) =>
        u.definitionNodeId ? [`${u.definitionDocumentId ?? documentId} ${u.definitionNodeId}`] : [],
      ),
    ];
  }

  // Deterministic fetch of a planned provision: its span in the current version, capped.
  async function fetchNode(documentId: string, nodeId: string): Promise<RetrievedPassage[]> {
    const doc = await deps.document(documentId);
    if (!doc?.currentVersion) return [];
    const node = await deps.node(documentId, doc.currentVersion, nodeId);
    if (!node) return [];
    return [
      {
        documentId,
        version: doc.currentVersion,
        nodeId,
        start: node.start,
        end: Math.min(node.end, node.start + MAX_NODE_CHARS),
        score: 1,
        tokens: 0,
        stageScores: [],
      },
    ];
  }

  /**
   * The planned provisions in the planner's order until `budget` tokens: one overlapping a provision
   * already taken adds nothing, the one that crosses the budget is cut at a word boundary (still a verbatim
   * span of the stored text), the rest are left out.
   */
  async function withinBudget(passages: RetrievedPassage[], budget: number): Promise<RetrievedPassage[]> {
    const out: RetrievedPassage[] = [];
    let left = budget;
    for (const p of passages) {
      const text = await deps.text(p.documentId, p.version);
      if (text === null || left <= 0) continue;
      // The extract keeps overlapping spans once: one overlapping a span already taken adds nothing.
      if (overlapsAny(out, p)) continue;
      let end = p.end;
      let tokens = countTokens(text.slice(p.start, end));
      while (tokens > left && end > p.start) {
        // Shrink by the share over budget, then back to the previous whitespace.
        const cut = p.start + Math.floor(((end - p.start) * left) / tokens);
        const space = text.lastIndexOf(" ", cut);
        end = space > p.start ? space : cut;
        tokens = countTokens(text.slice(p.start, end));
      }
      if (end <= p.start) continue;
      out.push({ ...p, end, tokens });
      left -= tokens;
    }
    return out;
  }

  /**
   * What ingest recorded of the copies among the extract's documents, of those every one of `readers`
   * may read: a copy one of them may not read is never named to it, nor read as a copy.
   */
  async function copiesIn(extract: readonly EvidenceItem[], readers: readonly Principal[]) {
    const lookup = deps.copies;
    if (!lookup) return undefined;
    const served = new Map<string, { version: string; filing: Filing | null }>();
    for (const id of new Set(extract.map((e) => e.documentId))) {
      const doc = await deps.document(id);
      if (doc?.currentVersion && readers.every((r) => mayRead(r, doc.access)))
        served.set(id, { version: doc.currentVersion, filing: doc.content?.filing ?? null });
    }
    const pairs = [];
    for (const id of served.keys())
      for (const p of await lookup(id)) if (served.has(p.documentId) && served.has(p.copyOf)) pairs.push(p);
    return recordedCopies(served, pairs);
  }

  /**
   * Replays a record over the extract it stored (same spans, same versions): the answerer, prompt
   * and model are run again and the new answer is compared with the stored one. `reader`: who is shown
   * the replay, when not the operator; only the amendment edits it may read too are applied.
   */
  async function replay(
    record: AnswerRecord,
    reader?: Principal,
  ): Promise<{ replayed: AnswerRecord; sameAnswer: boolean; missing: number }> {
    const passages: RetrievedPassage[] = record.evidence.map((e) => ({ ...e, score: 1, tokens: 0, stageScores: [] }));
    // The set's amendment edits applied as when first answered: the decision reads superseded text and
    // amending text, so an extract without them would be decided differently.
    const amendments = deps.setAmendments;
    const extract = await buildExtract(passages, {
      ...deps,
      ...(amendments
        ? { amendments: async (setId: string) => readableEdits(await amendments(setId, record.principal), reader) }
        : {}),
    });
    // What was brought in for reading stays context, not a candidate, as it was when first answered.
    for (const e of extract) {
      const stored = record.evidence.find(
        (r) => r.documentId === e.documentId && r.version === e.version && r.start === e.start && r.end === e.end,
      );
      if (stored?.linkedBy) e.linkedBy = stored.linkedBy;
    }
    const missing = record.evidence.length - extract.length;
    const usage: LedgerEntry[] = [];
    if (record.answerer === "model" && !deps.model)
      throw new LexnavError("invalid_argument", "this answer came from a model: set ANTHROPIC_API_KEY to replay it");
    const barred: string[] = [];
    for (const id of new Set(extract.map((e) => e.documentId)))
      if ((await deps.document(id))?.noExternalModel === true) barred.push(id);
    if (record.answerer === "model" && barred.length > 0)
      throw new LexnavError(
        "conflict",
        `this answer came from a model, and ${barred.length} document(s) of its extract are now marked not to be sent to an external model (${barred.join(", ")}): it is not replayed`,
      );
    const readers = reader ? [record.principal, reader] : [record.principal];
    const copies = record.answerer === "model" ? undefined : await copiesIn(extract, readers);
    const draft = await respond(
      record.answerer === "model",
      record.question,
      extract,
      record.mode,
      usage,
      undefined,
      copies,
    );
    // the decision's probability is the replay's own (none when it is not decided by evidence), never the record's
    const { decisionProbability: _earlier, ...earlier } = record;
    const replayed: AnswerRecord = {
      ...earlier,
      id: deps.newId(),
      createdAt: deps.now(),
      model: record.answerer === "model" ? (deps.model?.name ?? null) : offlineModelId(),
      promptVersion: PROMPT_VERSION,
      ...(await shown(draft, locate)),
      ledger: buildLedger(usage, deps.priceCard),
    };
    return { replayed, sameAnswer: replayed.answer === record.answer, missing };
  }

  return { ask, replay };
}

export type Ask = ReturnType<typeof createAsk>;
