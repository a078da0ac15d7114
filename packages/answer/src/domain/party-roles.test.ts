import { describe, expect, it } from "vitest";
import type { ScoredCandidate } from "./evidence-model.ts";
import {
  askedParty,
  askedRoleWord,
  citeForAskedParty,
  partyDesignations,
  rolesOf,
  sentenceParty,
} from "./party-roles.ts";
import { questionParties } from "./party-scope.ts";

const OPENING =
  'RESELLER AGREEMENT (the "Agreement") is made as of March 1, 2001 by and between Quillfeather Software Corporation, ' +
  'a Delaware corporation (the "Licensor"), and Brambleway Systems, Inc., a Texas corporation (the "Licensee").\n\n' +
  'WHEREAS, Licensor develops software products (the "Products");\n\n' +
  "13.1 Licensor's total liability to Licensee under this Agreement shall be limited to the fees paid. " +
  "13.2 Licensee shall indemnify Licensor against third-party claims. " +
  "13.3 Neither party shall be liable for indirect damages. " +
  "14.1 If Licensee fails to pay any fee, Licensor may terminate this Agreement on thirty days' notice.";

const candidate = (text: string): ScoredCandidate =>
  ({
    text,
    start: OPENING.indexOf(text),
    end: OPENING.indexOf(text) + text.length,
    item: { documentId: "doc-1", version: "v1" },
    p: 0.5,
  }) as unknown as ScoredCandidate;

const source = () => OPENING;

describe("party-roles", () => {
  it("reads each party's designation from the opening, not the instrument's or a thing's", () => {
    expect(partyDesignations(OPENING).map((d) => d.term)).toEqual(["Licensor", "Licensee"]);
  });

  it("maps the parties a question names to their designations", () => {
    const q = "Is there a cap on Brambleway's total liability to Quillfeather under the reseller agreement?";
    const parties = questionParties(q);
    const designations = partyDesignations(OPENING);
    const brambleway = parties.find((p) => p.words[0] === "brambleway");
    const quillfeather = parties.find((p) => p.words[0] === "quillfeather");
    expect(brambleway && rolesOf(brambleway, parties, designations)).toEqual(["Licensee"]);
    expect(quillfeather && rolesOf(quillfeather, parties, designations)).toEqual(["Licensor"]);
    expect(askedParty(q, parties)?.words).toEqual(["brambleway"]);
  });

  it("reads the party a sentence binds past a condition, and none in a mutual sentence", () => {
    const terms = ["Licensor", "Licensee"];
    expect(
      sentenceParty(
        "Licensor's total liability to Licensee under this Agreement shall be limited to the fees paid.",
        terms,
      ),
    ).toBe("Licensor");
    expect(sentenceParty("If Licensee fails to pay any fee, Licensor may terminate this Agreement.", terms)).toBe(
      "Licensor",
    );
    expect(sentenceParty("In no event shall Licensee be liable for lost profits.", terms)).toBe("Licensee");
    expect(sentenceParty("Neither party shall be liable for indirect damages.", terms)).toBeUndefined();
  });

  it("reads the party of a clause an amendment inserts, past its number and a parenthesis in its condition", () => {
    const terms = ["Columbia", "Fleet"];
    const inserted =
      "“2.1 (d) Subject to the prior written consent of Columbia (such consent not to be unreasonably withheld, delayed or conditioned), Fleet may subcontract all or part of the manufacture of the Product.";
    expect(sentenceParty(inserted, terms)).toBe("Fleet");
    expect(sentenceParty("(b) Subject to Section 4 (Payment, Invoicing), Columbia shall pay the price.", terms)).toBe(
      "Columbia",
    );
  });

  it("drops a sentence that binds the other party, and keeps the asked party's and mutual ones", () => {
    const cap = candidate(
      "13.1 Licensor's total liability to Licensee under this Agreement shall be limited to the fees paid.",
    );
    const mutual = candidate("13.3 Neither party shall be liable for indirect damages.");
    const asked = "Is there a cap on Brambleway's total liability to Quillfeather under the reseller agreement?";
    expect(citeForAskedParty(asked, [cap, mutual], source)).toEqual([mutual]);
    const other = "Is there a cap on Quillfeather's total liability to Brambleway under the reseller agreement?";
    expect(citeForAskedParty(other, [cap, mutual], source)).toEqual([cap, mutual]);
    const terminate = candidate(
      "14.1 If Licensee fails to pay any fee, Licensor may terminate this Agreement on thirty days' notice.",
    );
    expect(citeForAskedParty("Can Brambleway terminate the reseller agreement?", [terminate], source)).toEqual([]);
    expect(citeForAskedParty("Can Quillfeather terminate the reseller agreement?", [terminate], source)).toEqual([
      terminate,
    ]);
  });

  it("keeps every citation when the question asks of no one party or the opening does not name it", () => {
    const cap = candidate(
      "13.1 Licensor's total liability to Licensee under this Agreement shall be limited to the fees paid.",
    );
    expect(citeForAskedParty("Is liability capped under the reseller agreement?", [cap], source)).toEqual([cap]);
    expect(citeForAskedParty("Is there a cap on Zephyrine's liability?", [cap], source)).toEqual([cap]);
  });
});

