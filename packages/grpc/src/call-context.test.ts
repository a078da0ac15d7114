import { isLexnavError } from "@lexnav/core";
import { describe, expect, it } from "vitest";
import { beforeDeadline, currentCallContext, deadlineFor, withCallContext } from "./call-context.ts";

describe("a request's call context", () => {
  it("only ever tightens a deadline, and keeps the principal across awaits", async () => {
    const now = Date.now();
    await withCallContext({ deadline: now + 1_000, principal: { id: "ann", groups: ["deals"] } }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentCallContext().principal?.id).toBe("ann");
      await withCallContext({ deadline: now + 5_000 }, async () => {
        expect(currentCallContext().deadline).toBe(now + 1_000);
      });
      await withCallContext({ deadline: now + 500 }, async () => {
        expect(currentCallContext().deadline).toBe(now + 500);
        // a client's own cap applies when sooner than the request's deadline, not when later
        expect(deadlineFor(10_000)).toBe(now + 500);
        expect(deadlineFor(10) as number).toBeLessThan(now + 500);
      });
    });
    expect(currentCallContext()).toEqual({});
    expect(deadlineFor()).toBeUndefined();
  });

  it("answers at the deadline when the work is slower, and does not start work past it", async () => {
    let started = false;
    const spent = await withCallContext({ deadline: Date.now() - 1 }, () =>
      beforeDeadline("Rerank", async () => {
        started = true;
        return 1;
      }),
    ).catch((e: unknown) => e);
    expect(isLexnavError(spent) && spent.code).toBe("deadline_exceeded");
    expect(started).toBe(false);
    const t0 = performance.now();
    const late = await withCallContext({ deadline: Date.now() + 50 }, () =>
      beforeDeadline("Rerank", () => new Promise((r) => setTimeout(() => r(1), 1_000))),
    ).catch((e: unknown) => e);
    expect(isLexnavError(late) && late.code).toBe("deadline_exceeded");
    expect(performance.now() - t0).toBeLessThan(500);
    expect(await withCallContext({ deadline: Date.now() + 1_000 }, () => beforeDeadline("x", async () => 7))).toBe(7);
  });
});
