import { countTokens, type DocumentRecord, type ProvisionNode } from "@lexnav/document-model";
import type { RetrievedPassage, Searcher } from "@lexnav/retrieval";
import { type Meter, metrics } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { type Span, sectionNode, spanIn } from "../../../../test/support/provision-fixtures.ts";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import { loadEvidenceModel } from "../adapters/evidence-model-file.ts";
import type { NavindexPlan, NavindexPlanCall } from "../ports/navindex-planner.ts";
import { createAsk } from "./ask.ts";
import type { EvidenceItem } from "./evidence.ts";
import { DEFAULT_PRICE_CARD } from "./ledger.ts";
import type { ModelAnswerer } from "./model-answerer.ts";

// An amendment whose Section 1 uses a term defined in the base agreement and refers to its Section 2.1;
// a third document the asker may not read is referred to as well.
const TEXTS: Record<string, string> = {
  base: '"Revolving Commitment" means each Lender\'s commitment.\nSection 2.1 Loans. The Lenders lend up to $50,000,000.\nSection 9. Boilerplate.',
  amd: "Section 1. Section 2.1 of the Credit Agreement is amended: the Revolving Commitment is $75,000,000.",
  secret: "Fee letter. The fee is 2% of the Revolving Commitment.",
  restated: "Section 1. The Credit Agreement is restated.",
};
const span = spanIn(TEXTS);
const node = (
  documentId: string,
  id: string,
  at: Span,
  edges: Partial<Pick<ProvisionNode, "xrefs" | "termUses">> = {},
) => sectionNode(documentId, id, at, edges);
const NODES: Record<string, ProvisionNode> = {
  "base def": node("base", "def", span("base", '"Revolving', "commitment.")),
  "base s21": node("base", "s21", span("base", "Section 2.1", "$50,000,000.")),
  "base s9": node("base", "s9", span("base", "Section 9", "Boilerplate.")),
  "secret fee": node("secret", "fee", span("secret", "Fee", "Commitment.")),
  "amd s1": node("amd", "s1", span("amd", "Section 1.", "$75,000,000."), {
    xrefs: [
      {
        text: "Section 2.1",
        start: 11,
        end: 22,
        kind: "section",
        target: "section:2.1",
        status: "resolved",
        targetNodeId: "s21",
        targetDocumentId: "base",
        externalDocument: "Credit Agreement",
      },
      {
        text: "Fee Letter",
        start: 0,
        end: 1,
        kind: "section",
        target: "x",
        status: "resolved",
        targetNodeId: "fee",
        targetDocumentId: "secret",
        externalDocument: "Fee Letter",
      },
    ] as ProvisionNode["xrefs"],
    termUses: [
      { term: "Revolving Commitment", start: 60, end: 80, definitionNodeId: "def", definitionDocumentId: "base" },
    ],
  }),
};
const TITLES: Record<string, string> = {
  base: "AMENDED AND RESTATED CREDIT AGREEMENT",
  amd: "FIRST AMENDMENT TO CREDIT AGREEMENT",
  restated: "SECOND AMENDED AND RESTATED CREDIT AGREEMENT",
  secret: "FEE LETTER TO THE CREDIT AGREEMENT",
};
const doc = (id: string) =>
  ({ id, currentVersion: "v1", fileName: `${id}.txt`, role: "base_agreement", title: TITLES[id] }) as DocumentRecord;

