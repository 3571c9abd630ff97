import { mulberry32 } from "../../ledger/test/support/random.js";
// I80F48 behaviour (reference §8.1): worked examples, then seeded property tests of the invariants.
import { describe, expect, it } from "vitest";
import { FixedPointError, i80f48 as fx, type I80F48 } from "../src/index.js";

const { ONE, ZERO, MIN, MAX, DELTA } = fx;
const dec = fx.fromDecimal;
const int = fx.fromInt;
const SCALE = 1n << 48n;

function expectMathError(run: () => unknown, kind: FixedPointError["kind"]): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FixedPointError);
    expect((error as FixedPointError).kind).toBe(kind);
    return;
  }
  expect.unreachable(`expected a FixedPointError (${kind})`);
}

describe("I80F48 worked examples", () => {
  it("range and resolution: about ±6.0e23, steps of 2^-48 ≈ 3.55e-15", () => {
    expect(fx.toDecimal(MAX)).toBe("604462909807314587353087.999999999999996447286321199499070644378662109375");
    expect(fx.toDecimal(MIN)).toBe("-604462909807314587353088");
    expect(fx.toDecimal(DELTA)).toBe("0.000000000000003552713678800500929355621337890625");
  });

  it("literal constants are the nearest representable value (bits seen in mainnet banks)", () => {
    // bits of values the program wrote, with the decimals its tests compare them against
    const known: [string, bigint, string][] = [
      ["0.8", 225179981368525n, "0.800000000000000710542735760100185871124267578125"],
      ["0.1", 28147497671066n, "0.10000000000000142108547152020037174224853515625"],
      ["1.1", 309622474381722n, "1.10000000000000142108547152020037174224853515625"],
      ["0.01", 2814749767107n, "0.010000000000001563194018672220408916473388671875"],
      ["0.05", 14073748835533n, "0.050000000000000710542735760100185871124267578125"],
      ["0.075", 21110623253299n, "0.074999999999999289457264239899814128875732421875"],
      ["1.25", 351843720888320n, "1.25"],
      ["3", 844424930131968n, "3"],
    ];
    for (const [literal, bits, exact] of known) {
      expect(dec(literal), literal).toBe(bits);
      expect(fx.toDecimal(fx.fromBits(bits)), literal).toBe(exact);
      expect(dec(exact), exact).toBe(bits);
    }
  });

  it("parsing rounds ties to even", () => {
    const half = "0.0000000000000017763568394002504646778106689453125"; // 2^-49, half a step
    expect(dec(half)).toBe(0n);
    expect(dec(`-${half}`)).toBe(0n);
    expect(dec("0.0000000000000053290705182007513940334320068359375")).toBe(2n); // 3 × 2^-49 -> 2 steps
    expect(dec("0.00000000000000177635683940025046467781066894531251")).toBe(1n); // just above half
  });

  it("mul rounds toward -infinity, div truncates toward zero", () => {
    const half = dec("0.5");
    expect(fx.mul(DELTA, half)).toBe(0n);
    expect(fx.mul(fx.neg(DELTA), half)).toBe(-1n);
    expect(fx.div(fx.neg(DELTA), int(2))).toBe(0n);
    expect(fx.div(int(-1), int(3))).toBe(-(SCALE / 3n));
    expect(fx.div(int(1), int(3))).toBe(SCALE / 3n);
    expect(fx.div(int(7), int(2))).toBe(dec("3.5"));
  });

  it("§21 example 1: 2 SOL at $10 with init weight 0.25 is $5 of initial collateral", () => {
    const lamports = int(2_000_000_000n);
    const value = fx.div(fx.mul(fx.mul(lamports, dec("0.25")), int(10)), int(1_000_000_000n));
    expect(fx.toDecimal(value)).toBe("5");
    expect(fx.cmp(value, int(10))).toBe(-1); // < $10 of debt: a new borrow fails
  });

  it("§21 example 4: a Pyth confidence of 1 on price 100 gives the interval 2.12 and a low price of 97.88", () => {
    const interval = fx.mul(int(1), dec("2.12"));
    expect(interval).toBe(dec("2.12"));
    expect(fx.sub(int(100), interval)).toBe(dec("97.88"));
    expect(fx.add(int(100), interval)).toBe(dec("102.12"));
  });

  it("integer conversions: from native amounts exactly, back by floor or ceil", () => {
    expect(int(123456789n)).toBe(123456789n * SCALE);
    expect(int(-5)).toBe(-5n * SCALE);
    expect(fx.toIntFloor(dec("2.9"))).toBe(2n);
    expect(fx.toIntFloor(dec("-2.1"))).toBe(-3n);
    expect(fx.toIntCeil(dec("2.1"))).toBe(3n);
    expect(fx.toIntCeil(dec("-2.9"))).toBe(-2n);
    expect(fx.toIntCeil(int(4))).toBe(4n);
    expect(fx.floor(dec("-0.5"))).toBe(int(-1));
    expect(fx.ceil(dec("-0.5"))).toBe(ZERO);
    expect(() => int(0.5)).toThrow(RangeError);
  });

  it("reads and writes 16-byte little-endian two's complement", () => {
    const buf = Buffer.alloc(20, 0xaa);
    fx.write(buf, 2, fx.neg(DELTA));
    expect(buf.toString("hex")).toBe("aaaa" + "ff".repeat(16) + "aaaa");
    fx.write(buf, 2, ONE);
    expect(buf.subarray(2, 18).toString("hex")).toBe("000000000000" + "01" + "00".repeat(9));
    expect(fx.read(buf, 2)).toBe(ONE);
    expect(() => fx.read(buf, 5)).toThrow(RangeError);
  });

  it("overflow and division by zero raise FixedPointError", () => {
    expectMathError(() => fx.add(MAX, DELTA), "overflow");
    expectMathError(() => fx.sub(MIN, DELTA), "overflow");
    expectMathError(() => fx.neg(MIN), "overflow");
    expectMathError(() => fx.abs(MIN), "overflow");
    expectMathError(() => fx.mul(MAX, int(2)), "overflow");
    expectMathError(() => fx.div(MIN, fx.neg(ONE)), "overflow");
    expectMathError(() => fx.div(ONE, ZERO), "division-by-zero");
    expectMathError(() => fx.ceil(MAX), "overflow");
    expectMathError(() => int(1n << 79n), "overflow");
    expectMathError(() => dec("604462909807314587353088"), "overflow");
    expectMathError(() => fx.fromBits(1n << 127n), "overflow");
    expect(int((1n << 79n) - 1n)).toBe(((1n << 79n) - 1n) * SCALE);
    expect(dec("-604462909807314587353088")).toBe(MIN);
    expect(() => dec("1e5")).toThrow(SyntaxError);
    expect(() => dec(".5")).toThrow(SyntaxError);
  });
});

