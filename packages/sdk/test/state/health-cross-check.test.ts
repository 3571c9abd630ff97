// Live cross-check: random accounts on a real ledger, health pulsed by the program, then the SDK's health components
// computed from the same accounts read over RPC at the same clock must equal the health cache bit for bit.
import { MARGINFI_PROGRAM_ID, type I80F48 } from "@ballast/protocol";
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixed, u16, u8 } from "../../../protocol/test/support/borsh.js";
import { TestMarket, ix, type OracleSpec, type TestBank, type TestUser } from "../../../protocol/test/support/market.js";
import { accountRisk, healthFromCache } from "../../src/math/health.js";
import { fetchMarginAccount, fetchMarginAccounts } from "../../src/state/margin-accounts.js";
import { loadMarket } from "../../src/state/market.js";

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface BankPlan {
  decimals: number;
  oracle: OracleSpec;
  /** Whole tokens a depositor puts in. */
  deposit: number;
  config: Record<string, unknown>;
}

const SOL_TAG = 501;

const PLANS: BankPlan[] = [
  {
    decimals: 9,
    oracle: { kind: "pyth", price: 10.5, conf: 0.05, emaPrice: 10.3, emaConf: 0.04 },
    deposit: 40,
    config: { assetWeightInit: "0.75", assetWeightMaint: "0.85", liabilityWeightInit: "1.2", liabilityWeightMaint: "1.1" },
  },
  {
    decimals: 6,
    oracle: { kind: "switchboard", price: 1.0003, stdDev: 0.001 },
    deposit: 500,
    config: { assetWeightInit: "0.9", assetWeightMaint: "0.95", liabilityWeightInit: "1.05", liabilityWeightMaint: "1.02" },
  },
  {
    decimals: 8,
    oracle: { kind: "pyth", price: 65000.12345, conf: 12.5, emaPrice: 64990.5, emaConf: 11 },
    deposit: 0.02,
    config: {
      assetWeightInit: "0.6",
      assetWeightMaint: "0.7",
      liabilityWeightInit: "1.3",
      liabilityWeightMaint: "1.15",
      totalAssetValueInitLimit: 3000n,
    },
  },
  { decimals: 6, oracle: { kind: "fixed", price: "0.7531" }, deposit: 300, config: { assetWeightInit: "0.5", assetWeightMaint: "0.65" } },
  {
    decimals: 9,
    oracle: { kind: "pyth", price: 11.2, conf: 0.02 },
    deposit: 30,
    config: { assetWeightInit: "0.7", assetWeightMaint: "0.8" },
  },
  {
    decimals: 9,
    oracle: { kind: "switchboard", price: 10.9, stdDev: 0.03 },
    deposit: 30,
    config: { assetWeightInit: "0.65", assetWeightMaint: "0.75" },
  },
  {
    decimals: 5,
    oracle: { kind: "pyth", price: 0.0123, conf: 0.00001, exponent: -10 },
    deposit: 100_000,
    config: { riskTier: 1, assetWeightInit: "0", assetWeightMaint: "0" },
  },
];

const toNative = (tokens: number, decimals: number) => BigInt(Math.round(tokens * 10 ** decimals));

