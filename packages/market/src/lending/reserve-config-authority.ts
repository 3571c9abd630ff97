// Who may change a reserve (klend v1.12.5 lending_operations::utils): the market owner, the global admin for the
// protocol-fee modes, and the market's proposer authority while the reserve is still being set up: unused (no more
// liquidity or cTokens than the initial deposit, no debt), its usage blocked (deposit and borrow limits both 0) and
// not locked against the proposer (`proposer_authority_locked`). In that phase the proposer may set any mode; opening
// the reserve for use (lifting the block) is the owner's alone. The proposer may also create reserves.
import type { LendingMarket } from "../state/lending-market.js";
import type { Reserve } from "../state/reserve.js";
import { isGlobalAdminMode } from "./config-update.js";

/** The reserve holds more than its initial deposit, or has debt. */
export function reserveIsUsed(reserve: Reserve, minInitialDepositAmount: bigint): boolean {
  return (
    reserve.liquidity.availableAmount > minInitialDepositAmount ||
    reserve.liquidity.borrowedAmountSf > 0n ||
    reserve.collateral.mintTotalSupply > minInitialDepositAmount
  );
}

/** Neither deposits nor borrows are allowed: both limits are 0. */
export function reserveUsageBlocked(reserve: Reserve): boolean {
  return reserve.config.depositLimit === 0n && reserve.config.borrowLimit === 0n;
}

/** The proposer's phase: the reserve unused, blocked and not locked against the proposer. */
export function inProposerPhase(reserve: Reserve, market: LendingMarket): boolean {
  return (
    !reserveIsUsed(reserve, market.minInitialDepositAmount) && reserveUsageBlocked(reserve) && reserve.config.proposerAuthorityLocked === 0
  );
}

/** Whether `signer` may update the reserve's config in `mode`; no global config means no global admin. */
export function mayUpdateReserveConfig(
  signer: string,
  mode: number,
  market: LendingMarket,
  reserve: Reserve,
  globalAdmin: string | null,
): boolean {
  if (inProposerPhase(reserve, market) && signer === market.proposerAuthority) return true;
  return isGlobalAdminMode(mode) ? signer === globalAdmin : signer === market.lendingMarketOwner;
}

/** init_reserve's signer: the market owner or its proposer authority. */
export function mayInitReserve(signer: string, market: LendingMarket): boolean {
  return signer === market.lendingMarketOwner || signer === market.proposerAuthority;
}
