// The liquidator's account index against the chain: after any sequence of account openings, deposits, borrows,
// repayments and withdrawals (failed ones included), the index kept by programSubscribe alone holds exactly what a
// fresh getProgramAccounts scan returns, account for account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NATIVE_MINT } from "@solana/spl-token";
import { Connection, SolanaJSONRPCError, type GetProgramAccountsConfig, type PublicKey } from "@solana/web3.js";
import { decodeMarginfiAccount } from "@ballast/protocol";
import { groupMarginAccountFilters } from "@ballast/sdk";
import { PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { AccountIndex } from "../src/account-index.js";
import { ChainSubscriptions } from "../src/subscriptions.js";
import { openAccountIndex } from "./support/account-index.js";
import { mulberry32 } from "../../../packages/ledger/test/support/random.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let index: AccountIndex;
let connection: Connection;
let subscriptions: ChainSubscriptions;
const changes: string[] = [];
/** Subscription events are failures here: the ledger stays up. */
const strictEvents = {
  onDropped: (error: unknown) => {
    throw error;
  },
  onRestored: (subscription: string) => {
    throw new Error(`${subscription} was restored: it should never have dropped`);
  },
  onHandlerError: (error: unknown) => {
    throw error;
  },
};

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 150 }, {}, { mint: NATIVE_MINT });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  await market.deposit(await market.newUser(), usdc, 100_000n * USDC);
  connection = new Connection(market.net.rpc.url, { commitment: "confirmed" });
  subscriptions = new ChainSubscriptions(market.net.rpc.wsUrl, strictEvents);
  index = await openAccountIndex(market, connection, subscriptions, (address) => changes.push(address));
}, 120_000);

afterAll(async () => {
  subscriptions?.close();
  await market?.close();
});

const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));

/** What a fresh scan holds, by address, in the index's decoded form. */
async function scan(): Promise<Map<string, string>> {
  const accounts = await connection.getProgramAccounts(PROGRAM, {
    commitment: "confirmed",
    filters: groupMarginAccountFilters(market.group.toBase58()),
  });
  return new Map(accounts.map(({ pubkey, account }) => [pubkey.toBase58(), json(decodeMarginfiAccount(account.data))]));
}

function indexed(): Map<string, string> {
  return new Map([...index.all()].map((entry) => [entry.address, json(entry.account)]));
}

/** Notifications arrive after the transactions confirm: the index must agree with the scan within two seconds. */
async function expectIndexEqualsScan(): Promise<void> {
  const deadline = Date.now() + 2_000;
  let fresh = await scan();
  while (Date.now() < deadline && json([...indexed()].sort()) !== json([...fresh].sort())) {
    await new Promise((r) => setTimeout(r, 25));
    fresh = await scan();
  }
  expect([...indexed()].sort()).toEqual([...fresh].sort());
  for (const [address] of fresh) {
    const banks = [...(index.get(address)?.banks ?? [])];
    for (const bank of banks) expect(index.holdersOf(bank).has(address)).toBe(true);
  }
}

type Step =
  | { kind: "open" }
  | { kind: "deposit"; user: number; usdc: boolean; amount: number }
  | { kind: "borrow"; user: number; amount: number }
  | { kind: "repay"; user: number; all: boolean }
  | { kind: "withdraw"; user: number; all: boolean };

/** A random step, replayable from the generator's seed. */
function randomStep(next: () => number): Step {
  const pick = (n: number) => next() % n;
  switch (pick(5)) {
    case 0:
      return { kind: "open" };
    case 1:
      return { kind: "deposit", user: next(), usdc: pick(2) === 0, amount: 1 + pick(50) };
    case 2:
      return { kind: "borrow", user: next(), amount: 1 + pick(400) };
    case 3:
      return { kind: "repay", user: next(), all: pick(2) === 0 };
    default:
      return { kind: "withdraw", user: next(), all: pick(2) === 0 };
  }
}

/** Runs a step; the program may refuse it (a borrow beyond the account's health), which changes nothing. */
async function run(users: TestUser[], s: Step): Promise<void> {
  if (s.kind === "open" || users.length === 0) {
    users.push(await market.newUser());
    return;
  }
  const user = users[s.user % users.length]!;
  try {
    switch (s.kind) {
      case "deposit":
        await market.deposit(user, s.usdc ? usdc : sol, s.usdc ? BigInt(s.amount) * 100n * USDC : (BigInt(s.amount) * SOL) / 10n);
        break;
      case "borrow":
        await market.borrow(user, usdc, BigInt(s.amount) * USDC, [sol, usdc]);
        break;
      case "repay":
        await market.fund(user, usdc, 1_000n * USDC);
        await market.repay(user, usdc, 10n * USDC, s.all);
        break;
      case "withdraw":
        await market.withdraw(user, sol, SOL / 100n, [sol, usdc], s.all);
        break;
    }
  } catch {
    // Refused: nothing changed on chain, and the index must agree.
  }
}

describe("the account index", () => {
  it("starts with every account of the group, the lender's among them", async () => {
    expect(index.size).toBeGreaterThanOrEqual(1);
    await expectIndexEqualsScan();
  });

  it("equals a fresh scan after any sequence of account changes (programSubscribe alone)", async () => {
    for (const seed of [1717, 2024, 31337, 4242, 77, 9001]) {
      const next = mulberry32(seed);
      const users: TestUser[] = [];
      const steps = Array.from({ length: 4 + (next() % 8) }, () => randomStep(next));
      for (const s of steps) await run(users, s);
      await expectIndexEqualsScan();
    }
    expect(changes.length).toBeGreaterThan(12);
  }, 300_000);

  it("splits a scan the RPC refuses for its size by the authority's first byte, and holds the same accounts", async () => {
    // An RPC that refuses any scan not narrowed to one authority byte, as Solana's scan limit refuses a large one.
    const limited = new Connection(market.net.rpc.url, { commitment: "confirmed" });
    const scanAccounts = limited.getProgramAccounts.bind(limited);
    let scans = 0;
    limited.getProgramAccounts = (async (programId: PublicKey, config?: GetProgramAccountsConfig) => {
      scans += 1;
      if (!config?.filters?.some((f) => "memcmp" in f && f.memcmp.offset === 40)) {
        throw new SolanaJSONRPCError(
          { code: -32012, message: "scan aborted: The accumulated scan results exceeded the limit" },
          "failed to get accounts",
        );
      }
      return scanAccounts(programId, config);
    }) as Connection["getProgramAccounts"];
    const split = await openAccountIndex(market, limited, subscriptions);
    try {
      expect(scans).toBe(257);
      const held = (i: AccountIndex) => [...i.all()].map((e) => [e.address, e.digest]).sort();
      expect(held(split)).toEqual(held(index));
      expect(split.size).toBe((await scan()).size);
    } finally {
      split.close();
    }
  });

  it("a rescan drops accounts that left the group's filters and reports what changed", async () => {
    const before = index.size;
    expect(await index.rescan()).toEqual([]);
    expect(index.size).toBe(before);
  });
});
