// repay_obligation_liquidity(liquidity_amount: u64): debt settled (u64::MAX: all of it, rounded up to whole units).
// Anyone may repay any obligation of the market: the owner account is the payer. The reserve and the obligation must
// have been refreshed in this slot.
import { type DeclaredAccounts, checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { repayObligationLiquidity as repay } from "../lending/obligation-debt.js";
import {
  checkHasOne,
  checkTokenConstraints,
  lendingMarketAccount,
  mintAccount,
  obligationAccount,
  reserveAccount,
  tokenAccount,
  tokenProgram,
} from "../program/account-kinds.js";
import { transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkLiquidityToken, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkInstructionSysvar } from "../program/position-accounts.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import { encodeReserveInto } from "../state/reserve.js";
import { groupCollateralReserves } from "./refresh-obligation.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import { checkRefreshInstructions } from "../program/refresh-introspection.js";
import type { MarketInstruction } from "./types.js";

/** klend's `RepayObligationLiquidity`, the `repay_accounts` of the `_v2` form too. */
export const repayDeclarations = {
  owner: signer(),
  obligation: obligationAccount({ mut: "load" }),
  lendingMarket: lendingMarketAccount(),
  repayReserve: reserveAccount({ mut: "load" }),
  reserveLiquidityMint: mintAccount(),
  reserveDestinationLiquidity: unchecked({ mut: "constraint" }),
  userSourceLiquidity: tokenAccount({ mut: "load" }),
  tokenProgram: tokenProgram(),
  instructionSysvarAccount: unchecked(),
} as const;

export type RepayAccountsLoaded = DeclaredAccounts<typeof repayDeclarations>;

export function repayConstraints(a: RepayAccountsLoaded) {
  const r = a.repayReserve.state;
  return {
    obligation: () => checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket),
    repayReserve: () => checkHasOne(a.repayReserve, r.lendingMarket, a.lendingMarket),
    reserveLiquidityMint: () => checkAddress(a.reserveLiquidityMint, r.liquidity.mintPubkey),
    reserveDestinationLiquidity: () => checkAddress(a.reserveDestinationLiquidity, r.liquidity.supplyVault),
    userSourceLiquidity: () => checkTokenConstraints(a.userSourceLiquidity, { mint: r.liquidity.mintPubkey }),
    instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
  };
}

const RepayAccounts = declareAccounts(repayDeclarations, repayConstraints);

/** The repayment both forms make once their accounts are loaded. */
export function processRepay(
  ctx: InstructionContext,
  a: RepayAccountsLoaded,
  remaining: readonly InstructionAccount[],
  liquidityAmount: bigint,
): void {
  const { owner, lendingMarket: market, obligation, repayReserve: reserve } = a;
  const r = reserve.state;
  const source = a.userSourceLiquidity;
  const supply = a.reserveDestinationLiquidity;
  checkEmergencyMode(market.state);
  checkNotReserveVault(source, r);
  checkReserveUsable(r, false);
  checkLiquidityToken(a.reserveLiquidityMint, source, (m) => ctx.log(m));

  const before = snapshotVault(supply, reserve);
  const collaterals = groupCollateralReserves(ctx, obligation.state, remaining);
  const repayAmount = repay(market.state, r, reserve.key, obligation.state, ctx.clock, liquidityAmount, collaterals, (m) => ctx.log(m));
  ctx.log(`pnl: Repaid ${repayAmount}`);
  const decimals = a.reserveLiquidityMint.mint.decimals;
  transferChecked(ctx, { source, mint: a.reserveLiquidityMint, destination: supply, authority: owner }, repayAmount, decimals, null);
  checkVaultAfterTransfer(before, supply, reserve, repayAmount);
  reserve.save();
  for (const ref of collaterals) encodeReserveInto(ref.data, ref.reserve);
  obligation.save();
}

export const repayObligationLiquidity: MarketInstruction = {
  name: "repay_obligation_liquidity",
  units: 15_000,
  accounts: RepayAccounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.repay_obligation_liquidity.args);
    const { accounts: a, remaining } = RepayAccounts.load(ctx);
    checkRefreshInstructions(ctx, a.instructionSysvarAccount, a.obligation.key, [
      { key: a.repayReserve.key, state: a.repayReserve.state, kind: ReserveFarmKind.Debt },
    ]);
    processRepay(ctx, a, remaining, liquidityAmount);
  },
};
