import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answeringUnit } from "./answering-unit.ts";

// An item that starts at offset 100 of its document: spans are absolute, as citations are.
const item = (text: string) => ({ start: 100, end: 100 + text.length, text });
const unitOf = (text: string, sentence: string) => {
  const it = item(text);
  const at = text.indexOf(sentence);
  if (at < 0) throw new Error("sentence not in text");
  const u = answeringUnit(it, 100 + at, 100 + at + sentence.length);
  return text.slice(u.start - 100, u.end - 100);
};

describe("answeringUnit: the quote is the answering unit, whole", () => {
  const notices =
    "12.3 Notices. All notices shall be in writing and addressed as follows:\n\nIf to Heritage:\nStremicks Heritage Foods, LLC\n4002 Westminster Avenue\nSanta Ana, CA 92703\n\nIf to Premier:\nPremier Nutrition Corporation\n1222 67th Street\nEmeryville, CA 94608\n\n\n12.4 Assignment. Neither Party may assign this Agreement without consent of the other Party, which shall not be unreasonably withheld.";

  it("quotes a sentence the source broke at a blank line to its end, and no further", () => {
    const text =
      "3. Closing. The closing shall take place on the date five days after notice, provided that in no event shall the Closing Date extend beyond February 28, 2023 unless\n\notherwise mutually agreed to by the Parties in writing (the \u201cOutside Closing Date\u201d). Time is of the essence.";
    const quote = unitOf(
      text,
      "The closing shall take place on the date five days after notice, provided that in no event shall the Closing Date extend beyond February 28, 2023 unless",
    );
    expect(quote.endsWith("(the \u201cOutside Closing Date\u201d).")).toBe(true);
    // a sentence that ends on its stop, and a heading before a capital, are quoted as they are
    expect(unitOf(text, "Time is of the essence.")).toBe("Time is of the essence.");
    const heading = "4. Term\n\nThe term is two years.";
    expect(unitOf(heading, "4. Term")).toBe("4. Term");
  });

  it("runs an address block on from the sentence that introduces it, up to the next provision", () => {
    const quote = unitOf(notices, "All notices shall be in writing and addressed as follows:");
    expect(quote).toContain("4002 Westminster Avenue");
    expect(quote.endsWith("Emeryville, CA 94608")).toBe(true);
    expect(quote).not.toContain("Assignment");
  });

  it("quotes the notice addresses of the example agreement after the sentence that points to them", () => {
    const file = join(
      import.meta.dirname,
      "../../../../examples/manufacturing-agreement/manufacturing-agreement-1.txt",
    );
    const text = readFileSync(file, "utf8");
    const sentence =
      "Notices, demands, and communications to the respective Parties shall, unless another address is specified in writing, be sent to the address indicated below:";
    const quote = unitOf(text, sentence);
    expect(quote.startsWith(sentence)).toBe(true);
    expect(quote).toContain("Notice to PREMIER:");
    expect(quote).toContain("188 Spear Street, Suite 600 San Francisco, CA 94608");
    expect(quote).toContain("With a copy to General Counsel");
    // the page footer ends the block
    expect(quote).not.toContain("Source:");
  });

  it("stops the block at prose", () => {
    const text =
      "The Purchase Price shall be paid as follows:\n(i) by wire transfer; or\nThis paragraph is prose that goes on to explain something at length and is clearly not a line of the block.";
    // the lead-in keeps the item it introduces (`lead-in.ts`), not the prose after it
    expect(unitOf(text, "The Purchase Price shall be paid as follows:")).toBe(
      "The Purchase Price shall be paid as follows:\n(i) by wire transfer; or",
    );
    const list = "Payment is due as follows:\nwithin 30 days of invoice\nin US dollars\n\nNext paragraph.";
    expect(unitOf(list, "Payment is due as follows:")).toBe(
      "Payment is due as follows:\nwithin 30 days of invoice\nin US dollars",
    );
  });

  it("quotes the whole row of a pricing table", () => {
    const table =
      "Product      Unit      Price\nOat Milk 32oz      case of 6      $14.50\nAlmond 16oz      case of 12      $18.00";
    expect(unitOf(table, "$14.50")).toBe("Oat Milk 32oz      case of 6      $14.50");
    expect(unitOf("| Tier | Fee |\n| Gold | 2.5% |", "2.5%")).toBe("| Gold | 2.5% |");
  });

  it("takes in the forum sentence that follows a governing-law sentence", () => {
    const text =
      "This Agreement shall be governed by the laws of the State of California. The Parties submit to the exclusive jurisdiction of the courts of Orange County, California. Section 13. Counterparts.";
    expect(unitOf(text, "This Agreement shall be governed by the laws of the State of California.")).toBe(
      "This Agreement shall be governed by the laws of the State of California. The Parties submit to the exclusive jurisdiction of the courts of Orange County, California.",
    );
    // a next sentence about something else is not taken in
    const other =
      "This Agreement shall be governed by the laws of the State of New York. Headings are for convenience only.";
    expect(unitOf(other, "This Agreement shall be governed by the laws of the State of New York.")).toBe(
      "This Agreement shall be governed by the laws of the State of New York.",
    );
  });

  it("leaves an ordinary sentence as it is, and never leaves the item", () => {
    const text = "The term is five years. It renews yearly.";
    expect(unitOf(text, "The term is five years.")).toBe("The term is five years.");
    const cut = item("Governed by the laws of the State of Texas.");
    expect(answeringUnit(cut, 100, cut.end)).toEqual({ start: 100, end: cut.end });
  });
});
