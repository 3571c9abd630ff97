// A background of simulated users: a few dozen wallets derived from the admin, each at home in one market, who
// deposit, borrow, repay and withdraw through the SDK's actions every few seconds, sized by the SDK's max amounts.
// Most stay healthy (they borrow a third of what they could at most and repay when health runs low); every fifth is a
// risk-taker who borrows close to its limit and never de-risks, so falling prices liquidate some. A failed action is logged and the next one goes on; stop() waits for the action in flight. Each
// market's actions load its banks' keys from a lookup table, and a user holds at most MAX_USER_BANKS banks, so every
// health check fits one transaction.
// Now and then a user loops a pair with a pool of the venue (flash loan, borrow, swap, deposit: the SDK's loopAction)
// in its loop account, and later unwinds it (closeLeveragedAction), so the pools, the router and flash loans see
// traffic; without a quote API to swap through they never loop.
import { createHash } from "node:crypto";
import {
  PublicKey,
  SystemProgram,
  type AddressLookupTableAccount,
  type Connection,
  type Keypair,
  type TransactionInstruction,
} from "@solana/web3.js";
import { TOKEN_PROGRAM_ID, createMintToInstruction } from "@solana/spl-token";
import { decimalToUnits } from "@ballast/oracles";
import { startPeriodic, type PeriodicJob } from "@ballast/scheduler";
import { BankOperationalState, RiskTier, i80f48 as fx } from "@ballast/protocol";
import {
  SLIPPAGE,
  SwapClient,
  accountRisk,
  associatedTokenAddress,
  borrowAction,
  closeLeveragedAction,
  createAssociatedTokenAccountInstruction,
  depositAction,
  fetchMarginAccount,
  fetchMarginAccounts,
  fetchWalletBalances,
  healthFactor,
  initializeAccountPdaInstruction,
  isBallastSdkError,
  keypairWallet,
  leveragedPosition,
  loadMarket,
  loopAction,
  maxBorrow,
  maxDeposit,
  maxRepay,
  maxWithdraw,
  repayAction,
  repayAllAction,
  walletFunds,
  withdrawAction,
  withdrawAllAction,
  type AccountRisk,
  type ActionContext,
  type MarginAccount,
  type Market,
  type PricedBank,
  type WalletFunds,
} from "@ballast/sdk";
import { nativeForUsd } from "./liquidity.js";
import { derivedKeypair } from "./keys.js";
import { LOOP_ACCOUNT_INDEX, loopAccountAddress, loopLeverage, loopPairs } from "./loops.js";
import { sendPacked, sendTransaction } from "./send.js";
import { mainMarket, type SandboxState } from "./state.js";
import { venuePools, type VenuePool } from "./venue.js";

/** A loop opens a leveraged position in the user's loop account; an unwind closes it whole. */
export type UserActionKind = "deposit" | "borrow" | "repay" | "withdraw" | "loop" | "unwind";

export interface UserAction {
  readonly user: string;
  readonly market: string;
  readonly kind: UserActionKind;
  /** The bank acted on; a loop's or unwind's collateral. */
  readonly symbol: string;
  /** Native units, a decimal string: a loop's principal, an unwind's collateral sold. */
  readonly amount: string;
  readonly signatures: readonly string[];
  /** A loop's or unwind's debt. */
  readonly debtSymbol?: string;
  /** A loop's target leverage, a decimal string. */
  readonly leverage?: string;
}

export interface SimulatedUsersOptions {
  /** How many users; 30 by default. */
  count?: number;
  /** Milliseconds between the starts of consecutive actions; 1500 by default. */
  intervalMs?: number;
  /** Seed of the users' choices. */
  seed?: string;
  /**
   * The quote API the users' loops and unwinds swap through (swapApiUrl(serverUrl) for our server's); without one
   * they never loop. While it cannot be reached they skip looping, saying so once.
   */
  swapApiUrl?: string;
  /** Chance that an action of a user without a loop opens one; 0.04 by default. */
  loopChance?: number;
  /** Chance that an action of a user with a loop unwinds it; 0.15 by default (at once when its health runs low). */
  unwindChance?: number;
  onAction?: (action: UserAction) => void;
  log?: (message: string) => void;
}