describe("SDK health equals the program's health cache", () => {
  let market: TestMarket;
  let banks: TestBank[];
  const users: TestUser[] = [];
  const rand = random(20261123);

  async function configureEmode(bank: TestBank, tag: number, entries: { tag: number; init: string; maint: string }[]) {
    const all = [...entries, ...Array.from({ length: 10 - entries.length }, () => ({ tag: 0, init: "0", maint: "0" }))];
    const encoded = Buffer.concat(all.map((e) => Buffer.concat([u16(e.tag), u8(0), Buffer.alloc(5), fixed(e.init), fixed(e.maint)])));
    await market.send(
      ix(
        "lending_pool_configure_bank_emode",
        [
          [market.group, false, false],
          [market.admin.publicKey, true, false],
          [bank.key, false, true],
        ],
        [u16(tag), encoded],
      ),
      [market.admin],
    );
  }

  async function refreshOracles() {
    for (let i = 0; i < banks.length; i++) if (banks[i]!.oracle) await market.setOracle(banks[i]!.oracle!, PLANS[i]!.oracle);
  }

  beforeAll(async () => {
    market = await TestMarket.start();
    banks = [];
    for (const plan of PLANS) banks.push(await market.addBank(plan.decimals, plan.oracle, plan.config));
    const admin = market.admin.publicKey.toBuffer();
    await market.send(
      ix(
        "marginfi_group_configure",
        [
          [market.group, false, true],
          [market.admin.publicKey, true, false],
        ],
        [admin, admin, admin, admin, admin, admin, admin, Buffer.from([0]), Buffer.from([0])],
      ),
      [market.admin],
    );
    // Banks 4 and 5 borrowed against bank 0 (tag 501) raise its weights; borrowing both intersects to the lower.
    await configureEmode(banks[0]!, SOL_TAG, []);
    await configureEmode(banks[4]!, 0, [{ tag: SOL_TAG, init: "0.85", maint: "0.9" }]);
    await configureEmode(banks[5]!, 0, [{ tag: SOL_TAG, init: "0.8", maint: "0.92" }]);

    // A liquidity provider in every bank, so there is something to borrow.
    const lp = await market.newUser();
    for (let i = 0; i < banks.length; i++) await market.deposit(lp, banks[i]!, toNative(PLANS[i]!.deposit * 20, PLANS[i]!.decimals));

    for (let u = 0; u < 12; u++) {
      const user = await market.newUser();
      users.push(user);
      const order = [...banks.keys()].sort(() => rand() - 0.5);
      const lent = order.slice(0, 1 + Math.floor(rand() * 3));
      const borrowable = order.slice(lent.length).filter((i) => PLANS[i]!.config.riskTier !== 1 || rand() < 0.3);
      for (const i of lent) await market.deposit(user, banks[i]!, toNative(PLANS[i]!.deposit * (0.2 + rand()), PLANS[i]!.decimals));
      market.advanceTime(Math.floor(rand() * 50_000));
      await refreshOracles();
      // Borrow a random share of the free collateral, in at most two banks (one if isolated).
      for (const i of borrowable.slice(0, 1 + Math.floor(rand() * 2))) {
        const account = await market.marginfiAccount(user);
        const free = Number(account.healthCache.assetValue - account.healthCache.liabilityValue) / 2 ** 48;
        const usd = (free > 0 ? free : 5) * (0.5 + 0.45 * rand());
        const price = PLANS[i]!.oracle.kind === "fixed" ? Number(PLANS[i]!.oracle.price) : (PLANS[i]!.oracle as { price: number }).price;
        try {
          await market.borrow(user, banks[i]!, toNative(usd / price / 1.4, PLANS[i]!.decimals), banks);
        } catch {
          // A refused borrow (isolated rule, health) just leaves the account as it is.
        }
        if (PLANS[i]!.config.riskTier === 1) break;
      }
    }
    // Time passes, prices move (bank 0 collateral falls, bank 5 debt rises) and bank 1's oracle goes stale.
    market.advanceTime(150);
    PLANS[0]!.oracle = { kind: "pyth", price: 6.1, conf: 0.06, emaPrice: 7.8, emaConf: 0.05 };
    PLANS[2]!.oracle = { kind: "pyth", price: 61000.5, conf: 30, emaPrice: 63000.25, emaConf: 20 };
    PLANS[5]!.oracle = { kind: "switchboard", price: 19.5, stdDev: 0.2 };
    for (const i of [0, 2, 4, 5, 6]) await market.setOracle(banks[i]!.oracle!, PLANS[i]!.oracle);
  }, 600_000);

  afterAll(async () => {
    await market?.close();
  });

  it("for every account, all six components to the I80F48 bit", async () => {
    const now = market.now();
    for (const user of users) await market.send(market.pulseHealthIx(user.account, await market.riskAccounts(user, banks)), [user.wallet]);
    const snapshot = await loadMarket(market.connection, { programId: MARGINFI_PROGRAM_ID, group: market.group.toBase58() }, now);
    let borrowers = 0;
    let withEmode = 0;
    let unhealthy = 0;
    let oracleErrors = 0;
    for (const user of users) {
      const { account } = await fetchMarginAccount(market.connection, user.account.toBase58());
      const risk = accountRisk(account.lendingAccount.balances, snapshot.banks);
      const cache = healthFromCache(account.healthCache);
      const bits = (h: typeof cache) =>
        [
          h.initial.assets,
          h.initial.liabilities,
          h.maintenance.assets,
          h.maintenance.liabilities,
          h.equity.assets,
          h.equity.liabilities,
        ].map((v: I80F48) => v.toString());
      expect(bits(risk.health), `account ${user.account.toBase58()}`).toEqual(bits(cache));
      expect(account.healthCache.timestamp).toBe(now);
      if (risk.positions.some((p) => p.side === "liabilities")) borrowers++;
      if (risk.emode.size > 0) withEmode++;
      if (account.healthCache.mrgnErr === 6009) unhealthy++;
      if (risk.health.maintenance.error) oracleErrors++;
    }
    // The random accounts cover debt, e-mode, refused Initial checks and stale oracles.
    expect(borrowers).toBeGreaterThan(3);
    expect(withEmode).toBeGreaterThan(0);
    expect(unhealthy).toBeGreaterThan(0);
    expect(oracleErrors).toBeGreaterThan(0);
  });

  it("finds a wallet's margin accounts by authority", async () => {
    const user = users[0]!;
    const found = await fetchMarginAccounts(
      market.connection,
      MARGINFI_PROGRAM_ID,
      market.group.toBase58(),
      user.wallet.publicKey.toBase58(),
    );
    expect(found.map((a) => a.address)).toEqual([user.account.toBase58()]);
    expect(new PublicKey(found[0]!.account.authority).equals(user.wallet.publicKey)).toBe(true);
  });
});
