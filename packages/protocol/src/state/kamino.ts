// The few fields of the third-party market's (Kamino klend v1.12.5) Reserve and Obligation accounts that the lending
// program reads: which market, mint and vaults a reserve uses, when it was last refreshed, how much liquidity stands
// behind its collateral tokens, and what an obligation holds. Read in place through the market's own layouts, so each
// offset is declared once, there.
import { PublicKey } from "@solana/web3.js";
import {
  FRACTION_BITS,
  KLEND_PROGRAM_ID,
  OBLIGATION_SIZE,
  ObligationLayout,
  RESERVE_SIZE,
  ReserveLayout,
  asObligationData,
  asReserveData,
  type ObligationData,
  type ReserveData,
} from "@ballast/market";
import { DEFAULT_PUBKEY } from "../program/ids.js";

export const KAMINO_PROGRAM_ID = KLEND_PROGRAM_ID;
export const KAMINO_RESERVE_DISCRIMINATOR = ReserveLayout.discriminator;
export const KAMINO_OBLIGATION_DISCRIMINATOR = ObligationLayout.discriminator;
export const KAMINO_RESERVE_SIZE = RESERVE_SIZE;
export const KAMINO_OBLIGATION_SIZE = OBLIGATION_SIZE;
/** Scaled fractions carry 60 fractional bits. */
export const KAMINO_FRACTION_BITS = BigInt(FRACTION_BITS);

const reserve = ReserveLayout.fields;
const liquidity = reserve.liquidity.fields;
const collateral = reserve.collateral.fields;
const obligation = ObligationLayout.fields;

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

/** A reserve's data: exactly the Reserve's size, with its discriminator. */
export function isKaminoReserve(data: Buffer): data is ReserveData {
  return data.length === KAMINO_RESERVE_SIZE && asReserveData(data) !== null;
}

/** An obligation's data: exactly the Obligation's size, with its discriminator. */
export function isKaminoObligation(data: Buffer): data is ObligationData {
  return data.length === KAMINO_OBLIGATION_SIZE && asObligationData(data) !== null;
}

/** The supply side of a reserve alone, without decoding its keys (the price path reads it on every valuation). */
export function readKaminoReserveSupply(data: ReserveData): KaminoReserveSupply {
  const fees =
    liquidity.accumulatedProtocolFeesSf.get(data) +
    liquidity.accumulatedReferrerFeesSf.get(data) +
    liquidity.pendingReferrerFeesSf.get(data);
  return {
    lastUpdateSlot: reserve.lastUpdate.fields.slot.get(data),
    collateralSupply: collateral.mintTotalSupply.get(data),
    totalSupplySf: (liquidity.availableAmount.get(data) << KAMINO_FRACTION_BITS) + liquidity.borrowedAmountSf.get(data) - fees,
  };
}

export function readKaminoReserve(data: ReserveData): KaminoReserveView {
  return {
    ...readKaminoReserveSupply(data),
    lendingMarket: reserve.lendingMarket.get(data),
    liquidityMint: liquidity.mintPubkey.get(data),
    liquiditySupplyVault: liquidity.supplyVault.get(data),
    mintDecimals: liquidity.mintDecimals.get(data),
    collateralMint: collateral.mintPubkey.get(data),
    collateralSupplyVault: collateral.supplyVault.get(data),
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

export function readKaminoObligation(data: ObligationData): KaminoObligationView {
  const deposits = obligation.deposits.get(data).map((slot) => ({ reserve: slot.depositReserve, depositedAmount: slot.depositedAmount }));
  return { lendingMarket: obligation.lendingMarket.get(data), owner: obligation.owner.get(data), deposits };
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