function askWith(
  fetchTokens?: number,
  deleted: ReadonlySet<string> = new Set(),
  corpus: ReadonlyArray<{ documentId: string; version: string }> = [],
  routing?: { documents: string[]; by: "name" | "instrument" | "role" | "question" },
) {
  const seen: EvidenceItem[][] = [];
  const answerer: ModelAnswerer = {
    plan: async () => ({
      pairs: [{ documentId: "amd", nodeId: "s1" }],
      rejected: [],
      usage: { stage: "plan", model: "m", inputTokens: 1, cacheWriteTokens: 0, cacheReadTokens: 0, outputTokens: 1 },
    }),
    answer: async (r) => {
      seen.push([...r.extract]);
      return {
        raw: "",
        usage: [],
        draft: {
          text: "x",
          claims: [],
          abstained: true,
          abstainReason: "test",
          precedence: [],
          unsupported: 0,
          confidence: 0,
        },
      };
    },
  };
  const ask = createAsk({
    searcher: {} as Searcher,
    text: (d) => TEXTS[d] ?? null,
    // A deleted document keeps its record but has no current version.
    document: (id) => (TEXTS[id] ? { ...doc(id), ...(deleted.has(id) ? { currentVersion: null } : {}) } : null),
    node: (d, _v, n) => NODES[`${d} ${n}`] ?? null,
    corpus: () => [...corpus],
    // The asker may read the base agreement and the amendment, not the fee letter.
    navindex: async () => ({
      compact: "index",
      known: new Set(["amd s1", "base def", "base s21", "base s9"]),
      indexVersion: "nav-1",
      ...(routing ? { routing } : {}),
    }),
    model: { answerer, name: "m" },
    evidenceModel: () => loadEvidenceModel(),
    priceCard: DEFAULT_PRICE_CARD,
    now: () => "2026-11-30T00:00:00Z",
    newId: () => "ans_1",
    ...(fetchTokens !== undefined ? { navindexFetchTokens: fetchTokens } : {}),
  });
  return { ask, seen };
}
const principal = { id: "u", groups: ["deal"] };

describe("navindex with a model: the deterministic fetch", () => {
  it("follows the planned provision's cross-references and definitions, across the set, never into what the asker may not read", async () => {
    const { ask, seen } = askWith();
    const rec = await ask.ask({ question: "What is the Revolving Commitment?", mode: "navindex", principal, k: 10 });
    const fetched = (seen[0] ?? []).map((e) => `${e.documentId} ${e.nodeId}`);
    expect(fetched[0]).toBe("amd s1");
    expect(fetched.sort()).toEqual(["amd s1", "base def", "base s21"]);
    expect(rec.selectedNodes).toEqual(["amd/s1"]);
    for (const e of seen[0] ?? []) expect(TEXTS[e.documentId]?.slice(e.start, e.end)).toBe(e.text);
  });

  it("fetches nothing from a document deleted since the index was built", async () => {
    const { ask, seen } = askWith(undefined, new Set(["base"]));
    await ask.ask({ question: "What is the Revolving Commitment?", mode: "navindex", principal, k: 10 });
    expect((seen[0] ?? []).map((e) => `${e.documentId} ${e.nodeId}`)).toEqual(["amd s1"]);
  });

  it("keeps the planned provision first when the budget is tight", async () => {
    const { ask, seen } = askWith(countTokens(TEXTS.amd as string));
    await ask.ask({ question: "What is the Revolving Commitment?", mode: "navindex", principal, k: 10 });
    expect((seen[0] ?? []).map((e) => `${e.documentId} ${e.nodeId}`)).toEqual(["amd s1"]);
  });
});

