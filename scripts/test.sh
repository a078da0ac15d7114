#!/usr/bin/env bash
# Runs the whole vitest suite (or the files and folders given, e.g. test/distributed) and closes with one
# plain "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tmp
pnpm exec vitest run --reporter=default --reporter=json --outputFile=tmp/vitest-results.json "$@"
code=$?
node -e '
  const fs = require("node:fs");
  try {
    const r = JSON.parse(fs.readFileSync("tmp/vitest-results.json", "utf8"));
    const skipped = r.numPendingTests + r.numTodoTests;
    console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
  } catch (e) { console.log("tests: 0 passed, 1 failed (no vitest results: " + e.message + ")"); }
'
exit $code
