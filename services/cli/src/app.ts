import { parseArgs } from "node:util";
import { isLexnavError, type LexnavConfig, type Logger } from "@lexnav/core";
import {
  createEmbeddedStack,
  loadRelevanceEmbedder,
  loadStackModels,
  modelFallbackNotice,
  type StackModels,
  searchOptionsOf,
} from "@lexnav/stack";
import { askCommand } from "./commands/ask.ts";
import {
  actorOf,
  auditCommand,
  holdCommand,
  noExternalCommand,
  recordAudit,
  wallCommand,
} from "./commands/controls.ts";
import { costCommand } from "./commands/cost.ts";
import { demoCommand } from "./commands/demo.ts";
import { dlqListCommand, dlqReplayCommand } from "./commands/dlq.ts";
import { aclCommand, deleteCommand, listCommand, listCopiesCommand } from "./commands/documents.ts";
import { evalAnswersCommand } from "./commands/eval-answers.ts";
import { DENSE_MODES, evalRetrievalCommand } from "./commands/eval-retrieval.ts";
import { indexProfilesCommand } from "./commands/index-profiles.ts";
import { ingestCommand } from "./commands/ingest.ts";
import { inspectAsOfCommand, inspectCommand } from "./commands/inspect.ts";
import { navindexCommand } from "./commands/navindex.ts";
import { readerOf } from "./commands/query-options.ts";
import { replayCommand } from "./commands/replay.ts";
import { searchCommand } from "./commands/search.ts";
import { setCommand } from "./commands/sets.ts";
import { showCommand } from "./commands/show.ts";
import { statusCommand } from "./commands/status.ts";
import { trainDecisionCommand } from "./commands/train-decision.ts";
import { trainEvidenceCommand } from "./commands/train-evidence.ts";
import { trainRerankerCommand } from "./commands/train-reranker.ts";
import { triageCommand } from "./commands/triage.ts";
import { type CliContext, stackParts } from "./context.ts";
import { createProgress } from "./progress.ts";
import { terminalSafe } from "./terminal.ts";

/** The commands that only read the catalog, the audit log or the dead letters: the ones the CLI runs on a shared catalog. */
const SHARED_CATALOG_COMMANDS: ReadonlySet<string> = new Set(["inspect", "list", "audit", "status", "dlq"]);

