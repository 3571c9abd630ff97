// Load on a running product through its public endpoints only, as the web app's users make it: wallets funded by the
// faucet (`POST /api/faucet`) deposit USDC into Ballast Main and withdraw some, borrow ETH against it and repay part
// of it with the SDK's actions over `/rpc`, while readers poll the API. Every transaction is journalled: signed (it may have been
// sent), acknowledged (sendTransaction returned its signature) and confirmed (the action saw it land), so a fault
// test can hold the product to what each client was told.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Connection, Keypair, PublicKey, type SendOptions, type VersionedTransaction } from "@solana/web3.js";
import {
  withdrawAction,
  borrowAction,
  depositAction,
  fetchMarginAccount,
  loadMarket,
  repayAction,
  signatureOf,
  type ActionContext,
  type Market,
  type TransactionWallet,
} from "@ballast/sdk";

export type LoadActionKind = "deposit" | "withdraw" | "borrow" | "repay";

/** One signed transaction and what its client knows of it. */
export interface JournalEntry {
  readonly signature: string;
  readonly user: string;
  readonly kind: LoadActionKind;
  /** The token it moves between the wallet and the bank. */
  readonly mint: string;
  /** Native units. */
  readonly amount: bigint;
  /** sendTransaction returned its signature: the ledger promises it is on disk. */
  acknowledged: boolean;
  /** The action returned after seeing it land. */
  confirmed: boolean;
}

export class TransactionJournal {
  readonly entries = new Map<string, JournalEntry>();

  signed(entry: Omit<JournalEntry, "acknowledged" | "confirmed">): void {
    this.entries.set(entry.signature, { ...entry, acknowledged: false, confirmed: false });
  }

  acknowledged(signature: string): void {
    const entry = this.entries.get(signature);
    if (entry) entry.acknowledged = true;
  }

  confirmed(signatures: readonly string[]): void {
    for (const signature of signatures) {
      const entry = this.entries.get(signature);
      if (entry) entry.confirmed = entry.acknowledged = true;
    }
  }

  list(): JournalEntry[] {
    return [...this.entries.values()];
  }
}

/**
 * A connection to the product's `/rpc` that journals acknowledgements and, once severed, refuses every request, so
 * nothing sent for a killed process can reach the next one.
 */
export class JournalConnection extends Connection {
  private severed = false;
  /** sendTransaction calls awaiting their reply. */
  sendsInFlight = 0;

  constructor(
    productUrl: string,
    private readonly journal: TransactionJournal,
  ) {
    super(`${productUrl}/rpc`, {
      commitment: "confirmed",
      disableRetryOnRateLimit: true,
      fetch: (input, init) => (this.severed ? Promise.reject(new Error("the connection was severed")) : fetch(input, init)),
    });
  }

  sever(): void {
    this.severed = true;
  }

  override async sendRawTransaction(raw: Buffer | Uint8Array | number[], options?: SendOptions): Promise<string> {
    this.sendsInFlight++;
    try {
      const signature = await super.sendRawTransaction(raw, options);
      this.journal.acknowledged(signature);
      return signature;
    } finally {
      this.sendsInFlight--;
    }
  }
}

/** The banks the load uses, from the sandbox's saved state in the product's data directory. */
export interface LoadMarket {
  readonly programId: string;
  readonly group: string;
  readonly usdc: { readonly bank: string; readonly mint: string; readonly decimals: number };
  readonly eth: { readonly bank: string; readonly mint: string; readonly decimals: number };
}

interface SavedSandbox {
  programId: string;
  markets: { group: string }[];
  banks: { address: string; group: string; symbol: string; mint: string; decimals: number; kaminoReserve?: string }[];
}

export function loadMarketOf(dataDir: string): LoadMarket {
  const saved = JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as SavedSandbox;
  const group = saved.markets[0]!.group;
  const bank = (symbol: string) => {
    const found = saved.banks.find((b) => b.group === group && b.symbol === symbol && b.kaminoReserve === undefined);
    if (!found) throw new Error(`the main market has no ${symbol} bank of its own`);
    return { bank: found.address, mint: found.mint, decimals: found.decimals };
  };
  return { programId: saved.programId, group, usdc: bank("USDC"), eth: bank("ETH") };
}

