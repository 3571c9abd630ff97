import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { AddBankWithSeedAccounts, addBank } from "./lending-pool-add-bank.js";

/** add_bank with the bank at the PDA [group, mint, bank_seed u64 LE] instead of a keypair. */
export const lendingPoolAddBankWithSeed: InstructionHandler = {
  name: "lending_pool_add_bank_with_seed",
  units: 60_000,
  accounts: AddBankWithSeedAccounts,
  run(ctx, accounts, args) {
    const { bankConfig, bankSeed } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_add_bank_with_seed.args);
    addBank(ctx, accounts, bankConfig, bankSeed);
  },
};
