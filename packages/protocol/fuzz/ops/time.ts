// Time passing: the clock moves up to three days, every feed is republished (so none goes stale) and every bank
// accrues its interest and fees.
import { defineOp, fraction } from "./op.js";

export const accrue = defineOp({
  kind: "accrue",
  weight: 5,
  generate: (random) => ({ fraction: fraction(random) }),
  async execute(world, args) {
    world.market.advanceTime(Math.floor(args.fraction * 3 * 86_400) + 1);
    await world.publish(world.assets);
    // One bank at a time: a paused or killed bank's refusal must not hold the others back.
    let refused = 0;
    for (const a of world.assets) if ((await world.land([world.market.accrueIx(a.bank)], [world.market.admin])).err !== null) refused++;
    return refused === 0 ? "ok" : "failed";
  },
});
