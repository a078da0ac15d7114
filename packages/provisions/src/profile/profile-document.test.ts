import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LIMITS as limits } from "@lexnav/core";
import { extractDocument } from "@lexnav/extract";
import { describe, expect, it } from "vitest";
import { enrichStructure } from "../enrichment/enrich-structure.ts";
import { buildProvisionTree } from "../structure/build-provision-tree.ts";
import { parseDateAt } from "./dates.ts";
import { profileDocument } from "./profile-document.ts";

const corpus = join(process.env.LEXNAV_SHARED_DIR ?? join(import.meta.dirname, "../../../../../shared"), "corpus");
const read = (rel: string) => readFileSync(join(corpus, rel), "utf8");
/** A 1990s EDGAR <pre> filing as plain text (tags dropped, entities decoded): enough for profiling. */
const edgarText = (file: string) =>
  read(`edgar/${file}`)
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ");

describe("parseDateAt", () => {
  it.each([
    ["February 26, 1996", "1996-02-26"],
    ["DECEMBER 27, 1995", "1995-12-27"],
    ["the 1st day of June, 2004", "2004-06-01"],
    ["31 December, 1996", "1996-12-31"],
    ["June 1st, 2004", "2004-06-01"],
    ["2004-06-01", "2004-06-01"],
  ])("%s → %s", (text, iso) => {
    expect(parseDateAt(text)?.iso).toBe(iso);
  });
  it("rejects non-dates", () => {
    expect(parseDateAt("February 30th of the year")).toBeNull();
    expect(parseDateAt("Section 1996")).toBeNull();
  });
});

