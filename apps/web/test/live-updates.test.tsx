// Live data in the DOM: the provider opens one websocket at the JSON-RPC path of the app's origin, subscribes to the
// market's banks and price feeds, the wallet's accounts, the selected account, the wallet's lamports and token accounts; a burst of
// notifications refetches the queries they cover once; a lost socket is reopened with backoff, subscribed again and
// everything it covers refetched; a refused subscription means not live. A refetch running when a notification comes
// is followed by one more, or restarted when it is the wallet's own change. A failed send shows what the program error
// means for the action ("You have no USDC debt to repay: it was repaid elsewhere") and refetches the account.
import { QueryClient, QueryClientProvider, QueryObserver, useQuery } from "@tanstack/react-query";
import { Keypair, type PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AssetTag, ERRORS, MARGINFI_PROGRAM_ID, MarginfiAccountLayout, OracleSetup, decodeMarginfiAccount } from "@ballast/protocol";
import {
  balanceDtosOf,
  groupBankFilters,
  keypairWallet,
  marginAccountFilters,
  type AccountDto,
  type ActionWallet,
  type Market,
} from "@ballast/sdk";
import { SelectedAccountProvider } from "../src/account/SelectedAccountProvider.js";
import { HttpProvider } from "../src/api/context.js";
import { Http, type AppConfig } from "../src/api/index.js";
import { LiveUpdatesProvider, rpcWebsocketUrl, useLiveUpdates, type LiveUpdates } from "../src/chain/LiveUpdatesProvider.js";
import { LiveSocket, reconnectDelay, type SocketLike } from "../src/chain/live-socket.js";
import { TransactionToastProvider, useTransactionToasts, type TransactionRun } from "../src/features/transactions/index.js";
import { MarketProvider } from "../src/market/MarketProvider.js";
import { seenAccountSlot, useAccount } from "../src/queries/accounts.js";
import { usePortfolio } from "../src/queries/portfolio.js";
import { queryKeys } from "../src/queries/keys.js";
import { CacheRefresher, TOKEN_2022_PROGRAM, TOKEN_PROGRAM, applyAccountNotification } from "../src/queries/live.js";
import { ToastProvider } from "../src/ui/index.js";
import { LOCAL_WALLET_KEY } from "../src/wallet/local-wallet.js";
import { WalletProvider, useWallet } from "../src/wallet/WalletProvider.js";

const GROUP = "4qp6Fx6tnZkY5Wropq9wUYgtFxXKwE6viZxFHg3rdAG8";
const ACCOUNT = "HmpMfL8942u22htC4EMiWgLX931g3sacXFR6KjuLgKLV";
const ORIGIN = "http://127.0.0.1:9";
const BANK = "3Kz9tPfDJqZcKqhAHDDFcGQzjJ2hHRDbKMyWnzjfbYH8";
const FEED = "7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE";
const keypair = Keypair.generate();
const WALLET = keypair.publicKey.toBase58();
const CONFIG: AppConfig = {
  programId: MARGINFI_PROGRAM_ID,
  cluster: "local",
  rpcPath: "/rpc",
  authEnabled: false,
  faucet: false,
  priceControl: false,
  markets: [{ group: GROUP, name: "Main", main: true }],
  tokens: [],
  explorer: null,
};

