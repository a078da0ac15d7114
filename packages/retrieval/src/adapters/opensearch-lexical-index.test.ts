import { errors } from "@opensearch-project/opensearch";
import { describe, expect, it } from "vitest";
import {
  accessFields,
  aliasSwapActions,
  bulkError,
  cardMappings,
  cardSearchBody,
  createOpenSearchLexicalIndex,
  documentQuery,
  indexNames,
  indexSettings,
  legalReferences,
  listPassagesBody,
  matchPageBody,
  namedCardsBody,
  openSearchError,
  passageMappings,
  passageSearchBody,
  permissionFilter,
  REFERENCE_PATTERN,
} from "./opensearch-lexical-index.ts";
import { FIELD_WEIGHTS } from "./sqlite-lexical-index.ts";

// Request building only: these run without a server (the live checks are test/contract/opensearch-lexical-index.test.ts).

const bob = { id: "bob", groups: ["deal-team", "board"] };

/** Evaluates a bool filter clause over a document's readers fields, as OpenSearch would (term/terms/bool only). */
function matches(clause: unknown, doc: Record<string, string[]>): boolean {
  const c = clause as Record<string, Record<string, unknown>>;
  if (c.term) {
    const [field, value] = Object.entries(c.term)[0] as [string, string];
    return (doc[field] ?? []).includes(value);
  }
  if (c.terms) {
    const [field, values] = Object.entries(c.terms)[0] as [string, string[]];
    return values.some((v) => (doc[field] ?? []).includes(v));
  }
  if (c.bool) {
    const b = c.bool as { should?: unknown[]; must_not?: unknown[]; filter?: unknown[]; minimum_should_match?: number };
    const should = b.should ?? [];
    const shouldOk =
      should.length === 0 || should.filter((s) => matches(s, doc)).length >= (b.minimum_should_match ?? 1);
    return (
      shouldOk && !(b.must_not ?? []).some((s) => matches(s, doc)) && (b.filter ?? []).every((s) => matches(s, doc))
    );
  }
  throw new Error(`unexpected clause ${JSON.stringify(clause)}`);
}

describe("OpenSearch lexical index: mapping and analysis", () => {
  it("maps the four weighted passage fields through the legal analyzer, references as a sub-field, readers as keywords", () => {
    const m = passageMappings() as { dynamic: string; properties: Record<string, Record<string, unknown>> };
    expect(m.dynamic).toBe("strict");
    for (const f of ["heading", "clause_ref", "terms", "body"]) expect(m.properties[f]?.analyzer).toBe("lexnav_legal");
    for (const f of ["heading", "clause_ref", "body"])
      expect(m.properties[f]?.fields).toEqual({ refs: { type: "text", analyzer: "lexnav_reference" } });
    for (const f of ["readers_principals", "readers_groups", "deny_principals", "deny_groups", "document_id"])
      expect(m.properties[f]?.type).toBe("keyword");
    const cards = cardMappings() as { properties: Record<string, Record<string, unknown>> };
    expect(cards.properties.card?.analyzer).toBe("lexnav_legal");
    expect(cards.properties.name_key?.type).toBe("keyword");
    expect(cards.properties.deny_groups?.type).toBe("keyword");
  });

  it("analyzes with possessives, lowercase, folding and Porter stemming, and tokenizes references whole", () => {
    const s = indexSettings(1, 0) as { number_of_replicas: number; analysis: Record<string, Record<string, unknown>> };
    expect(s.number_of_replicas).toBe(0);
    // a compaction rewrites every segment with a deleted passage, not only those past 10% deleted
    expect(s).toMatchObject({ "merge.policy.expunge_deletes_allowed": 0 });
    expect(s.analysis.analyzer?.lexnav_legal).toEqual({
      type: "custom",
      tokenizer: "standard",
      filter: ["lexnav_possessive", "lowercase", "asciifolding", "porter_stem"],
    });
    expect(s.analysis.tokenizer?.lexnav_reference).toEqual({ type: "pattern", pattern: REFERENCE_PATTERN, group: 0 });
    expect(legalReferences("Under Section 8.1(B) and § 12(a)(ii), not 2024 or 8; see 2.05 and 8.1(b).")).toEqual([
      "8.1(b)",
      "§",
      "12(a)(ii)",
      "2.05",
    ]);
    expect(legalReferences("what is the cap")).toEqual([]);
  });
});

