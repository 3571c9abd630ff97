// Account routes against a real market: a wallet's margin accounts, one account's shares, flags and health (the
// program's own by simulation, the SDK's local computation as the fallback), and a wallet's token balances.
import { Keypair, PublicKey } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, decodeMarginfiAccount, i80f48 as fx, type HealthCache } from "@ballast/protocol";
import {
  accountRisk,
  freeCollateral,
  healthBar,
  healthFactor,
  initializeAccountInstruction,
  loadMarket,
  userPositions,
  type AccountHealth,
} from "@ballast/sdk";
import { PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { RELOAD_GAP_MS, refreshingCache } from "../src/chain/accounts.js";
import { ttlCache } from "../src/chain/cache.js";
import type { RunningServer } from "../src/server.js";
import { compareAddresses } from "../src/chain/market.js";
import { DIALECTS, api, startTestServer } from "./support/server.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let banks: TestBank[];
/** Deposited 3 SOL, borrowed 25 USDC; a second, empty account under the same wallet. */
let borrower: TestUser;
let secondAccount: PublicKey;
/** Its authority holds no lamports at all: a simulation it pays for cannot run. */
let unfunded: TestUser;

async function createAccount(authority: Keypair, payer: Keypair, account = Keypair.generate()): Promise<PublicKey> {
  const instruction = initializeAccountInstruction({
    group: market.group,
    marginfiAccount: account.publicKey,
    authority: authority.publicKey,
    feePayer: payer.publicKey,
    programId: PROGRAM,
  });
  await market.send(instruction, [payer, account, authority]);
  return account.publicKey;
}

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 20, conf: 0.1 }, { assetWeightInit: "0.8", assetWeightMaint: "0.9" });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  banks = [sol, usdc];
  await market.deposit(await market.newUser(), usdc, 1_000n * USDC);
  borrower = await market.newUser();
  await market.deposit(borrower, sol, 3n * SOL);
  await market.borrow(borrower, usdc, 25n * USDC, banks);
  secondAccount = await createAccount(borrower.wallet, borrower.wallet);
  const wallet = Keypair.generate();
  unfunded = { wallet, account: await createAccount(wallet, market.admin) };
  const source = await market.fund(wallet, sol, 2n * SOL);
  await market.send(market.depositIx(unfunded, sol, source, 2n * SOL), [market.admin, wallet]);
});
afterAll(async () => {
  await market.close();
});

/** The six health values as exact decimals, in the cache's field order. */
function values(health: AccountHealth) {
  const d = fx.toDecimal;
  return {
    assetValue: d(health.initial.assets),
    liabilityValue: d(health.initial.liabilities),
    assetValueMaint: d(health.maintenance.assets),
    liabilityValueMaint: d(health.maintenance.liabilities),
    assetValueEquity: d(health.equity.assets),
    liabilityValueEquity: d(health.equity.liabilities),
  };
}

function cacheValues(cache: HealthCache) {
  const d = fx.toDecimal;
  return {
    assetValue: d(cache.assetValue),
    liabilityValue: d(cache.liabilityValue),
    assetValueMaint: d(cache.assetValueMaint),
    liabilityValueMaint: d(cache.liabilityValueMaint),
    assetValueEquity: d(cache.assetValueEquity),
    liabilityValueEquity: d(cache.liabilityValueEquity),
  };
}

async function localHealth(account: PublicKey) {
  const snapshot = await loadMarket(market.connection, { programId: PROGRAM.toBase58(), group: market.group.toBase58() }, market.now());
  const decoded = decodeMarginfiAccount((await market.connection.getAccountInfo(account, "confirmed"))!.data);
  return accountRisk(decoded.lendingAccount.balances, snapshot.banks);
}

