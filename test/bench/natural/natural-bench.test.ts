import { existsSync, readFileSync } from "node:fs";
import { locateQuote } from "@lexnav/eval";
import { describe, expect, it } from "vitest";
import { corpusPath } from "../../support/shared.ts";
import { NOT_IN_DOCUMENTS } from "./draft.ts";
import { type BenchTest, extractedText, foldQuote, TYPES } from "./evidence.ts";

/**
 * The natural-question bench checked against the shared corpus: gold spans are the file's text, EDGAR
 * quotes are in lexnav's extracted text, the five halves (held-out, tuning, fresh, fresh2, fresh3) share no deal and
 * no file, and the held-out and fresh halves keep their minimums. Reads only the files the bench names (about 50), so
 * it is cheap to run.
 */
function load(name: string): BenchTest[] {
  const url = new URL(`./${name}`, import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { tests: BenchTest[] }).tests;
}

const heldout = load("heldout.json");
const tune = load("tune.json");
const fresh = load("fresh.json");
const fresh2 = load("fresh2.json");
const fresh3 = load("fresh3.json");
// a tuning half of not-in-the-documents questions and their answerable twins over the deals of tune, fresh and fresh2
const nidTune = load("nid-tune.json");
// a tuning half of amendment questions over deals with amendments no other half uses
const amendTune = load("amend-tune.json");
// a tuning half of definition questions over deals no other half uses
const defTune = load("def-tune.json");
const def2Tune = load("def2-tune.json");
const fact2Tune = load("fact2-tune.json");
const fact3Tune = load("fact3-tune.json");
// a tuning half of fact and multi-document questions over deals no other half uses
const factTune = load("fact-tune.json");
const all = [
  ...heldout,
  ...tune,
  ...fresh,
  ...fresh2,
  ...fresh3,
  ...nidTune,
  ...amendTune,
  ...defTune,
  ...def2Tune,
  ...factTune,
  ...fact2Tune,
  ...fact3Tune,
];

function countBy(tests: BenchTest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const t of TYPES) counts[t] = 0;
  for (const t of tests) counts[t.type] = (counts[t.type] ?? 0) + 1;
  return counts;
}

/**
 * The store an evaluation builds is named by the data sets its bench spans: a tuning half must span all three
 * (contractnli, cuad, edgar) to be served by the whole-corpus store, as the held-out half is.
 */
function expectWholeCorpus(tests: readonly { scope: { files: string[] } }[]): void {
  for (const folder of ["contractnli", "cuad", "edgar"])
    expect(
      tests.some((t) => t.scope.files.some((f) => f.startsWith(`${folder}/`))),
      folder,
    ).toBe(true);
}

