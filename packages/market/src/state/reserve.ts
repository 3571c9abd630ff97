// The Reserve account (v1.12.5, 8616 bytes + discriminator; reference §1.3): one asset of a market, its liquidity,
// its collateral token, its config and its debt counters. Offsets are account offsets.
import { accountLayout, array, pubkey, skip, struct, u128, u256, u64, type AccountData, type StructValue } from "@ballast/codec";
import { LastUpdateStruct, asMarketAccountData, decodeMarketAccount, encodeMarketAccountInto } from "./common.js";
import { PROGRAM_VERSION } from "../constants.js";
import { ONE } from "../math/fraction.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { ReserveConfigStruct, defaultReserveConfig } from "./reserve-config.js";

/** sha256("account:Reserve")[0..8]. */
export const RESERVE_DISCRIMINATOR: Uint8Array = Uint8Array.from([43, 242, 204, 202, 26, 247, 59, 127]);
const ReserveLiquidityStruct = struct(2432, {
  mintPubkey: [0, pubkey],
  supplyVault: [32, pubkey],
  feeVault: [64, pubkey],
  availableAmount: [96, u64],
  borrowedAmountSf: [104, u128],
  marketPriceSf: [120, u128],
  marketPriceLastUpdatedTs: [136, u64],
  mintDecimals: [144, u64],
  depositLimitCrossedTimestamp: [152, u64],
  borrowLimitCrossedTimestamp: [160, u64],
  /** BigFraction: a 256-bit integer with 60 fractional bits, then two padding limbs. */
  cumulativeBorrowRateBsf: [168, u256],
  cumulativeBorrowRatePadding: [200, skip(16)],
  accumulatedProtocolFeesSf: [216, u128],
  accumulatedReferrerFeesSf: [232, u128],
  pendingReferrerFeesSf: [248, u128],
  absoluteReferralRateSf: [264, u128],
  tokenProgram: [280, pubkey],
  padding: [312, skip(2120)],
});

const ReserveCollateralStruct = struct(2296, {
  /** The cToken mint. */
  mintPubkey: [0, pubkey],
  /** cToken supply as the program tracks it (the exchange rate's denominator). */
  mintTotalSupply: [32, u64],
  supplyVault: [40, pubkey],
  padding: [72, skip(2224)],
});

export const ReserveLayout = accountLayout(
  "Reserve",
  Buffer.from(RESERVE_DISCRIMINATOR),
  struct(8616, {
    version: [0, u64],
    lastUpdate: [8, LastUpdateStruct],
    lendingMarket: [24, pubkey],
    farmCollateral: [56, pubkey],
    farmDebt: [88, pubkey],
    liquidity: [120, ReserveLiquidityStruct],
    collateral: [2552, ReserveCollateralStruct],
    config: [4848, ReserveConfigStruct],
    configPadding: [5768, skip(928)],
    borrowedAmountOutsideElevationGroup: [6696, u64],
    borrowedAmountsAgainstThisReserveInElevationGroups: [6704, array(u64, 32)],
    padding: [6960, skip(1656)],
  }),
);

/** Account data size, discriminator included. */
export const RESERVE_SIZE = ReserveLayout.space;

export type ReserveLiquidity = StructValue<typeof ReserveLiquidityStruct.fields>;
export type ReserveCollateral = StructValue<typeof ReserveCollateralStruct.fields>;
export type Reserve = StructValue<typeof ReserveLayout.struct.fields>;

/** Reserve account data: the discriminator and size checked, so data of another kind never passes for it. */
export type ReserveData = AccountData<typeof ReserveLayout.name>;

/** Brands `data` as a Reserve's after the size and discriminator checks; null for data of another kind. */
export function asReserveData(data: Buffer): ReserveData | null {
  return asMarketAccountData(ReserveLayout, data);
}

/** Decodes a Reserve after checking its discriminator and size. */
export function decodeReserve(data: Uint8Array): Reserve {
  return decodeMarketAccount(ReserveLayout, data);
}

/** Writes the discriminator and every field of `r` into `data` in place (padding untouched). */
export function encodeReserveInto(data: Buffer, r: Reserve): void {
  encodeMarketAccountInto(ReserveLayout, data, r);
}

/** Where a reserve's config starts in its account data (update_reserve_config writes whole configs here). */
export const RESERVE_CONFIG_OFFSET = ReserveLayout.fields.config.offset;

/** The accounts and amounts a new reserve starts from. */
export interface NewReserveParams {
  slot: bigint;
  lendingMarket: string;
  liquidityMint: string;
  mintDecimals: number;
  tokenProgram: string;
  liquiditySupply: string;
  feeReceiver: string;
  collateralMint: string;
  collateralSupply: string;
  /** The market's min_initial_deposit_amount: available liquidity and cToken supply both start at it. */
  initialDeposit: bigint;
}

/** A reserve as init_reserve writes it: Hidden, default config, borrow index 1.0, no price yet, stale. */
export function newReserve(p: NewReserveParams): Reserve {
  return {
    version: PROGRAM_VERSION,
    lastUpdate: { slot: p.slot, stale: 1, priceStatus: 0 },
    lendingMarket: p.lendingMarket,
    farmCollateral: ZERO_PUBKEY,
    farmDebt: ZERO_PUBKEY,
    liquidity: {
      mintPubkey: p.liquidityMint,
      supplyVault: p.liquiditySupply,
      feeVault: p.feeReceiver,
      availableAmount: p.initialDeposit,
      borrowedAmountSf: 0n,
      marketPriceSf: 0n,
      marketPriceLastUpdatedTs: 0n,
      mintDecimals: BigInt(p.mintDecimals),
      depositLimitCrossedTimestamp: 0n,
      borrowLimitCrossedTimestamp: 0n,
      cumulativeBorrowRateBsf: ONE,
      accumulatedProtocolFeesSf: 0n,
      accumulatedReferrerFeesSf: 0n,
      pendingReferrerFeesSf: 0n,
      absoluteReferralRateSf: 0n,
      tokenProgram: p.tokenProgram,
    },
    collateral: { mintPubkey: p.collateralMint, mintTotalSupply: p.initialDeposit, supplyVault: p.collateralSupply },
    config: defaultReserveConfig(),
    borrowedAmountOutsideElevationGroup: 0n,
    borrowedAmountsAgainstThisReserveInElevationGroups: Array.from({ length: 32 }, () => 0n),
  };
}
