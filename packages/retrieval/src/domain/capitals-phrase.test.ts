import { describe, expect, it } from "vitest";
import { CAPITALS_SCAN_LIMIT, capitalsReader, capitalsWords, holdsInCapitals } from "./capitals-phrase.ts";

describe("capitals words", () => {
  it("reads the words written in capitals, two letters or more", () => {
    expect(capitalsWords("NEON's distributorship with Peregrine/Bridge")).toEqual(["NEON"]);
    expect(capitalsWords("D-M-E")).toEqual([]);
    expect(capitalsWords("Milacron")).toEqual([]);
    expect(capitalsWords("IBM and 3M and IBM")).toEqual(["IBM"]);
    expect(capitalsWords("SPS2 Technologies")).toEqual(["SPS2"]);
  });

  it("holds a word only in capitals and only whole", () => {
    expect(holdsInCapitals("NEON Systems, Inc.", ["NEON"])).toBe(true);
    expect(holdsInCapitals("NEON's rights", ["NEON"])).toBe(true);
    expect(holdsInCapitals("neon signs", ["NEON"])).toBe(false);
    expect(holdsInCapitals("NEONATAL care", ["NEON"])).toBe(false);
    expect(holdsInCapitals("NEON and IBM", ["NEON", "IBM"])).toBe(true);
    expect(holdsInCapitals("NEON and ibm", ["NEON", "IBM"])).toBe(false);
  });
});

describe("capitals reader", () => {
  it("keeps the documents that write the capitals, at most a limit", () => {
    const r = capitalsReader(["NEON"], 2);
    expect(r.read("a", ["neon signs"])).toBe(true);
    expect(r.read("b", [null, "NEON Systems"])).toBe(true);
    expect(r.read("c", ["Distributor", "NEON's distributor"])).toBe(false);
    expect(r.result()).toEqual(["b", "c"]);
  });

  it("answers without case when none writes them and every passage was read, and leaves it to the caller when some were not", () => {
    const none = capitalsReader(["ACME"], 5);
    none.read("a", ["Acme Corp"]);
    none.read("b", ["acme widgets"]);
    expect(none.result()).toEqual(["a", "b"]);
    const all = capitalsReader(["NEON"], 5);
    all.read("b", ["NEON Systems"]);
    all.read("c", ["neon signs"]);
    expect(all.result()).toEqual(["b"]);
  });

  it("stops reading at the scan limit, and then does not answer for what it did not read", () => {
    const r = capitalsReader(["NEON"], 5);
    let reads = 0;
    while (r.read("a", ["neon signs"])) reads += 1;
    expect(reads + 1).toBe(CAPITALS_SCAN_LIMIT);
    expect(r.result()).toBeNull();
    const found = capitalsReader(["NEON"], 5);
    found.read("z", ["NEON Systems"]);
    while (found.read("a", ["neon signs"])) {}
    expect(found.result()).toBeNull();
  });
});
