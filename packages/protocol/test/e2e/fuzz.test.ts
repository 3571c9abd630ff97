// The lending fuzzer (packages/protocol/fuzz) in CI: a few thousand steps on a seed that changes every day (today's
// UTC date, in the test's name, so a failure replays with `npm run fuzz -- --steps N --seed S`), and the shrinking
// path itself, held to a deliberately broken invariant whose minimal reproduction is known.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fuzzer, generateSteps, printCase, runSteps, type Step, type Tally } from "../../fuzz/sequence.js";
import type { Invariant } from "../../fuzz/invariants.js";
import { InvariantViolation } from "../../fuzz/violation.js";

const STEPS = Number(process.env.FUZZ_STEPS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? new Date().toISOString().slice(0, 10).replaceAll("-", ""));

/** Families that land in any few thousand steps of any seed. */
const ALWAYS_LANDING = [
  "deposit",
  "withdraw",
  "borrow",
  "repay",
  "movePrice",
  "accrue",
  "collectFees",
  "flashLoan",
  "liquidate",
  "receivership",
  "setLimits",
  "setEmode",
  "claimEmissions",
  "kaminoDeposit",
  "kaminoWithdraw",
  "loop",
  "unwind",
];

let fuzzer: Fuzzer;
beforeAll(async () => {
  fuzzer = await Fuzzer.start();
});
afterAll(() => fuzzer.close());

describe("the lending fuzzer", () => {
  it(`keeps every invariant over ${STEPS} steps (seed ${SEED})`, async () => {
    const tally: Tally = new Map();
    const failure = await runSteps(await fuzzer.world(), generateSteps(SEED, STEPS), { tally });
    console.info(`fuzz seed ${SEED}: ${JSON.stringify(Object.fromEntries(tally))}`);
    expect(failure).toBeNull();
    for (const kind of ALWAYS_LANDING) expect(tally.get(kind)?.ok ?? 0, `${kind} landed`).toBeGreaterThan(0);
  }, 180_000);

  it("shrinks a broken invariant to its one-step reproduction and prints it as a vitest case", async () => {
    const BTC = 2;
    // Deliberately broken: users may borrow BTC, so the first BTC borrow that lands breaks it.
    const noBtcDebt: Invariant = (world) => {
      for (const actor of world.users) {
        if (world.position(actor, world.assets[BTC]!, "liabilities") > 0n) throw new InvariantViolation("no BTC debt", "a user owes BTC");
      }
    };
    const options = { extraInvariants: [noBtcDebt] };
    const steps = generateSteps(7, 60);
    const failure = await fuzzer.replay(steps, options);
    expect(failure?.invariant).toBe("no BTC debt");
    const failing = steps[failure!.step]!;
    expect(failing.kind).toBe("borrow");

    // Every user starts with collateral, so that borrow alone reproduces it.
    const shrunk = await fuzzer.shrink(steps, failure!, { replays: 100, ms: 120_000 }, options);
    expect(shrunk.steps).toEqual([failing]);
    expect(shrunk.failure).toEqual({ step: 0, invariant: "no BTC debt", detail: "a user owes BTC" });
    expect(printCase(shrunk.steps, shrunk.failure, 7)).toBe(
      [
        `it("keeps no BTC debt (fuzz seed 7, shrunk to 1 steps)", async () => {`,
        `  const fuzzer = await Fuzzer.start();`,
        `  try {`,
        `    const steps: Step[] = [`,
        `      { kind: "borrow", user: ${failing.user}, asset: ${failing.asset}, fraction: ${failing.fraction} },`,
        `    ];`,
        `    expect(await fuzzer.replay(steps)).toBeNull();`,
        `  } finally {`,
        `    await fuzzer.close();`,
        `  }`,
        `});`,
      ].join("\n"),
    );
    // Without the broken invariant the shrunk sequence passes: the failure was the invariant's, not the chain's.
    const replayed: Step[] = shrunk.steps;
    expect(await fuzzer.replay(replayed)).toBeNull();
  }, 180_000);
});