/** A wallet of the load: funded by the faucet, with a margin account in the main market once it first deposited. */
export interface LoadUser {
  readonly keypair: Keypair;
  readonly address: string;
  /** The faucet's grant, native units by mint. */
  readonly granted: ReadonlyMap<string, bigint>;
  marginfiAccount: PublicKey | null;
  /** USDC it may still withdraw: confirmed deposits less the withdrawals it signed. */
  withdrawable: bigint;
  /** ETH it may still repay: confirmed borrows less the repayments it signed, so a repayment never exceeds the debt. */
  repayable: bigint;
}

/** Funds a new wallet through the faucet; the faucet answers once its transactions landed. */
export async function fundedUser(productUrl: string): Promise<LoadUser> {
  const keypair = Keypair.generate();
  const address = keypair.publicKey.toBase58();
  const response = await fetch(`${productUrl}/api/faucet`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ wallet: address }),
  });
  if (!response.ok) throw new Error(`the faucet answered ${response.status}: ${await response.text()}`);
  const grant = (await response.json()) as { tokens: { mint: string; amount: string }[] };
  return {
    keypair,
    address,
    granted: new Map(grant.tokens.map((t) => [t.mint, BigInt(t.amount)])),
    marginfiAccount: null,
    withdrawable: 0n,
    repayable: 0n,
  };
}

/** A whole number of native units in [low, high]. */
function between(random: () => number, low: bigint, high: bigint): bigint {
  return low + BigInt(Math.floor(random() * Number(high - low + 1n)));
}

export interface LoadSession {
  readonly connection: JournalConnection;
  readonly journal: TransactionJournal;
  readonly market: LoadMarket;
  readonly random: () => number;
}

/** How often a user reloads the market (banks and prices) its actions validate against. */
const MARKET_MAX_AGE_MS = 10_000;

/**
 * One action of the user: a first deposit (100–300 USDC) creates its margin account; afterwards it deposits 1–20
 * USDC, withdraws up to a tenth of what it may withdraw, borrows 0.0001–0.005 ETH or repays part of what it may repay
 * (always once that passes 0.01 ETH, so the debt, at most about $60 of ETH, stays within what 90 USDC of deposits
 * allow), each one transaction. Returns the kind done.
 */
export async function act(session: LoadSession, user: LoadUser, loaded: () => Promise<Market>): Promise<LoadActionKind> {
  const { connection, journal, market, random } = session;
  const wallet = (kind: LoadActionKind, mint: string, amount: bigint): TransactionWallet => ({
    publicKey: user.keypair.publicKey,
    async signAllTransactions(transactions: VersionedTransaction[]) {
      if (transactions.length !== 1) throw new Error(`one ${kind} became ${transactions.length} transactions`);
      for (const transaction of transactions) {
        transaction.sign([user.keypair]);
        journal.signed({ signature: signatureOf(transaction), user: user.address, kind, mint, amount });
      }
      return transactions;
    },
  });
  const context = (kind: LoadActionKind, mint: string, amount: bigint): ActionContext => ({
    connection,
    wallet: wallet(kind, mint, amount),
    programId: new PublicKey(market.programId),
  });
  const usdcUnit = 10n ** BigInt(market.usdc.decimals);
  const ethUnit = 10n ** BigInt(market.eth.decimals);

  if (user.marginfiAccount === null) {
    const amount = between(random, 100n * usdcUnit, 300n * usdcUnit);
    const result = await depositAction({
      ...context("deposit", market.usdc.mint, amount),
      market: await loaded(),
      bank: market.usdc.bank,
      amount,
    });
    journal.confirmed(result.signatures);
    user.marginfiAccount = result.marginfiAccount;
    user.withdrawable += amount;
    return "deposit";
  }
  const marginfiAccount = user.marginfiAccount;
  const roll = random();
  if (roll < 0.3) {
    const amount = between(random, usdcUnit, 20n * usdcUnit);
    const result = await depositAction({
      ...context("deposit", market.usdc.mint, amount),
      market: await loaded(),
      bank: market.usdc.bank,
      amount,
      marginfiAccount,
    });
    journal.confirmed(result.signatures);
    user.withdrawable += amount;
    return "deposit";
  }
  if (roll < 0.4 && user.withdrawable > 100n * usdcUnit) {
    const amount = between(random, 1n, user.withdrawable / 10n);
    user.withdrawable -= amount;
    const { account } = await fetchMarginAccount(connection, marginfiAccount.toBase58());
    const result = await withdrawAction({
      ...context("withdraw", market.usdc.mint, amount),
      market: await loaded(),
      bank: market.usdc.bank,
      marginfiAccount,
      account,
      amount,
    });
    journal.confirmed(result.signatures);
    return "withdraw";
  }
  if ((roll < 0.7 && user.repayable > 0n) || user.repayable > ethUnit / 100n) {
    const amount = between(random, 1n, user.repayable);
    user.repayable -= amount;
    const result = await repayAction({
      ...context("repay", market.eth.mint, amount),
      market: await loaded(),
      bank: market.eth.bank,
      marginfiAccount,
      amount,
    });
    journal.confirmed(result.signatures);
    return "repay";
  }
  const amount = between(random, ethUnit / 10_000n, ethUnit / 200n);
  const { account } = await fetchMarginAccount(connection, marginfiAccount.toBase58());
  const result = await borrowAction({
    ...context("borrow", market.eth.mint, amount),
    market: await loaded(),
    bank: market.eth.bank,
    marginfiAccount,
    account,
    amount,
  });
  journal.confirmed(result.signatures);
  user.repayable += amount;
  return "borrow";
}

