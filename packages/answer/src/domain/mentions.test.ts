import { describe, expect, it } from "vitest";
import { ambiguityNotes, type ReadableDocument, scopeNotes, titleExcerpt } from "./mentions.ts";

const SET: ReadableDocument[] = [
  { documentId: "d9", label: "ex-9", title: "Execution Version CAN_DMS: \\149670305\\3 PLEDGE AGREEMENT dated as of" },
  { documentId: "d10", label: "ex-10", title: "Execution Version PLEDGE AND COLLATERAL AGREEMENT" },
  {
    documentId: "d14",
    label: "ex-14",
    title: "EXECUTION VERSION 1 THIRD AMENDED AND RESTATED EMEA GUARANTY AND PLEDGE AGREEMENT",
  },
  { documentId: "d2", label: "ex-2", title: "VOTING AGREEMENT" },
];
const Q = "Which law governs the pledge agreement?";

describe("instruments a question names by kind, when the asker may read several", () => {
  it("names every matching document and the ones the answer cites", async () => {
    const [note, ...rest] = await ambiguityNotes(Q, () => SET, new Set(["d14"]));
    expect(rest).toEqual([]);
    expect(note).toContain('"the pledge agreement" may mean any of 3 documents you may read');
    expect(note).toContain("[ex-9] PLEDGE AGREEMENT");
    expect(note).toContain("[ex-10] PLEDGE AND COLLATERAL AGREEMENT");
    expect(note).toContain("[ex-14] AMENDED AND RESTATED EMEA GUARANTY AND PLEDGE AGREEMENT");
    expect(note).not.toContain("VOTING");
    expect(note).toContain("The answer cites [ex-14] only");
  });

  it("says when the answer cites none of them, and stays quiet when it cites all or only one is readable", async () => {
    expect((await ambiguityNotes(Q, () => SET, new Set()))[0]).toContain("The answer cites none of them");
    expect(await ambiguityNotes(Q, () => SET, new Set(["d9", "d10", "d14"]))).toEqual([]);
    expect(await ambiguityNotes(Q, () => SET.slice(0, 1), new Set())).toEqual([]);
  });

  it("does not list documents for a question that names its document, or names no instrument", async () => {
    let listed = false;
    const readable = () => {
      listed = true;
      return SET;
    };
    expect(
      await ambiguityNotes(
        "Consider the Pledge Agreement between A and B; which law governs the pledge agreement?",
        readable,
        new Set(),
      ),
    ).toEqual([]);
    expect(await ambiguityNotes("Which law governs?", readable, new Set())).toEqual([]);
    expect(listed).toBe(false);
  });

  it("shows the part of a title that names the instrument", async () => {
    const m = { phrase: "the amendment", words: ["amendment"] };
    expect(titleExcerpt("Execution Version AMENDMENT NO. 8 TO LOAN AND SECURITY AGREEMENT", m)).toBe(
      "AMENDMENT NO. 8 TO LOAN AND SECURITY AGREEMENT",
    );
  });
});

describe("scopeNotes", () => {
  const docs: ReadableDocument[] = [
    { documentId: "a", label: "a.txt", title: "MANUFACTURING AGREEMENT" },
    { documentId: "b", label: "b.txt", title: "OFFICE LEASE" },
  ];
  it("says a silence covers only what a guess searched: the question's words, a role, or the parties it names", async () => {
    const byParty = await scopeNotes({ documents: ["a"], by: "party" }, () => docs, true);
    expect(byParty).toHaveLength(1);
    expect(byParty[0]).toContain("by the parties the question names");
    expect((await scopeNotes({ documents: ["a"], by: "question" }, () => docs, true))[0]).toContain("by the words of");
    // A document the question names (or an answer that is no silence) needs no note.
    expect(await scopeNotes({ documents: ["a"], by: "instrument" }, () => docs, true)).toEqual([]);
    expect(await scopeNotes({ documents: ["a"], by: "party" }, () => docs, false)).toEqual([]);
  });

  it("says an answer to a question that names nothing rests on documents its words chose, and which", async () => {
    const cited = new Set(["a"]);
    const byWords = await scopeNotes({ documents: ["a", "b"], by: "question" }, () => docs, false, cited);
    expect(byWords).toEqual([
      "The question names no document: the answer rests on [a.txt], chosen by the question's words among the 2 documents you may read. Name the instrument to ask about another.",
    ]);
    expect((await scopeNotes({ documents: ["a"], by: "role" }, () => docs, false, cited))[0]).toContain(
      "as the kind of instrument the question's parties imply",
    );
    // named (by kind, party or title), citing nothing, or all the asker may read: no note
    for (const by of ["instrument", "party", "name"] as const)
      expect(await scopeNotes({ documents: ["a"], by }, () => docs, false, cited)).toEqual([]);
    expect(await scopeNotes({ documents: ["a"], by: "question" }, () => docs, false)).toEqual([]);
    expect(await scopeNotes({ documents: ["a"], by: "question" }, () => docs, false, new Set(["a", "b"]))).toEqual([]);
  });

  it("reads a question that named its documents in lower case as naming them: no guess, and says by which names", async () => {
    const named = { documents: ["a"], by: "question" as const, namesRead: ["premier nutrition"] };
    expect(await scopeNotes(named, () => docs, false, new Set(["a"]))).toEqual([]);
    const silence = await scopeNotes(named, () => docs, true);
    expect(silence[0]).toContain('chosen by the names the question gives ("premier nutrition")');
  });
});
