import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type ServiceError, status } from "@grpc/grpc-js";
import { createSqliteAnswerStore, documentLabel } from "@lexnav/answer";
import { ANSWER_SERVICE } from "@lexnav/answer-service";
import { createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { citeableClause } from "@lexnav/document-model";
import { answerV1, searchV1 } from "@lexnav/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unaryClient } from "../support/grpc-client.ts";
import {
  keyOf,
  type MessagesApiStandIn,
  type StandInRequest,
  standInTokens,
  startMessagesApiStandIn,
} from "../support/messages-api-stand-in.ts";
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts";
import { repoRoot } from "../support/shared.ts";

// Ask in navindex mode with a model, distributed: the answer service (its own key) calls the planner
// service (a key of its own) for the plan, over the Messages API stand-in both are pointed at. The planner
// builds the asker's compact index and has the model plan; the answer service fetches the planned
// provisions from the catalog and answers with its model. The two keys tell whose request the stand-in saw.
const ANSWER_KEY = "sk-ant-answer-service-key";
const PLANNER_KEY = "sk-ant-planner-service-key";
const LAW = "governed by the laws of the State of California";
const DEALS = { id: "ann", groups: ["deals"] };
const HOLD = { id: "hal", groups: ["hold"] };
const BOTH = { id: "bea", groups: ["deals", "hold"] };
const OUTSIDER = { id: "oli", groups: ["elsewhere"] };
// The barred document's own words: a request carrying any of them carried its index or text.
const BARRED_TITLE = "EQUIPMENT LEASE AGREEMENT";
const BARRED_MARKER = "quillwort";
const QUESTION = "Which state's law governs the agreement?";

let dir: string;
let db: string;
let api: MessagesApiStandIn;
const running = new Map<string, ServiceProcess>();
let answerPort = 0;
let law: { documentId: string; nodeId: string; label: string; clause: string | null };
let barredId = "";
/** The set's documents' file names, as the compact index lists them. */
const fileNames = new Map<string, string>();

const isPlan = (r: StandInRequest) => JSON.stringify(r.body.system ?? "").includes("<navindex>");
const systemText = (r: StandInRequest) =>
  typeof r.body.system === "string" ? r.body.system : (r.body.system ?? []).map((b) => b.text).join("");
const userText = (r: StandInRequest) =>
  r.body.messages
    .map((m) => (typeof m.content === "string" ? m.content : m.content.map((c) => c.text ?? "").join("")))
    .join("\n");

async function ask(init: MessageInitShape<typeof answerV1.AskRequestSchema>) {
  const c = unaryClient<answerV1.AskRequest, answerV1.AskResponse>(ANSWER_SERVICE, "ask", answerPort);
  try {
    return await c.call(create(answerV1.AskRequestSchema, init));
  } finally {
    c.close();
  }
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected the call to be refused");
    },
    (e: ServiceError) => e,
  );

