import { describe, expect, it } from "vitest";
import { isTextLayerStyle, recoverTextLayerLines } from "./text-layer.ts";

describe("isTextLayerStyle", () => {
  it("is true for tiny white text only", () => {
    expect(isTextLayerStyle("font-size:1pt;color:white")).toBe(true);
    expect(isTextLayerStyle("color: #FFFFFF; font-size: 0.5pt")).toBe(true);
    expect(isTextLayerStyle("font-size:1px;color:rgb(255, 255, 255);")).toBe(true);
    expect(isTextLayerStyle("font-size:10pt;color:white")).toBe(false);
    expect(isTextLayerStyle("font-size:1pt;color:#000000")).toBe(false);
    expect(isTextLayerStyle("font-size:1pt;background-color:white")).toBe(false);
    expect(isTextLayerStyle("")).toBe(false);
  });
});

describe("recoverTextLayerLines", () => {
  // One OCR page as Workiva files it: printed lines end with two spaces.
  const page =
    "Execution Version  1  US-DOCS\\137586123.7  THE INDEBTEDNESS EVIDENCED BY THIS INSTRUMENT IS  " +
    "SUBJECT TO THE INTERCREDITOR AGREEMENT.  GUARANTEE  This GUARANTEE, dated as of December 30, 2022, made by Bird US  " +
    "Holdco, LLC (the “Guarantor”), is in favor of the Agent.  RECITALS  1. Bird Global, Inc. has  " +
    "entered into the Note Purchase Agreement.  CAN_DMS: \\149683496\\4  PLEDGE AGREEMENT  shall not affect the foregoing.  " +
    "6.7 Consent Required to Amend. This  Agreement may be amended.";

  it("puts titles, legends, document numbers and clauses on lines of their own", () => {
    expect(recoverTextLayerLines(page).split("\n")).toEqual([
      "Execution Version",
      "1",
      "US-DOCS\\137586123.7",
      "THE INDEBTEDNESS EVIDENCED BY THIS INSTRUMENT IS SUBJECT TO THE INTERCREDITOR AGREEMENT.",
      "GUARANTEE",
      "This GUARANTEE, dated as of December 30, 2022, made by Bird US Holdco, LLC (the “Guarantor”), is in favor of the Agent.",
      "RECITALS",
      "1. Bird Global, Inc. has entered into the Note Purchase Agreement.",
      "CAN_DMS: \\149683496\\4",
      "PLEDGE AGREEMENT",
      "shall not affect the foregoing.",
      "6.7 Consent Required to Amend. This Agreement may be amended.",
    ]);
  });

  it("loses and reorders no character: only whitespace changes", () => {
    const squeeze = (s: string) => s.replace(/\s+/g, "");
    expect(squeeze(recoverTextLayerLines(page))).toBe(squeeze(page));
    expect(recoverTextLayerLines("   ")).toBe("");
    expect(recoverTextLayerLines("one line only")).toBe("one line only");
  });
});
