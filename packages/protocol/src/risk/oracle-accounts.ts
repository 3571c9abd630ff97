// Checks on the oracle accounts an instruction passes for a bank (reference §9.2). Configuration-time validation
// and price loading share them; they differ only in the order the checks run and in staleness.
import type { InstructionAccount } from "@ballast/ledger";
import {
  OracleLayoutError,
  PULL_FEED_ACCOUNT_SIZE,
  PYTH_RECEIVER_PROGRAM_ID,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  decodePriceUpdateV2,
  isPullFeed,
  readPullFeedResult,
  type PriceUpdateV2,
  type PullFeedReading,
} from "@ballast/oracles";
import type { ErrorName } from "../program/error-codes.js";
import { fail } from "../program/errors.js";

export function checkOracleAccountCount(oracles: readonly InstructionAccount[], expected: number): void {
  if (oracles.length !== expected) fail("WrongNumberOfOracleAccounts");
}

export function checkOracleKey(account: InstructionAccount, expected: string, error: ErrorName = "WrongOracleAccountKeys"): void {
  if (account.key !== expected) fail(error);
}

/** Staked banks report a wrong owner of their Pyth feed with their own error. */
export function checkPythOwner(account: InstructionAccount, error: ErrorName = "PythPushWrongAccountOwner"): void {
  if (account.account.owner !== PYTH_RECEIVER_PROGRAM_ID) fail(error);
}

/** The account as a PriceUpdateV2: discriminator, then the Borsh fields (a bad tag or short data fails too). */
export function loadPriceUpdate(account: InstructionAccount): PriceUpdateV2 {
  try {
    return decodePriceUpdateV2(account.account.data);
  } catch (e) {
    if (e instanceof OracleLayoutError) fail("PythPushInvalidAccount");
    throw e;
  }
}

export function checkSwitchboardOwner(account: InstructionAccount): void {
  if (account.account.owner !== SWITCHBOARD_ON_DEMAND_PROGRAM_ID) fail("SwitchboardWrongAccountOwner");
}

/** The pull feed's result and update time; the program reads the whole struct, so short data is refused too. */
export function loadPullFeed(account: InstructionAccount): PullFeedReading {
  const data = account.account.data;
  if (!isPullFeed(data) || data.length < PULL_FEED_ACCOUNT_SIZE) fail("SwitchboardInvalidAccount");
  return readPullFeedResult(data);
}
