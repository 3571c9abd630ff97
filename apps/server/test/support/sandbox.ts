// The product as `npm start` runs it, in process, for tests that need all of it at once: a ledger with every program,
// the sandbox's markets, banks, oracles and swap pools seeded, prices kept fresh by the price walk, the markets' and
// the venue's lookup tables, and the API server serving the quote API over them, with the walk as its price control.
import { Connection, Keypair, PublicKey, type AddressLookupTableAccount } from "@solana/web3.js";
import { startLocalnet, type Localnet } from "@ballast/ledger";
import { PricePusher } from "@ballast/oracles";
import { MARGINFI_PROGRAM_ID, decodeMarginfiAccount, type MarginfiAccount } from "@ballast/protocol";
import {
  PriceWalk,
  airdrop,
  createFaucet,
  createMarketLookupTables,
  createSwapLookupTables,
  mainMarket,
  seedSandbox,
  seedVenue,
  type Faucet,
  type SandboxState,
  type SandboxStore,
} from "@ballast/sandbox";
import {
  accountRisk,
  depositAction,
  keypairWallet,
  loadMarket,
  type AccountRisk,
  type ActionContext,
  type Market,
  type MarketConfig,
} from "@ballast/sdk";
import { productPrograms } from "../../../../scripts/programs.js";
import { DEFAULT_CONFIG, type ServerConfig } from "../../src/config.js";
import { startServer, type RunningServer } from "../../src/server.js";
import { NO_SCHEDULED_JOBS, freshDatabase } from "./server.js";

export interface SandboxProduct {
  readonly net: Localnet;
  readonly connection: Connection;
  readonly state: SandboxState;
  readonly server: RunningServer;
  readonly faucet: Faucet;
  /** The sandbox admin: group admin and every feed's write authority. */
  readonly admin: Keypair;
  /** The price walk keeping the feeds fresh, also the server's price control; a test pushing prices itself stops it. */
  readonly prices: PriceWalk;
  /** The main market's config and lookup table. */
  readonly main: MarketConfig;
  readonly lookupTables: AddressLookupTableAccount[];
  /** The main market as loadMarket reads it now. */
  market(): Promise<Market>;
  /** A bank of the main market by symbol (the first one of that symbol, the program's own before the Kamino one). */
  bank(symbol: string, kind?: "own" | "kamino"): string;
  /**
   * Pushes the feeds of the given banks (bank address → USD price) in one transaction, so all are fresh for the next
   * action. A test pushing prices stops the walk first, or the walk moves them between its steps.
   */
  pushPrices(prices: Readonly<Record<string, string>>): Promise<void>;
  /** The SDK's action context for `wallet` on the main market as `market` holds it. */
  contextFor(wallet: Keypair, market: Market): ActionContext & { market: Market };
  /** A margin account as the chain holds it now. */
  marginAccount(address: PublicKey): Promise<MarginfiAccount>;
  /** The account's positions, valued on the main market as it is now. */
  riskOf(address: PublicKey): Promise<AccountRisk>;
  /** A faucet-funded wallet with a new margin account holding `amount` in `bank`. */
  depositor(bank: string, amount: bigint): Promise<{ wallet: Keypair; account: PublicKey }>;
  close(): Promise<void>;
}

/** The sandbox's state kept in memory: nothing outlives the test. */
function memoryStore(): SandboxStore {
  const values = new Map<string, unknown>();
  return { read: (key) => values.get(key) ?? null, write: (key, value) => void values.set(key, value) };
}

