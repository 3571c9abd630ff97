// The liquidator's own margin account: the backing a classic liquidation needs (the debt it takes over must leave
// the account healthy), topped up at start, and the rebalancing that turns what liquidations left in it (seized
// collateral, debts taken over) back into the quote bank's token through the swap venue.
import { BankFlags, decodeMarginfiAccount, i80f48 as fx, type MarginfiAccount } from "@ballast/protocol";
import {
  NATIVE_SOL_MINT,
  accountRisk,
  associatedTokenAddress,
  badDebtPositions,
  depositAction,
  fetchMarginAccounts,
  positionUsdValue,
  repayWithCollateralAction,
  toNumber,
  withdrawAndSwapAction,
  type AccountRisk,
  type ActionContext,
  type Market,
  type Position,
  type SwapClient,
} from "@ballast/sdk";
import { PublicKey } from "@solana/web3.js";
import type { Logger } from "pino";
import type { LiquidatorConfig } from "./config.js";
import type { LiquidatorMetrics } from "./metrics.js";

/** Lamports a wallet keeps for fees and rent when its SOL is the backing. */
const SOL_KEPT_LAMPORTS = 50_000_000n;
/** Positions worth less are not worth a swap's fees. */
const DUST_USD = 0.01;

export interface OwnAccount {
  readonly address: PublicKey;
  readonly account: MarginfiAccount;
}

interface BackingParams {
  readonly context: ActionContext;
  readonly config: LiquidatorConfig;
  readonly group: string;
  readonly market: Market;
  readonly log: Logger;
}

/** The group's quote bank among the configured ones, or null. */
function quoteBankOf(config: LiquidatorConfig, market: Market): string | null {
  return config.quoteBanks.find((bank) => market.banks.has(bank)) ?? null;
}

/** The wallet's spendable balance of a mint, native units. */
async function walletHolding(context: ActionContext, owner: PublicKey, mint: string): Promise<bigint> {
  if (mint === NATIVE_SOL_MINT) {
    const lamports = BigInt(await context.connection.getBalance(owner, "confirmed"));
    return lamports > SOL_KEPT_LAMPORTS ? lamports - SOL_KEPT_LAMPORTS : 0n;
  }
  try {
    const { value } = await context.connection.getTokenAccountBalance(associatedTokenAddress(new PublicKey(mint), owner), "confirmed");
    return BigInt(value.amount);
  } catch {
    return 0n;
  }
}

function depositIn(risk: AccountRisk, bank: string): bigint {
  const position = risk.positions.find((p) => p.side === "assets" && p.bank.address === bank);
  return position ? fx.toIntFloor(position.amount) : 0n;
}

/**
 * The wallet's margin account in the group (the one holding the quote bank, else the first), with the quote bank's
 * deposit topped up to the configured backing from the wallet; null when it has none and none was made.
 */
export async function ensureBacking({ context, config, group, market, log }: BackingParams): Promise<OwnAccount | null> {
  const owner = config.wallet.publicKey;
  const accounts = await fetchMarginAccounts(context.connection, config.programId, group, owner.toBase58());
  const quote = quoteBankOf(config, market);
  const holdsQuote = (a: { account: MarginfiAccount }) =>
    a.account.lendingAccount.balances.some((b) => b.active !== 0 && b.bankPk === quote);
  let own = accounts.find(holdsQuote) ?? accounts[0] ?? null;

  if (quote !== null && config.quoteDeposit > 0n) {
    const held = own ? depositIn(accountRisk(own.account.lendingAccount.balances, market.banks), quote) : 0n;
    const missing = config.quoteDeposit - held;
    if (missing > 0n) {
      const mint = market.banks.get(quote)!.bank.mint;
      const holding = await walletHolding(context, owner, mint);
      const amount = holding < missing ? holding : missing;
      if (amount < missing)
        log.warn({ group, bank: quote, missing: String(missing - amount) }, "the wallet holds too little for the configured backing");
      if (amount > 0n) {
        const { marginfiAccount } = await depositAction({
          ...context,
          market,
          bank: quote,
          amount,
          marginfiAccount: own ? new PublicKey(own.address) : undefined,
        });
        log.info({ group, bank: quote, amount: String(amount), account: marginfiAccount.toBase58() }, "backing deposited");
        const fresh = await reloadOwn(context, marginfiAccount);
        own = { address: fresh.address.toBase58(), account: fresh.account };
      }
    }
  }
  if (own === null) {
    log.warn({ group }, "no margin account: classic liquidations need one with backing (--quote-bank, --quote-deposit)");
    return null;
  }
  return { address: new PublicKey(own.address), account: own.account };
}

