// Deposits, withdrawals (part and all), borrows and repayments (part and all) by the world's users.
import { i80f48 } from "../../src/index.js";
import { expectInitialHealth } from "../invariants.js";
import { USERS, type World } from "../world.js";
import { at, defineOp, fraction, index, outcome, part, type Outcome } from "./op.js";

const userAsset = (random: () => number) => ({ user: index(random, USERS), asset: index(random, 6) });

export const deposit = defineOp({
  kind: "deposit",
  weight: 14,
  generate: (random) => ({ ...userAsset(random), fraction: fraction(random) }),
  async execute(world: World, args): Promise<Outcome> {
    const actor = at(world.users, args.user);
    const asset = at(world.assets, args.asset);
    const tokens = actor.tokens[asset.index]!;
    // Up to a quarter of the wallet, so deposits rarely exhaust it.
    const amount = part(world.chain.tokenAmount(tokens), args.fraction / 4) + 1n;
    const landed = await world.land([world.market.depositIx(actor.user, asset.bank, tokens, amount)], [actor.user.wallet]);
    return outcome(landed.err);
  },
});

export const withdraw = defineOp({
  kind: "withdraw",
  weight: 9,
  generate: (random) => ({ ...userAsset(random), fraction: fraction(random), all: random() < 0.3 }),
  async execute(world, args) {
    const actor = at(world.users, args.user);
    const held = world.held(actor, "assets");
    if (held.length === 0) return "skipped";
    const asset = at(held, args.asset);
    const amount = args.all ? 0n : part(world.position(actor, asset, "assets"), args.fraction) + 1n;
    const risk = world.risk(actor, args.all ? { remove: asset.bank } : {});
    const ix = world.market.withdrawIx(actor.user, asset.bank, actor.tokens[asset.index]!, amount, risk, args.all || undefined);
    const landed = await world.land([ix], [actor.user.wallet]);
    if (landed.err === null) await expectInitialHealth(world, actor, `withdrawing ${args.all ? "all" : amount} ${asset.symbol}`);
    return outcome(landed.err);
  },
});

export const borrow = defineOp({
  kind: "borrow",
  weight: 12,
  generate: (random) => ({ ...userAsset(random), fraction: fraction(random) }),
  async execute(world, args) {
    const actor = at(world.users, args.user);
    // A bank the user holds no deposit in: borrowing against a deposit in the same bank is refused.
    const deposited = world.held(actor, "assets");
    const open = world.assets.filter((a) => !deposited.includes(a));
    if (open.length === 0) return "skipped";
    const asset = at(open, args.asset);
    // Sized from the last health cache's Initial room, from half of it to 15% past it: leverage that price moves
    // turn into liquidations, and some refusals.
    const cache = world.account(actor).healthCache;
    const room = Math.max(1, Number(i80f48.toIntFloor(i80f48.sub(cache.assetValue, cache.liabilityValue))));
    // At most 90% of the vault: against a crashed price the room buys more than the bank holds.
    const wanted = BigInt(Math.floor(((room * (0.5 + 0.65 * args.fraction)) / asset.spec.price) * Number(asset.unit))) + 1n;
    const liquidity = world.chain.tokenAmount(asset.bank.vaults.liquidity);
    const amount = wanted < (liquidity * 9n) / 10n ? wanted : (liquidity * 9n) / 10n + 1n;
    const risk = world.risk(actor, { add: asset.bank });
    const landed = await world.land(
      [world.market.borrowIx(actor.user, asset.bank, actor.tokens[asset.index]!, amount, risk)],
      [actor.user.wallet],
    );
    if (landed.err === null) await expectInitialHealth(world, actor, `borrowing ${amount} ${asset.symbol}`);
    return outcome(landed.err);
  },
});

export const repay = defineOp({
  kind: "repay",
  weight: 8,
  generate: (random) => ({ ...userAsset(random), fraction: fraction(random), all: random() < 0.4 }),
  async execute(world, args) {
    const actor = at(world.users, args.user);
    const owed = world.held(actor, "liabilities");
    if (owed.length === 0) return "skipped";
    const asset = at(owed, args.asset);
    const amount = args.all ? 0n : part(world.position(actor, asset, "liabilities"), args.fraction) + 1n;
    const ix = world.market.repayIx(actor.user, asset.bank, actor.tokens[asset.index]!, amount, args.all || undefined);
    return outcome((await world.land([ix], [actor.user.wallet])).err);
  },
});
