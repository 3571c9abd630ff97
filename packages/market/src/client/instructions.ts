// The market's client instructions, declared once in klend's account order with their flags, then their Borsh
// arguments. Optional accounts are klend's Option<Account>: absent ones are passed as the program id.
import { arg, defineInstructions } from "@ballast/codec";

/** The collateral and liquidity token programs and the instructions sysvar that close the reserve-side instructions. */
const TOKEN_PROGRAMS_AND_SYSVAR = [
  { name: "collateralTokenProgram" },
  { name: "liquidityTokenProgram" },
  { name: "instructionSysvarAccount" },
] as const;

export const KLEND_INSTRUCTIONS = defineInstructions({
  init_lending_market: {
    accounts: [
      { name: "lendingMarketOwner", writable: true, signer: true },
      { name: "lendingMarket", writable: true },
      { name: "lendingMarketAuthority" },
      { name: "systemProgram" },
      { name: "rent" },
    ],
    args: { quoteCurrency: arg.bytes(32) },
  },
  init_reserve: {
    accounts: [
      { name: "lendingMarketOwner", writable: true, signer: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "reserve", writable: true },
      { name: "reserveLiquidityMint" },
      { name: "reserveLiquiditySupply", writable: true },
      { name: "feeReceiver", writable: true },
      { name: "reserveCollateralMint", writable: true },
      { name: "reserveCollateralSupply", writable: true },
      { name: "initialLiquiditySource", writable: true },
      { name: "rent" },
      { name: "liquidityTokenProgram" },
      { name: "collateralTokenProgram" },
      { name: "systemProgram" },
    ],
    args: {},
  },
  update_reserve_config: {
    accounts: [{ name: "signer", signer: true }, { name: "globalConfig" }, { name: "lendingMarket" }, { name: "reserve", writable: true }],
    /** `mode` is an UpdateConfigMode variant index. */
    args: { mode: arg.u8, value: arg.byteVec, skipConfigIntegrityValidation: arg.bool },
  },
  refresh_reserve: {
    accounts: [
      { name: "reserve", writable: true },
      { name: "lendingMarket" },
      { name: "pythOracle", optional: true },
      { name: "switchboardPriceOracle", optional: true },
      { name: "switchboardTwapOracle", optional: true },
      { name: "scopePrices", optional: true },
    ],
    args: {},
  },
  init_user_metadata: {
    accounts: [
      { name: "owner", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "userMetadata", writable: true },
      { name: "referrerUserMetadata", optional: true },
      { name: "rent" },
      { name: "systemProgram" },
    ],
    args: { userLookupTable: arg.pubkey },
  },
  init_obligation: {
    accounts: [
      { name: "obligationOwner", signer: true },
      { name: "feePayer", writable: true, signer: true },
      { name: "obligation", writable: true },
      { name: "lendingMarket" },
      { name: "seed1Account" },
      { name: "seed2Account" },
      { name: "ownerUserMetadata" },
      { name: "rent" },
      { name: "systemProgram" },
    ],
    args: { tag: arg.u8, id: arg.u8 },
  },
  /** Then the reserves of the active deposit slots (read-only) and borrow slots (writable) as remaining accounts. */
  refresh_obligation: {
    accounts: [{ name: "lendingMarket" }, { name: "obligation", writable: true }],
    args: {},
  },
  deposit_reserve_liquidity: {
    accounts: [
      { name: "owner", signer: true },
      { name: "reserve", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "reserveLiquidityMint" },
      { name: "reserveLiquiditySupply", writable: true },
      { name: "reserveCollateralMint", writable: true },
      { name: "userSourceLiquidity", writable: true },
      { name: "userDestinationCollateral", writable: true },
      ...TOKEN_PROGRAMS_AND_SYSVAR,
    ],
    args: { liquidityAmount: arg.u64 },
  },
  redeem_reserve_collateral: {
    accounts: [
      { name: "owner", signer: true },
      { name: "lendingMarket" },
      { name: "reserve", writable: true },
      { name: "lendingMarketAuthority" },
      { name: "reserveLiquidityMint" },
      { name: "reserveCollateralMint", writable: true },
      { name: "reserveLiquiditySupply", writable: true },
      { name: "userSourceCollateral", writable: true },
      { name: "userDestinationLiquidity", writable: true },
      ...TOKEN_PROGRAMS_AND_SYSVAR,
    ],
    args: { collateralAmount: arg.u64 },
  },
  deposit_reserve_liquidity_and_obligation_collateral: {
    accounts: [
      { name: "owner", writable: true, signer: true },
      { name: "obligation", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "reserve", writable: true },
      { name: "reserveLiquidityMint" },
      { name: "reserveLiquiditySupply", writable: true },
      { name: "reserveCollateralMint", writable: true },
      { name: "reserveDestinationDepositCollateral", writable: true },
      { name: "userSourceLiquidity", writable: true },
      { name: "placeholderUserDestinationCollateral", optional: true },
      ...TOKEN_PROGRAMS_AND_SYSVAR,
    ],
    args: { liquidityAmount: arg.u64 },
  },
  withdraw_obligation_collateral_and_redeem_reserve_collateral: {
    accounts: [
      { name: "owner", writable: true, signer: true },
      { name: "obligation", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "withdrawReserve", writable: true },
      { name: "reserveLiquidityMint" },
      { name: "reserveSourceCollateral", writable: true },
      { name: "reserveCollateralMint", writable: true },
      { name: "reserveLiquiditySupply", writable: true },
      { name: "userDestinationLiquidity", writable: true },
      { name: "placeholderUserDestinationCollateral", optional: true },
      ...TOKEN_PROGRAMS_AND_SYSVAR,
    ],
    args: { collateralAmount: arg.u64 },
  },
  borrow_obligation_liquidity: {
    accounts: [
      { name: "owner", signer: true },
      { name: "obligation", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "borrowReserve", writable: true },
      { name: "borrowReserveLiquidityMint" },
      { name: "reserveSourceLiquidity", writable: true },
      { name: "borrowReserveLiquidityFeeReceiver", writable: true },
      { name: "userDestinationLiquidity", writable: true },
      { name: "referrerTokenState", writable: true, optional: true },
      { name: "tokenProgram" },
      { name: "instructionSysvarAccount" },
    ],
    args: { liquidityAmount: arg.u64 },
  },
  repay_obligation_liquidity: {
    accounts: [
      { name: "owner", signer: true },
      { name: "obligation", writable: true },
      { name: "lendingMarket" },
      { name: "repayReserve", writable: true },
      { name: "reserveLiquidityMint" },
      { name: "reserveDestinationLiquidity", writable: true },
      { name: "userSourceLiquidity", writable: true },
      { name: "tokenProgram" },
      { name: "instructionSysvarAccount" },
    ],
    args: { liquidityAmount: arg.u64 },
  },
  /** Then the obligation's deposit reserves (writable), for the debt counters of an obligation in an elevation group. */
  liquidate_obligation_and_redeem_reserve_collateral: {
    accounts: [
      { name: "liquidator", signer: true },
      { name: "obligation", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "repayReserve", writable: true },
      { name: "repayReserveLiquidityMint" },
      { name: "repayReserveLiquiditySupply", writable: true },
      { name: "withdrawReserve", writable: true },
      { name: "withdrawReserveLiquidityMint" },
      { name: "withdrawReserveCollateralMint", writable: true },
      { name: "withdrawReserveCollateralSupply", writable: true },
      { name: "withdrawReserveLiquiditySupply", writable: true },
      { name: "withdrawReserveLiquidityFeeReceiver", writable: true },
      { name: "userSourceLiquidity", writable: true },
      { name: "userDestinationCollateral", writable: true },
      { name: "userDestinationLiquidity", writable: true },
      { name: "collateralTokenProgram" },
      { name: "repayLiquidityTokenProgram" },
      { name: "withdrawLiquidityTokenProgram" },
      { name: "instructionSysvarAccount" },
    ],
    args: { liquidityAmount: arg.u64, minAcceptableReceivedLiquidityAmount: arg.u64, maxAllowedLtvOverridePercent: arg.u64 },
  },
  /** Then the obligation's deposit reserves (writable), as for liquidation. */
  socialize_loss: {
    accounts: [
      { name: "riskCouncil", signer: true },
      { name: "obligation", writable: true },
      { name: "lendingMarket" },
      { name: "reserve", writable: true },
      { name: "instructionSysvarAccount" },
    ],
    args: { liquidityAmount: arg.u64 },
  },
  mark_obligation_for_deleveraging: {
    accounts: [{ name: "riskCouncil", signer: true }, { name: "obligation", writable: true }, { name: "lendingMarket" }],
    /** 255 unmarks. */
    args: { autodeleverageTargetLtvPct: arg.u8 },
  },
  set_obligation_order: {
    accounts: [{ name: "owner", signer: true }, { name: "obligation", writable: true }, { name: "lendingMarket" }],
    /** The 128-byte ObligationOrder, its Borsh form identical to the account layout. */
    args: {
      index: arg.u8,
      order: arg.struct({
        conditionThresholdSf: arg.u128,
        opportunityParameterSf: arg.u128,
        minExecutionBonusBps: arg.u16,
        maxExecutionBonusBps: arg.u16,
        conditionType: arg.u8,
        opportunityType: arg.u8,
        padding1: arg.bytes(10),
        padding2: arg.array(arg.u128, 5),
      }),
    },
  },
  flash_borrow_reserve_liquidity: {
    accounts: [
      { name: "userTransferAuthority", signer: true },
      { name: "lendingMarketAuthority" },
      { name: "lendingMarket" },
      { name: "reserve", writable: true },
      { name: "reserveLiquidityMint" },
      { name: "reserveSourceLiquidity", writable: true },
      { name: "userDestinationLiquidity", writable: true },
      { name: "reserveLiquidityFeeReceiver", writable: true },
      { name: "referrerTokenState", writable: true, optional: true },
      { name: "referrerAccount", writable: true, optional: true },
      { name: "sysvarInfo" },
      { name: "tokenProgram" },
    ],
    args: { liquidityAmount: arg.u64 },
  },
  /** The same accounts as the flash borrow it closes, the vault in the borrow's source position. */
  flash_repay_reserve_liquidity: {
    accounts: [
      { name: "userTransferAuthority", signer: true },
      { name: "lendingMarketAuthority" },
      { name: "lendingMarket" },
      { name: "reserve", writable: true },
      { name: "reserveLiquidityMint" },
      { name: "reserveDestinationLiquidity", writable: true },
      { name: "userSourceLiquidity", writable: true },
      { name: "reserveLiquidityFeeReceiver", writable: true },
      { name: "referrerTokenState", writable: true, optional: true },
      { name: "referrerAccount", writable: true, optional: true },
      { name: "sysvarInfo" },
      { name: "tokenProgram" },
    ],
    args: { liquidityAmount: arg.u64, borrowInstructionIndex: arg.u8 },
  },
  /** No named accounts: groups of [reserve (writable), market] and, unless prices are skipped, four oracle slots. */
  refresh_reserves_batch: {
    accounts: [],
    args: { skipPriceUpdates: arg.bool },
  },
  update_lending_market: {
    accounts: [
      { name: "lendingMarketOwner", signer: true },
      { name: "lendingMarket", writable: true },
    ],
    /** `mode` is an UpdateLendingMarketMode; `value` holds the new value Borsh-encoded from its first byte. */
    args: { mode: arg.u64, value: arg.bytes(72) },
  },
  update_lending_market_owner: {
    accounts: [
      { name: "lendingMarketOwnerCached", signer: true },
      { name: "lendingMarket", writable: true },
    ],
    args: {},
  },
  init_global_config: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "globalConfig", writable: true },
      { name: "programData" },
      { name: "systemProgram" },
      { name: "rent" },
    ],
    args: {},
  },
  update_global_config: {
    accounts: [
      { name: "globalAdmin", signer: true },
      { name: "globalConfig", writable: true },
    ],
    /** `mode` is an UpdateGlobalConfigMode variant index; `value` a Borsh Pubkey. */
    args: { mode: arg.u8, value: arg.byteVec },
  },
  update_global_config_admin: {
    accounts: [
      { name: "pendingAdmin", signer: true },
      { name: "globalConfig", writable: true },
    ],
    args: {},
  },
  init_referrer_token_state: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "lendingMarket" },
      { name: "reserve" },
      { name: "referrer" },
      { name: "referrerTokenState", writable: true },
      { name: "rent" },
      { name: "systemProgram" },
    ],
    args: {},
  },
  init_referrer_state_and_short_url: {
    accounts: [
      { name: "referrer", writable: true, signer: true },
      { name: "referrerState", writable: true },
      { name: "referrerShortUrl", writable: true },
      { name: "referrerUserMetadata" },
      { name: "rent" },
      { name: "systemProgram" },
    ],
    args: { shortUrl: arg.string },
  },
  delete_referrer_state_and_short_url: {
    accounts: [
      { name: "referrer", writable: true, signer: true },
      { name: "referrerState", writable: true },
      { name: "shortUrl", writable: true },
      { name: "rent" },
      { name: "systemProgram" },
    ],
    args: {},
  },
  withdraw_referrer_fees: {
    accounts: [
      { name: "referrer", writable: true, signer: true },
      { name: "referrerTokenState", writable: true },
      { name: "reserve", writable: true },
      { name: "reserveLiquidityMint" },
      { name: "reserveSupplyLiquidity", writable: true },
      { name: "referrerTokenAccount", writable: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "tokenProgram" },
    ],
    args: {},
  },
  /** `mode` 0 = the collateral farm, 1 = the debt farm (ReserveFarmKind). */
  init_farms_for_reserve: {
    accounts: [
      { name: "lendingMarketOwner", writable: true, signer: true },
      { name: "lendingMarket" },
      { name: "lendingMarketAuthority" },
      { name: "reserve", writable: true },
      { name: "farmsProgram" },
      { name: "farmsGlobalConfig" },
      { name: "farmState", writable: true },
      { name: "farmsVaultAuthority" },
      { name: "rent" },
      { name: "systemProgram" },
    ],
    args: { mode: arg.u8 },
  },
  init_obligation_farms_for_reserve: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "owner" },
      { name: "obligation", writable: true },
      { name: "lendingMarketAuthority" },
      { name: "reserve", writable: true },
      { name: "reserveFarmState", writable: true },
      { name: "obligationFarm", writable: true },
      { name: "lendingMarket" },
      { name: "farmsProgram" },
      { name: "rent" },
      { name: "systemProgram" },
    ],
    args: { mode: arg.u8 },
  },
  refresh_obligation_farms_for_reserve: {
    accounts: [
      { name: "crank", signer: true },
      { name: "obligation" },
      { name: "lendingMarketAuthority" },
      { name: "reserve" },
      { name: "reserveFarmState", writable: true },
      { name: "obligationFarmUserState", writable: true },
      { name: "lendingMarket" },
      { name: "farmsProgram" },
      { name: "rent" },
      { name: "systemProgram" },
    ],
    args: { mode: arg.u8 },
  },
  /** Then the reserves of the active deposit slots and borrow slots, all writable, as remaining accounts. */
  request_elevation_group: {
    accounts: [{ name: "owner", signer: true }, { name: "obligation", writable: true }, { name: "lendingMarket" }],
    args: { elevationGroup: arg.u8 },
  },
});
