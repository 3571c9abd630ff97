import { checkSeeds, declareAccounts, signer, type AccountView, type DeclaredAccount } from "@ballast/anchor";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { feeStateAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { SEEDS } from "../program/ids.js";
import { PAUSE_DURATION_SECONDS } from "../program/user-accounts.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { PauseFlags } from "../state/flags.js";
import type { FeeStateData } from "../state/views.js";

/** At most one extension: a third pause in a row needs an unpause (or a lapse) first. */
export const MAX_CONSECUTIVE_PAUSES = 2;
export const MAX_DAILY_PAUSES = 3;
/** The daily pause count restarts this long after its last reset. */
export const DAILY_RESET_INTERVAL = 86_400n;

const panic = FeeStateLayout.fields.panicState.fields;

export function isPauseFlagSet(feeState: FeeStateData): boolean {
  return (panic.pauseFlags.get(feeState) & PauseFlags.FLAG_PAUSED) !== 0;
}

/** No pause, or one that has run its 30 minutes; a start in the future (an extension) has not begun to run. */
export function isPauseExpired(feeState: FeeStateData, now: bigint): boolean {
  if (!isPauseFlagSet(feeState)) return true;
  const start = panic.pauseStartTimestamp.get(feeState);
  if (now < start) return false;
  return now - start >= PAUSE_DURATION_SECONDS;
}

/** Clears the pause and the consecutive count; the daily count stays. */
export function unpause(feeState: FeeStateData): void {
  panic.pauseFlags.set(feeState, panic.pauseFlags.get(feeState) & ~PauseFlags.FLAG_PAUSED);
  panic.pauseStartTimestamp.set(feeState, 0n);
  panic.consecutivePauseCount.set(feeState, 0);
}

/** The fee state's constraints: at its PDA; with `admin`, its global fee admin must have signed (6042). */
export function checkFeeState(
  ctx: InstructionContext,
  feeState: DeclaredAccount & AccountView<"FeeState">,
  admin: InstructionAccount | null,
): void {
  checkSeeds(ctx, feeState, [SEEDS.feeState]);
  if (admin && FeeStateLayout.fields.globalFeeAdmin.get(feeState.data) !== admin.key) fail("Unauthorized", "fee_state");
}

const PanicPauseAccounts = declareAccounts({ globalFeeAdmin: signer(), feeState: feeStateAccount({ mut: "load" }) }, (a, ctx) => ({
  feeState: () => checkFeeState(ctx, a.feeState, a.globalFeeAdmin),
}));

/**
 * The global fee admin pauses the protocol for 30 minutes (reference §18). A lapsed pause is cleared first and the
 * daily count restarts after a day; a pause while paused extends the running one by another 30 minutes. Within
 * the limits of two in a row and three a day (6082). Groups see it once propagate_fee_state runs.
 */
export const panicPause: InstructionHandler = {
  name: "panic_pause",
  units: 6_000,
  accounts: PanicPauseAccounts,
  run(ctx) {
    const data = PanicPauseAccounts.load(ctx).accounts.feeState.data;
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
