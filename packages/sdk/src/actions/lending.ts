// Deposit, borrow, repay and withdraw, one call each: the loaded bank and account data name the accounts and pack the
// risk accounts, the token flows wrap and unwrap SOL and create accounts, and the send path does the rest.
import { Keypair, PublicKey, type Signer, type TransactionInstruction } from "@solana/web3.js";
import type { Bank, MarginfiAccount } from "@ballast/protocol";
import { marginfiAccountAddress } from "../instructions/pda.js";
import { borrowRiskAccounts, withdrawRiskAccounts, type BankLookup } from "../instructions/risk-accounts.js";
import {
  borrowFlowInstructions,
  depositFlowInstructions,
  repayFlowInstructions,
  withdrawFlowInstructions,
  type NewMarginfiAccount,
} from "../instructions/tokens.js";
import type { BroadcastResult } from "../transactions/index.js";
import { sendInstructions, type ActionContext } from "./send.js";
import { walletKey } from "./wallet.js";

export interface BankActionParams extends ActionContext {
  /** The bank acted on. */
  bank: PublicKey;
  /** Decoded banks by address: the bank acted on and, for borrows and withdrawals, every bank the account holds. */
  banks: BankLookup;
  /** The bank mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

/** An existing margin account, owned by the wallet. */
export interface AccountActionParams extends BankActionParams {
  marginfiAccount: PublicKey;
}

function bankOf(p: BankActionParams): Bank {
  const bank = p.banks.get(p.bank.toBase58());
  if (bank === undefined) throw new Error(`Bank ${p.bank.toBase58()} not found`);
  return bank;
}

/** The accounts every balance instruction names; the wallet is the authority. */
function balanceAccounts(p: BankActionParams, marginfiAccount: PublicKey) {
  const bank = bankOf(p);
  return {
    group: new PublicKey(bank.group),
    marginfiAccount,
    authority: walletKey(p.wallet),
    bank: p.bank,
    mint: new PublicKey(bank.mint),
    tokenProgram: p.tokenProgram,
    programId: p.programId,
  };
}

export interface DepositActionParams extends BankActionParams {
  /** Native units; native SOL is wrapped in the same transaction. */
  amount: bigint;
  /** The margin account; omitted on a first deposit, which creates one in the same transaction. */
  marginfiAccount?: PublicKey;
  /** How a first deposit creates the account: a fresh keypair (the default) or the wallet's PDA account. */
  newAccount?: NewMarginfiAccount;
  /** Deposit only what the bank's deposit limit still allows instead of failing. */
  depositUpToLimit?: boolean;
}

export interface DepositActionResult extends BroadcastResult {
  /** The account deposited into, new or not. */
  marginfiAccount: PublicKey;
}

interface AccountToCreate {
  address: PublicKey;
  newAccount?: NewMarginfiAccount;
  signers: Signer[];
}

function accountToCreate(p: DepositActionParams): AccountToCreate {
  if (p.marginfiAccount) return { address: p.marginfiAccount, signers: [] };
  const newAccount = p.newAccount ?? "keypair";
  if (newAccount === "keypair") {
    const keypair = Keypair.generate();
    return { address: keypair.publicKey, newAccount, signers: [keypair] };
  }
  const group = new PublicKey(bankOf(p).group);
  const address = marginfiAccountAddress(group, walletKey(p.wallet), newAccount.accountIndex, newAccount.thirdPartyId, p.programId);
  return { address, newAccount, signers: [] };
}

export async function depositAction(p: DepositActionParams): Promise<DepositActionResult> {
  const account = accountToCreate(p);
  const instructions = depositFlowInstructions({
    ...balanceAccounts(p, account.address),
    amount: p.amount,
    depositUpToLimit: p.depositUpToLimit,
    newAccount: account.newAccount,
  });
  const result = await sendInstructions(p, instructions, account.signers);
  return { ...result, marginfiAccount: account.address };
}

export interface BorrowActionParams extends AccountActionParams {
  /** The account's decoded data, for its risk accounts. */
  account: MarginfiAccount;
  /** Native units received; native SOL arrives unwrapped. */
  amount: bigint;
}

export function borrowAction(p: BorrowActionParams): Promise<BroadcastResult> {
  const riskAccounts = borrowRiskAccounts(p.account, p.banks, p.bank);
  return sendInstructions(p, borrowFlowInstructions({ ...balanceAccounts(p, p.marginfiAccount), amount: p.amount, riskAccounts }));
}

export interface RepayActionParams extends AccountActionParams {
  /** Native units, taken from the wallet's token account; native SOL is wrapped in the same transaction. */
  amount: bigint;
}

function repayInstructions(p: RepayActionParams, repayAll: boolean): TransactionInstruction[] {
  return repayFlowInstructions({ ...balanceAccounts(p, p.marginfiAccount), amount: p.amount, repayAll });
}

export function repayAction(p: RepayActionParams): Promise<BroadcastResult> {
  return sendInstructions(p, repayInstructions(p, false));
}

/**
 * Repays the whole debt, rounded up, and closes the balance. The program ignores `amount`, but SOL is wrapped from
 * it: pass at least the debt (the wrapping buffer covers interest accrued until the transaction lands).
 */
export function repayAllAction(p: RepayActionParams): Promise<BroadcastResult> {
  return sendInstructions(p, repayInstructions(p, true));
}

export interface WithdrawActionParams extends AccountActionParams {
  /** The account's decoded data, for its risk accounts. */
  account: MarginfiAccount;
  /** Native units, paid into the wallet's token account (created if needed); native SOL arrives unwrapped. */
  amount: bigint;
}

function withdrawInstructions(p: WithdrawActionParams, withdrawAll: boolean): TransactionInstruction[] {
  const riskAccounts = withdrawRiskAccounts(p.account, p.banks, p.bank, { withdrawAll });
  return withdrawFlowInstructions({ ...balanceAccounts(p, p.marginfiAccount), amount: p.amount, withdrawAll, riskAccounts });
}

export function withdrawAction(p: WithdrawActionParams): Promise<BroadcastResult> {
  return sendInstructions(p, withdrawInstructions(p, false));
}

/** Withdraws the whole deposit, rounded down, and closes the balance. */
export function withdrawAllAction(p: Omit<WithdrawActionParams, "amount">): Promise<BroadcastResult> {
  return sendInstructions(p, withdrawInstructions({ ...p, amount: 0n }, true));
}
