import { DEFAULT_LIMITS, LexnavError, silentLogger } from "@lexnav/core";
import { countTokens } from "@lexnav/document-model";
import { mayRead } from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_VERSO, CUAD_FIXTURES } from "../../../test/support/cuad-fixtures.ts";
import { plannerIndexFor } from "./planner-index.ts";
import { createEmbeddedStack, type EmbeddedStack } from "./stack.ts";

const READER = { id: "reader", groups: ["deals"] };

describe("the navigation index a model planner reads", () => {
  let stack: EmbeddedStack;
  const ids: Record<string, string> = {};
  const readable = async () =>
    (await stack.catalog.listDocuments({ lifecycle: ["indexed"] })).filter((d) => mayRead(READER, d.access));
  const plan = async (question: string, maxTokens?: number) =>
    await plannerIndexFor(stack, READER, question, await readable(), maxTokens);
  const documentsOf = (p: { known: ReadonlySet<string> }) => new Set([...p.known].map((k) => k.split(" ")[0]));
  // The compact tokens of each readable document's index alone, to set budgets between them.
  const tokensOf = async (question: string, maxTokens: number) =>
    countTokens((await plan(question, maxTokens)).compact);

  beforeAll(async () => {
    stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
    // VERSO's agreement and the Thrivent endorsement filed as one transaction set; the sponsorship
    // agreement on its own; the Vivint agreement for another group.
    for (const [name, source, groups, set] of [
      ["verso", CUAD_FIXTURES.verso, ["deals"], "set-a"],
      ["thrivent", CUAD_FIXTURES.thrivent, ["deals"], "set-a"],
      ["sponsor", CUAD_FIXTURES.sponsor, ["deals"], null],
      ["vivint", CUAD_FIXTURES.vivint, ["board"], null],
    ] as const) {
      const r = await stack.pipeline.ingest({
        source,
        access: { principals: [], groups: [...groups] },
        ...(set ? { transactionSetId: set } : {}),
      });
      expect(r.status).toBe("indexed");
      ids[name] = r.documentId;
    }
  });
  afterAll(() => stack.close());

  it("is everything the asker may read when it fits, with no routing, and never another group's document", async () => {
    const p = await plan(ASK_VERSO);
    expect(p.routing).toBeUndefined();
    expect(documentsOf(p)).toEqual(new Set([ids.verso, ids.thrivent, ids.sponsor]));
    expect(p.indexVersion).toMatch(/^navindex-[0-9a-f]{12}$/);
  });

  it("is the documents the question names and their set when everything is too large", async () => {
    const whole = await tokensOf(ASK_VERSO, Number.POSITIVE_INFINITY);
    const p = await plan(ASK_VERSO, whole - 1);
    expect(p.routing).toEqual({ documents: [ids.verso], by: "name" });
    // the endorsement is in VERSO's transaction set: planned beside it; the sponsorship agreement is not
    expect(documentsOf(p)).toEqual(new Set([ids.verso, ids.thrivent]));
    expect(countTokens(p.compact)).toBeLessThanOrEqual(whole - 1);
    // every handle the compact form lists resolves to a pair the planner may name
    const first = p.resolve("0.0");
    expect(first && p.known.has(`${first.documentId} ${first.nodeId}`)).toBe(true);
  });

  it("drops the rest of the set before refusing, and refuses what still does not fit", async () => {
    const withSet = countTokens(
      (await plan(ASK_VERSO, (await tokensOf(ASK_VERSO, Number.POSITIVE_INFINITY)) - 1)).compact,
    );
    const alone = await plan(ASK_VERSO, withSet - 1);
    expect(documentsOf(alone)).toEqual(new Set([ids.verso]));
    const versoTokens = countTokens(alone.compact);
    await expect(plan(ASK_VERSO, versoTokens - 1)).rejects.toThrow(/documents the question names is too large/);
  });

  it("refuses a question that names nothing it may read over an index too large to send whole", async () => {
    const whole = await tokensOf(ASK_VERSO, Number.POSITIVE_INFINITY);
    let err: unknown;
    try {
      await plan("zzqx blorf", whole - 1);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LexnavError);
    expect((err as LexnavError).code).toBe("too_large");
    expect(String(err)).toContain("name the agreement, or ask with --mode hybrid");
    // asked about the other group's agreement by name, the asker is never planned over it
    const vivint =
      'Consider the NON-COMPETITION AGREEMENT AMENDMENT between VIVINT SOLAR, INC. ("Vivint Solar"), VIVINT, INC. ("Vivint"); Is there a non-compete?';
    try {
      const p = await plan(vivint, whole - 1);
      expect(documentsOf(p).has(ids.vivint)).toBe(false);
      expect(p.routing?.documents).not.toContain(ids.vivint);
    } catch (e) {
      expect(String(e)).not.toContain(ids.vivint);
    }
  });

  it("keeps to a request's scope: only its documents are listed, and routing looks nowhere else", async () => {
    const scope = [ids.sponsor as string];
    const inScope = (await readable()).filter((d) => scope.includes(d.id));
    const whole = await plannerIndexFor(stack, READER, ASK_VERSO, inScope, undefined, scope);
    expect(documentsOf(whole)).toEqual(new Set([ids.sponsor]));
    // too large to send whole: the question names VERSO, which is out of scope, so routing finds only the sponsor
    const tokens = countTokens(whole.compact);
    try {
      const routed = await plannerIndexFor(stack, READER, ASK_VERSO, inScope, tokens - 1, scope);
      expect(documentsOf(routed).has(ids.verso)).toBe(false);
    } catch (e) {
      expect(String(e)).toMatch(/too large for the planner/);
    }
    expect(
      (await stack.searcher.route({ query: ASK_VERSO, principal: READER, documentIds: scope })).documents,
    ).not.toContainEqual(expect.objectContaining({ documentId: ids.verso }));
  });

  it("does not list a document deleted since the last question", async () => {
    const before = await plan(ASK_VERSO);
    expect(documentsOf(before).has(ids.sponsor)).toBe(true);
    await stack.pipeline.remove(ids.sponsor as string);
    const after = await plan(ASK_VERSO);
    expect(documentsOf(after).has(ids.sponsor)).toBe(false);
    expect(after.indexVersion).not.toBe(before.indexVersion);
  });
});
