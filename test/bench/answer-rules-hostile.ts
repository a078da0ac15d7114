/**
 * How long the answer rules added on 2026-12-02 take on hostile input: questions (10,000 words, only
 * punctuation, non-Latin, NUL bytes, long runs of one asking word) and candidate sentences (runs of spaces,
 * quotes, "Section 1.", "means", newlines; a table flattened into one sentence). Each exported rule is
 * driven with each shape; prints one line per rule and shape. A figure, not a test.
 *
 * Run: pnpm exec tsx test/bench/answer-rules-hostile.ts [bytes, default 1 MiB] [rule]
 */
import { agreedSentence } from "../../packages/answer/src/domain/agreed-evidence.ts";
import { namedAmendment } from "../../packages/answer/src/domain/amendment-answer.ts";
import { withAmendmentChain } from "../../packages/answer/src/domain/amendment-chain.ts";
import {
  definitionEnd,
  definitionStrength,
  withDefinitionEvidence,
} from "../../packages/answer/src/domain/definition-answer.ts";
import type { Candidate, ScoredCandidate } from "../../packages/answer/src/domain/evidence-model.ts";
import { citeWithinEachInstrument, spansInstruments } from "../../packages/answer/src/domain/instrument-share.ts";
import { withNamedClause } from "../../packages/answer/src/domain/named-clause-answer.ts";
import { isFaceSentence, statesAsked, wordsToState } from "../../packages/answer/src/domain/states-asked.ts";
import { evidenceItem } from "../../packages/answer/src/domain/test-support.ts";
import { instrumentKind } from "../../packages/retrieval/src/domain/instrument-kinds.ts";
import { askedDefinedTerms } from "../../packages/retrieval/src/domain/term-asked.ts";

const size = Number(process.argv[2] ?? 1 << 20);
const only = process.argv[3];
if (!Number.isInteger(size) || size <= 0) throw new Error("usage: answer-rules-hostile.ts [bytes] [rule]");
const fill = (unit: string, n = size) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

/** Sentence texts: each is one candidate of its own item, and also cut into 200 sentences of one item. */
const texts: Record<string, string> = {
  spaces: `“Affiliate”${fill(" ")}x`,
  quotes: fill('"Affiliate" '),
  quotesOpen: `(the ${fill('"Affiliate" ')}`,
  sections: fill("Section 1. "),
  means: fill("“Affiliate” means "),
  newlines: `“Affiliate” means a party:${fill("\n")}x`,
  spacedLines: fill("Affiliate means x\n   \n"),
  table: fill("| Affiliate | 1.4 | Section 2(a) | $1,000 | "),
  label: fill("By: Name: Title: "),
  trailing: `Affiliate: the party ${fill("] ")}x`,
  capsWord: `${fill("A")}${fill(" ", 4096)}x`,
};

/** Questions. */
const words = (w: string) => Array.from({ length: 10_000 }, (_, i) => `${w}${i % 7 === 0 ? "" : i}`).join(" ");
const questions: Record<string, string> = {
  words10k: `What is ${words("Affiliate")} under the agreement?`,
  punctuation: fill("?.,;:!", Math.min(size, 1 << 16)),
  whatPunct: `What is ${fill("?.", Math.min(size, 1 << 16))}`,
  nonLatin: `什么是${fill("关联公司 ", Math.min(size, 1 << 16))}？`,
  nul: `What is ${fill("\u0000", Math.min(size, 1 << 16))} Affiliate?`,
  whenAmended: fill("when amended ", Math.min(size, 1 << 16)),
  whenOnly: `${fill("when ", Math.min(size, 1 << 16))}x? amended`,
  orOr: `Which prevails, ${fill("or ", Math.min(size, 1 << 16))}?x`,
  sections: `What does ${fill("Section 1 ", Math.min(size, 1 << 16))}say?`,
  sameBoth: `Do both have the same ${words("law")}?`,
};