describe("navindex with a model planned by the planner service", () => {
  const PLAN_USAGE = {
    stage: "plan",
    model: "m",
    inputTokens: 2_000,
    cacheWriteTokens: 500,
    cacheReadTokens: 0,
    outputTokens: 20,
  };
  /** An ask whose model plan comes from `served`; building an index or planning here fails the test. */
  function askServed(served: Partial<NavindexPlan>, barred: readonly string[] = []) {
    const calls: NavindexPlanCall[] = [];
    const seen: EvidenceItem[][] = [];
    const searched: string[] = [];
    const searchedAs: { principal: unknown; documentIds: unknown }[] = [];
    const ask = createAsk({
      searcher: {
        search: async (r: { mode: string; principal: unknown; documentIds?: unknown }) => {
          searched.push(r.mode);
          searchedAs.push({ principal: r.principal, documentIds: r.documentIds });
          return { passages: [], trace: { stages: [], indexVersion: "lex-1", selected: [] } };
        },
      } as unknown as Searcher,
      text: (d) => TEXTS[d] ?? null,
      document: (id) =>
        TEXTS[id]
          ? ({
              ...doc(id),
              access: { principals: [], groups: id === "secret" ? ["board"] : ["deal"] },
              noExternalModel: barred.includes(id),
            } as unknown as DocumentRecord)
          : null,
      node: (d, _v, n) => NODES[`${d} ${n}`] ?? null,
      corpus: () => [],
      navindex: async () => {
        throw new Error("the asking process built a navigation index");
      },
      planner: {
        plan: async (call) => {
          calls.push(call);
          return {
            planner: "model",
            targets: [{ documentId: "amd", nodeId: "s1" }],
            usage: [PLAN_USAGE],
            indexVersion: "navindex-remote",
            indexedDocumentIds: ["amd", "base"],
            rejected: 0,
            withheld: [],
            ...served,
          };
        },
      },
      model: {
        name: "m",
        answerer: {
          plan: async () => {
            throw new Error("the asking process planned with its own model");
          },
          answer: async (r) => {
            seen.push([...r.extract]);
            return {
              raw: "",
              usage: [{ ...PLAN_USAGE, stage: "answer", inputTokens: 300, cacheWriteTokens: 0 }],
              draft: {
                text: "x",
                claims: [],
                abstained: true,
                abstainReason: "test",
                precedence: [],
                unsupported: 0,
                confidence: 0,
              },
            };
          },
        },
      },
      evidenceModel: () => loadEvidenceModel(),
      priceCard: DEFAULT_PRICE_CARD,
      now: () => "2026-11-30T00:00:00Z",
      newId: () => "ans_1",
    });
    return { ask, calls, seen, searched, searchedAs };
  }
  const question = "What is the Revolving Commitment?";

  it("builds no index here: fetches the planned provision and its edges into the indexed documents, and bills the planner's tokens", async () => {
    const { ask, calls, seen } = askServed({ routing: { documents: ["amd"], by: "name" }, rejected: 2 });
    const rec = await ask.ask({ question, mode: "navindex", principal, k: 10, documentIds: ["amd", "base"] });
    expect(calls).toEqual([{ query: question, principal, documentIds: ["amd", "base"] }]);
    const fetched = (seen[0] ?? []).map((e) => `${e.documentId} ${e.nodeId}`);
    expect(fetched[0]).toBe("amd s1");
    // the fee letter the amendment refers to was not in the planner's index: not followed
    expect(fetched.sort()).toEqual(["amd s1", "base def", "base s21"]);
    expect(rec).toMatchObject({ answerer: "model", indexVersion: "navindex-remote", selectedNodes: ["amd/s1"] });
    expect(rec.warnings.join("\n")).toContain("planner named 2 id(s) not in the index");
    expect(rec.ledger.entries.map((e) => e.stage)).toEqual(["plan", "answer"]);
    expect(rec.ledger.entries[0]).toEqual(PLAN_USAGE);
    expect(rec.ledger.tokens.cacheWrite).toBe(500);
    const planDollars =
      (2_000 * DEFAULT_PRICE_CARD.input + 500 * DEFAULT_PRICE_CARD.cacheWrite + 20 * DEFAULT_PRICE_CARD.output) / 1e6;
    expect(rec.ledger.dollars.total).toBeGreaterThan(planDollars);
  });

  it("answers offline, and says so, when the planner withheld its index from the model", async () => {
    const { ask, seen, searched, searchedAs } = askServed({ planner: "deterministic", usage: [], withheld: ["base"] });
    const rec = await ask.ask({ question, mode: "navindex", principal, k: 10 });
    expect(seen).toEqual([]);
    expect(rec.answerer).toBe("offline");
    expect(rec.warnings.join("\n")).toMatch(/answered offline, not by m: 1 document\(s\).*\(base\)/);
    // the offline answer reads what the navindex search finds, as when no model is configured (the term
    // asked, which the extract does not define, looked up by the same mode: `definition-lookup.ts`)
    expect(searched[0]).toBe("navindex");
    expect(searched.every((m) => m === "navindex")).toBe(true);
    // the look-up is a search as the asker, over the same documents: what they may not read stays out,
    // since the searcher filters by the principal inside the search
    expect(searchedAs).toHaveLength(2);
    expect(searchedAs[1]).toEqual(searchedAs[0]);
    expect(searchedAs[1]?.principal).toEqual(principal);
    expect(rec.ledger.entries).toEqual([]);
  });

  it("checks the documents it would send the answering model itself, whatever the planner reported", async () => {
    const { ask, seen } = askServed({}, ["base"]);
    const rec = await ask.ask({ question, mode: "navindex", principal, k: 10 });
    expect(seen).toEqual([]);
    expect(rec.answerer).toBe("offline");
    expect(rec.warnings.join("\n")).toContain("(base)");
  });

  it("fetches no target outside the documents the planner's index listed", async () => {
    const { ask, seen } = askServed({
      targets: [
        { documentId: "secret", nodeId: "fee" },
        { documentId: "amd", nodeId: "s1" },
      ],
    });
    const rec = await ask.ask({ question, mode: "navindex", principal, k: 10 });
    expect(rec.selectedNodes).toEqual(["amd/s1"]);
    expect(seen[0]?.some((e) => e.documentId === "secret")).toBe(false);
  });

  it("follows a deterministic plan's edges only into documents the asker may read", async () => {
    const { ask, seen } = askServed({ planner: "deterministic", usage: [], indexedDocumentIds: [] });
    const rec = await ask.ask({ question, mode: "navindex", principal, k: 10 });
    expect(rec.answerer).toBe("model");
    expect((seen[0] ?? []).map((e) => `${e.documentId} ${e.nodeId}`).sort()).toEqual([
      "amd s1",
      "base def",
      "base s21",
    ]);
    expect(rec.ledger.entries.map((e) => e.stage)).toEqual(["answer"]);
  });
});

