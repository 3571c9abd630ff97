// Configuration-time oracle validation (reference §9.2 "configuration validation"): account counts, keys,
// owners and the feed account formats, without staleness. What needs the external programs' full account
// models (Kamino/Drift/Solend reserves and spot markets) is limited to the key checks here.
import type { BankData } from "../state/views.js";
import { TOKEN_PROGRAM_ID, type InstructionAccount } from "@ballast/ledger";
import {
  ORACLE_KEYS,
  checkOracleAccountCount,
  checkOracleKey,
  checkPythOwner,
  checkSwitchboardOwner,
  loadPriceUpdate,
  loadPullFeed,
} from "../risk/oracle-accounts.js";
import { NATIVE_STAKE_PROGRAM_ID } from "@ballast/stake-pool";
import { poolMintAddress, poolStakeAddress } from "../risk/stake-pool-accounts.js";
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

/** The single pool a staked bank is being created for (its LST mint, pool account and stake account). */
export interface NewStakedPool {
  lstMint: string;
  stakePool: string;
  solPool: string;
}

/**
 * Creation-time checks of a staked bank's oracles [SOL feed, LST mint, stake account] (reference §7.3): the pool
 * is proven by deriving the given mint from it, and the proven pool then vouches for the stake account.
 */
function validateNewStakedPool(firstKey: string, oracles: readonly InstructionAccount[], pool: NewStakedPool): void {
  const [feed, mint, stake] = checkOracleAccountCount(oracles, 3);
  if (poolMintAddress(pool.stakePool) !== pool.lstMint) fail("StakePoolValidationFailed");
  if (poolStakeAddress(pool.stakePool) !== pool.solPool) fail("StakePoolValidationFailed");
  // Single pools mint with classic SPL Token; the stake account has no discriminator, only its owner to go by.
  if (mint.account.owner !== TOKEN_PROGRAM_ID || mint.key !== pool.lstMint) fail("StakePoolValidationFailed");
  if (stake.account.owner !== NATIVE_STAKE_PROGRAM_ID || stake.key !== pool.solPool) fail("StakePoolValidationFailed");
  checkOracleKey(feed, firstKey);
  checkPythFeed(feed, "PythPushWrongAccountOwner");
}

/**
 * Validates the bank's stored oracle setup and keys against the oracle accounts passed with the instruction.
 * `newStakedPool` is given only when a staked bank is created.
 */
export function validateOracleSetup(
  bank: BankData,
  oracles: readonly InstructionAccount[],
  newStakedPool: NewStakedPool | null = null,
): void {
  const setup = BankLayout.fields.config.fields.oracleSetup.get(bank);
  const [feedKey, secondKey] = ORACLE_KEYS;
  switch (setup) {
    case OracleSetup.None:
      return fail("OracleNotSetup");
    case OracleSetup.PythLegacy:
    case OracleSetup.SwitchboardV2:
      throw new Error("deprecated oracle setup");
    case OracleSetup.PythPushOracle: {
      const [feed] = checkOracleAccountCount(oracles, 1);
      checkOracleKey(feed, feedKey.get(bank));
      return checkPythFeed(feed, "PythPushWrongAccountOwner");
    }
    case OracleSetup.SwitchboardPull: {
      const [feed] = checkOracleAccountCount(oracles, 1);
      checkOracleKey(feed, feedKey.get(bank));
      return checkSwitchboardFeed(feed);
    }
    case OracleSetup.StakedWithPythPush: {
      if (newStakedPool) return validateNewStakedPool(feedKey.get(bank), oracles, newStakedPool);
      // After creation only the Pyth feed is re-checked; the LST mint and stake pool keys stay as they are.
      const [feed] = checkOracleAccountCount(oracles, 1);
      checkOracleKey(feed, feedKey.get(bank));
      return checkPythFeed(feed, "StakedPythPushWrongAccountOwner");
    }
    case OracleSetup.KaminoPythPush:
    case OracleSetup.KaminoSwitchboardPull:
    case OracleSetup.DriftPythPull:
    case OracleSetup.DriftSwitchboardPull:
    case OracleSetup.SolendPythPull:
    case OracleSetup.SolendSwitchboardPull: {
      const [feed, integrationAccount] = checkOracleAccountCount(oracles, 2);
      checkOracleKey(feed, feedKey.get(bank));
      const integration: ErrorName =
        setup === OracleSetup.KaminoPythPush || setup === OracleSetup.KaminoSwitchboardPull
          ? "KaminoReserveValidationFailed"
          : setup === OracleSetup.DriftPythPull || setup === OracleSetup.DriftSwitchboardPull
            ? "DriftSpotMarketValidationFailed"
            : "SolendReserveValidationFailed";
      checkOracleKey(integrationAccount, secondKey.get(bank), integration);
      const pyth = setup === OracleSetup.KaminoPythPush || setup === OracleSetup.DriftPythPull || setup === OracleSetup.SolendPythPull;
      if (pyth) checkPythFeed(feed, "PythPushWrongAccountOwner");
      else checkSwitchboardFeed(feed);
      return;
    }
    case OracleSetup.Fixed:
      checkOracleAccountCount(oracles, 0);
      return;
    default:
      throw new Error(`unsupported oracle setup ${setup}`);
  }
}
