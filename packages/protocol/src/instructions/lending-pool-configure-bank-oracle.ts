import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { base58 } from "../program/args.js";
import { groupRoleAndBankSpec, isFrozen } from "../program/bank-config-update.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { validateOracleSetup } from "../program/oracle-config-validation.js";
import { BankLayout } from "../state/bank.js";
import { OracleSetup, variantName } from "../state/enums.js";
import { emitEvent } from "../program/events.js";

const ConfigureOracleAccounts = groupRoleAndBankSpec("admin", "admin");

/**
 * The group admin sets the oracle setup and the first oracle key (the other keys are kept), then the setup is
 * validated against the oracle accounts passed as remaining accounts. Frozen banks, unknown setup bytes and the
 * Fixed setup (set_fixed_oracle_price's job) make the program panic.
 */
export const lendingPoolConfigureBankOracle: InstructionHandler = {
  name: "lending_pool_configure_bank_oracle",
  units: 15_000,
  accounts: ConfigureOracleAccounts,
  run(ctx, _checks, args) {
    const { setup, oracle: oracleKey } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_configure_bank_oracle.args);
    const oracle = base58(oracleKey);
    const {
      accounts: { group, signer, bank },
      remaining,
    } = ConfigureOracleAccounts.load(ctx);
    const data = bank.data;
    if (isFrozen(data)) throw new Error("bank settings are frozen");
    if (variantName(OracleSetup, setup) === undefined) throw new Error(`unsupported oracle setup ${setup}`);
    if (setup === OracleSetup.Fixed) throw new Error("use set_fixed_oracle_price for the Fixed oracle setup");
    const c = BankLayout.fields.config.fields;
    c.oracleSetup.set(data, setup);
    c.oracleKeys.at(0).set(data, oracle);
    validateOracleSetup(data, remaining);
    emitEvent(ctx, "LendingPoolBankConfigureOracleEvent", {
      header: { signer: signer.key, marginfiGroup: group.key },
      bank: bank.key,
      oracleSetup: setup,
      oracle,
    });
  },
};
