import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { LexnavError, sha256Hex } from "@lexnav/core";
import { applyProtocol, type BenchTest, datasetsOf, filesNamed, loadBench, type Protocol } from "@lexnav/eval";
import { assignTransactionSets } from "@lexnav/ingest";
import { type Principal, SCOPED_BUILTIN_EMBEDDER_ID } from "@lexnav/retrieval";
import { createEmbeddedStack, type EmbeddedStack, searchOptionsOf } from "@lexnav/stack";
import type { CliContext } from "../context.ts";
import { createProgress } from "../progress.ts";
import { withBuildLock } from "./build-lock.ts";
import { dropSeed, seedFromOlderStore } from "./eval-store-reuse.ts";

/**
 * Bump when ingestion or passage building changes, so stores built by older code are not reused.
 * v7: amendment titles and roles read from the opening, a close without "IN WITNESS WHEREOF" opening
 * the signature block, amendment chains kept to documents of one set, exhibits of one filing joined
 * by the name one calls itself (`ownNames`): stores built before keep the older profiles and sets. (A new store reuses an older one's vectors: `seedFromOlderStore`.)
 * v8: an "ATTACHMENT 1" heading, or a schedule's quoted label ('SCHEDULE "A"'), opens an annex, so a signature
 * block no longer runs on over the definitions attached after it.
 * v9: a clause numbered 1 after a signature block's signatory rows starts the provisions the signature page
 * comes before (a second instrument of the filing), not more signature.
 * v10: a document's card adds the names its close gives that its opening does not (`closeNames`).
 * v11: of those, only words the text never writes in lower case, no signatory's office, nothing of an annex.
 * v12: titles without the rule, page label, date, address or form blanks their line carries, and read on
 * over a blank line (and the sets that follow from them).
 * v13: parties read as names. v14: titles read past placeholders and before the parties.
 * v15: a heading printed again is a sibling of the first, and trees nest at most 12 levels under a zone
 * (four corpus documents' trees).
 * v16: a party's name ends before a street address after its legal form; a place with its postal code, or a date,
 * is no party (13 corpus profiles).
 * v17: the clause numbers of text whose paragraphs were run together, read as one numbering (158 corpus trees).
 */
export const EVAL_INDEX_FORMAT = "passages-v17-run-together-numbering";

/** Who asks in every evaluation: a member of the one group the eval store's documents are readable by. */
export const EVAL_PRINCIPAL: Principal = { id: "lexnav-eval", groups: ["lexnav-eval"] };

/**
 * Who asks when an evaluation is scoped to one transaction set (a deal team): a member of that set's
 * group only, so inject is that set and retrieval searches that set.
 */
export function setPrincipal(setId: string): Principal {
  return { id: EVAL_PRINCIPAL.id, groups: [`lexnav-eval-set:${setId}`] };
}

export interface EvalStoreOptions {
  bench: string;
  corpus: string;
  protocol: string;
  limit?: number;
  storeDir?: string;
  /**
   * An eval store an earlier evaluation built (its SQLite file under `<db folder>/eval`), used as it is instead
   * of the one the bench's corpora name: ten CUAD questions run on the whole-corpus store, not on a CUAD store
   * ingested and embedded for them. Every file the bench names must be in it; its other documents are searched
   * too (and inject reads them).
   */
  store?: string;
  /** Build (once per store) and use the dense index. */
  dense: boolean;
}

export interface EvalStore {
  stack: EmbeddedStack;
  tests: BenchTest[];
  protocol: Protocol;
  corpusRoot: string;
  dbPath: string;
  /** The transaction set (as the store grouped it) of a benchmark file path, null when not indexed. */
  setOf: (file: string) => string | null;
}

/**
 * The store an evaluation runs on: the benchmark's corpus ingested through the product pipeline into
 * a store of its own, fingerprinted by the corpus files and the index format (so every eval command
 * reuses it while neither changes), with the dense index built once on first need. The caller closes
 * `stack`.
 */
