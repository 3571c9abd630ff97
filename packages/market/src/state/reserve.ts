// The Reserve account (v1.12.5, 8616 bytes + discriminator; reference §1.3): one asset of a market, its liquidity,
// its collateral token, its config and its debt counters. Offsets are account offsets.
import { type LastUpdate, checkAccount, readLastUpdate, writeLastUpdate } from "./common.js";
import { FieldWriter } from "./fields.js";
import { PROGRAM_VERSION } from "../constants.js";
import { ONE } from "../math/fraction.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { type ReserveConfig, defaultReserveConfig, readReserveConfig, writeReserveConfig } from "./reserve-config.js";

/** sha256("account:Reserve")[0..8]. */
export const RESERVE_DISCRIMINATOR: Uint8Array = Uint8Array.from([43, 242, 204, 202, 26, 247, 59, 127]);
/** Account data size, discriminator included. */
export const RESERVE_SIZE = 8624;

const LIQUIDITY = 128;
const COLLATERAL = 2560;
const CONFIG = 4856;

export interface ReserveLiquidity {
  mintPubkey: string;
  supplyVault: string;
  feeVault: string;
  availableAmount: bigint;
  borrowedAmountSf: bigint;
  marketPriceSf: bigint;
  marketPriceLastUpdatedTs: bigint;
  mintDecimals: bigint;
  depositLimitCrossedTimestamp: bigint;
  borrowLimitCrossedTimestamp: bigint;
  /** BigFraction: a 256-bit integer with 60 fractional bits. */
  cumulativeBorrowRateBsf: bigint;
  accumulatedProtocolFeesSf: bigint;
  accumulatedReferrerFeesSf: bigint;
  pendingReferrerFeesSf: bigint;
  absoluteReferralRateSf: bigint;
  tokenProgram: string;
}

export interface ReserveCollateral {
  /** The cToken mint. */
  mintPubkey: string;
  /** cToken supply as the program tracks it (the exchange rate's denominator). */
  mintTotalSupply: bigint;
  supplyVault: string;
}

export interface Reserve {
  version: bigint;
  lastUpdate: LastUpdate;
  lendingMarket: string;
  farmCollateral: string;
  farmDebt: string;
  liquidity: ReserveLiquidity;
  collateral: ReserveCollateral;
  config: ReserveConfig;
  borrowedAmountOutsideElevationGroup: bigint;
  borrowedAmountsAgainstThisReserveInElevationGroups: bigint[];
}

/** Decodes a Reserve after checking its discriminator and size. */
export function decodeReserve(data: Uint8Array): Reserve {
  const f = checkAccount(data, RESERVE_DISCRIMINATOR, RESERVE_SIZE, "Reserve");
  const l = LIQUIDITY;
  const c = COLLATERAL;
  return {
    version: f.u64(8),
    lastUpdate: readLastUpdate(f, 16),
    lendingMarket: f.pubkey(32),
    farmCollateral: f.pubkey(64),
    farmDebt: f.pubkey(96),
    liquidity: {
      mintPubkey: f.pubkey(l),
      supplyVault: f.pubkey(l + 32),
      feeVault: f.pubkey(l + 64),
      availableAmount: f.u64(l + 96),
      borrowedAmountSf: f.u128(l + 104),
      marketPriceSf: f.u128(l + 120),
      marketPriceLastUpdatedTs: f.u64(l + 136),
      mintDecimals: f.u64(l + 144),
      depositLimitCrossedTimestamp: f.u64(l + 152),
      borrowLimitCrossedTimestamp: f.u64(l + 160),
      cumulativeBorrowRateBsf: f.u256(l + 168),
      accumulatedProtocolFeesSf: f.u128(l + 216),
      accumulatedReferrerFeesSf: f.u128(l + 232),
      pendingReferrerFeesSf: f.u128(l + 248),
      absoluteReferralRateSf: f.u128(l + 264),
      tokenProgram: f.pubkey(l + 280),
    },
    collateral: { mintPubkey: f.pubkey(c), mintTotalSupply: f.u64(c + 32), supplyVault: f.pubkey(c + 40) },
    config: readReserveConfig(f, CONFIG),
    borrowedAmountOutsideElevationGroup: f.u64(6704),
    borrowedAmountsAgainstThisReserveInElevationGroups: f.list(32, 6712, 8, f.u64),
  };
}

/** Writes the discriminator and every field of `r` into `data` in place (padding untouched). */
export function encodeReserveInto(data: Buffer, r: Reserve): void {
  const w = new FieldWriter(data);
  data.set(RESERVE_DISCRIMINATOR, 0);
  const l = LIQUIDITY;
  const c = COLLATERAL;
  w.u64(8, r.version);
  writeLastUpdate(w, 16, r.lastUpdate);
  w.pubkey(32, r.lendingMarket);
  w.pubkey(64, r.farmCollateral);
  w.pubkey(96, r.farmDebt);
  w.pubkey(l, r.liquidity.mintPubkey);
  w.pubkey(l + 32, r.liquidity.supplyVault);
  w.pubkey(l + 64, r.liquidity.feeVault);
  w.u64(l + 96, r.liquidity.availableAmount);
  w.u128(l + 104, r.liquidity.borrowedAmountSf);
  w.u128(l + 120, r.liquidity.marketPriceSf);
  w.u64(l + 136, r.liquidity.marketPriceLastUpdatedTs);
  w.u64(l + 144, r.liquidity.mintDecimals);
  w.u64(l + 152, r.liquidity.depositLimitCrossedTimestamp);
  w.u64(l + 160, r.liquidity.borrowLimitCrossedTimestamp);
  w.u256(l + 168, r.liquidity.cumulativeBorrowRateBsf);
  w.u128(l + 216, r.liquidity.accumulatedProtocolFeesSf);
  w.u128(l + 232, r.liquidity.accumulatedReferrerFeesSf);
  w.u128(l + 248, r.liquidity.pendingReferrerFeesSf);
  w.u128(l + 264, r.liquidity.absoluteReferralRateSf);
  w.pubkey(l + 280, r.liquidity.tokenProgram);
  w.pubkey(c, r.collateral.mintPubkey);
  w.u64(c + 32, r.collateral.mintTotalSupply);
  w.pubkey(c + 40, r.collateral.supplyVault);
  writeReserveConfig(w, CONFIG, r.config);
  w.u64(6704, r.borrowedAmountOutsideElevationGroup);
  w.list(r.borrowedAmountsAgainstThisReserveInElevationGroups, 6712, 8, w.u64);
}

/** Where a reserve's config starts in its account data (update_reserve_config writes whole configs here). */
export const RESERVE_CONFIG_OFFSET = CONFIG;

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