describe("party-roles, asked by role", () => {
  it("reads a party asked by its designation as the opening designates it", () => {
    const cap = candidate(
      "13.1 Licensor's total liability to Licensee under this Agreement shall be limited to the fees paid.",
    );
    const indemnity = candidate("13.2 Licensee shall indemnify Licensor against third-party claims.");
    expect(askedRoleWord("Is the licensee's liability capped?")).toBe("licensee");
    expect(citeForAskedParty("Is the licensee's liability capped?", [cap], source)).toEqual([]);
    expect(citeForAskedParty("Is the licensor's liability capped?", [cap], source)).toEqual([cap]);
    expect(citeForAskedParty("Must the licensee indemnify for third-party claims?", [indemnity], source)).toEqual([
      indemnity,
    ]);
    expect(citeForAskedParty("Must the licensor indemnify for third-party claims?", [indemnity], source)).toEqual([]);
    // a word that designates no party of the opening decides nothing
    expect(citeForAskedParty("Is there a cap on liability?", [cap], source)).toEqual([cap]);
  });
});

describe("party-roles, what the other party gives and what a status question asks", () => {
  it("keeps the other party's grant or appointment: it states the asked party's right", () => {
    const grant = candidate("Licensor hereby grants to Licensee an exclusive license in the Territory.");
    expect(citeForAskedParty("Can Brambleway sublicense the products?", [grant], source)).toEqual([grant]);
    expect(citeForAskedParty("Is Brambleway's right to sublicense exclusive?", [grant], source)).toEqual([grant]);
  });

  it("reads 'Is <party> …' as asking of a duty or right only when it says so", () => {
    const parties = questionParties("Is Brambleway an exclusive reseller of Quillfeather?");
    expect(askedParty("Is Brambleway an exclusive reseller of Quillfeather?", parties)).toBeUndefined();
    const required = "Is Brambleway required to indemnify Quillfeather?";
    expect(askedParty(required, questionParties(required))?.words).toEqual(["brambleway"]);
  });
});

describe("party-roles, a natural person and the recitals", () => {
  const opening =
    'CONSULTING AGREEMENT (the "Agreement") is made as of December 31, 2022, by and between ORCHARDLINE MANAGEMENT, INC., ' +
    'a Delaware corporation (the "Company"), and MARISOL TEAGUE, a resident of Knoxville, Tennessee ("Teague").\n\n' +
    "WHEREAS, Teague was formerly employed by the Company and its affiliates, including Orchardline Properties, Inc. " +
    '(collectively, the "Company");\n\nThe Company may assign this Agreement to any entity under its control.';
  const assign = {
    text: "The Company may assign this Agreement to any entity under its control.",
    item: { documentId: "doc-2", version: "v1" },
  } as unknown as ScoredCandidate;

  it("designates a natural person, and reads no designation from the recitals", () => {
    expect(partyDesignations(opening).map((d) => d.term)).toEqual(["Company", "Teague"]);
  });

  it("does not answer whether the consultant may assign by the company's right to", () => {
    expect(citeForAskedParty("Can Teague assign her consulting agreement?", [assign], () => opening)).toEqual([]);
    expect(citeForAskedParty("Can Orchardline assign the consulting agreement?", [assign], () => opening)).toEqual([
      assign,
    ]);
  });
});