const EDGES = [ZERO, ONE, fx.neg(ONE), DELTA, fx.neg(DELTA), MAX, MIN];

/** Values of every magnitude: a random bit width, random bits, random sign; sometimes an edge value. */
function randomFixed(next: () => number): I80F48 {
  if (next() % 16 === 0) return EDGES[next() % EDGES.length]!;
  let bits = 0n;
  for (let i = 0; i < 4; i++) bits = (bits << 32n) | BigInt(next());
  const width = BigInt(next() % 128);
  bits &= (1n << width) - 1n;
  return fx.fromBits(next() % 2 === 0 ? bits : -bits);
}

function randomDecimal(next: () => number): string {
  const digits = (count: number) => Array.from({ length: count }, () => String(next() % 10)).join("");
  const integer = digits(1 + (next() % 24));
  const fraction = next() % 4 === 0 ? "" : `.${digits(1 + (next() % 60))}`;
  return `${next() % 2 === 0 ? "-" : ""}${integer}${fraction}`;
}

function inRange(bits: bigint): boolean {
  return bits >= MIN && bits <= MAX;
}

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

const RUNS = 3000;

describe("I80F48 properties (seeded)", () => {
  it("toDecimal and fromDecimal round-trip exactly", () => {
    const next = mulberry32(1);
    for (let i = 0; i < RUNS; i++) {
      const a = randomFixed(next);
      expect(dec(fx.toDecimal(a))).toBe(a);
    }
  });

  it("fromDecimal is within half a step of the exact decimal", () => {
    const next = mulberry32(2);
    for (let i = 0; i < RUNS; i++) {
      const text = randomDecimal(next);
      const [integer, fraction = ""] = text.replace("-", "").split(".");
      const sign = text.startsWith("-") ? -1n : 1n;
      const denominator = 10n ** BigInt(fraction.length);
      const exact = sign * BigInt(integer + fraction) * SCALE; // value × 2^48 × denominator
      let bits: bigint;
      try {
        bits = dec(text);
      } catch (error) {
        expect(error).toBeInstanceOf(FixedPointError);
        expect(abs(exact) * 2n >= (2n * MAX + 1n) * denominator, text).toBe(true); // rounds past MAX or MIN
        continue;
      }
      expect(abs(bits * denominator - exact) * 2n <= denominator, text).toBe(true);
    }
  });

  it("add and sub are exact or report overflow; a + b - b == a", () => {
    const next = mulberry32(3);
    let overflows = 0;
    for (let i = 0; i < RUNS; i++) {
      const a = randomFixed(next);
      const b = randomFixed(next);
      if (!inRange(a + b)) {
        overflows++;
        expectMathError(() => fx.add(a, b), "overflow");
        continue;
      }
      const sum = fx.add(a, b);
      expect(sum).toBe(a + b);
      expect(fx.sub(sum, b)).toBe(a);
    }
    expect(overflows).toBeGreaterThan(0);
  });

  it("mul is the floor of the exact product, or overflow", () => {
    const next = mulberry32(4);
    let overflows = 0;
    for (let i = 0; i < RUNS; i++) {
      const a = randomFixed(next);
      const b = randomFixed(next);
      const exact = a * b; // value × 2^96
      const floor = exact >= 0n ? exact / SCALE : -((-exact + SCALE - 1n) / SCALE);
      if (!inRange(floor)) {
        overflows++;
        expectMathError(() => fx.mul(a, b), "overflow");
        continue;
      }
      const product = fx.mul(a, b);
      expect(product * SCALE <= exact && exact < (product + 1n) * SCALE).toBe(true);
      expect(fx.mul(b, a)).toBe(product);
    }
    expect(overflows).toBeGreaterThan(0);
    expect(overflows).toBeLessThan(RUNS);
  });

  it("div truncates toward zero, or reports overflow / division by zero", () => {
    const next = mulberry32(5);
    let overflows = 0;
    for (let i = 0; i < RUNS; i++) {
      const a = randomFixed(next);
      const b = randomFixed(next);
      if (b === 0n) {
        expectMathError(() => fx.div(a, b), "division-by-zero");
        continue;
      }
      const numerator = a * SCALE;
      const truncated = numerator / b;
      if (!inRange(truncated)) {
        overflows++;
        expectMathError(() => fx.div(a, b), "overflow");
        continue;
      }
      const quotient = fx.div(a, b);
      // |q·b| <= |a·2^48| < (|q| + 1)·|b|, and q has the sign of a/b unless it is zero
      expect(abs(quotient * b) <= abs(numerator) && abs(numerator) < (abs(quotient) + 1n) * abs(b)).toBe(true);
      if (quotient !== 0n) expect(quotient < 0n).toBe(a < 0n !== b < 0n);
    }
    expect(overflows).toBeGreaterThan(0);
  });

  it("floor and ceil bracket the value with integers", () => {
    const next = mulberry32(6);
    for (let i = 0; i < RUNS; i++) {
      const a = randomFixed(next);
      const down = fx.floor(a);
      expect(down % SCALE).toBe(0n);
      expect(down <= a && a < down + SCALE).toBe(true);
      expect(fx.toIntFloor(a)).toBe(down / SCALE);
      if (down + SCALE > MAX && down !== a) {
        expectMathError(() => fx.ceil(a), "overflow");
        continue;
      }
      const up = fx.ceil(a);
      expect(up % SCALE).toBe(0n);
      expect(up - SCALE < a && a <= up).toBe(true);
      expect(fx.toIntCeil(a)).toBe(up / SCALE);
    }
  });

  it("cmp is antisymmetric and agrees with the sign of the difference", () => {
    const next = mulberry32(7);
    for (let i = 0; i < RUNS; i++) {
      const a = randomFixed(next);
      const b = next() % 8 === 0 ? a : randomFixed(next);
      const difference = a - b;
      expect(fx.cmp(a, b)).toBe(difference < 0n ? -1 : difference > 0n ? 1 : 0);
      expect(fx.cmp(b, a) + fx.cmp(a, b)).toBe(0);
    }
  });

  it("write then read returns the value at any offset", () => {
    const next = mulberry32(8);
    const buf = Buffer.alloc(64);
    for (let i = 0; i < RUNS; i++) {
      const a = randomFixed(next);
      const offset = next() % 48;
      fx.write(buf, offset, a);
      expect(fx.read(buf, offset)).toBe(a);
    }
  });
});
