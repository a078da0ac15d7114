/**
 * Vitest setup (every test file): names the file the processes it starts are filed under, and prints
 * where their output is when one of its tests, or its `beforeAll`, fails (`service-logs.ts`).
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { beginServiceLogScope, serviceLogReport } from "./service-logs.ts";

const report = () => {
  const text = serviceLogReport();
  if (text !== null) console.error(text);
};

// biome-ignore lint/correctness/noEmptyPattern: vitest reads fixtures from the first argument's pattern and refuses any other.
beforeAll(({}, file) => {
  beginServiceLogScope("filepath" in file ? file.filepath : file.name);
});
beforeEach(({ onTestFailed }) => {
  onTestFailed(report);
});
// A file whose own setup failed (a service that never got ready) runs no test to fail.
// biome-ignore lint/correctness/noEmptyPattern: as above.
afterAll(({}, file) => {
  if (file.result?.state === "fail") report();
});
