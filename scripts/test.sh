#!/usr/bin/env bash
# Installs what the tests need, type-checks, runs every test, and ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

npm ci --no-audit --no-fund || exit 1
npx tsc -p tsconfig.json || { echo "0 passed, 1 failed"; exit 1; }

mkdir -p .tmp
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/vitest.json
status=$?
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0;
  try {
    const r = JSON.parse(fs.readFileSync(".tmp/vitest.json", "utf8"));
    passed = r.numPassedTests;
    failed = r.numFailedTests + (r.numRuntimeErrors || 0) + r.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
  } catch { failed = 1; }
  console.log(`${passed} passed, ${failed} failed`);
'
exit $status
