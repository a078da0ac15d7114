import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { createSqliteCatalog } from "@lexnav/catalog";
import { DEFAULT_LIMITS, silentLogger } from "@lexnav/core";
import { createIngestPipeline, documentIdFor } from "@lexnav/ingest";
import { createIngestApp, INGEST_SUBJECTS } from "@lexnav/ingest-service";
import { ingestV1 } from "@lexnav/proto";
import { jetstream } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { licenseFiled } from "../support/filed-twice.ts";
import { readIngestEvents } from "../support/ingest-events.ts";
import { type NatsServerHandle, startNatsServer } from "../support/nats-server.ts";

const APP_OPTIONS = { ackWaitMs: 2_000, retry: { maxDeliver: 3, baseDelayMs: 100, maxDelayMs: 500 } };
const PARENT = "Parent_20090929_F-1_EX-10.32_License.txt";
const CHILD = "Child_20140121_DRS_EX-10.26_License.txt";
const OTHER = "Other_20150302_10-K_EX-10.1_License.txt";

let server: NatsServerHandle;
let appConn: NatsConnection;
let clientConn: NatsConnection;
let dir: string;

beforeEach(async () => {
  server = await startNatsServer();
  appConn = await connect({ servers: server.url, name: "ingest-under-test" });
  clientConn = await connect({ servers: server.url, name: "test-client" });
  dir = await mkdtemp(join(tmpdir(), "lexnav-filed-on-"));
});

afterEach(async () => {
  await clientConn?.drain().catch(() => undefined);
  if (appConn && !appConn.isClosed()) await appConn.drain().catch(() => undefined);
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("a filing date carried by IngestDocumentCommand over a real nats-server", () => {
  it("records filed_on as the document's filing, and fails a command whose filed_on is no date alone", async () => {
    const catalog = createSqliteCatalog(join(dir, "catalog.sqlite"));
    try {
      const pipeline = createIngestPipeline({ catalog, limits: DEFAULT_LIMITS, logger: silentLogger });
      const app = await createIngestApp({ nc: appConn, pipeline, logger: silentLogger, options: APP_OPTIONS });
      const js = jetstream(clientConn);
      const send = async (commandId: string, fileName: string, stamp: string, filedOn?: string) => {
        const cmd = create(ingestV1.IngestDocumentCommandSchema, {
          commandId,
          source: `/filings/${fileName}`,
          fileName,
          content: new TextEncoder().encode(licenseFiled(commandId, stamp)),
          access: { groups: ["deal-team"] },
          ...(filedOn !== undefined ? { filedOn } : {}),
        });
        await js.publish(INGEST_SUBJECTS.ingestDocument, toBinary(ingestV1.IngestDocumentCommandSchema, cmd));
      };
      // The date the metadata gives, a date that is none between good commands, and none given.
      await send("c1", CHILD, "Source: CHILD, DRS", "2014-02-03");
      await send("c2", OTHER, "Source: OTHER, 10-K", "03/02/2015");
      await send("c3", PARENT, "Source: PARENT, F-1");

      const events = await readIngestEvents(js, 3, 15_000);
      const outcome = new Map<string, string>();
      let failure: ingestV1.DocumentFailed | undefined;
      for (const e of events) {
        if (e.subject === INGEST_SUBJECTS.documentIndexed)
          outcome.set(fromBinary(ingestV1.DocumentIndexedSchema, e.data).commandId, "indexed");
        else if (e.subject === INGEST_SUBJECTS.documentFailed) {
          failure = fromBinary(ingestV1.DocumentFailedSchema, e.data);
          outcome.set(failure.commandId, "failed");
        }
      }
      expect(Object.fromEntries(outcome)).toEqual({ c1: "indexed", c2: "failed", c3: "indexed" });
      expect(failure?.documentId).toBe(documentIdFor(`/filings/${OTHER}`));
      expect(failure?.failure?.code).toBe("invalid_argument");
      expect(failure?.failure?.reason).toContain("the filing date given is not a date (yyyy-mm-dd)");

      const child = await catalog.getDocument(documentIdFor(`/filings/${CHILD}`));
      const parent = await catalog.getDocument(documentIdFor(`/filings/${PARENT}`));
      // the command's date, not the 2014-01-21 of the file name
      expect(child?.content?.filing).toMatchObject({ key: "2014-02-03", from: "metadata" });
      expect(parent?.content?.filing).toMatchObject({ key: "2009-09-29", from: "file name" });
      expect(await catalog.getDocument(documentIdFor(`/filings/${OTHER}`))).toBeNull();
      // the two filings of one license are recorded as copies, whichever path carried their dates
      expect(await catalog.listCopies()).toHaveLength(1);
      await app.stop();
    } finally {
      await catalog.close();
    }
  });
});
