import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@lexnav/catalog";
import { type LexnavConfig, loadConfig, silentLogger } from "@lexnav/core";
import { seedVectorCache, vectorSeedVersions } from "@lexnav/retrieval";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUAD_FIXTURES } from "../../../../test/support/cuad-fixtures.ts";
import { writeTinyModel } from "../../../../test/support/tiny-model.ts";
import { runCliCaptured } from "../app.ts";

interface DenseReport {
  passages: number;
  vectors: number;
  embeddedTexts: number;
}

describe("a new eval store reuses the vectors an older one of the same data set holds", () => {
  let dir: string;
  let config: LexnavConfig;
  const storeDir = () => join(dir, "eval");
  const reports = () =>
    readdirSync(storeDir())
      .filter((f) => f.endsWith(".sqlite.dense-complete"))
      .map((f) => ({
        file: f.replace(/\.dense-complete$/, ""),
        report: JSON.parse(readFileSync(join(storeDir(), f), "utf8")) as DenseReport,
      }));
  const evalRun = () =>
    runCliCaptured(
      [
        "eval",
        "retrieval",
        "--bench",
        join(dir, "bench.json"),
        "--corpus",
        join(dir, "corpus"),
        "--mode",
        "hybrid",
        "--json",
        "--db",
        join(dir, "lexnav.sqlite"),
      ],
      config,
      silentLogger,
    );

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-eval-reuse-"));
    writeTinyModel(join(dir, "embedder"));
    config = loadConfig({ LEXNAV_EMBEDDER_MODEL_DIR: join(dir, "embedder") });
    mkdirSync(join(dir, "corpus", "deals"), { recursive: true });
    copyFileSync(CUAD_FIXTURES.verso, join(dir, "corpus", "deals", "verso.txt"));
    copyFileSync(CUAD_FIXTURES.sponsor, join(dir, "corpus", "deals", "sponsor.txt"));
    const quote =
      readFileSync(CUAD_FIXTURES.verso, "utf8")
        .split("\n")
        .find((l) => l.trim().length > 40)
        ?.trim() ?? "";
    const tests = [
      {
        query_id: "q",
        doc: "deals/verso.txt",
        query: "Which law governs this agreement?",
        snippets: [{ file_path: "deals/verso.txt", quote }],
      },
    ];
    writeFileSync(join(dir, "bench.json"), JSON.stringify({ tests }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("embeds only the texts of a changed document, says so, and drops the seed after", async () => {
    const first = await evalRun();
    expect(first.code, first.err).toBe(0);
    expect(first.err).not.toMatch(/reusing/);
    const [older] = reports();
    expect(older?.report.embeddedTexts).toBeGreaterThan(20);

    // A changed file is a new fingerprint: a new store, built by ingest again.
    appendFileSync(
      join(dir, "corpus", "deals", "sponsor.txt"),
      "\n\n25. Notices. Every notice under this Agreement shall be in writing and delivered by hand.\n",
    );
    const second = await evalRun();
    expect(second.code, second.err).toBe(0);
    const newer = reports().find((r) => r.file !== older?.file);
    expect(newer).toBeDefined();
    expect(second.err).toMatch(/reusing \d+ vectors .* made in .*deals-full-[0-9a-f]{16}\.sqlite/);
    // Only the changed document's new texts were embedded; every passage still has its vector.
    expect(newer?.report.embeddedTexts).toBeGreaterThan(0);
    expect(newer?.report.embeddedTexts).toBeLessThan((older?.report.embeddedTexts ?? 0) / 4);
    expect(newer?.report.vectors).toBe(newer?.report.passages);
    const db = openSqliteDatabase(join(storeDir(), newer?.file ?? ""));
    try {
      expect(vectorSeedVersions(db)).toEqual([]);
      // The seed's pages went back to the file system.
      expect(db.pragma("freelist_count", { simple: true })).toBe(0);
      // Vectors another model made are never seeded.
      expect(seedVectorCache(db, join(storeDir(), older?.file ?? ""), "another-model")).toBeNull();
      expect(vectorSeedVersions(db)).toEqual([]);
    } finally {
      db.close();
    }
    expect(existsSync(join(storeDir(), older?.file ?? ""))).toBe(true);
  });

  it("passes over an older store it cannot read, says why, and builds by embedding every text", async () => {
    const before = new Set(reports().map((r) => r.file));
    // the newest older store beside it is no database (a copy cut short)
    const broken = join(storeDir(), "deals-full-00000000000000ff.sqlite");
    writeFileSync(broken, "not a database");
    writeFileSync(`${broken}.dense-complete`, "{}");
    appendFileSync(
      join(dir, "corpus", "deals", "verso.txt"),
      "\n\n30. Counterparts. This Agreement may be signed in counterparts.\n",
    );
    const third = await evalRun();
    expect(third.code, third.err).toBe(0);
    expect(third.err).toMatch(/no vectors reused from .*00000000000000ff\.sqlite: /);
    const built = reports().find((r) => !before.has(r.file) && r.file !== "deals-full-00000000000000ff.sqlite");
    expect(built?.report.vectors).toBe(built?.report.passages);
    expect(built?.report.embeddedTexts).toBeGreaterThan(20);
  });
});
