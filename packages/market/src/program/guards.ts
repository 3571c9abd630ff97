// Checks several instructions share (klend's access-control guard and lending_checks): the market's emergency switch,
// a reserve still usable for the operation, a user token account that is not the reserve's own vault, and the
// Token-2022 rules for the liquidity mint and the user's liquidity account.
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TransferFeeConfigLayout,
  extensionTypes,
  findExtension,
  type InstructionAccount,
} from "@ballast/ledger";
import { PROGRAM_VERSION, ReserveStatus } from "../constants.js";
import { fail } from "../errors.js";
import { unsupportedMintExtension } from "../lending/token-extensions.js";
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

/**
 * klend's token-2022 checks on a liquidity mint and the user's token account of it: nothing to check for an SPL
 * Token mint; a Token-2022 mint must carry only the extensions klend allows (UnsupportedTokenExtension) and be held
 * in a Token-2022 account (InvalidTokenAccount).
 */
export function checkLiquidityToken(mint: InstructionAccount, userLiquidity: InstructionAccount, log: (message: string) => void): void {
  if (mint.account.owner !== TOKEN_2022_PROGRAM_ID) return;
  const data = mint.account.data;
  const feeConfig = findExtension(data, ExtensionType.TransferFeeConfig);
  const refusal = unsupportedMintExtension(extensionTypes(data), feeConfig && TransferFeeConfigLayout.read(feeConfig, 0));
  if (refusal !== null) {
    log(refusal);
    fail("UnsupportedTokenExtension");
  }
  if (userLiquidity.account.owner === TOKEN_PROGRAM_ID) {
    log("Token-2022 mint with an SPL Token account");
    fail("InvalidTokenAccount");
  }
}
