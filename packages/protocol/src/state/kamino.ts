// The few fields of the third-party market's (Kamino klend v1.12.5) Reserve and Obligation accounts that the lending
// program reads: which market, mint and vaults a reserve uses, when it was last refreshed, how much liquidity stands
// behind its collateral tokens, and what an obligation holds. Offsets are account offsets (after the 8-byte
// discriminator); the market program owns the full layouts.
import { PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { DEFAULT_PUBKEY } from "../program/ids.js";

export const KAMINO_PROGRAM_ID = "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD";
/** sha256("account:Reserve")[0..8] and sha256("account:Obligation")[0..8]. */
export const KAMINO_RESERVE_DISCRIMINATOR = Buffer.from([43, 242, 204, 202, 26, 247, 59, 127]);
export const KAMINO_OBLIGATION_DISCRIMINATOR = Buffer.from([168, 206, 141, 106, 88, 76, 172, 167]);
export const KAMINO_RESERVE_SIZE = 8624;
export const KAMINO_OBLIGATION_SIZE = 3344;
/** Obligation deposit slots. */
export const KAMINO_OBLIGATION_DEPOSITS = 8;
/** Scaled fractions carry 60 fractional bits. */
export const KAMINO_FRACTION_BITS = 60n;

const RESERVE = {
  lastUpdateSlot: 16,
  lendingMarket: 32,
  liquidityMint: 128,
  liquiditySupplyVault: 160,
  availableAmount: 224,
  borrowedAmountSf: 232,
  mintDecimals: 272,
  accumulatedProtocolFeesSf: 344,
  accumulatedReferrerFeesSf: 360,
  pendingReferrerFeesSf: 376,
  collateralMint: 2560,
  collateralMintTotalSupply: 2592,
  collateralSupplyVault: 2600,
} as const;

const OBLIGATION = { lendingMarket: 32, owner: 64, deposits: 96, depositSize: 136, depositedAmount: 32 } as const;

const key = (data: Buffer, offset: number) => bs58.encode(data.subarray(offset, offset + 32));
const u128 = (data: Buffer, offset: number) => data.readBigUInt64LE(offset) | (data.readBigUInt64LE(offset + 8) << 64n);

/** What prices and conversions need of a reserve: its last refresh and the liquidity behind its collateral tokens. */
export interface KaminoReserveSupply {
  readonly lastUpdateSlot: bigint;
  /** Collateral tokens in existence (the market's own count, which the exchange rate uses). */
  readonly collateralSupply: bigint;
  /** Liquidity owned by depositors as a scaled fraction: available + borrowed − protocol and referrer fees. */
  readonly totalSupplySf: bigint;
}

export interface KaminoReserveView extends KaminoReserveSupply {
  readonly lendingMarket: string;
  readonly liquidityMint: string;
  readonly liquiditySupplyVault: string;
  readonly mintDecimals: bigint;
  readonly collateralMint: string;
  readonly collateralSupplyVault: string;
}

export function isKaminoReserve(data: Buffer): boolean {
  return data.length === KAMINO_RESERVE_SIZE && data.subarray(0, 8).equals(KAMINO_RESERVE_DISCRIMINATOR);
}

export function isKaminoObligation(data: Buffer): boolean {
  return data.length === KAMINO_OBLIGATION_SIZE && data.subarray(0, 8).equals(KAMINO_OBLIGATION_DISCRIMINATOR);
}

/** The supply side of a reserve alone, without decoding its keys (the price path reads it on every valuation). */
export function readKaminoReserveSupply(data: Buffer): KaminoReserveSupply {
  const r = RESERVE;
  const fees = u128(data, r.accumulatedProtocolFeesSf) + u128(data, r.accumulatedReferrerFeesSf) + u128(data, r.pendingReferrerFeesSf);
  return {
    lastUpdateSlot: data.readBigUInt64LE(r.lastUpdateSlot),
    collateralSupply: data.readBigUInt64LE(r.collateralMintTotalSupply),
    totalSupplySf: (data.readBigUInt64LE(r.availableAmount) << KAMINO_FRACTION_BITS) + u128(data, r.borrowedAmountSf) - fees,
  };
}

export function readKaminoReserve(data: Buffer): KaminoReserveView {
  const r = RESERVE;
  return {
    ...readKaminoReserveSupply(data),
    lendingMarket: key(data, r.lendingMarket),
    liquidityMint: key(data, r.liquidityMint),
    liquiditySupplyVault: key(data, r.liquiditySupplyVault),
    mintDecimals: data.readBigUInt64LE(r.mintDecimals),
    collateralMint: key(data, r.collateralMint),
    collateralSupplyVault: key(data, r.collateralSupplyVault),
  };
}

/** Collateral tokens a deposit of `liquidity` mints: floor(liquidity × collateral supply / total supply), 1:1 when empty. */
export function liquidityToCollateral(reserve: KaminoReserveSupply, liquidity: bigint): bigint {
  if (reserve.collateralSupply === 0n || reserve.totalSupplySf === 0n) return liquidity;
  return ((liquidity * reserve.collateralSupply) << KAMINO_FRACTION_BITS) / reserve.totalSupplySf;
}

/** Liquidity that redeeming `collateral` pays: floor(collateral × total supply / collateral supply), 1:1 when empty. */
export function collateralToLiquidity(reserve: KaminoReserveSupply, collateral: bigint): bigint {
  if (reserve.collateralSupply === 0n || reserve.totalSupplySf === 0n) return collateral;
  return (collateral * reserve.totalSupplySf) / (reserve.collateralSupply << KAMINO_FRACTION_BITS);
}

export interface KaminoObligationDeposit {
  readonly reserve: string;
  readonly depositedAmount: bigint;
}

export interface KaminoObligationView {
  readonly lendingMarket: string;
  readonly owner: string;
  readonly deposits: readonly KaminoObligationDeposit[];
}

export function readKaminoObligation(data: Buffer): KaminoObligationView {
  const o = OBLIGATION;
  const deposits = Array.from({ length: KAMINO_OBLIGATION_DEPOSITS }, (_, i) => {
    const at = o.deposits + i * o.depositSize;
    return { reserve: key(data, at), depositedAmount: data.readBigUInt64LE(at + o.depositedAmount) };
  });
  return { lendingMarket: key(data, o.lendingMarket), owner: key(data, o.owner), deposits };
}

/**
 * The obligation every Kamino bank owns through its liquidity vault authority: the market's PDA
 * [[0], [0], owner, lending_market, default key, default key] (tag 0, id 0, default seeds).
 */
export function kaminoObligationAddress(vaultAuthority: string, lendingMarket: string): string {
  const zeroKey = new PublicKey(DEFAULT_PUBKEY).toBuffer();
  const seeds = [
    Buffer.from([0]),
    Buffer.from([0]),
    new PublicKey(vaultAuthority).toBuffer(),
    new PublicKey(lendingMarket).toBuffer(),
    zeroKey,
    zeroKey,
  ];
  return PublicKey.findProgramAddressSync(seeds, new PublicKey(KAMINO_PROGRAM_ID))[0].toBase58();
}
