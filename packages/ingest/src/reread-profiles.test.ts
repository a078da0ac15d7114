import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Catalog, createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { PROFILE_READER } from "@lexnav/provisions";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIngestPipeline } from "./create-ingest-pipeline.ts";
import { type ProfileReader, profilesOfOtherReaders, rereadOlderProfiles, rereadProfiles } from "./reread-profiles.ts";
import { createStructurer } from "./structurer.ts";
import { createTransactionSetEdits } from "./transaction-sets.ts";

// A license and its amendment, filed as parts of one exhibit with the same parties, and an unrelated
// supply agreement.
const BASE = "AcmeWidgets_20110601_10-K_EX-10.5_License Agreement1.txt";
const AMENDMENT = "AcmeWidgets_20110601_10-K_EX-10.5_License Agreement2.txt";
const SUPPLY = "Supply Agreement.txt";
const TEXTS: Record<string, string> = {
  [BASE]:
    'LICENSE AGREEMENT\n\nThis License Agreement (the "Agreement") is made as of March 1, 2010 between Acme Widgets Inc., a Delaware corporation ("Licensor"), and Beta Tools LLC, a Texas limited liability company ("Licensee").\n\nSection 1. License. Licensor grants Licensee a non-exclusive license to make the Products in the Territory.\n\nSection 2. Term. This Agreement runs for five years from the date above.',
  [AMENDMENT]:
    'AMENDMENT NO. 1 TO LICENSE AGREEMENT\n\nThis Amendment No. 1 (the "Amendment") is made as of June 1, 2011 between Acme Widgets Inc. ("Licensor") and Beta Tools LLC ("Licensee"), and amends the License Agreement dated March 1, 2010 between them.\n\n1. Section 2 of the License Agreement is deleted and replaced by the following: "Section 2. Term. This Agreement runs for seven years from its date."',
  [SUPPLY]:
    "SUPPLY AGREEMENT\n\nThis Supply Agreement is made as of May 5, 2012 between Gamma Foods Inc. and Delta Retail LLC.\n\nSection 1. The Seller delivers the Products to the Buyer's warehouse within thirty days of each order.",
};
const ACCESS = { principals: [], groups: ["g"] };
const NOW = "2026-12-06T00:00:00.000Z";

