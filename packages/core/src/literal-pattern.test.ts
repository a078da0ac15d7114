import { describe, expect, it } from "vitest";
import { literal, phrasePattern } from "./literal-pattern.ts";

describe("literal patterns", () => {
  it("matches a text with every special character as itself", () => {
    const text = "Section 2.1(a) [$5.00*] {x}|y^z? \\";
    expect(new RegExp(`^${literal(text)}$`).test(text)).toBe(true);
    expect(new RegExp(literal("2.1")).test("231")).toBe(false);
  });

  it("matches a phrase across any run of whitespace, and only the phrase", () => {
    const p = new RegExp(phrasePattern("Acme (U.S.) Inc."));
    expect(p.test("Acme  (U.S.)\nInc.")).toBe(true);
    expect(p.test("Acme (UzS) Inc.")).toBe(false);
  });
});
