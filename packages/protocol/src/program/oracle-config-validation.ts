// Configuration-time oracle validation (reference §9.2 "configuration validation"): account counts, keys,
// owners and the feed account formats, without staleness. What needs the external programs' full account
// models (Kamino/Drift/Solend reserves and spot markets) is limited to the key checks here.
import type { InstructionAccount } from "@ballast/ledger";
import {
  checkOracleAccountCount,
  checkOracleKey,
  checkPythOwner,
  checkSwitchboardOwner,
  loadPriceUpdate,
  loadPullFeed,
} from "../risk/oracle-accounts.js";
import { BankLayout } from "../state/bank.js";
import { OracleSetup } from "../state/enums.js";
import type { ErrorName } from "./error-codes.js";
import { fail } from "./errors.js";

function checkPythFeed(account: InstructionAccount, wrongOwner: ErrorName): void {
  checkPythOwner(account, wrongOwner);
  loadPriceUpdate(account);
}

function checkSwitchboardFeed(account: InstructionAccount): void {
  checkSwitchboardOwner(account);
  loadPullFeed(account);
}

/** Validates the bank's stored oracle setup and keys against the oracle accounts passed with the instruction. */
export function validateOracleSetup(bank: Buffer, oracles: readonly InstructionAccount[]): void {
  const config = BankLayout.fields.config.fields;
  const setup = config.oracleSetup.get(bank);
  const keys = config.oracleKeys.get(bank);
  switch (setup) {
    case OracleSetup.None:
      return fail("OracleNotSetup");
    case OracleSetup.PythLegacy:
    case OracleSetup.SwitchboardV2:
      throw new Error("deprecated oracle setup");
    case OracleSetup.PythPushOracle:
      checkOracleAccountCount(oracles, 1);
      checkOracleKey(oracles[0], keys[0]);
      return checkPythFeed(oracles[0], "PythPushWrongAccountOwner");
    case OracleSetup.SwitchboardPull:
      checkOracleAccountCount(oracles, 1);
      checkOracleKey(oracles[0], keys[0]);
      return checkSwitchboardFeed(oracles[0]);
    case OracleSetup.StakedWithPythPush:
      // After creation only the Pyth feed is re-checked; the LST mint and stake pool keys stay as they are.
      checkOracleAccountCount(oracles, 1);
      checkOracleKey(oracles[0], keys[0]);
      return checkPythFeed(oracles[0], "StakedPythPushWrongAccountOwner");
    case OracleSetup.KaminoPythPush:
    case OracleSetup.KaminoSwitchboardPull:
    case OracleSetup.DriftPythPull:
    case OracleSetup.DriftSwitchboardPull:
    case OracleSetup.SolendPythPull:
    case OracleSetup.SolendSwitchboardPull: {
      checkOracleAccountCount(oracles, 2);
      checkOracleKey(oracles[0], keys[0]);
      const integration: ErrorName =
        setup === OracleSetup.KaminoPythPush || setup === OracleSetup.KaminoSwitchboardPull
          ? "KaminoReserveValidationFailed"
          : setup === OracleSetup.DriftPythPull || setup === OracleSetup.DriftSwitchboardPull
            ? "DriftSpotMarketValidationFailed"
            : "SolendReserveValidationFailed";
      checkOracleKey(oracles[1], keys[1], integration);
      const pyth = setup === OracleSetup.KaminoPythPush || setup === OracleSetup.DriftPythPull || setup === OracleSetup.SolendPythPull;
      if (pyth) checkPythFeed(oracles[0], "PythPushWrongAccountOwner");
      else checkSwitchboardFeed(oracles[0]);
      return;
    }
    case OracleSetup.Fixed:
      checkOracleAccountCount(oracles, 0);
      return;
    default:
      throw new Error(`unsupported oracle setup ${setup}`);
  }
}