const item = (id: string, text: string) =>
  evidenceItem(id, text, { transactionSetId: "set-1", clauseRef: "1", role: "amendment" });

function candidate(it: ReturnType<typeof item>, start: number, end: number, index: number): ScoredCandidate {
  return {
    item: it,
    start: it.start + start,
    end: it.start + end,
    text: it.text.slice(start, end),
    rank: 1,
    index,
    coverage: 0.5,
    familyCoverage: 0.5,
    words: new Set(["affiliate", "section"]),
    heading: [],
    previous: new Set(),
    p: 1 / (index + 2),
  };
}

/** A whole text as one sentence, and as 200 sentences of one item. */
function candidatesOf(name: string, text: string): { whole: ScoredCandidate[]; cut: ScoredCandidate[] } {
  const whole = [candidate(item(`${name}-w`, text), 0, text.length, 0)];
  const it = item(`${name}-c`, text);
  const step = Math.ceil(text.length / 200);
  const cut = Array.from({ length: Math.ceil(text.length / step) }, (_, i) =>
    candidate(it, i * step, Math.min(text.length, (i + 1) * step), i),
  );
  return { whole, cut };
}

function time(rule: string, shape: string, chars: number, run: () => unknown): void {
  if (only !== undefined && rule !== only) return;
  const t0 = performance.now();
  run();
  const ms = performance.now() - t0;
  console.log(
    `${rule.padEnd(26)} ${shape.padEnd(12)} ${(chars / 1024).toFixed(0).padStart(5)} KiB ${ms.toFixed(0).padStart(7)} ms`,
  );
}

const asked = "What is an Affiliate and when was Section 1 amended under both the agreement and its amendment?";
for (const [shape, text] of Object.entries(texts)) {
  const { whole, cut } = candidatesOf(shape, text);
  for (const [how, cs] of [
    ["1", whole],
    ["200", cut],
  ] as const) {
    const label = `${shape}/${how}`;
    time("definitionStrength", label, text.length, () => cs.map((c) => definitionStrength(c, "affiliate")));
    time("definitionEnd", label, text.length, () => cs.map((c) => definitionEnd(c as Candidate)));
    time("withDefinitionEvidence", label, text.length, () => withDefinitionEvidence(asked, [], cs));
    time("withNamedClause", label, text.length, () => withNamedClause(asked, [], cs));
    time("statesAsked", label, text.length, () => statesAsked(asked, cs));
    time("isFaceSentence", label, text.length, () => cs.map((c) => isFaceSentence(c.text)));
    time("citeWithinEachInstrument", label, text.length, () =>
      citeWithinEachInstrument(asked, { cited: [], probability: 0 }, cs),
    );
    time("withAmendmentChain", label, text.length, () => withAmendmentChain(asked, cs.slice(0, 1), cs, 3));
    time("agreedSentence", label, text.length, () =>
      agreedSentence(
        cs,
        cs.map((c) => c.p),
        cs,
      ),
    );
  }
}
const { cut } = candidatesOf(
  "plain",
  fill("“Affiliate” means any entity that controls a party. Section 1 is amended. ", 1 << 14),
);
for (const [shape, q] of Object.entries(questions)) {
  time("askedDefinedTerms", shape, q.length, () => askedDefinedTerms(q));
  time("wordsToState", shape, q.length, () => wordsToState(q));
  time("spansInstruments", shape, q.length, () => spansInstruments(q));
  time("namedAmendment", shape, q.length, () => namedAmendment(q));
  time("instrumentKind", shape, q.length, () => instrumentKind(q));
  time("withDefinitionEvidence", `q:${shape}`, q.length, () => withDefinitionEvidence(q, [], cut));
  time("withNamedClause", `q:${shape}`, q.length, () => withNamedClause(q, [], cut));
  time("statesAsked", `q:${shape}`, q.length, () => statesAsked(q, cut));
  time("withAmendmentChain", `q:${shape}`, q.length, () => withAmendmentChain(q, cut.slice(0, 1), cut, 3));
}
