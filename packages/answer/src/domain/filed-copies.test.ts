import { type Filing, filingFor } from "@lexnav/document-model";
import { describe, expect, it } from "vitest";
import { clauses, EARLIER, FORM_A, FORM_B, LATER } from "../../../../test/support/filed-twice.ts";
import { BUILTIN_DECISION_MODEL_PATH, loadDecisionModel } from "../adapters/decision-model-file.ts";
import type { EvidenceItem } from "./evidence.ts";
import { buildExtract } from "./extract.ts";
import { citeOneCopy, type RecordedCopies, recordedCopies, sentenceKey, withCopyNotes } from "./filed-copies.ts";
import { answerFromEvidence, type DraftAnswer } from "./offline-answerer.ts";
import { documentRecord, evidenceItem, passageOf, scoredSentence } from "./test-support.ts";

/** What ingest would have recorded: the copies given, every document served at "v1", filed as its name or `filings` say. */
function record(pairs: Array<[string, string]>, labels: Record<string, string>, filings: Record<string, Filing> = {}) {
  const served = new Map(
    Object.entries(labels).map(([id, label]) => [id, { version: "v1", filing: filings[id] ?? filingFor(label) }]),
  );
  return recordedCopies(
    served,
    pairs.map(([documentId, copyOf]) => ({ documentId, copyOf })),
  );
}
// A different deal that shares one boilerplate sentence.
const OTHER = `SUPPLY AGREEMENT between Gamma Foods Inc. and Delta Retail LLC.\nSection 9 Price. Buyer pays the prices in Schedule A within thirty days of invoice.\n${clauses[4]}\nSection 11 Delivery. Seller delivers the Products to the Buyer's warehouse in Ohio.`;

const EARLIER_NAME = "ParentCorp_20090929_F-1_EX-10.32_4771615_EX-10.32_Content License Agreement";
const LATER_NAME = "SubsidiaryLtd_20140121_DRS (on F-1)_EX-10.26_8473102_EX-10.26_Content License Agreement";

describe("sentenceKey", () => {
  it("ignores case, white space and a hyphen split at a line end", () => {
    expect(sentenceKey("Business-to-\nbusiness  SERVICES.")).toBe(sentenceKey("business-to-business services."));
  });
});

describe("citeOneCopy", () => {
  const texts = new Map([
    ["early", EARLIER],
    ["late", LATER],
    ["formA", FORM_A],
    ["formB", FORM_B],
    ["other", OTHER],
  ]);
  const item = (id: string, docLabel: string, over: Partial<EvidenceItem> = {}) => {
    const text = texts.get(id) ?? "";
    return evidenceItem(id, text, { docLabel, ...over });
  };
  // the line of the item that starts with these words, however its copy spaces them
  const sentence = (it: EvidenceItem, starts: string, p = 0.5) => {
    const line = it.text.split("\n").find((l) => sentenceKey(l).startsWith(sentenceKey(starts))) ?? "";
    return scoredSentence(it, line, { at: it.text.indexOf(line), p });
  };
  const early = item("early", EARLIER_NAME);
  const late = item("late", LATER_NAME);
  const labels = { early: EARLIER_NAME, late: LATER_NAME, formA: "Acme_20230105_10-K_EX-10.2", formB: "x", other: "y" };
  const copies: RecordedCopies = record([["early", "late"]], labels);

  it("cites the later filing's copy of a sentence picked from the earlier, and names the earlier", () => {
    const picked = sentence(early, "Section 2 Fees", 0.9);
    const copy = sentence(late, "Section 2 Fees", 0.7);
    const { kept, notes } = citeOneCopy([picked], [picked, copy], copies);
    expect(kept).toEqual([copy]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`[${EARLIER_NAME}] is a copy of [${LATER_NAME}]`);
    expect(notes[0]).toContain("the later filing, 2014-01-21 against 2009-09-29 (both read from the file names)");
  });

  it("reads which filing is later from the recorded filing: the metadata's date over the file name's", () => {
    const picked = sentence(early, "Section 2 Fees", 0.9);
    const copy = sentence(late, "Section 2 Fees", 0.7);
    // the earlier-named copy was filed again in 2016, as its metadata records
    const refiled = record([["early", "late"]], labels, {
      early: { scheme: "date", key: "2016-03-01", shown: "2016-03-01", from: "metadata" },
    });
    const { kept, notes } = citeOneCopy([picked], [picked, copy], refiled);
    expect(kept).toEqual([picked]);
    expect(notes[0]).toContain("the later filing, 2016-03-01 against 2014-01-21 (one read from a file name)");
  });

  it("cites both when ingest recorded no copy, however alike the texts: nothing is compared at question time", () => {
    const picked = sentence(early, "Section 2 Fees", 0.9);
    const copy = sentence(late, "Section 2 Fees", 0.7);
    expect(citeOneCopy([picked], [picked, copy], record([], labels))).toEqual({ kept: [picked], notes: [] });
    expect(citeOneCopy([picked], [picked, copy], undefined)).toEqual({ kept: [picked], notes: [] });
  });

  it("reads a copy recorded of a version no longer served as no copy", () => {
    const picked = sentence(early, "Section 2 Fees", 0.9);
    const stale = sentence(item("late", LATER_NAME, { version: "v0" }), "Section 2 Fees", 0.7);
    expect(citeOneCopy([picked], [picked, stale], copies).kept).toEqual([picked]);
  });

  it("keeps one citation when both copies were picked", () => {
    const a = sentence(early, "Section 3 Term", 0.8);
    const b = sentence(late, "Section 3 Term", 0.6);
    const other = sentence(early, "Section 6 Assignment", 0.5);
    const { kept, notes } = citeOneCopy([a, b, other], [a, b, other], copies);
    expect(kept).toEqual([b, other]);
    expect(notes).toHaveLength(1);
  });

  it("without dates, prefers the copy filed with its related documents, else keeps the decision's pick", () => {
    const undated = record([["early", "late"]], { early: "License Agreement", late: "Content License Agreement" });
    const bare = item("early", "License Agreement");
    const inSet = item("late", "Content License Agreement", { transactionSetId: "set-7" });
    const a = sentence(bare, "Section 1 Grant");
    const b = sentence(inSet, "Section 1 Grant");
    expect(citeOneCopy([a], [a, b], undated).kept).toEqual([b]);
    const loose = item("late", "Content License Agreement");
    const c = sentence(loose, "Section 1 Grant");
    const kept = citeOneCopy([a], [a, c], undated);
    expect(kept.kept).toEqual([a]);
    expect(kept.notes[0]).toContain("cited from the copy the decision picked");
  });

  it("leaves alone the same clause in two documents not recorded as copies", () => {
    const other = item("other", "Gamma_20200101_8-K_EX-10.1_Supply Agreement");
    const law = sentence(early, "Section 5 Governing Law");
    const same = sentence(other, "Section 5 Governing Law");
    expect(citeOneCopy([law], [law, same], copies)).toEqual({ kept: [law], notes: [] });
    const a = sentence(item("formA", "Acme_20230105_10-K_EX-10.2"), "Section 6 Assignment");
    const b = sentence(item("formB", "Acme_20230106_10-K_EX-10.3"), "Section 6 Assignment");
    expect(citeOneCopy([a], [a, b], copies)).toEqual({ kept: [a], notes: [] });
  });

  it("does not merge a short heading the copies share", () => {
    const heading = scoredSentence(early, "Exhibit 10.32");
    const twin = scoredSentence(late, "Exhibit 10.32");
    expect(citeOneCopy([heading], [heading, twin], copies).kept).toEqual([heading]);
  });
});

