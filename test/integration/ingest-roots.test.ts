import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createSqliteCatalog } from "@lexnav/catalog";
import { canonicalSource, documentIdFor } from "@lexnav/ingest";
import { INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { type JetStreamClient, jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readIngestEvents } from "../support/ingest-events.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";

const TEXT = (n: string) =>
  `${n} AGREEMENT\n\n1. TERM\n\nThis Agreement continues for two years from the Effective Date.\n`;

type Outcome = { subject: string; documentId: string; code: string; reason: string };

/** Events read so far: each read starts at the head of the event stream, which both tests share. */
let eventsSeen = 0;

/** Publishes ingest commands and reads one event per command, by command id. */
async function ingestAll(
  js: JetStreamClient,
  commands: Array<{ commandId: string; source: string; content?: Uint8Array }>,
): Promise<Map<string, Outcome>> {
  for (const c of commands)
    await js.publish(
      INGEST_SUBJECTS.ingestDocument,
      toBinary(
        ingestV1.IngestDocumentCommandSchema,
        create(ingestV1.IngestDocumentCommandSchema, { ...c, access: { principals: [], groups: ["deals"] } }),
      ),
    );
  const out = new Map<string, Outcome>();
  const events = await readIngestEvents(js, eventsSeen + commands.length, 30_000);
  eventsSeen = events.length;
  for (const e of events.slice(-commands.length)) {
    if (e.subject === INGEST_SUBJECTS.documentFailed) {
      const m = fromBinary(ingestV1.DocumentFailedSchema, e.data);
      out.set(m.commandId, {
        subject: e.subject,
        documentId: m.documentId,
        code: m.failure?.code ?? "",
        reason: m.failure?.reason ?? "",
      });
    } else if (e.subject === INGEST_SUBJECTS.documentIndexed) {
      const m = fromBinary(ingestV1.DocumentIndexedSchema, e.data);
      out.set(m.commandId, { subject: e.subject, documentId: m.documentId, code: "", reason: "" });
    }
  }
  return out;
}

describe("the ingest service reads paths only under LEXNAV_INGEST_ROOTS (real nats-server, service process)", () => {
  let dir: string;
  let nats: NatsServerHandle;
  let nc: NatsConnection;
  const services: ServiceProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-roots-"));
    nats = await startNatsServer();
    nc = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    for (const s of services) await s.stop();
    await nc?.drain();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("indexes a file under a root and inline bytes; refuses outside paths, symlinks and `..` out of it, with a code and nothing recorded", async () => {
    const root = join(dir, "corpus");
    const outside = join(dir, "elsewhere");
    mkdirSync(root);
    mkdirSync(outside);
    writeFileSync(join(root, "inside.txt"), TEXT("SUPPLY"));
    writeFileSync(join(outside, "secret.txt"), TEXT("SECRET"));
    symlinkSync(join(outside, "secret.txt"), join(root, "link.txt"));
    const paths = {
      inside: join(root, "inside.txt"),
      outside: join(outside, "secret.txt"),
      link: join(root, "link.txt"),
      dotdot: `${root}/../elsewhere/secret.txt`,
      missing: join(outside, "absent.txt"),
    };
    const db = join(dir, "roots.sqlite");
    const svc = await startServiceProcess(
      "ingest",
      { LEXNAV_DB: db, NATS_URL: nats.url, LEXNAV_INGEST_ROOTS: root },
      "ingest service consuming",
    );
    services.push(svc.process);
    const js = jetstream(nc);
    const outcomes = await ingestAll(js, [
      ...Object.entries(paths).map(([commandId, source]) => ({ commandId, source })),
      { commandId: "inline", source: "upload://deal/inline.txt", content: new TextEncoder().encode(TEXT("LICENCE")) },
    ]);
    expect(outcomes.get("inside")).toMatchObject({ subject: INGEST_SUBJECTS.documentIndexed });
    expect(outcomes.get("inline")).toMatchObject({ subject: INGEST_SUBJECTS.documentIndexed });
    for (const name of ["outside", "link", "dotdot", "missing"] as const) {
      const o = outcomes.get(name);
      expect(o, name).toMatchObject({
        subject: INGEST_SUBJECTS.documentFailed,
        code: "permission_denied",
        documentId: documentIdFor(canonicalSource(paths[name])),
      });
      expect(o?.reason).toMatch(/refused: the path is not under any configured source root \(LEXNAV_INGEST_ROOTS\)/);
      // The refusal names the file it was sent, never the host path a symlink or `..` led to.
      expect(o?.reason).not.toContain(outside);
    }
    await svc.process.stop();
    services.pop();
    const catalog = createSqliteCatalog(db);
    try {
      const recorded = (await catalog.listDocuments()).map((d) => d.source);
      expect(recorded.sort()).toEqual([paths.inside, "upload://deal/inline.txt"].sort());
    } finally {
      await catalog.close();
    }
  }, 90_000);

  it("with no root configured reads no path at all, and still ingests inline bytes", async () => {
    const file = join(dir, "corpus", "inside.txt");
    const svc = await startServiceProcess(
      "ingest",
      { LEXNAV_DB: join(dir, "no-roots.sqlite"), NATS_URL: nats.url },
      "ingest service consuming",
    );
    services.push(svc.process);
    const js = jetstream(nc);
    const outcomes = await ingestAll(js, [
      { commandId: "no-root-path", source: file },
      { commandId: "no-root-inline", source: "upload://deal/b.txt", content: new TextEncoder().encode(TEXT("B")) },
    ]);
    expect(outcomes.get("no-root-path")).toMatchObject({ code: "permission_denied" });
    expect(outcomes.get("no-root-inline")).toMatchObject({ subject: INGEST_SUBJECTS.documentIndexed });
  }, 60_000);
});
