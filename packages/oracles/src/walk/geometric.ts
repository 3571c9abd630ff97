// The price walk itself: a seeded geometric random walk on integer prices.
import { createHash } from "node:crypto";
import { E9, E18, expE18, fractionE9 } from "./fixed-point.js";
import { Xorshift64Star } from "./xorshift.js";

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export interface RandomWalkOptions {
  seed: number | bigint | string;
  /** Starting price, an integer in any units; must be positive. */
  start: bigint;
  /** Annualised volatility as a fraction. */
  volatility: number;
  /** Time step of one move, in milliseconds. */
  stepMs: number;
}

/**
 * A geometric random walk on integers: each step multiplies by e^(σ√Δt·Z − σ²Δt/2), Z an Irwin–Hall (12 uniforms)
 * approximation of a standard normal, all in integer fixed point, so a seed fixes the whole sequence.
 */
export class GeometricRandomWalk {
  private readonly rng: Xorshift64Star;
  /** σ√Δt with 9 decimals. */
  private readonly sigmaE9: bigint;
  private current: bigint;

  constructor(options: RandomWalkOptions) {
    if (options.start <= 0n) throw new RangeError(`a geometric walk needs a positive start, got ${options.start}`);
    if (!(options.stepMs > 0)) throw new RangeError(`stepMs must be positive, got ${options.stepMs}`);
    const digest = createHash("sha256")
      .update(`ballast-price-walk:${String(options.seed)}`)
      .digest();
    this.rng = new Xorshift64Star(digest.readBigUInt64LE(0));
    this.sigmaE9 = fractionE9("volatility", options.volatility * Math.sqrt(options.stepMs / YEAR_MS));
    this.current = options.start;
  }

  get value(): bigint {
    return this.current;
  }

  /** Moves one step and returns the new price (never below 1). */
  next(): bigint {
    let sumE9 = 0n;
    for (let i = 0; i < 12; i++) sumE9 += (this.rng.next32() * E9) >> 32n;
    const zE9 = sumE9 - 6n * E9;
    const exponentE18 = this.sigmaE9 * zE9 - (this.sigmaE9 * this.sigmaE9) / 2n;
    const moved = (this.current * expE18(exponentE18)) / E18;
    this.current = moved < 1n ? 1n : moved;
    return this.current;
  }
}
