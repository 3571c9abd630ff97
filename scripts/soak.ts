// `npm run soak -- --minutes N`: runs the product under simulated users, RPC reads and websocket churn for N minutes
// (soak-run.ts), prints the samples and the verdict, and exits 1 when memory or descriptors grew past the bounds
// (2 on a bad command line). `--report FILE` also writes the samples and verdict as JSON.
import { writeFileSync } from "node:fs";
import { parseSoakArgs, runSoak } from "./soak-run.js";
import { describeVerdict, soakTable } from "./soak-verdict.js";

let command;
try {
  command = parseSoakArgs(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const { options, reportPath } = command;
console.log(
  `soak: ${options.durationMs / 1000} s of load, a sample every ${options.intervalMs / 1000} s, warm-up ${options.bounds.warmupMs / 1000} s`,
);
const report = await runSoak(options, (line) => console.log(`soak: ${line}`));
console.log(`\n${soakTable(report.samples)}\n`);
const failed = Object.entries(report.failures);
if (failed.length > 0) console.log(`failed actions:\n${failed.map(([message, n]) => `  ${n} × ${message}`).join("\n")}\n`);
console.log(`descriptors counted ${Math.round(report.quiet.afterMs / 1000)} s after the load stopped`);
console.log(describeVerdict(report.verdict, options.bounds));
if (reportPath !== null) writeFileSync(reportPath, JSON.stringify(report, null, 2));
if (report.exitCode !== 0) console.log(`the product exited with ${report.exitCode} on SIGTERM`);
process.exit(report.verdict.passed && report.exitCode === 0 ? 0 : 1);
