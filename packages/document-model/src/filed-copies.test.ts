import { describe, expect, it } from "vitest";
import { clauses, EARLIER, FORM_A, FORM_B, LATER } from "../../../test/support/filed-twice.ts";
import { contentKey, copiesOneAgreement, copyIndex, copySample, filingFor, filingOf } from "./filed-copies.ts";

// A different deal that shares one boilerplate sentence.
const OTHER = `SUPPLY AGREEMENT between Gamma Foods Inc. and Delta Retail LLC.\nSection 9 Price. Buyer pays the prices in Schedule A within thirty days of invoice.\n${clauses[4]}\nSection 11 Delivery. Seller delivers the Products to the Buyer's warehouse in Ohio.`;

const LATER_NAME = "SubsidiaryLtd_20140121_DRS (on F-1)_EX-10.26_8473102_EX-10.26_Content License Agreement";

describe("copiesOneAgreement", () => {
  it("reads two filings of one agreement as copies, whatever their white space, page stamps and exhibit numbers", () => {
    expect(copiesOneAgreement(EARLIER, LATER)).toBe(true);
    expect(copiesOneAgreement(LATER, EARLIER)).toBe(true);
  });

  it("reads a part filed apart as a copy of the filing that holds it whole", () => {
    const attachment = clauses.slice(2, 5).join("\n");
    expect(copiesOneAgreement(attachment, LATER)).toBe(true);
  });

  it("does not read a form signed by another officer as a copy, though nearly every word is shared", () => {
    expect(copiesOneAgreement(FORM_A, FORM_B)).toBe(false);
  });

  it("does not read two facilities on one form, differing only in the sum committed, as copies", () => {
    const facility = (sum: string) =>
      `$${sum} CREDIT AGREEMENT among Acme Capital Corp and the Banks.\n${clauses.join("\n")}`;
    expect(copiesOneAgreement(facility("500,000,000"), facility("1,500,000,000"))).toBe(false);
    expect(copiesOneAgreement(facility("500,000,000"), facility("500,000,000"))).toBe(true);
  });

  it("does not read two deals that share a boilerplate clause as copies", () => {
    expect(copiesOneAgreement(OTHER, LATER)).toBe(false);
  });

  it("treats empty or tiny texts without throwing", () => {
    expect(copiesOneAgreement("", "")).toBe(false);
    expect(copiesOneAgreement("Notices.", "Notices.")).toBe(true);
    expect(copiesOneAgreement("Notices.", "Assignment.")).toBe(false);
  });
});

describe("filingOf", () => {
  it("reads the filing date an EDGAR exhibit's filed name carries, in either form", () => {
    expect(filingOf(LATER_NAME)).toMatchObject({ scheme: "date", key: "2014-01-21" });
    expect(filingOf("ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT")).toMatchObject({
      scheme: "date",
      key: "2020-06-02",
    });
  });

  it("orders accession numbers within one filer agent, and the 1990s before the 2020s", () => {
    const a = filingOf("0001104659-23-000109_3");
    const b = filingOf("0001104659-23-000111_3");
    const old = filingOf("0001104659-96-000500_2");
    expect(a?.scheme).toBe("accession:0001104659");
    expect(a?.scheme).toBe(b?.scheme);
    expect((a?.key ?? "") < (b?.key ?? "")).toBe(true);
    expect((old?.key ?? "") < (a?.key ?? "")).toBe(true);
    expect(filingOf("0001213900-23-000470_3")?.scheme).not.toBe(a?.scheme);
  });

  it("is null for a name that records no filing, or an impossible date", () => {
    expect(filingOf("Master Services Agreement")).toBeNull();
    expect(filingOf("Acme_20141399_8-K_EX-10.1")).toBeNull();
  });
});