describe("navindex with a model over an index scoped by routing", () => {
  const readable = [
    { documentId: "base", version: "v1" },
    { documentId: "amd", version: "v1" },
  ];
  it("says which documents the planner read when its silence is over the routed ones alone", async () => {
    const { ask } = askWith(undefined, new Set(), readable, { documents: ["amd"], by: "question" });
    const rec = await ask.ask({ question: "What is the Revolving Commitment?", mode: "navindex", principal, k: 10 });
    expect(rec.abstained).toBe(true);
    expect(rec.warnings.join("\n")).toContain("Only [amd] was searched, of the 2 documents you may read");
  });
  it("says nothing of scope when the planner read everything the asker may read", async () => {
    const { ask } = askWith(undefined, new Set(), readable);
    const rec = await ask.ask({ question: "What is the Revolving Commitment?", mode: "navindex", principal, k: 10 });
    expect(rec.warnings.join("\n")).not.toContain("was searched");
  });
});

describe("an instrument named by kind", () => {
  it("warns which readable documents the words may mean and which the answer rests on", async () => {
    const readable = [
      { documentId: "base", version: "v1" },
      { documentId: "amd", version: "v1" },
      { documentId: "restated", version: "v1" },
    ];
    const { ask } = askWith(undefined, new Set(), readable);
    const rec = await ask.ask({
      question: "What does the credit agreement say about loans?",
      mode: "navindex",
      principal,
      k: 10,
    });
    const note = rec.warnings.find((w) => w.startsWith('"the credit agreement"'));
    expect(note).toContain("may mean any of 2 documents you may read: [base]");
    expect(note).toContain("[restated] SECOND AMENDED AND RESTATED CREDIT AGREEMENT");
    // an amendment to the credit agreement is not one
    expect(note).not.toContain("[amd]");
    // the fee letter's title has the words too, but the asker may not read it: it is never named
    expect(note).not.toContain("secret");
    expect(note).toContain("The answer cites none of them");
  });
});

