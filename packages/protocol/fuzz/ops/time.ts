// Time passing: the clock moves (up to three days, later an hour), every feed is republished (so none goes stale) and every bank
// accrues its interest and fees.
import type { World } from "../world.js";
import { defineOp, fraction } from "./op.js";

/**
 * A world's first year moves in steps of up to days, later ones of up to an hour: years of the test curve's 300 % APR at
 * full utilization compound balances past what I80F48 can value (amount × price above 2^79 is a MathError, as on
 * mainnet), which no real bank reaches.
 */
const YEAR = 365n * 86_400n;

/** Moves the clock by `fraction` of `seconds` (of an hour once the world is a year old), at least one second. */
export function advanceClock(world: World, fraction: number, seconds: number): void {
  const span = world.market.now() - world.born < YEAR ? seconds : Math.min(seconds, 3_600);
  world.market.advanceTime(Math.floor(fraction * span) + 1);
}

export const accrue = defineOp({
  kind: "accrue",
  weight: 5,
  generate: (random) => ({ fraction: fraction(random) }),
  async execute(world, args) {
    advanceClock(world, args.fraction, 3 * 86_400);
    await world.publish(world.assets);
    // One bank at a time: a paused or killed bank's refusal must not hold the others back.
    let refused = 0;
    for (const a of world.assets) if ((await world.land([world.market.accrueIx(a.bank)], [world.market.admin])).err !== null) refused++;
    return refused === 0 ? "ok" : "failed";
  },
});
