import { describe, expect, it } from "vitest";
import { instrumentMentions, mentionLookupText, mentionWord, titleMentions } from "./document-names.ts";
import {
  INSTRUMENT_KIND_PATTERN,
  instrumentKind,
  isInstrumentAbbreviation,
  isInstrumentPartWord,
  isInstrumentWord,
  kindSpellings,
  spelledOut,
} from "./instrument-kinds.ts";

describe("the kinds of instrument, one list for retrieval and answering", () => {
  it("reads a kind singular or plural, in any case, and spelled any way titles spell it as one kind", () => {
    expect(instrumentKind("Guaranty")).toBe("guarantee");
    expect(instrumentKind("guarantees")).toBe("guarantee");
    expect(instrumentKind("GUARANTIES")).toBe("guarantee");
    expect(instrumentKind("licence")).toBe("license");
    expect(instrumentKind("Licenses")).toBe("license");
    expect(instrumentKind("addenda")).toBe("addendum");
    expect(instrumentKind("Notes")).toBe("note");
    expect(kindSpellings("guarantee")).toEqual(["guarantee", "guaranty"]);
    expect(kindSpellings("lease")).toEqual(["lease"]);
  });

  it("reads the abbreviations of kinds as kinds", () => {
    for (const a of ["NDA", "NDAs", "MSA", "SOW", "MOU", "LOI", "SPA", "APA", "GMA", "SLA", "PO", "POs"]) {
      expect(isInstrumentWord(a)).toBe(true);
      expect(isInstrumentAbbreviation(a)).toBe(true);
    }
    expect(instrumentKind("MSAs")).toBe("msa");
    expect(isInstrumentAbbreviation("lease")).toBe(false);
  });

  it("reads the deal documents lawyers name by their letters, and spells each out as titles do", () => {
    for (const a of ["PSA", "NPA", "LPA", "LLCA", "TSA", "RRA", "JVA"]) expect(isInstrumentAbbreviation(a)).toBe(true);
    expect(spelledOut("LPA")).toContain("agreement of limited partnership");
    expect(spelledOut("llca")).toContain("operating agreement");
    expect(spelledOut("SPA")).toContain("securities purchase agreement");
    expect(spelledOut("PSA")).toContain("purchase and sale agreement");
  });

  it("reads no other word as a kind, and parts of an instrument as parts, not kinds", () => {
    for (const w of ["acme", "holdings", "term", "data", "less", "process", "guarantor", "licensee", ""]) {
      expect(isInstrumentWord(w)).toBe(false);
    }
    expect(isInstrumentWord("Exhibit")).toBe(false);
    expect(isInstrumentPartWord("Exhibit")).toBe(true);
    expect(isInstrumentPartWord("schedules")).toBe(true);
    expect(isInstrumentPartWord("lease")).toBe(false);
  });

  it("finds every kind and abbreviation in running text through the pattern", () => {
    const re = new RegExp(`^(?:${INSTRUMENT_KIND_PATTERN})s?$`, "i");
    for (const w of ["agreement", "Guaranty", "guarantee", "licence", "LICENSE", "bylaws", "MOU", "POs"]) {
      expect(re.test(w)).toBe(true);
    }
    expect(re.test("guarantor")).toBe(false);
    expect(re.test("exhibit")).toBe(false);
  });
});

describe("reading kinds where retrieval names an instrument", () => {
  it("takes an abbreviation after a party as a mention of that party's instrument", () => {
    expect(instrumentMentions("Which law governs the Acme–Zenith MOU?").map((m) => m.words)).toEqual([
      ["acme", "zenith", "mou"],
    ]);
  });

  it("compares a title's kind and a mention's kind as one word, whichever spelling each uses", () => {
    expect(mentionWord("GUARANTIES")).toBe(mentionWord("guarantee"));
    expect(mentionWord("Licence")).toBe(mentionWord("licenses"));
    expect(
      titleMentions("LICENCE AGREEMENT", { phrase: "the license agreement", words: ["license", "agreement"] }),
    ).toBe(true);
    // an ordinary word still loses its plural only
    expect(mentionWord("Pledges")).toBe("pledge");
  });

  it("looks a mention up by every spelling of its kind, and an addendum by the amendment titles call it", () => {
    expect(mentionLookupText({ phrase: "the parent guaranty", words: ["parent", "guaranty"] })).toBe(
      "the parent guaranty guarantee guaranty",
    );
    expect(mentionLookupText({ phrase: "the addendum", words: ["addendum"] })).toBe("the addendum addendum amendment");
    expect(mentionLookupText({ phrase: "the Acme MOU", words: ["acme", "mou"] })).toBe("the Acme MOU");
  });
});
