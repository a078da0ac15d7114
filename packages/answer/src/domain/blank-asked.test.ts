import { describe, expect, it } from "vitest";
import { asksValue, blankValue, leftBlank } from "./blank-asked.ts";
import type { ScoredCandidate } from "./evidence-model.ts";
import { evidenceItem, scoredSentence } from "./test-support.ts";

const sentence = (text: string, p = 0.6): ScoredCandidate => scoredSentence(evidenceItem("form", text), text, { p });

// A mutual NDA form: the first party filled in, the second left to be completed.
const parties = sentence(
  "(1) [Harlow Fenwick Ltd], a company incorporated in [Scotland] (Nr 41237710 ) having its registered office at [12 Quay Street, Leith] (“ The Discloser “); and (2) [ ], a company incorporated in [England and Wales] (registration number ) having its registered office at [………………], (the “Recipient”).",
);

describe("a value the form leaves blank", () => {
  it("reads the recipient's registration number as left blank, and the discloser's as stated", () => {
    const q = "What is the company registration number of the recipient under the Fenwick NDA?";
    expect(blankValue(q, parties)).toBe("registration number");
    // the discloser's part of the same sentence states a number: no blank there
    expect(blankValue("What is the discloser's registration number?", parties)).toBeNull();
  });

  it("reads a label with a colon and an empty bracket, and an underscore rule", () => {
    const date = sentence("Effective Date: [ …………… ]");
    expect(blankValue("What is the effective date of the NDA?", date)).toBe("effective date");
    const notice = sentence("The notice period shall be ______ days from receipt of the notice of termination.");
    expect(blankValue("What is the notice period for termination?", notice)).toBe("notice period");
  });

  it("does not read a stated value, a redaction, a yes-or-no question or a table of contents as a blank", () => {
    const stated = sentence("The notice period shall be thirty (30) days.");
    expect(blankValue("What is the notice period?", stated)).toBeNull();
    // the filer withheld the value: it exists
    const redacted = sentence("The notice period shall be [***] days.");
    expect(blankValue("What is the notice period?", redacted)).toBeNull();
    // whether, not what: "the form leaves it blank" is no silence on whether a clause exists
    expect(blankValue("Does the form give the recipient's registration number?", parties)).toBeNull();
    // a row of boxes with one ticked states the value
    const boxes = sentence("Payment method: [ ] cheque [X] wire transfer");
    expect(blankValue("What is the payment method under the order?", boxes)).toBeNull();
    expect(blankValue("What is the payment method?", sentence("Payment method: [ ] cheque [ ] wire transfer"))).toBe(
      "payment method",
    );
    const contents = sentence("Notice Period ........................ 14");
    expect(blankValue("What is the notice period?", contents)).toBeNull();
  });

  it("takes only a capitalised quotation for a party's designation, so a quoted lower-case term holds no blank back", () => {
    // "party" is quoted as a term, not a designation: the recipient's blank is read although the question says "party"
    const form = sentence(
      "(1) Acme Ltd (registration number 4410021) (the “Discloser”); and (2) [ ] (registration number ) (the “Recipient”), each a “party”.",
    );
    expect(blankValue("What is the registration number of the receiving party?", form)).toBe("registration number");
    // a designation the question names still confines the blank to that party's part
    expect(blankValue("What is the registration number of the Discloser?", form)).toBeNull();
  });

  it("names what is left blank and where, not the form's text", () => {
    const reason = leftBlank([{ label: "registration number", sentence: parties }]);
    expect(reason).toBe("the documents leave it blank: the registration number in form is not filled in");
    expect(reason).not.toContain("England and Wales");
  });
});

describe("a question that asks for a value", () => {
  it("is read past a phrase it opens with, and in a request to state or give it", () => {
    expect(blankValue("Under the Fenwick NDA, what is the recipient's registration number?", parties)).toBe(
      "registration number",
    );
    expect(blankValue("Please state the recipient's registration number.", parties)).toBe("registration number");
    expect(blankValue("The recipient's registration number — what is it?", parties)).toBe("registration number");
    expect(asksValue("And who signs for the recipient?")).toBe(true);
  });

  it("is not read in a question asked yes or no, whatever follows its commas", () => {
    expect(asksValue("Is the recipient, which the form names, given a registration number?")).toBe(false);
    expect(blankValue("Does the form, as filed, give the recipient's registration number?", parties)).toBeNull();
    expect(asksValue("The parties signed on the same day, didn't they?")).toBe(false);
  });
});
