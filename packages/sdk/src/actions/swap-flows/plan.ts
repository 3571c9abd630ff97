// What every swap flow shares: its context (the market, the swap API, the user's slippage), the plan it hands back
// (one transaction, built and measured, with the preview of what it leaves), the search for a route small enough to
// fit, and the preview computed with the same math the program applies.
import {
  ComputeBudgetProgram,
  PublicKey,
  type AccountMeta,
  type AddressLookupTableAccount,
  type Signer,
  type TransactionInstruction,
} from "@solana/web3.js";
import { DEFAULT_PUBKEY, MAX_LENDING_ACCOUNT_BALANCES, i80f48 as fx, type I80F48, type MarginfiAccount } from "@ballast/protocol";
import { flashloanInstructions } from "../../instructions/flashloan.js";
import { bankOracleKeys } from "../../instructions/risk-accounts.js";
import type { BankApy } from "../../math/bank-rates.js";
import { healthFactor } from "../../math/health-factor.js";
import { accountRisk, type AccountRisk, type BalanceLike } from "../../math/health.js";
import { accountLeverage } from "../../math/leverage.js";
import { liquidationPrice } from "../../math/liquidation-price.js";
import { accountNetApy, type NetApy } from "../../math/net-apy.js";
import type { PricedBank } from "../../math/priced-bank.js";
import type { Market } from "../../state/market.js";
import type { SwapClient, SwapInstructions, SwapQuote, SwapQuoteRequest } from "../../swap/client.js";
import { COMPUTE_UNITS, DEFAULT_COMPUTE_UNIT_PRICE } from "../../transactions/compute-budget.js";
import { reservedBytes } from "../../transactions/packing.js";
import { MAX_TRANSACTION_SIZE, fitsInTransaction, measureInstructions } from "../../transactions/size.js";
import type { BroadcastResult } from "../../transactions/broadcast.js";
import { withLookupTables } from "../lookup-tables.js";
import { sendDrafts, type ActionContext } from "../send.js";
import { walletKey } from "../wallet.js";
import { BallastSdkError } from "../../errors.js";

export interface SwapFlowContext extends ActionContext {
  /** The market as loadMarket returns it: every bank the flow and the account touch. */
  market: Market;
  swap: SwapClient;
  /** The swap's tolerance: the router refuses to deliver less (or take more) than the quote by this much. */
  slippageBps: number;
  /** The APYs the preview's net APY uses (the markets table's); without it the preview has none. */
  apyOf?: (bank: PricedBank) => BankApy;
  /** The most accounts a route may add (the quote's maxAccounts); smaller routes are still tried when it does not fit. */
  maxSwapAccounts?: number;
}

export type SwapFlowKind = "loop" | "repayWithCollateral" | "withdrawAndSwap" | "closeLeveraged";

export interface SwapFlowPreview {
  /** The account's balances after the transaction. */
  readonly balances: readonly BalanceLike[];
  readonly risk: AccountRisk;
  readonly healthFactor: I80F48;
  readonly leverage: I80F48 | null;
  /** Of the flow's collateral position, when it remains. */
  readonly liquidationPrice: I80F48 | null;
  readonly netApy: NetApy | null;
  /** Percent (1.5 = 1.5 %); Jupiter's quote gives it as a fraction. */
  readonly priceImpactPct: number;
  readonly inputMint: string;
  readonly outputMint: string;
  readonly inAmount: bigint;
  readonly outAmount: bigint;
  /** What the router guarantees out: the threshold for ExactIn, the exact amount for ExactOut. */
  readonly minimumReceived: bigint;
  /** What the router may take in: the threshold for ExactOut, the exact amount for ExactIn. */
  readonly maximumSpent: bigint;
  readonly routeLabels: readonly string[];
}

export interface SwapFlowPlan {
  readonly kind: SwapFlowKind;
  /** The account acted on; a loop without one creates it in the same transaction. */
  readonly marginfiAccount: PublicKey;
  readonly quote: SwapQuote;
  readonly preview: SwapFlowPreview;
  /** Bytes of the signed transaction (≤ 1232, compute budget included). */
  readonly transactionSize: number;
  readonly instructions: readonly TransactionInstruction[];
  readonly lookupTables: readonly AddressLookupTableAccount[];
  /** Signers besides the wallet (a new account's keypair). */
  readonly signers: readonly Signer[];
  /** Flash-loan transactions keep their instructions in place: the start records the end's index. */
  readonly flashLoan: boolean;
}