describe.each(DIALECTS)("on %s", (dialect) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(market, { dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  describe("GET /api/account-addresses", () => {
    it("lists the wallet's margin accounts in the group, in byte order before the indexer has seen them", async () => {
      const { status, body } = await api(server, "GET", `/api/account-addresses?authority=${borrower.wallet.publicKey.toBase58()}`);
      expect(status).toBe(200);
      expect(body).toEqual({ ballastAccounts: [borrower.account.toBase58(), secondAccount.toBase58()].sort() });
    });

    it("lists accounts in the order they were opened once indexed, the ones not indexed yet last in byte order", async () => {
      const owner = Keypair.generate();
      const first = await createAccount(owner, market.admin);
      // The second account's address sorts before the first's, so byte order and opening order disagree.
      let key = Keypair.generate();
      while (compareAddresses(key.publicKey.toBase58(), first.toBase58()) > 0) key = Keypair.generate();
      const second = await createAccount(owner, market.admin, key);
      const list = async () => (await api(server, "GET", `/api/account-addresses?authority=${owner.publicKey.toBase58()}`)).body;
      expect(await list()).toEqual({ ballastAccounts: [second.toBase58(), first.toBase58()] });
      await server.jobs.indexer.run();
      expect(await list()).toEqual({ ballastAccounts: [first.toBase58(), second.toBase58()] });
    });

    it("lists nothing for a wallet without accounts", async () => {
      const { status, body } = await api(server, "GET", `/api/account-addresses?authority=${Keypair.generate().publicKey.toBase58()}`);
      expect(status).toBe(200);
      expect(body).toEqual({ ballastAccounts: [] });
    });

    it("refuses a malformed or missing authority with 400 naming the field", async () => {
      for (const query of ["?authority=not-a-key", "?authority=0OIl", `?authority=${"1".repeat(45)}`]) {
        const { status, body } = await api(server, "GET", `/api/account-addresses${query}`);
        expect(status).toBe(400);
        expect(body.error).toBe("Invalid query.authority: not a valid base58 address");
        expect(body.field).toBe("query.authority");
      }
      const missing = await api(server, "GET", "/api/account-addresses");
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe("query.authority");
    });
  });

  describe("POST /api/account-info", () => {
    const info = (accountKey: PublicKey, authorityKey: PublicKey, extra: object = {}) =>
      api(server, "POST", "/api/account-info", { accountKey: accountKey.toBase58(), authorityKey: authorityKey.toBase58(), ...extra });

    it("returns the account's shares, flags and the program's health from a simulated pulse (status 0)", async () => {
      const { status, body } = await info(borrower.account, borrower.wallet.publicKey);
      expect(status).toBe(200);
      expect(body.slot).toBe(await market.connection.getSlot("confirmed"));
      expect(body.balances).toHaveLength(16);
      const byBank = (a: { bankPk: string }, b: { bankPk: string }) => (a.bankPk < b.bankPk ? -1 : 1);
      expect(body.balances.filter((b: { active: boolean }) => b.active).sort(byBank)).toEqual(
        [
          {
            bankPk: sol.key.toBase58(),
            active: true,
            assetShares: "3000000000",
            liabilityShares: "0",
            emissionsOutstanding: "0",
            lastUpdate: Number(market.now()),
          },
          {
            bankPk: usdc.key.toBase58(),
            active: true,
            assetShares: "0",
            liabilityShares: "25000000",
            emissionsOutstanding: "0",
            lastUpdate: Number(market.now()),
          },
        ].sort(byBank),
      );
      expect(body).toMatchObject({
        address: borrower.account.toBase58(),
        group: market.group.toBase58(),
        authority: borrower.wallet.publicKey.toBase58(),
        accountFlags: "0",
        disabled: false,
        inFlashloan: false,
        transferAuthorityAllowed: false,
        emissionsDestinationAccount: PublicKey.default.toBase58(),
      });
      expect(body.healthCache.simulationStatus).toBe(0);
      expect(body.healthCache.simulationError).toBeNull();
      expect(body.healthCache.timestamp).toBe(Number(market.now()));

      // The same numbers as the SDK's local computation, and as the cache a landed pulse stores.
      const risk = await localHealth(borrower.account);
      expect(body.healthCache).toMatchObject(values(risk.health));
      await market.send(market.pulseHealthIx(borrower.account, await market.riskAccounts(borrower, banks)), [borrower.wallet]);
      const stored = (await market.marginfiAccount(borrower)).healthCache;
      expect(body.healthCache).toMatchObject({
        ...cacheValues(stored),
        flags: stored.flags,
        prices: stored.prices,
        mrgnErr: 0,
        internalErr: 0,
      });
      const factor = healthFactor(risk.health.maintenance);
      expect(body.health).toEqual({
        factor: fx.toDecimal(factor),
        bar: fx.toDecimal(healthBar(factor)),
        freeCollateral: fx.toDecimal(freeCollateral(risk.health.initial)),
        liquidationRisk: false,
      });
      // 3 SOL at $20 less 2.12 confidence intervals of $0.1, weighted 0.8, against 25 USDC at $1.
      expect(Number(body.health.freeCollateral)).toBeCloseTo(3 * (20 - 0.212) * 0.8 - 25, 9);
      const liquidation = new Map(userPositions(risk).map((p) => [p.bank, fx.toDecimal(p.liquidationPrice!)]));
      const byPositionBank = (a: { bank: string }, b: { bank: string }) => (a.bank < b.bank ? -1 : 1);
      expect([...body.positions].sort(byPositionBank)).toEqual(
        [
          {
            bank: sol.key.toBase58(),
            amount: "3",
            usdValue: "60",
            isLending: true,
            isDust: false,
            liquidationPrice: liquidation.get(sol.key.toBase58()),
          },
          {
            bank: usdc.key.toBase58(),
            amount: "25",
            usdValue: "25",
            isLending: false,
            isDust: false,
            liquidationPrice: liquidation.get(usdc.key.toBase58()),
          },
        ].sort(byPositionBank),
      );
      // SOL is liquidated where 3 × its maintenance-weighted low price meets the $25 debt: 25 / 2.7 plus the confidence.
      const solPosition = body.positions.find((p: { bank: string }) => p.bank === sol.key.toBase58());
      expect(Number(solPosition.liquidationPrice)).toBeCloseTo(25 / 2.7 + 0.212, 9);
    });

    it("accepts the client's bank maps and ignores them: banks and prices come from the ledger", async () => {
      const trusted = await info(borrower.account, borrower.wallet.publicKey);
      const forged = await info(borrower.account, borrower.wallet.publicKey, {
        bankMap: { [sol.key.toBase58()]: { assetShareValue: "1000", price: 1_000_000 } },
        bankMetadataMap: { [sol.key.toBase58()]: { tokenSymbol: "SOL" } },
      });
      expect(forged.status).toBe(200);
      expect(forged.body).toEqual(trusted.body);
    });

    it("computes the health locally (status 2) when the simulation cannot run, equal to the SDK's computation", async () => {
      const { status, body } = await info(unfunded.account, unfunded.wallet.publicKey);
      expect(status).toBe(200);
      expect(body.healthCache.simulationStatus).toBe(2);
      expect(body.healthCache.simulationError).toEqual({
        message: "Account health cache simulation failed",
        mrgnErr: null,
        internalErr: null,
      });
      expect(body.healthCache.timestamp).toBe(Number(market.now()));
      const risk = await localHealth(unfunded.account);
      expect(body.healthCache).toMatchObject(values(risk.health));
      expect(body.healthCache.assetValue).toBe(fx.toDecimal(risk.health.initial.assets));
      expect(Number(body.healthCache.assetValue)).toBeCloseTo(2 * (20 - 0.212) * 0.8, 9);
      expect(body.health.freeCollateral).toBe(body.healthCache.assetValue);
      expect(body.positions).toEqual([
        { bank: sol.key.toBase58(), amount: "2", usdValue: "40", isLending: true, isDust: false, liquidationPrice: null },
      ]);
    });

    it("answers 403 when the account belongs to another authority", async () => {
      const other = Keypair.generate().publicKey;
      const { status, body } = await info(borrower.account, other);
      expect(status).toBe(403);
      expect(body).toEqual({
        success: false,
        error: `Account ${borrower.account.toBase58()} does not belong to authority ${other.toBase58()}`,
      });
    });

    it("answers 404 'Account not found' for an address that is not a margin account of the group", async () => {
      for (const key of [Keypair.generate().publicKey, sol.key, borrower.wallet.publicKey]) {
        const { status, body } = await info(key, borrower.wallet.publicKey);
        expect(status).toBe(404);
        expect(body).toEqual({ success: false, error: "Account not found" });
      }
    });

    it("refuses malformed keys and bank maps with 400 naming the field", async () => {
      const cases: [object, string][] = [
        [{ authorityKey: borrower.wallet.publicKey.toBase58() }, "body.accountKey"],
        [{ accountKey: "xyz", authorityKey: borrower.wallet.publicKey.toBase58() }, "body.accountKey"],
        [{ accountKey: borrower.account.toBase58(), authorityKey: 7 }, "body.authorityKey"],
        [{ accountKey: borrower.account.toBase58(), authorityKey: borrower.wallet.publicKey.toBase58(), bankMap: [1] }, "body.bankMap"],
        ...[-1, 1.5, "7"].map((minContextSlot): [object, string] => [
          { accountKey: borrower.account.toBase58(), authorityKey: borrower.wallet.publicKey.toBase58(), minContextSlot },
          "body.minContextSlot",
        ]),
      ];
      for (const [request, field] of cases) {
        const { status, body } = await api(server, "POST", "/api/account-info", request);
        expect(status).toBe(400);
        expect(body.field).toBe(field);
        expect(body.error.startsWith(`Invalid ${field}: `)).toBe(true);
      }
    });
  });

  describe("POST /api/account-info with its cache on", () => {
    let cached: RunningServer;
    beforeAll(async () => {
      cached = await startTestServer(market, { dialect, config: { marketCacheMs: 3_600_000 } });
    });
    afterAll(async () => {
      await cached.close();
    });

    it("serves the cached view until asked for a slot it predates, then reads the account again and keeps that for all", async () => {
      const user = await market.newUser();
      await market.deposit(user, sol, 2n * SOL);
      const read = (extra: object = {}) =>
        api(cached, "POST", "/api/account-info", {
          accountKey: user.account.toBase58(),
          authorityKey: user.wallet.publicKey.toBase58(),
          ...extra,
        });
      const solShares = (body: { balances: { bankPk: string; assetShares: string }[] }) =>
        body.balances.find((b) => b.bankPk === sol.key.toBase58())?.assetShares;
      const first = await read();
      expect(first.status).toBe(200);
      expect(first.body.slot).toBe(await market.connection.getSlot("confirmed"));
      expect(solShares(first.body)).toBe("2000000000");

      // Another deposit lands in a later slot: a reader who knows nothing of it gets the cached view, even one naming
      // the slot that view was read at.
      await market.deposit(user, sol, SOL);
      const depositSlot = await market.connection.getSlot("confirmed");
      expect(depositSlot).toBeGreaterThan(first.body.slot);
      expect((await read()).body).toEqual(first.body);
      expect((await read({ minContextSlot: first.body.slot })).body).toEqual(first.body);

      // Named by its slot (as a notification gives it), the deposit shows; concurrent readers share one read.
      const [a, b] = await Promise.all([read({ minContextSlot: depositSlot }), read({ minContextSlot: depositSlot })]);
      expect(a.body.slot).toBe(depositSlot);
      expect(solShares(a.body)).toBe("3000000000");
      expect(b.body).toEqual(a.body);
      // The new view is now the cached one, for readers naming no slot too.
      expect((await read()).body).toEqual(a.body);
      // A slot the ledger has not reached yet is no error: the account as it is now.
      const ahead = await read({ minContextSlot: depositSlot + 1_000 });
      expect(ahead.status).toBe(200);
      expect(ahead.body.slot).toBe(depositSlot);
      expect(solShares(ahead.body)).toBe("3000000000");
    });

    it("values a deposit in a bank added since the cached market snapshot with a snapshot loaded after the account", async () => {
      const user = await market.newUser();
      await market.deposit(user, sol, SOL);
      const read = (minContextSlot?: number) =>
        api(cached, "POST", "/api/account-info", {
          accountKey: user.account.toBase58(),
          authorityKey: user.wallet.publicKey.toBase58(),
          minContextSlot,
        });
      expect((await read()).status).toBe(200);
      const added = await market.addBank(6, { kind: "switchboard", price: 2 });
      await market.deposit(user, added, 5n * USDC);
      const { status, body } = await read(await market.connection.getSlot("confirmed"));
      expect(status).toBe(200);
      expect(body.positions.find((p: { bank: string }) => p.bank === added.key.toBase58())).toMatchObject({
        amount: "5",
        usdValue: "10",
        isLending: true,
      });
    });
  });

  describe("POST /api/user-balance", () => {
    it("returns the native SOL and each requested associated token account, exactly", async () => {
      const wallet = Keypair.generate();
      await market.airdrop(wallet.publicKey, 2_500_000_000n);
      await market.fund(wallet, usdc, 123_456_789n);
      const tokens = [
        { tokenProgram: TOKEN_PROGRAM_ID.toBase58(), mint: usdc.mint.toBase58(), decimal: 6 },
        { tokenProgram: TOKEN_PROGRAM_ID.toBase58(), mint: sol.mint.toBase58(), decimal: 9 },
      ];
      const { status, body } = await api(server, "POST", "/api/user-balance", { address: wallet.publicKey.toBase58(), tokens });
      expect(status).toBe(200);
      expect(body).toEqual({
        nativeSolBalance: 2.5,
        ataList: [
          {
            mint: usdc.mint.toBase58(),
            balance: "123456789",
            uiBalance: 123.456789,
            decimals: 6,
            isCreated: true,
            tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
          },
          {
            mint: sol.mint.toBase58(),
            balance: "0",
            uiBalance: 0,
            decimals: 9,
            isCreated: false,
            tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
          },
        ],
      });
      const empty = await api(server, "POST", "/api/user-balance", { address: Keypair.generate().publicKey.toBase58(), tokens: [] });
      expect(empty.body).toEqual({ nativeSolBalance: 0, ataList: [] });
    });

    it("refuses more than 100 tokens and malformed tokens with 400 naming the field", async () => {
      const token = { tokenProgram: TOKEN_PROGRAM_ID.toBase58(), mint: usdc.mint.toBase58(), decimal: 6 };
      const address = borrower.wallet.publicKey.toBase58();
      const ok = await api(server, "POST", "/api/user-balance", { address, tokens: new Array(100).fill(token) });
      expect(ok.status).toBe(200);
      expect(ok.body.ataList).toHaveLength(100);
      const cases: [object, string][] = [
        [{ address, tokens: new Array(101).fill(token) }, "body.tokens"],
        [{ address: "nope", tokens: [token] }, "body.address"],
        [{ address, tokens: [{ ...token, tokenProgram: PROGRAM.toBase58() }] }, "body.tokens.0.tokenProgram"],
        [{ address, tokens: [token, { ...token, mint: "mint" }] }, "body.tokens.1.mint"],
        [{ address, tokens: [{ ...token, decimal: -1 }] }, "body.tokens.0.decimal"],
        [{ address, tokens: [{ ...token, decimal: 2.5 }] }, "body.tokens.0.decimal"],
        [{ address }, "body.tokens"],
      ];
      for (const [request, field] of cases) {
        const { status, body } = await api(server, "POST", "/api/user-balance", request);
        expect(status).toBe(400);
        expect(body.field).toBe(field);
      }
    });
  });
});

describe("a stale oracle", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(market);
  });
  afterAll(async () => {
    await server.close();
  });

  it("makes the program's health cache carry an oracle error: the health is computed locally (status 2)", async () => {
    market.advanceTime(3_600);
    const { status, body } = await api(server, "POST", "/api/account-info", {
      accountKey: borrower.account.toBase58(),
      authorityKey: borrower.wallet.publicKey.toBase58(),
    });
    expect(status).toBe(200);
    expect(body.healthCache.simulationStatus).toBe(2);
    // The USDC liability's stale Switchboard feed fails the Initial check. The SOL collateral's stale Pyth feed is
    // tolerated and recorded, but only when its balance comes first (balances are ordered by bank key, descending).
    const solFirst = Buffer.compare(sol.key.toBuffer(), usdc.key.toBuffer()) > 0;
    expect(body.healthCache.simulationError).toEqual({
      message: "Account health cache simulation failed",
      mrgnErr: ERRORS.SwitchboardStalePrice.code,
      internalErr: solFirst ? ERRORS.PythPushStalePrice.code : 0,
    });
    expect([ERRORS.SwitchboardStalePrice.code, ERRORS.PythPushStalePrice.code]).toEqual([6049, 6050]);
    // Locally every pass fails on a stale price too, so all six values are zero, as the program leaves them.
    const risk = await localHealth(borrower.account);
    expect(body.healthCache).toMatchObject(values(risk.health));
    expect(values(risk.health)).toEqual({
      assetValue: "0",
      liabilityValue: "0",
      assetValueMaint: "0",
      liabilityValueMaint: "0",
      assetValueEquity: "0",
      liabilityValueEquity: "0",
    });
  });
});