describe("profileDocument", () => {
  it("reads an amendment: role, date, parties, amended instrument", () => {
    const p = profileDocument(
      `AMENDMENT NO. 1 TO CREDIT AGREEMENT\n\nThis AMENDMENT NO. 1 dated as of March 1, 1997 among ACME CORP., a Delaware corporation (the "Borrower"), and FIRST BANK, N.A., as agent (the "Agent"), amends that certain Credit Agreement dated as of February 26, 1996 (the "Credit Agreement").`,
    );
    expect(p).toMatchObject({
      title: "AMENDMENT NO. 1 TO CREDIT AGREEMENT",
      role: "amendment",
      effectiveDate: "1997-03-01",
      amendsAgreement: "Credit Agreement dated as of February 26, 1996",
      amendedShortName: "Credit Agreement",
    });
    expect(p.parties).toEqual(["ACME CORP.", "FIRST BANK, N.A."]);
    expect(p.definedParties).toEqual(["Borrower", "Agent"]);
  });

  it.each([
    ["AMENDED AND RESTATED CREDIT AGREEMENT\n\nThis Agreement...", "restatement"],
    ["FIRST AMENDMENT TO LEASE\n\nThis First Amendment...", "amendment"],
    ["AMENDMENT NO. 3 TO AMENDED AND RESTATED CREDIT AGREEMENT\n", "amendment"],
    ["DISCLOSURE SCHEDULE\n\nto the Merger Agreement", "disclosure_schedule"],
    ["Exhibit 10.1\n\nEXHIBIT B\n\nForm of Note", "schedule_or_exhibit"],
    ["SIDE LETTER\n\nDear Sirs,", "side_letter"],
    ["Exhibit 10.26\n\nAGENCY AGREEMENT\n\nTHIS AGENCY AGREEMENT, dated November 9, 2005", "base_agreement"],
    ["Quarterly report of the board", "unknown"],
  ])("role of %j is %s", (text, role) => {
    expect(profileDocument(text).role).toBe(role);
  });

  it("reads 'made and entered into this 1st day of June, 2004'", () => {
    expect(
      profileDocument(
        "SUPPLY AGREEMENT\n\nThis Agreement is made and entered into this 1st day of June, 2004 by and between A Corp. and B Inc.",
      ).effectiveDate,
    ).toBe("2004-06-01");
  });

  it("matches the roles of the CUAD transaction sets (base vs amendment vs attachment)", () => {
    const sets = JSON.parse(read("cuad-transaction-sets.json")) as Array<{
      members: Array<{ file: string; role: string }>;
    }>;
    let agree = 0;
    let total = 0;
    const misses: string[] = [];
    for (const set of sets) {
      for (const m of set.members) {
        const p = profileDocument(read(m.file));
        const expected =
          m.role === "base"
            ? ["base_agreement", "restatement"]
            : m.role === "amendment"
              ? ["amendment"]
              : ["schedule_or_exhibit"];
        total++;
        if (expected.includes(p.role)) agree++;
        else misses.push(`${m.file}: ${m.role} read as ${p.role}`);
      }
    }
    // 42 members, 39 agree; the misses: two "base" members that are an appendix and an exhibit, one unheaded attachment
    expect(agree / total, misses.join("\n")).toBeGreaterThanOrEqual(0.9);
  });

  it("profiles real EDGAR filings: a 1995 credit agreement and a 1996 amendment", () => {
    const credit = profileDocument(edgarText("0000950134-96-000040_2.html"));
    expect(credit).toMatchObject({ title: "CREDIT AGREEMENT", role: "base_agreement", effectiveDate: "1995-12-27" });
    const amendment = profileDocument(edgarText("0000041850-96-000001_5.html"));
    expect(amendment).toMatchObject({ role: "amendment", effectiveDate: "1996-02-26" });
  });

  it("reads parties and defined party names of a CUAD amendment", () => {
    const p = profileDocument(
      read("cuad/BellringBrandsInc_20190920_S-1_EX-10.12_11817081_EX-10.12_Manufacturing Agreement2.txt"),
    );
    expect(p).toMatchObject({
      role: "amendment",
      effectiveDate: "2018-06-11",
      amendsAgreement: "Manufacturing Agreement dated July 1, 2017",
    });
    expect(p.parties).toEqual(["Stremick's Heritage Foods, LLC", "Premier Nutrition Corporation"]);
    expect(p.definedParties).toEqual(["Heritage", "Premier"]);
  });

  it("passes over a legend above the title", () => {
    const p = profileDocument(
      [
        "The indebtedness evidenced by this instrument or agreement is subject to the Subordination and Intercreditor Agreement, dated as of December 30, 2022, by and among the Agents.",
        "Execution Version",
        "GUARANTEE",
        "This GUARANTEE, dated as of December 30, 2022, made by Bird Canada Inc. in favor of the Agent.",
      ].join("\n"),
    );
    expect(p.title).toBe("GUARANTEE");
  });

  it("takes the capitals that open a line of prose, and no title from prose alone", () => {
    const joint = profileDocument(
      "JOINT FILING AGREEMENT The undersigned hereby agree that the statement on Schedule 13G with respect to the equity securities of the issuer is filed on behalf of each of them.",
    );
    expect(joint).toMatchObject({ title: "JOINT FILING AGREEMENT", role: "base_agreement" });
    const letter = profileDocument(
      "In addition, if Parent achieves the stock price goals outlined in Exhibit A attached hereto, Parent will grant you one or more awards under its plan.",
    );
    expect(letter.title).toBeNull();
  });

  it("names an untitled letter by the name its opening gives it", () => {
    const p = profileDocument(
      "BIRD CANADA, INC.\nMichael Washinushi January 1, 2023 Dear Mr. Washinushi, Bird Canada, Inc. is pleased to offer you employment on the terms described in this Employment Letter Agreement (this “Letter”), commencing as of the Start Date.",
    );
    expect(p).toMatchObject({ title: "Employment Letter Agreement", role: "side_letter" });
    // lower-case words are not a name
    // "This Agreement (the “Agreement”)" gives no name: every contract says it
    expect(
      profileDocument("Dear Sir, This Agreement (the “Agreement”) sets out the terms of your engagement with us.")
        .title,
    ).toBeNull();
    const lower =
      "The parties named below have agreed to be bound by the terms of this services agreement (the “Agreement”) from the date signed.";
    expect(profileDocument(lower).title).toBeNull();
  });

  it("reads a title repeated by the preamble's first words once", () => {
    const p = profileDocument(
      "AMENDMENT NO. 4 TO MASTER LEASE AGREEMENT AMENDMENT NO. 4 TO MASTER LEASE\nAGREEMENT, dated as of December 30, 2022, by and among Bird US Opco, LLC and Bird Rides, Inc.",
    );
    expect(p).toMatchObject({ title: "AMENDMENT NO. 4 TO MASTER LEASE AGREEMENT", role: "amendment" });
  });
});

