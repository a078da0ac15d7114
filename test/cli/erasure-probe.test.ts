import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnswerRecord } from "@lexnav/answer";
import { openSqliteDatabase, storeKeyPath } from "@lexnav/catalog";
import { runCliCaptured } from "@lexnav/cli";
import { hmacSha256Hex, loadConfig, silentLogger } from "@lexnav/core";
import type { ErasureReport } from "@lexnav/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/shared.ts";

// Words found in no other document, no model file and no test fixture: any trace of the probe
// document. Searched by a stem-proof prefix, case-insensitively, in every table and every byte.
const MARKERS = ["quillowarp", "zentrabisk", "morvelith", "gravontique"];
const PREFIXES = MARKERS.map((m) => m.slice(0, 7));

const PROBE_CONTRACT = `QUILLOWARP SERVICES AGREEMENT

This Quillowarp Services Agreement is made between Zentrabisk Corporation ("Zentrabisk") and Morvelith Holdings LLC ("Morvelith").

1. Definitions. "Gravontique Fee" means the fee of $7,250 payable by Zentrabisk for each quillowarp delivery.

2. Payment. Zentrabisk shall pay the Gravontique Fee to Morvelith within thirty days of each quillowarp delivery.

3. Termination. Either party may terminate this Agreement on ninety days' notice; the Gravontique Fee accrued before termination remains payable by Zentrabisk.

4. Governing Law. This Agreement is governed by the laws of the State of Delaware.
`;

/** Names of the markers found in a text (by prefix, case-insensitive). */
const markersIn = (text: string): string[] => {
  const lower = text.toLowerCase();
  return PREFIXES.filter((p) => lower.includes(p));
};

/** Every file under a directory, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** Every row of every table of the store (shadow tables of FTS5 included), as text; BLOBs as raw bytes. */
const tablesHolding = (dbPath: string): Record<string, string[]> => {
  const db = openSqliteDatabase(dbPath);
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'")
      .all() as Array<{ name: string }>;
    const found: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][];
      const text = rows
        .flat()
        .map((v) => (Buffer.isBuffer(v) ? v.toString("latin1") : String(v)))
        .join("\n");
      const hits = markersIn(text);
      if (hits.length > 0) found[name] = hits;
    }
    return found;
  } finally {
    db.close();
  }
};

