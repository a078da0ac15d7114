import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LIMITS } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { describe, expect, it } from "vitest";
import { type DocumentProfile, isPartyRole, profileDocument } from "../profile/profile-document.ts";
import { enrichStructure } from "./enrich-structure.ts";
import { buildTestStructure, spanOf } from "./test-tree.ts";
import {
  type FiledCandidate,
  fileIntoSet,
  fileNameKey,
  type GroupingCandidate,
  groupTransactionSets,
  instrumentName,
  linkTransactionSet,
  type TransactionMember,
  transactionPartners,
} from "./transaction-set.ts";

const corpus = join(process.env.LEXNAV_SHARED_DIR ?? join(import.meta.dirname, "../../../../../shared"), "corpus");

const BASE = `CREDIT AGREEMENT

This CREDIT AGREEMENT dated as of February 26, 1996 among ACME CORP. (the "Borrower") and FIRST BANK (the "Agent").

Section 1.01 Defined Terms.
"Applicable Margin" means 2.5% per annum.
Section 2.01 Commitment. The Lender shall make Loans.
(a) Loans are due in 30 days.
Section 2.02 Interest. Interest accrues at the Applicable Margin.
`;

const AMENDMENT = `AMENDMENT NO. 1 TO CREDIT AGREEMENT

This AMENDMENT NO. 1 dated as of March 1, 1997 among ACME CORP. (the "Borrower") and FIRST BANK (the "Agent") amends that certain Credit Agreement dated as of February 26, 1996 (the "Credit Agreement").

1. Section 2.01(a) of the Credit Agreement is amended to read "60 days"; Section 2.02 is amended to raise the Applicable Margin, as defined in the Credit Agreement.
2. This Amendment takes effect on its date.
`;

function member(documentId: string, text: string, specs: Parameters<typeof buildTestStructure>[2]): TransactionMember {
  const structure = buildTestStructure(documentId, text, specs);
  const profile = profileDocument(text, structure);
  return {
    documentId,
    profile,
    effectiveDate: profile.effectiveDate,
    structure: enrichStructure(structure, text, { profile }),
    text,
  };
}

function baseMember(): TransactionMember {
  const s = (from: string, to?: string) => spanOf(BASE, from, to);
  return member("base", BASE, [
    { kind: "document", start: 0, end: BASE.length, parent: null },
    { kind: "section", fullRef: "1.01", ...s("Section 1.01", "Section 2.01"), parent: 0 },
    {
      kind: "definition",
      fullRef: 'Definition "Applicable Margin"',
      definesTerms: ["Applicable Margin"],
      ...s('"Applicable', "Section 2.01"),
      parent: 1,
    },
    { kind: "section", fullRef: "2.01", ...s("Section 2.01", "Section 2.02"), parent: 0 },
    { kind: "clause", fullRef: "2.01(a)", ...s("(a) Loans", "Section 2.02"), parent: 3 },
    { kind: "section", fullRef: "2.02", ...s("Section 2.02"), parent: 0 },
  ]);
}

function amendmentMember(): TransactionMember {
  const s = (from: string, to?: string) => spanOf(AMENDMENT, from, to);
  return member("amd", AMENDMENT, [
    { kind: "document", start: 0, end: AMENDMENT.length, parent: null },
    { kind: "section", fullRef: "1", ...s("1. Section", "2. This"), parent: 0 },
    { kind: "section", fullRef: "2", ...s("2. This"), parent: 0 },
  ]);
}

