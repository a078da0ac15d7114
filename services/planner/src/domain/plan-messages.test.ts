import { create } from "@bufbuild/protobuf";
import { DEFAULT_PRICE_CARD } from "@lexnav/answer";
import { planV1 } from "@lexnav/proto";
import { describe, expect, it } from "vitest";
import { planResponse, readPlanRequest } from "./plan-messages.ts";

describe("plan messages", () => {
  it("reads the principal and scope, and refuses a request the planner cannot honour", () => {
    const call = readPlanRequest(
      create(planV1.PlanRequestSchema, {
        query: "q",
        principal: { id: "ann", groups: ["deals"] },
        documentIds: ["d1"],
        transactionSetId: "set-a",
        maxTargets: 3,
      }),
    );
    expect(call).toEqual({
      query: "q",
      principal: { id: "ann", groups: ["deals"] },
      documentIds: ["d1"],
      transactionSetId: "set-a",
      maxTargets: 3,
    });
    const bad = (init: Parameters<typeof create<typeof planV1.PlanRequestSchema>>[1]) => () =>
      readPlanRequest(create(planV1.PlanRequestSchema, init));
    expect(bad({ query: "q" })).toThrow(/principal/);
    expect(bad({ query: "q", principal: { id: "ann" }, maxTargets: 11 })).toThrow(/max_targets/);
    expect(bad({ query: "q", principal: { id: "ann" }, documentIds: [""] })).toThrow(/empty id/);
    expect(bad({ query: "q", principal: { id: "ann" }, transactionSetId: " " })).toThrow(/transaction_set_id/);
    // Who plans: the deterministic planner when asked for; a model plan is the service's choice, not a request.
    const deterministic = readPlanRequest(
      create(planV1.PlanRequestSchema, {
        query: "q",
        principal: { id: "ann" },
        planner: planV1.Planner.DETERMINISTIC,
      }),
    );
    expect(deterministic.planner).toBe("deterministic");
    expect(call.planner).toBeUndefined();
    expect(bad({ query: "q", principal: { id: "ann" }, planner: planV1.Planner.MODEL })).toThrow(/planner/);
  });

  it("says which documents were withheld from the model when the deterministic planner planned instead", () => {
    const r = planResponse(
      {
        targets: [{ documentId: "d1", nodeId: "n1", rationale: "plan #1" }],
        planner: "deterministic",
        usage: [],
        indexVersion: "lex-1",
        warnings: [],
        indexedDocumentIds: [],
        rejected: 0,
        withheld: ["d2"],
      },
      DEFAULT_PRICE_CARD,
    );
    expect(r.planner).toBe(planV1.Planner.DETERMINISTIC);
    expect(r.withheldDocumentIds).toEqual(["d2"]);
    expect(r.routing).toBeUndefined();
    expect(r.ledger?.totalDollars).toBe(0);
  });

  it("prices the model calls of a plan in its ledger", () => {
    const r = planResponse(
      {
        targets: [{ documentId: "d1", nodeId: "n1", rationale: "m plan #1" }],
        planner: "model",
        usage: [
          {
            stage: "plan",
            model: "m",
            inputTokens: 1_000_000,
            cacheWriteTokens: 0,
            cacheReadTokens: 0,
            outputTokens: 0,
          },
        ],
        indexVersion: "navindex-x",
        warnings: [],
        indexedDocumentIds: ["d1", "d2"],
        routing: { documents: ["d1"], by: "name" },
        rejected: 2,
        withheld: [],
      },
      DEFAULT_PRICE_CARD,
    );
    expect(r.targets).toHaveLength(1);
    // What the asker goes on with: who planned, over which index and documents, what was routed and ignored.
    expect(r.planner).toBe(planV1.Planner.MODEL);
    expect(r.indexVersion).toBe("navindex-x");
    expect(r.indexedDocumentIds).toEqual(["d1", "d2"]);
    expect(r.routing).toMatchObject({ documentIds: ["d1"], routedBy: "name" });
    expect(r.rejected).toBe(2);
    expect(r.withheldDocumentIds).toEqual([]);
    expect(r.ledger?.entries[0]?.dollars).toBe(DEFAULT_PRICE_CARD.input);
    expect(r.ledger?.totalDollars).toBe(DEFAULT_PRICE_CARD.input);
    expect(r.ledger?.totalInputTokens).toBe(1_000_000n);
  });
});
