// The liquidator's subscriptions when the websocket breaks, through a proxy in front of the real ledger: a cut socket
// is subscribed again and what changed meanwhile is read again (the accounts, a bank, a price); a subscription made while the socket is closing
// neither starves the event loop nor retries without pause (web3.js's Connection did both, until the process ran out
// of memory), and it subscribes once the socket is back; a closed index leaves nothing of itself behind.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Connection, Keypair, LAMPORTS_PER_SOL, type PublicKey } from "@solana/web3.js";
import { decodeMarginfiAccount } from "@ballast/protocol";
import { groupMarginAccountFilters, isOracleFailure, toNumber } from "@ballast/sdk";
import { PROGRAM, TestMarket, type TestBank } from "../../../packages/protocol/test/support/market.js";
import type { AccountIndex } from "../src/account-index.js";
import { MarketWatch, type MarketChange } from "../src/market-watch.js";
import { ChainSubscriptions, type SubscriptionEvents } from "../src/subscriptions.js";
import { openAccountIndex } from "./support/account-index.js";
import { SocketProxy } from "./support/socket-proxy.js";

const USDC = 1_000_000n;

let market: TestMarket;
let usdc: TestBank;
let connection: Connection;
let proxy: SocketProxy;

beforeAll(async () => {
  market = await TestMarket.start();
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  connection = new Connection(market.net.rpc.url, { commitment: "confirmed" });
  proxy = await SocketProxy.start(market.net.rpc.wsUrl);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await market?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  for (const deadline = Date.now() + ms; !(await done()); await sleep(25)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

/** Records the events; a handler's failure fails the test. */
function recorder() {
  const dropped: string[] = [];
  const restored: string[] = [];
  const events: SubscriptionEvents = {
    onDropped: (_error, subscription) => dropped.push(subscription),
    onRestored: (subscription) => restored.push(subscription),
    onHandlerError: (error) => {
      throw error;
    },
  };
  return { events, dropped, restored };
}

const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));

async function scan(): Promise<string> {
  const accounts = await connection.getProgramAccounts(PROGRAM, {
    commitment: "confirmed",
    filters: groupMarginAccountFilters(market.group.toBase58()),
  });
  return json(accounts.map(({ pubkey, account }) => [pubkey.toBase58(), decodeMarginfiAccount(account.data)]).sort());
}

const indexed = (index: AccountIndex) => json([...index.all()].map((e) => [e.address, e.account]).sort());

it("an index whose socket was cut reads what changed while it was down once it is subscribed again", async () => {
  const { events, dropped, restored } = recorder();
  const subscriptions = new ChainSubscriptions(proxy.url, events);
  const index = await openAccountIndex(market, connection, subscriptions);
  try {
    const alice = await market.newUser();
    await market.deposit(alice, usdc, 100n * USDC);
    await until("the deposit's notification", async () => indexed(index) === (await scan()));

    proxy.cut();
    // Changed while no socket is open: no notification will ever tell of these.
    const bob = await market.newUser();
    await market.deposit(bob, usdc, 7n * USDC);
    await market.deposit(alice, usdc, 3n * USDC);
    expect(indexed(index)).not.toBe(await scan());
    proxy.up();

    const program = `program ${PROGRAM.toBase58()}`;
    await until("the resubscription's rescan", async () => restored.includes(program) && indexed(index) === (await scan()));
    expect(dropped).toEqual([program]);
    expect(restored).toEqual([program]);
    expect(index.get(bob.account.toBase58())).toBeDefined();

    // And notifications flow again.
    await market.deposit(bob, usdc, 5n * USDC);
    await until("a notification after the resubscription", async () => indexed(index) === (await scan()));
  } finally {
    index.close();
    subscriptions.close();
  }
}, 60_000);

it("a market watch whose socket was cut reads again the bank and the price that changed while it was down", async () => {
  const { events, dropped, restored } = recorder();
  const subscriptions = new ChainSubscriptions(proxy.url, events);
  const changes: MarketChange[] = [];
  const watch = await MarketWatch.open({
    connection,
    subscriptions,
    programId: PROGRAM.toBase58(),
    group: market.group.toBase58(),
    commitment: "confirmed",
    onChange: (change) => changes.push(change),
    onError: (error) => {
      throw error;
    },
  });
  try {
    const bank = usdc.key.toBase58();
    const held = () => watch.marketAt(market.now()).banks.get(bank)!;
    const price = () => {
      const leg = held().price.realTime;
      return isOracleFailure(leg) ? null : toNumber(leg.price);
    };
    expect(price()).toBe(1);

    proxy.cut();
    await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 0.5 });
    await market.configureBank(usdc, { depositLimit: 123_456_789n });
    proxy.up();

    await until("the bank and the price read again", () => held().bank.config.depositLimit === 123_456_789n && price() === 0.5);
    const subscriptionsOfTheWatch = [
      `account ${market.group.toBase58()}`,
      `program ${PROGRAM.toBase58()}`,
      `account ${usdc.oracle!.toBase58()}`,
    ].sort();
    expect([...dropped].sort()).toEqual(subscriptionsOfTheWatch);
    await until("every subscription back", () => restored.length === 3);
    expect([...restored].sort()).toEqual(subscriptionsOfTheWatch);
    // Both were announced, so a pass values the bank's holders again.
    expect(changes).toContainEqual({ banks: [bank], price: true });
    expect(changes).toContainEqual({ banks: [bank], price: false });
  } finally {
    watch.close();
    subscriptions.close();
  }
}, 60_000);

