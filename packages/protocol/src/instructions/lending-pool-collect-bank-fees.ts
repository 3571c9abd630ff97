import { PublicKey } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, type InstructionAccount } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import { collectBankFees } from "../math/settlement.js";
import { toF64 } from "../math/value.js";
import { checkSeeds, declareAccounts, unchecked, type DeclaredAccount } from "@ballast/anchor";
import { bankAccount, feeStateAccount, groupAccount, tokenAccount, tokenProgram } from "../program/account-kinds.js";
import { bankVaultSeeds } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { SEEDS } from "../program/ids.js";
import { checkBankOfGroup } from "../program/pool-accounts.js";
import { transferFromVault } from "../program/token-transfers.js";
import { checkNotPaused } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { FeeStateLayout } from "../state/fee-state.js";

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

const CollectBankFeesAccounts = declareAccounts(
  {
    group: groupAccount(),
    bank: bankAccount({ mut: "constraint" }),
    liquidityVaultAuthority: unchecked(),
    liquidityVault: tokenAccount({ mut: "constraint" }),
    insuranceVault: unchecked({ mut: "constraint" }),
    feeVault: unchecked({ mut: "constraint" }),
    feeState: feeStateAccount(),
    feeAta: unchecked({ mut: "constraint" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => {
    const vault = (account: DeclaredAccount, kind: Parameters<typeof bankVaultSeeds>[0]) => () =>
      checkSeeds(ctx, account, bankVaultSeeds(kind, a.bank.key));
    return {
      group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
      bank: () => checkBankOfGroup(a.bank, a.group),
      liquidityVaultAuthority: vault(a.liquidityVaultAuthority, "liquidityVaultAuthority"),
      liquidityVault: vault(a.liquidityVault, "liquidityVault"),
      insuranceVault: vault(a.insuranceVault, "insuranceVault"),
      feeVault: vault(a.feeVault, "feeVault"),
      feeState: () => checkSeeds(ctx, a.feeState, [SEEDS.feeState]),
      feeAta: () => {
        const wallet = FeeStateLayout.fields.globalFeeWallet.get(a.feeState.data);
        if (a.feeAta.key !== feeWalletAta(wallet, b.mint.get(a.bank.data), a.tokenProgram.key)) fail("InvalidFeeAta", "fee_ata");
      },
    };
  },
);

/**
 * Permissionless: pays the bank's outstanding fees out of the liquidity vault, whole tokens only and as far as the
 * vault holds them, insurance first, then the group, then the program: the group part to the fee vault, the
 * insurance part to the insurance vault, the program part to the global fee wallet's token account.
 */
export const lendingPoolCollectBankFees: InstructionHandler = {
  name: "lending_pool_collect_bank_fees",
  units: 30_000,
  accounts: CollectBankFeesAccounts,
  run(ctx) {
    const { group, bank, liquidityVault, insuranceVault, feeVault, feeAta, tokenProgram } = CollectBankFeesAccounts.load(ctx).accounts;
    const vaultBalance = liquidityVault.token.amount;
    const data = bank.data;
    const mint = b.mint.get(data);

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
