// Liquidation actions (reference §13, §14): classic liquidation from the liquidator's own margin account, liquidation
// by receivership in one transaction (start → withdraw the collateral → swap it on the venue, or pay from the
// liquidator's own tokens → repay → end), and bad-debt settlement of a bankrupt account. Each sizes itself with the
// liquidation math, refuses before signing what the program would refuse, and carries the Kamino refreshes the
// program's health checks need.
import { PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { DEFAULT_PUBKEY, calcAmount, calcValue, decodeFeeState, i80f48 as fx, type I80F48, type MarginfiAccount } from "@ballast/protocol";
import { withRefreshes } from "../instructions/kamino-refresh.js";
import {
  endLiquidationInstruction,
  handleBankruptcyInstruction,
  initLiquidationRecordInstruction,
  liquidateInstruction,
  startLiquidationInstruction,
} from "../instructions/liquidation.js";
import { feeStateAddress } from "../instructions/pda.js";
import { activeBankKeys, liquidationRiskAccounts, marketBankLookup, riskAccounts } from "../instructions/risk-accounts.js";
import { balancesAfterAction } from "../math/action-projection.js";
import { accountRisk, type AccountRisk, type BalanceLike } from "../math/health.js";
import {
  LIQUIDATOR_FEE,
  badDebtPositions,
  isBankrupt,
  isLiquidatable,
  liquidationOutcome,
  maxLiquidatable,
  receivershipCheck,
  receivershipMaxPremium,
  type LiquidationOutcome,
  type ReceivershipCheck,
} from "../math/liquidation.js";
import { isOracleFailure } from "../math/price.js";
import type { PricedBank } from "../math/priced-bank.js";
import type { Market } from "../state/market.js";
import type { SwapClient, SwapQuote } from "../swap/client.js";
import type { BroadcastResult } from "../transactions/index.js";
import { withLookupTables } from "./lookup-tables.js";
import { sendDrafts, sendInstructions, type ActionContext } from "./send.js";
import { walletKey } from "./wallet.js";
import { marketRefreshes, openTokenAccount, repayLeg, withdrawLeg } from "./swap-flows/legs.js";
import { flashLoanComputeBudget } from "./swap-flows/plan.js";
import { BallastSdkError, isBallastSdkError } from "../errors.js";

export interface LiquidationContext extends ActionContext {
  /** The market as loadMarket returns it, at (or within the second of) the transaction's time. */
  market: Market;
}

/** The account being liquidated. */
export interface Liquidatee {
  liquidateeAccount: PublicKey;
  liquidatee: MarginfiAccount;
}

function bankOf(market: Market, address: string): PricedBank {
  const bank = market.banks.get(address);
  if (bank === undefined) throw new BallastSdkError("BANK_NOT_FOUND", { bank: address });
  return bank;
}

/** The banks the accounts hold (and `extra`), base58: the program prices every one of them. */
function pricedBanks(accounts: readonly MarginfiAccount[], extra: readonly string[] = []): string[] {
  return [...new Set([...accounts.flatMap((a) => activeBankKeys(a).map((k) => k.toBase58())), ...extra])];
}

export interface LiquidateActionParams extends LiquidationContext, Liquidatee {
  /** The liquidator's own margin account (its authority is the wallet), which takes over the debt. */
  liquidatorAccount: PublicKey;
  liquidator: MarginfiAccount;
  assetBank: string;
  liabilityBank: string;
  /** Collateral to seize, native units; by default the most the program accepts, the liquidator's backing included. */
  assetAmount?: bigint;
  /** The liability mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

export interface LiquidateActionResult extends BroadcastResult {
  /** What the liquidation books, as predicted before sending. */
  outcome: LiquidationOutcome;
}

/**
 * Classic liquidation: the liquidator's account seizes the collateral at a 2.5% discount and books the matching debt.
 * Refused before signing (LIQUIDATION_REFUSED, with the program's error name) when the program would refuse it,
 * including the liquidator's own Initial check.
 */
export async function liquidateAction(p: LiquidateActionParams): Promise<LiquidateActionResult> {
  const balances = p.liquidatee.lendingAccount.balances;
  const pair = { balances, banks: p.market.banks, assetBank: p.assetBank, liabilityBank: p.liabilityBank };
  const liquidatorBalances = p.liquidator.lendingAccount.balances;
  const max = p.assetAmount === undefined ? maxLiquidatable({ ...pair, liquidatorBalances }) : null;
  // Nothing the liquidator may take: judged at what the account alone allows, the refusal names why (e.g. 6029).
  const assetAmount =
    p.assetAmount ?? (max!.assetAmount === 0n && max!.limitedBy === "liquidator" ? maxLiquidatable(pair).assetAmount : max!.assetAmount);
  const outcome = liquidationOutcome({ ...pair, assetAmount, liquidatorBalances });
  if (outcome.refusal) throw new BallastSdkError("LIQUIDATION_REFUSED", { refusal: outcome.refusal });
  const liabilityBank = bankOf(p.market, p.liabilityBank).bank;
  const blocks = liquidationRiskAccounts({
    liquidator: p.liquidator,
    liquidatee: p.liquidatee,
    assetBank: new PublicKey(p.assetBank),
    liabBank: new PublicKey(p.liabilityBank),
    banks: marketBankLookup(p.market),
  });
  const liquidate = liquidateInstruction({
    ...blocks,
    group: new PublicKey(liabilityBank.group),
    assetBank: new PublicKey(p.assetBank),
    liabBank: new PublicKey(p.liabilityBank),
    liquidatorMarginfiAccount: p.liquidatorAccount,
    authority: walletKey(p.wallet),
    liquidateeMarginfiAccount: p.liquidateeAccount,
    assetAmount,
    mint: new PublicKey(liabilityBank.mint),
    tokenProgram: p.tokenProgram,
    programId: p.programId,
  });
  const { refreshes } = await marketRefreshes(p, pricedBanks([p.liquidator, p.liquidatee], [p.assetBank, p.liabilityBank]), []);
  const result = await sendInstructions(p, withRefreshes([liquidate], refreshes, p.programId));
  return { ...result, outcome };
}

/** The fee state's figures end_liquidation applies: the premium cap and where the flat fee goes. */
export interface ReceivershipFees {
  liquidationMaxFee: I80F48;
  globalFeeWallet: PublicKey;
}

export async function fetchReceivershipFees(p: Pick<ActionContext, "connection" | "programId">): Promise<ReceivershipFees> {
  const address = feeStateAddress(p.programId);
  const info = await p.connection.getAccountInfo(address);
  if (info === null) throw new BallastSdkError("ACCOUNT_NOT_FOUND");
  const state = decodeFeeState(info.data);
  return { liquidationMaxFee: state.liquidationMaxFee, globalFeeWallet: new PublicKey(state.globalFeeWallet) };
}

/** A receivership's amounts: the collateral withdrawn and the debt repaid, and end_liquidation's verdict on them. */
export interface ReceivershipSizing {
  readonly withdraw: bigint;
  readonly repay: bigint;
  readonly check: ReceivershipCheck;
  readonly balances: readonly BalanceLike[];
}

/** The liquidator's default premium: the classic liquidator's 2.5%, half the 5% the program always allows. */
export const RECEIVERSHIP_DEFAULT_PREMIUM = LIQUIDATOR_FEE;

function equityLegs(assetBank: PricedBank, liabilityBank: PricedBank) {
  const asset = assetBank.price.timeWeighted;
  const liability = liabilityBank.price.timeWeighted;
  if (isOracleFailure(asset)) throw new BallastSdkError("ORACLE_PRICE_UNAVAILABLE", { name: asset.name, code: asset.code });
  if (isOracleFailure(liability)) throw new BallastSdkError("ORACLE_PRICE_UNAVAILABLE", { name: liability.name, code: liability.code });
  return { assetLow: asset.low, liabilityHigh: liability.high };
}

/**
 * The receivership for repaying `repay` of the debt: it withdraws the collateral worth (1 + premium) × the debt
 * repaid, both at the Equity prices end_liquidation values them at, and checks the result as end_liquidation will.
 */
export function receivershipSizing(
  risk: AccountRisk,
  balances: readonly BalanceLike[],
  banks: ReadonlyMap<string, PricedBank>,
  pair: { assetBank: string; liabilityBank: string; repay: bigint; premium: I80F48; liquidationMaxFee: I80F48 },
): ReceivershipSizing {
  const assetBank = banks.get(pair.assetBank);
  const liabilityBank = banks.get(pair.liabilityBank);
  if (!assetBank || !liabilityBank) throw new BallastSdkError("BANK_NOT_FOUND", { bank: assetBank ? pair.liabilityBank : pair.assetBank });
  const { assetLow, liabilityHigh } = equityLegs(assetBank, liabilityBank);
  const repaidValue = calcValue(fx.fromInt(pair.repay), liabilityHigh, liabilityBank.decimals);
  const withdraw = fx.toIntFloor(calcAmount(fx.mul(repaidValue, fx.add(fx.ONE, pair.premium)), assetLow, assetBank.decimals));
  const collateral = risk.positions.find((p) => p.side === "assets" && p.bank.address === pair.assetBank);
  // A receivership may only withdraw what the account holds and repay what it owes (withdraw-only, repay-only).
  if (!collateral || fx.cmp(fx.fromInt(withdraw), collateral.amount) > 0) {
    throw new BallastSdkError("LIQUIDATION_REFUSED", { refusal: "OverliquidationAttempt" });
  }
  const debt = risk.positions.find((p) => p.side === "liabilities" && p.bank.address === pair.liabilityBank);
  if (!debt || fx.cmp(fx.fromInt(pair.repay), debt.amount) > 0)
    throw new BallastSdkError("LIQUIDATION_REFUSED", { refusal: "OperationRepayOnly" });
  const withdrawn = balancesAfterAction(balances, assetBank, { kind: "withdraw", amount: withdraw });
  const after = balancesAfterAction(withdrawn, liabilityBank, { kind: "repay", amount: pair.repay });
  return {
    withdraw,
    repay: pair.repay,
    check: receivershipCheck(risk, accountRisk(after, banks), pair.liquidationMaxFee),
    balances: after,
  };
}

/**
 * The largest debt repayment end_liquidation accepts at `premium`, the collateral withdrawn staying within the
 * deposit: a search over the repay amount (health after the receivership rises with it and may only reach zero).
 */
export function maxReceivership(
  balances: readonly BalanceLike[],
  banks: ReadonlyMap<string, PricedBank>,
  pair: { assetBank: string; liabilityBank: string; premium: I80F48; liquidationMaxFee: I80F48 },
): ReceivershipSizing | null {
  const risk = accountRisk(balances, banks);
  if (!isLiquidatable(risk)) return null;
  const collateral = risk.positions.find((p) => p.side === "assets" && p.bank.address === pair.assetBank);
  const debt = risk.positions.find((p) => p.side === "liabilities" && p.bank.address === pair.liabilityBank);
  if (!collateral || !debt) return null;
  const accepted = (repay: bigint) => {
    try {
      const sizing = receivershipSizing(risk, balances, banks, { ...pair, repay });
      return sizing.check.refusal === null && sizing.withdraw > 0n ? sizing : null;
    } catch (error) {
      // Sizes the account cannot pay out are refused like any other: the search goes lower.
      if (isBallastSdkError(error, "LIQUIDATION_REFUSED")) return null;
      throw error;
    }
  };
  // Repaying the debt whole would need repay-all; a partial repay leaves at least one native unit.
  let lo = 0n;
  let hi = fx.toIntFloor(debt.amount);
  let best: ReceivershipSizing | null = null;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    const sizing = accepted(mid);
    if (sizing) {
      lo = mid;
      best = sizing;
    } else hi = mid;
  }
  return best;
}

