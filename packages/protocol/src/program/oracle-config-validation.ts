// Configuration-time oracle validation (reference §9.2 "configuration validation"): account counts, keys,
// owners and the feed account formats, without staleness. What needs the external programs' full account
// models (Kamino/Drift/Solend reserves and spot markets) is limited to the key checks here.
import type { BankData } from "../state/views.js";
import { TOKEN_PROGRAM_ID, type InstructionAccount } from "@ballast/ledger";
import {
  checkOracleAccountCount,
  checkOracleKey,
  checkPythOwner,
  checkSwitchboardOwner,
  loadPriceUpdate,
  loadPullFeed,
} from "../risk/oracle-accounts.js";
import { NATIVE_STAKE_PROGRAM_ID, poolMintAddress, poolStakeAddress } from "../risk/stake-pool-accounts.js";
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
  checkOracleAccountCount(oracles, 3);
  const [feed, mint, stake] = oracles;
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
      if (newStakedPool) return validateNewStakedPool(keys[0], oracles, newStakedPool);
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