/** A websocket the test plays the ledger for. */
class FakeSocket implements SocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  readyState = 0;
  readonly sent: { id: number; method: string; params: unknown[] }[] = [];

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** Acknowledges every subscribe request not yet answered, with ids from `first` on; returns request id → server id. */
  ackAll(first: number): Map<number, number> {
    const ids = new Map<number, number>();
    for (const request of this.sent.filter((r) => r.method.endsWith("Subscribe"))) {
      ids.set(request.id, first + ids.size);
      this.reply({ jsonrpc: "2.0", id: request.id, result: ids.get(request.id) });
    }
    return ids;
  }
  reply(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  notify(subscription: number, method = "accountNotification"): void {
    this.reply({ jsonrpc: "2.0", method, params: { subscription, result: { context: { slot: 1 }, value: null } } });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
}

let sockets: FakeSocket[];
const createSocket = (url: string) => {
  const socket = new FakeSocket(url);
  sockets.push(socket);
  return socket;
};
const SOCKET_OPTIONS = { createSocket, initialDelayMs: 20, maxDelayMs: 40, random: () => 0 };

beforeEach(() => {
  sockets = [];
  localStorage.clear();
  localStorage.setItem(LOCAL_WALLET_KEY, bs58.encode(keypair.secretKey));
  localStorage.setItem("ballast:last-wallet", "local");
});
afterEach(cleanup);

const fetches = { account: 0, balances: 0 };
let live: LiveUpdates;

/** Queries standing in for the screens: the selected account and the wallet's balances, counting their fetches. */
function Screens() {
  live = useLiveUpdates();
  useQuery({ queryKey: queryKeys.account(ACCOUNT, WALLET), queryFn: () => ++fetches.account, staleTime: Infinity });
  useQuery({ queryKey: queryKeys.userBalances(WALLET, []), queryFn: () => ++fetches.balances, staleTime: Infinity });
  return <p>screens</p>;
}

function Scoped({ children }: { readonly children: ReactNode }) {
  const { address } = useWallet();
  if (!address) return <p>connecting</p>;
  return (
    <SelectedAccountProvider wallet={address} group={GROUP} accounts={[ACCOUNT]}>
      {children}
    </SelectedAccountProvider>
  );
}

let client: QueryClient;

/** The live provider over `screens`, with a fresh market of one bank priced by a Pyth feed unless the screens load one. */
function renderLive(screens: ReactNode = <Screens />, seedMarket = true, http = new Http(ORIGIN)) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Nothing is read from a ledger here.
  const bank = { config: { oracleSetup: OracleSetup.PythPushOracle, assetTag: AssetTag.Default, oracleKeys: [FEED] } };
  if (seedMarket) {
    client.setQueryData(queryKeys.market(GROUP), { group: {}, banks: new Map([[BANK, { bank }]]), now: 0n } as unknown as Market);
  }
  render(
    <QueryClientProvider client={client}>
      <HttpProvider http={http}>
        <ToastProvider>
          <MarketProvider config={CONFIG} origin={ORIGIN}>
            <WalletProvider cluster="local">
              <Scoped>
                <LiveUpdatesProvider socketOptions={SOCKET_OPTIONS}>{screens}</LiveUpdatesProvider>
              </Scoped>
            </WalletProvider>
          </MarketProvider>
        </ToastProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
}

const NO_DATA = { encoding: "base64", commitment: "confirmed", dataSlice: { offset: 0, length: 0 } };

describe("live updates", () => {
  it("subscribe on the origin's /rpc websocket and refetch what each notification covers, once per burst", async () => {
    fetches.account = 0;
    fetches.balances = 0;
    renderLive();
    await screen.findByText("screens");
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    expect(socket.url).toBe("ws://127.0.0.1:9/rpc");
    await waitFor(() => expect(fetches).toEqual({ account: 1, balances: 1 }));
    act(() => socket.open());
    await waitFor(() => expect(socket.sent.length).toBe(7));
    expect(socket.sent.map(({ method, params }) => [method, params])).toEqual([
      ["programSubscribe", [MARGINFI_PROGRAM_ID, { ...NO_DATA, filters: groupBankFilters(GROUP) }]],
      ["accountSubscribe", [FEED, NO_DATA]],
      ["programSubscribe", [MARGINFI_PROGRAM_ID, { ...NO_DATA, filters: marginAccountFilters(GROUP, WALLET) }]],
      ["accountSubscribe", [ACCOUNT, { encoding: "base64", commitment: "confirmed" }]],
      ["accountSubscribe", [WALLET, NO_DATA]],
      ["programSubscribe", [TOKEN_PROGRAM, { ...NO_DATA, filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: WALLET } }] }]],
      ["programSubscribe", [TOKEN_2022_PROGRAM, { ...NO_DATA, filters: [{ memcmp: { offset: 32, bytes: WALLET } }] }]],
    ]);
    expect(live.isLive()).toBe(false);
    act(() => void socket.ackAll(100));
    expect(live.isLive()).toBe(true);

    // The selected account changes three times in one slot: one refetch of the account, none of the balances.
    act(() => {
      for (let i = 0; i < 3; i++) socket.notify(103);
    });
    await waitFor(() => expect(fetches.account).toBe(2));
    // A bank of the market or its price feed changing refreshes the market snapshot only (the pre-seeded one is
    // marked stale); a token account of the wallet refetches the balances.
    act(() => socket.notify(100, "programNotification"));
    act(() => socket.notify(101));
    await waitFor(() => expect(client.getQueryState(queryKeys.market(GROUP))?.isInvalidated).toBe(true));
    act(() => socket.notify(105, "programNotification"));
    await waitFor(() => expect(fetches.balances).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetches).toEqual({ account: 2, balances: 2 });

    // The socket drops: not live; reopened after the backoff, subscribed again, and what was missed is refetched.
    act(() => socket.drop());
    expect(live.isLive()).toBe(false);
    await waitFor(() => expect(sockets).toHaveLength(2));
    const again = sockets[1]!;
    act(() => again.open());
    expect(again.sent.map((r) => r.method)).toEqual(socket.sent.map((r) => r.method));
    act(() => void again.ackAll(200));
    expect(live.isLive()).toBe(true);
    await waitFor(() => expect(fetches).toEqual({ account: 3, balances: 3 }));
  });
});

