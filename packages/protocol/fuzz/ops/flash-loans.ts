// Flash loans: start, borrow, repay everything owed to the bank, end, in one transaction. A landed loan leaves no
// debt in the bank it borrowed from.
import { ComputeBudgetProgram, type TransactionInstruction } from "@solana/web3.js";
import type { Landed } from "../chain.js";
import { InvariantViolation } from "../violation.js";
import { USERS, type Actor, type World } from "../world.js";
import { at, defineOp, fraction, index, outcome, part } from "./op.js";

/**
 * Lands `inner` (the loan's end last) as one flash loan: its start first, after a compute budget of `computeUnits`
 * when given.
 */
export async function landFlashLoan(world: World, actor: Actor, inner: TransactionInstruction[], computeUnits?: number): Promise<Landed> {
  const budget = computeUnits === undefined ? [] : [ComputeBudgetProgram.setComputeUnitLimit({ units: computeUnits })];
  // The end's index counts the budget, the start and the Kamino reserve refresh the world puts first when needed.
  const end = world.reserveRefreshes(inner).length + budget.length + inner.length;
  return world.land([...budget, world.market.startFlashloanIx(actor.user, BigInt(end)), ...inner], [actor.user.wallet]);
}

export const flashLoan = defineOp({
  kind: "flashLoan",
  weight: 3,
  generate: (random) => ({ user: index(random, USERS), asset: index(random, 6), fraction: fraction(random) }),
  async execute(world, args) {
    const actor = at(world.users, args.user);
    const asset = at(world.assets, args.asset);
    const tokens = actor.tokens[asset.index]!;
    const loan = part(world.chain.tokenAmount(asset.bank.vaults.liquidity), args.fraction / 2) + 1n;
    const market = world.market;
    const landed = await landFlashLoan(world, actor, [
      market.borrowIx(actor.user, asset.bank, tokens, loan, world.risk(actor, { add: asset.bank })),
      market.repayIx(actor.user, asset.bank, tokens, 0n, true),
      market.endFlashloanIx(actor.user, world.risk(actor)),
    ]);
    if (landed.err === null && world.position(actor, asset, "liabilities") > 0n) {
      throw new InvariantViolation("flash loan repaid", `a flash loan of ${loan} ${asset.symbol} left debt behind`);
    }
    return outcome(landed.err);
  },
});
