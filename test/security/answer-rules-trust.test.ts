// Issue #16: the offline answer rules that look past the first sentence (definitions, amendments and
// their chain, a named clause, what stands out within each instrument, party scope) never reach what the
// asker may not read, nor what was deleted. End to end through the ask use case over a real embedded
// store: ingest, access change and delete as an operator does them, then ask in every offline mode.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AnswerRecord } from "@lexnav/answer";
import { runCliCaptured } from "@lexnav/cli";
import { DEFAULT_LIMITS, loadConfig, silentLogger } from "@lexnav/core";
import type { Access } from "@lexnav/document-model";
import type { Principal, QueryTrace } from "@lexnav/retrieval";
import { createEmbeddedStack, createStackAsk, type EmbeddedStack } from "@lexnav/stack";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRUST_DEAL, type TrustInstrument } from "../support/trust-deal.ts";

// Counsel reads the whole deal, the deal team what counsel lets it (a set is filed only among documents
// with a reader in common). Each deal of a store has its own two groups, so no asker reads another's.
type Asker = "team" | "counsel";
/** The offline modes: the retrieval modes read the set's amendment edits; inject reads the whole corpus. */
const MODES = ["lexical", "hybrid", "navindex", "inject"] as const;
const RETRIEVAL_MODES = ["lexical", "hybrid", "navindex"] as const;
const EMBEDDER = { dimensions: 16, minDocumentFrequency: 1, maxDocumentShare: 0.9 };

/** Questions each rule answers from the amendment when the asker may read it. */
const AMENDMENT_QUESTIONS = [
  "What is the interest rate on the loans?",
  // named clause
  "How often is interest payable under Section 2.2 of the credit agreement?",
  // definition, restated by the amendment
  "What does Applicable Margin mean?",
  // amendment and the chain of amendments
  "Has Section 2.2 of the credit agreement been amended?",
  "Which amendments changed the interest provision of the credit agreement?",
  // party scope
  "Under the credit agreement between Larkspur Bank and Tessellate Foods, when is interest payable?",
  // within each instrument
  "What do the credit agreement and each amendment say about interest?",
];
/** Questions answered from the side letter's definition when the asker may read it. */
const SIDE_LETTER_QUESTIONS = [
  "What does Fee Holiday mean?",
  "When does no commitment fee accrue?",
  "When must the Borrower pay the commitment fee?",
];

interface Deal {
  stack: EmbeddedStack;
  ids: Partial<Record<TrustInstrument, string>>;
  versions: Partial<Record<TrustInstrument, string>>;
  /** Who may read an instrument restricted to counsel. */
  counselOnly: Access;
  /** The record and every query trace of one question, as the asker is shown them. */
  ask(who: Asker, question: string, mode: (typeof MODES)[number]): Promise<Asked>;
  /** A stored answer run again, shown to `who`. */
  replay(record: AnswerRecord, who: Asker): Promise<AnswerRecord>;
  /** Files an instrument left out at first, with `access`. */
  file(name: TrustInstrument, access: Access): Promise<void>;
}
interface Asked {
  record: AnswerRecord;
  traces: QueryTrace[];
  /** Everything the asker is shown, lower-cased: the record and the traces. */
  shown: string;
}
interface DealSpec {
  /** The transaction set, which also names the deal's two groups. */
  set: string;
  leftOut?: TrustInstrument[];
  /** Filed for counsel only. */
  restricted?: TrustInstrument[];
}

/**
 * One store holding each deal as a set of its own. `fixed`: the test never changes the store, so each
 * question is answered once. (A store starts an ingest worker, which takes seconds: the deals share one.)
 */
