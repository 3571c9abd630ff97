import { i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { ceilNative, floorNative, nativeToUi, parseTypedAmount, toNumber, uiToNative } from "../../src/math/units.js";

describe("units", () => {
  it("parses UI amounts to native units, dropping digits below the mint's precision", () => {
    expect(uiToNative("1.25", 6)).toBe(1_250_000n);
    expect(uiToNative("0.123456789", 6)).toBe(123_456n);
    expect(uiToNative("7", 9)).toBe(7_000_000_000n);
    expect(uiToNative("3.", 2)).toBe(300n);
    expect(() => uiToNative("-1", 6)).toThrow("not a token amount");
  });

  it("reads typed amounts exactly and refuses anything but a plain decimal", () => {
    expect(parseTypedAmount("1.5", 6)).toEqual({ kind: "amount", native: 1_500_000n, commaDecimal: false });
    expect(parseTypedAmount(" 1,5 ", 6)).toEqual({ kind: "amount", native: 1_500_000n, commaDecimal: true });
    expect(parseTypedAmount(".25", 2)).toEqual({ kind: "amount", native: 25n, commaDecimal: false });
    expect(parseTypedAmount("3.", 9)).toEqual({ kind: "amount", native: 3_000_000_000n, commaDecimal: false });
    expect(parseTypedAmount("0", 6)).toEqual({ kind: "amount", native: 0n, commaDecimal: false });
    expect(parseTypedAmount("", 6)).toEqual({ kind: "empty" });
    for (const text of ["1e3", "1,000.5", "1.2.3", "-1", "+1", ".", ",", "1 000", "0x10", "Infinity", "１"]) {
      expect(parseTypedAmount(text, 6)).toEqual({ kind: "not-a-number" });
    }
    expect(parseTypedAmount("0.0000001", 6)).toEqual({ kind: "too-many-decimals", decimals: 6 });
    expect(parseTypedAmount("5.5", 0)).toEqual({ kind: "too-many-decimals", decimals: 0 });
  });

  it("converts for display", () => {
    expect(nativeToUi(1_500_000n, 6)).toBe(1.5);
    expect(toNumber(fx.fromDecimal("0.25"))).toBe(0.25);
  });

  it("rounds native amounts down and up", () => {
    expect(floorNative(fx.fromDecimal("5.25"))).toBe(5n);
    expect(ceilNative(fx.fromDecimal("5.25"))).toBe(6n);
    expect(ceilNative(fx.fromInt(5))).toBe(5n);
  });
});
