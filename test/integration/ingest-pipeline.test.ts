import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Catalog, createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { assignTransactionSets, createIngestPipeline, createStructurer, type IngestPipeline } from "@lexnav/ingest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { corpusPath } from "../support/shared.ts";

const OPEN = { principals: [], groups: ["deal-team"] };
const NOW = "2026-11-30T00:00:00.000Z";
const CUAD = corpusPath("cuad", "CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt");
const AHP = corpusPath("edgar", "0000950134-96-000040_2.html");

describe("ingest pipeline on the embedded store", () => {
  let dir: string;
  let catalog: Catalog;
  let pipeline: IngestPipeline;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-ingest-"));
    catalog = createSqliteCatalog(join(dir, "store.sqlite"));
    pipeline = createIngestPipeline({
      catalog,
      limits: { ...DEFAULT_LIMITS, maxFileBytes: 5_000_000 },
      logger: silentLogger,
    });
  });
  afterEach(async () => {
    await catalog.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("indexes a real contract with provenance, an immutable version and nodes whose offsets hold", async () => {
    const r = await pipeline.ingest({ source: CUAD, access: OPEN });
    expect(r.status).toBe("indexed");
    const doc = await catalog.getDocument(r.documentId);
    expect(doc).toMatchObject({ lifecycle: "indexed", contentType: "text/plain", source: CUAD, access: OPEN });
    const version = await catalog.getVersion(r.documentId, r.version as string);
    expect(version?.text).toBe(readFileSync(CUAD, "utf8"));
    const nodes = await catalog.getNodes(r.documentId, r.version as string);
    expect(nodes.length).toBeGreaterThan(3);
    for (const n of nodes) {
      expect(n.start).toBeGreaterThanOrEqual(0);
      expect(n.end).toBeLessThanOrEqual(version?.text.length ?? 0);
      expect(n.end).toBeGreaterThanOrEqual(n.start);
    }
  });

  it("treats identical bytes as a no-op and new bytes as a new version of the same document", async () => {
    const file = join(dir, "agreement.txt");
    copyFileSync(CUAD, file);
    const first = await pipeline.ingest({ source: file, access: OPEN });
    const again = await pipeline.ingest({ source: file, access: OPEN });
    expect(again.status).toBe("unchanged");
    expect(again.version).toBe(first.version);
    writeFileSync(file, `${readFileSync(file, "utf8")}\n\nAMENDMENT: Section 1 is deleted.\n`);
    const changed = await pipeline.ingest({ source: file, access: OPEN });
    expect(changed.status).toBe("indexed");
    expect(changed.documentId).toBe(first.documentId);
    expect(changed.version).not.toBe(first.version);
    expect((await catalog.listVersions(first.documentId)).map((v) => v.version).sort()).toEqual(
      [first.version, changed.version].sort(),
    );
    // The earlier version's text is untouched: citations into it still resolve.
    expect((await catalog.getVersion(first.documentId, first.version as string))?.text).toBe(
      readFileSync(CUAD, "utf8"),
    );
  });

  it("records each bad file as failed with its reason and leaves the good ones intact", async () => {
    const good = join(dir, "good.txt");
    copyFileSync(CUAD, good);
    const bad: Record<string, Uint8Array | string> = {
      "junk.txt": new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0, 9, 0]),
      "latin1.txt": new Uint8Array([0x54, 0x68, 0x65, 0x20, 0xe9, 0x74, 0xe9, 0x0a]),
      "notes.xyz": "plain words in a file type lexnav does not read",
      "one-line.txt": "x".repeat(2 * 1024 * 1024),
      "huge.txt": "word ".repeat(1_100_000),
      "fake.pdf": "%PDF-1.4\n garbage that is not a PDF body",
    };
    const first = await pipeline.ingest({ source: good, access: OPEN });
    for (const [name, body] of Object.entries(bad)) writeFileSync(join(dir, name), body);
    const results = [];
    for (const name of Object.keys(bad)) results.push(await pipeline.ingest({ source: join(dir, name), access: OPEN }));
    results.push(await pipeline.ingest({ source: join(dir, "missing.txt"), access: OPEN }));

    for (const r of results) {
      expect(r.status, r.source).toBe("failed");
      expect(r.failure?.reason).toMatch(/\S+\.(txt|xyz|pdf)/);
      const doc = await catalog.getDocument(r.documentId);
      expect(doc?.lifecycle).toBe("failed");
      expect(doc?.currentVersion).toBeNull();
    }
    const codes = Object.fromEntries(results.map((r) => [r.source.split("/").pop(), r.failure?.code]));
    expect(codes).toMatchObject({
      "latin1.txt": "invalid_encoding",
      "notes.xyz": "unsupported_type",
      "one-line.txt": "too_large",
      "huge.txt": "too_large",
      "fake.pdf": "corrupt",
      "missing.txt": "not_found",
    });
    // The good document is untouched and still the only indexed one.
    expect((await catalog.listDocuments({ lifecycle: ["indexed"] })).map((d) => d.id)).toEqual([first.documentId]);
    expect((await catalog.getNodes(first.documentId, first.version as string)).length).toBe(first.nodeCount);
  });

  it("fails a document whose source turns bad instead of serving the stale version", async () => {
    const file = join(dir, "agreement.txt");
    copyFileSync(CUAD, file);
    const ok = await pipeline.ingest({ source: file, access: OPEN });
    writeFileSync(file, new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x41]));
    const bad = await pipeline.ingest({ source: file, access: OPEN });
    expect(bad.status).toBe("failed");
    expect(bad.documentId).toBe(ok.documentId);
    const doc = await catalog.getDocument(ok.documentId);
    expect(doc?.lifecycle).toBe("failed");
    // the old text is not kept under a failed document (inspect would show it as the document's)
    expect(doc).toMatchObject({ currentVersion: null, title: null, facts: null });
    expect(await catalog.getVersion(ok.documentId, ok.version as string)).toBeNull();
    expect(await catalog.listVersions(ok.documentId)).toEqual([]);
    expect(await catalog.getNodes(ok.documentId, ok.version as string)).toEqual([]);
  });

  it("records an unexpected error under a log reference, never its message, and indexes the next file", async () => {
    const logged: Array<Record<string, unknown>> = [];
    const logger = {
      ...silentLogger,
      warn: (_: string, fields?: Record<string, unknown>) => logged.push(fields ?? {}),
    };
    let calls = 0;
    const flaky = createIngestPipeline({
      catalog,
      limits: { ...DEFAULT_LIMITS, maxFileBytes: 5_000_000 },
      logger,
      structurer: {
        structure: (input) => {
          calls += 1;
          if (calls === 1) throw new Error("Cannot read 'Borrower shall pay $9,999,999' of undefined");
          return createStructurer().structure(input);
        },
      },
    });
    const bad = await flaky.ingest({ source: CUAD, access: OPEN });
    expect(bad.status).toBe("failed");
    const stored = (await catalog.getDocument(bad.documentId))?.failure;
    expect(stored?.code).toBe("internal");
    expect(stored?.reason).toMatch(
      /: structure detection failed \(internal error; ref [0-9a-f]{8} in the ingest log\)$/,
    );
    expect(JSON.stringify(stored)).not.toMatch(/9,999,999|undefined/);
    expect(JSON.stringify(bad.failure)).not.toMatch(/9,999,999/);
    const ref = /ref ([0-9a-f]{8})/.exec(stored?.reason ?? "")?.[1];
    expect(logged).toContainEqual(expect.objectContaining({ ref, detail: expect.stringContaining("9,999,999") }));
    const good = await flaky.ingest({ source: AHP, access: OPEN });
    expect(good.status).toBe("indexed");
  });

  it("removes a deleted document's text and nodes, keeps the record, and can index it again", async () => {
    const r = await pipeline.ingest({ source: CUAD, access: OPEN });
    const nodes = (await catalog.getNodes(r.documentId, r.version as string)).length;
    // without search stores or derived artefacts, the catalog's text is all there is to erase
    expect(await pipeline.remove(r.documentId)).toEqual({
      documentId: r.documentId,
      versions: 1,
      nodes,
      passages: 0,
      vectors: 0,
      answerRecords: 0,
      files: [],
      lexicalCompacted: false,
      walTruncated: false,
    });
    expect(await pipeline.remove("doc_missing")).toBeNull();
    expect((await catalog.getDocument(r.documentId))?.lifecycle).toBe("deleted");
    expect(await catalog.getVersion(r.documentId, r.version as string)).toBeNull();
    expect(await catalog.getNodes(r.documentId, r.version as string)).toEqual([]);
    const again = await pipeline.ingest({ source: CUAD, access: OPEN });
    expect(again.status).toBe("indexed");
  });

  it("files an amendment and the agreement it amends into one set, whichever arrives first", async () => {
    // names that share no file-name key: only their text ties them together
    const example = (n: number) =>
      join(import.meta.dirname, "../../examples/manufacturing-agreement", `manufacturing-agreement-${n}.txt`);
    copyFileSync(example(2), join(dir, "heritage-amendment.txt"));
    copyFileSync(example(1), join(dir, "supply-deal.txt"));
    const amendment = await pipeline.ingest({ source: join(dir, "heritage-amendment.txt"), access: OPEN });
    expect(amendment).toMatchObject({ status: "indexed", role: "amendment", transactionSetId: null });
    const other = await pipeline.ingest({ source: CUAD, access: OPEN });
    expect(other.transactionSetId).toBeNull();
    const base = await pipeline.ingest({ source: join(dir, "supply-deal.txt"), access: OPEN });
    expect(base).toMatchObject({ status: "indexed", role: "base_agreement" });
    // the set is named by its base agreement, and the amendment (indexed first) joined it
    expect(base.transactionSetId).toBe(base.documentId);
    expect((await catalog.getDocument(amendment.documentId))?.transactionSetId).toBe(base.documentId);
    expect((await catalog.getDocument(other.documentId))?.transactionSetId).toBeNull();
    // filing linked them: the amendment's references to the agreement now point into it
    const nodes = await catalog.getNodes(amendment.documentId, amendment.version as string);
    expect(nodes.some((n) => n.xrefs.some((x) => x.targetDocumentId === base.documentId))).toBe(true);
    // the facts it was filed by are kept, so the next document is filed without reading these texts
    expect((await catalog.getDocument(amendment.documentId))?.facts?.amendsAgreement).toMatch(
      /Manufacturing Agreement/,
    );
    // deleting the agreement leaves the amendment no link into it
    expect(await pipeline.remove(base.documentId)).not.toBeNull();
    const after = await catalog.getNodes(amendment.documentId, amendment.version as string);
    expect(after.some((n) => n.xrefs.some((x) => x.targetDocumentId === base.documentId))).toBe(false);
    expect(after.some((n) => n.termUses.some((u) => u.definitionDocumentId === base.documentId))).toBe(false);
  });

  it("leaves an amendment no link into its agreement once the agreement's source turns bad", async () => {
    const example = (n: number) =>
      join(import.meta.dirname, "../../examples/manufacturing-agreement", `manufacturing-agreement-${n}.txt`);
    const base = join(dir, "supply-deal.txt");
    copyFileSync(example(2), join(dir, "heritage-amendment.txt"));
    copyFileSync(example(1), base);
    const amendment = await pipeline.ingest({ source: join(dir, "heritage-amendment.txt"), access: OPEN });
    const agreement = await pipeline.ingest({ source: base, access: OPEN });
    const links = async () =>
      (await catalog.getNodes(amendment.documentId, amendment.version as string)).some((n) =>
        n.xrefs.some((x) => x.targetDocumentId === agreement.documentId),
      );
    expect(await links()).toBe(true);
    writeFileSync(base, "");
    const again = await pipeline.ingest({ source: base, access: OPEN });
    expect(again.status).toBe("failed");
    expect(await links()).toBe(false);
  });

  it("groups a store indexed before facts were kept: profiles the texts once and stores their facts", async () => {
    const example = (n: number) =>
      join(import.meta.dirname, "../../examples/manufacturing-agreement", `manufacturing-agreement-${n}.txt`);
    copyFileSync(example(2), join(dir, "heritage-amendment.txt"));
    copyFileSync(example(1), join(dir, "supply-deal.txt"));
    const ids = [];
    for (const f of ["heritage-amendment.txt", "supply-deal.txt"])
      ids.push((await pipeline.ingest({ source: join(dir, f), access: OPEN })).documentId);
    // as a schema-1 store left them: no set, no facts
    for (const id of ids) {
      const d = await catalog.getDocument(id);
      if (!d) throw new Error("missing");
      await catalog.setProfile(
        id,
        { title: d.title, role: d.role, effectiveDate: d.effectiveDate, transactionSetId: null, facts: null },
        NOW,
      );
    }
    const sets = await assignTransactionSets(catalog, NOW);
    expect(sets).toHaveLength(1);
    expect(sets[0]?.documentIds.slice().sort()).toEqual(ids.slice().sort());
    for (const id of ids) expect((await catalog.getDocument(id))?.facts?.parties.length).toBeGreaterThan(0);
    // a second pass finds nothing new
    expect(await assignTransactionSets(catalog, NOW)).toEqual([]);
  });

  it("indexes a 1995 EDGAR credit agreement with its table of contents flagged", async () => {
    const r = await pipeline.ingest({ source: AHP, access: OPEN });
    expect(r.status).toBe("indexed");
    const nodes = await catalog.getNodes(r.documentId, r.version as string);
    expect(nodes.filter((n) => n.flags.isTocEntry).length).toBeGreaterThan(20);
    expect(nodes.filter((n) => n.flags.isDefinition).length).toBeGreaterThan(30);
    expect(r.role).toBe("base_agreement");
  });
});
