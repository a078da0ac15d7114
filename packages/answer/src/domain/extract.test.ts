import { readFileSync } from "node:fs";
import { join } from "node:path";
import { countTokens, type DocumentRecord, type ProvisionNode } from "@lexnav/document-model";
import type { RetrievedPassage } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { type Span, sectionNode, spanIn } from "../../../../test/support/provision-fixtures.ts";
import {
  buildExtract,
  type ExtractDeps,
  LINKED_MAX_CHARS,
  LINKED_MAX_TOKENS,
  LINKED_SEEDS,
  spanProblem,
} from "./extract.ts";

// A deal of two instruments: the guarantee uses "Borrower", which the credit agreement defines, and
// points to its own Section 3. A third document outside the set defines "Borrower" too.
const TEXTS: Record<string, string> = {
  credit:
    'Section 1.1 "Borrower" means Acme Holdings, Inc., a Delaware corporation.\nSection 2.1 The Lenders lend up to $50,000,000.',
  guarantee:
    "Section 2. The Guarantor guarantees the obligations of the Borrower, subject to Section 3.\nSection 3. Liability is capped at $10,000,000.",
  other: 'Section 1. "Borrower" means Other Corp.',
};
const at = spanIn(TEXTS);
const node = (documentId: string, id: string, clauseRef: string, span: Span, more: Partial<ProvisionNode> = {}) =>
  sectionNode(documentId, id, span, { clauseRef, ...more });

const borrowerUse = TEXTS.guarantee?.indexOf("Borrower") as number;
const section3Ref = TEXTS.guarantee?.indexOf("Section 3.") as number;
const guaranteeS2 = (definedIn: string) =>
  node("guarantee", "g2", "Section 2", at("guarantee", "Section 2.", "Section 3."), {
    termUses: [
      {
        term: "Borrower",
        start: borrowerUse,
        end: borrowerUse + 8,
        definitionNodeId: definedIn === "other" ? "o1" : "c11",
        definitionDocumentId: definedIn,
      },
    ],
    xrefs: [
      {
        text: "Section 3",
        start: section3Ref,
        end: section3Ref + 9,
        kind: "section",
        target: "section:3",
        status: "resolved",
        targetNodeId: "g3",
        targetDocumentId: null,
        externalDocument: null,
      },
    ],
  });
const NODES: Record<string, ProvisionNode> = {
  "credit c11": node("credit", "c11", "Section 1.1", at("credit", "Section 1.1", "corporation.")),
  "credit c21": node("credit", "c21", "Section 2.1", at("credit", "Section 2.1", "$50,000,000.")),
  "guarantee g3": node("guarantee", "g3", "Section 3", at("guarantee", "Section 3. Liability", "$10,000,000.")),
  "other o1": node("other", "o1", "Section 1", at("other", "Section 1.", "Corp.")),
};
const SETS: Record<string, string> = { credit: "deal-1", guarantee: "deal-1", other: "deal-2" };
const TITLES: Record<string, string> = { credit: "Credit Agreement", guarantee: "Guaranty", other: "Other Loan" };

function deps(over: Partial<ExtractDeps> & { definedIn?: string } = {}): ExtractDeps {
  const g2 = guaranteeS2(over.definedIn ?? "credit");
  return {
    text: (d) => TEXTS[d] ?? null,
    document: (id) =>
      TEXTS[id]
        ? ({
            id,
            currentVersion: "v1",
            fileName: `${id}-ex10.txt`,
            title: TITLES[id],
            role: "base_agreement",
            transactionSetId: SETS[id],
            effectiveDate: null,
          } as unknown as DocumentRecord)
        : null,
    node: (d, _v, n) => (d === "guarantee" && n === "g2" ? g2 : (NODES[`${d} ${n}`] ?? null)),
    mayLink: () => true,
    ...over,
  };
}
const passage = (documentId: string, nodeId: string, span: { start: number; end: number }): RetrievedPassage => ({
  documentId,
  version: "v1",
  nodeId,
  ...span,
  score: 1,
  tokens: 0,
  stageScores: [],
});
const cited = passage("guarantee", "g2", at("guarantee", "Section 2.", "Section 3."));

