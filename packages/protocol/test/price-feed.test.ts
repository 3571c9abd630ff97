// Price feeds as the lending program reads them (reference §9.2, §9.3, §21 item 4): account checks and their
// order, staleness boundaries, EMA vs spot, exponent scaling, and the confidence gate and cap, bit-exact.
import { ProgramFailure } from "@ballast/anchor";
import { TOKEN_PROGRAM_ID, type InstructionAccount } from "@ballast/ledger";
import {
  PULL_FEED_SCALE,
  PYTH_RECEIVER_PROGRAM_ID,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  emptyPullFeed,
  encodePriceUpdateV2,
  encodePullFeed,
  type VerificationLevel,
} from "@ballast/oracles";
import { NATIVE_STAKE_PROGRAM_ID, encodeStakeAccount, stakePoolAddresses } from "@ballast/stake-pool";
import { MINT_SIZE, MintLayout } from "@solana/spl-token";
import { PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import * as fx from "../src/math/i80f48.js";
import type { I80F48 } from "../src/math/i80f48.js";
import { validateOracleSetup } from "../src/program/oracle-config-validation.js";
import { loadPriceFeed, oracleAccountCount, PriceBias, PriceType } from "../src/risk/price-feed.js";
import { BankLayout } from "../src/state/bank.js";
import { accountView, type BankData } from "../src/state/views.js";
import { AssetTag, OracleSetup } from "../src/state/enums.js";
import { KAMINO_PROGRAM_ID, KAMINO_RESERVE_DISCRIMINATOR, KAMINO_RESERVE_SIZE } from "../src/state/kamino.js";

const config = BankLayout.fields.config.fields;
const address = (seed: number) => bs58.encode(Buffer.alloc(32, seed));
const FEED = address(7);
const OTHER = address(8);
const NOW = 1_700_000_000n;
const SLOT = 5_000n;

const CONF_MULTIPLE = fx.fromDecimal("2.12");
const STD_DEV_MULTIPLE = fx.fromDecimal("1.96");
const U32_MAX = 4_294_967_295n;

interface BankOptions {
  setup: number;
  key?: string;
  maxAge?: number;
  maxConfidence?: number;
  tag?: number;
  fixedPrice?: I80F48;
}

function bank(o: BankOptions): BankData {
  const data = Buffer.alloc(BankLayout.space);
  BankLayout.discriminator.copy(data, 0);
  config.oracleSetup.set(data, o.setup);
  config.oracleKeys.at(0).set(data, o.key ?? FEED);
  config.oracleMaxAge.set(data, o.maxAge ?? 30);
  config.oracleMaxConfidence.set(data, o.maxConfidence ?? 0);
  config.assetTag.set(data, o.tag ?? AssetTag.Default);
  config.fixedPrice.set(data, o.fixedPrice ?? fx.ZERO);
  return accountView(BankLayout, data);
}

function account(data: Buffer, owner: string, key = FEED): InstructionAccount {
  return { key, isSigner: false, isWritable: false, account: { lamports: 1_000_000n, data, owner, executable: false, rentEpoch: 0n } };
}

interface PythOptions {
  price?: bigint;
  conf?: bigint;
  emaPrice?: bigint;
  emaConf?: bigint;
  exponent?: number;
  publishTime?: bigint;
  level?: VerificationLevel;
}

function pythData(o: PythOptions = {}): Buffer {
  const price = o.price ?? 100n;
  const conf = o.conf ?? 0n;
  return encodePriceUpdateV2({
    writeAuthority: address(3),
    verificationLevel: o.level ?? { kind: "Full" },
    priceMessage: {
      feedId: new Uint8Array(32).fill(9),
      price,
      conf,
      exponent: o.exponent ?? 0,
      publishTime: o.publishTime ?? NOW,
      prevPublishTime: (o.publishTime ?? NOW) - 1n,
      emaPrice: o.emaPrice ?? price,
      emaConf: o.emaConf ?? conf,
    },
    postedSlot: 42n,
  });
}

const pyth = (o: PythOptions = {}, owner = PYTH_RECEIVER_PROGRAM_ID, key = FEED) => account(pythData(o), owner, key);

interface SwitchboardOptions {
  value?: bigint;
  stdDev?: bigint;
  lastUpdate?: bigint;
}

function switchboardData(o: SwitchboardOptions = {}): Buffer {
  const feed = emptyPullFeed();
  feed.result.value = o.value ?? 100n * PULL_FEED_SCALE;
  feed.result.stdDev = o.stdDev ?? 0n;
  feed.result.slot = 5n;
  feed.lastUpdateTimestamp = o.lastUpdate ?? NOW;
  return encodePullFeed(feed);
}

const switchboard = (o: SwitchboardOptions = {}, owner = SWITCHBOARD_ON_DEMAND_PROGRAM_ID, key = FEED) =>
  account(switchboardData(o), owner, key);

function failureCode(run: () => unknown): number {
  try {
    run();
  } catch (e) {
    if (e instanceof ProgramFailure) return e.code;
    throw e;
  }
  throw new Error("expected a program failure");
}

const pythBank = (o: Partial<BankOptions> = {}) => bank({ setup: OracleSetup.PythPushOracle, ...o });
const switchboardBank = (o: Partial<BankOptions> = {}) => bank({ setup: OracleSetup.SwitchboardPull, ...o });
const int = (n: bigint | number) => fx.fromInt(n);

describe("Pyth push prices", () => {
  it("biases by conf × 2.12 (§21 item 4: conf 1 on 100 → 97.88 / 102.12)", () => {
    const feed = loadPriceFeed(pythBank(), [pyth({ conf: 1n })], NOW, SLOT);
    const low = feed.price(PriceType.RealTime, PriceBias.Low);
    const high = feed.price(PriceType.RealTime, PriceBias.High);
    expect(low).toBe(fx.sub(int(100), CONF_MULTIPLE));
    expect(high).toBe(fx.add(int(100), CONF_MULTIPLE));
    // 100 is exact, so these are also the nearest I80F48 to the decimals.
    expect(low).toBe(fx.fromDecimal("97.88"));
    expect(high).toBe(fx.fromDecimal("102.12"));
    expect(feed.price(PriceType.RealTime)).toBe(int(100));
    expect(feed.priceAndConfidence(PriceType.RealTime)).toEqual({ price: int(100), confidence: CONF_MULTIPLE });
  });

  it("caps the interval at 5% of the price (conf 3 → 6.36 → 5)", () => {
    const feed = loadPriceFeed(pythBank(), [pyth({ conf: 3n })], NOW, SLOT);
    // 100 × I80F48!(0.05) is 20 ulps above 5, since 0.05 is not exact in binary.
    const cap = fx.mul(int(100), fx.fromDecimal("0.05"));
    expect(cap).toBe(fx.fromBits((5n << 48n) + 20n));
    expect(feed.price(PriceType.RealTime, PriceBias.Low)).toBe(fx.sub(int(100), cap));
    expect(feed.price(PriceType.RealTime, PriceBias.High)).toBe(fx.add(int(100), cap));
    expect(feed.priceAndConfidence(PriceType.RealTime).confidence).toBe(cap);
  });

  it("fails 6055 when the interval exceeds the default 10% (conf 5 → 10.6)", () => {
    const feed = loadPriceFeed(pythBank(), [pyth({ conf: 5n })], NOW, SLOT);
    expect(failureCode(() => feed.price(PriceType.RealTime, PriceBias.Low))).toBe(6055);
    expect(failureCode(() => feed.price(PriceType.RealTime, PriceBias.High))).toBe(6055);
    expect(failureCode(() => feed.priceAndConfidence(PriceType.RealTime))).toBe(6055);
    // The unbiased price never looks at the confidence.
    expect(feed.price(PriceType.RealTime)).toBe(int(100));
  });

  it("uses an explicit oracle_max_confidence, interval ≤ price × mc / u32::MAX (truncated) passing", () => {
    // Smallest mc that admits 2.12 on 100: ceil(interval × u32::MAX / price), all in I80F48 bits.
    const interval = CONF_MULTIPLE as bigint;
    const price = 100n << 48n;
    const smallest = Number((interval * U32_MAX + price - 1n) / price);
    const load = (maxConfidence: number) => loadPriceFeed(pythBank({ maxConfidence }), [pyth({ conf: 1n })], NOW, SLOT);
    expect(load(smallest).price(PriceType.RealTime, PriceBias.Low)).toBe(fx.fromDecimal("97.88"));
    expect(failureCode(() => load(smallest - 1).price(PriceType.RealTime, PriceBias.Low))).toBe(6055);
    // 100% admits 10.6, which the 5% cap then trims.
    const wide = loadPriceFeed(pythBank({ maxConfidence: Number(U32_MAX) }), [pyth({ conf: 5n })], NOW, SLOT);
    expect(wide.priceAndConfidence(PriceType.RealTime).confidence).toBe(fx.mul(int(100), fx.fromDecimal("0.05")));
  });

  it("prices TimeWeighted from the EMA price and EMA conf, RealTime from spot", () => {
    const feed = loadPriceFeed(pythBank(), [pyth({ price: 100n, conf: 1n, emaPrice: 90n, emaConf: 2n })], NOW, SLOT);
    const emaInterval = fx.mul(int(2), CONF_MULTIPLE);
    expect(feed.price(PriceType.TimeWeighted)).toBe(int(90));
    expect(feed.price(PriceType.RealTime)).toBe(int(100));
    expect(feed.price(PriceType.TimeWeighted, PriceBias.Low)).toBe(fx.sub(int(90), emaInterval));
    expect(feed.price(PriceType.TimeWeighted, PriceBias.High)).toBe(fx.add(int(90), emaInterval));
    expect(feed.price(PriceType.RealTime, PriceBias.Low)).toBe(fx.sub(int(100), CONF_MULTIPLE));
    expect(feed.priceAndConfidence(PriceType.TimeWeighted)).toEqual({ price: int(90), confidence: emaInterval });
  });

  it("gates the EMA on its own confidence", () => {
    // EMA conf 5 on 90: 10.6 > 9 fails; spot conf 1 on 100 still prices.
    const feed = loadPriceFeed(pythBank(), [pyth({ price: 100n, conf: 1n, emaPrice: 90n, emaConf: 5n })], NOW, SLOT);
    expect(failureCode(() => feed.price(PriceType.TimeWeighted, PriceBias.Low))).toBe(6055);
    expect(feed.price(PriceType.RealTime, PriceBias.Low)).toBe(fx.fromDecimal("97.88"));
  });

  it("scales by 10^exponent, dividing (truncating) for negative exponents", () => {
    const feed = loadPriceFeed(pythBank(), [pyth({ price: 6_512_345_678n, conf: 1_000_000n, exponent: -8 })], NOW, SLOT);
    const e8 = 10n ** 8n;
    const price = (6_512_345_678n << 48n) / e8;
    const conf = (1_000_000n << 48n) / e8;
    const interval = (conf * (CONF_MULTIPLE as bigint)) >> 48n;
    expect(feed.price(PriceType.RealTime)).toBe(fx.fromBits(price));
    expect(feed.priceAndConfidence(PriceType.RealTime)).toEqual({ price: fx.fromBits(price), confidence: fx.fromBits(interval) });
    expect(feed.price(PriceType.RealTime, PriceBias.Low)).toBe(fx.fromBits(price - interval));

    const whole = loadPriceFeed(pythBank(), [pyth({ price: 6_500_000_000n, exponent: -8 })], NOW, SLOT);
    expect(whole.price(PriceType.RealTime)).toBe(int(65));
    const positive = loadPriceFeed(pythBank(), [pyth({ price: 5n, exponent: 2 })], NOW, SLOT);
    expect(positive.price(PriceType.TimeWeighted)).toBe(int(500));
  });

  it("is fresh while publish_time + max_age ≥ now", () => {
    const accounts = [pyth({ publishTime: NOW - 30n, conf: 1n })];
    expect(loadPriceFeed(pythBank({ maxAge: 30 }), accounts, NOW, SLOT).price(PriceType.RealTime)).toBe(int(100));
    expect(failureCode(() => loadPriceFeed(pythBank({ maxAge: 30 }), accounts, NOW + 1n, SLOT))).toBe(6050);
  });

  it("reads max age 0 as 60 s", () => {
    const accounts = [pyth({ publishTime: NOW - 60n })];
    expect(loadPriceFeed(pythBank({ maxAge: 0 }), accounts, NOW, SLOT).price(PriceType.RealTime)).toBe(int(100));
    expect(failureCode(() => loadPriceFeed(pythBank({ maxAge: 0 }), accounts, NOW + 1n, SLOT))).toBe(6050);
  });

  it("requires Full verification, checked before staleness", () => {
    const partial = { kind: "Partial", numSignatures: 13 } as const;
    expect(failureCode(() => loadPriceFeed(pythBank(), [pyth({ level: partial })], NOW, SLOT))).toBe(6056);
    expect(failureCode(() => loadPriceFeed(pythBank(), [pyth({ level: partial, publishTime: NOW - 1000n })], NOW, SLOT))).toBe(6056);
  });

  it("checks count, owner, key, then format", () => {
    const load = (accounts: InstructionAccount[]) => failureCode(() => loadPriceFeed(pythBank(), accounts, NOW, SLOT));
    expect(load([])).toBe(6051);
    expect(load([pyth(), pyth()])).toBe(6051);
    expect(load([pyth({}, SWITCHBOARD_ON_DEMAND_PROGRAM_ID)])).toBe(6053);
    // Owner is checked before the key.
    expect(load([pyth({}, SWITCHBOARD_ON_DEMAND_PROGRAM_ID, OTHER)])).toBe(6053);
    expect(load([pyth({}, PYTH_RECEIVER_PROGRAM_ID, OTHER)])).toBe(6052);
    expect(load([account(switchboardData(), PYTH_RECEIVER_PROGRAM_ID)])).toBe(6060);
    expect(load([account(pythData().subarray(0, 100), PYTH_RECEIVER_PROGRAM_ID)])).toBe(6060);
  });
});

describe("Switchboard pull prices", () => {
  it("biases by std_dev × 1.96, the same for both price types", () => {
    const feed = loadPriceFeed(switchboardBank(), [switchboard({ stdDev: PULL_FEED_SCALE })], NOW, SLOT);
    for (const type of [PriceType.RealTime, PriceType.TimeWeighted]) {
      expect(feed.priceAndConfidence(type)).toEqual({ price: int(100), confidence: STD_DEV_MULTIPLE });
      expect(feed.price(type, PriceBias.Low)).toBe(fx.sub(int(100), STD_DEV_MULTIPLE));
      expect(feed.price(type, PriceBias.High)).toBe(fx.add(int(100), STD_DEV_MULTIPLE));
    }
    expect(fx.toDecimal(STD_DEV_MULTIPLE).startsWith("1.96")).toBe(true);
  });

  it("divides the 18-decimal values as I80F48, truncating", () => {
    const value = 123_456_789_012_345_678_901n;
    const stdDev = 333_333_333_333_333_333n;
    const feed = loadPriceFeed(switchboardBank(), [switchboard({ value, stdDev })], NOW, SLOT);
    const price = (value << 48n) / PULL_FEED_SCALE;
    const interval = (((stdDev << 48n) / PULL_FEED_SCALE) * (STD_DEV_MULTIPLE as bigint)) >> 48n;
    expect(feed.priceAndConfidence(PriceType.RealTime)).toEqual({ price: fx.fromBits(price), confidence: fx.fromBits(interval) });
  });

  it("applies the gate and the cap", () => {
    // 3 × 1.96 = 5.88 passes the 10% gate and is capped to 5%; 6 × 1.96 = 11.76 fails.
    const capped = loadPriceFeed(switchboardBank(), [switchboard({ stdDev: 3n * PULL_FEED_SCALE })], NOW, SLOT);
    expect(capped.price(PriceType.RealTime, PriceBias.Low)).toBe(fx.sub(int(100), fx.mul(int(100), fx.fromDecimal("0.05"))));
    const wide = loadPriceFeed(switchboardBank(), [switchboard({ stdDev: 6n * PULL_FEED_SCALE })], NOW, SLOT);
    expect(failureCode(() => wide.price(PriceType.TimeWeighted, PriceBias.High))).toBe(6055);
  });

  it("is fresh while now − last_update_timestamp ≤ max_age", () => {
    const accounts = [switchboard({ lastUpdate: NOW - 30n })];
    expect(loadPriceFeed(switchboardBank({ maxAge: 30 }), accounts, NOW, SLOT).price(PriceType.RealTime)).toBe(int(100));
    expect(failureCode(() => loadPriceFeed(switchboardBank({ maxAge: 30 }), accounts, NOW + 1n, SLOT))).toBe(6049);
  });

  it("takes max age 0 literally", () => {
    const accounts = [switchboard({ lastUpdate: NOW })];
    expect(loadPriceFeed(switchboardBank({ maxAge: 0 }), accounts, NOW, SLOT).price(PriceType.RealTime)).toBe(int(100));
    expect(failureCode(() => loadPriceFeed(switchboardBank({ maxAge: 0 }), accounts, NOW + 1n, SLOT))).toBe(6049);
  });

  it("checks count, key, owner, then format", () => {
    const load = (accounts: InstructionAccount[]) => failureCode(() => loadPriceFeed(switchboardBank(), accounts, NOW, SLOT));
    expect(load([])).toBe(6051);
    expect(load([switchboard(), switchboard()])).toBe(6051);
    expect(load([switchboard({}, SWITCHBOARD_ON_DEMAND_PROGRAM_ID, OTHER)])).toBe(6052);
    // Key is checked before the owner.
    expect(load([switchboard({}, PYTH_RECEIVER_PROGRAM_ID, OTHER)])).toBe(6052);
    expect(load([switchboard({}, PYTH_RECEIVER_PROGRAM_ID)])).toBe(6059);
    expect(load([account(pythData(), SWITCHBOARD_ON_DEMAND_PROGRAM_ID)])).toBe(6061);
    expect(load([account(switchboardData().subarray(0, 3207), SWITCHBOARD_ON_DEMAND_PROGRAM_ID)])).toBe(6061);
  });
});

describe("other oracle setups", () => {
  it("prices Fixed banks at fixed_price for every type and bias, with no confidence", () => {
    const price = fx.fromDecimal("1.5");
    const feed = loadPriceFeed(bank({ setup: OracleSetup.Fixed, fixedPrice: price }), [], NOW, SLOT);
    for (const type of [PriceType.RealTime, PriceType.TimeWeighted]) {
      expect(feed.price(type)).toBe(price);
      expect(feed.price(type, PriceBias.Low)).toBe(price);
      expect(feed.price(type, PriceBias.High)).toBe(price);
      expect(feed.priceAndConfidence(type)).toEqual({ price, confidence: fx.ZERO });
    }
    expect(loadPriceFeed(bank({ setup: OracleSetup.Fixed }), [], NOW, SLOT).price(PriceType.RealTime)).toBe(fx.ZERO);
  });

  it("refuses Fixed banks given oracle accounts (6051) or holding a negative price (6100)", () => {
    expect(failureCode(() => loadPriceFeed(bank({ setup: OracleSetup.Fixed, fixedPrice: int(1) }), [pyth()], NOW, SLOT))).toBe(6051);
    expect(failureCode(() => loadPriceFeed(bank({ setup: OracleSetup.Fixed, fixedPrice: fx.fromDecimal("-0.5") }), [], NOW, SLOT))).toBe(
      6100,
    );
  });

  it("fails 6031 without an oracle and 6025 for bank kinds this deployment does not offer", () => {
    expect(failureCode(() => loadPriceFeed(bank({ setup: OracleSetup.None }), [pyth()], NOW, SLOT))).toBe(6031);
    for (const setup of [9, 10, 11, 12]) {
      expect(failureCode(() => loadPriceFeed(bank({ setup }), [pyth()], NOW, SLOT))).toBe(6025);
    }
  });

  it("panics (a plain error) on the deprecated setups and unknown bytes", () => {
    for (const setup of [OracleSetup.PythLegacy, OracleSetup.SwitchboardV2, 13]) {
      const run = () => loadPriceFeed(bank({ setup }), [pyth()], NOW, SLOT);
      expect(run).toThrow(Error);
      expect(run).not.toThrow(ProgramFailure);
    }
  });
});

describe("oracleAccountCount", () => {
  it("counts the accounts after the bank by setup and asset tag", () => {
    const count = (setup: number, tag: number) => oracleAccountCount(bank({ setup, tag }));
    expect(count(OracleSetup.Fixed, AssetTag.Staked)).toBe(0);
    expect(count(OracleSetup.PythPushOracle, AssetTag.Default)).toBe(1);
    expect(count(OracleSetup.SwitchboardPull, AssetTag.Sol)).toBe(1);
    expect(count(OracleSetup.StakedWithPythPush, AssetTag.Staked)).toBe(3);
    expect(count(OracleSetup.KaminoPythPush, AssetTag.Kamino)).toBe(2);
    expect(count(OracleSetup.DriftPythPull, AssetTag.Drift)).toBe(2);
    expect(count(OracleSetup.SolendSwitchboardPull, AssetTag.Solend)).toBe(2);
    expect(failureCode(() => count(OracleSetup.PythPushOracle, 6))).toBe(6047);
  });
});

describe("configuration-time checks", () => {
  it("accept feeds that are stale or only partially verified", () => {
    const stale = pyth({ publishTime: 0n, level: { kind: "Partial", numSignatures: 1 } });
    expect(() => validateOracleSetup(pythBank(), [stale])).not.toThrow();
    expect(() => validateOracleSetup(switchboardBank(), [switchboard({ lastUpdate: 0n })])).not.toThrow();
  });

  it("share the owner, key and format checks", () => {
    const validate = (data: BankData, accounts: InstructionAccount[]) => failureCode(() => validateOracleSetup(data, accounts));
    expect(validate(pythBank(), [pyth({}, PYTH_RECEIVER_PROGRAM_ID, OTHER)])).toBe(6052);
    expect(validate(pythBank(), [account(Buffer.alloc(134, 1), PYTH_RECEIVER_PROGRAM_ID)])).toBe(6060);
    expect(validate(switchboardBank(), [switchboard({}, PYTH_RECEIVER_PROGRAM_ID)])).toBe(6059);
    expect(validate(switchboardBank(), [account(switchboardData().subarray(0, 3207), SWITCHBOARD_ON_DEMAND_PROGRAM_ID)])).toBe(6061);
    expect(validate(bank({ setup: OracleSetup.StakedWithPythPush }), [pyth({}, SWITCHBOARD_ON_DEMAND_PROGRAM_ID)])).toBe(6054);
  });
});

// ---- staked collateral (setup 5) ---------------------------------------------------------------------------

const SOL = 1_000_000_000n;
const pool = stakePoolAddresses(address(20));
const LST_MINT = pool.mint.toBase58();
const STAKE = pool.stake.toBase58();

function mintAccount(supply: bigint, key = LST_MINT, owner = TOKEN_PROGRAM_ID): InstructionAccount {
  const data = Buffer.alloc(MINT_SIZE);
  MintLayout.encode(
    {
      mintAuthorityOption: 1,
      mintAuthority: pool.mintAuthority,
      supply,
      decimals: 9,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    data,
  );
  return account(data, owner, key);
}

function stakeAccount(delegated: bigint, key = STAKE): InstructionAccount {
  const authority = pool.stakeAuthority.toBase58();
  const data = encodeStakeAccount({
    meta: {
      rentExemptReserve: 2_282_880n,
      authorized: { staker: authority, withdrawer: authority },
      lockup: { unixTimestamp: 0n, epoch: 0n, custodian: PublicKey.default.toBase58() },
    },
    stake: {
      delegation: {
        voterPubkey: pool.voteAccount.toBase58(),
        stake: delegated,
        activationEpoch: 0n,
        deactivationEpoch: 0xffff_ffff_ffff_ffffn,
        warmupCooldownRate: 0.25,
      },
      creditsObserved: 0n,
    },
    stakeFlags: 0,
  });
  return account(data, NATIVE_STAKE_PROGRAM_ID, key);
}

function stakedBank(o: Partial<BankOptions> = {}): BankData {
  const data = bank({ setup: OracleSetup.StakedWithPythPush, tag: AssetTag.Staked, ...o });
  config.oracleKeys.at(1).set(data, LST_MINT);
  config.oracleKeys.at(2).set(data, STAKE);
  return data;
}

/** 10 LST backed by 11.5 SOL of stake, 1 of them the pool's non-refundable minimum: 1.05 SOL per LST. */
const stakedOracles = (
  o: PythOptions = {},
  supply = 10n * SOL,
  delegated = 11n * SOL + SOL / 2n,
): [InstructionAccount, InstructionAccount, InstructionAccount] => [pyth(o), mintAccount(supply), stakeAccount(delegated)];

describe("staked collateral prices", () => {
  it("rescales spot and EMA prices by (stake − 1 SOL) / LST supply, leaving the confidences those of SOL", () => {
    const feed = loadPriceFeed(
      stakedBank(),
      stakedOracles({ price: 15_000_000_000n, emaPrice: 14_000_000_000n, conf: 100_000_000n, emaConf: 50_000_000n, exponent: -8 }),
      NOW,
      SLOT,
    );
    expect(feed.price(PriceType.RealTime)).toBe(fx.fromDecimal("157.5"));
    expect(feed.price(PriceType.TimeWeighted)).toBe(fx.fromInt(147));
    const e8 = 10n ** 8n;
    const conf = fx.mul(fx.fromBits((100_000_000n << 48n) / e8), CONF_MULTIPLE);
    expect(feed.priceAndConfidence(PriceType.RealTime)).toEqual({ price: fx.fromDecimal("157.5"), confidence: conf });
    expect(feed.price(PriceType.RealTime, PriceBias.Low)).toBe(fx.sub(fx.fromDecimal("157.5"), conf));
  });

  it("truncates the rescaled raw price in integer units at the feed's exponent", () => {
    const raw = 12_345_678_901n;
    const feed = loadPriceFeed(stakedBank(), stakedOracles({ price: raw, exponent: -8 }, 7n, SOL + 3n), NOW, SLOT);
    const rescaled = (raw * 3n) / 7n;
    expect(rescaled).toBe(5_291_005_243n);
    expect(feed.price(PriceType.RealTime)).toBe(fx.fromBits((rescaled << 48n) / 10n ** 8n));
  });

  it("checks the count (6051), the mint and stake keys (6052), then supply (6092), stake state and the 1 SOL (6062)", () => {
    const load = (accounts: InstructionAccount[]) => failureCode(() => loadPriceFeed(stakedBank(), accounts, NOW, SLOT));
    const [feed, mint, stake] = stakedOracles();
    expect(load([feed])).toBe(6051);
    expect(load([feed, mint])).toBe(6051);
    expect(load([feed, mintAccount(10n, OTHER), stake])).toBe(6052);
    expect(load([feed, mint, stakeAccount(2n * SOL, OTHER)])).toBe(6052);
    // Supply comes before the feed's own checks.
    expect(load([pyth({}, PYTH_RECEIVER_PROGRAM_ID, OTHER), mintAccount(0n), stake])).toBe(6092);
    expect(load([feed, mint, stakeAccount(SOL - 1n)])).toBe(6062);
    // A mint exactly at the minimum prices LST at zero.
    expect(loadPriceFeed(stakedBank(), [feed, mint, stakeAccount(SOL)], NOW, SLOT).price(PriceType.RealTime)).toBe(fx.ZERO);
  });

  it("panics (a plain error) on a stake account that is not delegated or a mint that is not one", () => {
    const [feed, mint, stake] = stakedOracles();
    const initialized = { ...stake, account: { ...stake.account, data: Buffer.from(stake.account.data) } };
    initialized.account.data.writeUInt32LE(1, 0);
    for (const accounts of [
      [feed, mint, initialized],
      [feed, mintAccount(10n, LST_MINT, NATIVE_STAKE_PROGRAM_ID), stake],
    ]) {
      const run = () => loadPriceFeed(stakedBank(), accounts, NOW, SLOT);
      expect(run).toThrow(Error);
      expect(run).not.toThrow(ProgramFailure);
    }
  });

  it("then checks the SOL feed: key (6052), owner (6054), format (6060), verification (6056), age (6050)", () => {
    const [, mint, stake] = stakedOracles();
    const load = (feed: InstructionAccount, maxAge = 30) =>
      failureCode(() => loadPriceFeed(stakedBank({ maxAge }), [feed, mint, stake], NOW, SLOT));
    expect(load(pyth({}, PYTH_RECEIVER_PROGRAM_ID, OTHER))).toBe(6052);
    expect(load(pyth({}, SWITCHBOARD_ON_DEMAND_PROGRAM_ID))).toBe(6054);
    expect(load(account(switchboardData(), PYTH_RECEIVER_PROGRAM_ID))).toBe(6060);
    expect(load(pyth({ level: { kind: "Partial", numSignatures: 3 } }))).toBe(6056);
    expect(load(pyth({ publishTime: NOW - 31n }))).toBe(6050);
    // Max age 0 is taken literally here, unlike on a plain Pyth push bank.
    expect(load(pyth({ publishTime: NOW - 1n }), 0)).toBe(6050);
  });
});

describe("staked bank creation checks", () => {
  const newPool = { lstMint: LST_MINT, stakePool: pool.pool.toBase58(), solPool: STAKE };
  const validate = (accounts: InstructionAccount[], p = newPool) => failureCode(() => validateOracleSetup(stakedBank(), accounts, p));

  it("accept the pool's own mint and stake account with a stale SOL feed", () => {
    expect(() => validateOracleSetup(stakedBank(), stakedOracles({ publishTime: 0n }), newPool)).not.toThrow();
  });

  it("derive the mint and stake account from the pool (6048), then check the passed accounts", () => {
    const [feed, mint, stake] = stakedOracles();
    const otherPool = stakePoolAddresses(address(21));
    expect(validate([feed, mint])).toBe(6051);
    expect(validate([feed, mint, stake], { ...newPool, stakePool: otherPool.pool.toBase58() })).toBe(6048);
    expect(validate([feed, mint, stake], { ...newPool, solPool: otherPool.stake.toBase58() })).toBe(6048);
    expect(validate([feed, mintAccount(10n, OTHER), stake])).toBe(6048);
    expect(validate([feed, mintAccount(10n, LST_MINT, NATIVE_STAKE_PROGRAM_ID), stake])).toBe(6048);
    expect(validate([feed, mint, { ...stake, account: { ...stake.account, owner: TOKEN_PROGRAM_ID } }])).toBe(6048);
    expect(validate([feed, mint, stakeAccount(SOL, OTHER)])).toBe(6048);
    expect(validate([pyth({}, PYTH_RECEIVER_PROGRAM_ID, OTHER), mint, stake])).toBe(6052);
    expect(validate([pyth({}, SWITCHBOARD_ON_DEMAND_PROGRAM_ID), mint, stake])).toBe(6053);
    expect(validate([account(Buffer.alloc(134, 1), PYTH_RECEIVER_PROGRAM_ID), mint, stake])).toBe(6060);
  });

  it("check only the SOL feed once the bank exists", () => {
    expect(() => validateOracleSetup(stakedBank(), [pyth()])).not.toThrow();
    expect(failureCode(() => validateOracleSetup(stakedBank(), stakedOracles()))).toBe(6051);
  });
});

describe("Kamino collateral-token prices", () => {
  const RESERVE = address(9);
  // A reserve holding 3 tokens of liquidity behind every 2 collateral tokens, last refreshed in slot SLOT.
  function reserveData(o: { slot?: bigint; collateral?: bigint } = {}): Buffer {
    const data = Buffer.alloc(KAMINO_RESERVE_SIZE);
    KAMINO_RESERVE_DISCRIMINATOR.copy(data, 0);
    data.writeBigUInt64LE(o.slot ?? SLOT, 16);
    data.writeBigUInt64LE(3_000_000n, 224);
    data.writeBigUInt64LE(o.collateral ?? 2_000_000n, 2592);
    return data;
  }
  const reserve = (o: { slot?: bigint; collateral?: bigint } = {}, owner = KAMINO_PROGRAM_ID, key = RESERVE) =>
    account(reserveData(o), owner, key);
  function kaminoBank(setup: number): BankData {
    const data = bank({ setup, tag: AssetTag.Kamino });
    config.oracleKeys.at(1).set(data, RESERVE);
    return data;
  }

  it("prices a collateral token at the token price × liquidity per collateral token, confidences scaled alike", () => {
    expect(oracleAccountCount(kaminoBank(OracleSetup.KaminoPythPush))).toBe(2);
    const feed = loadPriceFeed(
      kaminoBank(OracleSetup.KaminoPythPush),
      [pyth({ price: 10_000_000_001n, conf: 1_000_000n, emaPrice: 9_000_000_000n, emaConf: 2_000_000n, exponent: -8 }), reserve()],
      NOW,
      SLOT,
    );
    // 100.00000001 × 1.5 = 150.000000015, truncated in raw units at 10^-8.
    expect(feed.price(PriceType.RealTime)).toBe(fx.div(fx.fromInt(15_000_000_001n), fx.fromInt(100_000_000n)));
    expect(feed.price(PriceType.TimeWeighted)).toBe(int(135));
    const conf = fx.mul(fx.div(fx.fromInt(1_500_000n), fx.fromInt(100_000_000n)), CONF_MULTIPLE);
    expect(feed.priceAndConfidence(PriceType.RealTime).confidence).toBe(conf);

    const sb = loadPriceFeed(
      kaminoBank(OracleSetup.KaminoSwitchboardPull),
      [switchboard({ value: 2n * PULL_FEED_SCALE, stdDev: PULL_FEED_SCALE / 100n }), reserve()],
      NOW,
      SLOT,
    );
    expect(sb.price(PriceType.RealTime)).toBe(int(3));
  });

  it("takes the token price as it is while the reserve has no collateral", () => {
    const feed = loadPriceFeed(kaminoBank(OracleSetup.KaminoPythPush), [pyth({ price: 100n }), reserve({ collateral: 0n })], NOW, SLOT);
    expect(feed.price(PriceType.RealTime)).toBe(int(100));
  });

  it("needs the reserve refreshed in this slot (6206), the bank's own reserve (6210) and the market's account (6210)", () => {
    const bankData = kaminoBank(OracleSetup.KaminoPythPush);
    const load = (accounts: InstructionAccount[]) => failureCode(() => loadPriceFeed(bankData, accounts, NOW, SLOT));
    expect(load([pyth(), reserve({ slot: SLOT - 1n })])).toBe(6206);
    expect(load([pyth(), reserve({}, KAMINO_PROGRAM_ID, OTHER)])).toBe(6210);
    expect(load([pyth(), reserve({}, PYTH_RECEIVER_PROGRAM_ID)])).toBe(6210);
    expect(load([pyth()])).toBe(6051);
    expect(load([pyth({}, PYTH_RECEIVER_PROGRAM_ID, OTHER), reserve()])).toBe(6052);
    expect(load([pyth({}, SWITCHBOARD_ON_DEMAND_PROGRAM_ID), reserve()])).toBe(6053);
  });
});
