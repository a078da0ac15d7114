import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AnswerRecord, DEFAULT_DECISION_MODEL_PATH, documentLabel, SILENCE_SENTENCE } from "@lexnav/answer";
import { createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { runCliCaptured } from "@lexnav/cli";
import { type LexnavConfig, loadConfig, silentLogger } from "@lexnav/core";
import { citeableClause } from "@lexnav/document-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type MessagesApiStandIn,
  type StandInRequest,
  startMessagesApiStandIn,
} from "../support/messages-api-stand-in.ts";
import { repoRoot } from "../support/shared.ts";

const LAW = "governed by the laws of the State of California";

describe("lexnav ask / replay / cost", () => {
  let dir: string;
  let db: string;
  let api: MessagesApiStandIn;
  const offlineConfig = loadConfig({});
  const run = (config: LexnavConfig, ...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  const modelConfig = (key = "sk-ant-test-key"): LexnavConfig =>
    loadConfig({
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_BASE_URL: api.url,
      LEXNAV_MODEL_MAX_RETRIES: "0",
      LEXNAV_MODEL_TIMEOUT_MS: "5000",
    });
  // The stored text of a cited version, to check quotes against.
  const storedSlice = async (documentId: string, version: string, start: number, end: number) => {
    const conn = openSqliteDatabase(db);
    try {
      return (await createSqliteCatalog(conn).getVersion(documentId, version))?.text.slice(start, end);
    } finally {
      conn.close();
    }
  };
  // Where the governing-law clause sits: the provision a planner should pick.
  const lawNode = async () => {
    const conn = openSqliteDatabase(db);
    try {
      const catalog = createSqliteCatalog(conn);
      for (const d of await catalog.listDocuments()) {
        if (!d.currentVersion) continue;
        const text = (await catalog.getVersion(d.id, d.currentVersion))?.text ?? "";
        const at = text.indexOf(LAW);
        if (at < 0) continue;
        const node = (await catalog.getNodes(d.id, d.currentVersion))
          .filter((n) => n.start <= at && at < n.end)
          .sort((a, b) => a.end - a.start - (b.end - b.start))[0];
        if (node) return { doc: d, node, label: documentLabel(d, d.id), clause: citeableClause(node) };
      }
    } finally {
      conn.close();
    }
    throw new Error("governing-law clause not found");
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-ask-"));
    db = join(dir, "lexnav.sqlite");
    api = await startMessagesApiStandIn();
    const r = await run(
      offlineConfig,
      "ingest",
      join(repoRoot, "examples", "manufacturing-agreement"),
      "--acl",
      "group:demo",
      "--json",
    );
    expect(r.code).toBe(0);
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("cost prints the crossover and both curves, and refuses bad numbers", async () => {
    const r = await run(
      offlineConfig,
      "cost",
      "--corpus-tokens",
      "120000",
      "--payload-tokens",
      "4000",
      "--index-tokens",
      "15000",
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain("C < R·p_in/p_read = 40,000 tokens -> navembed is cheaper here");
    expect(r.out).toContain("C < I + S·p_in/p_read = 55,000 tokens");
    expect(r.out).toMatch(/cache expired and rewritten every 1 query/);
    const j = JSON.parse(
      (await run(offlineConfig, "cost", "--corpus-tokens", "1000", "--payload-tokens", "500", "--json")).out,
    );
    expect(j.crossover.injectVsNavembed).toBeCloseTo(5000, 6);
    const bad = await run(offlineConfig, "cost", "--corpus-tokens", "lots", "--payload-tokens", "5");
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/--corpus-tokens must be a whole number/);
    expect((await run(offlineConfig, "cost", "--payload-tokens", "5")).err).toMatch(/needs --corpus-tokens/);
  });

  it("ask offline answers with a citation that resolves to the stored text, and replay reproduces it", async () => {
    const r = await run(
      offlineConfig,
      "ask",
      "Which state's law governs the agreement?",
      "--mode",
      "hybrid",
      "--offline",
      "--json",
    );
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.out) as AnswerRecord;
    expect(rec).toMatchObject({ answerer: "offline", mode: "hybrid", abstained: false, promptVersion: "answer-v5" });
    expect(rec.answer).toContain("California");
    expect(rec.indexVersion).not.toBe("");
    expect(rec.selectedNodes.length).toBeGreaterThan(0);
    for (const c of rec.citations) expect(await storedSlice(c.documentId, c.version, c.start, c.end)).toBe(c.quote);
    // a citation a lawyer can check: the document's title (not its file name) and the cited provision
    const law = await lawNode();
    const cited = rec.citations.find((c) => c.documentId === law.doc.id);
    expect(cited?.location?.toLowerCase()).toContain((law.doc.title ?? "").toLowerCase());
    expect(cited?.location).not.toContain(law.doc.fileName.replace(/\.\w+$/, ""));
    if (law.clause) expect(cited?.location).toContain(law.clause);
    // the defined term the cited clause uses, with the definition it has in the set, quoted exactly
    const agreement = rec.linked?.find((l) => l.kind === "definition" && l.words === "Agreement");
    expect(agreement?.quote).toContain('(the "Agreement")');
    expect(
      agreement && (await storedSlice(agreement.documentId, agreement.version, agreement.start, agreement.end)),
    ).toBe(agreement?.quote);
    const shown = await run(offlineConfig, "ask", "Which state's law governs the agreement?", "--offline");
    expect(shown.out).toContain(`[1] ${rec.citations[0]?.location}`);
    expect(shown.out).toMatch(/\ndefinitions:\n {2}\u201cAgreement\u201d \u2014 .*\(the "Agreement"\)/);
    const text = await run(offlineConfig, "replay", rec.id);
    expect(text.code).toBe(0);
    expect(text.out).toContain("the replayed answer is identical");
    expect(text.out).not.toContain("replayed with");
    expect((await run(offlineConfig, "replay", "ans_nope")).code).toBe(3);
    // Replayed with another decision model (same weights, another rule): the record says which.
    expect(rec.model).toMatch(/^lexnav-decision-v1@[0-9a-f]{8}$/);
    const other = JSON.parse(readFileSync(DEFAULT_DECISION_MODEL_PATH, "utf8")) as { rule: { keepRatio: number } };
    other.rule.keepRatio = 0.99;
    writeFileSync(join(dir, "other-model.json"), JSON.stringify(other));
    const again = await run(loadConfig({ LEXNAV_DECISION_MODEL: join(dir, "other-model.json") }), "replay", rec.id);
    expect(again.out).toMatch(
      new RegExp(`answered with ${rec.model}, replayed with lexnav-decision-v1@(?!${rec.model?.split("@")[1]})`),
    );
  });

  it("show prints a cited passage in its context with the span marked, for a reader of its documents only", async () => {
    const rec = JSON.parse(
      (await run(offlineConfig, "ask", "Which state's law governs the agreement?", "--offline", "--json")).out,
    ) as AnswerRecord;
    expect(rec.citations.length).toBeGreaterThan(0);
    const first = rec.citations[0] as AnswerRecord["citations"][number];
    const one = await run(offlineConfig, "show", rec.id, "1", "--json");
    expect(one.code).toBe(0);
    const report = JSON.parse(one.out) as {
      passages: Array<{
        n: number;
        cited: string;
        before: string;
        after: string;
        contextStart: number;
        location: string;
      }>;
    };
    expect(report.passages.map((p) => p.n)).toEqual([1]);
    const p = report.passages[0] as (typeof report.passages)[number];
    // the cited span is the stored text, and the context around it is the stored text too
    expect(p.cited).toBe(await storedSlice(first.documentId, first.version, first.start, first.end));
    expect(p.before + p.cited + p.after).toBe(
      await storedSlice(
        first.documentId,
        first.version,
        p.contextStart,
        p.contextStart + p.before.length + p.cited.length + p.after.length,
      ),
    );
    expect(p.before.length + p.after.length).toBeGreaterThan(0);
    expect(p.location).toBe(first.location);
    const text = await run(offlineConfig, "show", rec.id);
    expect(text.out).toContain(`»»${first.quote}««`);
    expect(text.out).toContain(`[1] ${first.location}`);
    // as replay: an answer over documents the reader may not read is unknown, like a wrong id
    const stranger = await run(offlineConfig, "show", rec.id, "--principal", "mallory");
    const unknown = await run(offlineConfig, "show", "ans_nope");
    expect([stranger.code, unknown.code]).toEqual([3, 3]);
    expect(stranger.err.replace(rec.id, "ID")).toBe(unknown.err.replace("ans_nope", "ID"));
    expect(stranger.out).toBe("");
    // a passage it does not have, or not a number, is an error naming what there is
    const beyond = await run(offlineConfig, "show", rec.id, String(rec.citations.length + 1));
    expect(beyond.code).toBe(3);
    expect(beyond.err).toContain(`show 1 to ${rec.citations.length}`);
    expect((await run(offlineConfig, "show", rec.id, "first")).code).toBe(1);
    expect((await run(offlineConfig, "show")).code).toBe(2);
  });

  it("search shows the passages a mode retrieves, as stored, for the asker only, and refuses bad input", async () => {
    const r = await run(offlineConfig, "search", "Which state's law governs the agreement?", "--k", "3", "--json");
    expect(r.code).toBe(0);
    const { hits, trace } = JSON.parse(r.out) as {
      hits: Array<{ rank: number; documentId: string; version: string; start: number; end: number; text: string }>;
      trace: { mode: string; routedBy?: string; filters: { principal: string } };
    };
    expect(hits.map((h) => h.rank)).toEqual([1, 2, 3]);
    for (const h of hits) expect(await storedSlice(h.documentId, h.version, h.start, h.end)).toBe(h.text);
    expect(hits.some((h) => h.text.includes(LAW))).toBe(true);
    expect(trace).toMatchObject({ mode: "hybrid", filters: { principal: "local" } });
    const text = await run(offlineConfig, "search", "Which state's law governs the agreement?", "--mode", "lexical");
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^1\. .+ \[\d+, \d+\) {2}score /);
    expect(text.out).toContain("mode lexical");
    // nobody else's documents, in the results or the trace
    const stranger = await run(offlineConfig, "search", "governing law", "--principal", "mallory", "--json");
    expect(JSON.parse(stranger.out).hits).toEqual([]);
    expect((await run(offlineConfig, "search", "governing law", "--mode", "psychic")).err).toMatch(/unknown mode/);
    expect((await run(offlineConfig, "search", "governing law", "--k", "0")).err).toMatch(/--k must be/);
    expect((await run(offlineConfig, "search", " ")).code).toBe(1);
  });

  it("ask and search keep to the documents named by --doc or --set, and the record says so", async () => {
    const { doc } = await lawNode();
    const others = JSON.parse((await run(offlineConfig, "list", "--json")).out) as Array<{ id: string }>;
    const other = others.map((d) => d.id).find((id) => id !== doc.id) as string;
    const only = JSON.parse(
      (await run(offlineConfig, "search", "governing law", "--doc", other, "--k", "5", "--json")).out,
    ) as { hits: Array<{ documentId: string }>; trace: { filters: { documents?: string[] } } };
    expect(only.hits.every((h) => h.documentId === other)).toBe(true);
    expect(only.trace.filters.documents).toEqual([other]);
    const scoped = JSON.parse(
      (
        await run(
          offlineConfig,
          "ask",
          "Which state's law governs the agreement?",
          "--doc",
          doc.id,
          "--offline",
          "--json",
        )
      ).out,
    ) as AnswerRecord;
    expect(scoped.scope).toEqual([doc.id]);
    expect(scoped.citations.length).toBeGreaterThan(0);
    expect(scoped.citations.every((c) => c.documentId === doc.id)).toBe(true);
    // a set with no documents is an error, never a silence nor a search of everything
    const none = await run(offlineConfig, "ask", "Which state's law governs the agreement?", "--set", "no-such-set");
    expect(none).toMatchObject({ code: 3, out: "" });
    expect(none.err).toContain('no transaction set "no-such-set"');
  });

  it("ask reads the index version it is told to, and refuses one that is not there", async () => {
    const first = JSON.parse(
      (await run(offlineConfig, "ask", "Which state's law governs the agreement?", "--mode", "hybrid", "--json")).out,
    ) as AnswerRecord;
    const again = JSON.parse(
      (
        await run(
          offlineConfig,
          "ask",
          "Which state's law governs the agreement?",
          "--mode",
          "hybrid",
          "--index-version",
          first.indexVersion,
          "--json",
        )
      ).out,
    ) as AnswerRecord;
    expect(again.indexVersion).toBe(first.indexVersion);
    expect(again.citations.map((c) => c.start)).toEqual(first.citations.map((c) => c.start));
    const gone = await run(offlineConfig, "search", "governing law", "--index-version", "lex-nope");
    expect(gone.code).toBe(3);
    expect(gone.err).toMatch(/lexical index version lex-nope is not there/);
  });

  it("ask handles bad input clearly: empty, 50 KB, another language, an unknown mode, nobody's documents", async () => {
    const empty = await run(offlineConfig, "ask", "  ");
    expect([empty.code, empty.err]).toEqual([1, "lexnav: the question is empty: ask something about the documents"]);
    const big = await run(offlineConfig, "ask", "x".repeat(50 * 1024));
    expect(big.code).toBe(1);
    expect(big.err).toMatch(/at most 4000 are accepted/);
    const de = await run(offlineConfig, "ask", "Welches Recht gilt für den Vertrag und die Parteien?", "--json");
    expect(de.code).toBe(0);
    expect(JSON.parse(de.out)).toMatchObject({ abstained: true, answer: SILENCE_SENTENCE });
    expect(JSON.parse(de.out).abstainReason).toMatch(/English questions only/);
    expect((await run(offlineConfig, "ask", "what?", "--mode", "psychic")).err).toMatch(/unknown mode "psychic"/);
    const stranger = await run(
      offlineConfig,
      "ask",
      "Which state's law governs the agreement?",
      "--principal",
      "mallory",
      "--json",
    );
    expect(JSON.parse(stranger.out)).toMatchObject({ abstained: true, citations: [] });
  });

  it("navindex with a model: planner over the cached compact index, invented ids rejected, fetched provisions answered and verified", async () => {
    const { doc, node, label, clause } = await lawNode();
    api.requests.length = 0;
    api.script([
      { kind: "reply", text: `${doc.id} ${node.id}\ndoc_invented n_invented` },
      {
        kind: "reply",
        text: (req: StandInRequest) => {
          expect(JSON.stringify(req.body.messages)).toContain(LAW); // the fetched provision is the evidence
          return `California law governs. [${label}]${clause ? ` ${clause}` : ""} "${LAW}"\nIt also bans exports. [${label}] "no such words in the contract"`;
        },
      },
    ]);
    const r = await run(
      modelConfig(),
      "ask",
      "Which state's law governs the agreement?",
      "--mode",
      "navindex",
      "--json",
    );
    expect(r.err).toBe("");
    const rec = JSON.parse(r.out) as AnswerRecord;
    expect(rec).toMatchObject({ answerer: "model", model: "claude-sonnet-5-5", abstained: false, unsupported: 1 });
    expect(rec.selectedNodes).toEqual([`${doc.id}/${node.id}`]);
    expect(rec.warnings.join(" ")).toMatch(/not in the index/);
    expect(rec.answer).toContain("California law governs");
    expect(rec.answer).not.toContain("bans exports");
    for (const c of rec.citations) expect(await storedSlice(c.documentId, c.version, c.start, c.end)).toBe(LAW);
    expect(rec.ledger.entries.map((e) => e.stage)).toEqual(["plan", "answer"]);
    expect(rec.ledger.entries[0]?.cacheWriteTokens).toBeGreaterThan(0);
    expect(rec.ledger.dollars.total).toBeGreaterThan(0);
    const plan = api.requests[0]?.body.system as Array<{ text: string; cache_control?: unknown }>;
    expect(plan[1]?.cache_control).toEqual({ type: "ephemeral" });
  });

  it("navindex with a model fetches at most 3,000 tokens of planned provisions, as exact spans", async () => {
    // The planner names the ten largest provisions of the set (far more than the budget).
    const conn = openSqliteDatabase(db);
    let planned: string[];
    try {
      const catalog = createSqliteCatalog(conn);
      const sized: Array<{ d: string; n: string; size: number }> = [];
      for (const d of (await catalog.listDocuments()).filter((x) => x.currentVersion))
        for (const n of await catalog.getNodes(d.id, d.currentVersion as string))
          sized.push({ d: d.id, n: n.id, size: n.end - n.start });
      planned = sized
        .sort((a, b) => b.size - a.size)
        .slice(0, 10)
        .map((x) => `${x.d} ${x.n}`);
    } finally {
      conn.close();
    }
    api.script([
      { kind: "reply", text: planned.join("\n") },
      { kind: "reply", text: SILENCE_SENTENCE },
    ]);
    const r = await run(modelConfig(), "ask", "What does the agreement say?", "--mode", "navindex", "--json");
    const rec = JSON.parse(r.out) as AnswerRecord;
    expect(rec.selectedNodes).toHaveLength(10);
    expect(rec.contextTokens).toBeGreaterThan(2000);
    expect(rec.contextTokens).toBeLessThanOrEqual(3000);
    expect(rec.evidence.length).toBeLessThan(10);
    for (const e of rec.evidence)
      expect((await storedSlice(e.documentId, e.version, e.start, e.end))?.length).toBe(e.end - e.start);
  });

  it("inject with a model caches the corpus: the second question reads it", async () => {
    api.fallback = () => SILENCE_SENTENCE;
    const first = JSON.parse(
      (await run(modelConfig(), "ask", "Who manufactures the products?", "--mode", "inject", "--json")).out,
    ) as AnswerRecord;
    const second = JSON.parse(
      (await run(modelConfig(), "ask", "Who pays for shipping?", "--mode", "inject", "--json")).out,
    ) as AnswerRecord;
    expect(first.abstained).toBe(true);
    expect(first.ledger.tokens.cacheWrite).toBeGreaterThan(5000);
    expect(second.ledger.tokens.cacheRead).toBe(first.ledger.tokens.cacheWrite);
    expect(second.ledger.dollars.total).toBeLessThan(first.ledger.dollars.total);
    const text = await run(modelConfig(), "ask", "Who pays for shipping?", "--mode", "inject");
    expect(text.out).toMatch(/cache-read/);
    expect(text.out).toMatch(/^total/m);
  });

  it("a model answer neither reads the offline evidence model nor fails on a broken one; offline it is a clear error", async () => {
    api.fallback = () => SILENCE_SENTENCE;
    writeFileSync(join(dir, "broken-model.json"), "{ not json");
    const path = join(dir, "broken-model.json");
    const withKey = { ...modelConfig(), decisionModelPath: path, evidenceModelPath: path };
    const r = await run(withKey, "ask", "Who pays for shipping?", "--mode", "hybrid", "--json");
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as AnswerRecord).answerer).toBe("model");
    // offline, the decision model by default, the wording model under LEXNAV_ANSWERER=wording
    const offline = await run(
      loadConfig({ LEXNAV_DECISION_MODEL: path }),
      "ask",
      "Who pays for shipping?",
      "--mode",
      "hybrid",
    );
    expect(offline.code).toBe(1);
    expect(offline.err).toMatch(/decision model .*broken-model\.json is not usable/);
    const wording = loadConfig({ LEXNAV_ANSWERER: "wording", LEXNAV_EVIDENCE_MODEL: path });
    const old = await run(wording, "ask", "Who pays for shipping?", "--mode", "hybrid");
    expect(old.code).toBe(1);
    expect(old.err).toMatch(/evidence model .*broken-model\.json is not usable/);
  });

  it("a bad key is a clear error, not a crash", async () => {
    const r = await run(
      modelConfig("sk-wrong"),
      "ask",
      "Which state's law governs the agreement?",
      "--mode",
      "lexical",
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/rejected the API key \(401\): check ANTHROPIC_API_KEY/);
  });
});