/** An existing account acted on by a flow. */
export interface FlowAccount {
  marginfiAccount: PublicKey;
  account: MarginfiAccount;
}

export function pricedBank(market: Market, address: string): PricedBank {
  const bank = market.banks.get(address);
  if (bank === undefined) throw new BallastSdkError("BANK_NOT_FOUND", { bank: address });
  return bank;
}

/** A new account's slots: all inactive. */
export function emptyBalances(): BalanceLike[] {
  return Array.from({ length: MAX_LENDING_ACCOUNT_BALANCES }, () => ({
    active: false,
    bankPk: DEFAULT_PUBKEY,
    assetShares: fx.ZERO,
    liabilityShares: fx.ZERO,
  }));
}

/**
 * Route sizes asked for, largest first: a flash loan's own accounts leave a route less room than a plain swap, so
 * when the transaction does not fit, the route is asked again with fewer accounts.
 */
export const MAX_ACCOUNTS_STEPS = [40, 30, 20, 14] as const;

/** The placeholder compute budget a flash-loan transaction carries: replaced in place when it is sent. */
export function flashLoanComputeBudget(): TransactionInstruction[] {
  return [
    ComputeBudgetProgram.setComputeUnitLimit({ units: COMPUTE_UNITS.FLASH_LOAN_TRANSACTION }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: DEFAULT_COMPUTE_UNIT_PRICE }),
  ];
}

/** A flow's transaction around one swap, as its builder lays it out. */
export interface BuiltTransaction {
  readonly instructions: TransactionInstruction[];
  readonly flashLoan: boolean;
  readonly signers: readonly Signer[];
}

export interface FittedSwap {
  readonly quote: SwapQuote;
  readonly swap: SwapInstructions;
  readonly built: BuiltTransaction;
  readonly lookupTables: AddressLookupTableAccount[];
  readonly size: number;
}

/** The route sizes to try, largest first, none above `cap`; a cap below every step is tried alone. */
export function maxAccountsSteps(cap?: number): number[] {
  if (cap === undefined) return [...MAX_ACCOUNTS_STEPS];
  const steps = MAX_ACCOUNTS_STEPS.filter((n) => n <= cap);
  return steps[0] === cap ? steps : [cap, ...steps];
}

/**
 * Quotes the swap and builds the flow's transaction around its instructions, asking for smaller routes until the
 * transaction fits in 1232 bytes and 64 keys; throws SWAP_ROUTE_TOO_LARGE when even the smallest does not.
 */
export async function fitSwap(
  p: SwapFlowContext,
  request: Omit<SwapQuoteRequest, "maxAccounts" | "slippageBps">,
  build: (quote: SwapQuote, swap: SwapInstructions) => BuiltTransaction | Promise<BuiltTransaction>,
): Promise<FittedSwap> {
  const payer = walletKey(p.wallet);
  let smallest = 0;
  for (const maxAccounts of maxAccountsSteps(p.maxSwapAccounts)) {
    const quote = await p.swap.quote({ ...request, slippageBps: p.slippageBps, maxAccounts });
    const swap = await p.swap.instructions({ quote, user: payer, wrapAndUnwrapSol: false });
    const built = await build(quote, swap);
    const lookupTables = await withLookupTables(p.connection, p.lookupTables ?? [], swap.lookupTableAddresses);
    let measurement;
    try {
      measurement = measureInstructions({ payer, instructions: built.instructions, lookupTables });
    } catch {
      continue;
    }
    // A flash loan carries its compute budget already; any other transaction gets one added when sent.
    const reserve = built.flashLoan ? 0 : reservedBytes({ computeBudget: true });
    const size = measurement.bytes + reserve;
    if (fitsInTransaction(measurement, reserve)) return { quote, swap, built, lookupTables, size };
    smallest = size;
  }
  throw new BallastSdkError("SWAP_ROUTE_TOO_LARGE", { bytes: smallest, limit: MAX_TRANSACTION_SIZE });
}