/**
 * Whether the wallet may settle the account's bad debt: as the group's admin or risk admin, or because every bank
 * it owes allows permissionless settlement.
 */
export function canSettleBankruptcy(wallet: PublicKey, market: Market, risk: AccountRisk): boolean {
  const key = wallet.toBase58();
  if (market.group.admin === key || market.group.riskAdmin === key) return true;
  return badDebtPositions(risk).every((p) => (p.bank.bank.flags & BankFlags.PERMISSIONLESS_BAD_DEBT_SETTLEMENT_FLAG) !== 0n);
}

interface RebalanceParams {
  readonly context: ActionContext;
  readonly config: LiquidatorConfig;
  readonly swap: SwapClient;
  readonly market: Market;
  readonly own: OwnAccount;
  readonly metrics: LiquidatorMetrics;
  readonly log: Logger;
}

/** The position's worth at its unbiased spot price, USD; 0 without a price. */
function usd(position: Position): number {
  const value = positionUsdValue(position);
  return value === null ? 0 : toNumber(value);
}

/** The account as the chain holds it now. */
export async function reloadOwn(context: ActionContext, address: PublicKey): Promise<OwnAccount> {
  const info = await context.connection.getAccountInfo(address, "confirmed");
  if (!info) throw new Error(`the liquidator's account ${address.toBase58()} is gone`);
  return { address, account: decodeMarginfiAccount(info.data) };
}

/**
 * Repays every debt the account took over with its seized collateral (swapped on the venue), then sells what
 * collateral is left for the quote bank's token and deposits it there. Each step is its own transaction; a failed
 * one is logged and the rest go on.
 */
export async function rebalance({ context, config, swap, market, own, metrics, log }: RebalanceParams): Promise<void> {
  const flow = { ...context, market, swap, slippageBps: config.slippageBps, maxSwapAccounts: config.maxAccountsPerTransaction };
  const quote = quoteBankOf(config, market);
  let current = own;
  const risk = () => accountRisk(current.account.lendingAccount.balances, market.banks);

  for (const debt of risk().positions.filter((p) => p.side === "liabilities")) {
    const deposits = risk().positions.filter((p) => p.side === "assets" && p.bank.address !== debt.bank.address);
    // Seized collateral first (largest first), the quote backing last.
    const payer = deposits.sort((a, b) => Number(a.bank.address === quote) - Number(b.bank.address === quote) || usd(b) - usd(a))[0];
    if (!payer) continue;
    const fields = { debtBank: debt.bank.address, collateralBank: payer.bank.address };
    try {
      metrics.record("rebalance", "sent");
      const result = await repayWithCollateralAction({
        ...flow,
        marginfiAccount: current.address,
        account: current.account,
        collateralBank: payer.bank.address,
        debtBank: debt.bank.address,
        amount: 0n,
        repayAll: true,
      });
      metrics.record("rebalance", "landed");
      log.info({ ...fields, signature: result.signatures.at(-1) }, "debt repaid with seized collateral");
    } catch (error) {
      metrics.record("rebalance", "failed");
      log.warn({ ...fields, err: error }, "debt not repaid with collateral");
    }
    current = await reloadOwn(context, current.address);
  }

  if (quote === null) return;
  const quoteMint = market.banks.get(quote)!.bank.mint;
  for (const seized of risk().positions.filter((p) => p.side === "assets" && p.bank.address !== quote)) {
    if (seized.bank.bank.mint === quoteMint || usd(seized) < DUST_USD) continue;
    const owner = config.wallet.publicKey;
    const fields = { bank: seized.bank.address, quoteBank: quote };
    try {
      const before = await walletHolding(context, owner, quoteMint);
      metrics.record("rebalance", "sent");
      await withdrawAndSwapAction({
        ...flow,
        marginfiAccount: current.address,
        account: current.account,
        bank: seized.bank.address,
        amount: 0n,
        withdrawAll: true,
        outputMint: quoteMint,
      });
      const received = (await walletHolding(context, owner, quoteMint)) - before;
      if (received > 0n) {
        current = await reloadOwn(context, current.address);
        await depositAction({ ...context, market, bank: quote, amount: received, marginfiAccount: current.address });
      }
      metrics.record("rebalance", "landed");
      log.info({ ...fields, received: String(received) }, "seized collateral sold into the quote bank");
    } catch (error) {
      metrics.record("rebalance", "failed");
      log.warn({ ...fields, err: error }, "seized collateral not sold");
    }
    current = await reloadOwn(context, current.address);
  }
}