describe("OpenSearch lexical index: the bool query", () => {
  it("ranks the question's terms over the fields with the embedded index's weights, filters inside the query", () => {
    const body = passageSearchBody({ text: "What is the Governing Law?", principal: bob, k: 7 }) as {
      size: number;
      query: { bool: { should: Array<{ multi_match: { query: string; fields: string[] } }>; filter: unknown[] } };
    };
    expect(body.size).toBe(7);
    expect(body.query.bool.should).toHaveLength(1);
    expect(body.query.bool.should[0]?.multi_match.query).toBe("governing law");
    expect(body.query.bool.should[0]?.multi_match.fields).toEqual([
      `heading^${FIELD_WEIGHTS.heading}`,
      `clause_ref^${FIELD_WEIGHTS.clauseRef}`,
      `terms^${FIELD_WEIGHTS.terms}`,
      `body^${FIELD_WEIGHTS.body}`,
    ]);
    expect(body.query.bool.filter).toEqual([permissionFilter(bob)]);
  });

  it("matches section references on the reference sub-fields, and sends nothing for stopwords alone", () => {
    const body = passageSearchBody({ text: "What does § 8.1(b) say?", principal: bob, k: 3 }) as {
      query: { bool: { should: Array<{ multi_match: { query: string; fields: string[] } }> } };
    };
    const refs = body.query.bool.should.find((s) => s.multi_match.fields[0]?.startsWith("heading.refs"));
    expect(refs?.multi_match.query).toBe("§ 8.1(b)");
    expect(passageSearchBody({ text: "what is the", principal: bob, k: 3 })).toBeNull();
    expect(passageSearchBody({ text: "governing law", principal: bob, k: 0 })).toBeNull();
    expect(cardSearchBody({ text: "what is the", principal: bob, k: 3 })).toBeNull();
  });

  it("lets in a principal by name or by any group, and keeps out one walled by name or by any group", () => {
    const f = permissionFilter(bob);
    const doc = (access: Parameters<typeof accessFields>[0]) => accessFields(access);
    expect(matches(f, doc({ principals: [], groups: ["board"] }))).toBe(true);
    expect(matches(f, doc({ principals: ["bob"], groups: [] }))).toBe(true);
    expect(matches(f, doc({ principals: ["alice"], groups: ["tax"] }))).toBe(false);
    // a wall on one of the principal's groups overrides a grant by name
    expect(matches(f, doc({ principals: ["bob"], groups: [], deny: { principals: [], groups: ["deal-team"] } }))).toBe(
      false,
    );
    expect(matches(f, doc({ principals: [], groups: ["board"], deny: { principals: ["bob"], groups: [] } }))).toBe(
      false,
    );
    // a wall on someone else leaves the principal in
    expect(matches(f, doc({ principals: [], groups: ["board"], deny: { principals: ["alice"], groups: [] } }))).toBe(
      true,
    );
    // no groups: no empty terms clause, a grant by name still works
    const lone = permissionFilter({ id: "gc", groups: [] });
    expect(JSON.stringify(lone)).not.toContain("readers_groups");
    expect(matches(lone, doc({ principals: ["gc"], groups: ["board"] }))).toBe(true);
  });

  it("puts the scope in the same filter as the permission, in search, routing and the listing", () => {
    const scope = { terms: { document_id: ["loan", "notes"] } };
    const q = { text: "interest accrues", principal: bob, k: 5, documentIds: ["loan", "notes"] };
    const filters = (b: unknown) => (b as { query: { bool: { filter: unknown[] } } }).query.bool.filter;
    for (const body of [passageSearchBody(q), cardSearchBody(q), listPassagesBody(bob, q.documentIds)])
      expect(filters(body)).toEqual([permissionFilter(bob), scope]);
    // an empty scope is a filter that matches nothing, not an absent one
    expect(filters(passageSearchBody({ ...q, documentIds: [] }))).toContainEqual({ terms: { document_id: [] } });
    const named = filters(namedCardsBody({ text: "In the agreement MNDA", principal: bob, k: 5, documentIds: ["x"] }));
    expect(named[0]).toMatchObject({ terms: { name_key: expect.arrayContaining(["mnda", "agreement mnda"]) } });
    expect(named.slice(1)).toEqual([permissionFilter(bob), { terms: { document_id: ["x"] } }]);
  });

  it("lists in document order, paging with search_after", () => {
    const first = listPassagesBody(bob, undefined) as { sort: unknown[]; search_after?: unknown };
    expect(first.sort).toEqual([{ document_id: "asc" }, { start: "asc" }, { end: "asc" }, { passage_id: "asc" }]);
    expect(first.search_after).toBeUndefined();
    expect(listPassagesBody(bob, undefined, ["b", 10, 20, "p"])).toMatchObject({ search_after: ["b", 10, 20, "p"] });
  });
});

