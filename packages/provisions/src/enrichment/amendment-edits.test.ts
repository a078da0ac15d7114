import { describe, expect, it } from "vitest";
import { MAX_OPERATIVE_GAP, MAX_OPERATIVE_SENTENCE, parseOperativeClauses } from "./amendment-edits.ts";

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
    // "by deleting "30 days" and inserting "60 days"": the quoted words are the change
    expect(got[1]?.newText).toBe("60 days");
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

  it("reads a deletion with the new text inserted in lieu thereof, in its stead or in place thereof", () => {
    for (const words of ["in lieu thereof", "in its stead", "in place thereof"]) {
      const t = `2. Section 5.1 of the Agreement is hereby deleted in its entirety and the following language is inserted ${words}:\n\n5.1 Fees. Fees are due monthly.\n\n3. Except as modified hereby, the Agreement is confirmed.`;
      expect(parse(t).map((c) => [c.kind, c.key, c.newText])).toEqual([
        ["replace", "section:5.1", "5.1 Fees. Fees are due monthly."],
      ]);
    }
    // a plain deletion is still a deletion
    expect(parse("Section 5.2 is hereby deleted in its entirety.").map((c) => c.kind)).toEqual(["delete"]);
  });

  it("reads an amendment and restatement in its entirety to read as follows", () => {
    const t = `1. Paragraph 6(b) of the Agreement is amended and restated in its entirety to read as follows:\n\n"(b) Notices shall be in writing."`;
    expect(parse(t).map((c) => [c.kind, c.ref, c.key, c.newText])).toEqual([
      ["replace", "Paragraph 6(b)", "section:6(b)", "(b) Notices shall be in writing."],
    ]);
  });

  it("reads an amendment by adding the following new Section", () => {
    const t = `3. The Agreement is hereby amended by adding the following new Section 7.5:\n\n"7.5 Audit. Each party may audit."`;
    expect(parse(t).map((c) => [c.kind, c.key, c.newText])).toEqual([
      ["insert", "section:7.5", "7.5 Audit. Each party may audit."],
    ]);
  });

  it("reads the quoted words a clause deletes and inserts, and leaves other words alone", () => {
    const forms = [
      `Clause 4.2 of the Agreement is hereby amended by deleting the words "thirty (30) days" therein and inserting in lieu thereof the words "sixty (60) days".`,
      `Clause 4.2 is amended by replacing "thirty (30) days" with "sixty (60) days".`,
      `Clause 4.2 is amended by striking "thirty (30) days" and substituting therefor "sixty (60) days".`,
    ];
    for (const t of forms) {
      const [c] = parseOperativeClauses(t);
      expect(c?.kind).toBe("amend");
      expect(c?.target.key).toBe("section:4.2");
      expect(t.slice(c!.oldText!.start, c!.oldText!.end)).toBe("thirty (30) days");
      expect(t.slice(c!.newText!.start, c!.newText!.end)).toBe("sixty (60) days");
    }
    // quoted words in a later sentence are not the clause's change
    const later = `Clause 4.2 is amended. The parties note that by deleting "A" and inserting "B" nothing else changes.`;
    expect(parseOperativeClauses(later)[0]?.newText).toBeNull();
  });

  it("reads a change to part of a provision as a partial amendment of the provision", () => {
    const t = `1. The first sentence of Section 3.2 of the Agreement is hereby deleted and replaced with the following:\n\n"The Term is five years."\n\n2. The last sentence of Article IV is deleted.`;
    const got = parse(t);
    expect(got.map((c) => [c.kind, c.key, c.newText])).toEqual([
      ["amend", "section:3.2", "The Term is five years."],
      ["amend", "article:4", null],
    ]);
    expect(got[0]?.operative.startsWith("The first sentence of Section 3.2")).toBe(true);
  });

  it("reads an exhibit or schedule replaced with the one attached, and sub-clause references", () => {
    const t = [
      `1. Exhibit B to the Agreement is hereby replaced with the Exhibit B attached hereto.`,
      `2. Schedule 2 is deleted in its entirety and replaced with Schedule 2 attached to this Amendment.`,
      `3. Article 9 is amended to read as follows: "Reserved."`,
      `4. Section 12(a)(ii) of the Agreement shall be, and hereby is, deleted in its entirety.`,
      `5. Section 2, TERRITORY, is amended to be the United States.`,
    ].join("\n\n");
    expect(parse(t).map((c) => [c.kind, c.key])).toEqual([
      ["replace", "exhibit:b"],
      ["replace", "schedule:2"],
      ["replace", "article:9"],
      ["delete", "section:12(a)(ii)"],
      ["amend", "section:2"],
    ]);
  });

  it("reads parts printed after a section number as a change to part of that section", () => {
    const t = `2. The text of Section 8. A. and B. of the Agreement is hereby deleted in its entirety and the following language is inserted in its stead:\n\nA. Fees are fixed.\n\n3. Section 4, Part C of the Agreement is deleted.`;
    const got = parse(t);
    expect(got.map((c) => [c.kind, c.key, c.newText])).toEqual([
      ["amend", "section:8", "A. Fees are fixed."],
      ["amend", "section:4", null],
    ]);
    // a sentence after a section number is not a part
    expect(parse("See Section 8. A new Section 9 is added.").map((c) => [c.kind, c.key])).toEqual([
      ["insert", "section:9"],
    ]);
  });
});

