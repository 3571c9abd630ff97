// Leverage through the swap venue, inside flash loans: a loop borrows one side of a pool, swaps it for the other and
// deposits what the swap's minimum out guarantees; an unwind withdraws collateral, swaps it back and repays (all of
// the debt when the swap covers it). Only the end of the loan checks health, so a landed one must leave Initial
// health non-negative; oversized ones are refused there and must change nothing, the pool included.
import type { TransactionInstruction } from "@solana/web3.js";
import { SwapMathError, minimumOut, quoteExactIn } from "@ballast/swap";
import { expectInitialHealth } from "../invariants.js";
import { POOLS, reserves, swapIx, type VenuePool } from "../venue.js";
import { USERS, worth, type Actor, type Asset, type World } from "../world.js";
import { landFlashLoan } from "./flash-loans.js";
import { at, defineOp, fraction, index, outcome, part } from "./op.js";

const SLIPPAGE_BPS = 50;
/** Flash loan, lending instructions and a swap (a CPI through the router): past the default 200,000 units. */
const COMPUTE_UNITS = 1_000_000;

type LegArgs = {
  user: number;
  pool: number;
  /** Which of the pool's sides is the collateral: A when false, B when true. */
  flip: boolean;
  fraction: number;
  router: boolean;
};

const generate = (random: () => number): LegArgs => ({
  user: index(random, USERS),
  pool: index(random, POOLS),
  flip: random() < 0.5,
  fraction: fraction(random),
  router: random() < 0.5,
});

interface Sides {
  actor: Actor;
  pool: VenuePool;
  collateral: Asset;
  debt: Asset;
}

/**
 * The pool's sides as drawn, or the other way round when only that way `fits` the actor's balances (a loop cannot
 * borrow where the account holds a deposit; an unwind needs collateral on one side and debt on the other).
 */
function sides(world: World, args: LegArgs, fits: (s: Sides) => boolean): Sides {
  const pool = at(world.pools, args.pool);
  const actor = at(world.users, args.user);
  const drawn = { actor, pool, collateral: args.flip ? pool.b : pool.a, debt: args.flip ? pool.a : pool.b };
  const other = { ...drawn, collateral: drawn.debt, debt: drawn.collateral };
  return fits(drawn) || !fits(other) ? drawn : other;
}

/**
 * The actor's swap of `amountIn` of `from` for `to` through the pool, and the least it pays out at the venue's quote
 * less the slippage; null when the venue cannot quote it or the least is nothing.
 */
function venueSwap(
  world: World,
  actor: Actor,
  pool: VenuePool,
  from: Asset,
  to: Asset,
  amountIn: bigint,
  viaRouter: boolean,
): { ix: TransactionInstruction; guaranteed: bigint } | null {
  const aToB = from === pool.a;
  const { reserveIn, reserveOut } = reserves(world.chain, pool, aToB);
  let quotedOut: bigint;
  try {
    quotedOut = quoteExactIn(pool.params, reserveIn, reserveOut, amountIn);
  } catch (error) {
    if (error instanceof SwapMathError) return null;
    throw error;
  }
  const guaranteed = minimumOut(quotedOut, SLIPPAGE_BPS);
  if (guaranteed === 0n) return null;
  const leg = {
    pool,
    aToB,
    owner: actor.user.wallet.publicKey,
    source: actor.tokens[from.index]!,
    destination: actor.tokens[to.index]!,
    amountIn,
    quotedOut,
    slippageBps: SLIPPAGE_BPS,
    viaRouter,
  };
  return { ix: swapIx(leg, guaranteed), guaranteed };
}

export const loop = defineOp({
  kind: "loop",
  weight: 4,
  generate,
  async execute(world, args) {
    const { actor, pool, collateral, debt } = sides(world, args, (s) => world.position(s.actor, s.debt, "assets") === 0n);
    const borrowed = part(worth(debt, 60_000), args.fraction) + 1n;
    const swap = venueSwap(world, actor, pool, debt, collateral, borrowed, args.router);
    if (swap === null) return "skipped";
    const market = world.market;
    const landed = await landFlashLoan(
      world,
      actor,
      [
        market.borrowIx(actor.user, debt.bank, actor.tokens[debt.index]!, borrowed, world.risk(actor, { add: debt.bank })),
        swap.ix,
        market.depositIx(actor.user, collateral.bank, actor.tokens[collateral.index]!, swap.guaranteed),
        market.endFlashloanIx(actor.user, world.risk(actor, { add: [collateral.bank, debt.bank] })),
      ],
      COMPUTE_UNITS,
    );
    const result = outcome(landed.err);
    if (result === "ok") await expectInitialHealth(world, actor, `looping ${borrowed} ${debt.symbol} into ${collateral.symbol}`);
    return result;
  },
});

export const unwind = defineOp({
  kind: "unwind",
  weight: 3,
  generate,
  async execute(world, args) {
    const { actor, pool, collateral, debt } = sides(
      world,
      args,
      (s) => world.position(s.actor, s.collateral, "assets") > 0n && world.position(s.actor, s.debt, "liabilities") > 0n,
    );
    const held = world.position(actor, collateral, "assets");
    const owed = world.position(actor, debt, "liabilities");
    if (held === 0n || owed === 0n) return "skipped";
    const withdrawn = part(held, args.fraction) + 1n;
    const sold = withdrawn < held ? withdrawn : held;
    const swap = venueSwap(world, actor, pool, collateral, debt, sold, args.router);
    if (swap === null) return "skipped";
    // Repay-all rounds the debt up by under a unit, which the floor of `owed` leaves out.
    const repayAll = swap.guaranteed > owed;
    const market = world.market;
    const landed = await landFlashLoan(
      world,
      actor,
      [
        market.withdrawIx(actor.user, collateral.bank, actor.tokens[collateral.index]!, sold, world.risk(actor)),
        swap.ix,
        market.repayIx(actor.user, debt.bank, actor.tokens[debt.index]!, repayAll ? 0n : swap.guaranteed, repayAll),
        market.endFlashloanIx(actor.user, world.risk(actor, repayAll ? { remove: debt.bank } : {})),
      ],
      COMPUTE_UNITS,
    );
    const result = outcome(landed.err);
    if (result === "ok") {
      await expectInitialHealth(world, actor, `unwinding ${sold} ${collateral.symbol} into ${debt.symbol}`);
    }
    return result;
  },
});
