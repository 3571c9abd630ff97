// The lending fuzzer's command line: `npm run fuzz -- --steps N --seed S`. Runs N steps drawn from seed S in one
// world, printing progress and steps per second; on a broken invariant, shrinks the sequence (within
// --shrink-replays replays and --shrink-minutes) and prints it as a vitest case. Exits 1 on a failure.
import { parseArgs } from "node:util";
import { Fuzzer, generateSteps, runSteps, printCase, type Tally } from "./sequence.js";

const { values } = parseArgs({
  options: {
    steps: { type: "string", default: "10000" },
    seed: { type: "string", default: String(Date.now() % 2 ** 31) },
    "shrink-replays": { type: "string", default: "400" },
    "shrink-minutes": { type: "string", default: "20" },
  },
});

function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}

const count = positiveInteger("steps", values.steps);
const seed = positiveInteger("seed", values.seed);
const budget = {
  replays: positiveInteger("shrink-replays", values["shrink-replays"]),
  ms: positiveInteger("shrink-minutes", values["shrink-minutes"]) * 60_000,
};

function summary(tally: Tally): string {
  return [...tally.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([kind, c]) =>
        `  ${kind.padEnd(20)} ${String(c.ok).padStart(7)} ok ${String(c.failed).padStart(7)} failed ${String(c.skipped).padStart(7)} skipped`,
    )
    .join("\n");
}

const fuzzer = await Fuzzer.start();
const steps = generateSteps(seed, count);
const world = await fuzzer.world();
const tally: Tally = new Map();
const started = Date.now();
let lastReport = started;
console.log(`fuzzing ${count} steps, seed ${seed}`);
const failure = await runSteps(world, steps, {
  tally,
  onStep(i) {
    const now = Date.now();
    if (now - lastReport >= 10_000 || i === count - 1) {
      lastReport = now;
      const seconds = (now - started) / 1000;
      console.log(`${i + 1} steps, ${seconds.toFixed(0)} s, ${((i + 1) / seconds).toFixed(1)} steps/s`);
    }
  },
});
const seconds = (Date.now() - started) / 1000;
console.log(summary(tally));
if (!failure) {
  console.log(`ok: ${count} steps in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(1)} steps/s), seed ${seed}`);
  await fuzzer.close();
  process.exit(0);
}
console.log(`\nFAILED at step ${failure.step} after ${seconds.toFixed(1)} s: ${failure.invariant}\n${failure.detail}\n`);
console.log(`shrinking (at most ${budget.replays} replays, ${budget.ms / 60_000} min)...`);
const shrunk = await fuzzer.shrink(steps, failure, budget);
console.log(`shrunk to ${shrunk.steps.length} steps in ${shrunk.replays} replays: ${shrunk.failure.invariant}\n${shrunk.failure.detail}\n`);
console.log(`// A vitest case (packages/protocol/test/e2e/), importing { Fuzzer, type Step } from "../../fuzz/sequence.js":`);
console.log(printCase(shrunk.steps, shrunk.failure, seed));
await fuzzer.close();
process.exit(1);
