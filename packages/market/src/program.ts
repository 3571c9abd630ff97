// The market program: a Kamino-klend-style lending market (v1.12.5 accounts and errors) at klend's mainnet id,
// dispatched by Anchor discriminators. See README.md for what it covers.
import { basicAnchorProgram } from "@ballast/anchor";
import type { Program } from "@ballast/ledger";
import { borrowObligationLiquidity } from "./instructions/borrow-obligation-liquidity.js";
import { depositLiquidityAndCollateral } from "./instructions/deposit-liquidity-and-collateral.js";
import { depositReserveLiquidity } from "./instructions/deposit-reserve-liquidity.js";
import { initLendingMarket } from "./instructions/init-lending-market.js";
import { initObligation } from "./instructions/init-obligation.js";
import { initReserve } from "./instructions/init-reserve.js";
import { initUserMetadata } from "./instructions/init-user-metadata.js";
import { redeemReserveCollateral } from "./instructions/redeem-reserve-collateral.js";
import { refreshObligation } from "./instructions/refresh-obligation.js";
import { refreshReserve } from "./instructions/refresh-reserve.js";
import { repayObligationLiquidity } from "./instructions/repay-obligation-liquidity.js";
import { updateReserveConfig } from "./instructions/update-reserve-config.js";
import { updateLendingMarket } from "./instructions/update-lending-market.js";
import { updateLendingMarketOwner } from "./instructions/update-lending-market-owner.js";
import { initGlobalConfig } from "./instructions/init-global-config.js";
import { updateGlobalConfig } from "./instructions/update-global-config.js";
import { updateGlobalConfigAdmin } from "./instructions/update-global-config-admin.js";
import { requestElevationGroup } from "./instructions/request-elevation-group.js";
import { withdrawCollateralAndRedeem } from "./instructions/withdraw-collateral-and-redeem.js";
import { flashBorrowReserveLiquidity } from "./instructions/flash-borrow-reserve-liquidity.js";
import { flashRepayReserveLiquidity } from "./instructions/flash-repay-reserve-liquidity.js";
import { refreshReservesBatch } from "./instructions/refresh-reserves-batch.js";
import { initReferrerTokenState } from "./instructions/init-referrer-token-state.js";
import { initReferrerStateAndShortUrl } from "./instructions/init-referrer-state-and-short-url.js";
import { deleteReferrerStateAndShortUrl } from "./instructions/delete-referrer-state-and-short-url.js";
import { withdrawReferrerFees } from "./instructions/withdraw-referrer-fees.js";
import { initFarmsForReserve } from "./instructions/init-farms-for-reserve.js";
import { initObligationFarmsForReserve } from "./instructions/init-obligation-farms-for-reserve.js";
import { refreshObligationFarmsForReserve } from "./instructions/refresh-obligation-farms-for-reserve.js";
import { KLEND_PROGRAM_ID } from "./program-ids.js";
import { liquidateObligationAndRedeemReserveCollateral } from "./instructions/liquidate-obligation-and-redeem-reserve-collateral.js";
import { socializeLoss } from "./instructions/socialize-loss.js";
import { markObligationForDeleveraging } from "./instructions/mark-obligation-for-deleveraging.js";
import { setObligationOrder } from "./instructions/set-obligation-order.js";
import { depositCollateral } from "./instructions/deposit-obligation-collateral.js";
import { withdrawCollateral } from "./instructions/withdraw-obligation-collateral.js";
import { depositLiquidityAndCollateralV2 } from "./instructions/deposit-liquidity-and-collateral-v2.js";
import { depositCollateralV2 } from "./instructions/deposit-obligation-collateral-v2.js";
import { withdrawCollateralV2 } from "./instructions/withdraw-obligation-collateral-v2.js";
import { withdrawCollateralAndRedeemV2 } from "./instructions/withdraw-collateral-and-redeem-v2.js";
import { borrowObligationLiquidityV2 } from "./instructions/borrow-obligation-liquidity-v2.js";
import { repayObligationLiquidityV2 } from "./instructions/repay-obligation-liquidity-v2.js";
import { liquidateObligationAndRedeemReserveCollateralV2 } from "./instructions/liquidate-obligation-and-redeem-reserve-collateral-v2.js";
import { socializeLossV2 } from "./instructions/socialize-loss-v2.js";

export const MARKET_INSTRUCTIONS = [
  initLendingMarket,
  initReserve,
  updateReserveConfig,
  refreshReserve,
  initUserMetadata,
  initObligation,
  refreshObligation,
  depositReserveLiquidity,
  redeemReserveCollateral,
  depositLiquidityAndCollateral,
  withdrawCollateralAndRedeem,
  borrowObligationLiquidity,
  repayObligationLiquidity,
  liquidateObligationAndRedeemReserveCollateral,
  socializeLoss,
  markObligationForDeleveraging,
  setObligationOrder,
  flashBorrowReserveLiquidity,
  flashRepayReserveLiquidity,
  refreshReservesBatch,
  updateLendingMarket,
  updateLendingMarketOwner,
  initGlobalConfig,
  updateGlobalConfig,
  updateGlobalConfigAdmin,
  initReferrerTokenState,
  initReferrerStateAndShortUrl,
  deleteReferrerStateAndShortUrl,
  withdrawReferrerFees,
  initFarmsForReserve,
  initObligationFarmsForReserve,
  refreshObligationFarmsForReserve,
  requestElevationGroup,
  depositCollateral,
  withdrawCollateral,
  depositLiquidityAndCollateralV2,
  depositCollateralV2,
  withdrawCollateralV2,
  withdrawCollateralAndRedeemV2,
  borrowObligationLiquidityV2,
  repayObligationLiquidityV2,
  liquidateObligationAndRedeemReserveCollateralV2,
  socializeLossV2,
] as const;

/** The market program, registered at klend's mainnet id unless another id is given. */
export function marketProgram(id: string = KLEND_PROGRAM_ID): Program {
  return basicAnchorProgram(id, MARKET_INSTRUCTIONS);
}
