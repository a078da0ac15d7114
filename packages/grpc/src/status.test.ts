import { status } from "@grpc/grpc-js";
import { ERROR_CODES, LexnavError } from "@lexnav/core";
import { describe, expect, it } from "vitest";
import { errorFromStatus, GRPC_STATUS, serviceError } from "./status.ts";

describe("gRPC status mapping", () => {
  it("gives every lexnav code a status, and a caller the same code back for each refusal", () => {
    for (const code of ERROR_CODES) {
      const sent = serviceError(new LexnavError(code, `because ${code}`), "the test service");
      expect(sent.code).toBe(GRPC_STATUS[code]);
      const back = errorFromStatus(sent, "the test service");
      if (sent.code === status.INTERNAL) expect(back.code).toBe("internal");
      else if (sent.code === status.INVALID_ARGUMENT) expect(back.code).toBe("invalid_argument");
      else expect(back.code).toBe(code);
    }
  });

  it("keeps internal details out of what crosses the wire, and hosts out of what a caller is told", () => {
    const sent = serviceError(
      new LexnavError("internal", "SQLITE_CORRUPT at /data/lexnav.sqlite"),
      "the rerank service",
    );
    expect(sent.details).toBe("internal error; the rerank service log has the details");
    const down = errorFromStatus(
      { code: status.UNAVAILABLE, details: "No connection established. connect ECONNREFUSED 10.0.0.7:50053" },
      "the rerank service",
    );
    expect(down).toMatchObject({ code: "unavailable", retryable: true, message: "the rerank service is unavailable" });
    const late = errorFromStatus(
      { code: status.DEADLINE_EXCEEDED, details: "Deadline exceeded" },
      "the planner service",
    );
    expect(late).toMatchObject({ code: "deadline_exceeded", retryable: false });
    const refused = errorFromStatus({ code: status.NOT_FOUND, details: 'no document "d1"' }, "the planner service");
    expect(refused).toMatchObject({ code: "not_found", message: 'no document "d1"' });
    expect(errorFromStatus(new Error("boom"), "the rerank service").code).toBe("internal");
  });
});
