import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { createStructurer } from "@lexnav/ingest";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/shared.ts";

/**
 * The demo's base agreement (CUAD text, headings run into the previous sentence, one heading lost
 * at a page break): its numbered sections stay top-level instead of continuing the untitled list
 * "1. 2. 3." nested in Section 4(e).
 */
describe("structure of the example manufacturing agreement", () => {
  it("keeps capitalised numbered headings at the top level", async () => {
    const file = join(repoRoot, "examples", "manufacturing-agreement", "manufacturing-agreement-1.txt");
    const outcome = await extractDocument({
      bytes: new Uint8Array(readFileSync(file)),
      fileName: "manufacturing-agreement-1.txt",
      limits: DEFAULT_LIMITS,
    });
    if (!outcome.ok) throw new Error(outcome.error.reason);
    const { structure } = createStructurer().structure({ documentId: "base", version: "v", extraction: outcome.value });
    const root = structure.nodes.find((n) => n.parentId === null);
    const top = structure.nodes.filter((n) => n.parentId === root?.id && n.kind === "section").map((n) => n.fullRef);
    expect(top).toEqual(
      expect.arrayContaining(["1", "2", "3", "4", "6", "7", "8", "10", "11", "12", "13", "14", "21"]),
    );
    const indemnity = structure.nodes.find((n) => n.fullRef === "7");
    expect(indemnity?.title).toBe("INDEMNITY");
    const section4 = structure.nodes.find((n) => n.fullRef === "4");
    expect(section4 && indemnity && section4.end <= indemnity.start).toBe(true);
  });
});
