import { readFileSync, realpathSync } from "node:fs";
import { relative, resolve } from "node:path";
import { LexnavError } from "@lexnav/core";
import type { BenchSnippet } from "./domain/gold.ts";

/**
 * One benchmark question. Only `query` ever reaches the system under test; the rest is the harness's
 * (gold, slicing, and for the natural-question bench the deal a question may be scoped to).
 */
export interface BenchTest {
  query_id: string;
  query: string;
  doc: string;
  category?: string;
  label?: string;
  /** Natural bench: fact, definition, cross-reference, amendment-precedence, multi-document, not-in-documents. */
  type?: string;
  /** Natural bench: the question's deal and every file of it (relative to `corpus/`). */
  scope?: { deal: string; files: string[] };
  reference_answer?: string;
  snippets: BenchSnippet[];
}

/** The slice a question is reported under: its natural-bench type, else its category. */
export function sliceOf(t: BenchTest): string {
  return t.type ?? t.category ?? "(none)";
}

export type Protocol = "full" | "mini";

export function loadBench(path: string): BenchTest[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (cause) {
    throw new LexnavError("invalid_argument", `cannot read benchmark file ${path}`, { cause });
  }
  const tests = (parsed as { tests?: unknown }).tests;
  if (!Array.isArray(tests)) throw new LexnavError("invalid_argument", `${path}: expected {"tests": [...]}`);
  return tests as BenchTest[];
}

/**
 * Chooses the questions and the corpus of a protocol. `full`: every question, the whole corpus of the
 * data set (the folder the benchmark's documents live in). `mini` (LegalBench-RAG-mini): questions
 * sorted by document path, the first 194, corpus restricted to the documents they name.
 * This is set-up, not retrieval: the system under test still sees only the question text.
 */
export function applyProtocol(
  tests: BenchTest[],
  protocol: Protocol,
  limit?: number,
): { tests: BenchTest[]; corpusDocs: string[] | null } {
  if (protocol === "full") return { tests: limit ? tests.slice(0, limit) : tests, corpusDocs: null };
  const sorted = [...tests].sort((a, b) => (a.doc < b.doc ? -1 : a.doc > b.doc ? 1 : 0)).slice(0, 194);
  const chosen = limit ? sorted.slice(0, limit) : sorted;
  return { tests: chosen, corpusDocs: [...new Set(sorted.map((t) => t.doc))].sort() };
}

/** The data set folder of a benchmark's first document (e.g. "cuad"). */
export function datasetOf(tests: BenchTest[]): string {
  const folder = (tests[0]?.doc ?? "").split("/")[0];
  if (!folder) throw new LexnavError("invalid_argument", "benchmark has no documents");
  return folder;
}

/** The corpus files a test names: its document, its gold snippets' files and its deal's files. */
export function filesNamed(t: BenchTest): string[] {
  return [t.doc, ...t.snippets.map((s) => s.file_path), ...(t.scope?.files ?? [])];
}

/**
 * The data set folders of a benchmark (e.g. ["cuad"]), from where its documents, gold and scopes live,
 * sorted: a bench over several data sets (the natural-question bench) runs over all of them.
 */
export function datasetsOf(tests: BenchTest[]): string[] {
  const folders = new Set<string>();
  for (const t of tests) {
    for (const f of filesNamed(t)) {
      const folder = f.split("/")[0];
      if (folder) folders.add(folder);
    }
  }
  if (folders.size === 0) throw new LexnavError("invalid_argument", "benchmark has no documents");
  return [...folders].sort();
}

/** The path with symlinks resolved, or as given when it does not exist (a source moved since ingest). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * A document's file as the benchmark names it (its source relative to the corpus root), memoised, so
 * stored spans can be compared with gold spans in file coordinates; the id itself when it is unknown.
 */
export function corpusFileOf(
  catalog: { getDocument(id: string): Promise<{ source: string } | null> },
  corpusRoot: string,
): (documentId: string) => Promise<string> {
  const files = new Map<string, Promise<string>>();
  const root = real(corpusRoot);
  return (documentId) => {
    let f = files.get(documentId);
    if (f === undefined) {
      // through real paths: a store built from /work/shared/corpus read with ../shared/corpus through a
      // symlink must name the same files, or no citation would ever meet its gold
      f = catalog.getDocument(documentId).then((doc) => (doc ? relative(root, real(doc.source)) : documentId));
      files.set(documentId, f);
    }
    return f;
  };
}
