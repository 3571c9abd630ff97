import { PublicKey } from "@solana/web3.js";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import { checkSeeds, declareAccounts, initTarget, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { mintAccount, systemProgram, tokenAccount, tokenProgram } from "../program/account-kinds.js";
import { groupRoleAndBankAccounts, groupRoleAndBankConstraints } from "../program/bank-config-update.js";
import { initTokenVault } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { EMISSION_FLAGS } from "../state/flags.js";

/** The all-zero key: an emissions mint or emissions destination that was never set. */
export const DEFAULT_KEY = "11111111111111111111111111111111";

/** PDA seeds of a bank's emissions vault and of its authority, both keyed by bank and emissions mint (§5). */
export function emissionsSeeds(kind: "vault" | "authority", bank: string, mint: string): Buffer[] {
  const seed = kind === "vault" ? "emissions_token_account_seed" : "emissions_auth_seed";
  return [Buffer.from(seed), new PublicKey(bank).toBuffer(), new PublicKey(mint).toBuffer()];
}

/**
 * SPL Token `TransferChecked` (instruction 12: amount u64, decimals u8; accounts source, mint, destination,
 * authority), signed by a PDA when `signerSeeds` (bump included) are given.
 */
export function transferChecked(
  ctx: InstructionContext,
  tokenProgram: InstructionAccount,
  transfer: { source: string; mint: string; destination: string; authority: string },
  amount: bigint,
  decimals: number,
  signerSeeds: Buffer[] | null = null,
): void {
  const data = Buffer.alloc(10);
  data[0] = 12;
  data.writeBigUInt64LE(amount, 1);
  data[9] = decimals;
  ctx.invoke(
    {
      programId: tokenProgram.key,
      accounts: [
        { pubkey: transfer.source, isSigner: false, isWritable: true },
        { pubkey: transfer.mint, isSigner: false, isWritable: false },
        { pubkey: transfer.destination, isSigner: false, isWritable: true },
        { pubkey: transfer.authority, isSigner: true, isWritable: false },
      ],
      data,
    },
    signerSeeds ? [signerSeeds] : [],
  );
}

/** The vault is Anchor's `init`, created by the handler; the funding account's `mut` is checked after it. */
const SetupEmissionsAccounts = declareAccounts(
  {
    ...groupRoleAndBankAccounts("delegate_emissions_admin", "constraint"),
    emissionsMint: mintAccount(),
    emissionsAuth: unchecked(),
    emissionsTokenAccount: initTarget(),
    emissionsFundingAccount: tokenAccount({ mut: "handler" }),
    tokenProgram: tokenProgram(),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    ...groupRoleAndBankConstraints(a, "delegateEmissionsAdmin"),
    emissionsAuth: () => checkSeeds(ctx, a.emissionsAuth, emissionsSeeds("authority", a.bank.key, a.emissionsMint.key)),
  }),
);

/**
 * The delegate emissions admin gives a bank its one emissions mint: a vault PDA is created for it and funded
 * with the whole budget from the admin's token account. `flags` replaces Bank.flags outright (clearing
 * CLOSE_ENABLED and any other bit), and anything beyond the two emission bits is a program panic.
 */
export const lendingPoolSetupEmissions: InstructionHandler = {
  name: "lending_pool_setup_emissions",
  units: 30_000,
  accounts: SetupEmissionsAccounts,
  run(ctx, accounts, args) {
    const { flags, rate, totalEmissions } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_setup_emissions.args);

    const { accounts: a } = SetupEmissionsAccounts.load(ctx);
    const { bank, signer: admin, emissionsMint: mintAccount, emissionsAuth, emissionsTokenAccount: vault, tokenProgram } = a;
    const funding = a.emissionsFundingAccount;
    const { mint } = mintAccount;
    const vaultSeeds = emissionsSeeds("vault", bank.key, mintAccount.key);
    initTokenVault(ctx, accounts, admin, vault, "emissions_token_account", vaultSeeds, mintAccount, emissionsAuth.key, tokenProgram);
    accounts.writable(funding, "emissions_funding_account");

    const b = BankLayout.fields;
    const data = bank.data;
    if (b.emissionsMint.get(data) !== DEFAULT_KEY) fail("EmissionsAlreadySetup");
    b.emissionsMint.set(data, mintAccount.key);
    if ((flags & ~EMISSION_FLAGS) !== 0n) throw new Error(`emission flags ${flags} outside the emission bits`);
    b.flags.set(data, flags);
    b.emissionsRate.set(data, rate);
    b.emissionsRemaining.set(data, fx.fromInt(totalEmissions));
    transferChecked(
      ctx,
      tokenProgram,
      { source: funding.key, mint: mintAccount.key, destination: vault.key, authority: admin.key },
      totalEmissions,
      mint.decimals,
    );
  },
};
