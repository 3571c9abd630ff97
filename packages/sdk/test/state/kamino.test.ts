// The Kamino klend Reserve and Obligation decoders against real mainnet snapshots: every value expected.json lists
// for the two accounts, exactly; scaled fractions both as raw bits and as their exact decimal value.
import { readFileSync } from "node:fs";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import {
  KAMINO_OBLIGATION_DISCRIMINATOR,
  KAMINO_OBLIGATION_SIZE,
  KAMINO_RESERVE_DISCRIMINATOR,
  KAMINO_RESERVE_SIZE,
  KLEND_PROGRAM_ID,
  KaminoDecodeError,
  activeKaminoBorrows,
  activeKaminoDeposits,
  decodeKaminoObligation,
  decodeKaminoReserve,
  fractionToDecimal,
} from "../../src/state/kamino.js";

// Five levels up from test/state/ is the directory holding the project, where shared/ lives.
const FIXTURES = new URL("../../../../../shared/fixtures/mainnet-accounts/", import.meta.url);

interface Expected {
  type: string;
  value: unknown;
  bits?: string;
}

interface ExpectedFixture {
  kind: string;
  address: string;
  owner: string;
  data_length: number;
  discriminator_hex: string;
  values: Record<string, Expected>;
}

const expected = JSON.parse(readFileSync(new URL("expected.json", FIXTURES), "utf8")).fixtures as Record<string, ExpectedFixture>;

