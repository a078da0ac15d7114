import { join } from "node:path";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { createTransactionSetEdits } from "@lexnav/ingest";
import { afterAll, describe, expect, it } from "vitest";
import { createEmbeddedStack } from "./stack.ts";

const example = join(import.meta.dirname, "../../../examples/manufacturing-agreement");

describe("a set's amendment edits, kept while its readable members stay the same", async () => {
  const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
  afterAll(() => stack.close());
  const access = { principals: [], groups: ["deal"] };

  it("reuses the edits until a member leaves, and reads none from a member the reader may not see", async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4])
      ids.push(
        (await stack.pipeline.ingest({ source: join(example, `manufacturing-agreement-${n}.txt`), access })).documentId,
      );
    const setId = (await stack.catalog.getDocument(ids[0] as string))?.transactionSetId as string;
    expect(setId).toBeTruthy();
    const edits = createTransactionSetEdits(stack.catalog);
    const all = () => true;
    const first = await edits(setId, all);
    expect(first.length).toBeGreaterThan(0);
    expect(await edits(setId, all)).toBe(first);
    // A reader who may not see the amendments gets none of their edits.
    expect(await edits(setId, (d) => d.id === ids[0])).toEqual([]);
    // A member deleted: read again, without its edits.
    const gone = ids[1] as string;
    expect(first.some((e) => e.amendmentDocumentId === gone)).toBe(true);
    await stack.pipeline.remove(gone);
    const after = await edits(setId, all);
    expect(after).not.toBe(first);
    expect(after.some((e) => e.amendmentDocumentId === gone)).toBe(false);
  });
});