export async function startSandboxProduct(config: Partial<ServerConfig> = {}): Promise<SandboxProduct> {
  const net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 400, programs: productPrograms(MARGINFI_PROGRAM_ID) });
  const connection = new Connection(net.rpc.url, "confirmed");
  const admin = Keypair.generate();
  await airdrop(connection, admin.publicKey, 5_000_000_000_000_000n);
  const store = memoryStore();
  const state = await seedSandbox(connection, admin, store);
  const venue = await seedVenue(connection, admin, state);
  const swapTables = await createSwapLookupTables(connection, admin, store, venue);
  const prices = await PriceWalk.create(connection, admin, state, { seed: "swap-flows" });
  prices.start();
  const tables = await createMarketLookupTables(connection, admin, state);
  const mainGroup = mainMarket(state).group;
  const mainTable = tables.get(mainGroup);
  if (!mainTable) throw new Error("the main market has no lookup table");
  const server = await startServer(
    {
      ...DEFAULT_CONFIG,
      ...(await freshDatabase("sqlite")),
      port: 0,
      rpcUrl: net.rpc.url,
      programId: MARGINFI_PROGRAM_ID,
      group: mainGroup,
      markets: state.markets.map(({ group, name }) => ({ group, name, lookupTables: [tables.get(group)!.key.toBase58()] })),
      tokens: state.tokens.map(({ mint, symbol, name, category }) => ({ mint, symbol, name, category })),
      swapLookupTables: swapTables.map((table) => table.key.toBase58()),
      ...NO_SCHEDULED_JOBS,
      logLevel: "silent",
      ...config,
    },
    // As `npm start` runs it: the ledger in this process answers /rpc through its dispatch.
    { priceControl: prices, ledgerRpc: net.rpc.handle },
  );
  await server.jobs.swapPools.run();
  const main: MarketConfig = { programId: MARGINFI_PROGRAM_ID, group: mainGroup };
  const faucet = createFaucet(connection, admin, state);
  const market = () => loadMarket(connection, main);
  const contextFor = (wallet: Keypair, at: Market): ActionContext & { market: Market } => ({
    connection,
    wallet: keypairWallet(wallet),
    programId: new PublicKey(MARGINFI_PROGRAM_ID),
    lookupTables: [mainTable],
    market: at,
  });
  const marginAccount = async (address: PublicKey): Promise<MarginfiAccount> => {
    const info = await connection.getAccountInfo(address, "confirmed");
    if (!info) throw new Error(`account ${address.toBase58()} not found`);
    return decodeMarginfiAccount(info.data);
  };
  return {
    net,
    connection,
    state,
    server,
    faucet,
    admin,
    prices,
    main,
    lookupTables: [mainTable],
    market,
    bank(symbol, kind = "own") {
      const banks = state.banks.filter((b) => b.group === mainGroup && b.symbol === symbol);
      const bank = kind === "own" ? banks[0] : banks[1];
      if (!bank) throw new Error(`the main market has no ${kind} ${symbol} bank`);
      return bank.address;
    },
    async pushPrices(prices) {
      const banks = (await market()).banks;
      const feeds = Object.entries(prices).map(([bank, price]) => {
        const address = banks.get(bank)?.bank.config.oracleKeys[0];
        const oracle = state.oracles.find((o) => o.address === address);
        if (!address || !oracle) throw new Error(`bank ${bank} has no sandbox oracle`);
        return { kind: oracle.kind, address, price, exponent: oracle.exponent };
      });
      // A loaded machine can be slow to confirm; pushOnce rejects rather than leave the old price standing.
      await new PricePusher({ rpc: connection, authority: admin, feeds, atomic: true, confirmTimeoutMs: 60_000 }).pushOnce();
    },
    contextFor,
    marginAccount,
    async riskOf(address) {
      return accountRisk((await marginAccount(address)).lendingAccount.balances, (await market()).banks);
    },
    async depositor(bank, amount) {
      const wallet = Keypair.generate();
      await faucet.fund(wallet.publicKey.toBase58());
      const { marginfiAccount } = await depositAction({ ...contextFor(wallet, await market()), bank, amount });
      return { wallet, account: marginfiAccount };
    },
    async close() {
      await prices.stop();
      await server.close();
      await net.close();
    },
  };
}

export const keyOf = (address: string) => new PublicKey(address);
