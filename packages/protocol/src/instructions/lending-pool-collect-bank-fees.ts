import { PublicKey } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, type InstructionAccount } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import { collectBankFees } from "../math/settlement.js";
import { toF64 } from "../math/value.js";
import { checkTokenProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { SEEDS } from "../program/ids.js";
import { checkBankOfGroup, checkBankVault, loadTokenAccount } from "../program/pool-accounts.js";
import { transferFromVault } from "../program/token-transfers.js";
import { checkNotPaused } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { MarginfiGroupLayout } from "../state/group.js";

const b = BankLayout.fields;

/** The global fee wallet's canonical associated token account for the mint under the token program. */
function feeWalletAta(wallet: string, mint: string, tokenProgram: string): string {
  const [address] = PublicKey.findProgramAddressSync(
    [new PublicKey(wallet).toBuffer(), new PublicKey(tokenProgram).toBuffer(), new PublicKey(mint).toBuffer()],
    new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
  );
  return address.toBase58();
}

/** An integer token amount as the event's f64. */
const tokens = (amount: bigint): number => toF64(fx.fromInt(amount));

/**
 * Permissionless: pays the bank's outstanding fees out of the liquidity vault, whole tokens only and as far as the
 * vault holds them, insurance first, then the group, then the program: the group part to the fee vault, the
 * insurance part to the insurance vault, the program part to the global fee wallet's token account.
 */
export const lendingPoolCollectBankFees: InstructionHandler = {
  name: "lending_pool_collect_bank_fees",
  units: 30_000,
  run(ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const bank = accounts.owned(1, "bank", BankLayout);
    const liquidityVaultAuthority = accounts.at(2);
    const liquidityVault = accounts.at(3);
    const vaultBalance = loadTokenAccount(liquidityVault, "liquidity_vault").amount;
    const insuranceVault = accounts.at(4);
    const feeVault = accounts.at(5);
    const feeState = accounts.owned(6, "fee_state", FeeStateLayout);
    const feeAta = accounts.at(7);
    const tokenProgram = checkTokenProgram(accounts.at(8), "token_program");

    checkNotPaused(group, ctx.clock.unixTimestamp);
    accounts.writable(bank, "bank");
    checkBankOfGroup(bank, group);
    checkBankVault(accounts, liquidityVaultAuthority, "liquidity_vault_authority", "liquidityVaultAuthority", bank);
    accounts.writable(liquidityVault, "liquidity_vault");
    checkBankVault(accounts, liquidityVault, "liquidity_vault", "liquidityVault", bank);
    accounts.writable(insuranceVault, "insurance_vault");
    checkBankVault(accounts, insuranceVault, "insurance_vault", "insuranceVault", bank);
    accounts.writable(feeVault, "fee_vault");
    checkBankVault(accounts, feeVault, "fee_vault", "feeVault", bank);
    accounts.pda(feeState, "fee_state", [SEEDS.feeState]);
    accounts.writable(feeAta, "fee_ata");
    const data = bank.account.data;
    const mint = b.mint.get(data);
    const wallet = FeeStateLayout.fields.globalFeeWallet.get(feeState.account.data);
    if (feeAta.key !== feeWalletAta(wallet, mint, tokenProgram.key)) fail("InvalidFeeAta", "fee_ata");

    const collection = collectBankFees(
      {
        collectedInsuranceFeesOutstanding: b.collectedInsuranceFeesOutstanding.get(data),
        collectedGroupFeesOutstanding: b.collectedGroupFeesOutstanding.get(data),
        collectedProgramFeesOutstanding: b.collectedProgramFeesOutstanding.get(data),
      },
      vaultBalance,
    );
    const { outstanding } = collection;
    b.collectedInsuranceFeesOutstanding.set(data, outstanding.collectedInsuranceFeesOutstanding);
    b.collectedGroupFeesOutstanding.set(data, outstanding.collectedGroupFeesOutstanding);
    const payOut = (destination: InstructionAccount, amount: bigint) =>
      transferFromVault(ctx, tokenProgram, liquidityVault, destination, bank, "liquidityVaultAuthority", amount);
    payOut(feeVault, collection.groupTransfer);
    payOut(insuranceVault, collection.insuranceTransfer);
    emitEvent(ctx, "LendingPoolBankCollectFeesEvent", {
      header: { signer: null, marginfiGroup: group.key },
      bank: bank.key,
      mint,
      groupFeesCollected: tokens(collection.groupTransfer),
      groupFeesOutstanding: toF64(outstanding.collectedGroupFeesOutstanding),
      insuranceFeesCollected: tokens(collection.insuranceTransfer),
      insuranceFeesOutstanding: toF64(outstanding.collectedInsuranceFeesOutstanding),
    });
    b.collectedProgramFeesOutstanding.set(data, outstanding.collectedProgramFeesOutstanding);
    payOut(feeAta, collection.programTransfer);
  },
};
