import * as fx from "../math/i80f48.js";
import { groupRoleAndBank } from "../program/bank-config-update.js";
import { checkTokenProgram, loadMint } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { loadTokenAccount } from "../program/pool-accounts.js";
import { BankLayout } from "../state/bank.js";
import { DEFAULT_KEY, emissionsSeeds, transferChecked } from "./lending-pool-setup-emissions.js";

/**
 * The delegate emissions admin changes a set-up bank's emissions: Some(flags) replaces Bank.flags with no check
 * at all, Some(rate) the rate, and Some(extra) tops up the budget, moving those tokens into the vault.
 */
export const lendingPoolUpdateEmissionsParameters: InstructionHandler = {
  name: "lending_pool_update_emissions_parameters",
  units: 20_000,
  run(ctx, accounts, args) {
    const emissionsFlags = args.option(() => args.u64());
    const emissionsRate = args.option(() => args.u64());
    const additionalEmissions = args.option(() => args.u64());

    const { bank, signer: admin } = groupRoleAndBank(accounts, "delegateEmissionsAdmin", "delegate_emissions_admin");
    accounts.writable(admin, "delegate_emissions_admin");
    const mintAccount = accounts.at(3);
    const mint = loadMint(mintAccount, "emissions_mint");
    // Only asserted by its PDA: a bank without emissions has no vault yet, and is refused below (6034).
    const vault = accounts.at(4);
    const funding = accounts.at(5);
    loadTokenAccount(funding, "emissions_funding_account");
    const tokenProgram = checkTokenProgram(accounts.at(6), "token_program");
    accounts.writable(vault, "emissions_token_account");
    accounts.pda(vault, "emissions_token_account", emissionsSeeds("vault", bank.key, mintAccount.key));
    accounts.writable(funding, "emissions_funding_account");

    const b = BankLayout.fields;
    const data = bank.account.data;
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