export interface ReceivershipLiquidationParams extends LiquidationContext, Liquidatee {
  assetBank: string;
  liabilityBank: string;
  /** Debt to repay, native units; by default the most end_liquidation accepts. */
  repayAmount?: bigint;
  /** The share of the repaid value taken on top in collateral (default 2.5%; capped by the program at ≥ 5%). */
  premium?: I80F48;
  /** Sells the withdrawn collateral for the debt token on the venue; without it the wallet pays from its own tokens. */
  swap?: { client: SwapClient; slippageBps: number };
  /** The fee state's figures; fetched when not given. */
  fees?: ReceivershipFees;
}

export interface ReceivershipLiquidationResult extends BroadcastResult {
  sizing: ReceivershipSizing;
  /** The venue's quote when the collateral was sold in the transaction. */
  quote: SwapQuote | null;
}

/**
 * Liquidation by receivership, in one transaction: compute budget, market refreshes, the liquidation record when the
 * account has none, start_liquidation, withdraw the collateral into the wallet, swap it on the venue for exactly the
 * debt repaid (ExactOut) or pay from the wallet's own tokens, repay, end_liquidation. The wallet is the receiver.
 */
export async function receivershipLiquidationAction(p: ReceivershipLiquidationParams): Promise<ReceivershipLiquidationResult> {
  const receiver = walletKey(p.wallet);
  const fees = p.fees ?? (await fetchReceivershipFees(p));
  const premium = p.premium ?? RECEIVERSHIP_DEFAULT_PREMIUM;
  const cap = fx.sub(receivershipMaxPremium(fees.liquidationMaxFee), fx.ONE);
  if (fx.cmp(premium, cap) > 0)
    throw new BallastSdkError("LIQUIDATION_PREMIUM_ABOVE_CAP", { premium: fx.toDecimal(premium), cap: fx.toDecimal(cap) });
  const balances = p.liquidatee.lendingAccount.balances;
  const banks = p.market.banks;
  const pair = { assetBank: p.assetBank, liabilityBank: p.liabilityBank, premium, liquidationMaxFee: fees.liquidationMaxFee };
  const risk = accountRisk(balances, banks);
  const sizing =
    p.repayAmount === undefined
      ? maxReceivership(balances, banks, pair)
      : receivershipSizing(risk, balances, banks, { ...pair, repay: p.repayAmount });
  if (sizing === null)
    throw new BallastSdkError("LIQUIDATION_REFUSED", { refusal: isLiquidatable(risk) ? "NothingToLiquidate" : "HealthyAccount" });
  if (sizing.check.refusal) throw new BallastSdkError("LIQUIDATION_REFUSED", { refusal: sizing.check.refusal });

  const lookup = marketBankLookup(p.market);
  // No balance opens or closes in between (partial withdraw and repay), so start and end price the same banks.
  const accountBanks = riskAccounts(p.liquidatee, lookup);
  const legContext = { ...p, marginfiAccount: p.liquidateeAccount };
  // Before its start, a receivership transaction admits refresh_reserve and refresh_obligation only.
  const { reserves, refreshes } = await marketRefreshes(p, pricedBanks([p.liquidatee]), [p.assetBank], { batch: false });
  const legs = { ...legContext, reserves };

  let quote: SwapQuote | null = null;
  // The program refuses instructions with under 8 bytes of data in a receivership (the token-account creations'),
  // so the wallet's token accounts and the route's are opened in a transaction of their own first.
  const setup = [openTokenAccount(p, p.assetBank), openTokenAccount(p, p.liabilityBank)];
  const trade: TransactionInstruction[] = [];
  let lookupTables = p.lookupTables ?? [];
  if (p.swap) {
    const [inputMint, outputMint] = [bankOf(p.market, p.assetBank).bank.mint, bankOf(p.market, p.liabilityBank).bank.mint];
    quote = await p.swap.client.quote({
      inputMint,
      outputMint,
      amount: sizing.repay,
      swapMode: "ExactOut",
      slippageBps: p.swap.slippageBps,
    });
    const spend = BigInt(quote.otherAmountThreshold);
    if (spend > sizing.withdraw) throw new BallastSdkError("LIQUIDATION_SWAP_UNPROFITABLE", { spend, withdraw: sizing.withdraw });
    const swap = await p.swap.client.instructions({ quote, user: receiver, wrapAndUnwrapSol: false });
    setup.push(...swap.setup);
    trade.push(swap.swap);
    lookupTables = await withLookupTables(p.connection, lookupTables, swap.lookupTableAddresses);
  }

  const record =
    p.liquidatee.liquidationRecord === DEFAULT_PUBKEY
      ? [initLiquidationRecordInstruction({ marginfiAccount: p.liquidateeAccount, feePayer: receiver, programId: p.programId })]
      : [];
  const instructions = [
    // The flash loan's placeholder budget, replaced in place when sent: the order is fixed (end must be last).
    ...flashLoanComputeBudget(),
    ...refreshes,
    ...record,
    startLiquidationInstruction({
      marginfiAccount: p.liquidateeAccount,
      liquidationReceiver: receiver,
      riskAccounts: accountBanks,
      programId: p.programId,
    }),
    withdrawLeg(legs, p.assetBank, sizing.withdraw, false, accountBanks),
    ...trade,
    repayLeg(legs, p.liabilityBank, sizing.repay, false),
    endLiquidationInstruction({
      marginfiAccount: p.liquidateeAccount,
      liquidationReceiver: receiver,
      globalFeeWallet: fees.globalFeeWallet,
      riskAccounts: accountBanks,
      programId: p.programId,
    }),
  ];
  // Marked as a flash loan so the send path keeps every instruction in place and puts any tip in its own transaction.
  const result = await sendDrafts(p, [{ instructions: setup }, { instructions, lookupTables, flashLoan: true }]);
  return { ...result, sizing, quote };
}

