import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { amendmentEdits, parseOperativeClauses, provisionsInForce } from "./amendment-edits.ts";
import { transactionMemberFromText } from "./text-member.ts";

const repo = join(import.meta.dirname, "../../../..");
const corpus = join(process.env.LEXNAV_SHARED_DIR ?? join(repo, "../shared"), "corpus");

const member = (documentId: string, text: string) => transactionMemberFromText(documentId, text);

describe("amendment edits on real amendments", () => {
  it("the example manufacturing agreement and its three amendments", () => {
    const members = [1, 2, 3, 4].map((n) =>
      member(
        `m${n}`,
        readFileSync(join(repo, "examples/manufacturing-agreement", `manufacturing-agreement-${n}.txt`), "utf8"),
      ),
    );
    const [base] = members;
    const edits = amendmentEdits(members);
    // every clause targets the base agreement, in effective-date order
    expect(edits.every((e) => e.targetDocumentId === "m1")).toBe(true);
    expect(edits.map((e) => e.effectiveDate)).toEqual([...edits.map((e) => e.effectiveDate)].sort());
    const row = (e: (typeof edits)[number]) => [e.amendmentDocumentId, e.kind, e.target.key];
    expect(edits.map(row)).toEqual([
      ["m2", "replace", "section:2(c)"],
      ["m3", "amend", "section:1"],
      ["m3", "replace", "section:1(a)(viii)"],
      ["m3", "insert", "section:1(a)(xi)"],
      ...["2(a)", "2(c)", "2(d)", "2(e)", "2(f)", "2(m)", "2(n)", "2(o)(i)", "3(b)", "3(c)", "13"].map((k) => [
        "m3",
        "amend",
        `section:${k}`,
      ]),
      ["m4", "replace", "schedule:c-1"],
    ]);
    // Amendment No. 1 §1 replaces the base's Section 2(c), with the new text cut at its closing words
    const first = edits[0]!;
    const m2 = members[1]!;
    expect(first.amendmentClauseRef).toBe("Section 1");
    expect(base!.structure.nodes.find((n) => n.id === first.targetNodeId)?.fullRef).toBe("2(c)");
    const replacement = m2.text.slice(first.newText!.start, first.newText!.end);
    expect(replacement.startsWith("During the Term of this Agreement, Premier shall be required")).toBe(true);
    expect(replacement).not.toMatch(/Except as otherwise/);
    expect(m2.text.slice(first.start, first.end)).toBe("remove Section 2(c) in its entirety and replace it with");
    // the Second Amendment's partial edits name the same base provision
    const second = edits.find((e) => e.amendmentDocumentId === "m3" && e.target.key === "section:2(c)");
    expect(second?.targetNodeId).toBe(first.targetNodeId);
    // a quoted insertion is taken inside its quotation marks, not into the next heading
    const inserted = edits.find((e) => e.kind === "insert")!;
    expect(members[2]!.text.slice(inserted.newText!.start, inserted.newText!.end)).toMatch(
      /^\(xi\) Pricing.*Schedule C-1$/,
    );
  });

  it("the example set's Section 2(c) in force on a date: original, then replaced, then amended in part", () => {
    const members = [1, 2, 3, 4].map((n) =>
      member(
        `m${n}`,
        readFileSync(join(repo, "examples/manufacturing-agreement", `manufacturing-agreement-${n}.txt`), "utf8"),
      ),
    );
    const edits = amendmentEdits(members);
    const span = (documentId: string, nodeId: string) => {
      const n = members.find((m) => m.documentId === documentId)?.structure.nodes.find((x) => x.id === nodeId);
      return n ? { start: n.start, end: n.end } : null;
    };
    const textOf = (id: string) => members.find((m) => m.documentId === id)?.text ?? null;
    const at = (date: string) => provisionsInForce(edits, date, span, textOf).find((p) => p.ref === "Section 2(c)");
    // before any amendment: nothing is edited
    expect(at("2017-12-31")).toBeUndefined();
    // after Amendment No. 1: the original is superseded and the amendment's text is in force
    const first = at("2018-07-01")!;
    expect(first.originalSuperseded).toBe(true);
    expect(first.current?.documentId).toBe("m2");
    expect(first.chain.map((e) => [e.amendmentDocumentId, e.kind])).toEqual([["m2", "replace"]]);
    // after the Second Amendment: still Amendment No. 1's text, read with the partial amendment
    const second = at("2019-01-01")!;
    expect(second.current?.documentId).toBe("m2");
    expect(second.chain.map((e) => [e.amendmentDocumentId, e.kind])).toEqual([
      ["m2", "replace"],
      ["m3", "amend"],
    ]);
    // Section 2(d): the Second Amendment quotes the words it changes; where they match, the change is applied
    const later = provisionsInForce(edits, "2019-01-01", span, textOf);
    const applied = later.filter((p) => p.chain.every((e) => e.kind === "amend") && p.unapplied.length === 0);
    expect(applied.length).toBeGreaterThan(0);
    for (const p of applied) {
      const e = p.chain[p.chain.length - 1]!;
      const m3 = textOf("m3")!;
      const flat = (x: string) => x.replace(/\s+/g, " ").trim();
      expect(p.text).toContain(flat(m3.slice(e.newText!.start, e.newText!.end)));
      expect(p.text).not.toContain(flat(m3.slice(e.oldText!.start, e.oldText!.end)));
      expect(p.originalSuperseded).toBe(true);
    }
    // a quotation that does not match the base's words is not applied by guess: Section 2(a) quotes
    // "Jasper's facilities" where the base reads "Jasper's, [***]"
    const twoA = later.find((p) => p.ref === "Section 2(a)")!;
    expect(twoA.unapplied.map((e) => e.target.ref)).toEqual(["Section 2(a)"]);
    expect(twoA.originalSuperseded).toBe(false);
    // Schedule C-1 replaced by Amendment No. 3 only from its effective date
    expect(provisionsInForce(edits, "2019-07-02", span, textOf).some((p) => p.ref === "Schedule C-1")).toBe(false);
    expect(
      provisionsInForce(edits, "2019-07-03", span, textOf).find((p) => p.ref === "Schedule C-1")?.current?.documentId,
    ).toBe("m4");
  });

  it("CUAD amendments whose base is not filed with them: edits read, no target outside the set", () => {
    const clauses = (f: string) => {
      const text = readFileSync(join(corpus, "cuad", f), "utf8");
      return parseOperativeClauses(text).map((c) => ({
        kind: c.kind,
        key: c.target.key,
        instrument: c.target.instrument,
        newText: c.newText ? text.slice(c.newText.start, c.newText.end) : null,
      }));
    };
    const cerus = clauses("Cerus Corporation - FIRST AMEND TO SUPPLY AND MANUFACTURING AGREEMENT.txt");
    expect(cerus.map((c) => [c.kind, c.key])).toEqual([
      // "The penultimate sentence in Section 1.3 … deleted … and replaced": the rest of 1.3 stays in force
      ["amend", "section:1.3"],
      ["insert", "section:1.5.3"],
      ["insert", "section:3a"],
    ]);
    expect(cerus[2]?.newText).toMatch(/^3a Non-Production Related Work\./);
    expect(cerus[0]?.newText).toMatch(/^In no event shall any Purchase Order/);
    const bioamber = clauses("BIOAMBERINC_04_10_2013-EX-10.34-DEVELOPMENT AGREEMENT - First Amendment.txt");
    expect(bioamber.map((c) => [c.kind, c.key, c.instrument])).toEqual([
      ["amend", "section:2.2", "Development Agreement"],
      ["amend", "section:13.9", "Development Agreement"],
      ["insert", "section:13.10", null],
      ["amend", "section:5.9", "Commercial License"],
    ]);
    expect(bioamber[2]?.newText).toMatch(/^13\.10 Notwithstanding/);
    // alone in its set, an amendment's edits target no document
    const text = readFileSync(
      join(corpus, "cuad", "Cerus Corporation - FIRST AMEND TO SUPPLY AND MANUFACTURING AGREEMENT.txt"),
      "utf8",
    );
    const edits = amendmentEdits([member("cerus", text)]);
    expect(edits).toHaveLength(3);
    expect(edits.every((e) => e.targetDocumentId === null && e.targetNodeId === null)).toBe(true);
  });
});
