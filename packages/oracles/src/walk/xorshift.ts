// The walk's random numbers: a seeded generator over BigInt, so a seed fixes every price of a walk on any machine.

const U64_MASK = (1n << 64n) - 1n;

/** xorshift64*: a small deterministic generator over BigInt. */
export class Xorshift64Star {
  private state: bigint;
  constructor(seed: bigint) {
    this.state = seed & U64_MASK || 0x9e3779b97f4a7c15n;
  }
  /** 32 uniformly distributed bits. */
  next32(): bigint {
    let x = this.state;
    x ^= x >> 12n;
    x = (x ^ (x << 25n)) & U64_MASK;
    x ^= x >> 27n;
    this.state = x;
    return ((x * 0x2545f4914f6cdd1dn) & U64_MASK) >> 32n;
  }
}
