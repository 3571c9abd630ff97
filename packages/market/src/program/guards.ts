// Checks several instructions share (klend's access-control guard and lending_checks): the market's emergency switch,
// a reserve still usable for the operation, and a user token account that is not the reserve's own vault.
import type { InstructionAccount } from "@ballast/ledger";
import { PROGRAM_VERSION, ReserveStatus } from "../constants.js";
import { fail } from "../errors.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Reserve } from "../state/reserve.js";

export function checkEmergencyMode(market: LendingMarket): void {
  if (market.emergencyMode !== 0) fail("GlobalEmergencyMode");
}

/** A reserve on the current version, and (for operations that add exposure) not obsolete. */
export function checkReserveUsable(reserve: Reserve, refuseObsolete: boolean): void {
  if (reserve.version !== PROGRAM_VERSION) fail("ReserveDeprecated");
  if (refuseObsolete && reserve.config.status === ReserveStatus.Obsolete) fail("ReserveObsolete");
}

/** The user's token account may not be one of the reserve's vaults. */
export function checkNotReserveVault(user: InstructionAccount, reserve: Reserve): void {
  const vaults = [reserve.liquidity.supplyVault, reserve.liquidity.feeVault, reserve.collateral.supplyVault];
  if (vaults.includes(user.key)) fail("InvalidAccountInput");
}
