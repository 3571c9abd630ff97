// Sequences of steps: drawn from a seed, run against a world with the invariants after every step, replayed in a
// fresh world, shrunk to a minimal failing sequence (chunks removed while the same invariant still breaks), and
// printed as a vitest case that replays it.
import { marketProgram } from "@ballast/market";
import { seededRandom } from "../../ledger/test/support/random.js";
import { TestMarket } from "../test/support/market.js";
import { STEP_INVARIANTS, type Invariant } from "./invariants.js";
import { OPS, opOf } from "./ops/index.js";
import type { Args, Outcome } from "./ops/op.js";
import { InvariantViolation } from "./violation.js";
import { World } from "./world.js";

/** An operation's kind and its abstract arguments, as plain data that prints and replays. */
export type Step = Readonly<Record<string, string | number | boolean>> & { readonly kind: string };

export interface Failure {
  /** Index of the step after (or during) which the invariant broke. */
  step: number;
  invariant: string;
  detail: string;
}

/** Per operation kind, how its steps ended. */
export type Tally = Map<string, Record<Outcome, number>>;

export interface RunOptions {
  /** Checked after every step beside the fuzzer's own invariants. */
  extraInvariants?: readonly Invariant[];
  tally?: Tally;
  /** Called after every step that kept the invariants. */
  onStep?: (index: number) => void;
}

/** `count` steps drawn from `seed`, each operation as often as its weight says. */
export function generateSteps(seed: number, count: number): Step[] {
  const random = seededRandom(seed);
  const total = OPS.reduce((n, op) => n + op.weight, 0);
  const steps: Step[] = [];
  for (let i = 0; i < count; i++) {
    let roll = random() * total;
    const op = OPS.find((o) => (roll -= o.weight) < 0) ?? OPS[OPS.length - 1]!;
    steps.push({ kind: op.kind, ...op.generate(random) });
  }
  return steps;
}

/** Runs the steps in order; the first broken invariant (or crash) ends the run. */
export async function runSteps(world: World, steps: readonly Step[], options: RunOptions = {}): Promise<Failure | null> {
  const invariants = [...STEP_INVARIANTS, ...(options.extraInvariants ?? [])];
  for (const [i, step] of steps.entries()) {
    try {
      const { kind, ...args } = step;
      // The step was drawn by this kind's generator (or printed from one), so its arguments are of that kind.
      const result = await opOf(kind).execute(world, args as Args);
      if (options.tally) {
        const counts = options.tally.get(kind) ?? { ok: 0, failed: 0, skipped: 0 };
        counts[result]++;
        options.tally.set(kind, counts);
      }
      for (const invariant of invariants) invariant(world);
    } catch (error) {
      if (error instanceof InvariantViolation) return { step: i, invariant: error.invariant, detail: error.detail };
      return { step: i, invariant: "no crash", detail: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    options.onStep?.(i);
  }
  return null;
}

export interface ShrinkBudget {
  /** Most replays the shrinker may run. */
  replays: number;
  /** Wall-clock time it may take, in milliseconds. */
  ms: number;
}

export interface Shrunk {
  steps: Step[];
  failure: Failure;
  replays: number;
}

/** One ledger for many worlds: the runs, and every replay a shrink needs, each in a fresh group. */
export class Fuzzer {
  private constructor(readonly market: TestMarket) {}

  static async start(): Promise<Fuzzer> {
    return new Fuzzer(await TestMarket.start({ programFeeRate: "0.05", programFeeFixed: "0.001", programs: [marketProgram()] }));
  }

  world(): Promise<World> {
    return World.create(this.market);
  }

  /** The steps in a fresh world: null when every invariant held. */
  async replay(steps: readonly Step[], options: RunOptions = {}): Promise<Failure | null> {
    return runSteps(await this.world(), steps, options);
  }

  /**
   * A shorter sequence that breaks the same invariant: the steps after the failure go, then ever smaller chunks are
   * removed while the failure persists, until a pass of single steps removes nothing or the budget runs out.
   */
  async shrink(steps: readonly Step[], failure: Failure, budget: ShrinkBudget, options: RunOptions = {}): Promise<Shrunk> {
    const deadline = Date.now() + budget.ms;
    let best = { steps: steps.slice(0, failure.step + 1), failure };
    let replays = 0;
    const fails = async (candidate: Step[]): Promise<boolean> => {
      replays++;
      const found = await this.replay(candidate, { extraInvariants: options.extraInvariants });
      if (found?.invariant !== failure.invariant) return false;
      best = { steps: candidate.slice(0, found.step + 1), failure: found };
      return true;
    };
    const spent = () => replays >= budget.replays || Date.now() >= deadline;
    for (let size = Math.ceil(best.steps.length / 2); size >= 1 && !spent(); size = size === 1 ? 0 : Math.ceil(size / 2)) {
      // From the end backwards: late steps are usually the incidental ones, and a removal keeps earlier ones in place.
      let end = best.steps.length;
      while (end > 0 && !spent()) {
        const start = Math.max(0, end - size);
        const candidate = [...best.steps.slice(0, start), ...best.steps.slice(end)];
        if (candidate.length > 0) await fails(candidate);
        end = Math.min(start, best.steps.length);
      }
    }
    return { ...best, replays };
  }

  close(): Promise<void> {
    return this.market.close();
  }
}

/** A ready-to-paste vitest case replaying `steps`, failing until the invariant holds again. */
export function printCase(steps: readonly Step[], failure: Failure, seed: number): string {
  const lines = steps.map((step) => `      ${formatStep(step)},`);
  return [
    `it("keeps ${failure.invariant} (fuzz seed ${seed}, shrunk to ${steps.length} steps)", async () => {`,
    `  const fuzzer = await Fuzzer.start();`,
    `  try {`,
    `    const steps: Step[] = [`,
    ...lines,
    `    ];`,
    `    expect(await fuzzer.replay(steps)).toBeNull();`,
    `  } finally {`,
    `    await fuzzer.close();`,
    `  }`,
    `});`,
  ].join("\n");
}

function formatStep(step: Step): string {
  const fields = Object.entries(step).map(([key, value]) => `${key}: ${typeof value === "string" ? JSON.stringify(value) : String(value)}`);
  return `{ ${fields.join(", ")} }`;
}
