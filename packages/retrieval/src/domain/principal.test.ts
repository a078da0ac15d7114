import { describe, expect, it } from "vitest";
import { mayRead } from "./principal.ts";

describe("mayRead", () => {
  const access = { principals: ["alice"], groups: ["deal-team"] };
  it("grants a named principal or a member of a named group", () => {
    expect(mayRead({ id: "alice", groups: [] }, access)).toBe(true);
    expect(mayRead({ id: "bob", groups: ["deal-team"] }, access)).toBe(true);
    expect(mayRead({ id: "carol", groups: ["board"] }, access)).toBe(false);
  });
  it("lets an ethical wall on the principal or any of its groups override every grant", () => {
    const walled = { ...access, deny: { principals: ["alice"], groups: ["litigation"] } };
    expect(mayRead({ id: "alice", groups: ["deal-team"] }, walled)).toBe(false);
    expect(mayRead({ id: "bob", groups: ["deal-team", "litigation"] }, walled)).toBe(false);
    expect(mayRead({ id: "bob", groups: ["deal-team"] }, walled)).toBe(true);
  });
});
