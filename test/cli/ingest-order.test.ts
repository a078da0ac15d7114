import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteCatalog } from "@lexnav/catalog";
import { runCli } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { canonicalSource, documentIdFor } from "@lexnav/ingest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const TEXT = (days: string) =>
  `SUPPLY AGREEMENT\n\n1. DELIVERY\n\nThe Seller delivers the Products within ${days} days of each order.\n`;

describe("lexnav ingest on a store where a later request for the document was already applied", () => {
  let dir: string;
  let db: string;
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: () => undefined, stderr: process.stderr };
    const code = await runCli([...argv, "--db", db], loadConfig({}), silentLogger, io);
    return { code, out: out.join("\n") };
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-cli-order-"));
    db = join(dir, "lexnav.sqlite");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("says the file was superseded, when the later request was made, and exits non-zero; the store keeps what it had", async () => {
    const file = join(dir, "supply.txt");
    writeFileSync(file, TEXT("ten"));
    expect((await run("ingest", file)).code).toBe(0);
    // Another process sharing the store, on a clock an hour ahead, changed the document "later".
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const id = documentIdFor(canonicalSource(file));
    const catalog = createSqliteCatalog(db);
    const before = (await catalog.getDocument(id))?.currentVersion;
    await catalog.transaction(async (tx) => {
      await tx.lockDocument(id);
      expect(await tx.admitRequest(id, later)).toBeNull();
    });
    await catalog.close();

    writeFileSync(file, TEXT("thirty"));
    const r = await run("ingest", file);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^indexed 0, unchanged 0, failed 0, superseded 1/);
    expect(r.out).toContain(`SUPERSEDED ${file}`);
    expect(r.out).toContain(`a later request for it, made at ${later}, was applied first; nothing was changed`);
    const reopened = createSqliteCatalog(db);
    expect((await reopened.getDocument(id))?.currentVersion).toBe(before);
    await reopened.close();
  });
});