describe("linkTransactionSet", () => {
  const base = baseMember();
  const amendment = amendmentMember();
  const linked = linkTransactionSet([base, amendment]);
  const linkedAmendment = linked.find((m) => m.documentId === "amd")!;
  const section1 = linkedAmendment.structure.nodes[1]!;

  it("resolves the amendment's references into the base agreement, keeping them external", () => {
    const byText = Object.fromEntries(section1.xrefs.map((x) => [x.text, x]));
    expect(byText["Section 2.01(a)"]).toMatchObject({
      status: "external",
      externalDocument: "Credit Agreement",
      targetDocumentId: "base",
      targetNodeId: "base:n4",
    });
    // bare "Section 2.02" in an amendment points into the amended agreement
    expect(byText["Section 2.02"]).toMatchObject({
      status: "external",
      targetDocumentId: "base",
      targetNodeId: "base:n5",
    });
    expect(byText["as defined in the Credit Agreement"]).toMatchObject({
      kind: "document",
      targetDocumentId: "base",
      targetNodeId: "base:n0",
    });
  });

  it("links a term defined in the base agreement and used in the amendment", () => {
    expect(amendment.structure.nodes[1]!.termUses).toEqual([]);
    const uses = section1.termUses.map((u) => [u.term, u.definitionDocumentId, u.definitionNodeId]);
    expect(uses).toContainEqual(["Applicable Margin", "base", "base:n2"]);
    for (const u of section1.termUses) expect(AMENDMENT.slice(u.start, u.end)).toBe(u.term);
  });

  it("leaves the base agreement's own links alone and is idempotent", () => {
    const linkedBase = linked.find((m) => m.documentId === "base")!;
    expect(linkedBase.structure.nodes.map((n) => n.termUses)).toEqual(base.structure.nodes.map((n) => n.termUses));
    const again = linkTransactionSet(linked);
    expect(again.map((m) => m.structure.nodes)).toEqual(linked.map((m) => m.structure.nodes));
  });
});

