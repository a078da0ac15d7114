import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, toBinary } from "@bufbuild/protobuf";
import { type Catalog, createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import type { AppliedChange } from "@lexnav/indexer";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { type NatsServerHandle, startNatsServer } from "./nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "./service-process.ts";

/**
 * A word no other generated document contains, and that no stemmer folds into another's: the number sits
 * inside it and it ends in letters no suffix rule strips.
 */
export function markerWord(i: number): string {
  return `zenq${i}wt`;
}

/** A small services agreement of its own, carrying `markerWord(i)` in a definition and a payment clause. */
export function stageAgreement(i: number): string {
  const m = markerWord(i);
  return [
    `MASTER SERVICES AGREEMENT NUMBER ${i}`,
    "",
    `This Master Services Agreement is made between Supplier ${i} Limited and Customer ${i} Inc.`,
    "",
    "1. DEFINITIONS",
    "",
    `1.1 "${m}" means the deliverables described in Schedule 1 to this Agreement.`,
    "",
    "2. PAYMENT",
    "",
    `2.1 The Customer shall pay the Supplier for the ${m} within thirty days of each invoice.`,
    "",
    "3. TERMINATION",
    "",
    "3.1 Either party may terminate this Agreement on ninety days' written notice to the other party.",
    "",
  ].join("\n");
}

/** An ingest command for generated agreement `i`, sent inline, readable by `groups`. */
export function stageIngestCommand(i: number, groups: string[], commandId = `stage-ingest-${i}`): Uint8Array {
  return toBinary(
    ingestV1.IngestDocumentCommandSchema,
    create(ingestV1.IngestDocumentCommandSchema, {
      commandId,
      source: `upload://agreement-${i}.txt`,
      content: new TextEncoder().encode(stageAgreement(i)),
      access: { groups },
    }),
  );
}

/** Publishes the ingest commands of generated agreements `from` to `from + count - 1`, readable by `groups`. */
export async function sendStageBatch(nc: NatsConnection, from: number, count: number, groups: string[]): Promise<void> {
  const js = jetstream(nc);
  for (let i = from; i < from + count; i++)
    await js.publish(INGEST_SUBJECTS.ingestDocument, stageIngestCommand(i, groups));
}

/** A delete command for `documentId`. */
export function stageDeleteCommand(commandId: string, documentId: string): Uint8Array {
  return toBinary(
    ingestV1.DeleteDocumentCommandSchema,
    create(ingestV1.DeleteDocumentCommandSchema, { commandId, documentId }),
  );
}

/** A command giving `documentId` the access `access` (and no other). */
export function stageAccessCommand(
  commandId: string,
  documentId: string,
  access: { principals: string[]; groups: string[] },
): Uint8Array {
  return toBinary(
    ingestV1.SetDocumentAccessCommandSchema,
    create(ingestV1.SetDocumentAccessCommandSchema, { commandId, documentId, access }),
  );
}

/** What every suite running the services as processes starts with: a nats-server, a temp dir, a client. */
export interface StageBus {
  nats: NatsServerHandle;
  /** A temporary directory for the services' files, removed by `stopStageBus`. */
  dir: string;
  /** The test's own connection (named `<name>-test`). */
  nc: NatsConnection;
}

/** Starts a nats-server, makes a temp dir `lexnav-<name>-*` and connects; undoes what it did when a step fails. */
export async function startStageBus(name: string): Promise<StageBus> {
  const nats = await startNatsServer();
  let dir: string | null = null;
  try {
    dir = await mkdtemp(join(tmpdir(), `lexnav-${name}-`));
    const nc = await connect({ servers: nats.url, name: `${name}-test` });
    return { nats, dir, nc };
  } catch (e) {
    await nats.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Stops `processes` in the order given (one that already exited is passed over), then drains the
 * connection, stops the server and removes the directory. What a failed start left unset is skipped.
 */
export async function stopStageBus(processes: Iterable<ServiceProcess>, bus: Partial<StageBus>): Promise<void> {
  for (const p of processes) await p.stop().catch(() => undefined);
  await bus.nc?.drain().catch(() => undefined);
  await bus.nats?.stop();
  if (bus.dir) await rm(bus.dir, { recursive: true, force: true });
}

/** The ingest service as a process, once it consumes its commands. */
export async function startIngestProcess(env: Record<string, string>): Promise<ServiceProcess> {
  return (await startServiceProcess("ingest", env, "ingest service consuming", 60_000)).process;
}

/** A store's applied-change log, read raw from its file as an operator would. */
export function appliedChanges(storePath: string, store: string): AppliedChange[] {
  const db = openSqliteDatabase(storePath);
  try {
    const rows = db.prepare("SELECT * FROM stage_applied_changes WHERE store = ? ORDER BY id").all(store) as Record<
      string,
      string
    >[];
    return rows.map((row) => ({
      documentId: row.document_id as string,
      version: row.version as string,
      store: row.store as string,
      changeKind: row.change_kind as AppliedChange["changeKind"],
      appliedAt: row.applied_at as string,
      replicaId: row.replica_id as string,
      eventKey: row.event_key as string,
      publishedAt: row.published_at as string,
      commandAt: row.command_at ?? null,
    }));
  } finally {
    db.close();
  }
}

/** The catalog's indexed documents, by source: id and current version (an embedded file, or an open catalog). */
export async function indexedBySource(
  catalogPathOrCatalog: string | Catalog,
): Promise<Map<string, { id: string; version: string }>> {
  const db = typeof catalogPathOrCatalog === "string" ? openSqliteDatabase(catalogPathOrCatalog) : null;
  try {
    const catalog = db ? createSqliteCatalog(db) : (catalogPathOrCatalog as Catalog);
    return new Map(
      (await catalog.listDocuments({ lifecycle: ["indexed"] })).map(
        // The newest version ingested: on a catalog shared with the stages it may still wait for their
        // acknowledgements (pending) while the stores apply it.
        (d) => [d.source, { id: d.id, version: d.pendingVersion ?? d.currentVersion ?? "" }] as const,
      ),
    );
  } finally {
    db?.close();
  }
}

/**
 * Polls `probe` (which may be async) until it returns a value; throws naming `what` after `timeoutMs`, with
 * what `progress` says of how far it got (so a timeout tells a stall from a slow machine).
 */
export async function until<T>(
  what: string,
  probe: () => T | null | Promise<T | null>,
  timeoutMs = 180_000,
  progress?: () => string | Promise<string>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${progress ? ` (${await progress()})` : ""}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Rows per (document, version, store) of one change kind: one application each means every value is 1. */
export function applicationsPer(kind: AppliedChange["changeKind"], rows: AppliedChange[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows.filter((x) => x.changeKind === kind)) {
    const key = `${r.documentId}@${r.version}@${r.store}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
