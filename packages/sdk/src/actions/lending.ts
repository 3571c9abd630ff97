// Deposit, borrow, repay and withdraw, one call each: the loaded bank and account data name the accounts and pack the
// risk accounts, the token flows wrap and unwrap SOL and create accounts, and the send path does the rest. Banks
// backed by the Kamino-style market take their own instructions, and every health check on an account holding
// Kamino positions carries the market refreshes of their reserves in its transaction. An action that closes a balance
// of a bank paying emissions pays them out in the same transaction first, as the program requires. Each action runs
// its validator (validation/) on the market it is given before building, and throws its refusal as ACTION_REFUSED.
import { Keypair, PublicKey, type Signer, type TransactionInstruction } from "@solana/web3.js";
import type { Bank, MarginfiAccount } from "@ballast/protocol";
import { lendingMarketAuthority } from "@ballast/market";
import { kaminoDepositInstruction, kaminoWithdrawInstruction } from "../instructions/kamino.js";
import { kaminoObligationRefresh, kaminoReserveRefreshes, withRefreshes } from "../instructions/kamino-refresh.js";
import { withdrawEmissionsInstruction } from "../instructions/lending.js";
import { marginfiAccountAddress } from "../instructions/pda.js";
import { activeBankKeys, borrowRiskAccounts, marketBankLookup, withdrawRiskAccounts } from "../instructions/risk-accounts.js";
import {
  associatedTokenAddress,
  borrowFlowInstructions,
  createAssociatedTokenAccountInstruction,
  depositFlowInstructions,
  fundingFlow,
  receivingFlow,
  repayFlowInstructions,
  withdrawFlowInstructions,
  type NewMarginfiAccount,
} from "../instructions/tokens.js";
import { accountRisk } from "../math/health.js";
import { kaminoCollateralForTokens } from "../math/kamino.js";
import type { PricedBank } from "../math/priced-bank.js";
import { fetchKaminoReserves, isKaminoBank, type KaminoReserveLookup } from "../state/kamino-reserves.js";
import type { Market } from "../state/market.js";
import type { BroadcastResult, PackItem } from "../transactions/index.js";
import { sendInstructions, type ActionContext } from "./send.js";
import { walletKey } from "./wallet.js";
import { BallastSdkError } from "../errors.js";
import {
  validateBorrow,
  validateDeposit,
  validateRepay,
  validateWithdraw,
  type ActionRefusal,
  type ActionValidationInput,
  type ValidatedAccount,
} from "../validation/index.js";

