// The authority's own actions on a margin account: deposit, withdraw, borrow, repay, close a balance, emissions.
import type { AccountMeta, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, type ProgramOptions } from "./program.js";
import { bankVaultAddress, bankVaultAuthorityAddress, emissionsAuthorityAddress, emissionsVaultAddress } from "./pda.js";
import { mintPrefix, tokenProgramOf, type TokenProgramOptions } from "./token-program.js";

/** The accounts every balance action names. */
export interface BalanceActionAccounts extends ProgramOptions {
  group: PublicKey;
  marginfiAccount: PublicKey;
  /** The account's authority (or the group admin for a frozen account, or anyone in receivership). */
  authority: PublicKey;
  bank: PublicKey;
}

const balanceAccounts = (p: BalanceActionAccounts) => ({
  group: p.group,
  marginfiAccount: p.marginfiAccount,
  authority: p.authority,
  bank: p.bank,
});

export interface DepositParams extends BalanceActionAccounts, TokenProgramOptions {
  /** The authority's token account the tokens come from. */
  signerTokenAccount: PublicKey;
  /** Native units. */
  amount: bigint;
  /** Deposit only what the bank's deposit limit still allows (possibly nothing) instead of failing. */
  depositUpToLimit?: boolean;
}

export function depositInstruction(p: DepositParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_deposit",
    {
      accounts: {
        ...balanceAccounts(p),
        signerTokenAccount: p.signerTokenAccount,
        liquidityVault: bankVaultAddress(p.bank, "liquidity", p.programId),
        tokenProgram: tokenProgramOf(p),
      },
      args: { amount: p.amount, depositUpToLimit: p.depositUpToLimit ?? null },
      remainingAccounts: mintPrefix(p),
    },
    p,
  );
}

export interface RepayParams extends BalanceActionAccounts, TokenProgramOptions {
  signerTokenAccount: PublicKey;
  /** Native units; ignored with repayAll, which charges the debt rounded up. */
  amount: bigint;
  /** Repay the whole debt and close the balance. */
  repayAll?: boolean;
}

export function repayInstruction(p: RepayParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_repay",
    {
      accounts: {
        ...balanceAccounts(p),
        signerTokenAccount: p.signerTokenAccount,
        liquidityVault: bankVaultAddress(p.bank, "liquidity", p.programId),
        tokenProgram: tokenProgramOf(p),
      },
      args: { amount: p.amount, repayAll: p.repayAll ?? null },
      remainingAccounts: mintPrefix(p),
    },
    p,
  );
}

export interface WithdrawParams extends BalanceActionAccounts, TokenProgramOptions {
  destinationTokenAccount: PublicKey;
  /** Native units; ignored with withdrawAll, which pays out the deposit rounded down. */
  amount: bigint;
  /** Withdraw the whole deposit and close the balance. */
  withdrawAll?: boolean;
  /** From withdrawRiskAccounts. */
  riskAccounts: readonly AccountMeta[];
}

export function withdrawInstruction(p: WithdrawParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_withdraw",
    {
      accounts: {
        ...balanceAccounts(p),
        destinationTokenAccount: p.destinationTokenAccount,
        bankLiquidityVaultAuthority: bankVaultAuthorityAddress(p.bank, "liquidity", p.programId),
        liquidityVault: bankVaultAddress(p.bank, "liquidity", p.programId),
        tokenProgram: tokenProgramOf(p),
      },
      args: { amount: p.amount, withdrawAll: p.withdrawAll ?? null },
      remainingAccounts: [...mintPrefix(p), ...p.riskAccounts],
    },
    p,
  );
}

export interface BorrowParams extends BalanceActionAccounts, TokenProgramOptions {
  destinationTokenAccount: PublicKey;
  /** Native units received; an origination fee, if any, is added to the debt. */
  amount: bigint;
  /** From borrowRiskAccounts. */
  riskAccounts: readonly AccountMeta[];
}

export function borrowInstruction(p: BorrowParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_borrow",
    {
      accounts: {
        ...balanceAccounts(p),
        destinationTokenAccount: p.destinationTokenAccount,
        bankLiquidityVaultAuthority: bankVaultAuthorityAddress(p.bank, "liquidity", p.programId),
        liquidityVault: bankVaultAddress(p.bank, "liquidity", p.programId),
        tokenProgram: tokenProgramOf(p),
      },
      args: { amount: p.amount },
      remainingAccounts: [...mintPrefix(p), ...p.riskAccounts],
    },
    p,
  );
}

/** Frees the slot of a balance with no deposit, no debt and no unclaimed emissions. */
export function closeBalanceInstruction(p: BalanceActionAccounts): TransactionInstruction {
  return lendingInstruction("lending_account_close_balance", { accounts: balanceAccounts(p) }, p);
}

export interface WithdrawEmissionsParams extends BalanceActionAccounts {
  emissionsMint: PublicKey;
  /** A token account of the emissions mint. */
  destinationAccount: PublicKey;
  /** The emissions mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

/** Settles the balance's emissions and pays the whole units out. */
export function withdrawEmissionsInstruction(p: WithdrawEmissionsParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_withdraw_emissions",
    {
      accounts: {
        ...balanceAccounts(p),
        emissionsMint: p.emissionsMint,
        emissionsAuth: emissionsAuthorityAddress(p.bank, p.emissionsMint, p.programId),
        emissionsVault: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
        destinationAccount: p.destinationAccount,
        tokenProgram: tokenProgramOf(p),
      },
    },
    p,
  );
}

export interface UpdateEmissionsDestinationParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  authority: PublicKey;
  /** The wallet whose associated token accounts receive permissionless emissions withdrawals. */
  destinationAccount: PublicKey;
}

export function updateEmissionsDestinationInstruction(p: UpdateEmissionsDestinationParams): TransactionInstruction {
  return lendingInstruction(
    "marginfi_account_update_emissions_destination_account",
    { accounts: { marginfiAccount: p.marginfiAccount, authority: p.authority, destinationAccount: p.destinationAccount } },
    p,
  );
}