describe("Ask navindex with a model, planned by the planner service (answer → planner, each a process with its own key)", () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "lexnav-ask-model-plan-"));
    db = join(dir, "lexnav.sqlite");
    api = await startMessagesApiStandIn({ validKey: ANSWER_KEY, otherKeys: [PLANNER_KEY] });
    const cli = (...argv: string[]) => runCliCaptured([...argv, "--db", db], loadConfig({}), silentLogger);
    const set = await cli(
      "ingest",
      join(repoRoot, "examples", "manufacturing-agreement"),
      "--acl",
      "group:deals",
      "--json",
    );
    expect(set.code, set.err).toBe(0);
    await writeFile(
      join(dir, "lease.txt"),
      `${BARRED_TITLE}\n\n1. LEASE\n\nThe Lessor leases the ${BARRED_MARKER} press to the Lessee.\n\n2. GOVERNING LAW\n\nThis Agreement shall be governed by the laws of the State of Texas.\n`,
    );
    const lease = await cli("ingest", join(dir, "lease.txt"), "--acl", "group:hold", "--json");
    expect(lease.code, lease.err).toBe(0);
    barredId = (JSON.parse(lease.out) as { results: Array<{ documentId: string }> }).results[0]?.documentId as string;
    expect((await cli("no-external", barredId)).code).toBe(0);

    // The provision a planner should name: the one holding the governing-law clause.
    const conn = openSqliteDatabase(db);
    try {
      const catalog = createSqliteCatalog(conn);
      for (const d of await catalog.listDocuments()) {
        if (!d.currentVersion) continue;
        if (d.id !== barredId) fileNames.set(d.id, d.fileName);
        const text = (await catalog.getVersion(d.id, d.currentVersion))?.text ?? "";
        const at = text.indexOf(LAW);
        if (at < 0) continue;
        const node = (await catalog.getNodes(d.id, d.currentVersion))
          .filter((n) => n.start <= at && at < n.end)
          .sort((a, b) => a.end - a.start - (b.end - b.start))[0];
        if (node)
          law = { documentId: d.id, nodeId: node.id, label: documentLabel(d, d.id), clause: citeableClause(node) };
      }
    } finally {
      conn.close();
    }
    expect(law).toBeDefined();
    // The stand-in plans the governing-law provision and answers by quoting it.
    api.fallback = (r) =>
      isPlan(r)
        ? `${law.documentId} ${law.nodeId}`
        : `California law governs. [${law.label}]${law.clause ? ` ${law.clause}` : ""} "${LAW}"`;

    const model = { ANTHROPIC_BASE_URL: api.url, LEXNAV_MODEL_MAX_RETRIES: "0", LEXNAV_MODEL_TIMEOUT_MS: "10000" };
    const env = { LEXNAV_DB: db, LEXNAV_LOG_LEVEL: "info" };
    const planner = await startServiceProcess(
      "planner",
      { ...env, ...model, ANTHROPIC_API_KEY: PLANNER_KEY, LEXNAV_PLANNER_ADDRESS: "127.0.0.1:0" },
      "ready",
    );
    running.set("planner", planner.process);
    expect(planner.ready.planner).not.toBe("deterministic");
    const answer = await startServiceProcess(
      "answer",
      {
        ...env,
        ...model,
        ANTHROPIC_API_KEY: ANSWER_KEY,
        LEXNAV_ANSWER_ADDRESS: "127.0.0.1:0",
        LEXNAV_PLANNER_TARGET: `127.0.0.1:${planner.ready.port as number}`,
      },
      "ready",
      90_000,
    );
    running.set("answer", answer.process);
    answerPort = answer.ready.port as number;
    expect(answer.ready.remoteStages).toEqual(["planner"]);
  }, 180_000);

  afterAll(async () => {
    for (const p of running.values()) await p.stop().catch(() => undefined);
    running.clear();
    await api?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("the plan request reaches the model from the planner (its key), the answer cites the planned provision, the record bills the planner's tokens", async () => {
    api.requests.length = 0;
    const r = await ask({ question: QUESTION, mode: searchV1.SearchMode.NAVINDEX, principal: DEALS });
    expect(r.answerer).toBe("model");
    expect(r.abstained).toBe(false);
    expect(r.citations.map((c) => `${c.documentId}/${c.nodeId}`)).toContain(`${law.documentId}/${law.nodeId}`);
    expect(r.citations.every((c) => c.quote === LAW)).toBe(true);

    // One plan request, sent with the planner's key; the answer service sent the answer request only.
    const plans = api.requests.filter(isPlan);
    expect(plans.map((p) => keyOf(p.headers))).toEqual([PLANNER_KEY]);
    const answers = api.requests.filter((p) => !isPlan(p));
    expect(answers.map((p) => keyOf(p.headers))).toEqual([ANSWER_KEY]);
    expect(api.requests.some((p) => keyOf(p.headers) === ANSWER_KEY && systemText(p).includes("<navindex>"))).toBe(
      false,
    );
    // The index the planner sent is of what the asker may read: never the barred lease.
    const plan = plans[0] as StandInRequest;
    expect(systemText(plan)).not.toContain(BARRED_MARKER);
    expect(systemText(plan)).not.toMatch(/equipment lease/i);
    // The planned provision's text was the answering model's evidence.
    expect(userText(answers[0] as StandInRequest) + systemText(answers[0] as StandInRequest)).toContain(LAW);

    // The ledger: the planner's call (the stand-in's count of what it was sent) then the answer's, priced.
    const [planEntry, answerEntry] = r.ledger?.entries ?? [];
    expect(r.ledger?.entries.map((e) => e.stage)).toEqual(["plan", "answer"]);
    expect(planEntry?.inputTokens).toBe(standInTokens(userText(plan)));
    expect((planEntry?.cacheWriteTokens ?? 0) + (planEntry?.cachedInputTokens ?? 0)).toBe(
      standInTokens(systemText(plan)),
    );
    expect(planEntry?.dollars).toBeGreaterThan(0);
    expect(r.ledger?.totalDollars).toBeCloseTo((planEntry?.dollars ?? 0) + (answerEntry?.dollars ?? 0), 12);
    expect(Number(r.ledger?.totalInputTokens)).toBe((planEntry?.inputTokens ?? 0) + (answerEntry?.inputTokens ?? 0));

    // The stored record (what `lexnav replay` and the cost figures read) carries the same ledger.
    const conn = openSqliteDatabase(db);
    try {
      const record = await createSqliteAnswerStore(conn).get(r.answerId);
      expect(record?.ledger.entries[0]).toMatchObject({
        stage: "plan",
        inputTokens: planEntry?.inputTokens,
        cacheWriteTokens: planEntry?.cacheWriteTokens,
      });
      expect(record?.ledger.dollars.total).toBeCloseTo(r.ledger?.totalDollars ?? -1, 12);
      expect(record?.indexVersion).toMatch(/^navindex-/);
      expect(record?.selectedNodes).toEqual([`${law.documentId}/${law.nodeId}`]);
    } finally {
      conn.close();
    }
  }, 60_000);

  it("the scope travels to the planner: its index lists only the scoped document; a scope the asker may not read is not found", async () => {
    api.requests.length = 0;
    const r = await ask({
      question: QUESTION,
      mode: searchV1.SearchMode.NAVINDEX,
      principal: DEALS,
      documentIds: [law.documentId],
    });
    expect(r.citations.map((c) => c.documentId)).toEqual([law.documentId]);
    const scoped = systemText(api.requests.filter(isPlan)[0] as StandInRequest);
    api.requests.length = 0;
    await ask({ question: QUESTION, mode: searchV1.SearchMode.NAVINDEX, principal: DEALS });
    const whole = systemText(api.requests.filter(isPlan)[0] as StandInRequest);
    expect(fileNames.size).toBe(4);
    for (const [id, name] of fileNames) {
      expect(whole, name).toContain(name);
      if (id === law.documentId) expect(scoped, name).toContain(name);
      else expect(scoped, name).not.toContain(name);
    }

    api.requests.length = 0;
    const e = await refusal(
      ask({
        question: QUESTION,
        mode: searchV1.SearchMode.NAVINDEX,
        principal: OUTSIDER,
        documentIds: [law.documentId],
      }),
    );
    expect(e.code).toBe(status.NOT_FOUND);
    expect(api.requests).toEqual([]);
  }, 60_000);

  it("a document barred from external models never reaches the model: its readers are answered offline, and told so", async () => {
    for (const principal of [HOLD, BOTH]) {
      api.requests.length = 0;
      const r = await ask({ question: QUESTION, mode: searchV1.SearchMode.NAVINDEX, principal });
      expect(r.answerer, principal.id).toBe("offline");
      expect(r.warnings.join("\n"), principal.id).toMatch(
        new RegExp(`answered offline, not by [^:]+: 1 document\\(s\\).*${barredId}`),
      );
      // Neither process sent the model anything: no plan over an index listing the lease, no answer.
      expect(api.requests, principal.id).toEqual([]);
      expect(r.ledger?.entries ?? []).toEqual([]);
    }
  }, 60_000);

  it("a planner service that is down gives UNAVAILABLE naming the planner, not INTERNAL", async () => {
    expect(await running.get("planner")?.stop()).toBe(0);
    running.delete("planner");
    api.requests.length = 0;
    const e = await refusal(ask({ question: QUESTION, mode: searchV1.SearchMode.NAVINDEX, principal: DEALS }));
    expect(e.code).toBe(status.UNAVAILABLE);
    expect(e.details).toContain("the planner service");
    expect(e.details).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    expect(api.requests).toEqual([]);
  }, 60_000);
});