describe("reading stored documents' profiles again", () => {
  let dir: string;
  let catalog: Catalog;
  const ingest = (c: Catalog, name: string, text = TEXTS[name] ?? "") =>
    createIngestPipeline({ catalog: c, limits: DEFAULT_LIMITS, logger: silentLogger }).ingest({
      source: `/in/${name}`,
      fileName: name,
      bytes: new TextEncoder().encode(text),
      access: ACCESS,
    });
  const idOf = async (name: string) => (await catalog.findDocumentBySource(`/in/${name}`))?.id ?? "";
  const record = async (name: string) => {
    const d = await catalog.getDocument(await idOf(name));
    if (!d) throw new Error(`${name} not stored`);
    return d;
  };
  /** What an older reader might have stored: a title run on into the preamble, no date, no parties. */
  const staleProfile = async (name: string) => {
    const d = await record(name);
    await catalog.setProfile(
      d.id,
      {
        title: "LICENSE AGREEMENT This License Agreement",
        role: "unknown",
        effectiveDate: null,
        transactionSetId: d.transactionSetId,
        facts: { parties: [], definedParties: [], amendsAgreement: null, amendedShortName: null, names: [] },
      },
      NOW,
    );
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-reread-"));
    catalog = createSqliteCatalog(join(dir, "lexnav.sqlite"));
    for (const name of [BASE, AMENDMENT, SUPPLY]) expect((await ingest(catalog, name)).status).toBe("indexed");
  });
  afterEach(async () => {
    await catalog.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes back what this reader makes of the stored text, only where it differs, and links the set again", async () => {
    const fresh = await record(BASE);
    expect(fresh.title).toBe("LICENSE AGREEMENT");
    expect(fresh.transactionSetId).not.toBeNull();
    expect((await record(AMENDMENT)).transactionSetId).toBe(fresh.transactionSetId);
    // a store written by this reader reads the same
    const same = await rereadProfiles(catalog, NOW);
    expect(same).toMatchObject({
      documents: 3,
      changed: [],
      failed: [],
      skipped: 0,
      restamped: 0,
      filed: [],
      relinked: [],
      reader: PROFILE_READER,
    });

    await staleProfile(BASE);
    const report = await rereadProfiles(catalog, NOW);
    expect(report.changed).toEqual([
      {
        documentId: fresh.id,
        fileName: BASE,
        title: { before: "LICENSE AGREEMENT This License Agreement", after: "LICENSE AGREEMENT" },
        role: { before: "unknown", after: fresh.role },
        effectiveDate: { before: null, after: fresh.effectiveDate },
        facts: true,
      },
    ]);
    expect(report.relinked).toEqual([fresh.transactionSetId]);
    const after = await record(BASE);
    expect({ ...after, updatedAt: "" }).toEqual({ ...fresh, updatedAt: "" });
    expect((await rereadProfiles(catalog, NOW)).changed).toEqual([]);
  });

  it("in a dry run reports what would change, as a run would, and writes nothing", async () => {
    await staleProfile(BASE);
    const amendment = await idOf(AMENDMENT);
    await catalog.setTransactionSet(amendment, null, NOW);
    const before = await catalog.listDocuments({ lifecycle: ["indexed"] });
    const dry = await rereadProfiles(catalog, NOW, { dryRun: true });
    expect(await catalog.listDocuments({ lifecycle: ["indexed"] })).toEqual(before);
    expect(dry.filed).toEqual([]);
    expect(dry.relinked).toEqual([]);
    // the amendment, read again, would be grouped with its agreement: said, not done
    expect(dry.regroup.find((g) => g.documentId === amendment)?.wouldJoin).toEqual([await idOf(BASE)]);
    const run = await rereadProfiles(catalog, NOW);
    expect(dry.changed).toEqual(run.changed);
    expect(run.filed).toHaveLength(1);
  });

  it("records the reader with each profile, and only restamps one an older reader read the same", async () => {
    const supply = await record(SUPPLY);
    expect(supply.facts?.reader).toBe(PROFILE_READER);
    expect(await profilesOfOtherReaders(catalog)).toBe(0);
    // the same profiles, as an older reader's, and as a store written before readers were recorded holds them
    const facts = (d: typeof supply) => {
      if (!d.facts) throw new Error(`${d.fileName}: no facts stored`);
      return d.facts;
    };
    await catalog.setProfile(supply.id, { ...supply, facts: { ...facts(supply), reader: "profile-0" } }, NOW);
    const base = await record(BASE);
    const { reader: _reader, ...unstamped } = facts(base);
    await catalog.setProfile(base.id, { ...base, facts: unstamped }, NOW);
    expect(await profilesOfOtherReaders(catalog)).toBe(2);
    const report = await rereadProfiles(catalog, NOW);
    expect(report).toMatchObject({ changed: [], restamped: 2, relinked: [] });
    expect(await profilesOfOtherReaders(catalog)).toBe(0);
    expect((await record(SUPPLY)).facts).toEqual(supply.facts);
  });

  it("files a document left without a set, and reports an operator's grouping without undoing it", async () => {
    const setId = (await record(BASE)).transactionSetId as string;
    const [amendment, supply] = [await idOf(AMENDMENT), await idOf(SUPPLY)];
    await catalog.setTransactionSet(amendment, null, NOW);
    await catalog.setTransactionSet(supply, setId, NOW);
    const report = await rereadProfiles(catalog, NOW);
    expect(report.filed).toEqual([{ id: setId, documentIds: expect.arrayContaining([amendment]) }]);
    expect((await record(AMENDMENT)).transactionSetId).toBe(setId);
    // the supply agreement stays where the operator put it; the reader would keep it apart
    expect((await record(SUPPLY)).transactionSetId).toBe(setId);
    const supplyProposal = report.regroup.find((g) => g.documentId === supply);
    expect(supplyProposal).toEqual({
      documentId: supply,
      fileName: SUPPLY,
      setId,
      wouldJoin: [],
      wouldLeave: [await idOf(BASE), amendment].sort(),
    });
  });

  it("keeps the stored profile of a document it cannot read, and says why", async () => {
    await staleProfile(BASE);
    const base = await idOf(BASE);
    const real = createStructurer();
    const failing: ProfileReader = async ({ fileName: _fileName, ...input }) => {
      if (input.documentId === base) throw new Error("reader broke on this text");
      return real.structure(input).profile;
    };
    const report = await rereadProfiles(catalog, NOW, { readProfile: failing });
    expect(report.failed).toEqual([{ documentId: base, fileName: BASE, reason: "reader broke on this text" }]);
    expect(report.changed).toEqual([]);
    expect((await record(BASE)).title).toBe("LICENSE AGREEMENT This License Agreement");
  });

  it("leaves the profile a newer ingest wrote while the document was being read", async () => {
    await staleProfile(BASE);
    const base = await idOf(BASE);
    let reingested = false;
    // the document is ingested again, with a new text, between its text being read and its profile written
    const racing = new Proxy(catalog, {
      get(target, key, receiver) {
        if (key !== "getVersion") return Reflect.get(target, key, receiver);
        return async (id: string, version: string) => {
          const read = await target.getVersion(id, version);
          if (id === base && !reingested) {
            reingested = true;
            const text = (TEXTS[BASE] as string).replace("LICENSE AGREEMENT", "PATENT LICENSE AGREEMENT");
            expect((await ingest(target, BASE, text)).status).toBe("indexed");
          }
          return read;
        };
      },
    });
    const report = await rereadProfiles(racing, NOW);
    expect(reingested).toBe(true);
    expect(report.skipped).toBe(1);
    expect(report.changed.map((c) => c.documentId)).not.toContain(base);
    expect((await record(BASE)).title).toBe("PATENT LICENSE AGREEMENT");
  });

  it("leaves a document deleted while it was being read deleted, and counts it skipped", async () => {
    await staleProfile(BASE);
    const base = await idOf(BASE);
    let deleted = false;
    const racing = new Proxy(catalog, {
      get(target, key, receiver) {
        if (key !== "getVersion") return Reflect.get(target, key, receiver);
        return async (id: string, version: string) => {
          const read = await target.getVersion(id, version);
          if (id === base && !deleted) {
            deleted = true;
            await createIngestPipeline({ catalog: target, limits: DEFAULT_LIMITS, logger: silentLogger }).remove(base);
          }
          return read;
        };
      },
    });
    const report = await rereadProfiles(racing, NOW);
    expect(deleted).toBe(true);
    expect(report.skipped).toBe(1);
    expect(report.changed.map((c) => c.documentId)).not.toContain(base);
    expect((await catalog.getDocument(base))?.lifecycle).toBe("deleted");
  });

  describe("a service reading its store's older profiles at start", () => {
    const olderReader = async (only?: string) => {
      for (const d of await catalog.listDocuments({ lifecycle: ["indexed"] }))
        if (only === undefined || d.fileName === only)
          await catalog.setProfile(
            d.id,
            {
              ...d,
              title: "stale",
              facts: {
                ...(d.facts ?? { parties: [], definedParties: [], amendsAgreement: null, amendedShortName: null }),
                reader: "profile-0",
              },
            },
            NOW,
          );
    };

    it("does nothing when every profile is this reader's", async () => {
      expect(await rereadOlderProfiles(catalog, () => new Date(NOW))).toBeNull();
    });

    it("reads no document record at a start where every profile is this reader's: the store counts", async () => {
      let listed = 0;
      const counting = new Proxy(catalog, {
        get(target, name, receiver) {
          if (name === "listDocuments")
            return (...args: Parameters<Catalog["listDocuments"]>) => {
              listed++;
              return target.listDocuments(...args);
            };
          return Reflect.get(target, name, receiver);
        },
      });
      expect(await rereadOlderProfiles(counting, () => new Date(NOW))).toBeNull();
      expect(listed).toBe(0);
      await olderReader(SUPPLY);
      expect(await rereadOlderProfiles(counting, () => new Date(NOW))).toMatchObject({ documents: 1 });
      expect(listed).toBeGreaterThan(0);
    });

    it("reads every profile again when an older reader wrote some, and files nothing", async () => {
      await olderReader();
      const amendment = await idOf(AMENDMENT);
      await catalog.setTransactionSet(amendment, null, NOW);
      const report = await rereadOlderProfiles(catalog, () => new Date(NOW));
      expect(report?.changed).toHaveLength(3);
      expect(report?.filed).toEqual([]);
      expect((await catalog.getDocument(amendment))?.transactionSetId).toBeNull();
      expect(await profilesOfOtherReaders(catalog)).toBe(0);
      expect((await catalog.listDocuments({ lifecycle: ["indexed"] })).map((d) => d.title)).not.toContain("stale");
    });

    it("reads only the documents an older reader profiled, and reports no regrouping", async () => {
      await olderReader(SUPPLY);
      const report = await rereadOlderProfiles(catalog, () => new Date(NOW));
      expect(report).toMatchObject({ documents: 1, regroup: [] });
      expect(report?.changed.map((c) => c.fileName)).toEqual([SUPPLY]);
    });

    it("stops between documents when told to, leaving the rest to the next start", async () => {
      await olderReader();
      const stop = new AbortController();
      stop.abort();
      const report = await rereadOlderProfiles(catalog, () => new Date(NOW), { signal: stop.signal });
      expect(report?.changed).toEqual([]);
      expect(await profilesOfOtherReaders(catalog)).toBe(3);
    });
  });

  describe("a long-lived reader's amendment edits after a profile is read again", () => {
    it("are read again when a member's role changes, not served from before", async () => {
      const amendment = await catalog.getDocument(await idOf(AMENDMENT));
      const setId = amendment?.transactionSetId;
      if (!amendment || !setId) throw new Error("the amendment is not filed with its agreement");
      const edits = createTransactionSetEdits(catalog);
      expect((await edits(setId, () => true)).length).toBeGreaterThan(0);
      // an older reader's reading: the amendment taken for an agreement of its own, which amends nothing
      await catalog.setProfile(amendment.id, { ...amendment, role: "base_agreement" }, "2026-12-07T00:00:00.000Z");
      expect(await edits(setId, () => true)).toEqual([]);
      await rereadProfiles(catalog, "2026-12-07T00:00:01.000Z");
      expect((await edits(setId, () => true)).length).toBeGreaterThan(0);
    });
  });
});