describe("the title is the instrument's opening title line, never a clause of its body", () => {
  it("reads the title run together with a confidentiality legend on one line, not the first numbered clause", () => {
    const p = profileDocument(
      [
        'Exhibit 10.1 CERTAIN CONFIDENTIAL PORTIONS OF THIS EXHIBIT WERE OMITTED AND REPLACED WITH "[***]". A COMPLETE VERSION OF THIS EXHIBIT HAS BEEN FILED SEPARATELY PURSUANT TO AN APPLICATION REQUESTING CONFIDENTIAL TREATMENT, AS AMENDED. AMENDMENT NO. 2 TO SUPPLY AGREEMENT THIS AMENDMENT NO. 2 (this "Amendment") to the Supply Agreement dated as of June 8, 2009 (the "Existing Agreement"), by and between Alder Ltd. ("Alder") and Birch Limited ("Birch").',
        "",
        "1. The following definitions shall be added to Section 1 of the Existing Agreement:",
      ].join("\n"),
    );
    expect(p).toMatchObject({ title: "AMENDMENT NO. 2 TO SUPPLY AGREEMENT", role: "amendment" });
  });

  it("takes no numbered clause for a title, though it names an agreement; a year opening a title is no number", () => {
    const p = profileDocument(
      "Exhibit 10.18\n\n1. Data License Agreement: This Order Form is governed by the Data License Agreement.\n\n2. Fees: Customer pays the fees.",
    );
    expect(p.title).toBeNull();
    expect(p.role).not.toBe("base_agreement");
    expect(profileDocument("2022 EQUITY INCENTIVE PLAN\n\n1. Purpose. The Plan rewards service.").title).toBe(
      "2022 EQUITY INCENTIVE PLAN",
    );
    // a legend alone on its line still gives no title
    expect(profileDocument("CONFIDENTIAL TREATMENT REQUESTED\n\nSUPPLY AGREEMENT\n\nThis Agreement").title).toBe(
      "SUPPLY AGREEMENT",
    );
  });

  it("drops the copy's label before the title and reads a title-case title printed over two lines", () => {
    expect(profileDocument("EXECUTION COPY PROMOTION AGREEMENT\n\nby and between A Inc. and B LLC").title).toBe(
      "PROMOTION AGREEMENT",
    );
    const p = profileDocument(
      "Exhibit 10.4\n\nNILE Holdings, Inc.\n\nAmended and Restated Amendment To\n\nSecurities Purchase Agreement\n\nThis amended and restated amendment (the “Amendment”) to the Securities Purchase Agreement dated December 16, 2022.",
    );
    // an amendment restated is still an amendment of the agreement
    expect(p).toMatchObject({
      title: "Amended and Restated Amendment To Securities Purchase Agreement",
      role: "amendment",
    });
    // a title-case title whose next line is the preamble stays as printed
    expect(
      profileDocument("Master Supply Agreement\n\nThis Master Supply Agreement is made between A Inc. and B LLC.")
        .title,
    ).toBe("Master Supply Agreement");
  });
});

