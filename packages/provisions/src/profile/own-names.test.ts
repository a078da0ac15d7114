import { describe, expect, it } from "vitest";
import { ownNames } from "./own-names.ts";

describe("the names a document calls itself in its opening", () => {
  it("reads 'This <Name>' and a short name defined as (this “<Name>”)", () => {
    const opening =
      "CONSENT AND AGREEMENT TO CANCEL AND EXCHANGE Existing Notes\nThis CONSENT AND AGREEMENT , dated as of December 30, 2022 (this “ Consent Agreement ”), is made by and among ACME, INC.";
    expect(ownNames(opening)).toEqual(["consent and agreement", "consent agreement"]);
  });

  it("keeps multi-word names only, and never a name in a capitals legend or another instrument's definition", () => {
    expect(ownNames("This Agreement is made between A and B.")).toEqual([]);
    expect(
      ownNames("THIS NOTE AND THE SHARES ISSUABLE UPON CONVERSION OF THIS NOTE HAVE NOT BEEN REGISTERED."),
    ).toEqual([]);
    expect(
      ownNames('This Note is issued under that certain Credit Agreement dated May 1, 2020 (the "Credit Agreement").'),
    ).toEqual([]);
    expect(ownNames('This Senior Secured Convertible Note (this "Note") is issued by Acme.')).toEqual([
      "senior secured convertible note",
    ]);
  });

  it("reads only the opening, and stays linear on a long run of capitalised words", () => {
    expect(ownNames(`${"x ".repeat(2000)}This Security Agreement is made by A.`)).toEqual([]);
    const long = `This ${"Alpha ".repeat(50_000)}`;
    const t0 = performance.now();
    expect(ownNames(long)).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});