describe("live updates and the screens' market", () => {
  it("refetch the market with the screen's own loader: the provider's watch never becomes the query's fetcher", async () => {
    let marketFetches = 0;
    const market = () => ({ group: {}, banks: new Map(), now: BigInt(++marketFetches) }) as unknown as Market;
    function MarketScreen() {
      useQuery({ queryKey: queryKeys.market(GROUP), queryFn: market, staleTime: Infinity });
      return <p>market screen</p>;
    }
    renderLive(<MarketScreen />, false);
    await screen.findByText("market screen");
    await waitFor(() => expect(marketFetches).toBe(1));
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]!.open());
    await waitFor(() => expect(sockets[0]!.sent.length).toBeGreaterThan(0));
    act(() => void sockets[0]!.ackAll(100));

    // A bank of the market changes: the market is refetched by the screen's loader, not failed for want of one.
    act(() => sockets[0]!.notify(100, "programNotification"));
    await waitFor(() => expect(marketFetches).toBe(2));
    expect([client.getQueryState(queryKeys.market(GROUP))?.status, client.getQueryState(queryKeys.market(GROUP))?.error]).toEqual([
      "success",
      null,
    ]);
  });
});

describe("the live socket", () => {
  it("backs off exponentially between attempts, capped, with up to half taken off at random", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, 500, 15_000, 0))).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000]);
    expect(reconnectDelay(2, 500, 15_000, 1)).toBe(1000);
  });

  it("shares one subscription between listeners, unsubscribes when the last leaves, and is not live while one is refused", () => {
    sockets = [];
    const socket = new LiveSocket("ws://x/rpc", SOCKET_OPTIONS);
    const fake = sockets[0]!;
    fake.open();
    const request = { method: "accountSubscribe", params: [ACCOUNT, NO_DATA] } as const;
    const heard: string[] = [];
    const stopA = socket.subscribe(request, () => heard.push("a"));
    const stopB = socket.subscribe(request, () => heard.push("b"));
    expect(fake.sent).toHaveLength(1);
    fake.ackAll(7);
    fake.notify(7);
    expect(heard).toEqual(["a", "b"]);
    stopA();
    expect(fake.sent).toHaveLength(1);
    stopB();
    expect(fake.sent[1]).toEqual({ jsonrpc: "2.0", id: 2, method: "accountUnsubscribe", params: [7] });
    fake.notify(7);
    expect(heard).toEqual(["a", "b"]);

    const refused = socket.subscribe({ method: "programSubscribe", params: ["bad"] }, () => undefined);
    fake.reply({ jsonrpc: "2.0", id: 3, error: { code: -32602, message: "Invalid param" } });
    expect(socket.status).toBe("down");
    refused();
    expect(socket.status).toBe("live");
    socket.close();
  });

  it("is reached at the JSON-RPC path of the origin, ws or wss by the page's scheme", () => {
    expect(rpcWebsocketUrl("http://127.0.0.1:3000", "/rpc")).toBe("ws://127.0.0.1:3000/rpc");
    expect(rpcWebsocketUrl("https://app.example", "/rpc")).toBe("wss://app.example/rpc");
  });
});

