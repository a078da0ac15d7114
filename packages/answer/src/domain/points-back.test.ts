import { featureWords } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { pointedBack, pointedBackFrom } from "./points-back.ts";
import { evidenceItem } from "./test-support.ts";

const FORUM =
  "11.9 Governing Law. This Agreement shall be governed by the laws of the State of New York. " +
  "Borrower hereby consents and agrees that the state or federal courts located in New York City shall have exclusive jurisdiction to hear any claims pertaining to this Agreement; " +
  "provided, however, that any appeals may have to be heard by a court located outside of New York City. " +
  "Borrower expressly submits to such jurisdiction in any action commenced in any such court and waives any objection based on venue.";
const CHOSEN = "Borrower expressly submits to such jurisdiction";
const asked = (question: string) => featureWords(question);

/** Where `sentence` (its first words) starts in `text`, and where its sentence ends. */
const at = (text: string, sentence: string) => {
  const s = text.indexOf(sentence);
  return { s, e: text.indexOf(".", s) + 1 };
};

describe("pointedBackFrom: a sentence that names what is asked only as 'such …'", () => {
  it("points back to the sentence before it, read to its full stop across a ';'", () => {
    const { s, e } = at(FORUM, CHOSEN);
    const back = pointedBackFrom(FORUM, s, e, asked("Which courts does the borrower submit to?"));
    expect(back?.words).toEqual(["court"]);
    expect(FORUM.slice(back?.start)).toMatch(/^Borrower hereby consents and agrees that the state or federal courts/);
  });

  it("reads the rest of its own sentence when the chosen sentence is a clause cut at ';'", () => {
    const text = "The courts of Delaware shall have jurisdiction; each party submits to such courts.";
    const s = text.indexOf("each party");
    expect(pointedBackFrom(text, s, text.length, asked("Which courts?"))?.start).toBe(0);
  });

  it("reads a clause's own sentence first, then the sentence before it", () => {
    const text =
      "The courts of Delaware shall have jurisdiction. Venue lies in Wilmington; each party submits to such courts.";
    const s = text.indexOf("each party");
    expect(pointedBackFrom(text, s, text.length, asked("Which courts?"))?.start).toBe(0);
    const own = "Notices go to Acme. The courts of Delaware shall hear disputes; each party submits to such courts.";
    const o = own.indexOf("each party");
    expect(pointedBackFrom(own, o, own.length, asked("Which courts?"))?.start).toBe(own.indexOf("The courts"));
  });

  it("does not point back when the sentence names the word itself, or 'such' stands before a word not asked", () => {
    const { s, e } = at(FORUM, CHOSEN);
    // asked by "jurisdiction" and "submit": the sentence names "submits" itself, and "jurisdiction" only after
    // "such", but the sentence before names "jurisdiction" too: it is pointed back to
    expect(pointedBackFrom(FORUM, s, e, asked("Does the borrower submit to jurisdiction?"))?.words).toEqual([
      "jurisdiction",
    ]);
    // asked about venue, which the sentence names itself
    expect(pointedBackFrom(FORUM, s, e, asked("Can the borrower object to venue?"))).toBeNull();
    const plain = "The courts of Delaware shall have jurisdiction. Each party submits to the courts of Delaware.";
    const p = plain.indexOf("Each party");
    expect(pointedBackFrom(plain, p, plain.length, asked("Which courts?"))).toBeNull();
    expect(pointedBackFrom(FORUM, s, e, [])).toBeNull();
    // "other such" names a kind, not a thing said before
    const kind = "5.06 Transfer Taxes. All transfer, stamp and other such taxes shall be borne by Seller.";
    const k = kind.indexOf("All transfer");
    expect(pointedBackFrom(kind, k, kind.length, asked("Who bears the transfer taxes?"))).toBeNull();
    expect(
      pointedBackFrom(kind.replace("other such", "such"), k, kind.length, asked("Who bears taxes?")),
    ).not.toBeNull();
  });

  it("does not point back across a blank line, or to a sentence that does not name the word", () => {
    const parted = "The courts of Delaware shall have jurisdiction.\n\nEach party submits to such courts.";
    const p = parted.indexOf("Each party");
    expect(pointedBackFrom(parted, p, parted.length, asked("Which courts?"))).toBeNull();
    const unnamed = "Notices go to the addresses below. Each party submits to such courts.";
    const u = unnamed.indexOf("Each party");
    expect(pointedBackFrom(unnamed, u, unnamed.length, asked("Which courts?"))).toBeNull();
    // the first sentence of a text has no sentence before it
    const first = "Each party submits to such courts.";
    expect(pointedBackFrom(first, 0, first.length, asked("Which courts?"))).toBeNull();
  });
});

