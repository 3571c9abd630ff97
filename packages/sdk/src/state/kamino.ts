// Kamino klend Reserve and Obligation accounts (market-and-oracles reference §1.3, §1.4; release v1.12.5 layouts).
// The market package owns the layouts; the SDK keeps its Kamino names for them.
export {
  KLEND_PROGRAM_ID,
  RESERVE_DISCRIMINATOR as KAMINO_RESERVE_DISCRIMINATOR,
  OBLIGATION_DISCRIMINATOR as KAMINO_OBLIGATION_DISCRIMINATOR,
  RESERVE_SIZE as KAMINO_RESERVE_SIZE,
  OBLIGATION_SIZE as KAMINO_OBLIGATION_SIZE,
  FRACTION_BITS,
  fractionToDecimal,
  MarketDecodeError as KaminoDecodeError,
  decodeReserve as decodeKaminoReserve,
  decodeObligation as decodeKaminoObligation,
  activeDeposits as activeKaminoDeposits,
  activeBorrows as activeKaminoBorrows,
} from "@ballast/market";
export type {
  LastUpdate as KaminoLastUpdate,
  ReserveLiquidity as KaminoReserveLiquidity,
  ReserveCollateral as KaminoReserveCollateral,
  CurvePoint as KaminoCurvePoint,
  ReserveFees as KaminoReserveFees,
  PriceHeuristic as KaminoPriceHeuristic,
  TokenInfo as KaminoTokenInfo,
  WithdrawalCaps as KaminoWithdrawalCaps,
  ReserveConfig as KaminoReserveConfig,
  Reserve as KaminoReserve,
  ObligationCollateral as KaminoObligationCollateral,
  ObligationLiquidity as KaminoObligationLiquidity,
  ObligationOrder as KaminoObligationOrder,
  Obligation as KaminoObligation,
} from "@ballast/market";
