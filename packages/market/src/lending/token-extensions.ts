// klend's Token-2022 liquidity rules (reference §3, reserve sanity in lending_checks): a liquidity mint may carry only
// extensions that leave transfers exact and the reserve's books true; a transfer fee is tolerated only at 0 bps.
import { ExtensionType, type TransferFeeConfig } from "@ballast/ledger";

/** The mint extensions klend lets a reserve's liquidity mint carry. */
const ALLOWED_MINT_EXTENSIONS: ReadonlySet<number> = new Set([
  ExtensionType.ConfidentialTransferFeeConfig,
  ExtensionType.ConfidentialTransferMint,
  ExtensionType.MintCloseAuthority,
  ExtensionType.MetadataPointer,
  ExtensionType.PermanentDelegate,
  ExtensionType.TransferFeeConfig,
  ExtensionType.TokenMetadata,
  ExtensionType.TransferHook,
  ExtensionType.DefaultAccountState,
  ExtensionType.ScaledUiAmount,
  ExtensionType.Pausable,
]);

/**
 * Why a Token-2022 liquidity mint is refused (the log line before UnsupportedTokenExtension), or null when klend
 * accepts it: an extension outside the allowed list, or a transfer fee other than 0 bps in either epoch's fee.
 */
export function unsupportedMintExtension(types: readonly number[], transferFee: TransferFeeConfig | null): string | null {
  const unsupported = types.find((type) => !ALLOWED_MINT_EXTENSIONS.has(type));
  if (unsupported !== undefined) return `Unsupported mint extension ${unsupported}`;
  if (transferFee && (transferFee.olderTransferFee.basisPoints !== 0 || transferFee.newerTransferFee.basisPoints !== 0)) {
    return "Transfer fee must be 0 for liquidity mints";
  }
  return null;
}