describe("groupTransactionSets", () => {
  it("reads instrument names from titles", () => {
    expect(instrumentName("AMENDMENT NO. 3 TO AMENDED AND RESTATED CREDIT AGREEMENT")).toBe("credit agreement");
    expect(instrumentName("Manufacturing Agreement dated July 1, 2017")).toBe("manufacturing agreement");
    expect(fileNameKey("cuad/X_EX-10.12_Manufacturing Agreement3.txt")).toBe("X_EX-10.12");
    expect(fileNameKey("Services Agreement_Part2.txt")).toBe("Services Agreement");
  });

  it("groups an amendment with the base it names when they share a party", () => {
    const a = baseMember();
    const b = amendmentMember();
    const other = {
      documentId: "other",
      profile: profileDocument('CREDIT AGREEMENT\n\namong ZED LLC (the "Borrower") and Y BANK (the "Agent").'),
    };
    const sets = groupTransactionSets([
      { documentId: "base", profile: a.profile },
      other,
      { documentId: "amd", profile: b.profile },
    ]);
    expect(sets).toEqual([{ id: "base", documentIds: ["base", "amd"] }]);
  });

  it("does not join unrelated deals on generic role terms or a bare 'Agreement'", () => {
    // Two registration rights agreements of different SPACs whose only common defined terms are roles.
    const restated = profileDocument(
      'AMENDED AND RESTATED REGISTRATION RIGHTS AGREEMENT\n\nThis Amended and Restated Registration Rights Agreement amends the Registration Rights Agreement dated as of May 10, 2022 among MONTEREY CAPITAL ACQUISITION CORPORATION (the "Company"), the holders (the "Holders" and each a "Holder") and the ConnectM holders (the "ConnectM Holders").',
    );
    const unrelated = profileDocument(
      'REGISTRATION RIGHTS AGREEMENT\n\nThis Registration Rights Agreement is made among HNR ACQUISITION CORP. (the "Company"), CIC POGO LP (together with its transferees, the "Holders" and each a "Holder").',
    );
    expect(restated.role).toBe("restatement");
    expect(
      groupTransactionSets([
        { documentId: "a", profile: restated },
        { documentId: "b", profile: unrelated },
      ]),
    ).toEqual([]);
    expect(isPartyRole("Holders")).toBe(true);
    expect(isPartyRole("Company Stockholders")).toBe(true);
    expect(isPartyRole("Merger Sub")).toBe(true);
    expect(isPartyRole("Heritage")).toBe(false);
    // An amendment of "the Agreement dated as of ..." names no instrument: it joins nothing by content.
    const bare = profileDocument(
      'AMENDMENT NO. 1 TO\n\nThis Amendment No. 1 amends the Agreement dated as of November 2, 2022 among MASONITE CORPORATION (the "Buyer") and HNR ACQUISITION CORP. (the "Company").',
    );
    expect(
      groupTransactionSets([
        { documentId: "amd", profile: bare },
        { documentId: "b", profile: unrelated },
      ]),
    ).toEqual([]);
  });

  it("recovers every CUAD transaction set from the 510 file names and texts", () => {
    const sets = JSON.parse(readFileSync(join(corpus, "cuad-transaction-sets.json"), "utf8")) as Array<{
      members: Array<{ file: string }>;
    }>;
    const files = readdirSync(join(corpus, "cuad"))
      .filter((f) => f.endsWith(".txt"))
      .sort();
    const proposed = groupTransactionSets(
      files.map((f) => ({
        documentId: `cuad/${f}`,
        fileName: f,
        profile: profileDocument(readFileSync(join(corpus, "cuad", f), "utf8")),
      })),
    );
    const asKeys = new Set(proposed.map((p) => p.documentIds.slice().sort().join("\n")));
    for (const set of sets)
      expect(
        asKeys.has(
          set.members
            .map((m) => m.file)
            .sort()
            .join("\n"),
        ),
      ).toBe(true);
    // a few more groups than the list: same filing and exhibit number (e.g. an agreement and its "_Amendment")
    expect(proposed.length).toBeLessThanOrEqual(sets.length + 6);
  });

  it("never files documents together on their file names alone", () => {
    // the same names as a real CUAD set, texts of unrelated deals
    const a = profileDocument(
      "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Zorblax Widgets LLC and Quillon Foods Inc.",
    );
    const b = profileDocument("LEASE\n\nThis Lease is made between Harrowgate Properties LLC and Tamsin Vetch.");
    const named = (f: string, profile: DocumentProfile) => ({ documentId: f, fileName: f, profile });
    expect(
      groupTransactionSets([
        named("X_EX-10.12_Manufacturing Agreement1.txt", a),
        named("X_EX-10.12_Manufacturing Agreement2.txt", b),
      ]),
    ).toEqual([]);
    expect(transactionPartners(named("Notice1.txt", a), [named("Notice2.txt", b)])).toEqual([]);
    // the same names, texts of one deal
    const a2 = profileDocument("SCHEDULE B\n\nPricing for the Zorblax Widgets supply to Quillon Foods.");
    expect(transactionPartners(named("Notice1.txt", a), [named("Notice2.txt", a2)]).map((d) => d.documentId)).toEqual([
      "Notice2.txt",
    ]);
  });

  it("files together only documents some reader may read all of", () => {
    const base = profileDocument(BASE);
    const amendment = profileDocument(
      'FIRST AMENDMENT TO CREDIT AGREEMENT\n\nThis FIRST AMENDMENT dated as of March 1, 1996 amends the Credit Agreement dated as of February 26, 1996 among ACME CORP. (the "Borrower") and FIRST BANK (the "Agent").',
    );
    const alpha = { principals: [], groups: ["alpha"] };
    const beta = { principals: [], groups: ["beta"] };
    const b = { documentId: "base", profile: base, access: beta };
    const a = { documentId: "amd", profile: amendment, access: alpha };
    expect(transactionPartners(a, [b])).toEqual([]);
    expect(fileIntoSet(a, [{ ...b, setId: "set-beta" }])).toBeNull();
    expect(groupTransactionSets([b, a])).toEqual([]);
    expect(groupTransactionSets([b, { ...a, access: { principals: [], groups: ["alpha", "beta"] } }])).toEqual([
      { id: "base", documentIds: ["base", "amd"] },
    ]);
    // a set is joined only when one reader may read every member: beta's base, a both-group amendment, alpha's second amendment
    const both = { ...a, access: { principals: [], groups: ["alpha", "beta"] } };
    const second = { ...a, documentId: "amd2" };
    expect(
      fileIntoSet(second, [
        { ...b, setId: "s" },
        { ...both, setId: "s" },
      ]),
    ).toBeNull();
  });

  it("does not file 2,000 similar names with unrelated texts into one set", () => {
    const docs = Array.from({ length: 2000 }, (_, i) => ({
      documentId: `d${i}`,
      fileName: `Agreement${i}.txt`,
      profile: profileDocument(`NOTICE\n\nThis notice is given by Sender${i} Holdings to Receiver${i} Partners.`),
    }));
    expect(groupTransactionSets(docs)).toEqual([]);
  });

  it("files documents one at a time, in any order, into the sets the batch grouping proposes", () => {
    // every CUAD contract with the profile its text gives (both rules in play, not only file names)
    const docs: GroupingCandidate[] = readdirSync(join(corpus, "cuad"))
      .filter((f) => f.endsWith(".txt"))
      .sort()
      .map((f) => ({
        documentId: f,
        fileName: f,
        profile: profileDocument(readFileSync(join(corpus, "cuad", f), "utf8")),
      }));
    const partition = (sets: string[][]) => sets.map((s) => [...s].sort().join("\n")).sort();
    const batch = partition(groupTransactionSets(docs).map((p) => p.documentIds));
    expect(batch.length).toBeGreaterThanOrEqual(20);
    for (const seed of [1, 2]) {
      // a fixed shuffle: documents arrive in another order than the batch reads them
      const order = docs
        .map((d, i) => ({ d, k: (i * 2654435761 * seed) % 4294967291 }))
        .sort((a, b) => a.k - b.k)
        .map((x) => x.d);
      const filed: FiledCandidate[] = [];
      for (const doc of order) {
        const got = fileIntoSet(doc, filed);
        for (const f of filed) if (got?.joining.includes(f.documentId)) f.setId = got.setId;
        filed.push({ ...doc, setId: got?.setId ?? null });
      }
      const bySet = new Map<string, string[]>();
      for (const f of filed) if (f.setId !== null) bySet.set(f.setId, [...(bySet.get(f.setId) ?? []), f.documentId]);
      expect(partition([...bySet.values()])).toEqual(batch);
    }
  });

  it("finds a document's partners both ways: the amendment for its base, the base for its amendment", () => {
    const base = profileDocument(BASE);
    const amendment = profileDocument(
      'FIRST AMENDMENT TO CREDIT AGREEMENT\n\nThis FIRST AMENDMENT dated as of March 1, 1996 amends the Credit Agreement dated as of February 26, 1996 among ACME CORP. (the "Borrower") and FIRST BANK (the "Agent").',
    );
    const other = profileDocument(
      "SUPPLY AGREEMENT\n\nThis SUPPLY AGREEMENT is made between Widget Co. and Buyer LLC.",
    );
    const b = { documentId: "base", profile: base };
    const a = { documentId: "amd", profile: amendment };
    const o = { documentId: "other", profile: other };
    expect(transactionPartners(a, [o, b]).map((d) => d.documentId)).toEqual(["base"]);
    expect(transactionPartners(b, [a, o]).map((d) => d.documentId)).toEqual(["amd"]);
    expect(transactionPartners(o, [a, b])).toEqual([]);
    // filed against a base already in a set, the amendment joins that set; a new pair is named by its base
    expect(fileIntoSet(a, [{ ...b, setId: "set-1" }])).toEqual({ setId: "set-1", joining: ["amd"] });
    expect(fileIntoSet(a, [{ ...b, setId: null }])).toEqual({ setId: "base", joining: ["amd", "base"] });
    expect(fileIntoSet(o, [{ ...b, setId: null }])).toBeNull();
  });
});

