import { parseQuestion } from "@lexnav/retrieval";
import { describe, expect, it } from "vitest";
import { askedInstrumentCount } from "./amended-instrument.ts";
import { spansInstruments } from "./instrument-share.ts";
import { namedInstrumentCount } from "./multi-ask.ts";

const count = (q: string) => askedInstrumentCount(parseQuestion(q).ask);

describe("askedInstrumentCount", () => {
  it("counts an amendment named as the source of the instrument before it as that instrument", () => {
    expect(count("Does Odyssey have to make a payment on the LGH note under the amendment?")).toBe(1);
    expect(count("What rent is due on the warehouse lease as amended by the second amendment?")).toBe(1);
    expect(count("What is the royalty on the software licence pursuant to Amendment No. 2?")).toBe(1);
  });

  it("counts instruments asked side by side, or compared, as two", () => {
    expect(count("Is the guaranty governed by the same law as the credit agreement?")).toBe(2);
    expect(count("Which law governs the guaranty and the amendment?")).toBe(2);
    expect(count("Does the cap in the supply agreement differ from the one in the amendment?")).toBe(2);
  });

  it("leaves a question with one instrument, or none, as it is", () => {
    expect(count("When does the pledge agreement terminate?")).toBe(1);
    expect(count("What is the cure period?")).toBe(0);
  });

  it("is what namedInstrumentCount reads, so the question is not asked across instruments", () => {
    const q = "Does Odyssey have to make a payment on the LGH note under the amendment?";
    expect(namedInstrumentCount(q)).toBe(1);
    expect(spansInstruments(q)).toBe(false);
    expect(spansInstruments("Do the note and the amendment have the same maturity date?")).toBe(true);
  });
});
