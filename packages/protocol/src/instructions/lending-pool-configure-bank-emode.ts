import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { groupRoleAndBankSpec } from "../program/bank-config-update.js";
import { validateBankEmode } from "../program/bank-config-validation.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { BankLayout } from "../state/bank.js";
import { EMODE_TAG_EMPTY } from "../state/emode-settings.js";
import { EmodeSettingsFlags } from "../state/flags.js";

const emode = BankLayout.fields.emode.fields;

const ConfigureEmodeAccounts = groupRoleAndBankSpec("emodeAdmin", "emode_admin");

/**
 * The group's emode admin sets the bank's own emode tag and the ten entries that apply when the bank is borrowed:
 * sorted by collateral tag (empty slots first), pads zeroed, stamped with the time, validated against the bank's
 * liability weights and the group's leverage caps (6075), and EMODE_ON set exactly when an entry is in use.
 */
export const lendingPoolConfigureBankEmode: InstructionHandler = {
  name: "lending_pool_configure_bank_emode",
  units: 15_000,
  accounts: ConfigureEmodeAccounts,
  run(ctx, _checks, args) {
    const { emodeTag, entries } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_configure_bank_emode.args);
    const { group, bank } = ConfigureEmodeAccounts.load(ctx).accounts;

    const data = bank.data;
    const sorted = entries
      .map((entry) => ({ ...entry, pad0: new Uint8Array(5) }))
      .sort((a, b) => a.collateralBankEmodeTag - b.collateralBankEmodeTag);
    emode.emodeTag.set(data, emodeTag);
    emode.timestamp.set(data, ctx.clock.unixTimestamp);
    emode.emodeConfig.fields.entries.set(data, sorted);
    validateBankEmode(data, group.data);
    const inUse = sorted.some((entry) => entry.collateralBankEmodeTag !== EMODE_TAG_EMPTY);
    const flags = emode.flags.get(data);
    emode.flags.set(data, inUse ? flags | EmodeSettingsFlags.EMODE_ON : flags & ~EmodeSettingsFlags.EMODE_ON);
  },
};
