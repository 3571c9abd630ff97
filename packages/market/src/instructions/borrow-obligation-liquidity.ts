// borrow_obligation_liquidity(liquidity_amount: u64): liquidity lent against the obligation's collateral
// (u64::MAX: all it may borrow), the origination fee added to the debt and paid to the fee receiver.
// An obligation with a referrer needs the referrer's ReferrerTokenState for this reserve (ReferrerAccountMissing),
// which is credited with the referral part of the fee. The reserve and the obligation must have been refreshed in
// this slot with every price check passed. Inside an elevation group the obligation's deposit reserves follow as
// remaining accounts (writable): their counts of group debt change.
import { type DeclaredAccounts, checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { INSTRUCTIONS_SYSVAR_ID, type InstructionAccount, type InstructionContext } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { borrowObligationLiquidity as borrow } from "../lending/obligation-debt.js";
import { obligationReferrer } from "../program/referrer-accounts.js";
import {
  checkHasOne,
  checkTokenConstraints,
  lendingMarketAccount,
  marketAuthoritySigner,
  mintAccount,
  obligationAccount,
  checkOptionalMut,
  optionalReferrerTokenStateAccount,
  reserveAccount,
  tokenAccount,
  tokenProgram,
} from "../program/account-kinds.js";
import { transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkLiquidityToken, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import { encodeReserveInto } from "../state/reserve.js";
import { groupCollateralReserves } from "./refresh-obligation.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import { checkRefreshInstructions } from "../program/refresh-introspection.js";
import type { MarketInstruction } from "./types.js";

/** klend's `BorrowObligationLiquidity`, the `borrow_accounts` of the `_v2` form too. */
export const borrowDeclarations = {
  owner: signer(),
  obligation: obligationAccount({ mut: "load" }),
  lendingMarket: lendingMarketAccount(),
  lendingMarketAuthority: unchecked(),
  borrowReserve: reserveAccount({ mut: "load" }),
  borrowReserveLiquidityMint: mintAccount(),
  reserveSourceLiquidity: unchecked({ mut: "constraint" }),
  borrowReserveLiquidityFeeReceiver: unchecked({ mut: "constraint" }),
  userDestinationLiquidity: tokenAccount({ mut: "load" }),
  referrerTokenState: optionalReferrerTokenStateAccount(),
  tokenProgram: tokenProgram(),
  instructionSysvarAccount: unchecked(),
} as const;

export type BorrowAccountsLoaded = DeclaredAccounts<typeof borrowDeclarations>;

export function borrowConstraints(a: BorrowAccountsLoaded, ctx: InstructionContext) {
  return {
    obligation: () => {
      checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket);
      if (a.obligation.state.owner !== a.owner.key) fail("InvalidObligationOwner");
    },
    lendingMarketAuthority: () => marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket),
    borrowReserve: () => checkHasOne(a.borrowReserve, a.borrowReserve.state.lendingMarket, a.lendingMarket),
    borrowReserveLiquidityMint: () => checkAddress(a.borrowReserveLiquidityMint, a.borrowReserve.state.liquidity.mintPubkey),
    reserveSourceLiquidity: () => checkAddress(a.reserveSourceLiquidity, a.borrowReserve.state.liquidity.supplyVault),
    borrowReserveLiquidityFeeReceiver: () => checkAddress(a.borrowReserveLiquidityFeeReceiver, a.borrowReserve.state.liquidity.feeVault),
    userDestinationLiquidity: () =>
      checkTokenConstraints(a.userDestinationLiquidity, { mint: a.borrowReserve.state.liquidity.mintPubkey, authority: a.owner.key }),
    referrerTokenState: () => checkOptionalMut(ctx, a.referrerTokenState),
    instructionSysvarAccount: () => checkAddress(a.instructionSysvarAccount, INSTRUCTIONS_SYSVAR_ID),
  };
}

const BorrowAccounts = declareAccounts(borrowDeclarations, borrowConstraints);

/** The borrow both forms make once their accounts are loaded. */
export function processBorrow(
  ctx: InstructionContext,
  a: BorrowAccountsLoaded,
  remaining: readonly InstructionAccount[],
  liquidityAmount: bigint,
): void {
  const { lendingMarket: market, obligation, borrowReserve: reserve, lendingMarketAuthority: authority } = a;
  const r = reserve.state;
  const supply = a.reserveSourceLiquidity;
  const destination = a.userDestinationLiquidity;
  checkEmergencyMode(market.state);
  checkNotReserveVault(destination, r);
  checkReserveUsable(r, true);
  checkLiquidityToken(a.borrowReserveLiquidityMint, destination, (m) => ctx.log(m));
  const referrer = obligationReferrer(ctx.programId, obligation, reserve, a.referrerTokenState);

  const authoritySeeds = marketAuthoritySigner(ctx, authority, market);
  const decimals = a.borrowReserveLiquidityMint.mint.decimals;
  const before = snapshotVault(supply, reserve);
  const collaterals = groupCollateralReserves(ctx, obligation.state, remaining);
  const borrowed = borrow(
    market.state,
    r,
    reserve.key,
    obligation.state,
    ctx.clock,
    liquidityAmount,
    referrer?.state ?? null,
    collaterals,
    (m) => ctx.log(m),
  );
  const vault = { source: supply, mint: a.borrowReserveLiquidityMint, authority };
  if (borrowed.originationFee > 0n) {
    const feeReceiver = a.borrowReserveLiquidityFeeReceiver;
    transferChecked(ctx, { ...vault, destination: feeReceiver }, borrowed.originationFee, decimals, authoritySeeds);
  }
  transferChecked(ctx, { ...vault, destination }, borrowed.receiveAmount, decimals, authoritySeeds);
  checkVaultAfterTransfer(before, supply, reserve, -(borrowed.receiveAmount + borrowed.originationFee));
  reserve.save();
  for (const ref of collaterals) encodeReserveInto(ref.data, ref.reserve);
  obligation.save();
  referrer?.save();
}

export const borrowObligationLiquidity: MarketInstruction = {
  name: "borrow_obligation_liquidity",
  units: 20_000,
  accounts: BorrowAccounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.borrow_obligation_liquidity.args);
    const { accounts: a, remaining } = BorrowAccounts.load(ctx);
    checkRefreshInstructions(ctx, a.instructionSysvarAccount, a.obligation.key, [
      { key: a.borrowReserve.key, state: a.borrowReserve.state, kind: ReserveFarmKind.Debt },
    ]);
    processBorrow(ctx, a, remaining, liquidityAmount);
  },
};
