// Configuration-time oracle validation (reference §9.2 "configuration validation"): account counts, keys,
// owners and the feed account formats, without staleness. What needs the external programs' full account
// models (Kamino/Drift/Solend reserves and spot markets) is limited to the key checks here.
import type { InstructionAccount } from "@ballast/ledger";
import { BankLayout } from "../state/bank.js";
import { OracleSetup } from "../state/enums.js";
import type { ErrorName } from "./error-codes.js";
import { fail } from "./errors.js";

/** Owner of every Pyth PriceUpdateV2 account (the Pyth Solana Receiver). */
export const PYTH_RECEIVER_PROGRAM_ID = "rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ";
/** Switchboard On-Demand, owner of pull feeds. */
export const SWITCHBOARD_PULL_PROGRAM_ID = "SBondMDrcV3K4kxZR1HNVT7osZxAHVHgYXL5Ze1oMUv";

/** sha256("account:PriceUpdateV2")[0..8]. */
export const PRICE_UPDATE_V2_DISCRIMINATOR = Buffer.from([34, 241, 35, 99, 157, 126, 244, 205]);
/** sha256("account:PullFeedAccountData")[0..8]. */
export const PULL_FEED_DISCRIMINATOR = Buffer.from([196, 27, 108, 196, 10, 215, 219, 40]);
/** Discriminator + the 3200-byte PullFeedAccountData struct. */
export const PULL_FEED_ACCOUNT_SIZE = 3208;

/** feed_id, price, conf, exponent, publish_time, prev_publish_time, ema_price, ema_conf. */
const PRICE_FEED_MESSAGE_SIZE = 32 + 8 + 8 + 4 + 8 + 8 + 8 + 8;
const VERIFICATION_LEVEL_OFFSET = 8 + 32;

/** Whether `data` Borsh-deserializes as an Anchor PriceUpdateV2 account. */
export function isPriceUpdateV2(data: Buffer): boolean {
  if (data.length <= VERIFICATION_LEVEL_OFFSET || !data.subarray(0, 8).equals(PRICE_UPDATE_V2_DISCRIMINATOR)) return false;
  const tag = data[VERIFICATION_LEVEL_OFFSET];
  // Partial { num_signatures: u8 } takes two bytes, Full one.
  if (tag > 1) return false;
  const messageStart = VERIFICATION_LEVEL_OFFSET + (tag === 0 ? 2 : 1);
  return data.length >= messageStart + PRICE_FEED_MESSAGE_SIZE + 8;
}

export function isPullFeed(data: Buffer): boolean {
  return data.length >= PULL_FEED_ACCOUNT_SIZE && data.subarray(0, 8).equals(PULL_FEED_DISCRIMINATOR);
}

function checkPythFeed(account: InstructionAccount, wrongOwner: ErrorName): void {
  if (account.account.owner !== PYTH_RECEIVER_PROGRAM_ID) fail(wrongOwner);
  if (!isPriceUpdateV2(account.account.data)) fail("PythPushInvalidAccount");
}

function checkSwitchboardFeed(account: InstructionAccount): void {
  if (account.account.owner !== SWITCHBOARD_PULL_PROGRAM_ID) fail("SwitchboardWrongAccountOwner");
  if (!isPullFeed(account.account.data)) fail("SwitchboardInvalidAccount");
}

/** Validates the bank's stored oracle setup and keys against the oracle accounts passed with the instruction. */
export function validateOracleSetup(bank: Buffer, oracles: readonly InstructionAccount[]): void {
  const config = BankLayout.fields.config.fields;
  const setup = config.oracleSetup.get(bank);
  const keys = config.oracleKeys.get(bank);
  const count = (n: number) => {
    if (oracles.length !== n) fail("WrongNumberOfOracleAccounts");
  };
  const key = (i: number, error: ErrorName) => {
    if (oracles[i].key !== keys[i]) fail(error);
  };
  switch (setup) {
    case OracleSetup.None:
      return fail("OracleNotSetup");
    case OracleSetup.PythLegacy:
    case OracleSetup.SwitchboardV2:
      throw new Error("deprecated oracle setup");
    case OracleSetup.PythPushOracle:
      count(1);
      key(0, "WrongOracleAccountKeys");
      return checkPythFeed(oracles[0], "PythPushWrongAccountOwner");
    case OracleSetup.SwitchboardPull:
      count(1);
      key(0, "WrongOracleAccountKeys");
      return checkSwitchboardFeed(oracles[0]);
    case OracleSetup.StakedWithPythPush:
      // After creation only the Pyth feed is re-checked; the LST mint and stake pool keys stay as they are.
      count(1);
      key(0, "WrongOracleAccountKeys");
      return checkPythFeed(oracles[0], "StakedPythPushWrongAccountOwner");
    case OracleSetup.KaminoPythPush:
    case OracleSetup.KaminoSwitchboardPull:
    case OracleSetup.DriftPythPull:
    case OracleSetup.DriftSwitchboardPull:
    case OracleSetup.SolendPythPull:
    case OracleSetup.SolendSwitchboardPull: {
      count(2);
      key(0, "WrongOracleAccountKeys");
      const integration: ErrorName =
        setup === OracleSetup.KaminoPythPush || setup === OracleSetup.KaminoSwitchboardPull
          ? "KaminoReserveValidationFailed"
          : setup === OracleSetup.DriftPythPull || setup === OracleSetup.DriftSwitchboardPull
            ? "DriftSpotMarketValidationFailed"
            : "SolendReserveValidationFailed";
      key(1, integration);
      const pyth = setup === OracleSetup.KaminoPythPush || setup === OracleSetup.DriftPythPull || setup === OracleSetup.SolendPythPull;
      if (pyth) checkPythFeed(oracles[0], "PythPushWrongAccountOwner");
      else checkSwitchboardFeed(oracles[0]);
      return;
    }
    case OracleSetup.Fixed:
      count(0);
      return;
    default:
      throw new Error(`unsupported oracle setup ${setup}`);
  }
}