async function openStore(specs: DealSpec[], options: { fixed?: boolean } = {}): Promise<Deal[]> {
  const stack = await createEmbeddedStack(":memory:", DEFAULT_LIMITS, silentLogger);
  const asker = createStackAsk({ config: loadConfig({}), catalog: stack.catalog, searcher: stack.searcher }, true);
  const deals: Deal[] = [];
  for (const spec of specs) {
    const principals: Record<Asker, Principal> = {
      team: { id: `${spec.set}-associate`, groups: [`${spec.set}-team`] },
      counsel: { id: `${spec.set}-partner`, groups: [`${spec.set}-counsel`] },
    };
    const counselOnly: Access = { principals: [], groups: [`${spec.set}-counsel`] };
    const whole: Access = { principals: [], groups: [`${spec.set}-counsel`, `${spec.set}-team`] };
    const ids: Deal["ids"] = {};
    const versions: Deal["versions"] = {};
    const file = async (name: TrustInstrument, access: Access) => {
      const doc = TRUST_DEAL[name];
      const r = await stack.pipeline.ingest({
        source: `${spec.set}/${doc.fileName}`,
        bytes: new TextEncoder().encode(doc.text),
        access,
        transactionSetId: spec.set,
      });
      expect(r.status, `${name}: ${JSON.stringify(r.failure)}`).toBe("indexed");
      ids[name] = r.documentId;
      versions[name] = r.version as string;
    };
    for (const name of Object.keys(TRUST_DEAL) as TrustInstrument[])
      if (!spec.leftOut?.includes(name)) await file(name, spec.restricted?.includes(name) ? counselOnly : whole);
    const memo = new Map<string, Asked>();
    deals.push({
      stack,
      ids,
      versions,
      counselOnly,
      file,
      replay: async (record, who) => (await asker.replay(record, principals[who])).replayed,
      async ask(who, question, mode) {
        const key = `${who} ${mode} ${question}`;
        const known = memo.get(key);
        if (known) return known;
        const traces: QueryTrace[] = [];
        const record = await asker.ask({
          question,
          mode,
          principal: principals[who],
          k: 10,
          onTrace: (t) => traces.push(t),
        });
        const asked = { record, traces, shown: JSON.stringify({ record, traces }).toLowerCase() };
        if (options.fixed) memo.set(key, asked);
        return asked;
      },
    });
  }
  await stack.buildDenseIndex({ embedder: EMBEDDER });
  return deals;
}

/**
 * Nothing of `name` in what the asker is shown: not its id or version, not its filed name or title (an
 * answer names an instrument by them), not a word only it holds.
 */
function expectNothingOf(deal: Deal, name: Exclude<TrustInstrument, "base">, asked: Asked, label: string): void {
  const doc = TRUST_DEAL[name];
  const traces = [
    deal.ids[name],
    deal.versions[name],
    doc.fileName.replace(/\.txt$/, ""),
    doc.title,
    ...doc.markers,
  ].filter((t): t is string => t !== undefined);
  for (const t of traces) expect(asked.shown.includes(t.toLowerCase()), `${label}: shows "${t}"`).toBe(false);
}

/** What an answer shows of itself: text, citations, notes and reading aids (no ids, times or index versions). */
function shownAnswer(r: AnswerRecord) {
  return {
    answer: r.answer,
    abstained: r.abstained,
    abstainReason: r.abstainReason,
    citations: r.citations.map((c) => [c.display, c.start, c.end, c.quote]),
    precedence: r.precedence,
    warnings: r.warnings,
    linked: (r.linked ?? []).map((l) => [l.kind, l.words, l.display, l.quote]),
  };
}

const cites = (r: AnswerRecord, documentId: string | undefined) => r.citations.some((c) => c.documentId === documentId);