export interface HandleBankruptcyActionParams extends LiquidationContext {
  marginfiAccount: PublicKey;
  account: MarginfiAccount;
  /** The banks whose bad debt to settle; by default every bank the account owes. */
  banks?: readonly string[];
  /** The token program of each settled bank's mint; SPL Token when absent. */
  tokenPrograms?: ReadonlyMap<string, PublicKey>;
}

/**
 * Settles a bankrupt account's bad debt (handle_bankruptcy, one instruction per bank): the liability bank's insurance
 * fund covers what it can, the rest is socialised over its depositors, and the account is disabled. The wallet must
 * be the group's risk admin or admin unless the bank allows permissionless settlement.
 */
export async function handleBankruptcyAction(p: HandleBankruptcyActionParams): Promise<BroadcastResult> {
  const risk = accountRisk(p.account.lendingAccount.balances, p.market.banks);
  if (!isBankrupt(risk)) throw new BallastSdkError("ACCOUNT_NOT_BANKRUPT", { account: p.marginfiAccount.toBase58() });
  const owed = badDebtPositions(risk).map((position) => position.bank.address);
  const settled = p.banks ?? owed;
  const accounts = riskAccounts(p.account, marketBankLookup(p.market));
  const { refreshes } = await marketRefreshes(p, pricedBanks([p.account]), []);
  const instructions = settled.map((address) => {
    const bank = bankOf(p.market, address).bank;
    return handleBankruptcyInstruction({
      group: new PublicKey(bank.group),
      signer: walletKey(p.wallet),
      bank: new PublicKey(address),
      marginfiAccount: p.marginfiAccount,
      riskAccounts: accounts,
      mint: new PublicKey(bank.mint),
      tokenProgram: p.tokenPrograms?.get(address),
      programId: p.programId,
    });
  });
  // One transaction: the reserves' refreshes must share the slot of every settlement that prices them.
  return sendInstructions(p, [[...refreshes, ...instructions]]);
}
