import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./shared.ts";

/** The example deal's base agreement as a benchmark names it (its path under the corpus root). */
export const EXAMPLE_DOC = "mfg/manufacturing-agreement-1.txt";

/**
 * The example transaction set copied into `<dir>/corpus/mfg` as a small benchmark corpus, for the trainers'
 * tests. `span(quote)` is a gold snippet of the base agreement in the shared bench format; it throws when the
 * quote is not in the agreement, so a test cannot train on gold that points nowhere.
 */
export function exampleBenchCorpus(dir: string): {
  corpus: string;
  span: (quote: string) => Array<{ file_path: string; span: [number, number]; answer: string }>;
} {
  const src = join(repoRoot, "examples", "manufacturing-agreement");
  const corpus = join(dir, "corpus");
  mkdirSync(join(corpus, "mfg"), { recursive: true });
  for (const f of readdirSync(src).filter((f) => f.endsWith(".txt")))
    copyFileSync(join(src, f), join(corpus, "mfg", f));
  const base = readFileSync(join(src, "manufacturing-agreement-1.txt"), "utf8");
  return {
    corpus,
    span: (quote) => {
      const at = base.indexOf(quote);
      if (at <= 0) throw new Error(`not in the example agreement: ${quote}`);
      return [{ file_path: EXAMPLE_DOC, span: [at, at + quote.length], answer: quote }];
    },
  };
}
