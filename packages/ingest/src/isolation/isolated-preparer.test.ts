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

  it("reads a stored extraction's profile as the process does, and one past its time budget fails alone", async () => {
    const prepared = await prepareDocument(
      { bytes: enc.encode(`LOAN AGREEMENT\n\n${contract}`), fileName: "loan.txt", limits: DEFAULT_LIMITS, ...ids },
      createStructurer(),
    );
    if (!prepared.ok) throw new Error(prepared.error.reason);
    const input = { ...ids, extraction: prepared.extraction, fileName: "loan.txt" };
    expect(await extractor.profile(input, DEFAULT_LIMITS)).toEqual(prepared.structured.profile);
    // a text the reader takes longer on than the budget: the worker is ended, the document fails with the reason
    const long = await prepareDocument(
      {
        bytes: enc.encode(
          `LOAN AGREEMENT\n\n${"The Borrower shall pay the Lender all amounts due.\n\n".repeat(20_000)}`,
        ),
        fileName: "long.txt",
        limits: DEFAULT_LIMITS,
        ...ids,
      },
      createStructurer(),
    );
    if (!long.ok) throw new Error(long.error.reason);
    await expect(
      extractor.profile(
        { ...ids, extraction: long.extraction, fileName: "long.txt" },
        { ...DEFAULT_LIMITS, maxExtractMs: 1 },
      ),
    ).rejects.toThrow(/^long\.txt: reading the file took longer than the 0\.001 s budget per file/);
    expect(await extractor.profile(input, DEFAULT_LIMITS)).toEqual(prepared.structured.profile);
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