/** SOL each user starts with, and whole USD of every other token. */
const USER_LAMPORTS = 200_000_000_000n;
const USER_TOKEN_USD = 25_000n;
/** A user below this SOL balance has not been funded yet. */
const FUNDED_LAMPORTS = 1_000_000_000n;
/** Below this maintenance health factor a user repays (or unwinds its loop) before anything else. */
const LOW_HEALTH = fx.fromDecimal("0.3");
const LOOP_CHANCE = 0.04;
const UNWIND_CHANCE = 0.15;
const NATIVE_MINT = "So11111111111111111111111111111111111111112";
/**
 * Banks one user's account holds at most: a health check names each with its oracles, and past this many an action
 * on the Kamino bank (its refreshes and the market's accounts besides) nears the 64 accounts a transaction may lock.
 */
export const MAX_USER_BANKS = 8;

/** How boldly a user borrows: the share of its max borrow it takes (percent), and whether it repays when health runs low. */
export interface Appetite {
  readonly borrowPercent: readonly [low: number, high: number];
  readonly derisks: boolean;
}

export const CAUTIOUS: Appetite = { borrowPercent: [10, 35], derisks: true };
/** Borrows close to its limit and never de-risks, so ordinary price walks (or the price control) liquidate it. */
export const RISK_TAKER: Appetite = { borrowPercent: [85, 98], derisks: false };

/** Every fifth user takes risks. */
export function appetiteOf(index: number): Appetite {
  return index % 5 === 4 ? RISK_TAKER : CAUTIOUS;
}

interface SimulatedUser {
  readonly keypair: Keypair;
  readonly appetite: Appetite;
  readonly group: string;
  readonly market: string;
  readonly lookupTable: AddressLookupTableAccount;
}

