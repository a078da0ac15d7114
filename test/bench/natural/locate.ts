/**
 * Offsets for the natural-question bench, computed, never typed.
 *
 *   pnpm exec tsx test/bench/natural/locate.ts <file under corpus/> "<verbatim quote>"
 *     prints [start, end) of the quote in a .txt file, or checks an EDGAR quote against the extracted text
 *   pnpm exec tsx test/bench/natural/locate.ts --build <draft.ts> <out.json>
 *     turns a draft (a module exporting deals and tests whose snippets are {file, quote, nth?}) into the bench file:
 *     .txt snippets get span and answer (the exact file text), .html snippets keep their quote once found
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { locateQuote } from "@lexnav/eval";
import { corpusPath } from "../../support/shared.ts";
import type { Deals, DraftSnippet, DraftTest } from "./draft.ts";
import { extractedText, foldQuote } from "./evidence.ts";

type Draft = { deals: Deals; tests: DraftTest[] };

async function locate(s: DraftSnippet): Promise<Record<string, unknown>> {
  if (s.file.endsWith(".txt")) {
    const text = readFileSync(corpusPath(s.file), "utf8");
    const hits = locateQuote(text, s.quote);
    if (hits.length === 0) throw new Error(`not found in ${s.file}: ${s.quote}`);
    if (hits.length > 1 && s.nth === undefined) throw new Error(`${hits.length} places in ${s.file}: ${s.quote}`);
    const [start, end] = hits[s.nth ?? 0]!;
    return { file_path: s.file, span: [start, end], answer: text.slice(start, end) };
  }
  const text = await extractedText(s.file);
  if (locateQuote(text, s.quote).length === 0) throw new Error(`not in the extracted text of ${s.file}: ${s.quote}`);
  return { file_path: s.file, quote: foldQuote(s.quote) };
}

async function build(draftPath: string, outPath: string): Promise<void> {
  const draft = (await import(pathToFileURL(resolve(draftPath)).href)) as Draft;
  const ids = new Set<string>();
  const tests: unknown[] = [];
  let errors = 0;
  for (const t of draft.tests) {
    if (ids.has(t.query_id)) throw new Error(`duplicate id ${t.query_id}`);
    ids.add(t.query_id);
    const files = draft.deals[t.deal];
    if (files === undefined) throw new Error(`${t.query_id}: unknown deal ${t.deal}`);
    const snippets: unknown[] = [];
    for (const s of t.snippets) {
      if (!files.includes(s.file)) throw new Error(`${t.query_id}: ${s.file} is not in deal ${t.deal}`);
      try {
        snippets.push(await locate(s));
      } catch (e) {
        errors++;
        console.error(`${t.query_id}: ${(e as Error).message}`);
      }
    }
    const doc = t.snippets.length > 0 ? t.snippets[0]!.file : files[0];
    tests.push({
      query_id: t.query_id,
      query: t.query,
      doc,
      type: t.type,
      scope: { deal: t.deal, files },
      reference_answer: t.reference_answer,
      snippets,
    });
  }
  if (errors > 0) throw new Error(`${errors} snippets not located`);
  writeFileSync(outPath, `${JSON.stringify({ tests }, null, 1)}\n`);
  console.log(`${tests.length} tests written to ${outPath}`);
}

const args = process.argv.slice(2);
if (args[0] === "--build") {
  await build(args[1]!, args[2]!);
} else if (args.length === 2) {
  const [file, quote] = args as [string, string];
  if (file.endsWith(".txt")) {
    const text = readFileSync(corpusPath(file), "utf8");
    for (const [s, e] of locateQuote(text, quote))
      console.log(JSON.stringify([s, e]), JSON.stringify(text.slice(s, e)));
  } else {
    console.log(locateQuote(await extractedText(file), quote).length > 0 ? "found" : "NOT FOUND");
  }
} else {
  console.error('usage: locate.ts <file> "<quote>" | --build <draft.json> <out.json>');
  process.exit(2);
}
