import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { createIngestPipeline } from "@lexnav/ingest";
import { PROFILE_READER } from "@lexnav/provisions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";

// A store an older lexnav wrote: the ingest service, started on it, reads its profiles again beside the commands.
describe("the ingest service brings profiles an older reader wrote up to its own (real nats-server, service process)", () => {
  let dir: string;
  let nats: NatsServerHandle;
  const services: ServiceProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-reread-svc-"));
    nats = await startNatsServer();
  });
  afterAll(async () => {
    for (const s of services) await s.stop();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads them again at start, logs counts and no title, and leaves them this reader's", async () => {
    const db = join(dir, "lexnav.sqlite");
    const catalog = createSqliteCatalog(db);
    try {
      const pipeline = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: silentLogger });
      for (const [name, text] of [
        [
          "supply.txt",
          "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Gamma Foods Inc. and Delta Retail LLC.\n",
        ],
        [
          "licence.txt",
          "LICENSE AGREEMENT\n\nThis License Agreement is made between Acme Widgets Inc. and Beta Tools LLC.\n",
        ],
      ] as const) {
        const r = await pipeline.ingest({
          source: `/in/${name}`,
          fileName: name,
          bytes: new TextEncoder().encode(text),
          access: { principals: [], groups: ["deals"] },
        });
        expect(r.status).toBe("indexed");
      }
      // as an older lexnav left them: another reader, and a title it read wrong
      for (const d of await catalog.listDocuments({ lifecycle: ["indexed"] }))
        await catalog.setProfile(
          d.id,
          { ...d, title: "Confidential Execution Copy", facts: { ...(d.facts ?? ({} as never)), reader: "profile-0" } },
          new Date().toISOString(),
        );
    } finally {
      await catalog.close();
    }

    const svc = await startServiceProcess("ingest", { LEXNAV_DB: db, NATS_URL: nats.url }, "ingest service consuming");
    services.push(svc.process);
    // It runs beside the consumer, and may log before or after the consumer's line: the log is read until it has.
    const logged = () =>
      svc.process
        .log()
        .split("\n")
        .find((l) => l.includes('"msg":"profiles read again"'));
    for (let waited = 0; !logged() && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    const line = JSON.parse(logged() ?? "null");
    expect(line).toMatchObject({ documents: 2, changed: 2, failed: 0, reader: PROFILE_READER, stopped: false });
    expect(svc.process.log()).not.toContain("Confidential Execution Copy");
    expect(svc.process.log()).not.toContain("SUPPLY AGREEMENT");

    const after = createSqliteCatalog(db);
    try {
      const docs = await after.listDocuments({ lifecycle: ["indexed"] });
      expect(docs.map((d) => d.facts?.reader)).toEqual([PROFILE_READER, PROFILE_READER]);
      expect(docs.map((d) => d.title).sort()).toEqual(["LICENSE AGREEMENT", "SUPPLY AGREEMENT"]);
    } finally {
      await after.close();
    }
  }, 90_000);
});