describe("contentKey", () => {
  it("is the same for two filings that differ only in white space, case, punctuation and page stamps", () => {
    const stamped = (stamp: string) => ["LICENSE", ...clauses.flatMap((c) => [c, stamp])].join("\n");
    expect(contentKey(stamped("Source: A, 8-K"))).toBe(contentKey(stamped("Source: B, 10-K").toUpperCase()));
    expect(contentKey(clauses.join("\n"))).toBe(contentKey(clauses.join("  \n\n").replace(/\./g, " .")));
    expect(contentKey(EARLIER)).not.toBe(contentKey(LATER));
  });
});

describe("copyIndex", () => {
  const sampled = (id: string, text: string) => ({ id, contentKey: contentKey(text), sample: copySample(text) });
  // a deal that shares no drafting with the license
  const unrelated = Array.from(
    { length: 8 },
    (_, i) =>
      `Article ${i + 1}. The Borrower repays tranche ${i + 1} to the Lenders on the maturity date in Schedule ${i + 3}.`,
  ).join("\n");

  it("finds a near copy and a verbatim one among stored texts, not another deal, and never the text itself", () => {
    const index = copyIndex([sampled("late", LATER), sampled("loan", unrelated)]);
    expect(index.candidates(sampled("early", EARLIER))).toEqual(["late"]);
    expect(index.candidates(sampled("late", LATER))).toEqual([]);
    expect(index.candidates(sampled("again", LATER))).toContain("late");
  });

  it("is a first cut: a form shares its sample with its twin, and copiesOneAgreement decides", () => {
    const index = copyIndex([sampled("formB", FORM_B), sampled("loan", unrelated)]);
    expect(index.candidates(sampled("formA", FORM_A))).toEqual(["formB"]);
    expect(copiesOneAgreement(FORM_A, FORM_B)).toBe(false);
  });

  it("answers the same whether asked once (a scan) or many times (an index of every shingle)", () => {
    const stored = [sampled("late", LATER), sampled("loan", unrelated), sampled("formB", FORM_B)];
    const asks = [sampled("early", EARLIER), sampled("formA", FORM_A), sampled("loan2", unrelated), sampled("x", "")];
    const once = asks.map((a) => copyIndex(stored).candidates(a));
    const index = copyIndex(stored);
    expect(asks.map((a) => index.candidates(a))).toEqual(once);
    expect(once[0]).toContain("late");
    expect(once[1]).toContain("formB");
    expect(once[2]).toEqual(["loan"]);
    expect(once[3]).toEqual([]);
  });

  it("answers the same when it indexes only the shingles of the texts it is told it will be asked about", () => {
    const stored = [sampled("late", LATER), sampled("loan", unrelated), sampled("formB", FORM_B)];
    const page = [sampled("early", EARLIER), sampled("formA", FORM_A), sampled("loan2", unrelated)];
    const index = copyIndex(stored, page);
    // and a text it was not told of, asked after the index is built: still found by a scan
    const asks = [...page, sampled("again", LATER)];
    expect(asks.map((a) => index.candidates(a))).toEqual(asks.map((a) => copyIndex(stored).candidates(a)));
    expect(index.candidates(sampled("again", LATER))).toContain("late");
  });

  it("finds a text too short for a sampled shingle by its key alone", () => {
    const index = copyIndex([sampled("a", "Notices."), sampled("b", "Assignment.")]);
    expect(copySample("Notices.")).toEqual([]);
    expect(index.candidates(sampled("c", "NOTICES"))).toEqual(["a"]);
  });
});

describe("filingFor", () => {
  it("takes the metadata's date over the file name's, and says which it read", () => {
    expect(filingFor(`${LATER_NAME}.pdf`, "2015-06-30")).toEqual({
      scheme: "date",
      key: "2015-06-30",
      shown: "2015-06-30",
      from: "metadata",
    });
    expect(filingFor(`${LATER_NAME}.pdf`)).toMatchObject({ key: "2014-01-21", from: "file name" });
    expect(filingFor("Master Services Agreement.docx", "2015-13-40")).toBeNull();
  });
});
