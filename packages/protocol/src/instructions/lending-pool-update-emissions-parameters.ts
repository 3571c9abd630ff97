import * as fx from "../math/i80f48.js";
import { checkSeeds, declareAccounts, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { mintAccount, tokenAccount, tokenProgram } from "../program/account-kinds.js";
import { groupRoleAndBankAccounts, groupRoleAndBankConstraints } from "../program/bank-config-update.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { DEFAULT_KEY, emissionsSeeds, transferChecked } from "./lending-pool-setup-emissions.js";

const UpdateEmissionsAccounts = declareAccounts(
  {
    ...groupRoleAndBankAccounts("delegate_emissions_admin", "constraint"),
    emissionsMint: mintAccount(),
    // Only asserted by its PDA: a bank without emissions has no vault yet, and is refused by the handler (6034).
    emissionsTokenAccount: unchecked({ mut: "constraint" }),
    emissionsFundingAccount: tokenAccount({ mut: "constraint" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    ...groupRoleAndBankConstraints(a, "delegateEmissionsAdmin"),
    emissionsTokenAccount: () => checkSeeds(ctx, a.emissionsTokenAccount, emissionsSeeds("vault", a.bank.key, a.emissionsMint.key)),
  }),
);

/**
 * The delegate emissions admin changes a set-up bank's emissions: Some(flags) replaces Bank.flags with no check
 * at all, Some(rate) the rate, and Some(extra) tops up the budget, moving those tokens into the vault.
 */
export const lendingPoolUpdateEmissionsParameters: InstructionHandler = {
  name: "lending_pool_update_emissions_parameters",
  units: 20_000,
  accounts: UpdateEmissionsAccounts,
  run(ctx, _checks, args) {
    const { emissionsFlags, emissionsRate, additionalEmissions } = decodeArgs(
      args,
      LENDING_INSTRUCTIONS.lending_pool_update_emissions_parameters.args,
    );

    const { accounts: a } = UpdateEmissionsAccounts.load(ctx);
    const { bank, signer: admin, emissionsMint: mintAccount, emissionsTokenAccount: vault, tokenProgram } = a;
    const funding = a.emissionsFundingAccount;
    const { mint } = mintAccount;

    const b = BankLayout.fields;
    const data = bank.data;
    const emissionsMint = b.emissionsMint.get(data);
    if (emissionsMint === DEFAULT_KEY || emissionsMint !== mintAccount.key) fail("EmissionsUpdateError");
    if (emissionsFlags !== null) b.flags.set(data, emissionsFlags);
    if (emissionsRate !== null) b.emissionsRate.set(data, emissionsRate);
    if (additionalEmissions !== null) {
      b.emissionsRemaining.set(data, fx.add(b.emissionsRemaining.get(data), fx.fromInt(additionalEmissions)));
      transferChecked(
        ctx,
        tokenProgram,
        { source: funding.key, mint: mintAccount.key, destination: vault.key, authority: admin.key },
        additionalEmissions,
        mint.decimals,
      );
    }
  },
};