describe("the title is the instrument's name, without what the title line carries besides", () => {
  it.each([
    // a rule drawn above or below it, a page's label
    ["- ------------------------------------------ CO-BRANDING AGREEMENT\n\nThis Agreement", "CO-BRANDING AGREEMENT"],
    ["ENDORSEMENT AGREEMENT ---------------------\n\nThis Agreement", "ENDORSEMENT AGREEMENT"],
    // a long rule with text after it is read in one pass (a repeated group of repeated dashes backtracked
    // exponentially over it: 24 dashes took 0.6 s, each dash more doubling it)
    [`SUPPLY AGREEMENT ${"-".repeat(80)} x\n\nThis Agreement`, `SUPPLY AGREEMENT ${"-".repeat(80)} x`],
    [
      "MASTER SERVICES AGREEMENT Between RadialSpark, LLC and Clear Capital Page 1 of 10\n\n1. Services.",
      "MASTER SERVICES AGREEMENT",
    ],
    // the preamble's opening, a date and an address, a numbered first heading, a form's labelled blanks
    [
      "DISTRIBUTOR AGREEMENT Agreement made this 19th day of March, 2020 Between: Co-Diagnostics, Inc.",
      "DISTRIBUTOR AGREEMENT",
    ],
    [
      "AGENCY AGREEMENT May 21, 2015 Tribute Pharmaceuticals Canada Inc. 151 Steeles Avenue East Milton, Ontario Attention: Rob Harris",
      "AGENCY AGREEMENT",
    ],
    [
      "STRATEGIC ALLIANCE AGREEMENT dated as of August 26, 2015 among A Inc. and B Ltd.",
      "STRATEGIC ALLIANCE AGREEMENT",
    ],
    ["e-business Hosting Agreement 1.0 Introduction This e-business Hosting Agreement", "e-business Hosting Agreement"],
    [
      "FORM OF FRANCHISE AGREEMENT Location of the Premises: Agreement Date Franchisee Business Address",
      "FORM OF FRANCHISE AGREEMENT",
    ],
    ["SUPPLY CONTRACT Contract No: Date: The buyer/End-User: Shenzhen Co., Ltd. ADD: Tel No. :", "SUPPLY CONTRACT"],
    // a subtitle after a colon is the title's; an attachment's label names no instrument when another word does
    [
      "NON-DISCLOSURE AGREEMENT: TRANSPORTATION CHALLENGE 2017\n\nThis Agreement",
      "NON-DISCLOSURE AGREEMENT: TRANSPORTATION CHALLENGE 2017",
    ],
    [
      "EXHIBIT II NOVEMBER 1, 2002, RATE FT-A AGREEMENT BETWEEN LG&E AND TENNESSEE GAS PIPELINE COMPANY\n\n1. Service.",
      "EXHIBIT II NOVEMBER 1, 2002, RATE FT-A AGREEMENT",
    ],
    // nothing is cut that would leave the bare word, or a sentence's opening
    [
      "Contract No.: DDCX 201812130044 Collaboration Agreement\n\n1. Scope.",
      "Contract No.: DDCX 201812130044 Collaboration Agreement",
    ],
    // a title printed over lines, blank lines between, up to what it amends; a date printed under it is not of it
    [
      "Exhibit 10.2\n\nAMENDMENT NO. 4\n\nTO\n\nPROMISSORY NOTE\n\nThis AMENDMENT NO. 4",
      "AMENDMENT NO. 4 TO PROMISSORY NOTE",
    ],
    [
      "AMENDMENT TO\n\nRESTATED KIMCO REALTY CORPORATION\n2010 EQUITY PARTICIPATION PLAN\n\nKimco Realty Corporation has adopted",
      "AMENDMENT TO RESTATED KIMCO REALTY CORPORATION 2010 EQUITY PARTICIPATION PLAN",
    ],
    [
      "Exhibit 10.01\n\nAMENDMENT NO. 1\n\nDecember 29, 2022\n\nTHIS AMENDMENT NO. 1 (this “Amendment”)",
      "AMENDMENT NO. 1",
    ],
  ])("%s", (text, title) => {
    expect(profileDocument(text).title).toBe(title);
  });

  it("reads a filed amendment's title printed over two lines with a blank line between (real EDGAR filing)", async () => {
    const file = "0001558370-23-000007_2.html";
    const out = await extractDocument({ bytes: readFileSync(join(corpus, "edgar", file)), fileName: file, limits });
    if (!out.ok) throw new Error(out.error.reason);
    const { text } = out.value;
    // as ingestion reads it: with the structure, whose title node holds the first line only
    const structure = enrichStructure(
      buildProvisionTree({ documentId: "d", version: "v", extraction: out.value }),
      text,
    );
    expect(profileDocument(text, structure)).toMatchObject({
      title: "FIFTH AMENDMENT TO PURCHASE AND SALE AGREEMENT AND JOINT ESCROW INSTRUCTIONS",
      role: "amendment",
    });
  });
});

