import { describe, expect, it } from "vitest";
import { candidateKey, candidatePlace } from "./search.ts";

describe("a candidate's key", () => {
  it("gives back the document and span it was made of, whatever the node id holds", () => {
    const c = { documentId: "doc-1", nodeId: "sec/4.2@a", start: 120, end: 480 };
    expect(candidatePlace(candidateKey(c))).toEqual({ documentId: "doc-1", start: 120, end: 480 });
  });

  it("is null for a string that is not a key", () => {
    expect(candidatePlace("doc-1")).toBeNull();
    expect(candidatePlace("doc-1/node@x-y")).toBeNull();
    expect(candidatePlace("/node@1-2")).toBeNull();
  });
});