describe("a question that names no document", () => {
  // Retrieval routed the question to the fee letter by the words of its opening; the answer is a silence.
  const routedTo = (
    routed: string[],
    routedBy: "name" | "role" | "question" = "question",
    readable: string[] = ["base", "amd", "secret"],
    namesRead: string[] = [],
    byEvidence = false,
  ) =>
    createAsk({
      ...(byEvidence
        ? { offline: { answerer: "evidence", decision: () => loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) } }
        : {}),
      searcher: {
        search: async () => ({
          passages: [
            {
              documentId: "secret",
              version: "v1",
              nodeId: "fee",
              ...span("secret", "Fee", "Commitment."),
              score: 1,
              tokens: 10,
              stageScores: [],
            },
          ],
          trace: {
            stages: [{ stage: "route", ms: 0, candidates: routed.map((id) => ({ id, score: 1 })) }],
            ...(routed.length > 0 ? { routedBy } : {}),
            ...(namesRead.length > 0 ? { namesRead } : {}),
            indexVersion: "lex-1",
            selected: [],
          },
        }),
      } as unknown as Searcher,
      text: (d) => TEXTS[d] ?? null,
      document: (id) => (TEXTS[id] ? doc(id) : null),
      node: (d, _v, n) => NODES[`${d} ${n}`] ?? null,
      corpus: () => readable.map((documentId) => ({ documentId, version: "v1" })),
      model: null,
      evidenceModel: () => loadEvidenceModel(),
      priceCard: DEFAULT_PRICE_CARD,
      now: () => "2026-11-30T00:00:00Z",
      newId: () => "ans_1",
    });
  const question = "Which court has jurisdiction over disputes?";

  it("says which documents a silence is about when routing chose them", async () => {
    const rec = await routedTo(["secret"]).ask({ question, mode: "hybrid", principal, k: 10 });
    expect(rec.abstained).toBe(true);
    expect(rec.warnings).toContain(
      "Only [secret] was searched, of the 3 documents you may read: the question names no document, so it was chosen by the words of its opening. The silence is about it alone; name the instrument to ask about another.",
    );
  });

  it("says so too when the kind of instrument the question's parties imply chose them", async () => {
    const rec = await routedTo(["secret"], "role").ask({ question, mode: "hybrid", principal, k: 10 });
    expect(rec.warnings).toContain(
      "Only [secret] was searched, of the 3 documents you may read: the question names no document, so it was chosen as the kind of instrument the question's parties imply. The silence is about it alone; name the instrument to ask about another.",
    );
  });

  it("adds nothing when the search read everything or the question names its document", async () => {
    const everything = await routedTo([]).ask({ question, mode: "hybrid", principal, k: 10 });
    expect(everything.warnings).toEqual([]);
    const named = await routedTo(["secret"], "name").ask({
      question: "In the fee letter: which court has jurisdiction over disputes?",
      mode: "hybrid",
      principal,
      k: 10,
    });
    expect(named.abstained).toBe(true);
    expect(named.warnings).toEqual([]);
  });

  it("says which documents an answer rests on when the question's words chose them, not when it named them", async () => {
    const fee = "Is a fee payable on the Revolving Commitment?";
    const rec = await routedTo(["secret"]).ask({ question: fee, mode: "hybrid", principal, k: 10 });
    expect(rec.abstained).toBe(false);
    expect(rec.warnings).toContain(
      "The question names no document: the answer rests on [secret], chosen by the question's words among the 3 documents you may read. Name the instrument to ask about another.",
    );
    // typed in lower case, the fee letter's name read by retrieval as its name: no guess
    const named = await routedTo(["secret"], "question", undefined, ["fee letter"]).ask({
      question: "is a fee payable on the revolving commitment under the fee letter?",
      mode: "hybrid",
      principal,
      k: 10,
    });
    expect(named.abstained).toBe(false);
    expect(named.warnings.join(" ")).not.toContain("names no document");
  });

  it("keeps the evidence decision's probability on the record, on an answer and on a silence, and none on a model's", async () => {
    const byEvidence = routedTo(["secret"], "question", undefined, [], true);
    const silent = await byEvidence.ask({ question, mode: "hybrid", principal, k: 10 });
    const answered = await byEvidence.ask({
      question: "Is a fee payable on the Revolving Commitment?",
      mode: "hybrid",
      principal,
      k: 10,
    });
    expect(silent.abstained).toBe(true);
    expect(answered.abstained).toBe(false);
    expect(silent.decisionProbability).toBeGreaterThanOrEqual(0);
    expect(answered.decisionProbability).toBeLessThanOrEqual(1);
    expect(answered.decisionProbability).toBeGreaterThan(silent.decisionProbability ?? 1);
    // a replay decides again: its own probability, never one carried over from the record
    expect((await byEvidence.replay(answered)).replayed.decisionProbability).toBe(answered.decisionProbability);
    const byWordingReplay = await routedTo(["secret"]).replay(answered);
    expect(byWordingReplay.replayed.decisionProbability).toBeUndefined();
    // the wording model's figure is a score, not a probability
    const byWording = await routedTo(["secret"]).ask({ question, mode: "hybrid", principal, k: 10 });
    expect(byWording.decisionProbability).toBeUndefined();
    const { ask } = askWith();
    const byModel = await ask.ask({ question: "What does the amendment change?", mode: "navindex", principal, k: 10 });
    expect(byModel.answerer).toBe("model");
    expect(byModel.decisionProbability).toBeUndefined();
  });

  it("never names a document the asker may not read", async () => {
    // routed to the fee letter and the credit agreement; this asker may read the credit agreement and the amendment only
    const rec = await routedTo(["secret", "base"], "question", ["base", "amd"]).ask({
      question,
      mode: "hybrid",
      principal,
      k: 10,
    });
    expect(rec.warnings.join(" ")).not.toContain("secret");
    expect(rec.warnings).toEqual([
      "Only [base] was searched, of the 2 documents you may read: the question names no document, so it was chosen by the words of its opening. The silence is about it alone; name the instrument to ask about another.",
    ]);
  });
});