describe("the cache refresher", () => {
  /** A watched query whose reads wait for the test to release them, answering the read's number. */
  function slowQuery(client: QueryClient) {
    const reads: (() => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ["account", ACCOUNT],
      queryFn: async () => {
        const read = reads.length + 1;
        await new Promise<void>((resolve) => reads.push(resolve));
        return read;
      },
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    return { reads, stop };
  }

  it("queues one more refetch behind a running one, or restarts it for the wallet's own change", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { reads, stop } = slowQuery(client);
    await waitFor(() => expect(reads).toHaveLength(1));
    reads[0]!();
    await waitFor(() => expect(client.getQueryData(["account", ACCOUNT])).toBe(1));
    const refresher = new CacheRefresher(client, 5);

    // A market change starts a refetch; two more during it queue a single one behind it.
    refresher.refresh([["account", ACCOUNT]]);
    await waitFor(() => expect(reads).toHaveLength(2));
    refresher.refresh([["account", ACCOUNT]]);
    refresher.refresh([["account", ACCOUNT]]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads).toHaveLength(2);
    reads[1]!();
    await waitFor(() => expect(reads).toHaveLength(3));
    reads[2]!();
    await waitFor(() => expect(client.getQueryData(["account", ACCOUNT])).toBe(3));

    // The account itself changes while a refetch runs: that read is dropped and a new one started at once.
    refresher.refresh([["account", ACCOUNT]]);
    await waitFor(() => expect(reads).toHaveLength(4));
    refresher.refresh([["account", ACCOUNT]], true);
    await waitFor(() => expect(reads).toHaveLength(5));
    reads[4]!();
    await waitFor(() => expect(client.getQueryData(["account", ACCOUNT])).toBe(5));
    reads[3]!();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(client.getQueryData(["account", ACCOUNT])).toBe(5);
    expect(reads).toHaveLength(5);
    refresher.dispose();
    stop();
  });
});