describe("exhibits of one EDGAR filing", () => {
  const filing = async (files: string[]): Promise<GroupingCandidate[]> =>
    Promise.all(
      files.map(async (f) => {
        const out = await extractDocument({
          bytes: readFileSync(join(corpus, "edgar", f)),
          fileName: f,
          limits: DEFAULT_LIMITS,
        });
        if (!out.ok) throw new Error(out.error.reason);
        return { documentId: f, fileName: f, profile: profileDocument(out.value.text) };
      }),
    );
  const sets = (docs: GroupingCandidate[]) =>
    groupTransactionSets(docs)
      .map((s) => [...s.documentIds].sort())
      .sort((a, b) => (a[0] as string).localeCompare(b[0] as string));

  it("join a set only when one names the other's instrument, not for sharing the filer as a party", async () => {
    // a credit agreement amendment, the parent guarantee of that credit agreement, the amendment of the
    // company's 2010 equity plan and its restated 2020 equity plan: one company is a party to all four
    const docs = await filing([
      "0001140361-23-000046_9.html",
      "0001140361-23-000046_10.html",
      "0001140361-23-000046_11.html",
      "0001140361-23-000046_12.html",
    ]);
    // the 2010 plan's amendment, titled over three lines as "AMENDMENT TO RESTATED KIMCO REALTY CORPORATION
    // 2010 EQUITY PARTICIPATION PLAN", amends a plan the 2020 plan never names: neither joins a set
    expect(sets(docs)).toEqual([["0001140361-23-000046_10.html", "0001140361-23-000046_9.html"]]);
    // profiles stored before the instruments a text names were kept: the text rule alone, as before
    const legacy = docs.map((d) => {
      const { instruments: _i, ...profile } = d.profile;
      return { ...d, profile };
    });
    expect(sets(legacy)).toHaveLength(1);
  });

  it("join when one names an instrument by the name the other calls itself in its opening", async () => {
    // the note says it "is being issued pursuant to that certain Consent and Agreement to Cancel and Exchange
    // ..."; the consent's title ends in "Warrants", but it opens "This CONSENT AND AGREEMENT"
    const notes = await filing(["0001387131-23-000022_2.html", "0001387131-23-000022_3.html"]);
    expect(sets(notes)).toEqual([["0001387131-23-000022_2.html", "0001387131-23-000022_3.html"]]);
    // a transition agreement naming the "Consulting Agreement" that the consulting agreement calls itself
    const consulting = await filing(["0001104659-23-000238_4.html", "0001104659-23-000238_5.html"]);
    expect(sets(consulting)).toHaveLength(1);
    // without the names they call themselves (profiles stored before they were kept): apart, as before
    const legacy = [...notes, ...consulting].map((d) => {
      const { ownNames: _o, ...profile } = d.profile;
      return { ...d, profile };
    });
    expect(sets(legacy)).toEqual([]);
  });

  it("count a name a document calls itself only as a whole, not as the tail of another's", () => {
    const side = profileDocument(
      'SIDE LETTER\n\nThis Support Agreement (this "Support Agreement") is made by Apex Holdings Corp. and Beta Sponsor LLC.',
    );
    const form = profileDocument(
      "FORM OF COMPANY STOCKHOLDER SUPPORT AGREEMENT\n\nThis Company Stockholder Support Agreement is made by Apex Holdings Corp. and the Stockholder.",
    );
    expect(side.ownNames).toContain("support agreement");
    expect(form.instruments).toContain("company stockholder support agreement");
    const docs = [side, form].map((profile, i) => ({
      documentId: `d${i}`,
      fileName: `0000000000-23-000001_${i + 2}.html`,
      profile,
    }));
    expect(sets(docs)).toEqual([]);
  });

  it("keep apart instruments of one kind that name only their own (one filing's employment agreements)", async () => {
    const files = [2, 3, 4, 5, 6].map((n) => `0001163370-23-000003_${n}.html`);
    expect(sets(await filing(files))).toEqual([]);
  });
});