export const USAGE = `lexnav — cited provision trees for transactional legal documents

usage:
  lexnav demo                                   ingest the example transaction set and show its structure
  lexnav ingest <paths...> [--acl <principal|group:name>...] [--set <transaction-set>] [--json]
                                                without --acl, new documents are readable by the local group
                                                and known ones keep their access; a changed access is reported
         [--filed-on <yyyy-mm-dd>]              the filing date the files' metadata gives (else an EDGAR name's)
  lexnav inspect <file-or-doc-id> [--json]      tree, flags, definitions, cross-references, quality, amendment edits
  lexnav inspect <set-id-or-name> --as-of <yyyy-mm-dd> [--section <ref>] [--json]
                                                the text in force on that date of each provision an amendment
                                                of the set edits (or the one named), with its chain of edits
  lexnav list [--json]                          every document with its lifecycle (failed ones with reasons)
  lexnav list --copies [--json]                 the documents that are copies of one agreement (filed twice)
  lexnav navindex [--out <dir>] [--set <id>] [--json]   write index.json / full.json / compact index
                                                inspect, list, navindex and replay take --principal / --group:
                                                only what that principal may read; without them, every record
  lexnav eval retrieval --bench <file> --corpus <root> [--mode <mode>] [--protocol full|mini] [--limit N] [--scope corpus|set] [--traces <file.jsonl>] [--rows <file.jsonl>] [--triage] [--store <eval store>] [--json]
                      modes: lexical dense hybrid navembed-r1 navembed-r2 navembed-r3 navembed-r4 navindex
                      --store: run on an eval store an earlier eval built (its .sqlite under <db folder>/eval),
                      not on the one the bench's corpora name; it must hold every file the bench names
  lexnav eval answers --bench <file> --corpus <root> [--mode <mode>] [--offline] [--k N] [--limit N]
                     [--scope corpus|set] [--paired [--judge <model>] [--forced]] [--rows <file.jsonl>] [--store <eval store>] [--json]
                                                abstention and cited gold spans of the answerer; --paired judges
                                                inject against the mode (needs ANTHROPIC_API_KEY)
  lexnav train evidence <bench files...> --corpus <root> [--answerer wording|evidence] [--mode <mode>] [--k N]
                       [--folds N] [--limit N] [--split document|question] [--seed N] [--silence 0..1] [--out <model.json>] [--json]
                                                fit the offline answer decision on questions with gold spans (evidence:
                                                relevance, coverage, rank, structure; wording: the older per-wording
                                                model); prints held-out figures on document-disjoint folds and, for
                                                evidence, the calibration curve (LEXNAV_ANSWERER picks which answers)
  lexnav train reranker <bench files...> --corpus <root> [--folds N] [--limit N] [--out <weights.json>] [--json]
                                                fit the built-in reranker's weights (navembed-r4) on questions with gold
                                                spans; prints how often gold is first, held out by deal or document;
                                                LEXNAV_RERANKER_WEIGHTS=<weights.json> reranks with what it wrote
  lexnav index dense [--json]                   embed every passage with the installed model (vectors of unchanged
                                                text are reused), else fit the built-in embedder per access scope;
                                                build and activate a dense index
  lexnav index lexical [--json]                 build the lexical index (passages, cards) again from the stored
                                                text, as this version of lexnav writes it; activate it, drop the old
  lexnav index profiles [--dry-run] [--json]    read every document's title, role, effective date and parties again
                                                from its stored text, as this version of lexnav reads them; file
                                                unfiled documents, relink sets, report what changed (after upgrading;
                                                --dry-run: report what would change, write nothing)
  lexnav delete <doc-id> [--json]               erase a document's text from every store, answer record and
                                                file lexnav wrote; reports what it erased
  lexnav set name <set-id> "<name>"             name a transaction set ("" drops the name); --set takes it too
  lexnav set add|remove <set-id> <doc-id>       regroup after ingest: a document joins only a set some reader
                                                may read whole (operators; not a set under a control)
  lexnav acl <doc-id> --acl <principal|group:name>...   replace who may read a document (its walls stay)
  lexnav wall <doc-id> | --set <id>  --deny <principal|group:name>... [--release]
                                                ethical wall: keeps them out whatever access grants (operators)
  lexnav hold <doc-id> | --set <id> [--release]  legal hold: the document(s) cannot be deleted (operators)
  lexnav no-external <doc-id> | --set <id> [--release]
                                                never send the text to an external model; asks answer offline
  lexnav audit [--limit N] [--json]             who asked what, what was cited, operator views (operators)
  lexnav dlq list [--limit N] [--json]          commands the ingest service could not process (NATS_URL; operators)
  lexnav dlq replay <id> [--json]               send a dead letter again once its cause is fixed (operators)
  lexnav status [--metrics <url>] [--json]      documents by state and failure code, freshness, the
                                                deployment's ingest backlog and dead letters (NATS_URL), and
                                                propagation lag p50/p99 from an ingest service's /metrics (operators)
  lexnav triage <answer-id> [--expect <doc-id>:<start>-<end>] [--json]
                                                where the pipeline lost an answer's evidence: ids and counts (operators)
  lexnav ask "<question>" [--mode inject|lexical|...|navindex] [--offline] [--k N]
            [--principal <id>] [--group <name>...] [--doc <doc-id>...] [--set <transaction-set>]
            [--index-version <lex-...>] [--json]
                                                answer with verified citations and a token ledger
                                                (a model when ANTHROPIC_API_KEY is set, else offline);
                                                default principal: local, in every group a document names;
                                                --doc / --set: only those documents (both: the listed ones of the set);
                                                one the principal may not read is an error, as an unknown one
  lexnav search "<query>" [--mode <mode>] [--k N] [--principal <id>] [--group <name>...]
               [--doc <doc-id>...] [--set <transaction-set>] [--index-version <lex-...>] [--json]
                                                the passages a mode retrieves, best first, with each stage's
                                                score and provision (what ask answers from; nothing answered)
  lexnav replay <answer-id> [--offline] [--json] run a stored answer again over its recorded extract
                                                (an answer over a document the principal may not read: unknown)
  lexnav show <answer-id> [n] [--json]          cited passage n (all when absent) of a stored answer in its
                                                provision or surrounding text, the cited span marked »» ««
                                                (--principal / --group as replay)
  lexnav cost --corpus-tokens C --payload-tokens R [--index-tokens I] [--selected-tokens S]
              [--question-tokens Q] [--output-tokens O] [--expire-every M] [--json]
                                                when inject is cheaper than retrieval, and the cost of n queries

options:
  --db <path>      the embedded store (default .lexnav/lexnav.sqlite, or LEXNAV_DB)
`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  stderr: NodeJS.WriteStream;
}