describe("model usage as metrics", () => {
  it("adds each ledger entry's tokens by kind and its dollars to the model counters", async () => {
    // A meter provider that keeps what the counters were given (the SDK's rendering is tested in @lexnav/telemetry).
    const adds: Array<{ name: string; value: number; labels: Record<string, unknown> }> = [];
    const instrument = (name: string) => ({
      add: (value: number, labels: Record<string, unknown> = {}) => adds.push({ name, value, labels }),
      record: () => undefined,
    });
    const meter = { createCounter: instrument, createHistogram: instrument } as unknown as Meter;
    expect(metrics.setGlobalMeterProvider({ getMeter: () => meter })).toBe(true);
    try {
      const { ask } = askWith();
      const rec = await ask.ask({ question: "What is the Revolving Commitment?", mode: "navindex", principal, k: 10 });
      const labels = { "lexnav.stage": "plan", "gen_ai.request.model": "m" };
      expect(adds.filter((a) => a.name === "lexnav.model.tokens")).toEqual([
        { name: "lexnav.model.tokens", value: 1, labels: { ...labels, "gen_ai.token.type": "input" } },
        { name: "lexnav.model.tokens", value: 1, labels: { ...labels, "gen_ai.token.type": "output" } },
      ]);
      const cost = adds.filter((a) => a.name === "lexnav.model.cost");
      expect(cost).toEqual([{ name: "lexnav.model.cost", value: rec.ledger.dollars.total, labels }]);
      expect(rec.ledger.dollars.total).toBeGreaterThan(0);
    } finally {
      metrics.disable();
    }
  });
});