describe("withCopyNotes", () => {
  const draft: DraftAnswer = {
    text: '"x" [d]',
    claims: [],
    abstained: false,
    abstainReason: null,
    precedence: ["Controlling: a over b"],
    unsupported: 0,
    confidence: 0.5,
  };
  it("appends the notes to the text and the precedence, and leaves a silence alone", () => {
    const noted = withCopyNotes(draft, ["Same text: n"]);
    expect(noted.text).toBe('"x" [d]\nSame text: n');
    expect(noted.precedence).toEqual(["Controlling: a over b", "Same text: n"]);
    const silent = { ...draft, abstained: true };
    expect(withCopyNotes(silent, ["Same text: n"])).toBe(silent);
  });
});

describe("answerFromEvidence over two filings of one agreement (the shipped decision model)", () => {
  const docs = new Map([
    ["early", documentRecord("early", "base_agreement", null, `${EARLIER_NAME}.txt`)],
    ["late", documentRecord("late", "base_agreement", null, `${LATER_NAME}.txt`)],
  ]);
  const texts = new Map([
    ["early", EARLIER],
    ["late", LATER],
  ]);
  const source = (d: string) => texts.get(d) ?? null;
  const byEvidence = { decision: loadDecisionModel(BUILTIN_DECISION_MODEL_PATH) };

  it("cites the fee clause once, from the later filing, and says the earlier holds the same text", async () => {
    // the earlier filing ranks first, as it did for the deal that prompted the rule
    const extract = await buildExtract(
      [
        passageOf("early", EARLIER, "Section 2 Fees", "Web Site.", "Section 2"),
        passageOf("late", LATER, "Section  2  Fees", "Web  Site.", "Section 2"),
        passageOf("early", EARLIER, "Section 3 Term", "one-year terms.", "Section 3"),
      ],
      {
        text: source,
        document: (id) => docs.get(id) ?? null,
        node: (_d, _v, n) => ({ clauseRef: n, fullRef: null, kind: "section" }) as never,
      },
    );
    const a = await answerFromEvidence(
      "What license fee does the licensee pay for the domain names and content?",
      extract,
      source,
      { ...byEvidence, copies: record([["early", "late"]], { early: EARLIER_NAME, late: LATER_NAME }) },
    );
    expect(a.abstained).toBe(false);
    const cited = a.claims.flatMap((c) => c.citations);
    expect(cited.filter((c) => /license\s+fee/.test(c.quote)).map((c) => c.documentId)).toEqual(["late"]);
    expect(a.text).toContain(`Same text: [${EARLIER_NAME}] Section 2 is a copy of [${LATER_NAME}] Section 2`);
  });
});
