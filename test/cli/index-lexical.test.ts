import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@lexnav/catalog";
import { runCliCaptured } from "@lexnav/cli";
import { loadConfig, silentLogger } from "@lexnav/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// One corporate NDA form filed twice: the same opening, each participant named only where it signs.
const form = (participant: string) =>
  `CORPORATE NON-DISCLOSURE AGREEMENT

This Agreement is made by and between Orbis Corporation ("Orbis") and the Participant identified below ("Participant").

${Array.from(
  { length: 12 },
  (_, i) =>
    `${i + 1}. OBLIGATION ${i + 1}. The receiving party will hold the Confidential Information of the disclosing party in confidence and use it only for the purpose of the discussions between the parties.`,
).join("\n\n")}

13. GOVERNING LAW. This Agreement will be governed by the laws of the State of Delaware.

AGREED:
ORBIS CORPORATION
PARTICIPANT: ${participant}
/s/ Jane Doe
`;

interface SearchOut {
  hits: Array<{ documentId: string }>;
  trace: { indexVersion: string; stages: Array<{ stage: string; candidates: Array<{ id: string }> }> };
}

describe("lexnav index lexical: the lexical index built again from the stored text", () => {
  let dir: string;
  let db: string;
  const cli = (...argv: string[]) => runCliCaptured([...argv, "--db", db], loadConfig({}), silentLogger);
  const ids: Record<string, string> = {};
  const search = async (query: string, ...who: string[]) => {
    const r = await cli("search", query, "--mode", "hybrid", "--json", ...(who.length > 0 ? who : ["--group", "deal"]));
    expect(r.code, r.err).toBe(0);
    return JSON.parse(r.out) as SearchOut;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "lexnav-index-lexical-"));
    db = join(dir, "lexnav.sqlite");
    // Filed under names that do not name the participant, so only the card's close can.
    for (const [n, key, participant] of [
      [1, "zorblax", "Zorblax Communications"],
      [2, "quintara", "Quintara Systems"],
    ]) {
      const file = join(dir, `nda-${n}.txt`);
      writeFileSync(file, form(participant as string));
      const r = await cli("ingest", file, "--acl", "group:deal", "--json");
      expect(r.code, r.err).toBe(0);
      ids[key as string] = (JSON.parse(r.out) as { results: Array<{ documentId: string }> }).results[0]
        ?.documentId as string;
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The card a document has in the active lexical version, read from the store itself.
  const cardOf = (documentId: string): string => {
    const raw = openSqliteDatabase(db);
    try {
      const row = raw
        .prepare(
          `SELECT f.card AS card FROM lex_cards c JOIN lex_cards_fts f ON f.rowid = c.rowid
           WHERE c.document_id = ? ORDER BY c.index_version DESC LIMIT 1`,
        )
        .get(documentId) as { card: string } | undefined;
      return row?.card ?? "";
    } finally {
      raw.close();
    }
  };

  it("gives a store carded by older code the names the close gives, in a new version, walls kept", async () => {
    const question = "Which law governs the Zorblax NDA?";
    expect(cardOf(ids.zorblax as string)).toContain("Zorblax Communications");
    // A store written before cards read the close: its cards hold the opening only.
    const raw = openSqliteDatabase(db);
    raw.prepare("UPDATE lex_cards_fts SET card = substr(card, 1, instr(card, '1. OBLIGATION'))").run();
    raw.close();
    expect(cardOf(ids.zorblax as string)).not.toContain("Zorblax");
    const before = await search(question);
    const beforeHits = before.hits.map((h) => h.documentId);

    // A wall stands on one of them; the rebuild must keep it.
    expect((await cli("wall", ids.quintara as string, "--deny", "mallory")).code).toBe(0);

    const r = await cli("index", "lexical", "--json");
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { indexVersion: string; replaced: string; documents: number; passages: number };
    expect(report.documents).toBe(2);
    expect(report.passages).toBeGreaterThan(2);
    expect(report.replaced).toBe(before.trace.indexVersion);
    expect(report.indexVersion).not.toBe(report.replaced);
    expect(cardOf(ids.zorblax as string)).toContain("Zorblax Communications");
    expect(cardOf(ids.quintara as string)).toContain("Quintara Systems");

    const after = await search(question);
    expect(after.trace.indexVersion).toBe(report.indexVersion);
    expect(after.trace.stages.find((s) => s.stage === "route")?.candidates[0]?.id).toBe(ids.zorblax);
    // The same passages as ingestion wrote: the dense index's ids still name them.
    expect(after.hits.map((h) => h.documentId)).toEqual(beforeHits);
    // The old version is gone: asking for it is refused, not answered from stale passages.
    const old = await cli("search", question, "--index-version", report.replaced, "--group", "deal", "--json");
    expect(old.code).not.toBe(0);
    // The walled principal still reads nothing of the walled document in the rebuilt index; another reader does.
    // (Lexical alone: only the walled document's close writes "Quintara", and this is the index rebuilt.)
    const lexical = async (who: string) => {
      const r = await cli("search", "Quintara", "--mode", "lexical", "--principal", who, "--group", "deal", "--json");
      expect(r.code, r.err).toBe(0);
      return (JSON.parse(r.out) as SearchOut).hits.map((h) => h.documentId);
    };
    expect(await lexical("alice")).toContain(ids.quintara);
    expect(await lexical("mallory")).not.toContain(ids.quintara);
  });
});
