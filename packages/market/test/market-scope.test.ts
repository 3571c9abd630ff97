// Scope as a reserve's price source: the chain arithmetic exactly, then refresh_reserve on a ledger with the local
// Scope program (one entry, a two-link chain, a stale chain, the account checks, and the latest-timestamp choice).
import { Keypair, type PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScopeOraclePricesInstructions, scopeProgram, setScopePricesInstruction, type ScopeEntryUpdate } from "@ballast/oracles";
import {
  PriceStatus,
  multiplyPriceChain,
  priceToFraction,
  reducePriceDecimals,
  refreshReserveInstruction,
  refreshReserveInstructionFor,
  refreshReservesBatchInstructionFor,
  updateEntireReserveConfigInstruction,
  type ReserveAccounts,
  type ReserveConfig,
} from "../src/index.js";
import { MarketHarness } from "./support/harness.js";
import { activeConfig } from "./support/configs.js";

const END = 0xffff;
const FEED_NAME = "market-scope";

describe("Scope chain arithmetic", () => {
  it("multiplies the chain's integers and adds their decimals while they stay within 36", () => {
    // JitoSOL/SOL 1.123456789012 (12 decimals) × SOL/USD 150.25 (8 decimals).
    expect(
      multiplyPriceChain([
        { value: 1_123_456_789_012n, exp: 12n },
        { value: 15_025_000_000n, exp: 8n },
      ]),
    ).toEqual({ value: 16_879_938_254_905_300_000_000n, exp: 20n });
    expect(multiplyPriceChain([])).toEqual({ value: 1n, exp: 0n });
  });

  it("truncates both sides to 18 decimals before a product that would pass 36", () => {
    expect(reducePriceDecimals({ value: 1_000_000_000_000_000_000_999n, exp: 21n }, 18n)).toEqual({
      value: 1_000_000_000_000_000_000n,
      exp: 18n,
    });
    expect(reducePriceDecimals({ value: 25n, exp: 1n }, 18n)).toEqual({ value: 25n, exp: 1n });
    // 20 + 20 > 36: both become 18 decimals (2.5 and 1.000000000000000009), then 36 decimals together.
    expect(
      multiplyPriceChain([
        { value: 250_000_000_000_000_000_000n, exp: 20n },
        { value: 100_000_000_000_000_000_999n, exp: 20n },
      ]),
    ).toEqual({ value: 2_500_000_000_000_000_000n * 1_000_000_000_000_000_009n, exp: 36n });
    // A product held at 36 decimals is truncated again when the next factor arrives.
    expect(
      multiplyPriceChain([
        { value: 3n * 10n ** 18n + 7n, exp: 18n },
        { value: 2n * 10n ** 18n, exp: 18n },
        { value: 5n, exp: 1n },
      ]),
    ).toEqual({ value: (((3n * 10n ** 18n + 7n) * 2n * 10n ** 18n) / 10n ** 18n) * 5n, exp: 19n });
  });

  it("fails MathOverflow when the product passes U256", () => {
    const big = { value: 2n ** 64n - 1n, exp: 0n };
    expect(() => multiplyPriceChain([big, big, big, big, big])).toThrow("Math operation overflow");
  });
});

let h: MarketHarness;
let market: PublicKey;
let reserve: ReserveAccounts;
const oraclePrices = Keypair.generate();

function setScope(updates: ScopeEntryUpdate[]) {
  return h.send(
    setScopePricesInstruction({ admin: h.oracleAuthority.publicKey, feedName: FEED_NAME, oraclePrices: oraclePrices.publicKey, updates }),
    [h.oracleAuthority],
  );
}

function scopeConfig(priceChain: number[], options: { pyth?: PublicKey; feed?: PublicKey } = {}): ReserveConfig {
  const config = activeConfig({ name: "JitoSOL", ...(options.pyth ? { pyth: options.pyth } : {}) });
  config.tokenInfo.scopeConfiguration = {
    priceFeed: (options.feed ?? oraclePrices.publicKey).toBase58(),
    priceChain,
    twapChain: [END, END, END, END],
  };
  return config;
}

function configure(config: ReserveConfig) {
  return h.send(
    updateEntireReserveConfigInstruction({
      lendingMarketOwner: h.owner.publicKey,
      lendingMarket: market,
      reserve: reserve.reserve,
      config,
    }),
    [h.owner],
  );
}

async function refresh() {
  await h.send(refreshReserveInstructionFor(reserve.reserve, await h.reserve(reserve.reserve)), [h.owner]);
  return h.reserve(reserve.reserve);
}

beforeAll(async () => {
  h = await MarketHarness.start([scopeProgram()]);
  market = await h.createMarket();
  const mint = await h.createMint(9);
  reserve = (await h.createReserve(market, mint)).accounts;
  await h.send(
    createScopeOraclePricesInstructions({ admin: h.oracleAuthority.publicKey, feedName: FEED_NAME, oraclePrices: oraclePrices.publicKey }),
    [h.oracleAuthority, oraclePrices],
  );
});
afterAll(() => h.close());