/** The preview of the balances a flow leaves, with its swap's figures. */
export function flowPreview(p: SwapFlowContext, balances: BalanceLike[], quote: SwapQuote, collateralBank: string | null): SwapFlowPreview {
  const risk = accountRisk(balances, p.market.banks);
  const collateral = risk.positions.find((position) => position.side === "assets" && position.bank.address === collateralBank);
  const exactIn = quote.swapMode === "ExactIn";
  const [inAmount, outAmount, threshold] = [BigInt(quote.inAmount), BigInt(quote.outAmount), BigInt(quote.otherAmountThreshold)];
  return {
    balances,
    risk,
    healthFactor: healthFactor(risk.health.maintenance),
    leverage: accountLeverage(risk),
    liquidationPrice: collateral ? liquidationPrice(risk, collateral) : null,
    netApy: p.apyOf ? accountNetApy(risk, p.apyOf) : null,
    priceImpactPct: Number(quote.priceImpactPct) * 100,
    inputMint: quote.inputMint,
    outputMint: quote.outputMint,
    inAmount,
    outAmount,
    minimumReceived: exactIn ? threshold : outAmount,
    maximumSpent: exactIn ? inAmount : threshold,
    routeLabels: quote.routePlan.map((step) => step.swapInfo.label ?? step.swapInfo.ammKey),
  };
}

/** The program ends a flash loan with an Initial check: a plan that would fail it is refused before signing. */
export function refuseBelowInitial(preview: SwapFlowPreview): void {
  const { initial } = preview.risk.health;
  if (fx.cmp(initial.assets, initial.liabilities) < 0) {
    throw new BallastSdkError("SWAP_FLOW_UNHEALTHY", {
      assets: fx.toDecimal(initial.assets),
      liabilities: fx.toDecimal(initial.liabilities),
    });
  }
}

/** The account's banks after the flow, with their oracles: what the end of a flash loan prices. */
export function riskAccountsOf(p: SwapFlowContext, balances: readonly BalanceLike[]): AccountMeta[] {
  const keys = balances
    .filter((balance) => Boolean(balance.active))
    .map((balance) => new PublicKey(balance.bankPk))
    .sort((a, b) => Buffer.compare(b.toBuffer(), a.toBuffer()));
  return keys.flatMap((key) =>
    [key, ...bankOracleKeys(pricedBank(p.market, key.toBase58()).bank)].map((pubkey) => ({ pubkey, isSigner: false, isWritable: false })),
  );
}

export interface FlashLoanLayout {
  marginfiAccount: PublicKey;
  /** Before the loan: account creation, market refreshes, wrapping. */
  before: readonly TransactionInstruction[];
  /** Inside it: the legs and the swap; their health checks wait for the end. */
  inner: readonly TransactionInstruction[];
  /** After it: unwrapping. */
  after: readonly TransactionInstruction[];
  /** The end's risk accounts: the account as the inner instructions leave it. */
  riskAccounts: readonly AccountMeta[];
  signers?: readonly Signer[];
}

/** compute budget (replaced in place when sent), before, start, inner, end, after: one transaction. */
export function flashLoanTransaction(p: SwapFlowContext, layout: FlashLoanLayout): BuiltTransaction {
  const budget = flashLoanComputeBudget();
  const loan = flashloanInstructions({
    marginfiAccount: layout.marginfiAccount,
    authority: walletKey(p.wallet),
    riskAccounts: layout.riskAccounts,
    instructions: [...layout.inner],
    startIndex: budget.length + layout.before.length,
    programId: p.programId,
  });
  return { instructions: [...budget, ...layout.before, ...loan, ...layout.after], flashLoan: true, signers: layout.signers ?? [] };
}

/** Signs and sends a plan's one transaction. */
export async function sendSwapFlow(context: ActionContext, plan: SwapFlowPlan): Promise<BroadcastResult & { marginfiAccount: PublicKey }> {
  const result = await sendDrafts(context, [
    { instructions: [...plan.instructions], signers: [...plan.signers], lookupTables: [...plan.lookupTables], flashLoan: plan.flashLoan },
  ]);
  return { ...result, marginfiAccount: plan.marginfiAccount };
}

/** The plan a flow hands back: its fitted transaction and the preview of what it leaves. */
export function flowPlan(kind: SwapFlowKind, marginfiAccount: PublicKey, fitted: FittedSwap, preview: SwapFlowPreview): SwapFlowPlan {
  return {
    kind,
    marginfiAccount,
    quote: fitted.quote,
    preview,
    transactionSize: fitted.size,
    instructions: fitted.built.instructions,
    lookupTables: fitted.lookupTables,
    signers: fitted.built.signers,
    flashLoan: fitted.built.flashLoan,
  };
}
