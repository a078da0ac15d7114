import { describe, expect, it } from "vitest";
import { answeringUnit } from "./answering-unit.ts";
import { introducedEnd, introducesInWords, isLeadIn } from "./lead-in.ts";

/** What `answeringUnit` quotes for `sentence` in `text` (an item at offset 0). */
const unitOf = (text: string, sentence: string) => {
  const at = text.indexOf(sentence);
  if (at < 0) throw new Error("sentence not in text");
  const u = answeringUnit({ start: 0, end: text.length, text }, at, at + sentence.length);
  return text.slice(u.start, u.end);
};

describe("isLeadIn", () => {
  it("reads a sentence that ends by introducing what follows it", () => {
    expect(isLeadIn("The Agents' Fee shall be apportioned among the Agents as follows:")).toBe(true);
    expect(isLeadIn("Section 5.2 is hereby amended to read as follows.")).toBe(true);
    expect(isLeadIn("B. New Section 13.10 is added to the Agreement as set forth below:")).toBe(true);
    expect(isLeadIn("The Licensee shall maintain the following")).toBe(true);
    expect(isLeadIn("The fee is payable as set out below. ")).toBe(true);
  });

  it("leaves a sentence that says something of its own", () => {
    expect(isLeadIn("The fee follows the schedule.")).toBe(false);
    expect(isLeadIn("Payment is due within the ten days following.")).toBe(false);
    expect(isLeadIn("The term is five years.")).toBe(false);
  });
});

describe("introducesInWords", () => {
  it("reads a lead-in that says what follows completes it, not one that ends on a colon alone", () => {
    expect(introducesInWords("The fee shall be calculated as follows:")).toBe(true);
    expect(introducesInWords("Section 13.10 is added as set forth below.")).toBe(true);
    expect(introducesInWords("Each of the following")).toBe(true);
    expect(introducesInWords("5.2 Upon termination:")).toBe(false);
    expect(introducesInWords("ABW shall include the following disclaimer on the access page:")).toBe(false);
  });
});

describe("a lead-in is quoted with what it introduces", () => {
  it("runs on through quoted replacement text to its closing quotation mark", () => {
    const text =
      'B. New Section 13.10 is added to the Agreement as set forth below:   "13.10 Notwithstanding Section 13.9, the Buyer may conduct the "Project", subject to converting the Plant. This conversion follows Section 5.9."\n\nC. Section 14 is deleted.';
    const quote = unitOf(text, "B. New Section 13.10 is added to the Agreement as set forth below:");
    expect(quote.endsWith('This conversion follows Section 5.9."')).toBe(true);
    expect(quote).not.toContain("Section 14 is deleted");
  });

  it("stops quoted text whose closing mark is missing at the next clause of the lead-in's own form", () => {
    const text =
      'A. Section 13.9 is amended to add the following at the end:  "The Buyer may fund the Project until the Methylotroph demonstrates the ability to produce the product at the agreed concentration. Further funds go elsewhere.  B. New Section 13.10 is added as set forth below:  "13.10 The Buyer may convert the Plant."';
    expect(unitOf(text, "A. Section 13.9 is amended to add the following at the end:")).toBe(
      'A. Section 13.9 is amended to add the following at the end:  "The Buyer may fund the Project until the Methylotroph demonstrates the ability to produce the product at the agreed concentration. Further funds go elsewhere.',
    );
  });

  it("takes the rows of a table flattened onto the lead-in's line, up to the next numbered clause", () => {
    const text =
      "The Agents' Fee shall be apportioned among the Agents as follows: Dundee Securities Ltd. 40% Kes 7 Capital Inc. 30% Bloom Burton & Co. Ltd. 30% 100% 6. Closing The sale shall be completed at the Closing Time.";
    expect(unitOf(text, "The Agents' Fee shall be apportioned among the Agents as follows:")).toBe(
      "The Agents' Fee shall be apportioned among the Agents as follows: Dundee Securities Ltd. 40% Kes 7 Capital Inc. 30% Bloom Burton & Co. Ltd. 30% 100%",
    );
  });

  it("takes lettered list items and stops at the next numbered provision", () => {
    const text =
      "5.1 Events of Default. Each of the following is an Event of Default:\n(a) the Borrower fails to pay any amount when due, and the failure continues for five Business Days after notice from the Lender; or\n(b) the Borrower becomes insolvent.\n5.2 Remedies. Upon an Event of Default the Lender may accelerate the Loans.";
    const quote = unitOf(text, "Each of the following is an Event of Default:");
    expect(quote).toContain("(b) the Borrower becomes insolvent.");
    expect(quote).not.toContain("Remedies");
  });

  it("is bounded: a long run without a clause label is cut back to a sentence end within the bound", () => {
    const long = `Section 5 is amended to read as follows: ${"The Supplier shall deliver. ".repeat(200)}`;
    const e = long.indexOf(":") + 1;
    const end = introducedEnd(long, 0, e, 500);
    expect(end).not.toBeNull();
    expect(end as number).toBeLessThanOrEqual(e + 500);
    expect(long.slice(0, end as number).endsWith("deliver.")).toBe(true);
  });

  it("is the lead-in alone when nothing follows it in the item", () => {
    const text = "The Agents' Fee shall be apportioned among the Agents as follows:   ";
    expect(unitOf(text, "The Agents' Fee shall be apportioned among the Agents as follows:")).toBe(
      "The Agents' Fee shall be apportioned among the Agents as follows:",
    );
    expect(introducedEnd("as follows:", 0, 11, 100)).toBeNull();
  });

  it("reads a megabyte of spaces and colons after a lead-in within the bound, and quotes none of it", () => {
    expect(introducedEnd(`as follows:${" :".repeat(512 * 1024)}`, 0, 11, 1500)).toBeNull();
    const lines = `as follows:${"\n ; and".repeat(256 * 1024)}`;
    expect(introducedEnd(lines, 0, 11, 1500)).toBeLessThanOrEqual(11 + 1500);
  });
});
