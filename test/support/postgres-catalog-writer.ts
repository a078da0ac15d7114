/**
 * A second process writing the PostgreSQL catalog, for tests of two processes at once:
 * `node --import tsx postgres-catalog-writer.ts <url> <group> <id,id,...>`. It connects, prints `ready`,
 * waits for a line on stdin, then receives and claims every id at once (each in a transaction, access
 * `group`, the claim with its own pid), moves each to `extracted`, prints `done <n>` and exits 0; on an
 * error it prints the error and exits 1.
 */
import { once } from "node:events";
import { createPostgresCatalog } from "@lexnav/catalog";

const [url, group, list] = process.argv.slice(2);
if (url === undefined || group === undefined || list === undefined) {
  console.error("usage: postgres-catalog-writer.ts <url> <group> <ids>");
  process.exit(2);
}
const catalog = await createPostgresCatalog(url);
try {
  console.log("ready");
  await once(process.stdin, "data");
  const now = new Date().toISOString();
  const ids = list.split(",");
  await Promise.all(
    ids.map(async (id) => {
      await catalog.transaction(async (tx) => {
        const rec = await tx.upsertReceived(
          { id, source: `/corpus/${id}.txt`, fileName: `${id}.txt`, access: { principals: [], groups: [group] } },
          now,
        );
        await tx.claimIngest(id, { pid: process.pid, host: "test-host", since: rec.updatedAt });
      });
      await catalog.setLifecycle(id, "extracted", null, now);
    }),
  );
  console.log(`done ${ids.length}`);
} catch (e) {
  console.error(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  process.exitCode = 1;
} finally {
  await catalog.close();
  process.stdin.destroy();
}