export interface BankActionParams extends ActionContext {
  /** The market as loadMarket returns it: the bank acted on and every bank the account holds are among its banks. */
  market: Market;
  /** The bank acted on, by address. */
  bank: string;
  /** The bank mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

/** An existing margin account, owned by the wallet. */
export interface AccountActionParams extends BankActionParams {
  marginfiAccount: PublicKey;
}

function pricedBank(market: Market, address: string): PricedBank {
  const bank = market.banks.get(address);
  if (bank === undefined) throw new BallastSdkError("BANK_NOT_FOUND", { bank: address });
  return bank;
}

const bankOf = (p: BankActionParams): Bank => pricedBank(p.market, p.bank).bank;

/** The bank acted on as the instruction builders name it. */
const bankKey = (p: BankActionParams): PublicKey => new PublicKey(p.bank);

/** Validate, then act: a refusal stops the action before anything is built. */
function refuseUnlessValid(
  p: BankActionParams,
  validate: (input: ActionValidationInput) => ActionRefusal | null,
  account?: MarginfiAccount,
) {
  let validated: ValidatedAccount | undefined;
  if (account) {
    const balances = account.lendingAccount.balances;
    validated = { risk: accountRisk(balances, p.market.banks), balances };
  }
  const refusal = validate({ bank: pricedBank(p.market, p.bank), account: validated });
  if (refusal) throw new BallastSdkError("ACTION_REFUSED", { refusal });
}

/** The accounts every balance instruction names; the wallet is the authority. */
function balanceAccounts(p: BankActionParams, marginfiAccount: PublicKey) {
  const bank = bankOf(p);
  return {
    group: new PublicKey(bank.group),
    marginfiAccount,
    authority: walletKey(p.wallet),
    bank: bankKey(p),
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

/** The market side of an action on a Kamino bank: its reserve (decoded) and the market's authority. */
function kaminoMarket(bank: Bank, reserves: KaminoReserveLookup) {
  const reserve = reserves.get(bank.integrationAcc1)!;
  return { bankData: bank, reserve, lendingMarketAuthority: lendingMarketAuthority(reserve.lendingMarket) };
}

/** The reserve refreshes the account's health check needs, then, for an action on a Kamino bank, its obligation's. */
async function marketRefreshes(
  p: BankActionParams,
  priced: readonly Bank[],
): Promise<{ reserves: KaminoReserveLookup; refreshes: TransactionInstruction[] }> {
  const bank = bankOf(p);
  const reserves = await fetchKaminoReserves(p.connection, [bank, ...priced]);
  const refreshes = kaminoReserveRefreshes([bank, ...priced], reserves);
  if (isKaminoBank(bank)) refreshes.push(kaminoObligationRefresh(bank, reserves));
  return { reserves, refreshes };
}

/** The banks of the account's active balances: the lending program prices each one in a health check. */
function accountBanks(p: BankActionParams, account: MarginfiAccount): Bank[] {
  return activeBankKeys(account).map((key) => pricedBank(p.market, key.toBase58()).bank);
}

const bound = (p: BankActionParams, flow: TransactionInstruction[], refreshes: TransactionInstruction[]): PackItem[] =>
  withRefreshes(flow, refreshes, p.programId);

/** The system program's key: a bank's emissions mint when it pays none. */
const NO_EMISSIONS_MINT = PublicKey.default.toBase58();

/** What closing a balance needs first: creating the wallet's emissions token account, and paying the emissions out. */
export interface EmissionsSettlement {
  /** Creates the wallet's token account of the emissions mint if it does not exist; may go in an earlier transaction. */
  tokenAccount: TransactionInstruction[];
  /** lending_account_withdraw_emissions, which must share the closing instruction's transaction. */
  payout: TransactionInstruction[];
}

/**
 * The program refuses to close a balance holding a whole unit of unclaimed emissions (6033), and they accrue every
 * second, so claiming in an earlier transaction is not enough: an action closing a balance of a bank with an
 * emissions mint first pays its emissions out in the same transaction, to the wallet's token account of that mint.
 */
export async function emissionsSettlement(p: AccountActionParams): Promise<EmissionsSettlement> {
  const bank = bankOf(p);
  if (bank.emissionsMint === NO_EMISSIONS_MINT) return { tokenAccount: [], payout: [] };
  const emissionsMint = new PublicKey(bank.emissionsMint);
  const mintAccount = await p.connection.getAccountInfo(emissionsMint);
  if (mintAccount === null) throw new BallastSdkError("EMISSIONS_MINT_NOT_FOUND", { mint: bank.emissionsMint });
  const tokenProgram = mintAccount.owner;
  const authority = walletKey(p.wallet);
  return {
    tokenAccount: [createAssociatedTokenAccountInstruction({ owner: authority, mint: emissionsMint, tokenProgram })],
    payout: [
      withdrawEmissionsInstruction({
        group: new PublicKey(bank.group),
        marginfiAccount: p.marginfiAccount,
        authority,
        bank: bankKey(p),
        emissionsMint,
        destinationAccount: associatedTokenAddress(emissionsMint, authority, tokenProgram),
        tokenProgram,
        programId: p.programId,
      }),
    ],
  };
}

export async function depositAction(p: DepositActionParams): Promise<DepositActionResult> {
  refuseUnlessValid(p, validateDeposit);
  const account = accountToCreate(p);
  const bank = bankOf(p);
  const flow = { ...balanceAccounts(p, account.address), amount: p.amount, newAccount: account.newAccount };
  let instructions: PackItem[];
  if (isKaminoBank(bank)) {
    const { reserves, refreshes } = await marketRefreshes(p, []);
    const market = kaminoMarket(bank, reserves);
    const deposit = fundingFlow(flow, (signerTokenAccount) => kaminoDepositInstruction({ ...flow, ...market, signerTokenAccount }));
    instructions = bound(p, deposit, refreshes);
  } else {
    instructions = depositFlowInstructions({ ...flow, depositUpToLimit: p.depositUpToLimit });
  }
  const result = await sendInstructions(p, instructions, account.signers);
  return { ...result, marginfiAccount: account.address };
}

export interface BorrowActionParams extends AccountActionParams {
  /** The account's decoded data, for its risk accounts. */
  account: MarginfiAccount;
  /** Native units received; native SOL arrives unwrapped. */
  amount: bigint;
}

export async function borrowAction(p: BorrowActionParams): Promise<BroadcastResult> {
  refuseUnlessValid(p, validateBorrow, p.account);
  const riskAccounts = borrowRiskAccounts(p.account, marketBankLookup(p.market), bankKey(p));
  const { refreshes } = await marketRefreshes(p, accountBanks(p, p.account));
  const flow = borrowFlowInstructions({ ...balanceAccounts(p, p.marginfiAccount), amount: p.amount, riskAccounts });
  return sendInstructions(p, bound(p, flow, refreshes));
}

export interface RepayActionParams extends AccountActionParams {
  /** Native units, taken from the wallet's token account; native SOL is wrapped in the same transaction. */
  amount: bigint;
}

function repayInstructions(p: RepayActionParams, repayAll: boolean): TransactionInstruction[] {
  return repayFlowInstructions({ ...balanceAccounts(p, p.marginfiAccount), amount: p.amount, repayAll });
}

export async function repayAction(p: RepayActionParams): Promise<BroadcastResult> {
  refuseUnlessValid(p, validateRepay);
  return sendInstructions(p, repayInstructions(p, false));
}

/**
 * Repays the whole debt, rounded up, and closes the balance (its emissions paid out first). The program ignores
 * `amount`, but SOL is wrapped from it: pass at least the debt (the wrapping buffer covers interest accrued until
 * the transaction lands).
 */
export async function repayAllAction(p: RepayActionParams): Promise<BroadcastResult> {
  refuseUnlessValid(p, validateRepay);
  const settlement = await emissionsSettlement(p);
  return sendInstructions(p, [...settlement.tokenAccount, ...bound(p, repayInstructions(p, true), settlement.payout)]);
}

export interface WithdrawActionParams extends AccountActionParams {
  /** The account's decoded data, for its risk accounts. */
  account: MarginfiAccount;
  /**
   * Native units of the bank's token, paid into the wallet's token account (created if needed); native SOL arrives
   * unwrapped. From a Kamino bank, the collateral tokens this amount is worth are redeemed.
   */
  amount: bigint;
}

async function withdrawInstructions(p: WithdrawActionParams, withdrawAll: boolean): Promise<PackItem[]> {
  refuseUnlessValid(p, validateWithdraw, p.account);
  const riskAccounts = withdrawRiskAccounts(p.account, marketBankLookup(p.market), bankKey(p), { withdrawAll });
  const { reserves, refreshes } = await marketRefreshes(p, accountBanks(p, p.account));
  const settlement: EmissionsSettlement = withdrawAll ? await emissionsSettlement(p) : { tokenAccount: [], payout: [] };
  const beforeAction = [...settlement.payout, ...refreshes];
  const accounts = balanceAccounts(p, p.marginfiAccount);
  const bank = bankOf(p);
  if (!isKaminoBank(bank)) {
    const flow = withdrawFlowInstructions({ ...accounts, amount: p.amount, withdrawAll, riskAccounts });
    return [...settlement.tokenAccount, ...bound(p, flow, beforeAction)];
  }
  const market = kaminoMarket(bank, reserves);
  const collateral = withdrawAll ? 0n : kaminoCollateralForTokens(market.reserve, p.amount);
  const withdraw = receivingFlow(accounts, (destinationTokenAccount) =>
    kaminoWithdrawInstruction({ ...accounts, ...market, destinationTokenAccount, collateral, withdrawAll, riskAccounts }),
  );
  return [...settlement.tokenAccount, ...bound(p, withdraw, beforeAction)];
}

export async function withdrawAction(p: WithdrawActionParams): Promise<BroadcastResult> {
  return sendInstructions(p, await withdrawInstructions(p, false));
}

/** Withdraws the whole deposit, rounded down, and closes the balance (its emissions paid out first). */
export async function withdrawAllAction(p: Omit<WithdrawActionParams, "amount">): Promise<BroadcastResult> {
  return sendInstructions(p, await withdrawInstructions({ ...p, amount: 0n }, true));
}