describe("buildExtract: definitions and referred-to provisions brought in", () => {
  it("resolves a term the guarantee uses to the credit agreement's definition, and its own Section 3", async () => {
    const extract = await buildExtract([cited], deps());
    const def = extract.find((e) => e.linkedBy === "definition");
    expect(def).toMatchObject({ documentId: "credit", nodeId: "c11", clauseRef: "Section 1.1" });
    expect(def && TEXTS.credit?.slice(def.start, def.end)).toBe(def?.text);
    expect(def?.text).toContain('"Borrower" means Acme Holdings');
    const ref = extract.find((e) => e.linkedBy === "cross-reference");
    expect(ref).toMatchObject({ documentId: "guarantee", nodeId: "g3", clauseRef: "Section 3" });
    expect(extract[0]?.links).toEqual([
      { kind: "definition", words: "Borrower", itemId: def?.id },
      { kind: "cross-reference", words: "Section 3", itemId: ref?.id },
    ]);
  });

  it("never brings in a definition from a document the asker may not read", async () => {
    const extract = await buildExtract([cited], deps({ mayLink: (id) => id !== "credit" }));
    expect(extract.some((e) => e.documentId === "credit")).toBe(false);
    expect(extract[0]?.links?.map((l) => l.kind)).toEqual(["cross-reference"]);
  });

  it("never brings in a definition from outside the transaction set", async () => {
    const extract = await buildExtract([cited], deps({ definedIn: "other" }));
    expect(extract.some((e) => e.documentId === "other")).toBe(false);
  });

  it("links a definition already in the extract instead of repeating it", async () => {
    const def = passage("credit", "c11", at("credit", "Section 1.1", "corporation."));
    const extract = await buildExtract([cited, def], deps());
    expect(extract.filter((e) => e.documentId === "credit")).toHaveLength(1);
    expect(extract[0]?.links?.[0]).toEqual({ kind: "definition", words: "Borrower", itemId: "E2" });
    expect(extract[1]?.linkedBy).toBeUndefined();
  });

  it("keeps what it brings in within its token budget, first links first", async () => {
    // The definition and Section 3, each padded: either fits alone, both do not.
    const pad = ` ${"and its permitted assigns ".repeat(50)}`;
    const credit = `${TEXTS.credit}${pad}`;
    const guarantee = `${TEXTS.guarantee}${pad}`;
    const defSpan = { start: at("credit", "Section 1.1", "corporation.").start, end: credit.length };
    const s3Span = { start: at("guarantee", "Section 3. Liability", ".").start, end: guarantee.length };
    for (const [t, span] of [
      [credit, defSpan],
      [guarantee, s3Span],
    ] as const) {
      expect(span.end - span.start).toBeLessThan(LINKED_MAX_CHARS);
      expect(countTokens(t.slice(span.start, span.end))).toBeLessThan(LINKED_MAX_TOKENS);
    }
    expect(
      countTokens(credit.slice(defSpan.start, defSpan.end)) + countTokens(guarantee.slice(s3Span.start, s3Span.end)),
    ).toBeGreaterThan(LINKED_MAX_TOKENS);
    const base = deps();
    const extract = await buildExtract(
      [cited],
      deps({
        text: (d) => (d === "credit" ? credit : d === "guarantee" ? guarantee : base.text(d, "v1")),
        node: (d, v, n) =>
          d === "credit" && n === "c11"
            ? node("credit", "c11", "Section 1.1", defSpan)
            : d === "guarantee" && n === "g3"
              ? node("guarantee", "g3", "Section 3", s3Span)
              : (base.node?.(d, v, n) ?? null),
      }),
    );
    expect(extract.map((e) => e.linkedBy)).toEqual([undefined, "definition"]);
  });

  it("brings in only for the best passages, the ones an answer cites", async () => {
    const fillers = [
      passage("credit", "c21", at("credit", "Section 2.1", "$50,000,000.")),
      passage("other", "o1", at("other", "Section 1.", "Corp.")),
      passage("guarantee", "g3", at("guarantee", "Section 3. Liability", "$10,000,000.")),
    ];
    expect(fillers.length).toBe(LINKED_SEEDS);
    const extract = await buildExtract([...fillers, cited], deps());
    expect(extract.some((e) => e.linkedBy !== undefined)).toBe(false);
    expect(extract[LINKED_SEEDS]?.links).toBeUndefined();
  });

  it("brings nothing in without mayLink (a replay rebuilds the stored extract exactly)", async () => {
    const { mayLink: _omit, ...rest } = deps();
    const extract = await buildExtract([cited], rest);
    expect(extract).toHaveLength(1);
    expect(extract[0]?.links).toBeUndefined();
  });
});

