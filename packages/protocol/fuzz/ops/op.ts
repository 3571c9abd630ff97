// An operation family member: a generator of abstract arguments (indices and fractions, never keys or amounts) and
// an executor that turns them into real transactions against the world's current state. Abstract arguments keep
// every subsequence of steps executable, which is what lets a failing sequence shrink.
import type { World } from "../world.js";

export type Args = Readonly<Record<string, number | boolean>>;

/** What a step did: landed, failed on chain (and changed nothing), or had nothing to act on. */
export type Outcome = "ok" | "failed" | "skipped";

export interface OpDef<A extends Args = Args> {
  kind: string;
  /** Relative frequency among all operations. */
  weight: number;
  generate(random: () => number): A;
  execute(world: World, args: A): Promise<Outcome>;
}

/** Erases an op's argument type for the registry; `generate` is the only producer of its arguments. */
export function defineOp<A extends Args>(def: OpDef<A>): OpDef {
  return def as unknown as OpDef;
}

/** A fraction in [0, 1) with four decimals, so printed cases stay short. */
export const fraction = (random: () => number): number => Math.floor(random() * 10_000) / 10_000;

/** An index below `n`. */
export const index = (random: () => number, n: number): number => Math.floor(random() * n);

/** The element at `i`, wrapping, of a non-empty list. */
export function at<T>(list: readonly T[], i: number): T {
  const x = list[i % list.length];
  if (x === undefined) throw new Error("picking from an empty list");
  return x;
}

/** `fraction` of a native amount, rounded down. */
export const part = (amount: bigint, f: number): bigint => (amount * BigInt(Math.floor(f * 10_000))) / 10_000n;

export const outcome = (err: unknown): Outcome => (err === null ? "ok" : "failed");
