// The Kamino-backed bank: users deposit into its reserve and withdraw (part and all) through their margin accounts,
// each action with the reserve and obligation refreshes in its transaction, and the reserve accrues interest on
// what the market borrower owes as time passes. A withdrawal that lands must leave Initial health non-negative.
import { BankLayout, i80f48 } from "../../src/index.js";
import { expectInitialHealth } from "../invariants.js";
import { depositIxs, refreshReserveIx, reserveOf, withdrawIxs } from "../kamino.js";
import { InvariantViolation } from "../violation.js";
import { USERS, type Actor, type World } from "../world.js";
import { at, defineOp, fraction, index, outcome, part } from "./op.js";
import { advanceClock } from "./time.js";

/** The actor's collateral tokens in the Kamino bank, rounded down; zero without a balance. */
function collateralOf(world: World, actor: Actor): bigint {
  const key = world.kamino.bank.key.toBase58();
  const balance = world.account(actor).lendingAccount.balances.find((b) => b.active !== 0 && b.bankPk === key);
  if (!balance) return 0n;
  const shareValue = BankLayout.fields.assetShareValue.get(world.chain.data(world.kamino.bank.key));
  return i80f48.toIntFloor(i80f48.mul(balance.assetShares, shareValue));
}

/** The user's token account of the mint the reserve lends. */
const lentTokens = (world: World, actor: Actor) => actor.tokens[world.assets.findIndex((a) => a.bank.mint.equals(world.kamino.bank.mint))]!;

export const kaminoDeposit = defineOp({
  kind: "kaminoDeposit",
  weight: 5,
  generate: (random) => ({ user: index(random, USERS), fraction: fraction(random) }),
  async execute(world, args) {
    const actor = at(world.users, args.user);
    const tokens = lentTokens(world, actor);
    const amount = part(world.chain.tokenAmount(tokens), args.fraction / 4) + 1n;
    const ixs = depositIxs(world.chain, world.group, world.kamino, actor.user, tokens, amount);
    return outcome((await world.land(ixs, [actor.user.wallet])).err);
  },
});

export const kaminoWithdraw = defineOp({
  kind: "kaminoWithdraw",
  weight: 4,
  generate: (random) => ({ user: index(random, USERS), fraction: fraction(random), all: random() < 0.3 }),
  async execute(world, args) {
    const actor = at(world.users, args.user);
    const held = collateralOf(world, actor);
    if (held === 0n) return "skipped";
    const collateral = args.all ? 0n : part(held, args.fraction) + 1n;
    const risk = world.risk(actor, args.all ? { remove: world.kamino.bank } : {});
    const ixs = withdrawIxs(world.chain, world.group, world.kamino, actor.user, lentTokens(world, actor), collateral, args.all, risk);
    const landed = await world.land(ixs, [actor.user.wallet]);
    if (landed.err === null) await expectInitialHealth(world, actor, `withdrawing ${args.all ? "all" : collateral} ${world.kamino.symbol}`);
    return outcome(landed.err);
  },
});

export const kaminoAccrue = defineOp({
  kind: "kaminoAccrue",
  weight: 2,
  generate: (random) => ({ fraction: fraction(random) }),
  async execute(world, args) {
    const before = reserveOf(world.chain, world.kamino).liquidity.borrowedAmountSf;
    advanceClock(world, args.fraction, 86_400);
    await world.publish(world.assets);
    const landed = await world.land([refreshReserveIx(world.chain, world.kamino)], [world.market.admin]);
    if (landed.err !== null) throw new InvariantViolation("reserve refresh succeeds", landed.logs.join("\n"));
    const after = reserveOf(world.chain, world.kamino).liquidity.borrowedAmountSf;
    // The market borrower never repays: any time passing adds interest to the reserve's debt.
    if (after <= before) throw new InvariantViolation("reserve accrues interest", `borrowed ${before} became ${after}`);
    return "ok";
  },
});