describe("natural-question bench", () => {
  it("is well formed: unique ids, known types, evidence only where the documents answer", () => {
    const ids = new Set<string>();
    for (const t of all) {
      expect(ids.has(t.query_id), t.query_id).toBe(false);
      ids.add(t.query_id);
      expect(TYPES, t.query_id).toContain(t.type);
      expect(t.query.trim().length, t.query_id).toBeGreaterThan(10);
      expect(t.query, t.query_id).not.toMatch(/^Consider the /);
      expect(t.reference_answer.trim().length, t.query_id).toBeGreaterThan(0);
      if (t.type === "not-in-documents") {
        expect(t.snippets, t.query_id).toEqual([]);
        expect(t.reference_answer, t.query_id).toBe(NOT_IN_DOCUMENTS);
      } else {
        expect(t.snippets.length, t.query_id).toBeGreaterThan(0);
        expect(t.reference_answer, t.query_id).not.toBe(NOT_IN_DOCUMENTS);
      }
      for (const s of t.snippets) expect(t.scope.files, `${t.query_id} ${s.file_path}`).toContain(s.file_path);
      if (t.type === "multi-document") {
        expect(new Set(t.snippets.map((s) => s.file_path)).size, t.query_id).toBeGreaterThan(1);
      }
    }
  });

  it("has every scope file in the corpus, and one file list per deal", () => {
    const dealFiles = new Map<string, string>();
    for (const t of all) {
      const key = JSON.stringify([...t.scope.files].sort());
      const seen = dealFiles.get(t.scope.deal);
      if (seen === undefined) dealFiles.set(t.scope.deal, key);
      else expect(key, t.query_id).toBe(seen);
      for (const f of t.scope.files) expect(existsSync(corpusPath(f)), f).toBe(true);
    }
  });

  it("keeps every .txt gold span equal to its answer in the file", () => {
    const texts = new Map<string, string>();
    let spans = 0;
    for (const t of all) {
      for (const s of t.snippets) {
        if (!("span" in s)) {
          expect(s.file_path.endsWith(".html"), `${t.query_id}: a .txt snippet needs a span`).toBe(true);
          continue;
        }
        let text = texts.get(s.file_path);
        if (text === undefined) {
          text = readFileSync(corpusPath(s.file_path), "utf8");
          texts.set(s.file_path, text);
        }
        const [start, end] = s.span;
        expect(start, t.query_id).toBeGreaterThanOrEqual(0);
        expect(end, t.query_id).toBeGreaterThan(start);
        expect(text.slice(start, end), `${t.query_id} ${s.file_path} [${start}, ${end})`).toBe(s.answer);
        spans++;
      }
    }
    expect(spans).toBeGreaterThan(100);
  });

  it("finds every EDGAR quote in lexnav's extracted text of its file (whitespace folded)", async () => {
    let quotes = 0;
    for (const t of all) {
      for (const s of t.snippets) {
        if (!("quote" in s)) continue;
        expect(s.file_path, t.query_id).toMatch(/^edgar\/.*\.html$/);
        expect(s.quote, t.query_id).toBe(foldQuote(s.quote));
        const text = await extractedText(s.file_path);
        expect(locateQuote(text, s.quote).length, `${t.query_id} ${s.file_path}: ${s.quote}`).toBeGreaterThan(0);
        quotes++;
      }
    }
    expect(quotes).toBeGreaterThan(10);
  }, 120_000);

  it("splits by deal: no deal and no file in two halves (held-out, tuning, fresh, fresh2, fresh3, amend-tune, def-tune, def2-tune, fact-tune, fact2-tune, fact3-tune)", () => {
    const halves = {
      heldout,
      tune,
      fresh,
      fresh2,
      fresh3,
      amendTune,
      defTune,
      def2Tune,
      factTune,
      fact2Tune,
      fact3Tune,
    };
    const dealHalf = new Map<string, string>();
    const fileHalf = new Map<string, string>();
    for (const [half, tests] of Object.entries(halves)) {
      for (const t of tests) {
        expect(dealHalf.get(t.scope.deal) ?? half, `${t.query_id} ${t.scope.deal}`).toBe(half);
        dealHalf.set(t.scope.deal, half);
        for (const f of t.scope.files) {
          expect(fileHalf.get(f) ?? half, `${t.query_id} ${f}`).toBe(half);
          fileHalf.set(f, half);
        }
      }
    }
  });

  it("keeps nid-tune on the tuning deals (tune, fresh, fresh2) with their file lists, mostly not in the documents", () => {
    const tuning = new Map([...tune, ...fresh, ...fresh2].map((t) => [t.scope.deal, JSON.stringify(t.scope.files)]));
    for (const t of nidTune) {
      expect(tuning.get(t.scope.deal), `${t.query_id} ${t.scope.deal}`).toBe(JSON.stringify(t.scope.files));
      expect(t.query_id, t.query_id).toMatch(/^nt-/);
    }
    const counts = countBy(nidTune);
    expect(counts["not-in-documents"]).toBeGreaterThanOrEqual(30);
    expect(nidTune.length - counts["not-in-documents"]!).toBeGreaterThanOrEqual(15);
    expectWholeCorpus(nidTune);
  });

  it("keeps amend-tune on amendments: 20+ questions, mostly amendment-precedence, spanning the three data sets", () => {
    expect(amendTune.length).toBeGreaterThanOrEqual(20);
    expect(countBy(amendTune)["amendment-precedence"]! / amendTune.length).toBeGreaterThanOrEqual(0.8);
    for (const t of amendTune) expect(t.query_id, t.query_id).toMatch(/^am-/);
    expectWholeCorpus(amendTune);
  });

  it("keeps def-tune on definitions: 15+ questions, all definition, spanning the three data sets", () => {
    expect(defTune.length).toBeGreaterThanOrEqual(15);
    expect(countBy(defTune).definition).toBe(defTune.length);
    for (const t of defTune) expect(t.query_id, t.query_id).toMatch(/^df-/);
    expectWholeCorpus(defTune);
  });

  it("keeps def2-tune on definitions: 15+ questions, all definition, spanning the three data sets", () => {
    expect(def2Tune.length).toBeGreaterThanOrEqual(15);
    expect(countBy(def2Tune).definition).toBe(def2Tune.length);
    for (const t of def2Tune) expect(t.query_id, t.query_id).toMatch(/^d2-/);
    expectWholeCorpus(def2Tune);
  });

  it("keeps fact2-tune on facts: 12+ questions, all fact, spanning the three data sets", () => {
    expect(fact2Tune.length).toBeGreaterThanOrEqual(12);
    expect(countBy(fact2Tune).fact).toBe(fact2Tune.length);
    for (const t of fact2Tune) expect(t.query_id, t.query_id).toMatch(/^f2t-/);
    expectWholeCorpus(fact2Tune);
  });

  it("keeps fact3-tune on facts: 25+ questions, mostly fact, 4+ not in the documents, spanning the three data sets", () => {
    expect(fact3Tune.length).toBeGreaterThanOrEqual(25);
    const counts = countBy(fact3Tune);
    expect(counts.fact).toBeGreaterThanOrEqual(20);
    expect(counts["not-in-documents"]).toBeGreaterThanOrEqual(4);
    for (const t of fact3Tune) expect(t.query_id, t.query_id).toMatch(/^f3t-/);
    expectWholeCorpus(fact3Tune);
  });

  it("keeps fact-tune on facts: 25+ questions, fact and multi-document only, 8+ multi-document, spanning the three data sets", () => {
    expect(factTune.length).toBeGreaterThanOrEqual(25);
    const counts = countBy(factTune);
    expect(counts.fact! + counts["multi-document"]!).toBe(factTune.length);
    expect(counts["multi-document"]).toBeGreaterThanOrEqual(8);
    for (const t of factTune) expect(t.query_id, t.query_id).toMatch(/^ft-/);
    expectWholeCorpus(factTune);
  });

  it("keeps the fresh half a real second estimate: 40–60 questions, 5+ deals, 15 %+ not in the documents, every other type", () => {
    expect(fresh.length).toBeGreaterThanOrEqual(40);
    expect(fresh.length).toBeLessThanOrEqual(60);
    expect(new Set(fresh.map((t) => t.scope.deal)).size).toBeGreaterThanOrEqual(5);
    const counts = countBy(fresh);
    expect(counts["not-in-documents"]! / fresh.length).toBeGreaterThanOrEqual(0.15);
    for (const type of TYPES) expect(counts[type], type).toBeGreaterThanOrEqual(3);
    for (const t of fresh) expect(t.query_id, t.query_id).toMatch(/^fr-/);
  });

  it("keeps the fresh2 half a real unseen estimate: 50+ questions, 5+ deals, 15 %+ not in the documents, every other type", () => {
    expect(fresh2.length).toBeGreaterThanOrEqual(50);
    expect(new Set(fresh2.map((t) => t.scope.deal)).size).toBeGreaterThanOrEqual(5);
    const counts = countBy(fresh2);
    expect(counts["not-in-documents"]! / fresh2.length).toBeGreaterThanOrEqual(0.15);
    for (const type of TYPES) expect(counts[type], type).toBeGreaterThanOrEqual(5);
    for (const t of fresh2) expect(t.query_id, t.query_id).toMatch(/^f2-/);
  });

  it("keeps the fresh3 half a real unseen estimate: 60+ questions, 6+ deals (2+ EDGAR, 2+ CUAD), 15 %+ not in the documents, 6+ of each other type", () => {
    expect(fresh3.length).toBeGreaterThanOrEqual(60);
    const deals = new Set(fresh3.map((t) => t.scope.deal));
    expect(deals.size).toBeGreaterThanOrEqual(6);
    const folders = (folder: string) =>
      new Set(fresh3.filter((t) => t.scope.files.some((f) => f.startsWith(`${folder}/`))).map((t) => t.scope.deal))
        .size;
    expect(folders("edgar")).toBeGreaterThanOrEqual(2);
    expect(folders("cuad")).toBeGreaterThanOrEqual(2);
    const counts = countBy(fresh3);
    expect(counts["not-in-documents"]! / fresh3.length).toBeGreaterThanOrEqual(0.15);
    for (const type of TYPES) expect(counts[type], type).toBeGreaterThanOrEqual(6);
    for (const t of fresh3) expect(t.query_id, t.query_id).toMatch(/^f3-/);
  });

  it("meets the held-out minimums: 100 questions, 20 not in the documents, 12 of each other type", () => {
    expect(heldout.length).toBeGreaterThanOrEqual(100);
    const counts = countBy(heldout);
    expect(counts["not-in-documents"]).toBeGreaterThanOrEqual(20);
    for (const type of TYPES) {
      if (type !== "not-in-documents") expect(counts[type], type).toBeGreaterThanOrEqual(12);
    }
  });

  it("has at least 15 % not-in-the-documents questions overall and 200 questions with the tuning half", () => {
    expect(all.filter((t) => t.type === "not-in-documents").length / all.length).toBeGreaterThanOrEqual(0.15);
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((t) => t.scope.deal)).size).toBeGreaterThanOrEqual(10);
  });
});
