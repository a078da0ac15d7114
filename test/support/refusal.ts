import { LexnavError } from "@lexnav/core";

/** The LexnavError `fn` throws; fails the test when it returns or throws something else. */
export function refusalOf(fn: () => unknown): LexnavError {
  try {
    fn();
  } catch (e) {
    if (e instanceof LexnavError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}