describe("pointedBackFrom: a sentence that answers by a term the sentence before defines as it goes", () => {
  const CLOSING =
    "4.1 Closing. The Closing shall take place no later than March 31, 2024 (the \u201cOutside Date\u201d). " +
    "Either party may terminate this Agreement if the Closing has not occurred by the Outside Date.";
  const chosen = CLOSING.indexOf("Either party");

  it("points back to the sentence that defines a term the question asks by", () => {
    const back = pointedBackFrom(CLOSING, chosen, CLOSING.length, asked("By when must the deal close - outside date?"));
    expect(back?.words.sort()).toEqual(["date", "outside"]);
    expect(CLOSING.slice(back?.start)).toMatch(/^The Closing shall take place no later than March 31, 2024/);
  });

  it("reads a term used in capitals, and not an instrument's name nor a party's designation", () => {
    const caps = CLOSING.replace("by the Outside Date", "by the OUTSIDE DATE");
    expect(pointedBackFrom(caps, chosen, caps.length, asked("What is the outside date?"))?.words.sort()).toEqual([
      "date",
      "outside",
    ]);
    const msa =
      "This Master Services Agreement (the \u201cAgreement\u201d) is made on May 1, 2020. This Agreement is governed by the laws of Texas.";
    const m = msa.indexOf("This Agreement is");
    expect(pointedBackFrom(msa, m, msa.length, asked("What law governs the agreement?"))).toBeNull();
    const party =
      "Acme Holdings, Inc., a Delaware corporation (the \u201cCompany\u201d), and Beta LLC agree as follows. The Company shall indemnify Beta.";
    const p = party.indexOf("The Company shall");
    expect(pointedBackFrom(party, p, party.length, asked("Must the company indemnify Beta?"))).toBeNull();
    const credit =
      "This Credit Agreement (the \u201cCredit Agreement\u201d) is dated May 1, 2020. The Credit Agreement is governed by New York law.";
    const c = credit.indexOf("The Credit Agreement is");
    expect(pointedBackFrom(credit, c, credit.length, asked("What law governs the credit agreement?"))).toBeNull();
    // a term defined after a sentence that speaks of a company is no party's designation
    const use =
      "The Company shall use the Premises solely for office purposes (the \u201cPermitted Use\u201d). Tenant may not change the Permitted Use.";
    const u = use.indexOf("Tenant may");
    expect(pointedBackFrom(use, u, use.length, asked("What is the permitted use?"))?.start).toBe(0);
  });

  it("not when the question asks by none of the term's words, or the sentence does not use the term", () => {
    expect(pointedBackFrom(CLOSING, chosen, CLOSING.length, asked("Can either party terminate?"))).toBeNull();
    const unused = CLOSING.replace("by the Outside Date", "by June 30, 2024");
    expect(pointedBackFrom(unused, chosen, unused.length, asked("What is the outside date?"))).toBeNull();
    // a definition that says what a term means is the definitions' to bring in
    const means =
      "\u201cConfidential Information\u201d means any non-public information a party discloses. " +
      "Recipient will protect the Confidential Information for one (1) year from disclosure.";
    const m = means.indexOf("Recipient");
    expect(
      pointedBackFrom(means, m, means.length, asked("How long is confidential information protected?")),
    ).toBeNull();
  });
});

describe("pointedBack: the sentence pointed back to, as the extract holds it", () => {
  const source = () => FORUM;
  const { s, e } = at(FORUM, CHOSEN);
  const whole = evidenceItem("base", FORUM);
  const courts = FORUM.indexOf("Borrower hereby consents");
  const clause = FORUM.indexOf("provided, however");

  it("in the chosen sentence's own passage", () => {
    const back = pointedBack(whole, s, e, [whole], source, asked("Which courts does the borrower submit to?"));
    expect(back?.item).toBe(whole);
    expect(FORUM.slice(back?.start, back?.end)).toMatch(/^Borrower hereby consents.*outside of New York City\.$/);
  });

  it("in a passage before it that holds the sentence in part, when the part names what is asked", () => {
    // passages cut at the ";": the first holds the clause that names the courts
    const before = { ...evidenceItem("base", FORUM.slice(courts, clause)), id: "E2", start: courts, end: clause };
    const chosen = { ...evidenceItem("base", FORUM.slice(s)), id: "E3", start: s, end: FORUM.length };
    const back = pointedBack(
      chosen,
      s,
      e,
      [chosen, before],
      source,
      asked("Which courts does the borrower submit to?"),
    );
    expect(back?.item).toBe(before);
    expect(FORUM.slice(back?.start, back?.end)).toBe(FORUM.slice(courts, clause).trimEnd());
    // a passage that holds only the start of the sentence, without the word asked, is not cited
    const cut = FORUM.indexOf("the state or federal");
    const start = { ...before, text: FORUM.slice(courts, cut), end: cut };
    expect(pointedBack(chosen, s, e, [chosen, start], source, asked("Which courts?"))).toBeNull();
    // nor anything of a document whose text is gone (deleted since the extract was read)
    expect(pointedBack(chosen, s, e, [chosen, before], () => null, asked("Which courts?"))).toBeNull();
    // nor is one the extract does not hold, or another document's
    expect(pointedBack(chosen, s, e, [chosen], source, asked("Which courts?"))).toBeNull();
    const other = { ...before, documentId: "other" };
    expect(pointedBack(chosen, s, e, [chosen, other], source, asked("Which courts?"))).toBeNull();
  });
});