// One flow over two stores: in the first, `deal` is filed whole, then its amendment is restricted to
// counsel, then deleted, then its side letter is restricted; `restrictedAtIngest` files the amendment
// for counsel only; `filedLater` gets a counsel-only amendment after counsel's answer. The second holds
// `withoutAmendment` and `baseOnly`, which never had what the asker may not read: what it must be shown
// instead. The tests run in order: each starts where the one before left `deal`.
describe("answer rules and what the asker may not read (issue #16)", () => {
  let deal: Deal;
  let restrictedAtIngest: Deal;
  let filedLater: Deal;
  let withoutAmendment: Deal;
  let baseOnly: Deal;

  beforeAll(async () => {
    const [changed, fixed] = await Promise.all([
      openStore([
        { set: "larkspur" },
        { set: "larkspur-r", restricted: ["amendment"] },
        { set: "larkspur-p", leftOut: ["amendment"] },
      ]),
      openStore(
        [
          { set: "larkspur-w", leftOut: ["amendment"] },
          { set: "larkspur-b", leftOut: ["amendment", "sideLetter"] },
        ],
        { fixed: true },
      ),
    ]);
    [deal, restrictedAtIngest, filedLater] = changed as [Deal, Deal, Deal];
    [withoutAmendment, baseOnly] = fixed as [Deal, Deal];
  });
  afterAll(async () => {
    for (const d of [deal, withoutAmendment]) await d?.stack.close();
  });

  it("a permitted reader gets the amendment's clause, over the text it replaced", async () => {
    const rateOf = async (d: Deal, who: Asker, mode: (typeof MODES)[number]) =>
      (await d.ask(who, "What is the interest rate on the loans?", mode)).record;
    // While the deal team may read the amendment, the rules bring it in for them too.
    expect(cites(await rateOf(deal, "team", "lexical"), deal.ids.amendment)).toBe(true);
    await deal.stack.pipeline.setAccess(deal.ids.amendment as string, deal.counselOnly);
    for (const d of [deal, restrictedAtIngest])
      for (const mode of RETRIEVAL_MODES) {
        const rate = await rateOf(d, "counsel", mode);
        expect(cites(rate, d.ids.amendment), mode).toBe(true);
        expect(rate.answer, mode).toContain("payable monthly into the Quorvant collection account");
        expect(rate.precedence.join("\n"), mode).toMatch(
          /^Controlling: \[quorvant-first-amendment\] Section 1 over \[larkspur-credit-agreement\] Section 2\.2/,
        );
        expect(rate.answer, mode).not.toContain("quarterly");
        const margin = (await d.ask("counsel", "What does Applicable Margin mean?", mode)).record;
        expect(cites(margin, d.ids.amendment), mode).toBe(true);
        expect(margin.answer, mode).toContain("3.75% per annum");
      }
  });

  it("an asker who may not read the amendment is answered as if it did not exist", async () => {
    for (const d of [deal, restrictedAtIngest])
      for (const mode of MODES)
        for (const q of AMENDMENT_QUESTIONS) {
          const label = `${mode}: ${q}`;
          const asked = await d.ask("team", q, mode);
          expectNothingOf(d, "amendment", asked, label);
          // no rule marks the agreement's text superseded by what the asker may not read
          expect(asked.record.precedence, label).toEqual([]);
          for (const t of asked.traces) {
            for (const item of t.context?.items ?? []) expect(item.supersededBy, label).toBeNull();
            expect(t.context?.dropped.restricted, label).toBe(0);
          }
          // The same answer as where the amendment was never filed: not even a count tells of it.
          const alone = await withoutAmendment.ask("team", q, mode);
          expect(shownAnswer(asked.record), label).toEqual(shownAnswer(alone.record));
        }
    // and the agreement's own interest clause is what it reads
    for (const mode of MODES) {
      const rate = (await deal.ask("team", "What is the interest rate on the loans?", mode)).record;
      expect(cites(rate, deal.ids.base), mode).toBe(true);
      expect(rate.answer, mode).toContain("payable quarterly in arrears");
    }
  });

  it("nothing of a deleted amendment is cited or read for precedence, even by those who could read it", async () => {
    await deal.stack.pipeline.remove(deal.ids.amendment as string);
    for (const mode of MODES)
      for (const q of AMENDMENT_QUESTIONS) {
        const label = `${mode}: ${q}`;
        const asked = await deal.ask("counsel", q, mode);
        expectNothingOf(deal, "amendment", asked, label);
        expect(asked.record.precedence, label).toEqual([]);
        for (const t of asked.traces)
          expect(t.context?.dropped, label).toMatchObject({ restricted: 0, missingText: 0 });
        const alone = await withoutAmendment.ask("counsel", q, mode);
        expect(shownAnswer(asked.record), label).toEqual(shownAnswer(alone.record));
      }
  });

  it("a defining document reaches its readers only", async () => {
    // While the deal team may read the side letter, its definition answers them.
    for (const mode of MODES) {
      const defined = (await deal.ask("team", "What does Fee Holiday mean?", mode)).record;
      expect(cites(defined, deal.ids.sideLetter), mode).toBe(true);
      expect(defined.answer, mode).toContain("the period of six months after the closing date");
    }
    // and the agreement's clause that uses the term is read with it (a reading aid of the retrieval modes)
    for (const mode of RETRIEVAL_MODES) {
      const fee = (await deal.ask("team", "When must the Borrower pay the commitment fee?", mode)).record;
      expect(cites(fee, deal.ids.base), mode).toBe(true);
      expect(
        fee.linked?.map((l) => [l.words, l.documentId]),
        mode,
      ).toContainEqual(["Fee Holiday", deal.ids.sideLetter]);
    }
    await deal.stack.pipeline.setAccess(deal.ids.sideLetter as string, deal.counselOnly);
    for (const mode of MODES) {
      const counsel = (await deal.ask("counsel", "What does Fee Holiday mean?", mode)).record;
      expect(cites(counsel, deal.ids.sideLetter), mode).toBe(true);
      for (const q of SIDE_LETTER_QUESTIONS) {
        const label = `${mode}: ${q}`;
        const asked = await deal.ask("team", q, mode);
        expectNothingOf(deal, "sideLetter", asked, label);
        expect(shownAnswer(asked.record), label).toEqual(shownAnswer((await baseOnly.ask("team", q, mode)).record));
      }
    }
  });

  it("a replay shows its reader nothing filed since for the original asker only", async () => {
    const q = "What is the interest rate on the loans?";
    const original = (await filedLater.ask("counsel", q, "lexical")).record;
    expect(original.answer).toContain("payable quarterly in arrears");
    await filedLater.file("amendment", filedLater.counselOnly);
    // counsel's replay reads the amendment filed since (the set's edits are read again) ...
    expect(cites(await filedLater.replay(original, "counsel"), filedLater.ids.amendment)).toBe(true);
    // ... the deal team's, which may view an answer drawn from the agreement alone, does not
    const replayed = await filedLater.replay(original, "team");
    expectNothingOf(
      filedLater,
      "amendment",
      { record: replayed, traces: [], shown: JSON.stringify(replayed).toLowerCase() },
      q,
    );
    expect(shownAnswer(replayed)).toEqual(shownAnswer(original));
  });
});

