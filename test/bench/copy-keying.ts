/**
 * How long keying the copies of a store written before copies were recorded takes (what opening it does,
 * `recordMissingCopies`), and the process's peak resident memory. Opens the catalog file given (a store
 * of schema 3 is migrated on open and has every version unkeyed); `--unkey` first deletes the copy keys
 * and copies of a store already keyed. It WRITES the file given: run it on a copy, never on a store in use.
 * Run: pnpm bench:copies --db /tmp/x/eval/<store>.sqlite [--unkey] [--batch N]   (versions keyed per page)
 * For the peak RSS of the whole process as the operator sees it, wrap it in `/usr/bin/time -v`.
 */
import { parseArgs } from "node:util";
import { createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { recordMissingCopies } from "@lexnav/ingest";

const { values } = parseArgs({
  options: { db: { type: "string" }, unkey: { type: "boolean" }, batch: { type: "string" } },
});
if (!values.db) {
  console.error("usage: pnpm bench:copies --db <catalog.sqlite> [--unkey]   (writes the file: use a copy)");
  process.exit(2);
}
if (values.unkey) {
  const db = openSqliteDatabase(values.db);
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('version_copies', 'version_copy_keys')")
    .all() as Array<{ name: string }>;
  for (const t of tables) db.exec(`DELETE FROM ${t.name}`);
  db.close();
}
const catalog = createSqliteCatalog(values.db);
try {
  const unkeyed = (await catalog.versionsWithoutCopyKey()).length;
  const started = performance.now();
  const keyed = await recordMissingCopies(catalog, values.batch ? { batch: Number(values.batch) } : {});
  const ms = performance.now() - started;
  const pairs = (await catalog.listCopies()).length;
  const rssMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      unkeyed,
      keyed,
      copyPairs: pairs,
      seconds: +(ms / 1000).toFixed(1),
      peakRssMiB: +rssMiB.toFixed(0),
    }),
  );
} finally {
  await catalog.close();
}