describe("dates read from the clause they belong to (real EDGAR amendments)", () => {
  const profileFiling = async (file: string) => {
    const out = await extractDocument({ bytes: readFileSync(join(corpus, "edgar", file)), fileName: file, limits });
    if (!out.ok) throw new Error(out.error.reason);
    return profileDocument(out.value.text);
  };

  it.each([
    // the amendment's own name repeats the amended one's: its date is the amendment's, not the agreement's
    [
      "0001140361-23-000046_9.html",
      "2023-01-03",
      "Amended and Restated Credit Agreement dated as of February 27, 2020",
    ],
    ["0001861449-23-000002_12.html", "2022-12-30", "Loan and Security Agreement dated as of April 27, 2021"],
    // "dated as of the date first set forth above": the date printed at the top, not the loan agreement's
    ["0001628280-23-000094_2.html", "2022-12-29", "Loan Agreement dated as of March 2, 2018"],
  ])("%s: effective %s, amends %s", async (file, effective, amends) => {
    const p = await profileFiling(file);
    expect(p.effectiveDate).toBe(effective);
    expect(p.amendsAgreement).toBe(amends);
  });

  it("takes the amendment's own date over the amended agreement's named first", async () => {
    // "Reference is made to that certain ... Loan Agreement ... dated July 6, 2020 ... This First
    // Amendment ... is made as of this 31st day of December, 2022"
    expect((await profileFiling("0001493152-23-000031_2.html")).effectiveDate).toBe("2022-12-31");
  });

  it("leaves a form's blank date unread rather than taking the original agreement's", async () => {
    // "dated as of [●], 2023 ... party to that certain Registration Rights Agreement, dated as of May 10, 2022"
    expect((await profileFiling("0001104659-23-000109_7.html")).effectiveDate).toBeNull();
  });

  it("reads a labelled issue date on the face of an instrument", async () => {
    expect((await profileFiling("0001493152-23-000063_3.html")).effectiveDate).toBe("2022-12-26");
  });
});