/** A small seeded generator (mulberry32): the same seed gives the same choices. */
function generator(seed: string): () => number {
  let state = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class SimulatedUsers {
  private readonly random: () => number;
  private readonly log: (message: string) => void;
  private readonly swap: SwapClient | null;
  private readonly pools: readonly VenuePool[];
  /** Set while the quote API cannot be reached, so that is logged once, not at every loop. */
  private swapUnreachable = false;
  private actions: PeriodicJob | null = null;
  private stopping = false;

  private constructor(
    private readonly connection: Connection,
    private readonly state: SandboxState,
    private readonly users: readonly SimulatedUser[],
    private readonly options: SimulatedUsersOptions,
  ) {
    this.random = generator(options.seed ?? "ballast-users");
    this.log = options.log ?? ((text) => console.error(text));
    this.swap = options.swapApiUrl ? new SwapClient(options.swapApiUrl) : null;
    this.pools = venuePools(state);
  }

  /**
   * Derives the users (two in three at home in the main market, the rest spread over the arenas) and funds new ones;
   * `tables` holds every market's lookup table by group (createMarketLookupTables).
   */
  static async create(
    connection: Connection,
    admin: Keypair,
    state: SandboxState,
    tables: ReadonlyMap<string, AddressLookupTableAccount>,
    options: SimulatedUsersOptions = {},
  ): Promise<SimulatedUsers> {
    const count = options.count ?? 30;
    const main = mainMarket(state);
    const arenas = state.markets.slice(1);
    const missing = state.markets.find((market) => !tables.has(market.group));
    if (missing) throw new Error(`No lookup table for market ${missing.name} (${missing.group})`);
    const users = Array.from({ length: count }, (_, i): SimulatedUser => {
      const market = (i % 3 === 2 ? arenas[Math.floor(i / 3) % arenas.length] : undefined) ?? main;
      return {
        keypair: derivedKeypair(admin, `user/${i}`),
        appetite: appetiteOf(i),
        group: market.group,
        market: market.name,
        lookupTable: tables.get(market.group)!,
      };
    });
    await fundUsers(connection, admin, state, users);
    return new SimulatedUsers(connection, state, users, options);
  }

  /** Starts acting: one action now, then one every intervalMs (never overlapping; a late action is followed at once). */
  start(): void {
    if (this.stopping) throw new Error("the simulated users were stopped");
    if (this.actions) throw new Error("the simulated users were already started");
    this.actions = startPeriodic({
      intervalMs: this.options.intervalMs ?? 1_500,
      immediate: true,
      overrun: "catch-up",
      // actOnce logs a failed action itself, naming the user; onError sees only what escapes it.
      run: () => this.actOnce(),
      onError: (error) => this.log(`simulated users: ${message(error)}`),
    });
  }

  /** Stops scheduling and waits for the action in flight. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.actions?.stop();
  }

  /** One random user takes one action; null when it had nothing sensible to do or the action failed (logged). */
  async actOnce(): Promise<UserAction | null> {
    const user = this.users[Math.floor(this.random() * this.users.length)];
    if (!user) return null;
    try {
      const action = await this.act(user);
      if (action) this.options.onAction?.(action);
      return action;
    } catch (error) {
      this.log(`simulated user ${user.keypair.publicKey.toBase58()} in ${user.market}: ${message(error)}`);
      return null;
    }
  }

  private pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[Math.floor(this.random() * items.length)];
  }

  /** A share of `amount` between `low` and `high` percent. */
  private share(amount: bigint, low: number, high: number): bigint {
    const percent = BigInt(low + Math.floor(this.random() * (high - low + 1)));
    return (amount * percent) / 100n;
  }

  private async act(user: SimulatedUser): Promise<UserAction | null> {
    const programId = this.state.programId;
    const owner = user.keypair.publicKey;
    const [market, accounts, balances] = await Promise.all([
      loadMarket(this.connection, { programId, group: user.group }),
      fetchMarginAccounts(this.connection, programId, user.group, owner.toBase58()),
      fetchWalletBalances(
        this.connection,
        owner.toBase58(),
        this.state.tokens.map((t) => ({ mint: t.mint, decimals: t.decimals, tokenProgram: TOKEN_PROGRAM_ID.toBase58() })),
      ),
    ]);
    const banks = [...market.banks.values()];
    const funds = (bank: PricedBank): WalletFunds => walletFunds(balances, bank.bank.mint);
    const context: ActionContext = {
      connection: this.connection,
      wallet: keypairWallet(user.keypair),
      programId: new PublicKey(programId),
      lookupTables: [user.lookupTable],
    };
    const done = (kind: UserActionKind, bank: PricedBank, amount: bigint, signatures: readonly string[]): UserAction =>
      this.action(user, kind, bank, amount, signatures);

    const loopAddress = loopAccountAddress(user.group, owner, programId).toBase58();
    const looped = await this.loopOrUnwind(user, context, market, accounts.find((a) => a.address === loopAddress) ?? null, funds);
    if (looped) return looped;

    const existing = accounts.find((a) => a.address !== loopAddress);
    const active = (existing?.account.lendingAccount.balances ?? []).filter((b) => b.active !== 0);
    const held = new Set(active.map((b) => b.bankPk));
    // The program refuses a deposit into a bank the account owes (6019 "Operation is deposit-only"): repay is for that.
    const owing = new Set(active.filter((b) => b.liabilityShares > 0n).map((b) => b.bankPk));
    // A bank the account does not hold yet only while it holds fewer than MAX_USER_BANKS.
    const canHold = (bank: PricedBank) => held.has(bank.address) || held.size < MAX_USER_BANKS;
    const deposit = async (): Promise<UserAction | null> => {
      const candidates = banks.filter(
        (b) => b.bank.config.riskTier !== RiskTier.Isolated && !owing.has(b.address) && canHold(b) && maxDeposit(b, funds(b)) > 0n,
      );
      const bank = this.pick(candidates);
      if (!bank) return null;
      const amount = this.share(maxDeposit(bank, funds(bank)), 5, 20);
      if (amount === 0n) return null;
      const result = await depositAction({
        ...context,
        market,
        bank: bank.address,
        amount,
        marginfiAccount: existing ? new PublicKey(existing.address) : undefined,
      });
      return done("deposit", bank, amount, result.signatures);
    };
    if (!existing) return deposit();

    const marginfiAccount = new PublicKey(existing.address);
    const risk: AccountRisk = accountRisk(existing.account.lendingAccount.balances, market.banks);
    const assets = risk.positions.filter((p) => p.side === "assets");
    const debts = risk.positions.filter((p) => p.side === "liabilities");
    if (assets.length === 0) return deposit();

    const repay = async (): Promise<UserAction | null> => {
      const position = this.pick(debts.filter((p) => maxRepay(risk, p.bank, funds(p.bank)) > 0n));
      if (!position) return null;
      const bank = position.bank;
      const most = maxRepay(risk, bank, funds(bank));
      const whole = most === fx.toIntCeil(position.amount);
      const params = { ...context, market, bank: bank.address, marginfiAccount };
      if (whole && this.random() < 0.5) return done("repay", bank, most, (await repayAllAction({ ...params, amount: most })).signatures);
      const amount = this.share(most, 30, 70);
      if (amount === 0n) return null;
      return done("repay", bank, amount, (await repayAction({ ...params, amount })).signatures);
    };
    const borrow = async (): Promise<UserAction | null> => {
      const borrowed = new Set(debts.map((p) => p.bank.address));
      const candidates = banks.filter(
        (b) =>
          b.bank.config.operationalState === BankOperationalState.Operational &&
          b.bank.config.riskTier !== RiskTier.Isolated &&
          (borrowed.has(b.address) || !held.has(b.address)) &&
          canHold(b) &&
          maxBorrow(risk, b) > 0n,
      );
      const bank = this.pick(candidates);
      if (!bank) return null;
      const amount = this.share(maxBorrow(risk, bank), ...user.appetite.borrowPercent);
      if (amount === 0n) return null;
      const result = await borrowAction({
        ...context,
        market,
        bank: bank.address,
        marginfiAccount,
        account: existing.account,
        amount,
      });
      return done("borrow", bank, amount, result.signatures);
    };
    const withdraw = async (): Promise<UserAction | null> => {
      const position = this.pick(assets.filter((p) => maxWithdraw(risk, p.bank) > 0n));
      if (!position) return null;
      const bank = position.bank;
      const params = { ...context, market, bank: bank.address, marginfiAccount, account: existing.account };
      if (debts.length === 0 && assets.length > 1 && this.random() < 0.3) {
        return done("withdraw", bank, fx.toIntFloor(position.amount), (await withdrawAllAction(params)).signatures);
      }
      const amount = this.share(maxWithdraw(risk, bank), 10, 40);
      if (amount === 0n) return null;
      return done("withdraw", bank, amount, (await withdrawAction({ ...params, amount })).signatures);
    };

    const lowHealth = debts.length > 0 && fx.cmp(healthFactor(risk.health.maintenance), LOW_HEALTH) < 0;
    if (lowHealth && user.appetite.derisks) return repay();
    // No debt yet: mostly borrow, so activity has borrows from the start.
    const choices: [number, () => Promise<UserAction | null>][] =
      debts.length === 0
        ? [
            [0.65, borrow],
            [0.25, deposit],
            [0.1, withdraw],
          ]
        : user.appetite.derisks
          ? [
              [0.25, deposit],
              [0.25, borrow],
              [0.3, repay],
              [0.2, withdraw],
            ]
          : [
              [0.25, deposit],
              [0.45, borrow],
              [0.1, repay],
              [0.2, withdraw],
            ];
    let roll = this.random();
    for (const [weight, choice] of choices) {
      roll -= weight;
      if (roll < 0) return (await choice()) ?? deposit();
    }
    return deposit();
  }

  /**
   * Now and then a loop, or later its unwind, in the user's loop account; null when the user does neither this time
   * (no quote API, the dice, no pair it can fund, or the quote API out of reach), and an everyday action follows.
   */
  private async loopOrUnwind(
    user: SimulatedUser,
    context: ActionContext,
    market: Market,
    loopAccount: MarginAccount | null,
    funds: (bank: PricedBank) => WalletFunds,
  ): Promise<UserAction | null> {
    const swap = this.swap;
    if (!swap) return null;
    const flow = { ...context, market, swap, slippageBps: SLIPPAGE.AUTO_BPS };
    const balances = loopAccount?.account.lendingAccount.balances ?? [];
    if (loopAccount && balances.some((b) => b.active !== 0)) {
      const risk = accountRisk(balances, market.banks);
      const position = leveragedPosition(risk);
      if (!position) return null;
      const low = fx.cmp(healthFactor(risk.health.maintenance), LOW_HEALTH) < 0;
      if (!low && this.random() >= (this.options.unwindChance ?? UNWIND_CHANCE)) return null;
      const { collateral, debt } = position;
      const result = await this.swapping(swap, () =>
        closeLeveragedAction({
          ...flow,
          marginfiAccount: new PublicKey(loopAccount.address),
          account: loopAccount.account,
          collateralBank: collateral.bank.address,
          debtBank: debt.bank.address,
        }),
      );
      if (!result) return null;
      const sold = fx.toIntFloor(collateral.amount);
      return { ...this.action(user, "unwind", collateral.bank, sold, result.signatures), debtSymbol: this.symbolOf(debt.bank) };
    }

    if (this.random() >= (this.options.loopChance ?? LOOP_CHANCE)) return null;
    const pair = this.pick(loopPairs(market, this.pools).filter((p) => maxDeposit(p.collateral, funds(p.collateral)) > 0n));
    if (!pair) return null;
    const principal = this.share(maxDeposit(pair.collateral, funds(pair.collateral)), 2, 10);
    if (principal === 0n) return null;
    const targetLeverage = loopLeverage(pair.maxLeverage, this.random());
    const account = loopAccount ?? (await this.createLoopAccount(user));
    const result = await this.swapping(swap, () =>
      loopAction({
        ...flow,
        depositBank: pair.collateral.address,
        borrowBank: pair.debt.address,
        principal,
        targetLeverage,
        marginfiAccount: new PublicKey(account.address),
        account: account.account,
      }),
    );
    if (!result) return null;
    return {
      ...this.action(user, "loop", pair.collateral, principal, result.signatures),
      debtSymbol: this.symbolOf(pair.debt),
      leverage: targetLeverage,
    };
  }

  /** The user's loop account, created empty (the user pays its rent). */
  private async createLoopAccount(user: SimulatedUser): Promise<MarginAccount> {
    const authority = user.keypair.publicKey;
    const programId = new PublicKey(this.state.programId);
    await sendTransaction(this.connection, user.keypair, [
      initializeAccountPdaInstruction({ group: new PublicKey(user.group), authority, accountIndex: LOOP_ACCOUNT_INDEX, programId }),
    ]);
    return fetchMarginAccount(this.connection, loopAccountAddress(user.group, authority, this.state.programId).toBase58());
  }

  /**
   * Runs a swap flow; null while the quote API cannot be reached, which is logged once until it answers again. Any
   * other failure is the action's own and is thrown.
   */
  private async swapping<T>(swap: SwapClient, flow: () => Promise<T>): Promise<T | null> {
    try {
      const result = await flow();
      this.swapUnreachable = false;
      return result;
    } catch (error) {
      if (!isBallastSdkError(error, "SWAP_API_FAILED")) throw error;
      if (!this.swapUnreachable) this.log(`simulated users: no loops while the quote API at ${swap.baseUrl} fails: ${error.message}`);
      this.swapUnreachable = true;
      return null;
    }
  }

  private action(user: SimulatedUser, kind: UserActionKind, bank: PricedBank, amount: bigint, signatures: readonly string[]): UserAction {
    return {
      user: user.keypair.publicKey.toBase58(),
      market: user.market,
      kind,
      symbol: this.symbolOf(bank),
      amount: amount.toString(),
      signatures,
    };
  }

  private symbolOf(bank: PricedBank): string {
    return this.state.tokens.find((t) => t.mint === bank.bank.mint)?.symbol ?? bank.bank.mint;
  }
}

