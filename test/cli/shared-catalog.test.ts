import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "@lexnav/cli";
import { DEFAULT_LIMITS, type LexnavConfig, loadConfig, silentLogger } from "@lexnav/core";
import { createEmbeddedStack } from "@lexnav/stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresHandle, postgresUnavailableReason, startPostgres } from "../support/postgres.ts";

const skipReason = postgresUnavailableReason();
if (skipReason !== null) console.log(`CLI on a shared catalog skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(
  `lexnav on a shared PostgreSQL catalog (LEXNAV_CATALOG_URL)${skipReason !== null ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let cluster: PostgresHandle;
    let dir: string;
    let config: LexnavConfig;
    beforeAll(async () => {
      const started = await startPostgres();
      if (started === null) throw new Error("PostgreSQL did not start although it is installed");
      cluster = started;
      dir = mkdtempSync(join(tmpdir(), "lexnav-cli-shared-"));
      config = {
        ...loadConfig({ LEXNAV_LOG_LEVEL: "silent", LEXNAV_DB: join(dir, "local.sqlite") }),
        catalogUrl: await cluster.createDatabase(),
      };
      // A document an ingest replica wrote to the shared catalog.
      const replica = await createEmbeddedStack(
        join(dir, "replica.sqlite"),
        DEFAULT_LIMITS,
        silentLogger,
        {},
        {
          catalogUrl: config.catalogUrl as string,
        },
      );
      try {
        const r = await replica.pipeline.ingest({
          source: "upload://shared-supply.txt",
          bytes: new TextEncoder().encode("SUPPLY AGREEMENT\n\n1. TERM\n\nThis Agreement continues for two years.\n"),
          access: { principals: [], groups: ["deals"] },
        });
        expect(r.status).toBe("indexed");
      } finally {
        await replica.close();
      }
    }, 60_000);
    afterAll(async () => {
      await cluster?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("lists what another process wrote to the shared catalog", async () => {
      const r = await runCliCaptured(["list", "--json"], config, silentLogger);
      expect(r.code).toBe(0);
      expect(r.out).toContain("shared-supply.txt");
    });

    it("refuses to ingest there, since no event would reach the stages, and writes nothing", async () => {
      const file = join(dir, "local-note.txt");
      writeFileSync(file, "NOTE\n\n1. A note.\n");
      const r = await runCliCaptured(["ingest", file], config, silentLogger);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/"ingest" needs the embedded store/);
      const after = await runCliCaptured(["list", "--json"], config, silentLogger);
      expect(after.out).not.toContain("local-note.txt");
    });
  },
);
