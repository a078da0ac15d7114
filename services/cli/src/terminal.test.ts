import { describe, expect, it } from "vitest";
import { inline, terminalSafe } from "./terminal.ts";

describe("terminal-safe output", () => {
  it("escapes C0, DEL, C1 and bidi controls, keeping the layout's own line breaks and tabs", () => {
    expect(terminalSafe("a\u001b[31mb\u0007\r\n\tc\u007f\u009b\u202ed")).toBe(
      "a\\u001b[31mb\\u0007\\u000d\n\tc\\u007f\\u009b\\u202ed",
    );
  });

  it("escapes line breaks too inside one line", () => {
    expect(inline("name\nforged\tx")).toBe("name\\u000aforged\\u0009x");
  });

  it("keeps JSON valid and parsing to the same value", () => {
    const value = { name: "a\u009b\u202e\u2028b\u00ad", text: "x\u001by" };
    const safe = terminalSafe(JSON.stringify(value));
    expect(safe).not.toMatch(/[\u0080-\u009f\u202e\u2028\u00ad]/u);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