describe("the operative clause grammar on long text", () => {
  const MB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

  it("reads no clause whose words are further apart than the gap it allows", () => {
    const gap = (n: number) => parse(`Section 4${" ".repeat(n)}is amended.`).map((c) => c.key);
    expect(gap(MAX_OPERATIVE_GAP)).toEqual(["section:4"]);
    expect(gap(MAX_OPERATIVE_GAP + 1)).toEqual([]);
    const comma = (n: number) => parse(`Section 4${" ".repeat(n)}, of the Agreement is deleted.`).map((c) => c.kind);
    expect(comma(MAX_OPERATIVE_GAP)).toEqual(["delete"]);
    expect(comma(MAX_OPERATIVE_GAP + 1)).toEqual([]);
  });

  it("reads a quoted change only within the sentence length it allows after the verb", () => {
    const at = (filler: number) => {
      const t = `Clause 4.2 is amended ${"x".repeat(filler)} by deleting "thirty days" and inserting "sixty days".`;
      return parse(t)[0]?.newText;
    };
    expect(at(10)).toBe("sixty days");
    expect(at(MAX_OPERATIVE_SENTENCE - 100)).toBe("sixty days");
    expect(at(MAX_OPERATIVE_SENTENCE)).toBeNull();
  });

  it("reads a megabyte of hostile text and finds exactly the clauses in it", () => {
    // one clause per repetition, none elsewhere: each stretch of text is read a bounded number of times
    const bare = "Section 1 is amended. ";
    expect(parseOperativeClauses(bare.repeat(MB / bare.length / 4))).toHaveLength((MB / bare.length / 4) | 0);
    for (const unit of ["SECTION ALPHA BETA GAMMA ", "Section 2. A. and B. ", "Section 4, Part C and D, ", '"a" "b" '])
      expect(parseOperativeClauses(fill(unit))).toEqual([]);
    expect(parse(`Section 1${fill(" ")}of the Agreement is amended.`)).toEqual([]);
    expect(parse(`Section 1 is amended by deleting "a"${fill(" ")}and inserting "b".`).map((c) => c.newText)).toEqual([
      null,
    ]);
    expect(
      parse(`A new Section 9 is added: Audit.${fill("\n")}2. Except as amended, the Agreement stays in force.`).map(
        (c) => [c.kind, c.newText],
      ),
    ).toEqual([["insert", "Audit."]]);
  });
});
