// A referral code arriving as ?ref=CODE is kept until the wallet signs up, across reloads and navigation.
import { readStored, writeStored } from "../storage.js";

export const REFERRAL_KEY = "ballast:referral-code";

/** Stores the ?ref= code of `search` (a location.search string), if any. */
export function captureReferralCode(search: string): void {
  const code = new URLSearchParams(search).get("ref")?.trim();
  if (code) writeStored(REFERRAL_KEY, code.slice(0, 64));
}

export function pendingReferralCode(): string | null {
  return readStored(REFERRAL_KEY);
}

export function clearReferralCode(): void {
  writeStored(REFERRAL_KEY, null);
}
