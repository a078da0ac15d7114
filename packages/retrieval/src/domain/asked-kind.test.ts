import { describe, expect, it } from "vitest";
import { askedKinds, isOfKind } from "./asked-kind.ts";

describe("the kind of instrument a question asks about", () => {
  it("reads each mention's words but its names, and no kind from a mention of what every instrument is", () => {
    expect(askedKinds("Can DSP walk away from the NDA?")).toEqual([["nda"]]);
    expect(askedKinds("What does the Heritage manufacturing agreement say about recalls?")).toEqual([
      ["manufacturing", "agreement"],
    ]);
    expect(askedKinds("What are Residuals under the Intel corporate NDA?")).toEqual([["corporate", "nda"]]);
    expect(askedKinds("Which law governs the Heritage agreement?")).toEqual([]);
    expect(askedKinds("Which law governs the agreement?")).toEqual([]);
    // typed without capitals, a name cannot be told from a qualifier
    expect(askedKinds("can dsp walk away from the nda?")).toEqual([]);
  });

  it("finds the kind in a name a document calls itself, spelled out, by any spelling, or abbreviated", () => {
    expect(isOfKind("Corporate Non-Disclosure Agreement", ["nda"])).toBe(true);
    expect(isOfKind("MUTUAL CONFIDENTIALITY AGREEMENT", ["nda"])).toBe(true);
    expect(isOfKind("Acme NDA", ["nda"])).toBe(true);
    expect(isOfKind("Strategic Alliance Agreement", ["nda"])).toBe(false);
    expect(isOfKind("Corporate Non-Disclosure Agreement", ["corporate", "nda"])).toBe(true);
    expect(isOfKind("Mutual Non-Disclosure Agreement", ["corporate", "nda"])).toBe(false);
    expect(isOfKind("Parent Guaranty", ["guarantee"])).toBe(true);
    expect(isOfKind("Manufacturing and Supply Agreement", ["manufacturing", "agreement"])).toBe(true);
    expect(isOfKind("Supply Agreement", ["manufacturing", "agreement"])).toBe(false);
    expect(isOfKind("Master Services Agreement", ["msa"])).toBe(true);
  });
});