describe("definitions shown with the answer", () => {
  // The amendment's Section 1 uses "Revolving Commitment", defined in the base agreement of the same set;
  // the model cites the amendment only.
  const inSet = (id: string, readers: string[], local: boolean) =>
    TEXTS[id]
      ? ({
          ...doc(id),
          transactionSetId: "deal",
          access: { principals: [], groups: readers },
          noExternalModel: local,
        } as unknown as DocumentRecord)
      : null;
  const askCiting = (readers: Record<string, string[]>, keepLocal: string[] = [], more: RetrievedPassage[] = []) => {
    const seen: EvidenceItem[][] = [];
    const amd = span("amd", "Section 1.", "$75,000,000.");
    const ask = createAsk({
      searcher: {
        search: async () => ({
          passages: [
            { documentId: "amd", version: "v1", nodeId: "s1", ...amd, score: 1, tokens: 10, stageScores: [] },
            ...more,
          ],
          trace: { stages: [], indexVersion: "lex-1", selected: [] },
        }),
      } as unknown as Searcher,
      text: (d) => TEXTS[d] ?? null,
      document: (id) => inSet(id, readers[id] ?? [], keepLocal.includes(id)),
      node: (d, _v, n) => NODES[`${d} ${n}`] ?? null,
      corpus: () => [],
      model: {
        name: "m",
        answerer: {
          plan: async () => {
            throw new Error("not planned");
          },
          answer: async (r) => {
            seen.push([...r.extract]);
            const cited = r.extract[0] as EvidenceItem;
            const quote = "the Revolving Commitment is $75,000,000";
            const start = cited.start + cited.text.indexOf(quote);
            return {
              raw: "",
              usage: [],
              draft: {
                text: "It is $75,000,000.",
                claims: [
                  {
                    text: "It is $75,000,000.",
                    citations: [
                      {
                        documentId: "amd",
                        version: "v1",
                        nodeId: "s1",
                        start,
                        end: start + quote.length,
                        quote,
                        display: "[amd]",
                      },
                    ],
                  },
                ],
                abstained: false,
                abstainReason: null,
                precedence: [],
                unsupported: 0,
                confidence: 1,
              },
            };
          },
        },
      },
      evidenceModel: () => loadEvidenceModel(),
      priceCard: DEFAULT_PRICE_CARD,
      now: () => "2026-11-30T00:00:00Z",
      newId: () => "ans_1",
    });
    return { ask, seen };
  };

  it("records the definition a cited passage uses, from the set member that defines it", async () => {
    const { ask, seen } = askCiting({ amd: ["deal"], base: ["deal"] });
    const rec = await ask.ask({ question: "What is the Revolving Commitment?", mode: "hybrid", principal, k: 10 });
    const def = span("base", '"Revolving', "commitment.");
    expect(rec.linked).toEqual([
      expect.objectContaining({
        kind: "definition",
        words: "Revolving Commitment",
        documentId: "base",
        ...def,
        quote: TEXTS.base?.slice(def.start, def.end),
      }),
      expect.objectContaining({ kind: "cross-reference", words: "Section 2.1", documentId: "base", nodeId: "s21" }),
    ]);
    // the fee letter it also points to is in the set, but the asker may not read it
    expect(seen[0]?.some((e) => e.documentId === "secret")).toBe(false);
    // the model was given the definition, and the record keeps why it was in the extract
    expect(seen[0]?.some((e) => e.documentId === "base" && e.linkedBy === "definition")).toBe(true);
    expect(rec.evidence.find((e) => e.documentId === "base")?.linkedBy).toBe("definition");
    // a replay reads the stored extract as it was: the definition stays context
    const again = await ask.replay(rec);
    expect(again.missing).toBe(0);
    expect(seen[1]?.find((e) => e.documentId === "base")?.linkedBy).toBe("definition");
  });

  it("never sends the model a definition from a document barred from external models", async () => {
    const { ask, seen } = askCiting({ amd: ["deal"], base: ["deal"] }, ["base"]);
    const rec = await ask.ask({ question: "What is the Revolving Commitment?", mode: "hybrid", principal, k: 10 });
    expect(rec.answerer).toBe("model");
    expect(seen[0]?.map((e) => e.documentId)).toEqual(["amd"]);
  });

  it("answers past a retrieved passage whose span is not one of its text, and says it was left out", async () => {
    const bad = { documentId: "base", version: "v1", nodeId: "s9", start: -1, end: 12, score: 1, tokens: 3 };
    const { ask, seen } = askCiting({ amd: ["deal"], base: ["deal"] }, [], [{ ...bad, stageScores: [] }]);
    const rec = await ask.ask({ question: "What is the Revolving Commitment?", mode: "hybrid", principal, k: 10 });
    expect(rec.abstained).toBe(false);
    expect(seen[0]?.every((e) => e.text.length > 0)).toBe(true);
    expect(seen[0]?.some((e) => e.nodeId === "s9")).toBe(false);
    expect(rec.warnings).toContain(
      "a passage was left out of the extract: base@v1: span [-1, 12) starts before the text",
    );
  });

  it("shows no definition from a document the asker may not read", async () => {
    const { ask, seen } = askCiting({ amd: ["deal"], base: ["walled"] });
    const rec = await ask.ask({ question: "What is the Revolving Commitment?", mode: "hybrid", principal, k: 10 });
    expect(rec.linked).toBeUndefined();
    expect(seen[0]?.map((e) => e.documentId)).toEqual(["amd"]);
  });
});

describe("the courtesies around a question", () => {
  it("are not read, and the question goes on the record as asked", async () => {
    const queries: string[] = [];
    const ask = createAsk({
      searcher: {
        search: async (request: { query: string }) => {
          queries.push(request.query);
          return { passages: [], trace: { stages: [], indexVersion: "lex-1", selected: [] } };
        },
      } as unknown as Searcher,
      text: (d) => TEXTS[d] ?? null,
      document: (id) => (TEXTS[id] ? doc(id) : null),
      node: (d, _v, n) => NODES[`${d} ${n}`] ?? null,
      corpus: () => [{ documentId: "base", version: "v1" }],
      model: null,
      evidenceModel: () => loadEvidenceModel(),
      priceCard: DEFAULT_PRICE_CARD,
      now: () => "2026-11-30T00:00:00Z",
      newId: () => "ans_1",
    });
    const asked = "Hi team, which court has jurisdiction over disputes? Thanks!";
    const rec = await ask.ask({ question: asked, mode: "hybrid", principal, k: 10 });
    expect(queries).toEqual(["which court has jurisdiction over disputes?"]);
    expect(rec.question).toBe(asked);
  });
});