describe("buildExtract: passages extended to the answering unit", () => {
  // The example set's second amendment: its notice clause ends "was required to:", the address follows.
  const file = join(import.meta.dirname, "../../../../examples/manufacturing-agreement/manufacturing-agreement-3.txt");
  const text = readFileSync(file, "utf8");
  const sentence = "6. Section 13 NOTICES is amended such that whereas Notice to PREMIER was required to:";
  const start = text.indexOf(sentence);
  const amendment = (over: Partial<ExtractDeps> = {}): ExtractDeps => ({
    text: () => text,
    document: () => null,
    ...over,
  });
  const notice = passage("amd2", "n6", { start, end: start + sentence.length });

  it("runs a passage that ends in a colon on through the address it introduces", async () => {
    const [item] = await buildExtract([notice], amendment({ wholeUnits: true }));
    expect(item?.start).toBe(start);
    expect(item?.text).toContain("188 Spear Street, Suite 600 San Francisco, CA 94608");
    // the new address too, up to the next numbered provision run onto its last line
    expect(item?.text).toContain("1222 67th Street, Suite 210 Emeryville, CA 94608");
    expect(item?.text.endsWith('With a Copy to General Counsel: Email [***]"')).toBe(true);
    expect(item?.text).toBe(text.slice(item?.start, item?.end));
  });

  it("keeps the span as given without wholeUnits, and never runs into an earlier passage", async () => {
    expect((await buildExtract([notice], amendment()))[0]?.end).toBe(notice.end);
    const address = text.indexOf("188 Spear Street");
    const earlier = passage("amd2", "n7", { start: address, end: address + 16 });
    const extract = await buildExtract([earlier, notice], amendment({ wholeUnits: true }));
    expect(extract[1]?.end).toBe(notice.end);
  });
});

describe("buildExtract: a provision amended in part brings its amending clause", () => {
  // A supply agreement and an amendment of the same deal: the amendment's (b) changes §4 in part;
  // its (a) replaces §5 whole.
  const SUPPLY =
    "Section 4. Minimum Orders. Buyer shall order at least 1,000 units in each year.\nSection 5. Term. Three years.";
  const AMENDMENT_1 =
    "FIRST AMENDMENT\n(a) Section 5 of the Agreement is deleted and replaced with: Five years.\n(b) Section 4 of the Agreement is amended by deleting 1,000 and inserting 2,500 in its place.\nAll other terms remain.";
  const span = (t: string, from: string, to: string) => {
    const start = t.indexOf(from);
    return { start, end: t.indexOf(to, start) + to.length };
  };
  const texts: Record<string, string> = { supply: SUPPLY, amd1: AMENDMENT_1 };
  const s4 = span(SUPPLY, "Section 4.", "each year.");
  const s5 = span(SUPPLY, "Section 5.", "Three years.");
  const b = span(AMENDMENT_1, "(b) Section 4", "its place.");
  const nodes: Record<string, ProvisionNode> = {
    "supply s4": node("supply", "s4", "Section 4", s4),
    "supply s5": node("supply", "s5", "Section 5", s5),
    "amd1 b": node("amd1", "b", "(b)", b),
  };
  const edit = (kind: "amend" | "replace", targetNodeId: string, op: { start: number; end: number }) => ({
    amendmentDocumentId: "amd1",
    amendmentNodeId: kind === "amend" ? "b" : "a",
    amendmentClauseRef: kind === "amend" ? "(b)" : "(a)",
    kind,
    effectiveDate: "2020-01-01",
    ...op,
    newText: kind === "replace" ? span(AMENDMENT_1, "Five years.", "Five years.") : null,
    target: { ref: targetNodeId === "s4" ? "Section 4" : "Section 5" },
    targetDocumentId: "supply",
    targetNodeId,
  });
  const partial = edit("amend", "s4", span(AMENDMENT_1, "Section 4 of the Agreement", "is amended"));
  const whole = edit("replace", "s5", span(AMENDMENT_1, "Section 5 of the Agreement", "replaced with"));
  const dealDeps = (edits: ReturnType<typeof edit>[], set = "deal-9"): ExtractDeps => ({
    text: (d) => texts[d] ?? null,
    document: (id) =>
      texts[id]
        ? ({
            id,
            currentVersion: "v1",
            fileName: `${id}.txt`,
            title: null,
            role: id === "amd1" ? "amendment" : "base_agreement",
            transactionSetId: set,
            effectiveDate: id === "amd1" ? "2020-01-01" : null,
          } as unknown as DocumentRecord)
        : null,
    node: (d, _v, n) => nodes[`${d} ${n}`] ?? null,
    amendments: (setId) => (setId === set ? edits : []),
  });

  it("brings in the amending clause of a provision the extract holds, marked as amending it, the provision not superseded", async () => {
    const extract = await buildExtract([passage("supply", "s4", s4)], dealDeps([partial, whole]));
    expect(extract).toHaveLength(2);
    expect(extract[0]?.supersededBy).toBeUndefined();
    const brought = extract[1];
    expect(brought?.documentId).toBe("amd1");
    expect(brought?.text).toBe(
      "(b) Section 4 of the Agreement is amended by deleting 1,000 and inserting 2,500 in its place.",
    );
    expect(brought?.clauseRef).toBe("(b)");
    expect(brought?.amends).toEqual([{ documentId: "supply", ...s4 }]);
  });

  it("brings nothing for a provision no edit amends in part, and never twice", async () => {
    const s5Only = await buildExtract([passage("supply", "s5", s5)], dealDeps([partial, whole]));
    expect(s5Only.some((e) => e.text.includes("2,500"))).toBe(false);
    const held = await buildExtract([passage("supply", "s4", s4), passage("amd1", "b", b)], dealDeps([partial]));
    expect(held).toHaveLength(2);
    expect(await buildExtract([passage("supply", "s4", s4)], dealDeps([]))).toHaveLength(1);
  });
});