export async function openEvalStore(ctx: CliContext, opts: EvalStoreOptions): Promise<EvalStore> {
  if (opts.protocol !== "full" && opts.protocol !== "mini") {
    throw new LexnavError("invalid_argument", `unknown protocol "${opts.protocol}" (full or mini)`);
  }
  const protocol = opts.protocol as Protocol;
  // The real path: the store records each document's source under it, and the evaluator finds a gold
  // file by that source, so one folder reached by two paths (a symlink, a worktree's ../shared) is one root.
  const given = resolve(opts.corpus);
  if (!existsSync(given)) throw new LexnavError("not_found", `corpus folder ${given} does not exist`);
  const corpusRoot = realpathSync(given);
  const all = loadBench(opts.bench);
  // A bench over several data sets (the natural-question bench) runs over the whole of each.
  const datasets = datasetsOf(all);
  const dataset = datasets.join("+");
  const { tests, corpusDocs } = applyProtocol(all, protocol, opts.limit);
  for (const d of datasets) {
    const dir = join(corpusRoot, d);
    if (!existsSync(dir)) throw new LexnavError("not_found", `corpus folder ${dir} does not exist`);
  }
  const files = (
    corpusDocs ?? datasets.flatMap((d) => readdirSync(join(corpusRoot, d)).map((f) => `${d}/${f}`))
  ).sort();

  const storeDir = opts.store ? dirname(resolve(opts.store)) : (opts.storeDir ?? join(ctx.config.dbPath, "..", "eval"));
  let dbPath: string;
  if (opts.store) {
    dbPath = resolve(opts.store);
    // a store is used only as an evaluation finished building it: a half-ingested one would score what it lacks
    if (!existsSync(dbPath) || !existsSync(`${dbPath}.complete`))
      throw new LexnavError(
        "not_found",
        `${dbPath} is no eval store an evaluation finished building (${basename(dbPath)}${existsSync(dbPath) ? ".complete" : ""} is missing): give --store a file an earlier eval command built under <db folder>/eval`,
      );
    // and one built by this ingest code: a store of an older format reads the corpus as that code did
    const format = (JSON.parse(readFileSync(`${dbPath}.complete`, "utf8")) as { format?: string }).format;
    if (format !== undefined && format !== EVAL_INDEX_FORMAT)
      throw new LexnavError(
        "invalid_argument",
        `the eval store ${dbPath} was built in format ${format}, and this lexnav reads ${EVAL_INDEX_FORMAT}: run the eval without --store to build one`,
      );
    if (format === undefined)
      ctx.err(`the eval store ${dbPath} does not record its format (built before stores did); it is used as it is`);
  } else {
    const fingerprint = sha256Hex(
      [EVAL_INDEX_FORMAT, ...files.map((f) => `${f}:${statSync(join(corpusRoot, f)).size}`)].join("\n"),
    ).slice(0, 16);
    mkdirSync(storeDir, { recursive: true });
    dbPath = join(storeDir, `${dataset}-${protocol}-${fingerprint}.sqlite`);
  }
  const doneMarker = `${dbPath}.complete`;
  const denseMarker = `${dbPath}.dense-complete`;
  // Built once, by one process: an evaluation started while another builds the store waits for it, then
  // finds it built (two building one SQLite file at once raced on its schema).
  const open = async (): Promise<EmbeddedStack> => {
    const stack = await createEmbeddedStack(dbPath, ctx.config.limits, ctx.logger, ctx.models, {
      search: searchOptionsOf(ctx.config),
    });
    try {
      if (!existsSync(doneMarker)) {
        const progress = createProgress(files.length, ctx.stderr);
        const t0 = performance.now();
        let failed = 0;
        for (const f of files) {
          const r = await stack.pipeline.ingest({
            source: join(corpusRoot, f),
            access: { principals: [], groups: EVAL_PRINCIPAL.groups },
          });
          if (r.status === "failed") failed += 1;
          progress.tick(f);
        }
        progress.done();
        // As after a user's ingest: propose transaction sets, then let each set's group read its members.
        await assignTransactionSets(stack.catalog, new Date().toISOString());
        for (const d of await stack.catalog.listDocuments({ lifecycle: ["indexed"] }))
          await stack.pipeline.setAccess(d.id, {
            principals: [],
            groups: [...EVAL_PRINCIPAL.groups, ...setPrincipal(d.transactionSetId ?? d.id).groups],
          });
        writeFileSync(
          doneMarker,
          JSON.stringify({
            files: files.length,
            failed,
            seconds: (performance.now() - t0) / 1000,
            format: EVAL_INDEX_FORMAT,
          }),
        );
        ctx.err(
          `indexed ${files.length} documents (${failed} failed) in ${((performance.now() - t0) / 1000).toFixed(1)} s into ${dbPath}`,
        );
      }
      const active = await stack.vectors.activeVersion();
      // The store's vectors must come from the embedder this run queries with: the configured model, else the built-in one.
      const madeBy = active === null ? null : ((await stack.vectors.describeVersion(active))?.embedderId ?? null);
      const wanted = ctx.models?.embedder?.id ?? null;
      const stale = wanted !== null ? madeBy !== wanted : active !== null && madeBy !== SCOPED_BUILTIN_EMBEDDER_ID;
      if (opts.dense && (!existsSync(denseMarker) || active === null || stale)) {
        // a store named by --store is another evaluation's: it is read, never embedded again (that takes half an hour
        // on the whole corpus, and a run with another embedder would undo it)
        if (opts.store)
          throw new LexnavError(
            "invalid_argument",
            `the eval store ${dbPath} has no dense index made by ${wanted ?? "the built-in embedder"} (${madeBy === null ? "it has none" : `its index: ${madeBy}`}): run this mode without --store, or with the embedder its index was built with`,
          );
        ctx.err(
          wanted
            ? `building the dense index (passages embedded with ${wanted})...`
            : "building the dense index (built-in embedder fitted per access scope)...",
        );
        const reused = wanted ? seedFromOlderStore(dbPath, storeDir, dataset, wanted) : null;
        if (reused) ctx.err(reused.say);
        const progress = createProgress(
          (await stack.catalog.listDocuments({ lifecycle: ["indexed"] })).length,
          ctx.stderr,
        );
        const dense = await stack.buildDenseIndex({ onDocument: () => progress.tick("") });
        progress.done();
        if (reused?.seeded) ctx.err(`dropped the ${dropSeed(dbPath)} seeded vectors`);
        writeFileSync(denseMarker, JSON.stringify(dense));
        ctx.err(
          `dense index ${dense.indexVersion}: ${dense.vectors} vectors of ${dense.passages} passages in ${dense.documents} documents, ${dense.scopes ?? 0} access scopes, fit ${dense.fitSeconds.toFixed(1)} s, embed ${dense.embedSeconds.toFixed(1)} s${dense.embeddedTexts !== undefined ? `, ${dense.embeddedTexts} texts embedded (the rest reused)` : ""}`,
        );
      }
      return stack;
    } catch (e) {
      await stack.close();
      throw e;
    }
  };
  const building = !existsSync(doneMarker) || (opts.dense && !existsSync(denseMarker));
  const stack = building
    ? await withBuildLock(`${dbPath}.lock`, open, (pid) =>
        ctx.err(`waiting for process ${pid}, which is building the eval store ${dbPath}`),
      )
    : await open();
  try {
    const indexed = await stack.catalog.listDocuments({ lifecycle: ["indexed"] });
    if (indexed.length > 0 && !indexed.some((d) => d.source.startsWith(corpusRoot + sep)))
      throw new LexnavError(
        "invalid_argument",
        `the eval store ${dbPath} holds the same files ingested from another folder (e.g. ${indexed[0]?.source}), so no gold file would be found in it: pass that folder as --corpus, or give another ${opts.store ? "--store" : "--db"}`,
      );
    // A store given by --store holds what the bench names, or the bench is not run on it.
    if (opts.store) {
      // held as the bench's own store would hold it: ingested, or failed to ingest with its reason recorded
      const named = new Set(tests.flatMap(filesNamed));
      const missing: string[] = [];
      for (const f of [...named].sort())
        if ((await stack.catalog.findDocumentBySource(join(corpusRoot, f))) === null) missing.push(f);
      if (missing.length > 0)
        throw new LexnavError(
          "invalid_argument",
          `the eval store ${dbPath} does not hold ${missing.length} file${missing.length === 1 ? "" : "s"} the bench names (${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", …" : ""}): give the store an evaluation over those corpora built, or leave out --store`,
        );
    }
    const setBySource = new Map(indexed.map((d) => [d.source, d.transactionSetId ?? d.id]));
    const setOf = (file: string) => setBySource.get(join(corpusRoot, file)) ?? null;
    return { stack, tests, protocol, corpusRoot, dbPath, setOf };
  } catch (e) {
    await stack.close();
    throw e;
  }
}
