import { searchV1 } from "@lexnav/proto";
import { describe, expect, it } from "vitest";
import { defineStageProcess } from "./stage-process.ts";

describe("defineStageProcess", () => {
  const events = {
    streams: { events: "S" },
    subjects: { events: "e.>", documentIndexed: "e.i", documentDeleted: "e.d", documentAccessChanged: "e.a" },
    deadLetterHeaders: { subject: "s", reason: "r", traceId: "t", at: "a", deliveries: "d" },
  };

  it("names the process, store and consumers from the stage's name", () => {
    const spec = defineStageProcess({
      name: "lexical",
      mode: searchV1.SearchMode.LEXICAL,
      events,
      dbPath: () => "/tmp/x.sqlite",
      address: () => "127.0.0.1:0",
      openStore: () => Promise.reject(new Error("not opened here")),
    });
    expect(spec).toMatchObject({
      service: "lexnav-lexical",
      storeName: "lexical",
      durable: "lexical--document-lifecycle",
      servedDurable: "lexical--version-served",
      mode: searchV1.SearchMode.LEXICAL,
      events,
    });
    expect(spec).not.toHaveProperty("name");
  });
});
