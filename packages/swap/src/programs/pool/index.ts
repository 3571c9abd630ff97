// The pool program: constant-product and stable-swap pools with LP tokens, an Anchor-style program at our own id.
import { AccountChecks, AnchorArgsReader, anchorProgram } from "@ballast/anchor";
import type { Program } from "@ballast/ledger";
import { POOL_PROGRAM_ID } from "../../program-ids.js";
import { DepositLiquidityAccounts, depositLiquidity } from "./deposit-liquidity.js";
import { InitializePoolAccounts, initializePool } from "./initialize-pool.js";
import { translateMathError } from "./shared.js";
import { SwapAccounts, swap, swapExactOut } from "./swap.js";
import { WithdrawLiquidityAccounts, withdrawLiquidity } from "./withdraw-liquidity.js";

/** Each instruction's declared accounts, held to the client's instruction table by the tests. */
export const POOL_ACCOUNT_SPECS = {
  initialize_pool: InitializePoolAccounts,
  deposit_liquidity: DepositLiquidityAccounts,
  withdraw_liquidity: WithdrawLiquidityAccounts,
  swap: SwapAccounts,
  swap_exact_out: SwapAccounts,
};

/** The pool program, registered at POOL_PROGRAM_ID unless another id is given. */
export function poolProgram(id: string = POOL_PROGRAM_ID): Program {
  return anchorProgram(
    id,
    [
      { name: "initialize_pool", units: 40_000, run: initializePool },
      { name: "deposit_liquidity", units: 20_000, run: depositLiquidity },
      { name: "withdraw_liquidity", units: 20_000, run: withdrawLiquidity },
      { name: "swap", units: 25_000, run: swap },
      { name: "swap_exact_out", units: 30_000, run: swapExactOut },
    ],
    { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data), translate: translateMathError },
  );
}
