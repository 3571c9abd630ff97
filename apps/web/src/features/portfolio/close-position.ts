// What closing a leveraged position hands back to the wallet. The unwind sells collateral for the debt token and
// repays all debt; what is left stays with the user: with an exact-in swap (all collateral sold) the debt token's
// output beyond the debt, with an exact-out swap (just the debt bought) the collateral the swap did not take.
import type { SwapFlowPlan } from "@ballast/sdk";

export interface CloseReturn {
  /** The token the rest arrives in. */
  readonly mint: string;
  /** Native units at the quoted price, and at the least the swap may leave. */
  readonly expected: bigint;
  readonly minimum: bigint;
}

/**
 * `collateral` is the native collateral the unwind withdraws (all of it, rounded down), `debt` the native debt it
 * repays (all of it, rounded up).
 */
export function closeReturn(plan: SwapFlowPlan, collateral: bigint, debt: bigint): CloseReturn {
  const { preview } = plan;
  const atLeastZero = (value: bigint) => (value > 0n ? value : 0n);
  if (plan.quote.swapMode === "ExactOut") {
    return {
      mint: preview.inputMint,
      expected: atLeastZero(collateral - preview.inAmount),
      minimum: atLeastZero(collateral - preview.maximumSpent),
    };
  }
  return {
    mint: preview.outputMint,
    expected: atLeastZero(preview.outAmount - debt),
    minimum: atLeastZero(preview.minimumReceived - debt),
  };
}
