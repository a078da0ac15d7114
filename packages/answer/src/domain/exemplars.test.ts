import { describe, expect, it } from "vitest";
import {
  type ExemplarIndex,
  exemplarFeatures,
  exemplarIdf,
  exemplarSimilarity,
  exemplarTerms,
  parseExemplars,
  serializeExemplars,
} from "./exemplars.ts";

const RETAIN = "The Receiving Party may retain one archival copy of the Confidential Information.";
const RETURN = "The Receiving Party shall return or destroy all Confidential Information upon request.";
const FILLER = [
  "This Agreement is governed by the laws of the State of New York.",
  "Each party shall bear its own costs.",
  "This Agreement may be executed in counterparts.",
];

function index(): ExemplarIndex {
  const all = [RETAIN, RETURN, ...FILLER].map(exemplarTerms);
  return {
    idf: exemplarIdf(all),
    byType: new Map([
      ["retain", [{ terms: exemplarTerms(RETAIN), document: "nda-1" }]],
      ["return", [{ terms: exemplarTerms(RETURN), document: "nda-2" }]],
    ]),
  };
}

describe("evidence exemplars", () => {
  it("hashes words and word pairs, so word order counts", () => {
    const a = exemplarTerms("shall not disclose");
    expect(a.length).toBe(3); // "not" and "disclose", and the pair ("shall" is a stop word)
    expect([...exemplarTerms("disclose not")]).not.toEqual([...a]);
  });

  it("scores a sentence against its wording's exemplars and, for contrast, every other wording's", () => {
    const ix = index();
    const same = exemplarSimilarity(ix, "retain", exemplarTerms(RETAIN));
    expect(same.max).toBeCloseTo(1, 6);
    expect(same.other).toBeGreaterThan(0);
    expect(same.other).toBeLessThan(1);
    const near = exemplarSimilarity(ix, "retain", exemplarTerms("The Receiving Party may retain a copy."));
    const far = exemplarSimilarity(ix, "retain", exemplarTerms(RETURN));
    expect(near.max).toBeGreaterThan(far.max);
    expect(far.other).toBeCloseTo(1, 6);
    expect(exemplarSimilarity(ix, "unknown", exemplarTerms(RETAIN))).toEqual({ max: 0, top3: 0, other: 0 });
  });

  it("leaves out the exemplars of the sentence's own document while training", () => {
    const sim = exemplarSimilarity(index(), "retain", exemplarTerms(RETAIN), "nda-1");
    expect(sim.max).toBe(0);
    expect(sim.other).toBeGreaterThan(0);
  });

  it("turns a similarity into features that differ with it", () => {
    const a = exemplarFeatures("retain", { max: 0.9, top3: 0.5, other: 0.2 }, 16);
    const b = exemplarFeatures("retain", { max: 0.1, top3: 0.1, other: 0.6 }, 16);
    expect(a.idx.length).toBe(a.val.length);
    expect([...a.val]).not.toEqual([...b.val]);
  });

  it("round-trips without document ids, idf within a byte's step, and refuses a cut-short list", () => {
    const ix = index();
    const back = parseExemplars(JSON.parse(JSON.stringify(serializeExemplars(ix))));
    expect([...(back.byType.get("return")?.[0]?.terms ?? [])]).toEqual([...exemplarTerms(RETURN)]);
    expect(back.byType.get("return")?.[0]?.document).toBeUndefined();
    let max = 0;
    for (const x of ix.idf) max = Math.max(max, x);
    let err = 0;
    ix.idf.forEach((x, i) => {
      err = Math.max(err, Math.abs((back.idf[i] as number) - x));
    });
    expect(err).toBeLessThanOrEqual(max / 255);
    const s = serializeExemplars(ix);
    const cut = Buffer.from(s.byType.retain as string, "base64")
      .subarray(0, 4)
      .toString("base64");
    expect(() => parseExemplars({ ...s, byType: { retain: cut } })).toThrow(/cut short/);
  });
});
