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
import { BankLayout } from "../state/bank.js";

type OracleAccounts<N extends number, Taken extends readonly InstructionAccount[] = []> = Taken["length"] extends N
  ? Taken
  : OracleAccounts<N, readonly [...Taken, InstructionAccount]>;

/** Exactly `expected` oracle accounts (6052 otherwise), returned as a tuple of that length to destructure. */
export function checkOracleAccountCount<const N extends 0 | 1 | 2 | 3>(
  oracles: readonly InstructionAccount[],
  expected: N,
): OracleAccounts<N> {
  if (oracles.length !== expected) fail("WrongNumberOfOracleAccounts");
  // The length was just checked, which is all the tuple type claims.
  return oracles as unknown as OracleAccounts<N>;
}

const storedOracleKeys = BankLayout.fields.config.fields.oracleKeys;
/**
 * The bank's first three stored oracle keys, in the order its oracle accounts are passed: the price feed, then the
 * LST mint or the integration reserve, then the stake account.
 */
export const ORACLE_KEYS = [storedOracleKeys.at(0), storedOracleKeys.at(1), storedOracleKeys.at(2)] as const;

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