describe("party-roles, a document whose text cannot be read", () => {
  it("keeps every citation when the source has no text for the cited document (deleted or not readable)", () => {
    const cap = candidate(
      "13.1 Licensor's total liability to Licensee under this Agreement shall be limited to the fees paid.",
    );
    const asked = "Is there a cap on Brambleway's total liability to Quillfeather under the reseller agreement?";
    expect(citeForAskedParty(asked, [cap], () => null)).toEqual([cap]);
  });
});

describe("party-roles, the asked party's own sentence in the dropped one's place", () => {
  const opening =
    'CONSULTING AGREEMENT (the "Agreement") is made as of December 31, 2022, by and between ORCHARDLINE MANAGEMENT, INC., ' +
    'a Delaware corporation (the "Company"), and MARISOL TEAGUE, a resident of Knoxville, Tennessee ("Teague").\n\n' +
    "12. Assignment. This Agreement is personal and shall in no way be subject to assignment by Teague. " +
    "The Company may assign this Agreement to any entity under its control. Teague shall keep the Company's records.";
  const passage = { documentId: "doc-3", version: "v1", nodeId: "n12", start: 0 };
  const sentence = (text: string, p: number, familyCoverage: number) =>
    ({ text, start: opening.indexOf(text), p, familyCoverage, item: passage }) as unknown as ScoredCandidate;
  const company = sentence("The Company may assign this Agreement to any entity under its control.", 0.6, 0.5);
  const personal = sentence(
    "This Agreement is personal and shall in no way be subject to assignment by Teague.",
    0.5,
    0.7,
  );
  const records = sentence("Teague shall keep the Company's records.", 0.55, 0.2);
  const pool = [company, personal, records];
  const q = "Can Teague assign her consulting agreement?";

  it("cites the passage's sentence that names the asked party as the one acting, by the passive's agent", () => {
    expect(citeForAskedParty(q, [company], () => opening, pool)).toEqual([personal]);
  });

  it("takes no sentence that covers the question less than the dropped one did, and none of another passage", () => {
    expect(citeForAskedParty(q, [company], () => opening, [company, records])).toEqual([]);
    const elsewhere = { ...personal, item: { ...passage, nodeId: "n13" } } as ScoredCandidate;
    expect(citeForAskedParty(q, [company], () => opening, [company, elsewhere])).toEqual([]);
  });

  it("takes no sentence that only mentions the asked party, as the other's counterpart", () => {
    const mention = {
      ...personal,
      start: 999,
      familyCoverage: 0.9,
      text: "The limits above shall not apply to any liability of the Company to Teague.",
    } as ScoredCandidate;
    // the same sentence by the passive's agent is taken: only the way it names Teague differs
    const agent = { ...mention, text: "No assignment may be made by Teague without the Company's consent." };
    expect(citeForAskedParty(q, [company], () => opening, [company, agent])).toEqual([agent]);
    expect(citeForAskedParty(q, [company], () => opening, [company, mention])).toEqual([]);
  });
});

describe("party-roles, each party as the opening words it", () => {
  it("gives each designation the party's name and description, without the instrument's words before it", () => {
    const opening =
      'THIS CONSULTING AGREEMENT (the "Agreement"), is made and entered into as of December 31, 2022, by and between ' +
      'ORCHARDLINE & PARTNERS MANAGEMENT, INC., a Delaware corporation (the "Company"), and MARISOL TEAGUE, a resident ' +
      'of Knoxville,\nTennessee ("Teague").\n\nWHEREAS, the Company desires to retain Teague.';
    expect(partyDesignations(opening).map((d) => [d.term, d.party])).toEqual([
      ["Company", "ORCHARDLINE & PARTNERS MANAGEMENT, INC., a Delaware corporation"],
      ["Teague", "MARISOL TEAGUE, a resident of Knoxville, Tennessee"],
    ]);
  });
});