/** The main market as the actions see it, reloaded when older than MARKET_MAX_AGE_MS; one load shared by all users. */
export function marketCache(connection: Connection, market: LoadMarket): () => Promise<Market> {
  let cached: { at: number; market: Promise<Market> } | null = null;
  return () => {
    if (cached === null || Date.now() - cached.at > MARKET_MAX_AGE_MS) {
      const loading = loadMarket(connection, { programId: market.programId, group: market.group });
      cached = { at: Date.now(), market: loading };
      loading.catch(() => (cached = null));
    }
    return cached.market;
  };
}

/** What a run of users did: actions completed by kind, and failures with their messages; counted as they happen. */
export interface LoadTally {
  readonly done: Record<LoadActionKind, number>;
  readonly failures: string[];
}

export const emptyTally = (): LoadTally => ({ done: { deposit: 0, borrow: 0, repay: 0, withdraw: 0 }, failures: [] });

/** Each user acts in turn until `running()` says stop; an action failing meanwhile is tallied and the user goes on. */
export async function runUsers(
  session: LoadSession,
  users: readonly LoadUser[],
  running: () => boolean,
  tally: LoadTally = emptyTally(),
): Promise<LoadTally> {
  const loaded = marketCache(session.connection, session.market);
  await Promise.all(
    users.map(async (user) => {
      while (running()) {
        try {
          tally.done[await act(session, user, loaded)]++;
        } catch (error) {
          // An action cut off by the end of the run is no failure of the product.
          if (running()) tally.failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  return tally;
}

/** A count shared with whoever reports it while it grows. */
export interface Counter {
  value: number;
}

/** The API reads of the web app's screens, in a loop until `running()` says stop, counting those answered 200. */
export async function readApi(
  productUrl: string,
  users: readonly LoadUser[],
  market: LoadMarket,
  running: () => boolean,
  answered: Counter = { value: 0 },
): Promise<Counter> {
  const paths = [
    "/api/config",
    "/api/banks/db",
    `/api/activity/mint?address=${market.usdc.mint}&limit=20`,
    ...users.map((u) => `/api/activity/authority?address=${u.address}&limit=20`),
  ];
  for (let i = 0; running(); i++) {
    try {
      const response = await fetch(`${productUrl}${paths[i % paths.length]!}`);
      await response.arrayBuffer();
      if (response.status === 200) answered.value++;
    } catch {
      // A killed product answers nothing; the reader goes on until told to stop.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return answered;
}
