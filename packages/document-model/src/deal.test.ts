import { describe, expect, it } from "vitest";
import { dealKey } from "./deal.ts";

describe("dealKey", () => {
  it("is the set for members of one set, whatever the document", () => {
    expect(dealKey("doc-a", "set-1")).toBe(dealKey("doc-b", "set-1"));
    expect(dealKey("doc-a", "set-1")).not.toBe(dealKey("doc-a", "set-2"));
  });

  it("is the document itself when it is in no set, so two set-less documents are two deals", () => {
    expect(dealKey("doc-a", null)).not.toBe(dealKey("doc-b", null));
    expect(dealKey("doc-a", undefined)).toBe(dealKey("doc-a", null));
  });

  it("never confuses a set with a document of the same id", () => {
    expect(dealKey("x", "x")).not.toBe(dealKey("x", null));
  });
});
