import { describe, expect, it } from "vitest";
import { checkReadiness } from "./health-server.ts";

describe("checkReadiness", () => {
  it("is ready only when every check passes; a check that hangs fails after the timeout", async () => {
    expect(await checkReadiness({ a: async () => undefined })).toEqual({ ready: true, checks: { a: "ok" } });
    const r = await checkReadiness(
      {
        ok: async () => undefined,
        down: async () => {
          throw new Error("connection refused");
        },
        hangs: () => new Promise<void>(() => undefined),
      },
      50,
    );
    expect(r).toEqual({ ready: false, checks: { ok: "ok", down: "failing", hangs: "failing" } });
  });
});
