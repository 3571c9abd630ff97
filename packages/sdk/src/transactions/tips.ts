// Bundle tips: a SystemProgram transfer to one of the block engine's eight tip accounts, chosen at random so
// bundles do not contend for one account's write lock.
import { LAMPORTS_PER_SOL, PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { MESSAGES, buildingError } from "./errors.js";
import type { PriorityTier, TierValues } from "./priority-fee.js";

/** The block engine's tip accounts (the mainnet ones, which our ledger's bundle API uses too). */
export const TIP_ACCOUNTS: readonly PublicKey[] = [
  "96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5",
  "HFqU5x63VTqvQss8hp11i4wVV8bD44PvwucfZ2bU7gRe",
  "Cw8CFyM9FkoMi7K7Crf6HNQqf4uEMzpKw6QNghXLvLkY",
  "ADaUMid9yfUytqMBgopwjb2DTLSokTSzL1zt6iGPaS49",
  "DfXygSm4jCyNCybVYYK6DwvWqjKee8pbDmJGcLWNDXjh",
  "ADuUkR4vqLUMWXxW9gh6D6L8pMSawimctcNZ5pGwDcEt",
  "DttWaMuVvTiduZRnguLF7jNxTgiMBZ1hyAumKUiL2KRL",
  "3AVi9Tg9Uo68tJfuvoKvqKNWKkC5wPdSSdeBnizKZ6jT",
].map((key) => new PublicKey(key));

export const DEFAULT_BUNDLE_TIP_LAMPORTS = 100_000;
export const MIN_BUNDLE_TIP_SOL = 0.00001;
export const MAX_BUNDLE_TIP_SOL = 0.001;
/** The base the fallback tiers scale when the tip API is unavailable. */
export const FALLBACK_BUNDLE_TIP_BASE_SOL = 0.0001;

const TIP_TIER_MULTIPLIERS: TierValues = { NORMAL: 0.8, HIGH: 1.2, ULTRA: 1.5 };

/** A tip in SOL kept within 0.00001–0.001 SOL and truncated to whole lamports, as lamports. */
export function clampBundleTip(tipSol: number): number {
  const clamped = Math.min(Math.max(tipSol, MIN_BUNDLE_TIP_SOL), MAX_BUNDLE_TIP_SOL);
  // The epsilon keeps products like 0.0001 × 0.8 SOL, a hair under a whole lamport in floating point, whole.
  return Math.floor(clamped * LAMPORTS_PER_SOL + 1e-6);
}

/** Fallback tip per tier in lamports: 0.8, 1.2 and 1.5 times the base, clamped. */
export function fallbackBundleTips(baseSol: number = FALLBACK_BUNDLE_TIP_BASE_SOL): TierValues {
  const tier = (t: PriorityTier) => clampBundleTip(baseSol * TIP_TIER_MULTIPLIERS[t]);
  return { NORMAL: tier("NORMAL"), HIGH: tier("HIGH"), ULTRA: tier("ULTRA") };
}

export function pickTipAccount(accounts: readonly PublicKey[] = TIP_ACCOUNTS, random: () => number = Math.random): PublicKey {
  const account = accounts[Math.floor(random() * accounts.length) % accounts.length];
  if (account === undefined) throw buildingError(MESSAGES.noTipAccount);
  return account;
}

/** The tip transfer; a bundle without a positive tip is refused before anything is sent. */
export function tipInstruction(payer: PublicKey, lamports: number, tipAccount: PublicKey = pickTipAccount()): TransactionInstruction {
  if (!(lamports > 0)) throw buildingError(MESSAGES.tipRequired);
  return SystemProgram.transfer({ fromPubkey: payer, toPubkey: tipAccount, lamports });
}