describe("a replay through the CLI (issue #16)", () => {
  const root = mkdtempSync(join(tmpdir(), "lexnav-trust-replay-"));
  const db = join(root, "lexnav.sqlite");
  const config = { ...loadConfig({}), dbPath: db };
  const run = (...argv: string[]) => runCliCaptured([...argv, "--db", db], config, silentLogger);
  const COUNSEL_CLI = ["--principal", "cole", "--group", "counsel"];
  const TEAM_CLI = ["--principal", "dana", "--group", "deal"];
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("shows the deal team nothing of a counsel-only amendment filed after counsel's answer", async () => {
    const write = (dir: string, names: TrustInstrument[]) => {
      mkdirSync(join(root, dir));
      for (const n of names) writeFileSync(join(root, dir, TRUST_DEAL[n].fileName), TRUST_DEAL[n].text);
      return join(root, dir);
    };
    const deal = write("deal", ["base", "sideLetter"]);
    const later = write("later", ["amendment"]);
    const filed = await run("ingest", deal, "--acl", "group:counsel", "--acl", "group:deal", "--set", "larkspur");
    expect(filed.code, filed.err).toBe(0);
    const q = "What is the interest rate on the loans?";
    const asked = await run("ask", q, "--mode", "lexical", "--offline", "--json", ...COUNSEL_CLI);
    expect(asked.code, asked.err).toBe(0);
    const original = JSON.parse(asked.out) as AnswerRecord;
    expect(original.answer).toContain("payable quarterly in arrears");
    const amended = await run("ingest", later, "--acl", "group:counsel", "--set", "larkspur", "--json");
    expect(amended.code, amended.err).toBe(0);
    const amendmentId = (JSON.parse(amended.out) as { results: Array<{ documentId: string }> }).results[0]?.documentId;
    // counsel's replay reads the amendment; the team may view the answer (it drew on the agreement only)
    const own = await run("replay", original.id, "--offline", "--json", ...COUNSEL_CLI);
    expect(JSON.stringify(JSON.parse(own.out).replayed.citations)).toContain(amendmentId);
    for (const json of [["--json"], []]) {
      const theirs = await run("replay", original.id, "--offline", ...json, ...TEAM_CLI);
      expect(theirs.code, theirs.err).toBe(0);
      const shown = `${theirs.out}${theirs.err}`.toLowerCase();
      for (const t of [
        amendmentId,
        "quorvant",
        TRUST_DEAL.amendment.title.toLowerCase(),
        ...TRUST_DEAL.amendment.markers,
      ])
        expect(shown.includes(t as string), `${json}: shows "${t}"`).toBe(false);
    }
  });
});
