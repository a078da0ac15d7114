import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnswerRecord } from "@lexnav/answer";
import { openSqliteDatabase, REDACTED_QUESTION } from "@lexnav/catalog";
import { runCliCaptured } from "@lexnav/cli";
import { type LexnavConfig, loadConfig, silentLogger } from "@lexnav/core";
import type { DocumentRecord } from "@lexnav/document-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MessagesApiStandIn, startMessagesApiStandIn } from "../support/messages-api-stand-in.ts";
import { repoRoot } from "../support/shared.ts";

// A word found in one document only, so a hit (or a quote sent to a model) can only come from it.
const MARKER = "quillfeather";

const contract = (title: string, marker: string) => `${title}

1. DEFINITIONS

"Services" means the ${marker} consulting services described in Schedule A, performed by the Supplier.

2. FEES

The Customer shall pay the Supplier a ${marker} retainer fee of $25,000 per month, payable in arrears.

3. TERMINATION

Either party may terminate this Agreement on ninety days' written notice to the other party.

4. GOVERNING LAW

This Agreement shall be governed by the laws of the State of New York.
`;

const SET_FILES = [1, 2, 3, 4].map((n) => `manufacturing-agreement-${n}.txt`);

describe("law-firm controls: walls, legal hold, external-model bar, audit log", () => {
  let dir: string;
  let db: string;
  let api: MessagesApiStandIn;
  const offline = loadConfig({});
  const run = (config: LexnavConfig, ...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  const cli = (...argv: string[]) => run(offline, ...argv);
  const modelConfig = (): LexnavConfig =>
    loadConfig({
      ANTHROPIC_API_KEY: "sk-ant-test-key",
      ANTHROPIC_BASE_URL: api.url,
      LEXNAV_MODEL_MAX_RETRIES: "0",
      LEXNAV_MODEL_TIMEOUT_MS: "5000",
    });
  const ingest = async (...argv: string[]) => {
    const r = await cli("ingest", ...argv, "--json");
    expect(r.err).toBe("");
    return JSON.parse(r.out) as {
      results: Array<{ documentId: string; status: string; transactionSetId: string | null }>;
    };
  };
  const hits = async (query: string, mode: string, ...who: string[]) => {
    const r = await cli("search", query, "--mode", mode, "--json", ...who);
    expect(r.code).toBe(0);
    return (JSON.parse(r.out) as { hits: Array<{ documentId: string; text: string }> }).hits;
  };
  const record = async (id: string) =>
    (JSON.parse((await cli("list", "--json")).out) as DocumentRecord[]).find((d) => d.id === id);

  let walled: string;
  let other: string;
  let setDir: string;
  let setId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-controls-"));
    db = join(dir, "lexnav.sqlite");
    api = await startMessagesApiStandIn();
    writeFileSync(join(dir, "services-agreement.txt"), contract("MASTER SERVICES AGREEMENT", MARKER));
    writeFileSync(join(dir, "consulting-agreement.txt"), contract("CONSULTING AGREEMENT", "advisory"));
    walled = (await ingest(join(dir, "services-agreement.txt"), "--acl", "group:alpha", "--acl", "group:beta"))
      .results[0]?.documentId as string;
    other = (await ingest(join(dir, "consulting-agreement.txt"), "--acl", "group:alpha")).results[0]
      ?.documentId as string;
    // Three instruments of a deal (the fourth arrives later), which also give the built-in embedder text to fit.
    setDir = join(dir, "deal");
    mkdirSync(setDir);
    for (const f of SET_FILES.slice(0, 3))
      copyFileSync(join(repoRoot, "examples", "manufacturing-agreement", f), join(setDir, f));
    const deal = await ingest(setDir, "--acl", "group:deal-team");
    setId = deal.results.find((r) => r.transactionSetId)?.transactionSetId as string;
    expect((await cli("index", "dense")).code).toBe(0);
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a wall on a document keeps its group out of every store's filter, whatever its access grants", async () => {
    // Scoped to the document, so that every mode returns its passages when the asker may read it.
    // (Words of both fixtures: the built-in embedder keeps no word only one document has.)
    const scoped = (mode: string, ...who: string[]) =>
      hits("retainer fee payable per month", mode, "--doc", walled, ...who);
    for (const mode of ["lexical", "dense", "hybrid", "navembed-r1"])
      expect((await scoped(mode, "--group", "alpha")).length, mode).toBeGreaterThan(0);

    const placed = await cli("wall", walled, "--deny", "group:alpha");
    expect(placed.code).toBe(0);
    expect(placed.out).toContain("group:alpha");

    // Scoped to a document the asker may not read: refused exactly as an unknown document.
    const refusedAs = async (id: string, ...who: string[]) => {
      const r = await cli("search", "retainer fee payable per month", "--doc", id, "--json", ...who);
      return { code: r.code, err: r.err.replaceAll(id, "<id>") };
    };
    for (const mode of ["lexical", "dense", "hybrid", "navembed-r1"]) {
      expect(await refusedAs(walled, "--mode", mode, "--group", "alpha"), mode).toEqual(
        await refusedAs("doc_unknown", "--mode", mode, "--group", "alpha"),
      );
      expect((await refusedAs(walled, "--mode", mode, "--group", "alpha", "--group", "beta")).code, mode).toBe(3);
      expect(await hits(MARKER, mode, "--group", "alpha"), mode).not.toContainEqual(
        expect.objectContaining({ documentId: walled }),
      );
      // A member of both groups is walled out of the store filter too: a deny overrides any membership.
      expect(await hits(MARKER, mode, "--group", "alpha", "--group", "beta"), mode).not.toContainEqual(
        expect.objectContaining({ documentId: walled }),
      );
      // beta alone still reads it. (Not in dense: the walled document is now an access scope of its own,
      // and the built-in embedder keeps no word only one document has, so a one-document scope has no
      // vocabulary to search with.)
      if (mode !== "dense") expect((await scoped(mode, "--group", "beta")).length, mode).toBeGreaterThan(0);
    }
    expect((await hits("advisory", "lexical", "--group", "alpha")).map((h) => h.documentId)).toContain(other);

    // inject reads the catalog: the walled document is not in alpha's corpus.
    const ask = await cli(
      "ask",
      `What is the ${MARKER} retainer fee?`,
      "--mode",
      "inject",
      "--group",
      "alpha",
      "--json",
    );
    expect(ask.code).toBe(0);
    const rec = JSON.parse(ask.out) as AnswerRecord;
    expect(rec.evidence.map((e) => e.documentId)).not.toContain(walled);

    // The wall shows on the record and survives an access change and a re-ingest with --acl.
    expect((await record(walled))?.access.deny).toEqual({ principals: [], groups: ["alpha"] });
    expect((await cli("list")).out).toMatch(new RegExp(`${walled} .*\\[walled: group:alpha\\]`));
    expect((await cli("acl", walled, "--acl", "group:alpha")).code).toBe(0);
    await ingest(join(dir, "services-agreement.txt"), "--acl", "group:alpha", "--acl", "group:beta");
    expect((await record(walled))?.access).toMatchObject({ groups: ["alpha", "beta"], deny: { groups: ["alpha"] } });
    expect((await hits(MARKER, "lexical", "--group", "alpha")).map((h) => h.documentId)).not.toContain(walled);

    // A wall on one principal: alice is out, bob of the same group is in.
    expect((await cli("wall", walled, "--deny", "group:alpha", "--release")).code).toBe(0);
    expect((await cli("acl", walled, "--deny", "alice")).code).toBe(0);
    expect(
      (await hits(MARKER, "lexical", "--principal", "alice", "--group", "alpha")).map((h) => h.documentId),
    ).not.toContain(walled);
    expect(
      (await hits(MARKER, "lexical", "--principal", "bob", "--group", "alpha")).map((h) => h.documentId),
    ).toContain(walled);
    expect((await cli("wall", walled, "--deny", "alice", "--release")).code).toBe(0);
    expect(
      (await hits(MARKER, "lexical", "--principal", "alice", "--group", "alpha")).map((h) => h.documentId),
    ).toContain(walled);
  });

  it("a wall on a transaction set covers its current members and those filed under it later", async () => {
    expect(setId).toBeTruthy();
    expect((await hits("Heritage Premier", "lexical", "--group", "deal-team")).length).toBeGreaterThan(0);

    expect((await cli("wall", "--set", setId, "--deny", "group:deal-team")).code).toBe(0);
    expect(await hits("Heritage Premier", "lexical", "--group", "deal-team")).toEqual([]);

    // The fourth instrument is filed into the walled set by its text: the wall reaches it in the stores.
    const lastFile = join(dir, SET_FILES[3] as string);
    copyFileSync(join(repoRoot, "examples", "manufacturing-agreement", SET_FILES[3] as string), lastFile);
    const later = await ingest(lastFile, "--acl", "group:deal-team");
    expect(later.results[0]?.transactionSetId).toBe(setId);
    const laterId = later.results[0]?.documentId as string;
    expect((await record(laterId))?.access.deny?.groups).toEqual(["deal-team"]);
    for (const mode of ["lexical", "hybrid"])
      expect(
        (await hits("amendment Heritage Premier", mode, "--group", "deal-team")).map((h) => h.documentId),
      ).not.toContain(laterId);

    expect((await cli("wall", "--set", setId, "--deny", "group:deal-team", "--release")).code).toBe(0);
    expect((await hits("Heritage Premier", "lexical", "--group", "deal-team")).length).toBeGreaterThan(0);
  });

  it("a document on legal hold cannot be deleted, and the delete says by whom and since when", async () => {
    const held = await cli("hold", other);
    expect(held.code).toBe(0);
    expect(held.out).toMatch(/on legal hold since \d{4}-\d\d-\d\dT.*, by local/);
    const refused = await cli("delete", other);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(new RegExp(`${other} is on legal hold since \\d{4}-.*, by local`));
    expect((await record(other))?.lifecycle).toBe("indexed");
    expect((await cli("list")).out).toMatch(new RegExp(`${other} .*\\[legal hold since \\d{4}-`));
    expect((await hits("advisory", "lexical", "--group", "alpha")).map((h) => h.documentId)).toContain(other);

    // Only an operator places or releases a hold.
    const notOperator = await cli("hold", other, "--release", "--principal", "mallory", "--group", "alpha");
    expect(notOperator.code).toBe(1);
    expect(notOperator.err).toMatch(/for operators/);
    expect((await cli("hold", other, "--release")).code).toBe(0);
    expect((await record(other))?.legalHold ?? null).toBeNull();
    expect((await cli("delete", other)).code).toBe(0);
    expect((await record(other))?.lifecycle).toBe("deleted");
  });

  it("a hold on a set holds every document of it", async () => {
    expect((await cli("hold", "--set", setId)).code).toBe(0);
    const members = (JSON.parse((await cli("list", "--json")).out) as DocumentRecord[]).filter(
      (d) => d.transactionSetId === setId,
    );
    expect(members.length).toBe(4);
    for (const m of members) {
      const refused = await cli("delete", m.id);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`a hold on its transaction set ${setId}`);
    }
    expect((await cli("hold", "--set", setId, "--release")).code).toBe(0);
  });

  it("text of a document barred from external models never reaches the model; the answer says it was offline", async () => {
    const config = modelConfig();
    api.script([]);
    api.fallback = () => "The documents provided do not answer this question.";
    // Anything of the document's own: its marker word, its title, a sentence (the question names none).
    const QUESTION = "How much is the monthly retainer?";
    const sentMarker = () =>
      api.requests.some((r) =>
        [MARKER, "MASTER SERVICES AGREEMENT", "payable in arrears"].some((t) => JSON.stringify(r.body).includes(t)),
      );
    // Unbarred, the model is sent the document's text (so the check below can fail).
    api.requests.length = 0;
    const before = await run(config, "ask", QUESTION, "--mode", "hybrid", "--group", "beta", "--json");
    expect(before.code).toBe(0);
    expect(sentMarker()).toBe(true);
    const modelAnswer = JSON.parse(before.out) as AnswerRecord;
    expect(modelAnswer.answerer).toBe("model");

    expect((await cli("no-external", walled)).code).toBe(0);
    expect((await record(walled))?.noExternalModel).toBe(true);
    for (const mode of ["hybrid", "inject", "navindex"]) {
      api.requests.length = 0;
      const r = await run(config, "ask", QUESTION, "--mode", mode, "--group", "beta", "--json");
      expect(r.code).toBe(0);
      const rec = JSON.parse(r.out) as AnswerRecord;
      expect(sentMarker(), `${mode}: ${JSON.stringify(api.requests.map((q) => q.body.messages))}`).toBe(false);
      // Everything beta may read is barred: the model is not called at all.
      expect(api.requests).toEqual([]);
      expect(rec.answerer).toBe("offline");
      expect(rec.warnings.join(" ")).toMatch(/answered offline.*not to be sent to an external model/);
      expect(rec.ledger.entries).toEqual([]);
    }
    // A model's answer over the barred text is not replayed through the model either.
    api.requests.length = 0;
    const replay = await run(config, "replay", modelAnswer.id);
    expect(replay.code).toBe(1);
    expect(replay.err).toMatch(/now marked not to be sent to an external model.*not replayed/);
    expect(api.requests).toEqual([]);
    expect((await cli("no-external", walled, "--release")).code).toBe(0);
  });

  it("the audit log records who asked what and what was cited, ids only, and only operators read it", async () => {
    const asked = await cli(
      "ask",
      `What is the ${MARKER} retainer fee?`,
      "--mode",
      "hybrid",
      "--offline",
      "--group",
      "beta",
      "--json",
    );
    const rec = JSON.parse(asked.out) as AnswerRecord;
    await cli("search", "retainer fee", "--mode", "lexical", "--principal", "carol", "--group", "beta");

    const refused = await cli("audit", "--principal", "carol", "--group", "beta");
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/lexnav audit is for operators: members of the group "lexnav-operators"/);
    const allowed = await cli("audit", "--principal", "dana", "--group", "lexnav-operators", "--json");
    expect(allowed.code).toBe(0);
    const entries = JSON.parse(allowed.out) as Array<Record<string, unknown>>;
    const askEntry = entries.find((e) => e.answerId === rec.id);
    expect(askEntry).toMatchObject({
      principal: "anonymous",
      groups: ["beta"],
      channel: "cli",
      action: "ask",
      mode: "hybrid",
      question: rec.question,
      documentIds: [...new Set(rec.citations.map((c) => c.documentId))],
    });
    expect(rec.citations.length).toBeGreaterThan(0);
    expect(entries.find((e) => e.action === "search" && e.principal === "carol")).toMatchObject({
      question: "retainer fee",
      mode: "lexical",
    });
    // Operator views are recorded: the refused audit, the list of every document, the controls placed.
    const actions = entries.map((e) => `${e.principal} ${e.action}`);
    expect(actions).toContain("carol audit (refused)");
    expect(actions).toContain("dana audit");
    expect(actions).toContain("local list");
    expect(actions).toContain("local hold");
    expect(actions).toContain("local wall");
    expect(actions).toContain("local delete (refused)");

    // No document text in the log: a sentence of the document appears in no row.
    const conn = openSqliteDatabase(db);
    try {
      const rows = JSON.stringify(conn.prepare("SELECT * FROM audit_log").all());
      expect(rows).not.toContain("payable in arrears");
      expect(rows).not.toContain("consulting services described in Schedule A");
    } finally {
      conn.close();
    }

    // Deleting the cited document redacts the question of the entries that named it; ids stay.
    expect((await cli("delete", walled)).code).toBe(0);
    const after = JSON.parse((await cli("audit", "--json")).out) as Array<Record<string, unknown>>;
    expect(after.find((e) => e.answerId === rec.id)).toMatchObject({
      question: REDACTED_QUESTION,
      documentIds: [walled],
    });
  });
});
