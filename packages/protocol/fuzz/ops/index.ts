// Every operation the fuzzer draws from, by family.
import { borrow, deposit, repay, withdraw } from "./balances.js";
import { crashPrice, movePrice, recoverPrice } from "./prices.js";
import { accrue } from "./time.js";
import { collectFees, withdrawFees, withdrawInsurance } from "./fees.js";
import { bankruptcy, liquidate, receivership } from "./liquidation.js";
import { flashLoan } from "./flash-loans.js";
import { setEmode, setLimits, setOperationalState } from "./bank-config.js";
import { claimEmissions, updateEmissions } from "./emissions.js";
import { reopenAccount } from "./accounts.js";
import { kaminoAccrue, kaminoDeposit, kaminoWithdraw } from "./kamino.js";
import { loop, unwind } from "./loops.js";
import type { OpDef } from "./op.js";

export const OPS: readonly OpDef[] = [
  deposit,
  withdraw,
  borrow,
  repay,
  movePrice,
  crashPrice,
  recoverPrice,
  accrue,
  collectFees,
  withdrawFees,
  withdrawInsurance,
  liquidate,
  receivership,
  bankruptcy,
  flashLoan,
  setLimits,
  setOperationalState,
  setEmode,
  claimEmissions,
  updateEmissions,
  reopenAccount,
  kaminoDeposit,
  kaminoWithdraw,
  kaminoAccrue,
  loop,
  unwind,
];

export function opOf(kind: string): OpDef {
  const op = OPS.find((o) => o.kind === kind);
  if (!op) throw new Error(`unknown operation ${kind}`);
  return op;
}