/**
 * Runs one CLI invocation; returns the process exit code. Never throws for user errors. Everything it
 * writes is terminal-safe (`terminalSafe`): data never reaches the terminal as a control.
 */
export async function runCli(argv: string[], config: LexnavConfig, logger: Logger, raw: CliIo): Promise<number> {
  const io: CliIo = {
    out: (text) => raw.out(terminalSafe(text)),
    err: (text) => raw.err(terminalSafe(text)),
    stderr: raw.stderr,
  };
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    io.err(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...args] = positionals;
  if (values.help || command === undefined || command === "help") {
    io.out(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  const effective: LexnavConfig = values.db ? { ...config, dbPath: values.db } : config;
  const mode =
    values.mode ??
    (command === "ask" ? "navindex" : command === "eval" && args[0] === "retrieval" ? "lexical" : "hybrid");
  const dense = (DENSE_MODES as readonly string[]).includes(mode);
  const queries = command === "ask" || command === "search";
  const searches = command === "eval" || command === "train" || queries;
  // Models load only for the commands that embed or rerank (loading one takes a moment): building the
  // dense index, ingesting (a model-built index embeds new documents) and searching in a dense mode.
  let models: StackModels = {};
  // Reading profiles again embeds nothing: it needs no model.
  if ((command === "index" && args[0] !== "profiles") || command === "ingest" || (searches && dense)) {
    try {
      models = await loadStackModels(effective);
    } catch (e) {
      if (!isLexnavError(e)) throw e;
      io.err(`lexnav: ${e.message}`);
      return e.code === "not_found" ? 3 : 1;
    }
  }
  // The offline evidence decision reads sentence relevance from its embedder in any mode, so the commands
  // that answer offline load it even when they search in a mode that embeds nothing.
  const answers = command === "ask" || command === "replay" || command === "eval" || command === "train";
  if (answers && !models.relevance && effective.offlineAnswerer === "evidence") {
    try {
      const relevance = await loadRelevanceEmbedder(effective, models.embedder);
      if (relevance) models = { ...models, relevance };
    } catch (e) {
      if (!isLexnavError(e)) throw e;
      io.err(`lexnav: ${e.message}`);
      return e.code === "not_found" ? 3 : 1;
    }
  }
  // On the shared catalog (LEXNAV_CATALOG_URL) the CLI reads it; it writes nothing there and searches
  // nothing: a change made here would publish no event, so the stage services would never apply it. Those
  // go to the ingest and answer services.
  if (effective.catalogUrl !== undefined && !SHARED_CATALOG_COMMANDS.has(command)) {
    io.err(
      `lexnav: "${command}" needs the embedded store, and LEXNAV_CATALOG_URL names a shared catalog; on it the CLI runs only ${[...SHARED_CATALOG_COMMANDS].join(", ")} (send changes to the ingest service)\n`,
    );
    return 2;
  }
  const stack = await createEmbeddedStack(effective.dbPath, effective.limits, logger, models, {
    ...(effective.catalogUrl !== undefined ? { catalogUrl: effective.catalogUrl } : {}),
    search: searchOptionsOf(effective),
  });
  // Say when a built-in model stands in for a pretrained one, whenever this command would use it.
  {
    const notice = modelFallbackNotice(effective, models, {
      embeds:
        (command === "index" && args[0] === "dense") ||
        (searches && dense && (!queries || (await stack.vectors.activeVersion()) !== null)),
      reranks: searches && mode === "navembed-r4",
    });
    if (notice !== null) io.err(`lexnav: ${notice}`);
  }
  const ctx: CliContext = {
    config: effective,
    ...stackParts(stack),
    models,
    logger,
    out: io.out,
    err: io.err,
    stderr: io.stderr,
  };
  const json = values.json === true;
  // Who reads through the catalog views and replay: --principal / --group, else the store's operator.
  const reader = readerOf({ principal: values.principal, groups: values.group });
  try {
    switch (command) {
      case "demo":
        await demoCommand(ctx, { json, ...(args[0] ? { dir: args[0] } : {}) });
        return 0;
      case "ingest": {
        if (args.length === 0) throw usageError("ingest needs at least one path");
        const s = await ingestCommand(ctx, {
          paths: args,
          acl: values.acl ?? [],
          json,
          ...(values.set ? { set: values.set } : {}),
          ...(values["filed-on"] ? { filedOn: values["filed-on"] } : {}),
        });
        // A superseded file was not ingested either: a later request for its document had been applied.
        return s.failed > 0 || s.superseded > 0 ? 1 : 0;
      }
      case "inspect":
        if (!args[0]) throw usageError("inspect needs a file or document id");
        if (values["as-of"] !== undefined || values.section !== undefined) {
          if (values["as-of"] === undefined) throw usageError("--section needs --as-of <yyyy-mm-dd>");
          await inspectAsOfCommand(ctx, args[0], values["as-of"], values.section ?? null, json, reader);
          return 0;
        }
        await inspectCommand(ctx, args[0], json, reader);
        return 0;
      case "list":
        await (values.copies ? listCopiesCommand : listCommand)(ctx, json, reader);
        await recordAudit(ctx, actorOf(ctx, actor(values)), { action: "list" });
        return 0;
      case "navindex":
        await navindexCommand(ctx, {
          json,
          reader,
          ...(values.out ? { out: values.out } : {}),
          ...(values.set ? { set: values.set } : {}),
        });
        await recordAudit(ctx, actorOf(ctx, actor(values)), { action: "navindex", target: values.set ?? null });
        return 0;
      case "eval": {
        if (args[0] === "answers") {
          if (!values.bench || !values.corpus) throw usageError("eval answers needs --bench and --corpus");
          await evalAnswersCommand(ctx, {
            bench: values.bench,
            corpus: values.corpus,
            mode: values.mode ?? "hybrid",
            protocol: values.protocol ?? "full",
            offline: values.offline === true,
            paired: values.paired === true,
            json,
            ...(values.limit ? { limit: Number(values.limit) } : {}),
            ...(values.k ? { k: Number(values.k) } : {}),
            ...(values.judge ? { judge: values.judge } : {}),
            ...(values.forced ? { forced: true } : {}),
            ...(values.rows ? { rows: values.rows } : {}),
            ...(values.scope ? { scope: values.scope as "corpus" | "set" } : {}),
            ...(values.store ? { store: values.store } : {}),
          });
          return 0;
        }
        if (args[0] !== "retrieval") throw usageError('eval needs a kind: "retrieval" or "answers"');
        if (!values.bench || !values.corpus) throw usageError("eval retrieval needs --bench and --corpus");
        await evalRetrievalCommand(ctx, {
          bench: values.bench,
          corpus: values.corpus,
          mode: values.mode ?? "lexical",
          protocol: values.protocol ?? "full",
          json,
          ...(values.limit ? { limit: Number(values.limit) } : {}),
          ...(values.traces ? { traces: values.traces } : {}),
          ...(values.scope ? { scope: values.scope } : {}),
          ...(values.rows ? { rows: values.rows } : {}),
          ...(values.triage ? { triage: true } : {}),
          ...(values.store ? { store: values.store } : {}),
        });
        return 0;
      }
      case "index": {
        const kind = args[0];
        if (kind !== "dense" && kind !== "lexical" && kind !== "profiles")
          throw usageError('index needs a kind: "dense", "lexical" or "profiles"');
        const progress = createProgress(
          (await stack.catalog.listDocuments({ lifecycle: ["indexed"] })).length,
          io.stderr,
        );
        const onDocument = () => progress.tick("");
        if (kind === "profiles") {
          const reread = indexProfilesCommand(ctx, {
            ...actor(values),
            json,
            dryRun: values["dry-run"] === true,
            onDocument,
          });
          await reread.finally(() => progress.done());
          return 0;
        }
        const said =
          kind === "lexical"
            ? await stack.rebuildLexicalIndex({ onDocument }).then((report) => ({
                report,
                line: `lexical index ${report.indexVersion}: ${report.passages} passages, ${report.documents} documents, ${report.seconds.toFixed(1)} s${report.replaced ? ` (replaces ${report.replaced}, dropped)` : ""}${reconciledNote(report.reconciled)}`,
              }))
            : await stack.buildDenseIndex({ onDocument }).then((report) => ({
                report,
                line: `dense index ${report.indexVersion}: ${report.vectors} vectors, ${report.documents} documents, fit ${report.fitSeconds.toFixed(1)} s, embed ${report.embedSeconds.toFixed(1)} s${report.embeddedTexts !== undefined ? ` (${report.embeddedTexts} texts embedded, the rest reused)` : ""}${reconciledNote(report.reconciled)}`,
              }));
        progress.done();
        ctx.out(json ? JSON.stringify(said.report, null, 2) : said.line);
        return 0;
      }
      case "delete":
        if (!args[0]) throw usageError("delete needs a document id");
        // Audited before it runs: the erasure ends by truncating the store's log, and nothing is written after it.
        await recordAudit(ctx, actorOf(ctx, actor(values)), { action: "delete", target: args[0] });
        try {
          await deleteCommand(ctx, args[0], json);
        } catch (e) {
          await recordAudit(ctx, actorOf(ctx, actor(values)), { action: "delete (refused)", target: args[0] });
          throw e;
        }
        return 0;
      case "acl":
        if (!args[0]) throw usageError("acl needs a document id");
        if (values.acl || !values.deny) await aclCommand(ctx, args[0], values.acl ?? []);
        if (values.deny) await wallCommand(ctx, { ...controlOptions(values, args[0], json), deny: values.deny });
        return 0;
      case "wall":
        await wallCommand(ctx, { ...controlOptions(values, args[0], json), deny: values.deny ?? [] });
        return 0;
      case "hold":
        await holdCommand(ctx, controlOptions(values, args[0], json));
        return 0;
      case "no-external":
        await noExternalCommand(ctx, controlOptions(values, args[0], json));
        return 0;
      case "audit":
        await auditCommand(ctx, { ...actor(values), json, ...(values.limit ? { limit: Number(values.limit) } : {}) });
        return 0;
      case "status":
        await statusCommand(ctx, { ...actor(values), json, ...(values.metrics ? { metricsUrl: values.metrics } : {}) });
        return 0;
      case "dlq": {
        const [sub, id] = args;
        if (sub === "list")
          await dlqListCommand(ctx, {
            ...actor(values),
            json,
            ...(values.limit ? { limit: Number(values.limit) } : {}),
          });
        else if (sub === "replay") await dlqReplayCommand(ctx, id, { ...actor(values), json });
        else throw usageError("dlq needs list or replay");
        return 0;
      }
      case "triage":
        await triageCommand(ctx, args[0], {
          ...actor(values),
          json,
          ...(values.expect ? { expect: values.expect } : {}),
        });
        return 0;
      case "ask": {
        const question = args.join(" ");
        await askCommand(ctx, {
          question,
          mode: values.mode ?? "navindex",
          offline: values.offline === true,
          json,
          groups: values.group ?? [],
          ...scopeOptions(values),
          ...(values.principal ? { principal: values.principal } : {}),
          ...(values.k ? { k: Number(values.k) } : {}),
        });
        return 0;
      }
      case "search": {
        await searchCommand(ctx, {
          query: args.join(" "),
          mode: values.mode ?? "hybrid",
          json,
          groups: values.group ?? [],
          ...scopeOptions(values),
          ...(values.principal ? { principal: values.principal } : {}),
          ...(values.k ? { k: Number(values.k) } : {}),
        });
        return 0;
      }
      case "train": {
        if (args[0] === "reranker") {
          if (args.length < 2 || !values.corpus) throw usageError("train reranker needs benchmark files and --corpus");
          await trainRerankerCommand(ctx, {
            benches: args.slice(1),
            corpus: values.corpus,
            folds: values.folds ? Number(values.folds) : 5,
            json,
            ...(values.out ? { out: values.out } : {}),
            ...(values.limit ? { limit: Number(values.limit) } : {}),
          });
          return 0;
        }
        if (args[0] !== "evidence") throw usageError('train needs a kind: "evidence" or "reranker"');
        if (args.length < 2 || !values.corpus) throw usageError("train evidence needs benchmark files and --corpus");
        // The older model stays the default here so the commands that write evidence-v1.json keep doing so.
        const answerer = values.answerer ?? "wording";
        if (answerer !== "evidence" && answerer !== "wording")
          throw usageError(`--answerer must be "evidence" or "wording" (not "${answerer}")`);
        if (answerer === "evidence") {
          await trainDecisionCommand(ctx, {
            benches: args.slice(1),
            corpus: values.corpus,
            mode: values.mode ?? "hybrid",
            k: values.k ? Number(values.k) : 10,
            folds: values.folds ? Number(values.folds) : 5,
            json,
            ...(values.out ? { out: values.out } : {}),
            ...(values.limit ? { limit: Number(values.limit) } : {}),
            ...(values.silence ? { silence: Number(values.silence) } : {}),
          });
          return 0;
        }
        await trainEvidenceCommand(ctx, {
          benches: args.slice(1),
          corpus: values.corpus,
          mode: values.mode ?? "hybrid",
          k: values.k ? Number(values.k) : 10,
          folds: values.folds ? Number(values.folds) : 5,
          ...(values.split ? { split: values.split as "document" | "question" } : {}),
          ...(values.seed ? { seed: Number(values.seed) } : {}),
          json,
          ...(values.out ? { out: values.out } : {}),
          ...(values.limit ? { limit: Number(values.limit) } : {}),
        });
        return 0;
      }
      case "replay": {
        if (!args[0]) throw usageError("replay needs an answer id");
        const r = await replayCommand(ctx, args[0], { json, offline: values.offline === true, reader });
        await recordAudit(ctx, actorOf(ctx, actor(values)), {
          action: "replay",
          operator: false,
          answerId: args[0],
          documentIds: [...new Set(r.replayed.citations.map((c) => c.documentId))],
        });
        return r.sameAnswer ? 0 : 1;
      }
      case "set":
        await setCommand(ctx, args[0], args.slice(1), { ...actor(values), json });
        return 0;
      case "show": {
        if (!args[0]) throw usageError("show needs an answer id");
        const r = await showCommand(ctx, args[0], args[1], { json, reader });
        await recordAudit(ctx, actorOf(ctx, actor(values)), {
          action: "show",
          operator: false,
          answerId: args[0],
          documentIds: [...new Set(r.passages.map((p) => p.documentId))],
        });
        return 0;
      }
      case "cost":
        costCommand(ctx, {
          corpusTokens: values["corpus-tokens"],
          payloadTokens: values["payload-tokens"],
          json,
          ...(values["index-tokens"] ? { indexTokens: values["index-tokens"] } : {}),
          ...(values["selected-tokens"] ? { selectedTokens: values["selected-tokens"] } : {}),
          ...(values["question-tokens"] ? { questionTokens: values["question-tokens"] } : {}),
          ...(values["output-tokens"] ? { outputTokens: values["output-tokens"] } : {}),
          ...(values["expire-every"] ? { expireEvery: values["expire-every"] } : {}),
        });
        return 0;
      default:
        throw usageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (isLexnavError(e)) {
      io.err(`lexnav: ${e.message}`);
      return e.code === "not_found" ? 3 : 1;
    }
    throw e;
  } finally {
    await stack.close();
  }
}

class UsageError extends Error {}
function usageError(message: string): UsageError {
  return new UsageError(message);
}

/** `--doc <id>...` and `--set <id>`: the documents a question or query is scoped to; `--index-version`: the index it reads. */
function scopeOptions(values: {
  doc?: string[] | undefined;
  set?: string | undefined;
  "index-version"?: string | undefined;
}): { documentIds?: string[]; transactionSetId?: string; indexVersion?: string } {
  return {
    ...(values.doc && values.doc.length > 0 ? { documentIds: values.doc } : {}),
    ...(values.set ? { transactionSetId: values.set } : {}),
    ...(values["index-version"] ? { indexVersion: values["index-version"] } : {}),
  };
}

/** `--principal` / `--group`: who runs the command. */
function actor(values: { principal?: string | undefined; group?: string[] | undefined }): {
  principal?: string;
  groups: string[];
} {
  return { groups: values.group ?? [], ...(values.principal ? { principal: values.principal } : {}) };
}

/** What `wall`, `hold` and `no-external` share: the actor, the document or `--set`, `--release`. */
function controlOptions(
  values: Parameters<typeof actor>[0] & { set?: string | undefined; release?: boolean | undefined },
  target: string | undefined,
  json: boolean,
) {
  return {
    ...actor(values),
    release: values.release === true,
    json,
    ...(target ? { target } : {}),
    ...(values.set ? { set: values.set } : {}),
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      acl: { type: "string", multiple: true },
      deny: { type: "string", multiple: true },
      release: { type: "boolean" },
      set: { type: "string" },
      "filed-on": { type: "string" },
      doc: { type: "string", multiple: true },
      "index-version": { type: "string" },
      json: { type: "boolean" },
      "dry-run": { type: "boolean" },
      copies: { type: "boolean" },
      db: { type: "string" },
      out: { type: "string" },
      bench: { type: "string" },
      corpus: { type: "string" },
      mode: { type: "string" },
      protocol: { type: "string" },
      limit: { type: "string" },
      silence: { type: "string" },
      metrics: { type: "string" },
      traces: { type: "string" },
      paired: { type: "boolean" },
      forced: { type: "boolean" },
      judge: { type: "string" },
      rows: { type: "string" },
      offline: { type: "boolean" },
      answerer: { type: "string" },
      expect: { type: "string" },
      triage: { type: "boolean" },
      principal: { type: "string" },
      group: { type: "string", multiple: true },
      k: { type: "string" },
      folds: { type: "string" },
      seed: { type: "string" },
      split: { type: "string" },
      scope: { type: "string" },
      store: { type: "string" },
      "corpus-tokens": { type: "string" },
      "payload-tokens": { type: "string" },
      "index-tokens": { type: "string" },
      "selected-tokens": { type: "string" },
      "question-tokens": { type: "string" },
      "output-tokens": { type: "string" },
      "expire-every": { type: "string" },
      "as-of": { type: "string" },
      section: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/** What one captured CLI invocation printed and returned. */
export interface CapturedRun {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs one CLI invocation with its output captured and progress discarded: for scripts and tests that
 * read what a user would see (`--json` output in `out`, messages in `err`).
 */
export async function runCliCaptured(argv: string[], config: LexnavConfig, logger: Logger): Promise<CapturedRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, config, logger, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    stderr: { write: () => true } as unknown as NodeJS.WriteStream,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** What a lexical rebuild set right of changes made while it ran; nothing when there were none. */
function reconciledNote(r: { removed: number; accessSet: number } | undefined): string {
  if (!r) return "";
  const parts = [
    ...(r.removed > 0 ? [`${r.removed} deleted meanwhile removed again`] : []),
    ...(r.accessSet > 0 ? [`${r.accessSet} given the access changed meanwhile`] : []),
  ];
  return parts.length > 0 ? `; ${parts.join(", ")}` : "";
}
