import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AnswerRecord, createSqliteAnswerStore } from "@lexnav/answer";
import { createSqliteCatalog, openSqliteDatabase } from "@lexnav/catalog";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const FEE = "The Customer shall pay the Supplier a retainer fee of $25,000 per month, payable in arrears.";
const LATE = "Any retainer fee paid late bears interest at one percent per month until paid.";
const NOTICE = "Either party may terminate this Agreement on ninety days' written notice to the other party.";
const LAW = "This Agreement shall be governed by the laws of the State of New York.";

const SERVICES = `SERVICES AGREEMENT

1. DEFINITIONS

"Services" means the consulting services described in Schedule A, performed by the Supplier.

2. FEES

${FEE}

3. LATE PAYMENT

${LATE}

4. TERMINATION

${NOTICE}

5. GOVERNING LAW

${LAW}
`;

// Characters the parser could not decode, as a damaged extraction leaves them.
const DAMAGED = "The retainer fee is \uFFFD\uFFFD\uFFFD\uFFFD per month under the \uFFFD\uFFFD\uFFFD schedule.";
const SUPPLY = `SUPPLY AGREEMENT

1. PRICE

${DAMAGED}
`;

// Only group beta may read it: its title and text must never reach the triage output.
const SECRET_TITLE = "PROJECT NIGHTINGALE RETAINER LETTER";
const SECRET = "The Client shall pay a monthly retainer fee of $90,000 for the nightingale matter.";
const RESTRICTED = `${SECRET_TITLE}

1. FEES

${SECRET}
`;

interface Triage {
  expected: { stage: string; ranks: Record<string, number>; bestPassageCover: number };
  funnel: { stages: Array<{ stage: string; candidates: number }>; extract: number; cited: number };
}

