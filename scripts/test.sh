#!/usr/bin/env bash
# Installs what the tests need, type-checks, runs every test, and ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

npm ci --no-audit --no-fund || exit 1
npx tsc -p tsconfig.json || { echo "0 passed, 1 failed"; exit 1; }
# Guard rails: Prettier over the whole repo and ESLint's type-checked rules; each failing counts as one failure.
npx prettier --check . --log-level warn
format=$?
npx eslint .
lint=$?
# The end-to-end tests (apps/web/e2e) drive the built web app that the launcher serves. A failed build (e.g. over the
# first-load budget, checked after vite has written dist) counts as one failure; the tests still run.
npm run build -w @ballast/web
build=$?

mkdir -p .tmp
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/vitest.json
status=$?
BUILD_STATUS=$build FORMAT_STATUS=$format LINT_STATUS=$lint node -e '
  const fs = require("fs");
  let passed = 0;
  let failed = ["BUILD_STATUS", "FORMAT_STATUS", "LINT_STATUS"].filter((name) => process.env[name] !== "0").length;
  try {
    const r = JSON.parse(fs.readFileSync(".tmp/vitest.json", "utf8"));
    passed = r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrors || 0) + r.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).length;
  } catch { failed += 1; }
  console.log(`${passed} passed, ${failed} failed`);
'
[ "$build" -eq 0 ] || exit "$build"
[ "$format" -eq 0 ] || exit "$format"
[ "$lint" -eq 0 ] || exit "$lint"
exit $status
