import { DEFAULT_LIMITS } from "@lexnav/core";
import { afterAll, describe, expect, it } from "vitest";
import { prepareDocument } from "../prepare.ts";
import { createStructurer } from "../structurer.ts";
import { createIsolatedPreparer } from "./isolated-preparer.ts";

const enc = new TextEncoder();
const ids = { documentId: "doc_x", version: "v1" };
const contract = "SECTION 1. DEFINITIONS\nThe Borrower shall pay the Lender all amounts due under this Agreement.\n";

describe("isolated preparation: one file's budget", () => {
  const extractor = createIsolatedPreparer();
  afterAll(() => extractor.close());

  it("gives the same outcome as preparation in the process", async () => {
    const input = { bytes: enc.encode(contract), fileName: "ok.txt", limits: DEFAULT_LIMITS, ...ids };
    expect(await extractor.prepare(input)).toEqual(await prepareDocument(input, createStructurer()));
  });

  it("fails a file that needs more heap than its budget, and the next file is extracted", async () => {
    const big = enc.encode(contract.repeat(400_000));
    const out = await extractor.prepare({
      bytes: big,
      fileName: "huge.txt",
      ...ids,
      limits: { ...DEFAULT_LIMITS, maxExtractHeapMb: 64 },
    });
    expect(out).toEqual({
      ok: false,
      error: { code: "too_large", reason: expect.stringMatching(/^huge\.txt: .*64 MB memory budget/) },
    });
    const next = await extractor.prepare({
      bytes: enc.encode(contract),
      fileName: "next.txt",
      limits: DEFAULT_LIMITS,
      ...ids,
    });
    expect(next.ok).toBe(true);
  });

  it("fails a file that takes longer than its wall-time budget, and the next file is extracted", async () => {
    const out = await extractor.prepare({
      bytes: enc.encode(contract.repeat(20_000)),
      fileName: "slow.txt",
      ...ids,
      limits: { ...DEFAULT_LIMITS, maxExtractMs: 1 },
    });
    expect(out).toEqual({
      ok: false,
      error: { code: "too_large", reason: expect.stringMatching(/^slow\.txt: reading the file took longer than/) },
    });
    const next = await extractor.prepare({
      bytes: enc.encode(contract),
      fileName: "next.txt",
      limits: DEFAULT_LIMITS,
      ...ids,
    });
    expect(next.ok).toBe(true);
  });

  it("refuses a file over the size limit before handing it to the worker", async () => {
    const out = await extractor.prepare({
      bytes: enc.encode(contract),
      fileName: "big.txt",
      ...ids,
      limits: { ...DEFAULT_LIMITS, maxFileBytes: 10 },
    });
    expect(out.ok ? null : out.error.code).toBe("too_large");
  });
});
