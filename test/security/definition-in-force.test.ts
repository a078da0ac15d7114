// Issue #16: an amendment that restates one definition supersedes that definition only, wherever the
// agreement's definitions sit, and a reading aid beside a cited clause shows the definition in force.
// End to end through the ask use case over a real embedded store holding the trust deal twice: as
// written (one definition per paragraph) and with the base's definitions inline in one paragraph.
import type { AnswerRecord } from "@lexnav/answer";
import { DEFAULT_LIMITS, loadConfig, silentLogger } from "@lexnav/core";
import type { Principal } from "@lexnav/retrieval";
import { createEmbeddedStack, createStackAsk, type EmbeddedStack } from "@lexnav/stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRUST_DEAL } from "../support/trust-deal.ts";

const EMBEDDER = { dimensions: 16, minDocumentFrequency: 1, maxDocumentShare: 0.9 };
const PARAGRAPHS = '"Applicable Margin" means 2.25% per annum.\n\n"Maturity Date" means March 3, 2027.';
const INLINE = [
  '"Applicable Margin" means 2.25% per annum.',
  '"Fee Holiday" means the period of the first three months after closing.',
  '"Maturity Date" means March 3, 2027.',
].join(" ");
const LAYOUTS = { paragraphs: TRUST_DEAL.base.text, inline: TRUST_DEAL.base.text.replace(PARAGRAPHS, INLINE) };
type Layout = keyof typeof LAYOUTS;

let stack: EmbeddedStack;
let ask: (layout: Layout, question: string, mode: "lexical" | "hybrid") => Promise<AnswerRecord>;

beforeAll(async () => {
  expect(LAYOUTS.inline).not.toBe(LAYOUTS.paragraphs);
  stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
  const asker = createStackAsk({ config: loadConfig({}), catalog: stack.catalog, searcher: stack.searcher }, true);
  for (const layout of Object.keys(LAYOUTS) as Layout[]) {
    const docs = { base: LAYOUTS[layout], amendment: TRUST_DEAL.amendment.text };
    for (const [name, text] of Object.entries(docs)) {
      const r = await stack.pipeline.ingest({
        source: `${layout}/${name}.txt`,
        bytes: new TextEncoder().encode(text),
        access: { principals: [], groups: [layout] },
        transactionSetId: layout,
      });
      expect(r.status, `${layout} ${name}`).toBe("indexed");
    }
  }
  await stack.buildDenseIndex({ embedder: EMBEDDER });
  ask = async (layout, question, mode) => {
    const principal: Principal = { id: `${layout}-reader`, groups: [layout] };
    return asker.ask({ question, mode, principal, k: 10 });
  };
});
afterAll(async () => {
  await stack?.close();
});

describe("an amended definition, as answers and reading aids show it (issue #16)", () => {
  it("answers what an inline definition beside the amended one means from the agreement, not the amendment", async () => {
    for (const mode of ["lexical", "hybrid"] as const) {
      const r = await ask("inline", "What does Fee Holiday mean?", mode);
      expect(r.answer, mode).toContain("first three months after closing");
      expect(r.answer.toLowerCase(), mode).not.toMatch(/brindlewick|3\.75%/);
      expect(r.warnings.join("\n"), mode).not.toMatch(/Superseded: .*Section 1\.1/);
    }
  });

  it("answers what the amended definition means from the amendment, whatever the layout", async () => {
    for (const layout of Object.keys(LAYOUTS) as Layout[]) {
      const r = await ask(layout, "What does Applicable Margin mean?", "lexical");
      expect(r.answer, layout).toContain("3.75% per annum");
    }
  });

  it("shows the amended definition beside a cited clause that uses the term, never the superseded one", async () => {
    for (const layout of Object.keys(LAYOUTS) as Layout[]) {
      const r = await ask(
        layout,
        "How often is interest payable under Section 2.2 of the credit agreement?",
        "lexical",
      );
      expect(r.answer, layout).toContain("payable monthly");
      const aids = (r.linked ?? []).filter((l) => l.kind === "definition" && l.words === "Applicable Margin");
      expect(aids.length, `${layout}: ${JSON.stringify(r.linked)}`).toBeGreaterThan(0);
      for (const l of aids) {
        expect(l.quote, layout).toContain("3.75% per annum");
        expect(l.quote, layout).not.toContain("2.25%");
      }
    }
  });
});
