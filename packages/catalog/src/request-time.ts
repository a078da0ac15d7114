import { LexnavError } from "@lexnav/core";

/**
 * A request's time as the catalogs store and compare it: the ISO form `Date` prints (UTC, milliseconds), so
 * that "…T10:00:00Z" and "…T10:00:00.000Z" are one time and times order as text.
 */
export function requestTime(at: string): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw new LexnavError("invalid_argument", `not a time: ${JSON.stringify(at)}`);
  return time.toISOString();
}
