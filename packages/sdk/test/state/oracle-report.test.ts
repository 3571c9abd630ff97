// The oracle report: which price rule decided each bank's price (fixed, live, the 5% cap, stale, the confidence
// gate), with the feed's age against the bank's limit.
import { OracleSetup, decodeBank, i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { toNumber } from "../../src/math/units.js";
import { oracleReport } from "../../src/state/oracle-report.js";
import { NOW, address, bankData, oracleAccount, type BankSpec } from "../math/support.js";

function report(spec: BankSpec, now = NOW) {
  const data = bankData(spec);
  const oracle = oracleAccount(spec.oracle);
  return oracleReport({ address: address(), data, bank: decodeBank(data) }, oracle ? [oracle] : [], now);
}

describe("oracleReport", () => {
  it("a fixed price: no feed, no age", () => {
    const r = report({ decimals: 6, oracle: { kind: "fixed", price: "0.7531" } });
    expect(r).toMatchObject({ setup: "Fixed", rule: "fixed", oracleKeys: [], publishedAt: null, ageSeconds: null, error: null });
    expect(r.price).toBe(fx.fromDecimal("0.7531"));
    expect(r.confidence).toBe(fx.ZERO);
  });

  it("a live Pyth feed: spot and EMA with 2.12 × conf, age and the 60 s default limit", () => {
    const r = report({
      decimals: 9,
      oracle: { kind: "pyth", price: 1050n, conf: 1n, emaPrice: 1030n, emaConf: 2n, exponent: -2, publishTime: NOW - 7n },
    });
    expect(r).toMatchObject({ setup: "PythPushOracle", rule: "live", ageSeconds: 7n, maxAgeSeconds: 60n, error: null });
    expect(r.oracleKeys).toHaveLength(1);
    expect(toNumber(r.price!)).toBeCloseTo(10.5, 12);
    expect(toNumber(r.confidence!)).toBeCloseTo(0.0212, 12);
    expect(toNumber(r.emaPrice!)).toBeCloseTo(10.3, 12);
    expect(toNumber(r.emaConfidence!)).toBeCloseTo(0.0424, 12);
    expect(toNumber(r.maxConfidence)).toBeCloseTo(0.1, 9);
  });

  it("an interval over 5% but within the bank's max confidence is capped at 5% of the price", () => {
    const r = report({ decimals: 9, oracle: { kind: "pyth", price: 100n, conf: 3n }, maxConfidence: 1_288_490_188 });
    expect(r.rule).toBe("confidence-capped");
    expect(r.confidence).toBe(fx.mul(r.price!, fx.fromDecimal("0.05")));
  });

  it("an interval over the bank's max confidence is refused by the gate", () => {
    const r = report({ decimals: 9, oracle: { kind: "pyth", price: 100n, conf: 10n } });
    expect(r).toMatchObject({ rule: "confidence-exceeded", price: null, error: { name: "OracleMaxConfidenceExceeded", code: 6055 } });
  });

  it("a feed older than the bank's max age is stale", () => {
    const r = report({ decimals: 6, oracle: { kind: "switchboard", value: 1n, lastUpdate: NOW - 31n }, maxAge: 30 });
    expect(r).toMatchObject({ setup: "SwitchboardPull", rule: "stale", ageSeconds: 31n, maxAgeSeconds: 30n });
    expect(r.error?.name).toBe("SwitchboardStalePrice");
    expect(OracleSetup.SwitchboardPull).toBe(4);
  });
});
