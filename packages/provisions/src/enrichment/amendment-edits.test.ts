import { describe, expect, it } from "vitest";
import { parseOperativeClauses } from "./amendment-edits.ts";

const parse = (text: string) =>
  parseOperativeClauses(text).map((c) => ({
    kind: c.kind,
    ref: c.target.ref,
    key: c.target.key,
    term: c.target.term,
    instrument: c.target.instrument,
    operative: text.slice(c.start, c.end),
    newText: c.newText ? text.slice(c.newText.start, c.newText.end) : null,
  }));

describe("the operative clause grammar", () => {
  it("reads a deletion and replacement with its new text", () => {
    const t = `1. Section 4 of the License Agreement is hereby deleted in its entirety and replaced by the following:\n\n"4. Term. The term is ten years."\n\n2. Except as amended hereby, the Agreement remains in effect.`;
    expect(parse(t)).toEqual([
      {
        kind: "replace",
        ref: "Section 4",
        key: "section:4",
        term: null,
        instrument: "License Agreement",
        operative: "Section 4 of the License Agreement is hereby deleted in its entirety and replaced by",
        newText: "4. Term. The term is ten years.",
      },
    ]);
  });
});

describe("the operative clause grammar, other forms", () => {
  it("reads restatements, definitions, insertions, partial amendments and deletions", () => {
    const t = [
      `(a) The definition of "Applicable Margin" contained in Section 1.01 of the Credit Agreement is amended to read as follows: "Applicable Margin" means 3%.`,
      `(b) Section 2.3 is amended by deleting "30 days" and inserting "60 days".`,
      `(c) Schedule 1 is hereby replaced in its entirety by Schedule 1 attached hereto.`,
      `(d) A new Section 7.5 is added to read: "7.5 Audit. Each party may audit."`,
      `(e) Article VI shall be amended and restated in its entirety to read as follows: "ARTICLE VI Reserved."`,
      `(f) Section 9.2 is hereby deleted.`,
    ].join("\n\n");
    const got = parse(t);
    expect(got.map((c) => [c.kind, c.ref, c.key, c.term])).toEqual([
      ["replace", "Applicable Margin", null, "Applicable Margin"],
      ["amend", "Section 2.3", "section:2.3", null],
      ["replace", "Schedule 1", "schedule:1", null],
      ["insert", "Section 7.5", "section:7.5", null],
      ["replace", "Article VI", "article:6", null],
      ["delete", "Section 9.2", "section:9.2", null],
    ]);
    expect(got[0]?.instrument).toBe("Credit Agreement");
    expect(got[3]?.newText).toBe("7.5 Audit. Each party may audit.");
    expect(got[1]?.newText).toBeNull();
  });

  it("reads the active form: the parties remove a provision and replace it, or add a new one", () => {
    const t = `1. The Parties hereby agree to remove Section 2(c) in its entirety and replace it with the following:\n\nDuring the Term, Premier shall buy.\n\n2. The Agreement is amended by adding a new Section 12.4 as follows: "12.4 Notices by email."`;
    const got = parse(t);
    expect(got.map((c) => [c.kind, c.key, c.newText])).toEqual([
      ["replace", "section:2(c)", "During the Term, Premier shall buy."],
      ["insert", "section:12.4", "12.4 Notices by email."],
    ]);
  });

  it("reads a partial amendment's quoted old and new words", () => {
    const t = `c. Section 2(d) of the Agreement is amended so that whereas it previously read:\n\n"Premier may order [***] Units."\n\nit now reads:\n\n"Premier may order [***] Tetra Units."\n\nd. Section 2(e) is amended by adding a sentence.`;
    const got = parseOperativeClauses(t);
    expect(got.map((c) => c.kind)).toEqual(["amend", "amend"]);
    const [first, second] = got;
    expect(t.slice(first!.oldText!.start, first!.oldText!.end)).toBe("Premier may order [***] Units.");
    expect(t.slice(first!.newText!.start, first!.newText!.end)).toBe("Premier may order [***] Tetra Units.");
    expect(second?.oldText).toBeNull();
    expect(second?.newText).toBeNull();
  });

  it("is not fooled by words of amendment that change no named provision", () => {
    const t = [
      `Heritage shall produce the products described on Schedule A attached hereto, as may be amended from time to time.`,
      `This Agreement may not be amended except by an instrument in writing.`,
      `The Securities Exchange Act of 1934, as amended, applies.`,
      `Section 5.9 of the License Agreement, as amended, remains in force.`,
      `Nothing in Section 3 shall be deemed amended by the course of dealing.`,
      `All headings are inserted for reference only.`,
    ].join(" ");
    expect(parse(t)).toEqual([]);
  });
});
