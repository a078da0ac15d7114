import { readFileSync } from "node:fs";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { createStructurer } from "@lexnav/ingest";
import { describe, expect, it } from "vitest";
import { STRUCTURE_REPORT_FILES } from "../bench/structure-report-files.ts";
import { corpusPath } from "../support/shared.ts";

/**
 * Ten real EDGAR credit and loan agreements and amendments through the product path. The floors sit
 * a little under what the code reaches today (docs/structure.md), so a regression fails here.
 */
describe("structure of ten EDGAR credit agreements and amendments", () => {
  it("finds what the tables of contents list, splits definitions and resolves cross-references", async () => {
    const structurer = createStructurer();
    let listed = 0;
    let found = 0;
    let internal = 0;
    let resolved = 0;
    for (const file of STRUCTURE_REPORT_FILES) {
      const bytes = new Uint8Array(readFileSync(corpusPath("edgar", file)));
      const outcome = await extractDocument({ bytes, fileName: file, limits: DEFAULT_LIMITS });
      expect(outcome.ok, file).toBe(true);
      if (!outcome.ok) continue;
      const { structure } = structurer.structure({ documentId: file, version: "v", extraction: outcome.value });
      const text = outcome.value.text;
      const nodes = structure.nodes;
      // Every agreement has a table of contents whose entries are flagged and never targets of a reference.
      const tocIds = new Set(nodes.filter((n) => n.flags.isTocEntry).map((n) => n.id));
      expect(tocIds.size, file).toBeGreaterThan(20);
      const xrefs = nodes.flatMap((n) => n.xrefs);
      expect(
        xrefs.some((x) => x.targetNodeId !== null && tocIds.has(x.targetNodeId)),
        file,
      ).toBe(false);
      // Definitions become one node per term.
      expect(nodes.filter((n) => n.flags.isDefinition).length, file).toBeGreaterThan(50);
      for (const n of nodes) expect(n.end).toBeLessThanOrEqual(text.length);
      listed += structure.toc.listedRefs.length;
      found += structure.toc.foundRefs.length;
      const own = xrefs.filter((x) => x.status !== "external");
      internal += own.length;
      resolved += own.filter((x) => x.status === "resolved").length;
    }
    expect(found / listed).toBeGreaterThan(0.88);
    expect(resolved / internal).toBeGreaterThan(0.85);
  }, 120_000);

  it("keeps the body's Section 1.1 apart from its TOC line in the 1995 AHP credit agreement", async () => {
    const file = "0000950134-96-000040_2.html";
    const bytes = new Uint8Array(readFileSync(corpusPath("edgar", file)));
    const outcome = await extractDocument({ bytes, fileName: file, limits: DEFAULT_LIMITS });
    if (!outcome.ok) throw new Error(outcome.error.reason);
    const { structure, profile } = createStructurer().structure({
      documentId: file,
      version: "v",
      extraction: outcome.value,
    });
    const s11 = structure.nodes.filter((n) => n.fullRef === "1.1");
    const body = s11.filter((n) => !n.flags.isTocEntry);
    expect(body).toHaveLength(1);
    expect(body[0]?.title).toMatch(/CERTAIN DEFINED TERMS/i);
    const toc = structure.nodes.find((n) => n.kind === "toc");
    expect(toc && body[0] && toc.end <= body[0].start).toBe(true);
    // A TOC line such as "3.7. Limitation of Liability of the Facing Bank" names a provision; it is
    // not one, so neither the entries nor the TOC carry content flags a planner would route on.
    const tocNodes = structure.nodes.filter((n) => n.kind === "toc" || n.flags.isTocEntry);
    expect(tocNodes.length).toBeGreaterThan(100);
    for (const n of tocNodes) {
      expect([n.flags.hasMoney, n.flags.hasLiabilityLimit, n.flags.hasParty, n.flags.hasDate]).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
    expect(profile.role).toBe("base_agreement");
    expect(structure.definitions.map((d) => d.term)).toEqual(expect.arrayContaining(["Loans", "Business Day"]));
  }, 60_000);
});
