// Flash loans: start, borrow, repay everything owed to the bank, end, in one transaction. A landed loan leaves no
// debt in the bank it borrowed from.
import { InvariantViolation } from "../violation.js";
import { USERS } from "../world.js";
import { at, defineOp, fraction, index, outcome, part } from "./op.js";

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
    const risk = world.risk(actor);
    const inner = [
      market.borrowIx(actor.user, asset.bank, tokens, loan, world.risk(actor, { add: asset.bank })),
      market.repayIx(actor.user, asset.bank, tokens, 0n, true),
      market.endFlashloanIx(actor.user, risk),
    ];
    // The end's index counts the Kamino reserve refresh the world puts first when the account holds that bank.
    const end = world.reserveRefreshes(inner).length + inner.length;
    const landed = await world.land([market.startFlashloanIx(actor.user, BigInt(end)), ...inner], [actor.user.wallet]);
    if (landed.err === null && world.position(actor, asset, "liabilities") > 0n) {
      throw new InvariantViolation("flash loan repaid", `a flash loan of ${loan} ${asset.symbol} left debt behind`);
    }
    return outcome(landed.err);
  },
});