describe("lexnav triage and eval retrieval --triage", () => {
  let dir: string;
  let db: string;
  const cli = (...argv: string[]) => runCliCaptured([...argv, "--db", db], loadConfig({}), silentLogger);
  const ingest = async (file: string, acl: string) => {
    const r = await cli("ingest", join(dir, file), "--acl", acl, "--json");
    return JSON.parse(r.out).results[0] as { documentId: string; status: string };
  };
  const text = async (id: string): Promise<string> => {
    const h = openSqliteDatabase(db);
    try {
      const catalog = createSqliteCatalog(h);
      const v = (await catalog.getDocument(id))?.currentVersion as string;
      return (await catalog.getVersion(id, v))?.text as string;
    } finally {
      h.close();
    }
  };
  const spanOf = async (id: string, sentence: string, until?: string) => {
    const t = await text(id);
    const start = t.indexOf(sentence);
    expect(start).toBeGreaterThanOrEqual(0);
    const end = until ? t.indexOf(until) + until.length : start + sentence.length;
    return `${id}:${start}-${end}`;
  };
  const triage = async (answerId: string, expect_: string) => {
    const r = await cli("triage", answerId, "--expect", expect_, "--json");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    return { parsed: JSON.parse(r.out) as Triage, raw: r.out };
  };

  let services: string;
  let supply: string;
  let restricted: string;
  let empty: { documentId: string; status: string };
  let answer: AnswerRecord;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-triage-"));
    db = join(dir, "lexnav.sqlite");
    writeFileSync(join(dir, "services-agreement.txt"), SERVICES);
    writeFileSync(join(dir, "supply-agreement.txt"), SUPPLY);
    writeFileSync(join(dir, "retainer-letter.txt"), RESTRICTED);
    writeFileSync(join(dir, "empty.txt"), "");
    services = (await ingest("services-agreement.txt", "group:alpha")).documentId;
    supply = (await ingest("supply-agreement.txt", "group:alpha")).documentId;
    restricted = (await ingest("retainer-letter.txt", "group:beta")).documentId;
    empty = await ingest("empty.txt", "group:alpha");
    // One passage in the extract, so a second passage about the fee is ranked below the cut.
    const r = await cli(
      "ask",
      "What retainer fee is payable per month?",
      "--mode",
      "lexical",
      "--k",
      "1",
      "--offline",
      "--principal",
      "ann",
      "--group",
      "alpha",
      "--json",
    );
    expect(r.code).toBe(0);
    answer = JSON.parse(r.out) as AnswerRecord;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names the stage for a document never ingested, and one that failed", async () => {
    expect((await triage(answer.id, "no-such-document:0-10")).parsed.expected.stage).toBe("not_ingested");
    expect(empty.status).toBe("failed");
    expect((await triage(answer.id, `${empty.documentId}:0-10`)).parsed.expected.stage).toBe("ingest_failed");
  });

  it("names the permission filter without the document's title or text", async () => {
    const { parsed, raw } = await triage(answer.id, await spanOf(restricted, SECRET));
    expect(parsed.expected.stage).toBe("permission_filter");
    const human = await cli("triage", answer.id, "--expect", await spanOf(restricted, SECRET));
    for (const out of [raw, human.out]) {
      expect(out).not.toContain("NIGHTINGALE");
      expect(out.toLowerCase()).not.toContain("nightingale");
      expect(out).not.toContain("90,000");
      expect(out).not.toContain("retainer-letter");
    }
    expect(human.out).toContain(restricted);
  });

  it("names extraction damage, a boundary split and a vocabulary mismatch", async () => {
    expect((await triage(answer.id, await spanOf(supply, DAMAGED))).parsed.expected.stage).toBe("extraction");
    const split = (await triage(answer.id, await spanOf(services, FEE, NOTICE))).parsed.expected;
    expect(split.stage).toBe("boundary");
    expect(split.bestPassageCover).toBeLessThan(0.5);
    const law = (await triage(answer.id, await spanOf(services, LAW))).parsed.expected;
    expect(law.stage).toBe("vocabulary");
    expect(law.ranks).toEqual({});
  });

  it("names ranking for a candidate below the cut, the answer step for an uncited extract, and found", async () => {
    expect(answer.evidence).toHaveLength(1);
    const t = await text(services);
    const inExtract = [FEE, LATE].filter((s) => {
      const at = t.indexOf(s);
      return answer.evidence.some((e) => e.documentId === services && e.start < at + s.length && at < e.end);
    });
    expect(inExtract).toHaveLength(1);
    const kept = inExtract[0] as string;
    const cut = kept === FEE ? LATE : FEE;
    const ranked = (await triage(answer.id, await spanOf(services, cut))).parsed.expected;
    expect(ranked.stage).toBe("ranking");
    expect(ranked.ranks.lexical).toBeGreaterThan(1);

    expect(answer.citations.length).toBeGreaterThan(0);
    expect((await triage(answer.id, await spanOf(services, kept))).parsed.expected.stage).toBe("found");
    // The same answer had its answerer cited nothing: the extract held the evidence, the answer ignored it.
    const h = openSqliteDatabase(db);
    try {
      await createSqliteAnswerStore(h).put({ ...answer, id: `${answer.id}-uncited`, citations: [] });
    } finally {
      h.close();
    }
    expect((await triage(`${answer.id}-uncited`, await spanOf(services, kept))).parsed.expected.stage).toBe("answer");
  });

  it("without --expect prints the funnel; refuses non-operators; audits each use", async () => {
    const r = await cli("triage", answer.id, "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as Triage;
    expect(j.funnel.extract).toBe(1);
    expect(j.funnel.cited).toBe(answer.citations.length);
    expect(j.funnel.stages.find((s) => s.stage === "lexical")?.candidates).toBeGreaterThanOrEqual(2);
    expect(r.out).not.toContain("retainer fee of");

    const refused = await cli("triage", answer.id, "--principal", "ann", "--group", "alpha");
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/operators/);

    const audit = JSON.parse((await cli("audit", "--limit", "100", "--json")).out) as Array<{
      action: string;
      answerId: string | null;
    }>;
    expect(audit.filter((e) => e.action === "triage" && e.answerId === answer.id).length).toBeGreaterThanOrEqual(8);
    expect(audit.some((e) => e.action === "triage (refused)")).toBe(true);
  });

  it("eval retrieval --triage counts questions by the stage their evidence was lost at", async () => {
    const corpus = join(dir, "corpus");
    mkdirSync(join(corpus, "deals"), { recursive: true });
    writeFileSync(join(corpus, "deals", "services-agreement.txt"), SERVICES);
    const file = "deals/services-agreement.txt";
    const tests = [
      // Found: the question's words are the clause's.
      {
        query_id: "fee",
        doc: file,
        query: "What retainer fee is payable per month?",
        snippets: [{ file_path: file, quote: FEE }],
      },
      // Vocabulary: no word of the question is in the governing-law clause.
      {
        query_id: "law",
        doc: file,
        query: "Which jurisdiction controls disputes?",
        snippets: [{ file_path: file, quote: LAW }],
      },
      // Extraction: the quote is not in the extracted text.
      {
        query_id: "gone",
        doc: file,
        query: "What retainer fee is payable per month?",
        snippets: [{ file_path: file, quote: "The Supplier shall deliver ten widgets every week." }],
      },
      // Not ingested: the file is not in the corpus.
      {
        query_id: "absent",
        doc: file,
        query: "What retainer fee is payable per month?",
        snippets: [{ file_path: "deals/missing.txt", quote: FEE }],
      },
    ];
    writeFileSync(join(dir, "bench.json"), JSON.stringify({ tests }));
    const args = ["eval", "retrieval", "--bench", join(dir, "bench.json"), "--corpus", corpus, "--mode", "lexical"];
    const r = await runCliCaptured(
      [...args, "--triage", "--json", "--db", join(dir, "eval.sqlite")],
      loadConfig({}),
      silentLogger,
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { triage: Record<string, number> };
    expect(report.triage).toMatchObject({ found: 1, vocabulary: 1, extraction: 1, not_ingested: 1, ranking: 0 });
    const table = await runCliCaptured(
      [...args, "--triage", "--db", join(dir, "eval.sqlite")],
      loadConfig({}),
      silentLogger,
    );
    expect(table.out).toMatch(/\| vocabulary \| 1 \| 25\.0 \|/);
    const plain = await runCliCaptured(
      [...args, "--json", "--db", join(dir, "eval.sqlite")],
      loadConfig({}),
      silentLogger,
    );
    expect(JSON.parse(plain.out).triage).toBeUndefined();

    // The same folder reached through a symlink is the same corpus: the gold file is found in the store.
    symlinkSync(corpus, join(dir, "corpus-link"));
    const linked = await runCliCaptured(
      ["eval", "retrieval", "--bench", join(dir, "bench.json"), "--corpus", join(dir, "corpus-link")].concat([
        "--mode",
        "lexical",
        "--triage",
        "--json",
        "--db",
        join(dir, "eval.sqlite"),
      ]),
      loadConfig({}),
      silentLogger,
    );
    expect(linked.code).toBe(0);
    expect((JSON.parse(linked.out) as { triage: Record<string, number> }).triage).toMatchObject({ found: 1 });

    // A copy of the files elsewhere fingerprints the same, but the store's documents are not under it: an
    // error naming the folder, never a silent recall of 0.
    cpSync(corpus, join(dir, "corpus-copy"), { recursive: true });
    const copied = await runCliCaptured(
      ["eval", "retrieval", "--bench", join(dir, "bench.json"), "--corpus", join(dir, "corpus-copy")].concat([
        "--mode",
        "lexical",
        "--json",
        "--db",
        join(dir, "eval.sqlite"),
      ]),
      loadConfig({}),
      silentLogger,
    );
    expect(copied.code).not.toBe(0);
    expect(copied.err).toContain("another folder");
  });

  // Last: the wall changes the store the cases above read.
  it("counts an ethical wall placed since as the permission filter", async () => {
    expect((await cli("wall", services, "--deny", "ann")).code).toBe(0);
    expect((await triage(answer.id, await spanOf(services, FEE))).parsed.expected.stage).toBe("permission_filter");
  });
});