/** Gives every user not funded yet its SOL and $25,000 of each other token. */
async function fundUsers(connection: Connection, admin: Keypair, state: SandboxState, users: readonly SimulatedUser[]): Promise<void> {
  const infos = await connection.getMultipleAccountsInfo(users.map((u) => u.keypair.publicKey));
  const unfunded = users.filter((_, i) => BigInt(infos[i]?.lamports ?? 0) < FUNDED_LAMPORTS);
  const tokens = state.tokens.filter((t) => t.mint !== NATIVE_MINT);
  const fund = async (user: SimulatedUser) => {
    const owner = user.keypair.publicKey;
    const instructions: TransactionInstruction[] = [
      SystemProgram.transfer({ fromPubkey: admin.publicKey, toPubkey: owner, lamports: USER_LAMPORTS }),
    ];
    for (const token of tokens) {
      const mint = new PublicKey(token.mint);
      const amount = nativeForUsd({ decimals: token.decimals, priceE12: decimalToUnits(token.priceUsd, -12) }, USER_TOKEN_USD);
      instructions.push(
        createAssociatedTokenAccountInstruction({ owner, mint, payer: admin.publicKey }),
        createMintToInstruction(mint, associatedTokenAddress(mint, owner), admin.publicKey, amount),
      );
    }
    await sendPacked(connection, admin, instructions);
  };
  await Promise.all(unfunded.map(fund));
}
