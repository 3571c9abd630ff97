// Per-slot compounding of an annual rate (reference §2.5): exact powers up to 4 slots, a three-term binomial
// expansion beyond, every product truncated as the program truncates it.
import { SLOTS_PER_YEAR } from "../constants.js";
import * as fx from "./fraction.js";

/** (1 + rate / SLOTS_PER_YEAR)^slots, as klend approximates it. */
export function approximateCompoundedInterest(rate: bigint, slots: bigint): bigint {
  const base = fx.divInt(rate, SLOTS_PER_YEAR);
  const onePlusBase = fx.add(fx.ONE, base);
  switch (slots) {
    case 0n:
      return fx.ONE;
    case 1n:
      return onePlusBase;
    case 2n:
      return fx.mul(onePlusBase, onePlusBase);
    case 3n:
      return fx.mul(fx.mul(onePlusBase, onePlusBase), onePlusBase);
    case 4n: {
      const square = fx.mul(onePlusBase, onePlusBase);
      return fx.mul(square, square);
    }
  }
  const basePow2 = fx.mul(base, base);
  const basePow3 = fx.mul(basePow2, base);
  const firstTerm = fx.mulInt(base, slots);
  const secondTerm = fx.divInt(fx.mulInt(fx.mulInt(basePow2, slots), slots - 1n), 2n);
  const thirdTerm = fx.divInt(fx.mulInt(fx.mulInt(fx.mulInt(basePow3, slots), slots - 1n), slots - 2n), 6n);
  return fx.add(fx.add(fx.add(fx.ONE, firstTerm), secondTerm), thirdTerm);
}