describe("the parties are names, not what a title block or an address prints beside them", () => {
  const partiesOf = (text: string) => profileDocument(text).parties;
  it.each([
    [
      "the EDGAR source label and a date after the names, parties in capitals joined by AND",
      "COLOGUARD® PROMOTION AGREEMENT BY AND BETWEEN EXACT SCIENCES CORPORATION AND PFIZER INC. August 21, 2018 Source: EXACT SCIENCES CORP, 8-K, 8/22/2018 TABLE OF CONTENTS Page 1. DEFINITIONS 1",
      ["EXACT SCIENCES CORPORATION", "PFIZER INC."],
    ],
    [
      "a date lead after the names",
      "INTELLECTUAL PROPERTY AGREEMENT by and between Nuance Communications, Inc. and Cerence Inc. Dated as of September 30, 2019 Source: CERENCE INC., 8-K, 10/2/2019 TABLE OF CONTENTS",
      ["Nuance Communications, Inc.", "Cerence Inc."],
    ],
    [
      "addresses after each name",
      "Sponsorship Agreement THIS AGREEMENT made this 5th day of December, 2007, between R. C. Boyd Enterprises, LLC, a Texas limited liability company, whose principal place of business is 1 Ranch Road, Westlake, Texas 76262, and Cano Petroleum, Inc., a Delaware corporation, whose principal place of business is 801 Cherry Street, Suite 3200, Fort Worth, Texas 76102. WHEREAS, the Sponsor wishes",
      ["R. C. Boyd Enterprises, LLC", "Cano Petroleum, Inc."],
    ],
    [
      "an address after “of”, on one line",
      'Two-Way Non-Disclosure Agreement This Agreement (the "Agreement") is made between Infomagnet Ltd., of 65 Claremont Road, Highgate, London, N6 5BZ, UK, a company incorporated under the laws of England and Wales and the other party. The parties intend',
      ["Infomagnet Ltd."],
    ],
    [
      "an institution named by what it is “of”, and a role left where a name goes",
      "NONDISCLOSURE AGREEMENT This Agreement is by and between UNIVERSITY OF ROCHESTER, an educational corporation organized under the laws of New York, and COMPANY. WHEREAS, the parties",
      ["UNIVERSITY OF ROCHESTER"],
    ],
    [
      "a name in capitals that holds AND",
      "TRANSPORTATION AGREEMENT between TENNESSEE GAS PIPELINE COMPANY and LOUISVILLE GAS AND ELECTRIC COMPANY. WHEREAS, Transporter",
      ["TENNESSEE GAS PIPELINE COMPANY", "LOUISVILLE GAS AND ELECTRIC COMPANY"],
    ],
    [
      "a description of how each is organised",
      "LICENSE AGREEMENT This Agreement is made between S-CAM Co., LTD duly organized and existing under the law of Korea, and ANUBIS Electric GmbH, duly organized and existing under the law of Germany. NOW, THEREFORE",
      ["S-CAM Co., LTD", "ANUBIS Electric GmbH"],
    ],
    [
      "a street address after the legal form",
      "ENDORSEMENT AGREEMENT This Agreement is made between MOSSIMO, INC., 2450 White Road, 2nd Floor, Irvine, California 92614 and Xencor, Inc. 111 W. Lemon Ave. Monrovia, CA 91016 USA. WHEREAS, Mossimo",
      ["MOSSIMO, INC.", "Xencor, Inc."],
    ],
    [
      "a place and its postal code, a date",
      "STRATEGIC ALLIANCE AGREEMENT between IntriCon Corporation, Arden Hills, Minnesota 55112 USA and Dynamic Hearing Pty Ltd, 18/9/2008 TABLE. WHEREAS, IntriCon",
      ["IntriCon Corporation", "Arden Hills", "Dynamic Hearing Pty Ltd"],
    ],
  ])("%s", (_case, text, parties) => {
    expect(partiesOf(text)).toEqual(parties);
  });

  it("keeps “Bank of America” whole where its definition follows", () => {
    const p = profileDocument(
      'SOFTWARE LICENSE AGREEMENT This Agreement is entered into as of the Effective Date by and between Bank of America, N.A. ("Bank of America"), a national banking association, and Cardlytics, Inc. ("Supplier").',
    );
    expect(p.parties).toEqual(["Bank of America, N.A.", "Cardlytics, Inc."]);
  });
});

describe("the title is this instrument's, not an attachment's left out before it, nor its parties", () => {
  it("passes over headings whose text is a placeholder (a filing split into parts)", () => {
    const text = [
      "21",
      "                                     EXHIBIT C                                  FORM OF SUBLICENSE",
      "                                  [Form follows.]",
      "                                         22",
      "                                     EXHIBIT D                             FORM OF AGREEMENT FOR TRIAL",
      "                                  [Form follows.]",
      "                                         23",
      "                                 FIRST AMENDMENT TO                                DISTRIBUTOR AGREEMENT",
      '     THIS FIRST AMENDMENT TO DISTRIBUTOR AGREEMENT (this "Amendment") is made and entered into as of the 1st day of January, 1999, by and between Peregrine/Bridge Transfer Corporation, a Delaware corporation ("Licensor"), and NEON Systems, Inc., a Delaware corporation ("Licensee").',
    ].join("\n\n");
    const p = profileDocument(text);
    expect(p.title).toBe("FIRST AMENDMENT TO DISTRIBUTOR AGREEMENT");
    expect(p.role).toBe("amendment");
  });

  it.each([
    ["SUPPLY AGREEMENT between PROFOUND MEDICAL INC. and PHILIPS MEDICAL SYSTEMS NEDERLAND B.V.", "SUPPLY AGREEMENT"],
    ["COOPERATION AGREEMENT BETWEEN", "COOPERATION AGREEMENT"],
    [
      "Network Build and Maintenance Agreement Between Commnet Wireless, LLC And AT&T Mobility LLC",
      "Network Build and Maintenance Agreement",
    ],
  ])("ends at the parties: %s", (line, title) => {
    expect(profileDocument(`${line}\n\nSection 1. Supply. The Seller shall deliver the Products.`).title).toBe(title);
  });
});
