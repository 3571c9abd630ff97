// Bank prices through the program's feed loading (§21 item 4): the Pyth 2.12 and Switchboard 1.96 intervals, the 5%
// cap, the max-confidence gate and staleness, and the display shape.
import { i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { isOracleFailure, midPrice, priceInfo, type PriceLeg } from "../../src/math/price.js";
import { NOW, d, makeBank } from "./support.js";

const leg = (value: PriceLeg | object) => {
  if (isOracleFailure(value as PriceLeg)) throw new Error("expected a price");
  return value as PriceLeg;
};

describe("confidence (§21 item 4)", () => {
  it("Pyth price 100, conf 1 → interval 2.12 → 97.88 / 102.12", () => {
    const { price } = makeBank({ decimals: 6, oracle: { kind: "pyth", price: 100n, conf: 1n } });
    const spot = leg(price.realTime);
    expect(spot.low).toBe(d("97.88"));
    expect(spot.high).toBe(d("102.12"));
    expect(spot.confidence).toBe(d("2.12"));
  });

  it("conf 3 → 6.36, capped to 5% of the price → 95 / 105", () => {
    const { price } = makeBank({ decimals: 6, oracle: { kind: "pyth", price: 100n, conf: 3n } });
    const cap = fx.mul(fx.fromInt(100), d("0.05"));
    expect(leg(price.realTime).low).toBe(fx.sub(fx.fromInt(100), cap));
    expect(leg(price.realTime).high).toBe(fx.add(fx.fromInt(100), cap));
    const shown = priceInfo(price).priceRealtime;
    expect(shown.price).toBe(100);
    expect(shown.confidence).toBeCloseTo(5, 12);
    expect(shown.lowestPrice).toBeCloseTo(95, 12);
    expect(shown.highestPrice).toBeCloseTo(105, 12);
  });

  it("conf 5 → 10.6 beyond the default 10% fails 6055 on that leg", () => {
    const { price } = makeBank({ decimals: 6, oracle: { kind: "pyth", price: 100n, conf: 5n, emaConf: 1n } });
    expect(price.realTime).toEqual({ code: 6055, name: "OracleMaxConfidenceExceeded", stage: "price" });
    expect(leg(price.timeWeighted).low).toBe(d("97.88"));
    expect(() => priceInfo(price)).toThrow("OracleMaxConfidenceExceeded");
  });

  it("Switchboard std_dev 1 on 100 → interval 1.96, the same reading for both legs", () => {
    const { price } = makeBank({ decimals: 6, oracle: { kind: "switchboard", value: 100n, stdDev: 10n ** 18n } });
    expect(leg(price.realTime).confidence).toBe(d("1.96"));
    expect(price.timeWeighted).toEqual(price.realTime);
  });

  it("Pyth EMA legs come from the EMA price and conf", () => {
    const { price } = makeBank({ decimals: 6, oracle: { kind: "pyth", price: 100n, conf: 1n, emaPrice: 90n, emaConf: 2n } });
    expect(leg(price.timeWeighted).price).toBe(fx.fromInt(90));
    expect(leg(price.timeWeighted).low).toBe(fx.sub(fx.fromInt(90), fx.mul(fx.fromInt(2), d("2.12"))));
    expect(midPrice(price)).toBe(fx.fromInt(100));
  });

  it("a fixed price has no interval", () => {
    const { price } = makeBank({ decimals: 6, oracle: { kind: "fixed", price: "2.5" } });
    expect(leg(price.realTime)).toEqual({ price: d("2.5"), confidence: fx.ZERO, low: d("2.5"), high: d("2.5") });
  });

  it("a stale feed fails to load (Pyth: publish time + max age < now)", () => {
    const fresh = makeBank({ decimals: 6, oracle: { kind: "pyth", price: 1n, publishTime: NOW - 60n }, maxAge: 60 });
    const stale = makeBank({ decimals: 6, oracle: { kind: "pyth", price: 1n, publishTime: NOW - 61n }, maxAge: 60 });
    expect(isOracleFailure(fresh.price.realTime)).toBe(false);
    expect(stale.price.realTime).toEqual({ code: 6050, name: "PythPushStalePrice", stage: "load" });
    expect(midPrice(stale.price)).toBeNull();
  });
});
