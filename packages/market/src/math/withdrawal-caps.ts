// Net-outflow rate limits per reserve (reference §2.16): outflows count up against a capacity per interval, inflows
// count down. An interval length of 0 turns the limit off (the counter still moves, saturating).
import { fail } from "../errors.js";
import { failMath } from "./math-errors.js";

export interface WithdrawalCaps {
  configCapacity: bigint;
  currentTotal: bigint;
  lastIntervalStartTimestamp: bigint;
  configIntervalLengthSeconds: bigint;
}

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;

function saturate(value: bigint): bigint {
  return value < I64_MIN ? I64_MIN : value > I64_MAX ? I64_MAX : value;
}

function checked(value: bigint): bigint {
  if (value < I64_MIN || value > I64_MAX) failMath("MathOverflow");
  return value;
}

function update(caps: WithdrawalCaps, amount: bigint, now: bigint, outflow: boolean): WithdrawalCaps {
  if (amount > I64_MAX) failMath("MathOverflow");
  const next = { ...caps };
  if (next.configIntervalLengthSeconds === 0n) {
    next.currentTotal = saturate(next.currentTotal + (outflow ? amount : -amount));
    return next;
  }
  if (next.lastIntervalStartTimestamp > now) fail("LastTimestampGreaterThanCurrent");
  if (now - next.lastIntervalStartTimestamp >= next.configIntervalLengthSeconds) {
    next.currentTotal = 0n;
    next.lastIntervalStartTimestamp = now;
  }
  if (outflow && (next.configCapacity < 0n || checked(next.currentTotal + amount) > next.configCapacity)) fail("WithdrawalCapReached");
  next.currentTotal = checked(next.currentTotal + (outflow ? amount : -amount));
  return next;
}

/** Counts an outflow (redeem, borrow). */
export function addToWithdrawalAccum(caps: WithdrawalCaps, amount: bigint, now: bigint): WithdrawalCaps {
  return update(caps, amount, now, true);
}

/** Counts an inflow (deposit, repay). */
export function subFromWithdrawalAccum(caps: WithdrawalCaps, amount: bigint, now: bigint): WithdrawalCaps {
  return update(caps, amount, now, false);
}
