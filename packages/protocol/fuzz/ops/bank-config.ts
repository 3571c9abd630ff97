// The risk admin's side: deposit and borrow caps (often below what a bank already holds), paused and reduce-only
// banks, and e-mode entries of the SOL and JitoSOL banks rewritten by the e-mode admin.
import { BankLayout, U64_MAX, i80f48 } from "../../src/index.js";
import { configureEmodeIx } from "../../test/support/emissions-emode.js";
import { LST_TAG, SOL_TAG } from "../world.js";
import { at, defineOp, fraction, index, outcome } from "./op.js";

const f = BankLayout.fields;
/**
 * Operational five times in six, otherwise paused or reduce-only (BankOperationalState 1, 0, 2): drawn often enough
 * that a pause is short, since while one lasts every user with a balance in the bank is stuck (and cannot be liquidated).
 */
const STATES = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 2];

export const setLimits = defineOp({
  kind: "setLimits",
  weight: 1,
  // Mostly lifting the caps again: a cap below a bank's holdings refuses most deposits or borrows while it lasts.
  generate: (random) => ({ asset: index(random, 6), deposit: fraction(random), borrow: fraction(random), reset: random() < 0.6 }),
  async execute(world, args) {
    const asset = at(world.assets, args.asset);
    const data = world.chain.data(asset.bank.key);
    // From 80% to 140% of what the bank holds now (years of compounding can take that past a u64).
    const around = (amount: bigint, x: number) => {
      const limit = (amount * BigInt(Math.floor((0.8 + 0.6 * x) * 1000))) / 1000n;
      return limit < U64_MAX ? limit : U64_MAX;
    };
    const deposits = i80f48.toIntFloor(i80f48.mul(f.totalAssetShares.get(data), f.assetShareValue.get(data)));
    const borrows = i80f48.toIntFloor(i80f48.mul(f.totalLiabilityShares.get(data), f.liabilityShareValue.get(data)));
    const ix = world.market.configureBankIx(
      asset.bank,
      args.reset
        ? { depositLimit: U64_MAX, borrowLimit: U64_MAX }
        : { depositLimit: around(deposits, args.deposit), borrowLimit: around(borrows, args.borrow) },
    );
    return outcome((await world.land([ix], [world.market.admin])).err);
  },
});

export const setOperationalState = defineOp({
  kind: "setOperationalState",
  weight: 3,
  generate: (random) => ({ asset: index(random, 6), state: index(random, STATES.length) }),
  async execute(world, args) {
    const asset = at(world.assets, args.asset);
    const ix = world.market.configureBankIx(asset.bank, { operationalState: at(STATES, args.state) });
    return outcome((await world.land([ix], [world.market.admin])).err);
  },
});

export const setEmode = defineOp({
  kind: "setEmode",
  weight: 2,
  generate: (random) => ({ lst: random() < 0.5, init: fraction(random), gap: fraction(random), clear: random() < 0.2 }),
  async execute(world, args) {
    const asset = at(
      world.assets.filter((a) => a.emodeTag === (args.lst ? LST_TAG : SOL_TAG)),
      0,
    );
    const init = 0.5 + 0.43 * args.init;
    const maint = init + (0.949 - init) * args.gap;
    const entries = args.clear ? [] : [{ tag: args.lst ? SOL_TAG : LST_TAG, init: init.toFixed(4), maint: maint.toFixed(4) }];
    const emode = world.admins.emode;
    const ix = configureEmodeIx(world.market, asset.bank, emode.publicKey, asset.emodeTag, entries);
    return outcome((await world.land([ix], [emode])).err);
  },
});
