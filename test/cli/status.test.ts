import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteCatalog } from "@lexnav/catalog";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { ensureIngestTopology, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { PROFILE_READER } from "@lexnav/provisions";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeCorruptPdf, writeUnsupportedType } from "../fixtures/bad-input.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";

// `lexnav status`: an operator's figures from the embedded store and the deployment's NATS.
let dir: string;
let db: string;
let nats: NatsServerHandle;
let nc: NatsConnection;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lexnav-status-"));
  db = join(dir, "lexnav.sqlite");
  nats = await startNatsServer();
  nc = await connect({ servers: nats.url });
}, 30_000);

afterAll(async () => {
  await nc?.drain().catch(() => undefined);
  await nats?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("lexnav status", () => {
  it("counts documents by state and failure code, and reads the ingest backlog and dead letters from NATS", async () => {
    const config = loadConfig({ NATS_URL: nats.url, LEXNAV_LOG_LEVEL: "silent" });
    const cli = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
    const files = ["alpha-supply.txt", "beta-licence.txt", "gamma-services.txt"].map((name, i) => {
      const path = join(dir, name);
      writeFileSync(path, `AGREEMENT ${i}\n\n1. TERM\n\nThis Agreement continues for ${i + 2} years.\n`);
      return path;
    });
    const bad = [writeUnsupportedType(dir, "private-notes.xyz"), writeCorruptPdf(dir, "board-minutes.pdf")];
    const ingested = await cli("ingest", ...files, ...bad.map((b) => b.path), "--json");
    // (exit 1: some files failed, as meant)
    const results = (JSON.parse(ingested.out) as { results: Array<{ documentId: string; status: string }> }).results;
    const indexed = results.filter((r) => r.status === "indexed").map((r) => r.documentId);
    expect(indexed).toHaveLength(3);
    expect((await cli("delete", indexed[0] as string, "--json")).code).toBe(0);

    // A deployment: the ingest topology with 2 commands nobody has taken yet and 1 dead letter.
    await ensureIngestTopology(await jetstreamManager(nc));
    const js = jetstream(nc);
    await js.publish(INGEST_SUBJECTS.deleteDocument, new Uint8Array([1]));
    await js.publish(INGEST_SUBJECTS.setDocumentAccess, new Uint8Array([2]));
    await js.publish("lexnav.dlq.cmd.v1.delete-document", new Uint8Array([3]));
    await new Promise((r) => setTimeout(r, 1_100));

    const r = await cli("status", "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.documents).toEqual({ received: 0, extracted: 0, indexed: 2, failed: 2, deleted: 1 });
    expect(report.failedByCode).toEqual({ unsupported_type: 1, corrupt: 1 });
    expect(report.freshness).toEqual({ pendingDocuments: 0, oldestPendingSeconds: 0, awaitingStores: 0 });
    expect(report.nats).toMatchObject({ reachable: true, consumerLag: 2, inFlight: 0, deadLetters: 1 });
    expect(report.nats.oldestChangeSeconds).toBeGreaterThanOrEqual(1);
    expect(report.profiles).toEqual({ reader: PROFILE_READER, olderReader: 0 });

    const text = await cli("status");
    expect(text.out).toContain("indexed 2");
    expect(text.out).toContain("corrupt 1");
    expect(text.out).toContain("dead letters  1");
    expect(text.out).toContain(`profiles  every document profiled by ${PROFILE_READER}`);
    // Ids and counts only: no file name reaches the operator's screen.
    for (const name of ["alpha-supply", "private-notes", "board-minutes"]) {
      expect(r.out).not.toContain(name);
      expect(text.out).not.toContain(name);
    }

    const audit = JSON.parse((await cli("audit", "--json")).out) as Array<{ action: string; operator: boolean }>;
    expect(audit.filter((e) => e.action === "status")).toHaveLength(2);
  }, 60_000);

  it("counts the documents an older reader profiled, until lexnav index profiles reads them again", async () => {
    const config = loadConfig({ NATS_URL: nats.url, LEXNAV_LOG_LEVEL: "silent" });
    const cli = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
    const catalog = createSqliteCatalog(db);
    try {
      const [doc] = await catalog.listDocuments({ lifecycle: ["indexed"] });
      if (!doc?.facts) throw new Error("no indexed document with a profile");
      await catalog.setProfile(
        doc.id,
        { ...doc, facts: { ...doc.facts, reader: "profile-0" } },
        new Date().toISOString(),
      );
    } finally {
      await catalog.close();
    }
    const before = JSON.parse((await cli("status", "--json")).out);
    expect(before.profiles).toEqual({ reader: PROFILE_READER, olderReader: 1 });
    expect((await cli("status")).out).toContain(
      `profiles  1 document(s) profiled by an older reader than ${PROFILE_READER} (lexnav index profiles reads them again)`,
    );
    const reread = JSON.parse((await cli("index", "profiles", "--json")).out);
    expect(reread).toMatchObject({ documents: 2, changed: [], restamped: 1 });
    expect(JSON.parse((await cli("status", "--json")).out).profiles.olderReader).toBe(0);
  }, 60_000);

  it("is refused to a principal outside the operator group, and the refusal is audited", async () => {
    const config = loadConfig({ NATS_URL: nats.url, LEXNAV_LOG_LEVEL: "silent" });
    const cli = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
    const r = await cli("status", "--principal", "bob", "--group", "deal", "--json");
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/operators/);
    expect(r.out).toBe("");
    const audit = JSON.parse((await cli("audit", "--json")).out) as Array<{ action: string; principal: string }>;
    expect(audit.some((e) => e.action === "status (refused)" && e.principal === "bob")).toBe(true);
  });

  it("reports the store's figures when NATS cannot be reached", async () => {
    const config = loadConfig({ NATS_URL: `nats://127.0.0.1:${await freePort()}`, LEXNAV_LOG_LEVEL: "silent" });
    const r = await runCliCaptured(["status", "--json", "--db", db], config, silentLogger);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.documents.indexed).toBe(2);
    expect(report.nats).toEqual({ reachable: false, reason: expect.stringMatching(/cannot reach NATS/) });
  }, 30_000);
});