describe("the selected account's notification", () => {
  it("says the account is gone once it is closed or belongs to another wallet, writing nothing", () => {
    const client = new QueryClient();
    const apply = applyAccountNotification(ACCOUNT, WALLET);
    const account = (authority: PublicKey) => {
      const data = Buffer.alloc(MarginfiAccountLayout.space);
      Buffer.from(MarginfiAccountLayout.discriminator).copy(data, 0);
      authority.toBuffer().copy(data, MarginfiAccountLayout.fields.authority.offset);
      return { context: { slot: 9 }, value: { lamports: 17_000_000, data: [data.toString("base64"), "base64"] } };
    };
    expect(apply({ context: { slot: 9 }, value: { lamports: 0, data: ["", "base64"] } }, client)).toBe("gone");
    expect(apply(account(Keypair.generate().publicKey), client)).toBe("gone");
    expect(apply(account(keypair.publicKey), client)).toBeUndefined();
    expect(apply({ context: { slot: 9 }, value: null }, client)).toBeUndefined();
  });

  it("writes its balances into the cached account and its chain copy before the refetch", () => {
    const client = new QueryClient();
    const data = Buffer.alloc(MarginfiAccountLayout.space);
    Buffer.from(MarginfiAccountLayout.discriminator).copy(data, 0);
    keypair.publicKey.toBuffer().copy(data, MarginfiAccountLayout.fields.authority.offset);
    const decoded = decodeMarginfiAccount(data);
    client.setQueryData(queryKeys.account(ACCOUNT, WALLET), {
      slot: 8,
      balances: [],
      healthCache: { simulationStatus: 0 },
    } as unknown as AccountDto);
    // Older than the view cached: nothing written.
    applyAccountNotification(ACCOUNT, WALLET)({ context: { slot: 7 }, value: { data: [data.toString("base64"), "base64"] } }, client);
    expect(client.getQueryData<AccountDto>(queryKeys.account(ACCOUNT, WALLET))!.balances).toEqual([]);
    client.setQueryData([...queryKeys.account(ACCOUNT, WALLET), "chain"], { address: ACCOUNT, account: null });
    applyAccountNotification(ACCOUNT, WALLET)({ context: { slot: 9 }, value: { data: [data.toString("base64"), "base64"] } }, client);
    const dto = client.getQueryData<AccountDto>(queryKeys.account(ACCOUNT, WALLET))!;
    expect(dto.slot).toBe(9);
    expect(dto.balances).toEqual(balanceDtosOf(decoded));
    expect(dto.balances).toHaveLength(decoded.lendingAccount.balances.length);
    expect(dto.healthCache).toEqual({ simulationStatus: 0 });
    expect(client.getQueryData([...queryKeys.account(ACCOUNT, WALLET), "chain"])).toEqual({ address: ACCOUNT, account: decoded });
    // A notification without data (or of a closed account) leaves the cache to the refetch.
    applyAccountNotification(ACCOUNT, WALLET)({ context: { slot: 10 }, value: { data: ["", "base64"] } }, client);
    expect(client.getQueryData<AccountDto>(queryKeys.account(ACCOUNT, WALLET))!.balances).toEqual(balanceDtosOf(decoded));
  });
});