function snapshot(file: string): { pubkey: string; owner: string; data: Buffer } {
  const json = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
  return { pubkey: json.pubkey, owner: json.account.owner, data: Buffer.from(json.account.data[0], "base64") };
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The decoded value at a path of expected.json ("config.borrow_rate_curve.points[3].borrow_rate_bps"). */
function at(decoded: unknown, path: string): unknown {
  let value = decoded;
  for (const part of path.split(".")) {
    const match = /^([a-z0-9_]+)(?:\[(\d+)\])?$/.exec(part)!;
    value = (value as Record<string, unknown>)[camel(match[1]!)];
    expect(value, path).toBeDefined();
    if (match[2] !== undefined) value = (value as unknown[])[Number(match[2])];
  }
  return value;
}

/** Integers of 64 bits and more are decimal strings in expected.json. */
const asJson = (value: unknown): unknown =>
  typeof value === "bigint" ? value.toString() : Array.isArray(value) ? value.map(asJson) : value;

function checkAll(decoded: unknown, values: Record<string, Expected>): number {
  let checked = 0;
  for (const [path, want] of Object.entries(values)) {
    const got = at(decoded, path);
    if (want.bits !== undefined) {
      // Fraction / BigFraction: the raw bits and the exact decimal of bits / 2^60.
      expect(got, path).toBe(BigInt(want.bits));
      expect(fractionToDecimal(got as bigint), path).toBe(want.value);
    } else {
      expect(asJson(got), path).toEqual(want.value);
    }
    checked++;
  }
  return checked;
}

describe("Kamino Reserve decoder", () => {
  const fixture = expected["kamino_usdc_reserve.json"]!;
  const account = snapshot("kamino_usdc_reserve.json");

  it("reads the mainnet USDC reserve's every listed value exactly", () => {
    expect(account.pubkey).toBe(fixture.address);
    expect(account.owner).toBe(KLEND_PROGRAM_ID);
    expect(account.data.length).toBe(KAMINO_RESERVE_SIZE);
    expect(Buffer.from(KAMINO_RESERVE_DISCRIMINATOR).toString("hex")).toBe(fixture.discriminator_hex);
    const checked = checkAll(decodeKaminoReserve(account.data), fixture.values);
    expect(checked).toBe(Object.keys(fixture.values).length);
    expect(checked).toBe(99);
  });

  it("reads the headline fields a client shows", () => {
    const reserve = decodeKaminoReserve(account.data);
    expect(reserve.lendingMarket).toBe("7u3HeHxYDLhnCoErrtycNokbQYbWGzLs6JSDqGAv5PfF");
    expect(reserve.liquidity.mintPubkey).toBe("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    expect(reserve.liquidity.availableAmount).toBe(129_639_221_256_987n);
    expect(fractionToDecimal(reserve.liquidity.borrowedAmountSf)).toBe(
      "458163294492906.195822461865816164171272273364365901215933263301849365234375",
    );
    expect(reserve.config.borrowRateCurve.points).toHaveLength(11);
    expect(reserve.config.borrowRateCurve.points.slice(0, 3)).toEqual([
      { utilizationRateBps: 0, borrowRateBps: 0 },
      { utilizationRateBps: 9500, borrowRateBps: 475 },
      { utilizationRateBps: 10000, borrowRateBps: 3000 },
    ]);
    // 11529215046068 / 2^60 is the 0.001% flash-loan fee, up to the u64's precision.
    expect(fractionToDecimal(reserve.config.fees.flashLoanFeeSf)).toMatch(/^0\.0000099999999999/);
  });

  it("refuses an obligation, a truncated reserve and foreign bytes", () => {
    const obligation = snapshot("kamino_usdc_obligation.json").data;
    expect(() => decodeKaminoReserve(obligation)).toThrow(KaminoDecodeError);
    expect(() => decodeKaminoReserve(account.data.subarray(0, KAMINO_RESERVE_SIZE - 1))).toThrow(
      new KaminoDecodeError(`Reserve data is ${KAMINO_RESERVE_SIZE - 1} bytes, needs ${KAMINO_RESERVE_SIZE}`),
    );
    const foreign = Buffer.from(account.data);
    foreign[0]! ^= 1;
    expect(() => decodeKaminoReserve(foreign)).toThrow(new KaminoDecodeError("account data does not start with the Reserve discriminator"));
  });
});

describe("Kamino Obligation decoder", () => {
  const fixture = expected["kamino_usdc_obligation.json"]!;
  const account = snapshot("kamino_usdc_obligation.json");

  it("reads the mainnet obligation's every listed value exactly", () => {
    expect(account.pubkey).toBe(fixture.address);
    expect(account.owner).toBe(KLEND_PROGRAM_ID);
    expect(account.data.length).toBe(KAMINO_OBLIGATION_SIZE);
    expect(Buffer.from(KAMINO_OBLIGATION_DISCRIMINATOR).toString("hex")).toBe(fixture.discriminator_hex);
    const checked = checkAll(decodeKaminoObligation(account.data), fixture.values);
    expect(checked).toBe(Object.keys(fixture.values).length);
    expect(checked).toBe(42);
  });

  it("lists its one USDC deposit as the only occupied slot and no borrows", () => {
    const obligation = decodeKaminoObligation(account.data);
    expect(obligation.deposits).toHaveLength(8);
    expect(obligation.borrows).toHaveLength(5);
    expect(activeKaminoDeposits(obligation)).toEqual([
      {
        depositReserve: "D6q6wuQSrifJKZYpR1M8R4YawnLDtDsMmWM1NbBmgJ59",
        depositedAmount: 163_105_714_338n,
        marketValueSf: 202_380_113_730_721_745_901_965n,
        borrowedAmountAgainstThisCollateralInElevationGroup: 0n,
      },
    ]);
    expect(activeKaminoBorrows(obligation)).toEqual([]);
    // The fixture's notes: allowed = 80% and unhealthy = 90% of the deposited value (LTV 80, threshold 90).
    const deposited = obligation.depositedValueSf;
    expect(Number(obligation.allowedBorrowValueSf) / Number(deposited)).toBeCloseTo(0.8, 12);
    expect(Number(obligation.unhealthyBorrowValueSf) / Number(deposited)).toBeCloseTo(0.9, 12);
  });

  it("refuses a reserve and a truncated obligation", () => {
    expect(() => decodeKaminoObligation(snapshot("kamino_usdc_reserve.json").data)).toThrow(
      new KaminoDecodeError("account data does not start with the Obligation discriminator"),
    );
    expect(() => decodeKaminoObligation(account.data.subarray(0, 100))).toThrow(
      new KaminoDecodeError(`Obligation data is 100 bytes, needs ${KAMINO_OBLIGATION_SIZE}`),
    );
  });
});

/** xorshift32 with a fixed seed: the same "random" cases every run. */
function generator(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

function randomBits(next: () => number, words: number): bigint {
  let value = 0n;
  for (let i = 0; i < words; i++) value = (value << 32n) | BigInt(next());
  return value;
}

describe("fractionToDecimal", () => {
  it("gives exact values", () => {
    expect(fractionToDecimal(0n)).toBe("0");
    expect(fractionToDecimal(1n << 60n)).toBe("1");
    expect(fractionToDecimal(3n << 59n)).toBe("1.5");
    expect(fractionToDecimal(1n)).toBe("0.000000000000000000867361737988403547205962240695953369140625");
    expect(fractionToDecimal(-(1n << 58n))).toBe("-0.25");
  });

  it("parses back to the same bits for random U68F60 and U256 values", () => {
    const next = generator(0x6b616d69);
    for (let i = 0; i < 500; i++) {
      const bits = randomBits(next, i % 2 === 0 ? 4 : 8) >> BigInt(next() % 64);
      const text = fractionToDecimal(bits);
      const [integer = "", fraction = ""] = text.split(".");
      expect(fraction.length).toBeLessThanOrEqual(60);
      expect(fraction.endsWith("0")).toBe(false);
      // bits = integer × 2^60 + fraction × 2^60 / 10^digits, and the division is exact.
      const scaled = BigInt(fraction || "0") << 60n;
      const tenPow = 10n ** BigInt(fraction.length);
      expect(scaled % tenPow).toBe(0n);
      expect((BigInt(integer) << 60n) + scaled / tenPow).toBe(bits);
    }
  });
});

describe("decoders on arbitrary bytes", () => {
  it("decode any bytes behind the discriminator without failing, keys as 32-byte base58", () => {
    const next = generator(0x4f424c47);
    for (let i = 0; i < 50; i++) {
      const reserveBytes = Buffer.from(Array.from({ length: KAMINO_RESERVE_SIZE }, () => next() & 0xff));
      Buffer.from(KAMINO_RESERVE_DISCRIMINATOR).copy(reserveBytes);
      const reserve = decodeKaminoReserve(reserveBytes);
      expect(bs58.decode(reserve.liquidity.mintPubkey)).toEqual(new Uint8Array(reserveBytes.subarray(128, 160)));
      expect(reserve.config.borrowRateCurve.points).toHaveLength(11);
      expect(reserve.liquidity.cumulativeBorrowRateBsf < 1n << 256n).toBe(true);

      const obligationBytes = Buffer.from(Array.from({ length: KAMINO_OBLIGATION_SIZE }, () => next() & 0xff));
      Buffer.from(KAMINO_OBLIGATION_DISCRIMINATOR).copy(obligationBytes);
      const obligation = decodeKaminoObligation(obligationBytes);
      expect(bs58.decode(obligation.owner)).toEqual(new Uint8Array(obligationBytes.subarray(64, 96)));
      expect(obligation.deposits).toHaveLength(8);
      expect(obligation.borrows).toHaveLength(5);
      expect(obligation.orders).toHaveLength(2);
    }
  });
});
