import { describe, expect, it } from "vitest";
import { filedCopyGroups } from "./copy-groups.ts";

// Twelve distinct provisions, so each text has shingles enough for the sample to find its copies.
const provisions = Array.from(
  { length: 12 },
  (_, i) =>
    `Section ${i + 1}. The Licensee shall perform obligation number ${i + 1} of the schedule within ${i + 10} days of the request by the Licensor, at its own cost and expense.`,
);
const license = provisions.join("\n");

describe("filedCopyGroups", () => {
  it("groups a verbatim copy, a near copy and leaves a different deal alone", () => {
    const docs = [
      { id: "a", text: `Exhibit 10.1\nLICENSE AGREEMENT between Alpha Co. and Beta Co.\n${license}` },
      {
        id: "b",
        text: `Exhibit 10.1\nLICENSE   AGREEMENT between alpha co. and beta co.\n${license.replace(/\n/g, "\n\n")}`,
      },
      { id: "c", text: `Exhibit 99.4\nLICENSE AGREEMENT between Alpha Co. and Beta Co.\n${license}` },
      { id: "d", text: "SUPPLY AGREEMENT. The Seller delivers the Products in Ohio within thirty days of each order." },
      { id: "e", text: `LICENSE AGREEMENT between Gamma Co. and Delta Co.\n${license}` },
    ];
    const groups = filedCopyGroups(docs);
    expect(groups).toEqual([{ ids: ["a", "b", "c"], verbatim: false }]);
  });

  it("marks a group whose members have the same words as verbatim, and handles empty texts", () => {
    const groups = filedCopyGroups([
      { id: "x", text: license },
      { id: "y", text: license.toUpperCase() },
      { id: "z", text: "" },
    ]);
    expect(groups).toEqual([{ ids: ["x", "y"], verbatim: true }]);
    expect(filedCopyGroups([])).toEqual([]);
  });
});
