#!/usr/bin/env bash
# Runs the whole vitest suite (or the files and folders given, e.g. test/distributed) and closes with one
# plain "N passed, N failed" line. The whole suite runs in two passes: everything but test/distributed in
# parallel, then test/distributed one file at a time. Those files each start many real processes
# (nats-server, OpenSearch, PostgreSQL, several services); beside each other on two cores they starve one
# another's waits into timeouts.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tmp
rm -f tmp/vitest-results*.json
code=0
if [ "$#" -gt 0 ]; then
  pnpm exec vitest run --reporter=default --reporter=json --outputFile=tmp/vitest-results.json "$@" || code=$?
else
  pnpm exec vitest run --reporter=default --reporter=json --outputFile=tmp/vitest-results.json \
    --exclude 'test/distributed/**' || code=$?
  pnpm exec vitest run --reporter=default --reporter=json --outputFile=tmp/vitest-results-distributed.json \
    --no-file-parallelism test/distributed || code=$?
fi
node -e '
  const fs = require("node:fs");
  const files = fs.readdirSync("tmp").filter((f) => /^vitest-results.*\.json$/.test(f));
  let passed = 0, failed = 0, skipped = 0;
  try {
    if (files.length === 0) throw new Error("no results file");
    for (const f of files) {
      const r = JSON.parse(fs.readFileSync(`tmp/${f}`, "utf8"));
      passed += r.numPassedTests;
      failed += r.numFailedTests + (r.success === false && r.numFailedTests === 0 ? 1 : 0);
      skipped += r.numPendingTests + r.numTodoTests;
    }
    console.log(`tests: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
  } catch (e) { console.log("tests: 0 passed, 1 failed (no vitest results: " + e.message + ")"); }
'
exit $code