describe("the selected account's view", () => {
  /** POST /api/account-info answered by the test: the bodies asked, and each reply sent when the test says. */
  class AccountServer extends Http {
    readonly bodies: unknown[] = [];
    readonly replies: ((view: object) => void)[] = [];
    override post(_path: string, body: unknown): Promise<Response> {
      this.bodies.push(body);
      return new Promise((resolve) => this.replies.push((view) => resolve(new Response(JSON.stringify(view), { status: 200 }))));
    }
  }

  function AccountScreen() {
    const account = useAccount(ACCOUNT);
    return <p>{account.data ? `slot ${account.data.slot}, ${account.data.balances.length} balances` : "loading"}</p>;
  }

  function notification(slot: number) {
    const data = Buffer.alloc(MarginfiAccountLayout.space);
    Buffer.from(MarginfiAccountLayout.discriminator).copy(data, 0);
    keypair.publicKey.toBuffer().copy(data, MarginfiAccountLayout.fields.authority.offset);
    return { context: { slot }, value: { lamports: 17_000_000, data: [data.toString("base64"), "base64"] } };
  }

  it("is asked of the server at the slot its notification named, and a reply read before that never replaces it", async () => {
    const server = new AccountServer(ORIGIN);
    renderLive(<AccountScreen />, true, server);
    await waitFor(() => expect(server.replies).toHaveLength(1));
    expect(server.bodies[0]).toEqual({ accountKey: ACCOUNT, authorityKey: WALLET });
    act(() => server.replies[0]!({ address: ACCOUNT, slot: 5, balances: [] }));
    await screen.findByText("slot 5, 0 balances");
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    act(() => socket.open());
    await waitFor(() => expect(socket.sent.length).toBe(7));
    const ids = socket.ackAll(100);
    const selected = ids.get(socket.sent.find((r) => r.method === "accountSubscribe" && r.params[0] === ACCOUNT)!.id)!;

    // The account changes at slot 9: its balances show at once, and the refetch asks for slot 9 at least.
    act(() => socket.reply({ jsonrpc: "2.0", method: "accountNotification", params: { subscription: selected, result: notification(9) } }));
    await screen.findByText("slot 9, 16 balances");
    await waitFor(() => expect(server.replies).toHaveLength(2));
    expect(server.bodies[1]).toEqual({ accountKey: ACCOUNT, authorityKey: WALLET, minContextSlot: 9 });
    // A server answering with a view read at slot 7 does not take the page back.
    act(() => server.replies[1]!({ address: ACCOUNT, slot: 7, balances: [] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(/^slot /).textContent).toBe("slot 9, 16 balances");
    // A view of slot 9 or later replaces it.
    act(() => void client.invalidateQueries({ queryKey: queryKeys.account(ACCOUNT, WALLET) }));
    await waitFor(() => expect(server.replies).toHaveLength(3));
    expect(server.bodies[2]).toEqual({ accountKey: ACCOUNT, authorityKey: WALLET, minContextSlot: 9 });
    act(() => server.replies[2]!({ address: ACCOUNT, slot: 11, balances: [] }));
    await screen.findByText("slot 11, 0 balances");
  });
});

describe("the portfolio across markets", () => {
  class PortfolioServer extends Http {
    readonly queries: unknown[] = [];
    override get(path: string, query?: Record<string, unknown>): Promise<Response> {
      if (path === "/api/portfolio") this.queries.push(query);
      const empty = { authority: WALLET, markets: [], totalValue: "0", worstHealth: null };
      return Promise.resolve(new Response(JSON.stringify(empty), { status: 200 }));
    }
  }

  function PortfolioScreen() {
    const portfolio = usePortfolio();
    return <p>{portfolio.data ? "portfolio" : "loading"}</p>;
  }

  it("is asked at the latest slot of the wallet's cached account views", async () => {
    const server = new PortfolioServer(ORIGIN);
    renderLive(<PortfolioScreen />, true, server);
    await screen.findByText("portfolio");
    expect(server.queries).toEqual([{ authority: WALLET, minContextSlot: undefined }]);
    const other = Keypair.generate().publicKey.toBase58();
    client.setQueryData(queryKeys.account(ACCOUNT, WALLET), { slot: 7 });
    client.setQueryData(queryKeys.account(BANK, WALLET), { slot: 12 });
    client.setQueryData(queryKeys.account(FEED, other), { slot: 50 });
    client.setQueryData(queryKeys.chainAccount(ACCOUNT, WALLET), { address: ACCOUNT, slot: 90 });
    expect(seenAccountSlot(client, WALLET)).toBe(12);
    expect(seenAccountSlot(client, Keypair.generate().publicKey.toBase58())).toBeUndefined();
    await act(() => client.invalidateQueries({ queryKey: queryKeys.portfolio(WALLET) }));
    await waitFor(() => expect(server.queries).toHaveLength(2));
    expect(server.queries[1]).toEqual({ authority: WALLET, minContextSlot: 12 });
  });
});

describe("a failed send", () => {
  let run: <T>(r: TransactionRun<T>) => Promise<boolean>;
  function Harness() {
    run = useTransactionToasts().run;
    useQuery({ queryKey: queryKeys.account(ACCOUNT, WALLET), queryFn: () => ++fetches.account, staleTime: Infinity });
    return null;
  }

  it("says what the program error means for the action and refetches what the action was built from", async () => {
    fetches.account = 0;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TransactionToastProvider>
          <Harness />
        </TransactionToastProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetches.account).toBe(1));
    const code = ERRORS.BankAccountNotFound.code;
    let result!: Promise<boolean>;
    act(() => {
      result = run({
        title: "USDC: repay",
        steps: ["Repay all USDC"],
        wallet: keypairWallet(keypair) as ActionWallet,
        lendingProgramId: keypair.publicKey,
        action: { action: "repay", symbol: "USDC" },
        send: async () => {
          throw Object.assign(new Error("GRPC bundle failed: API bundle failed: Bank is missing"), {
            logs: [`Program ${keypair.publicKey.toBase58()} failed: custom program error: 0x${code.toString(16)}`],
          });
        },
        signatureOf: (s: string) => s,
      });
    });
    expect(await result).toBe(false);
    const alert = await screen.findByRole("alert", { name: "USDC: repay" });
    expect(within(alert).getByText("You have no USDC debt to repay: it was repaid elsewhere")).toBeTruthy();
    await waitFor(() => expect(fetches.account).toBe(2));
  });
});