describe("erasure probe: a deleted document leaves no trace in any store, record, file or byte", () => {
  let dir: string;
  let db: string;
  let navOut: string;
  let probeId: string;
  const answers: AnswerRecord[] = [];
  let report: ErasureReport;
  let logAfterDelete: Array<{ file: string; bytes: Buffer }> = [];
  const config = loadConfig({});
  const run = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  const json = async <T>(...argv: string[]): Promise<T> => {
    const r = await run(...argv, "--json");
    if (r.code !== 0 && r.code !== 1) throw new Error(`lexnav ${argv.join(" ")} exited ${r.code}: ${r.err}`);
    return JSON.parse(r.out) as T;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-erasure-"));
    const sources = join(dir, "sources");
    mkdirSync(sources);
    writeFileSync(join(sources, "services-agreement.txt"), PROBE_CONTRACT);
    db = join(dir, "store", "lexnav.sqlite");
    navOut = join(dir, "store", "navindex");
    // Other documents stay: the delete must take the probe's text out of shared structures too.
    expect((await run("ingest", join(repoRoot, "examples", "manufacturing-agreement"))).code).toBe(0);
    const ingested = await json<{ results: Array<{ documentId: string; source: string }> }>("ingest", sources);
    probeId = ingested.results[0]?.documentId as string;
    expect(probeId).toMatch(/^doc_/);
    expect((await run("index", "dense")).code).toBe(0);

    // Asked, searched, replayed and exported in every way that keeps or writes text.
    for (const mode of ["navindex", "lexical", "hybrid", "dense"])
      answers.push(
        await json<AnswerRecord>(
          "ask",
          "What is the Gravontique Fee payable by Zentrabisk?",
          "--offline",
          "--mode",
          mode,
        ),
      );
    for (const mode of ["lexical", "dense", "hybrid", "navembed-r1"])
      expect((await run("search", "gravontique fee quillowarp delivery", "--mode", mode)).code).toBe(0);
    for (const a of answers) expect((await run("replay", a.id, "--offline", "--json")).code).toBeLessThan(2);
    const nav = await json<{ files: string[] }>("navindex", "--out", navOut);
    expect(nav.files).toHaveLength(3);
    const inspected = await json<{ text: string }>("inspect", probeId);
    expect(markersIn(inspected.text)).toEqual(PREFIXES);

    // The probe means something only if the text was there to find before the delete.
    expect(Object.keys(tablesHolding(db)).length).toBeGreaterThan(3);
    expect(
      answers.some((a) => a.citations.some((c) => c.documentId === probeId && markersIn(c.quote).length > 0)),
    ).toBe(true);
    expect(markersIn(readFileSync(join(navOut, "full.json"), "utf8")).length).toBeGreaterThan(0);

    // A second connection stays open through the delete, as the answer service's does.
    const reader = openSqliteDatabase(db);
    try {
      reader.prepare("SELECT count(*) FROM documents").get();
      report = await json<ErasureReport>("delete", probeId);
      logAfterDelete = [`${db}-wal`, `${db}-shm`]
        .filter((file) => statSync(file, { throwIfNoEntry: false }))
        .map((file) => ({ file, bytes: readFileSync(file) }));
    } finally {
      reader.close();
    }
  }, 240_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("reports what the delete erased in each store", () => {
    expect(report).toMatchObject({ documentId: probeId, versions: 1, lexicalCompacted: true, walTruncated: true });
    expect(report.nodes).toBeGreaterThan(3);
    expect(report.passages).toBeGreaterThan(0);
    expect(report.vectors).toBeGreaterThan(0);
    const drawing = answers.filter((a) => a.citations.some((c) => c.documentId === probeId));
    expect(report.answerRecords).toBeGreaterThanOrEqual(drawing.length);
    expect(report.files.map((f) => f.slice(navOut.length + 1)).sort()).toEqual([
      "full.json",
      "index.compact.txt",
      "index.json",
    ]);
  });

  it("leaves no marker in any table, the dense models of its access scopes included", () => {
    expect(tablesHolding(db)).toEqual({});
  });

  it("leaves no marker in any byte of the store, its log or any file lexnav wrote", () => {
    // The write-ahead log and its index as they stood while another connection was still open.
    const wal = logAfterDelete.find((f) => f.file.endsWith("-wal"));
    expect(wal === undefined || wal.bytes.length === 0).toBe(true);
    for (const { file, bytes } of logAfterDelete)
      expect({ file, markers: markersIn(bytes.toString("latin1")) }).toEqual({ file, markers: [] });
    const written = filesUnder(join(dir, "store"));
    expect(written).toContain(db);
    expect(written).not.toContain(join(navOut, "full.json"));
    for (const file of written) {
      const bytes = readFileSync(file).toString("latin1");
      expect({ file, markers: markersIn(bytes) }).toEqual({ file, markers: [] });
    }
  });

  it("keeps answer records as ids, offsets and keyed hashes that say the document was deleted", async () => {
    const key = readFileSync(storeKeyPath(db));
    expect(statSync(storeKeyPath(db)).mode & 0o777).toBe(0o600);
    for (const before of answers.filter((a) => a.citations.some((c) => c.documentId === probeId))) {
      const replay = await run("replay", before.id, "--json");
      expect(markersIn(replay.out)).toEqual([]);
      const after = (JSON.parse(replay.out) as { original: AnswerRecord }).original;
      expect(after.answer).toBe("document deleted");
      expect(after.erased).toMatchObject({ note: "document deleted", documentIds: [probeId] });
      expect(after.evidence).toEqual(before.evidence);
      after.citations.forEach((c, i) => {
        const was = before.citations[i];
        const kept = ({ quote: _q, display: _d, location: _l, ...rest }: typeof c) => rest;
        expect(kept(c)).toEqual(was ? kept(was) : undefined);
        expect(c.quote).toBe("");
        // where it was cited names the deleted document's title: erased like the quote
        expect(c.location ?? "").toBe("");
        // keyed: the hash is the store key's HMAC of the quote, not its plain hash
        expect(after.erased?.hmac[`citations.${i}.quote`]).toBe(hmacSha256Hex(key, was?.quote ?? ""));
      });
      expect(after.erased?.hmac.question).toBe(hmacSha256Hex(key, before.question));
      const text = await run("replay", before.id);
      expect(text.out).toContain("document deleted");
      expect(markersIn(text.out)).toEqual([]);
      // show says so too, and shows no text
      const shown = await run("show", before.id, "1");
      expect(shown.code).toBe(0);
      expect(shown.out).toMatch(/document deleted .*nothing to show/);
      expect(markersIn(shown.out)).toEqual([]);
    }
  });

  it("finds the document no more: inspect shows no text, search and ask return none of it", async () => {
    const inspected = await run("inspect", probeId, "--json");
    expect(markersIn(inspected.out + inspected.err)).toEqual([]);
    const listed = await run("list", "--json");
    expect(markersIn(listed.out)).toEqual([]);
    for (const mode of ["lexical", "hybrid"]) {
      const r = await run("search", "gravontique fee quillowarp delivery", "--mode", mode, "--json");
      expect(r.out).not.toContain(probeId);
    }
  });
});

describe("erasure probe: a document whose re-ingest fails keeps no stale text", () => {
  let dir: string;
  let db: string;
  const config = loadConfig({});
  const run = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-erasure-failed-"));
    db = join(dir, "store", "lexnav.sqlite");
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes the old version out of the catalog, the search stores and the bytes of the store", async () => {
    const file = join(dir, "services-agreement.txt");
    writeFileSync(file, PROBE_CONTRACT);
    expect((await run("ingest", file)).code).toBe(0);
    expect(Object.keys(tablesHolding(db)).length).toBeGreaterThan(0);
    // the same source now holds bytes that are not text
    writeFileSync(file, new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x41]));
    expect((await run("ingest", file)).code).toBe(1);
    const listed = JSON.parse((await run("list", "--json")).out) as Array<{ id: string; lifecycle: string }>;
    expect(listed.map((d) => d.lifecycle)).toEqual(["failed"]);
    const inspected = await run("inspect", listed[0]?.id as string, "--json");
    expect(markersIn(inspected.out)).toEqual([]);
    expect(tablesHolding(db)).toEqual({});
    for (const f of filesUnder(join(dir, "store")))
      expect({ f, markers: markersIn(readFileSync(f).toString("latin1")) }).toEqual({ f, markers: [] });
  });
});
