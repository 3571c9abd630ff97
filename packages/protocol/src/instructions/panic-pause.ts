import type { InstructionAccount } from "@ballast/ledger";
import type { LendingAccounts } from "../program/accounts.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { SEEDS } from "../program/ids.js";
import { PAUSE_DURATION_SECONDS } from "../program/user-accounts.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { PauseFlags } from "../state/flags.js";

/** At most one extension: a third pause in a row needs an unpause (or a lapse) first. */
export const MAX_CONSECUTIVE_PAUSES = 2;
export const MAX_DAILY_PAUSES = 3;
/** The daily pause count restarts this long after its last reset. */
export const DAILY_RESET_INTERVAL = 86_400n;

const panic = FeeStateLayout.fields.panicState.fields;

export function isPauseFlagSet(feeState: Buffer): boolean {
  return (panic.pauseFlags.get(feeState) & PauseFlags.FLAG_PAUSED) !== 0;
}

/** No pause, or one that has run its 30 minutes; a start in the future (an extension) has not begun to run. */
export function isPauseExpired(feeState: Buffer, now: bigint): boolean {
  if (!isPauseFlagSet(feeState)) return true;
  const start = panic.pauseStartTimestamp.get(feeState);
  if (now < start) return false;
  return now - start >= PAUSE_DURATION_SECONDS;
}

/** Clears the pause and the consecutive count; the daily count stays. */
export function unpause(feeState: Buffer): void {
  panic.pauseFlags.set(feeState, panic.pauseFlags.get(feeState) & ~PauseFlags.FLAG_PAUSED);
  panic.pauseStartTimestamp.set(feeState, 0n);
  panic.consecutivePauseCount.set(feeState, 0);
}

/** The fee state PDA; with `admin`, its global fee admin must have signed (6042). */
export function loadFeeState(accounts: LendingAccounts, index: number, admin: InstructionAccount | null): Buffer {
  const feeState = accounts.owned(index, "fee_state", FeeStateLayout, { writable: true });
  accounts.pda(feeState, "fee_state", [SEEDS.feeState]);
  const data = feeState.account.data;
  if (admin && FeeStateLayout.fields.globalFeeAdmin.get(data) !== admin.key) fail("Unauthorized", "fee_state");
  return data;
}

/**
 * The global fee admin pauses the protocol for 30 minutes (reference §18). A lapsed pause is cleared first and the
 * daily count restarts after a day; a pause while paused extends the running one by another 30 minutes. Within
 * the limits of two in a row and three a day (6082). Groups see it once propagate_fee_state runs.
 */
export const panicPause: InstructionHandler = {
  name: "panic_pause",
  units: 6_000,
  run(ctx, accounts) {
    const admin = accounts.signer(0, "global_fee_admin");
    const data = loadFeeState(accounts, 1, admin);
    const now = ctx.clock.unixTimestamp;
    if (isPauseFlagSet(data) && isPauseExpired(data, now)) unpause(data);
    if (now - panic.lastDailyResetTimestamp.get(data) >= DAILY_RESET_INTERVAL) {
      panic.dailyPauseCount.set(data, 0);
      panic.lastDailyResetTimestamp.set(data, now);
    }
    const consecutive = panic.consecutivePauseCount.get(data);
    const daily = panic.dailyPauseCount.get(data);
    if (consecutive >= MAX_CONSECUTIVE_PAUSES || daily >= MAX_DAILY_PAUSES) fail("PauseLimitExceeded");
    const running = isPauseFlagSet(data) && !isPauseExpired(data, now);
    panic.pauseStartTimestamp.set(data, running ? panic.pauseStartTimestamp.get(data) + PAUSE_DURATION_SECONDS : now);
    panic.pauseFlags.set(data, panic.pauseFlags.get(data) | PauseFlags.FLAG_PAUSED);
    panic.dailyPauseCount.set(data, daily + 1);
    panic.consecutivePauseCount.set(data, consecutive + 1);
  },
};
