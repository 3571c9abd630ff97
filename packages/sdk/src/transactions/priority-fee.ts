// Priority fees: tiers, the fallback values used when the fee API fails, caps, and conversions between a price
// in µlamports per compute unit and a fee in SOL.
import { LAMPORTS_PER_SOL } from "@solana/web3.js";
import { COMPUTE_UNITS, DEFAULT_COMPUTE_UNIT_PRICE } from "./compute-budget.js";

export type PriorityTier = "NORMAL" | "HIGH" | "ULTRA";
export type TierValues = Record<PriorityTier, number>;

/** A fee above this (per transaction) is taken for a mistake and ignored (spec 001 §9). */
export const MAX_PRIORITY_FEE_SOL = 0.1;

const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000;

/** Recent prioritization-fee statistics in µlamports per compute unit. */
export interface PriorityFeeStats {
  min: number;
  max: number;
  median: number;
  mean: number;
}

/** What the client assumes when the fee API is unavailable. */
export const FALLBACK_PRIORITY_FEE_STATS: PriorityFeeStats = { min: 50, max: 10_000_000, median: 130_000, mean: 1_000_000 };

const TIER_MULTIPLIERS: TierValues = { NORMAL: 0.7, HIGH: 1.5, ULTRA: 2 };

/** Tier prices (µlamports per CU): 0.7, 1.5 and 2 times the median, kept within the observed bounds. */
export function priorityFeeTiers(stats: PriorityFeeStats = FALLBACK_PRIORITY_FEE_STATS): TierValues {
  const tier = (multiplier: number) => Math.min(Math.max(Math.floor(stats.median * multiplier), stats.min), stats.max);
  return { NORMAL: tier(TIER_MULTIPLIERS.NORMAL), HIGH: tier(TIER_MULTIPLIERS.HIGH), ULTRA: tier(TIER_MULTIPLIERS.ULTRA) };
}

/** The fee in whole lamports (truncated) that a price in µlamports per CU costs over `computeUnits`. */
export function priorityFeeLamports(microLamportsPerUnit: number, computeUnits: number): number {
  return Math.floor((microLamportsPerUnit * computeUnits) / MICRO_LAMPORTS_PER_LAMPORT);
}

/** The price (µlamports per CU, floored) that spends `lamports` over `computeUnits`. */
export function priceForLamports(lamports: number, computeUnits: number): number {
  return Math.floor((lamports * MICRO_LAMPORTS_PER_LAMPORT) / computeUnits);
}

/** The fee in SOL that a price costs over `computeUnits`, truncated to whole lamports. */
export function microLamportsToSol(microLamportsPerUnit: number, computeUnits: number = COMPUTE_UNITS.MAX): number {
  return priorityFeeLamports(microLamportsPerUnit, computeUnits) / LAMPORTS_PER_SOL;
}

/** The price (µlamports per CU, floored) that spends `feeSol` over `computeUnits`. */
export function solToMicroLamports(feeSol: number, computeUnits: number = COMPUTE_UNITS.MAX): number {
  return Math.floor((feeSol * LAMPORTS_PER_SOL * MICRO_LAMPORTS_PER_LAMPORT) / computeUnits);
}

/**
 * The price to set for a fee the user gave in SOL: none, or one above 0.1 SOL (taken for a mistake), leaves the
 * default 1 µlamport.
 */
export function priceForPriorityFee(feeSol: number | undefined, computeUnits: number = COMPUTE_UNITS.MAX): number {
  if (!feeSol || feeSol <= 0 || feeSol > MAX_PRIORITY_FEE_SOL) return DEFAULT_COMPUTE_UNIT_PRICE;
  return solToMicroLamports(feeSol, computeUnits);
}

/**
 * The price to set for a transaction of `computeUnits`: a price whose whole-transaction fee is above 0.1 SOL is
 * ignored (taken for a mistake) and the default 1 µlamport is set instead; otherwise a positive manual cap
 * lowers the price until the fee fits within it.
 */
export function cappedPriorityFee(microLamportsPerUnit: number, computeUnits: number, maxCapSol = 0): number {
  const price = Math.floor(microLamportsPerUnit);
  const feeMicroLamports = price * computeUnits;
  if (feeMicroLamports > Math.round(MAX_PRIORITY_FEE_SOL * LAMPORTS_PER_SOL) * MICRO_LAMPORTS_PER_LAMPORT)
    return DEFAULT_COMPUTE_UNIT_PRICE;
  if (maxCapSol <= 0) return price;
  const capMicroLamports = Math.round(maxCapSol * LAMPORTS_PER_SOL) * MICRO_LAMPORTS_PER_LAMPORT;
  return feeMicroLamports <= capMicroLamports ? price : Math.floor(capMicroLamports / computeUnits);
}
