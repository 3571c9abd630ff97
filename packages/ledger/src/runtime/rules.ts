import { MAX_PERMITTED_DATA_INCREASE, MAX_PERMITTED_DATA_LENGTH, isRentExempt, type Account, type Address } from "../account.js";
import { InstructionError, TransactionError } from "../errors.js";

/** What an account looked like when a program got control of it. */
export interface AccountSnapshot {
  lamports: bigint;
  owner: Address;
  data: Buffer;
  executable: boolean;
  rentEpoch: bigint;
}

export function snapshot(a: Account): AccountSnapshot {
  return { lamports: a.lamports, owner: a.owner, data: Buffer.from(a.data), executable: a.executable, rentEpoch: a.rentEpoch };
}

function isZeroed(data: Buffer): boolean {
  for (let i = 0; i < data.length; i++) if (data[i] !== 0) return false;
  return true;
}

/**
 * Solana's account rules, checked for every account a program had between `before` and now:
 * only the owner changes data or debits lamports, only writable accounts change, lamports are conserved.
 * `limitGrowth` holds an account to 10 KiB of growth per instruction: the room a program's serialized accounts have,
 * which also bounds what a builtin does for it in a CPI. A builtin called by the transaction itself (the System
 * program creating a 28 KiB account) has no such limit.
 */
export function checkAccountChanges(
  programId: Address,
  entries: readonly { before: AccountSnapshot; after: Account; isWritable: boolean }[],
  limitGrowth = true,
): void {
  let sumBefore = 0n;
  let sumAfter = 0n;
  for (const { before, after, isWritable } of entries) {
    sumBefore += before.lamports;
    sumAfter += after.lamports;
    const ownsIt = before.owner === programId;
    if (after.owner !== before.owner) {
      if (!isWritable || !ownsIt || before.executable || !isZeroed(after.data)) throw new InstructionError("ModifiedProgramId");
    }
    if (after.lamports !== before.lamports) {
      if (!isWritable) throw new InstructionError("ReadonlyLamportChange");
      if (before.executable) throw new InstructionError("ExecutableLamportChange");
      if (after.lamports < before.lamports && !ownsIt) throw new InstructionError("ExternalAccountLamportSpend");
    }
    if (after.data.length !== before.data.length) {
      if (!isWritable || !ownsIt) throw new InstructionError("AccountDataSizeChanged");
      const growth = after.data.length - before.data.length;
      if (after.data.length > MAX_PERMITTED_DATA_LENGTH || (limitGrowth && growth > MAX_PERMITTED_DATA_INCREASE)) {
        throw new InstructionError("InvalidRealloc");
      }
    } else if (!after.data.equals(before.data)) {
      if (before.executable) throw new InstructionError("ExecutableDataModified");
      if (!isWritable) throw new InstructionError("ReadonlyDataModified");
      if (!ownsIt) throw new InstructionError("ExternalAccountDataModified");
    }
    if (after.executable !== before.executable) throw new InstructionError("ExecutableModified");
    if (after.rentEpoch !== before.rentEpoch) throw new InstructionError("RentEpochModified");
  }
  if (sumBefore !== sumAfter) throw new InstructionError("UnbalancedInstruction");
}

/**
 * An account may end a transaction empty or rent-exempt; one that was already rent-paying may stay so only at
 * the same size without gaining lamports (Solana's rent-state transition rule).
 */
export function checkRentState(index: number, before: AccountSnapshot, after: Account): void {
  if (after.lamports === 0n || isRentExempt(after)) return;
  const wasRentPaying = before.lamports > 0n && !isRentExempt(before as Account);
  if (wasRentPaying && before.data.length === after.data.length && after.lamports <= before.lamports) return;
  throw new TransactionError({ InsufficientFundsForRent: { account_index: index } });
}