it("a subscription made while the server is closing the socket normally lets the event loop run, and both subscriptions are back on a new socket", async () => {
  const { events, dropped, restored } = recorder();
  const subscriptions = new ChainSubscriptions(proxy.url, events);
  const [first, second] = [Keypair.generate().publicKey, Keypair.generate().publicKey];
  const lamports = new Map<string, bigint[]>([
    [first.toBase58(), []],
    [second.toBase58(), []],
  ]);
  const watch = (key: PublicKey) =>
    subscriptions.account(key.toBase58(), "confirmed", {
      onNotification: ({ info }) => lamports.get(key.toBase58())!.push(BigInt(info.lamports)),
      onResubscribed: () => undefined,
    });
  try {
    await watch(first).ready;
    const socketsBefore = proxy.accepted;
    // The server's close frame (code 1000) arrives, and then nothing: the socket is left closing.
    proxy.stall();
    await sleep(100);
    const late = watch(second);
    // Were the retries a loop of promises (web3.js's Connection), no timer would fire again and this would not return.
    await sleep(1_500);
    // Its first try met the closing socket, and it was tried again on a new one.
    await expect(late.ready).rejects.toThrow("WebSocket connection closed");
    const both = [`account ${first.toBase58()}`, `account ${second.toBase58()}`].sort();
    expect([...dropped].sort()).toEqual(both);
    await until("both subscriptions back", () => restored.length === 2);
    expect([...restored].sort()).toEqual(both);
    expect(proxy.accepted).toBe(socketsBefore + 1);

    await market.airdrop(first, BigInt(LAMPORTS_PER_SOL));
    await market.airdrop(second, 2n * BigInt(LAMPORTS_PER_SOL));
    await until("both notifications", () => lamports.get(first.toBase58())!.length > 0 && lamports.get(second.toBase58())!.length > 0);
    expect(lamports.get(first.toBase58())).toEqual([BigInt(LAMPORTS_PER_SOL)]);
    expect(lamports.get(second.toBase58())).toEqual([2n * BigInt(LAMPORTS_PER_SOL)]);
  } finally {
    subscriptions.close();
  }
}, 60_000);

it("an index closed with its subscriptions is garbage: nothing of them holds it", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  await market.deposit(await market.newUser(), usdc, 1n * USDC);
  const subscriptions = new ChainSubscriptions(proxy.url, recorder().events);
  let index: AccountIndex | null = await openAccountIndex(market, connection, subscriptions);
  expect(index.size).toBeGreaterThan(0);
  const held = new WeakRef(index);
  index.close();
  subscriptions.close();
  index = null;
  // The socket's close and the streams' ends take a few turns.
  for (let i = 0; i < 40 && held.deref() !== undefined; i++) {
    await sleep(50);
    gc();
  }
  expect(held.deref()).toBeUndefined();
});