describe("OpenSearch lexical index: deletes and access changes by document", () => {
  it("pages through a document's passages and cards of every version in one stable order", () => {
    const body = matchPageBody(documentQuery("d1")) as { query: unknown; sort: unknown[]; _source: boolean };
    expect(body.query).toEqual({ bool: { filter: [{ term: { document_id: "d1" } }] } });
    expect(body._source).toBe(false);
    // cards have no passage id: sorting on it must not fail on a cards index
    expect(body.sort).toContainEqual({ passage_id: { order: "asc", unmapped_type: "keyword" } });
    expect(matchPageBody(documentQuery("d1"), ["v", "d1", "p"])).toMatchObject({ search_after: ["v", "d1", "p"] });
  });

  it("replacing a document deletes only what an earlier put wrote", () => {
    expect(documentQuery("d1", "put-2")).toEqual({
      bool: { filter: [{ term: { document_id: "d1" } }], must_not: [{ term: { put_id: "put-2" } }] },
    });
  });
});

describe("OpenSearch lexical index: bulk write failures", () => {
  it("fails on a rejected item, retryably when the node is overloaded, and not on an update of a deleted passage", () => {
    const item = (status: number, type: string) => ({ update: { status, error: { type, reason: "doc [x] text" } } });
    expect(bulkError({ errors: false, items: [] })).toBeNull();
    expect(bulkError({ errors: true, items: [item(404, "document_missing_exception")] })).toBeNull();
    expect(bulkError({ errors: true, items: [item(429, "es_rejected_execution_exception")] })).toMatchObject({
      code: "unavailable",
      retryable: true,
    });
    const bad = bulkError({ errors: true, items: [{ index: { status: 201 } }, item(400, "mapper_parsing_exception")] });
    expect(bad).toMatchObject({
      code: "internal",
      message: "OpenSearch bulk write failed: 400 mapper_parsing_exception",
    });
  });
});

describe("OpenSearch lexical index: versions behind aliases", () => {
  it("names concrete indices per version behind one alias per prefix", () => {
    const n = indexNames("t1");
    expect([n.passages("lex-1"), n.cards("lex-1"), n.passagesAlias, n.cardsAlias]).toEqual([
      "t1-passages-lex-1",
      "t1-cards-lex-1",
      "t1-passages",
      "t1-cards",
    ]);
  });

  it("swaps the alias in one request: off every index that holds it, onto the new one", () => {
    expect(aliasSwapActions("t1-passages", "t1-passages-b", ["t1-passages-a"])).toEqual([
      { remove: { index: "t1-passages-a", alias: "t1-passages" } },
      { add: { index: "t1-passages-b", alias: "t1-passages" } },
    ]);
    expect(aliasSwapActions("t1-passages", "t1-passages-a", [])).toEqual([
      { add: { index: "t1-passages-a", alias: "t1-passages" } },
    ]);
    // activating the active version again removes nothing
    expect(aliasSwapActions("t1-passages", "t1-passages-a", ["t1-passages-a"])).toEqual([
      { add: { index: "t1-passages-a", alias: "t1-passages" } },
    ]);
  });

  it("refuses a prefix that could name another index (wildcards, commas, capitals)", () => {
    for (const prefix of ["", "Lexnav", "a*", "a,b", "../x"])
      expect(() => createOpenSearchLexicalIndex({ node: "http://127.0.0.1:9", prefix })).toThrow(/prefix/);
  });

  it("reports an unreachable node as unavailable and retryable, naming no request text", async () => {
    const index = createOpenSearchLexicalIndex({ node: "http://127.0.0.1:9", prefix: "t1", requestTimeoutMs: 2000 });
    try {
      const err = await index.activeVersion().catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "unavailable", retryable: true });
    } finally {
      await index.close();
    }
    expect(openSearchError("search", new Error("boom"))).toMatchObject({ code: "internal" });
    const response = (statusCode: number) =>
      new errors.ResponseError({
        body: { error: { type: "some_exception", reason: "query [secret words] failed" } },
        statusCode,
        headers: {},
        warnings: null,
        meta: {} as never,
      });
    expect(openSearchError("search", response(429))).toMatchObject({ code: "unavailable", retryable: true });
    expect(openSearchError("search", response(404))).toMatchObject({ code: "not_found", retryable: false });
    const bad = openSearchError("search", response(400));
    expect(bad).toMatchObject({ code: "internal", message: "OpenSearch search failed: 400 some_exception" });
    expect(bad.message).not.toContain("secret");
  });
});