describe("buildExtract: the provision's heading", () => {
  it("keeps the heading of the provision a passage is a window of, and none where it has none", async () => {
    const span = at("guarantee", "Section 2.", "Section 3.");
    const titled = await buildExtract(
      [passage("guarantee", "g2", span)],
      deps({ node: () => sectionNode("guarantee", "g2", span, { clauseRef: "Section 2", title: "Guaranty" }) }),
    );
    expect(titled[0]?.provisionHeading).toBe("Guaranty");
    const untitled = await buildExtract(
      [passage("guarantee", "g2", span)],
      deps({ node: () => sectionNode("guarantee", "g2", span, { clauseRef: "Section 2", title: null }) }),
    );
    expect(untitled[0]).not.toHaveProperty("provisionHeading");
  });

  it("keeps the heading of a provision brought in for a term the passage uses, as of the passage itself", async () => {
    const base = deps();
    const titled: ExtractDeps["node"] = async (d, v, n) => {
      const x = await base.node?.(d, v, n);
      return x && d === "credit" && n === "c11" ? { ...x, title: "Defined Terms" } : (x ?? null);
    };
    const extract = await buildExtract([cited], { ...base, node: titled });
    expect(extract.find((e) => e.linkedBy === "definition")?.provisionHeading).toBe("Defined Terms");
  });
});

describe("buildExtract: bad input", () => {
  const good = passage("credit", "c21", at("credit", "Section 2.1", "$50,000,000."));
  const length = TEXTS.credit?.length ?? 0;

  it.each([
    ["starts before the text", { start: -1, end: 20 }, /starts before the text/],
    ["is empty", { start: 20, end: 20 }, /empty or inverted/],
    ["is inverted", { start: 30, end: 20 }, /empty or inverted/],
    ["ends past the text", { start: 10, end: length + 1 }, new RegExp(`ends past the text \\(${length} characters\\)`)],
    ["is not whole offsets", { start: 1.5, end: 20 }, /not whole character offsets/],
    ["is NaN", { start: Number.NaN, end: 20 }, /not whole character offsets/],
  ])("leaves out a passage whose span %s, says why, and builds the others", async (_, span, reason) => {
    const dropped: Array<[string, string]> = [];
    const bad = passage("credit", "c11", span);
    const extract = await buildExtract([bad, good], {
      ...deps(),
      mayLink: () => false,
      onDropped: (p, why) => dropped.push([p.nodeId, why]),
    });
    expect(extract.map((e) => [e.nodeId, e.start, e.end])).toEqual([["c21", good.start, good.end]]);
    expect(extract.every((e) => e.text.length > 0 && e.text === TEXTS.credit?.slice(e.start, e.end))).toBe(true);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.[0]).toBe("c11");
    expect(dropped[0]?.[1]).toMatch(/^credit@v1: span /);
    expect(dropped[0]?.[1]).toMatch(reason);
  });

  it("says when a passage's text is no longer stored; without a listener, drops it all the same", async () => {
    const dropped: string[] = [];
    const gone = passage("vanished", "x", { start: 0, end: 10 });
    const extract = await buildExtract([gone, good], { ...deps(), onDropped: (_, why) => dropped.push(why) });
    expect(extract[0]?.nodeId).toBe("c21");
    expect(dropped).toEqual(["vanished@v1: its text is no longer stored"]);
    expect((await buildExtract([gone, passage("credit", "c11", { start: -1, end: 5 })], deps())).length).toBe(0);
  });
});

describe("spanProblem", () => {
  it("accepts exactly the whole offsets 0 <= start < end <= length", () => {
    expect(spanProblem({ start: 0, end: 10 }, 10)).toBeNull();
    expect(spanProblem({ start: 9, end: 10 }, 10)).toBeNull();
    expect(spanProblem({ start: -1, end: 10 }, 10)).not.toBeNull();
    expect(spanProblem({ start: 0, end: 11 }, 10)).not.toBeNull();
    expect(spanProblem({ start: 0, end: Number.POSITIVE_INFINITY }, 10)).not.toBeNull();
  });
});