describe("refresh_reserve with Scope", () => {
  it("refreshes a reserve priced only by Scope to the entry's exact price and time", async () => {
    const now = h.now();
    await setScope([{ index: 0, value: 15_025n, exp: 2n, unixTimestamp: now - 4n }]);
    await configure(scopeConfig([0, END, END, END]));
    const r = await refresh();
    expect(r.liquidity.marketPriceSf).toBe(priceToFraction(15_025n, 2n));
    expect(r.liquidity.marketPriceLastUpdatedTs).toBe(now - 4n);
    expect(r.lastUpdate.priceStatus).toBe(PriceStatus.ALL_CHECKS);
  });

  it("refreshes it the same through refresh_reserves_batch, whose fourth oracle slot carries the Scope account", async () => {
    const now = h.now();
    await setScope([{ index: 0, value: 15_125n, exp: 2n, unixTimestamp: now }]);
    await configure(scopeConfig([0, END, END, END]));
    h.advance(1);
    await h.send(refreshReservesBatchInstructionFor([{ address: reserve.reserve, state: await h.reserve(reserve.reserve) }]), [h.owner]);
    const r = await h.reserve(reserve.reserve);
    expect(r.liquidity.marketPriceSf).toBe(priceToFraction(15_125n, 2n));
    expect(r.lastUpdate.priceStatus).toBe(PriceStatus.ALL_CHECKS);
  });

  it("multiplies a two-link chain (JitoSOL/SOL × SOL/USD), dated by its oldest link", async () => {
    const now = h.now();
    await setScope([
      { index: 1, value: 1_123_456_789_012n, exp: 12n, unixTimestamp: now - 5n },
      { index: 2, value: 15_025_000_000n, exp: 8n, unixTimestamp: now - 2n },
    ]);
    await configure(scopeConfig([1, 2, END, END]));
    h.advance(1);
    const r = await refresh();
    expect(r.liquidity.marketPriceSf).toBe(priceToFraction(16_879_938_254_905_300_000_000n, 20n));
    expect(r.liquidity.marketPriceLastUpdatedTs).toBe(now - 5n);
    expect(r.lastUpdate.priceStatus).toBe(PriceStatus.ALL_CHECKS);
  });

  it("takes a stale chain's price without the age check", async () => {
    const now = h.now();
    await setScope([
      { index: 3, value: 2n, exp: 0n, unixTimestamp: now - 61n },
      { index: 4, value: 50n, exp: 0n, unixTimestamp: now },
    ]);
    await configure(scopeConfig([3, 4, END, END]));
    h.advance(1);
    const r = await refresh();
    expect(r.liquidity.marketPriceSf).toBe(100n << 60n);
    expect(r.liquidity.marketPriceLastUpdatedTs).toBe(now - 61n);
    expect(r.lastUpdate.priceStatus).toBe(PriceStatus.ALL_CHECKS & ~PriceStatus.PRICE_AGE_CHECKED);
  });

  it("refuses a Scope account other than the configured one, or none (6056)", async () => {
    await configure(scopeConfig([0, END, END, END]));
    h.advance(1);
    const other = Keypair.generate().publicKey;
    await h.expectFailure(
      refreshReserveInstruction({ reserve: reserve.reserve, lendingMarket: market, scopePrices: other }),
      [h.owner],
      "InvalidScopePriceAccount",
    );
    await h.expectFailure(
      refreshReserveInstruction({ reserve: reserve.reserve, lendingMarket: market }),
      [h.owner],
      "InvalidScopePriceAccount",
    );
  });

  it("drops an account that is not Scope's OraclePrices (CouldNotDeserializeScope): no source is left", async () => {
    const notPrices = await h.pythFeed({ price: 100n, exponent: 0 });
    await configure(scopeConfig([0, END, END, END], { feed: notPrices }));
    h.advance(1);
    const result = await h.expectFailure(
      refreshReserveInstruction({ reserve: reserve.reserve, lendingMarket: market, scopePrices: notPrices }),
      [h.owner],
      "PriceNotValid",
    );
    expect(result.logs).toContain("Program log: Oracle source ignored: Cannot deserialize the scope price account");
  });

  it("refuses a Scope feed whose price chain is unset (InvalidOracleConfig)", async () => {
    for (const chain of [
      [END, END, END, END],
      [0, 0, 0, 0],
    ]) {
      await h.expectFailure(
        updateEntireReserveConfigInstruction({
          lendingMarketOwner: h.owner.publicKey,
          lendingMarket: market,
          reserve: reserve.reserve,
          config: scopeConfig(chain),
        }),
        [h.owner],
        "InvalidOracleConfig",
      );
    }
  });

  it("chooses between Scope and Pyth by the latest timestamp", async () => {
    const now = h.now();
    const pyth = await h.pythFeed({ price: 14_000n, exponent: -2, publishTime: now - 10n });
    await setScope([{ index: 5, value: 15_000n, exp: 2n, unixTimestamp: now - 3n }]);
    await configure(scopeConfig([5, END, END, END], { pyth }));
    h.advance(1);
    let r = await refresh();
    expect(r.liquidity.marketPriceSf).toBe(priceToFraction(15_000n, 2n));
    expect(r.liquidity.marketPriceLastUpdatedTs).toBe(now - 3n);

    await h.setPyth(pyth, { price: 14_100n, exponent: -2, publishTime: now - 1n });
    h.advance(1);
    r = await refresh();
    expect(r.liquidity.marketPriceSf).toBe(priceToFraction(14_100n, 2));
    expect(r.liquidity.marketPriceLastUpdatedTs).toBe(now - 1n);

    // A tie keeps Pyth, the earlier source.
    await setScope([{ index: 5, value: 16_000n, exp: 2n, unixTimestamp: now - 1n }]);
    h.advance(1);
    r = await refresh();
    expect(r.liquidity.marketPriceSf).toBe(priceToFraction(14_100n, 2));
  });
});
