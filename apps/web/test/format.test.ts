// Display formatting: exact token amounts from native units, USD, percentages, compact numbers, addresses.
import { describe, expect, it } from "vitest";
import {
  formatCompact,
  formatPercent,
  formatPrice,
  formatTokenAmount,
  formatTokenNumber,
  formatSignedUsd,
  formatUsd,
  formatUsdCompact,
  shortenAddress,
} from "../src/format/index.js";

describe("formatTokenAmount", () => {
  it("shows native units in whole tokens with separators, dropping trailing zeros", () => {
    expect(formatTokenAmount(1_234_567_890n, 6)).toBe("1,234.56789");
    expect(formatTokenAmount(1_500_000_000n, 9)).toBe("1.5");
    expect(formatTokenAmount(0n, 9)).toBe("0");
    expect(formatTokenAmount(42n, 0)).toBe("42");
  });

  it("cuts digits beyond the limit instead of rounding up", () => {
    expect(formatTokenAmount(1_999_999_999n, 9)).toBe("1.999999");
    expect(formatTokenAmount(1_999_999_999n, 9, { maxFractionDigits: 2 })).toBe("1.99");
    expect(formatTokenAmount(1n, 9)).toBe("0");
    expect(formatTokenAmount(1n, 9, { maxFractionDigits: 9 })).toBe("0.000000001");
  });

  it("is exact beyond double precision and keeps the sign", () => {
    expect(formatTokenAmount(123_456_789_012_345_678_901n, 6)).toBe("123,456,789,012,345.678901");
    expect(formatTokenAmount(-2_500_000n, 6)).toBe("-2.5");
  });
});

describe("number formats", () => {
  it("formats token numbers, USD and prices", () => {
    expect(formatTokenNumber(1234.56789)).toBe("1,234.5679");
    expect(formatTokenNumber(0.00001)).toBe("<0.0001");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(0.004)).toBe("<$0.01");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatSignedUsd(-1.254)).toBe("-$1.25");
    expect(formatSignedUsd(-0.004)).toBe("$0.00");
    expect(formatSignedUsd(0.006)).toBe("$0.01");
    expect(formatUsdCompact(1_234_567)).toBe("$1.23M");
    expect(formatUsdCompact(950.5)).toBe("$950.50");
    expect(formatPrice(150.123)).toBe("$150.12");
    expect(formatPrice(0.000123456)).toBe("$0.0001235");
  });

  it("formats fractions as percentages", () => {
    expect(formatPercent(0.0523)).toBe("5.23%");
    expect(formatPercent(0.8, 0)).toBe("80%");
    expect(formatPercent(0.000001)).toBe("<0.01%");
    expect(formatPercent(1.25)).toBe("125.00%");
    expect(formatPercent(Number.NaN)).toBe("—");
  });

  it("formats compact numbers and shortens addresses", () => {
    expect(formatCompact(999)).toBe("999");
    expect(formatCompact(1_234_000)).toBe("1.23M");
    expect(formatCompact(45_600)).toBe("45.6K");
    expect(shortenAddress("7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU")).toBe("7xKX…gAsU");
    expect(shortenAddress("7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU", 6)).toBe("7xKXtg…osgAsU");
    expect(shortenAddress("short")).toBe("short");
  });
});