describe("the account view cache", () => {
  function counting(fail: Set<string> = new Set()) {
    const loads: string[] = [];
    const load = async (key: string) => {
      loads.push(key);
      if (fail.has(key)) throw new Error(`no ${key}`);
      return `${key}#${loads.length}`;
    };
    return { loads, load };
  }

  it("serves a fresh view, serves a stale one while one refresh runs, and reloads an expired one", async () => {
    let time = 0;
    const { loads, load } = counting();
    const view = refreshingCache(1_000, load, 10, () => time);
    expect(await view("a")).toBe("a#1");
    time = 999;
    expect(await view("a")).toBe("a#1");
    time = 1_000;
    // Stale: the old view at once, a single refresh behind it.
    expect(await Promise.all([view("a"), view("a"), view("a")])).toEqual(["a#1", "a#1", "a#1"]);
    await Promise.resolve();
    expect(await view("a")).toBe("a#2");
    expect(loads).toEqual(["a", "a"]);
    time = 1_000 + 2_000;
    expect(await view("a")).toBe("a#3");
    expect(loads).toEqual(["a", "a", "a"]);
  });

  it("reads again for a reader refusing the cached value, sharing that read, and keeps the newest read", async () => {
    let time = 0;
    const { loads, load } = counting();
    const view = refreshingCache(1_000, load, 10, () => time);
    const newerThan = (seen: number) => (value: string) => Number(value.split("#")[1]) > seen;
    expect(await view("a")).toBe("a#1");
    expect(await view("a", newerThan(0))).toBe("a#1");
    // Two readers refusing a#1 at once: one read for both, kept for everyone after.
    expect(await Promise.all([view("a", newerThan(1)), view("a", newerThan(1))])).toEqual(["a#2", "a#2"]);
    expect(await view("a")).toBe("a#2");
    expect(loads).toEqual(["a", "a"]);
    // A reader refusing even the read it joined reads once more itself, and takes that whatever it holds.
    const [joiner, demanding] = await Promise.all([view("a", newerThan(2)), view("a", newerThan(3))]);
    expect([joiner, demanding]).toEqual(["a#3", "a#4"]);
    expect(await view("a", newerThan(100))).toBe("a#6");
    expect(loads).toHaveLength(6);

    // A background refresh that lands after a later read does not put its older value back.
    let release!: () => void;
    const slow = refreshingCache(
      1_000,
      async (key: string) => {
        const n = loads.push(key);
        if (n === 8) await new Promise<void>((resolve) => (release = resolve));
        return `${key}#${n}`;
      },
      10,
      () => time,
    );
    expect(await slow("b")).toBe("b#7");
    time = 1_500;
    expect(await slow("b")).toBe("b#7");
    time = 1_600;
    expect(await slow("b", newerThan(7))).toBe("b#9");
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await slow("b")).toBe("b#9");
  });

  it("starts a key's forced reloads a gap apart: a reader refusing every value waits its turn, one read per gap", async () => {
    const { loads, load } = counting();
    const view = refreshingCache(60_000, load, 10);
    const never = () => false;
    expect(await view("a")).toBe("a#1");
    expect(await view("a", never)).toBe("a#3");
    expect(loads).toHaveLength(3);
    // The next refusal finds the last reload under a gap ago: nothing is read until the gap has passed.
    const waiting = view("a", never);
    await new Promise((resolve) => setTimeout(resolve, RELOAD_GAP_MS / 4));
    expect(loads).toHaveLength(3);
    expect(await waiting).toBe("a#5");
    expect(loads).toHaveLength(5);
  });

  it("a market snapshot asked for as loaded since a time is loaded again when the cached one started earlier", async () => {
    let time = 0;
    let loads = 0;
    const snapshot = ttlCache(
      1_000,
      async () => ++loads,
      () => time,
    );
    expect(await snapshot.get()).toBe(1);
    time = 10;
    expect(await snapshot.get(0)).toBe(1);
    expect(await snapshot.get(5)).toBe(2);
    expect(await snapshot.get()).toBe(2);
    expect(await snapshot.get(10)).toBe(2);
  });

  it("keeps no failure, caches nothing with a ttl of 0, and evicts the oldest key past its size", async () => {
    let time = 0;
    const failing = new Set(["bad"]);
    const { loads, load } = counting(failing);
    const view = refreshingCache(1_000, load, 2, () => time);
    await expect(view("bad")).rejects.toThrow("no bad");
    failing.clear();
    expect(await view("bad")).toBe("bad#2");
    await view("b");
    await view("c");
    expect(loads).toEqual(["bad", "bad", "b", "c"]);
    await view("b");
    await view("bad");
    expect(loads).toEqual(["bad", "bad", "b", "c", "bad"]);

    const uncached = counting();
    const direct = refreshingCache(0, uncached.load, 10, () => time);
    await direct("a");
    await direct("a");
    expect(uncached.loads).toEqual(["a", "a"]);
  });
});
