// Flash loans (reference §15): between start and end the account skips health checks; end checks it once.
import type { AccountMeta, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, type ProgramOptions } from "./program.js";

interface FlashloanAccounts extends ProgramOptions {
  marginfiAccount: PublicKey;
  authority: PublicKey;
}

export interface StartFlashloanParams extends FlashloanAccounts {
  /** The end instruction's index in the transaction, counting every top-level instruction (compute budget too). */
  endIndex: number;
}

export function startFlashloanInstruction(p: StartFlashloanParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_start_flashloan",
    { accounts: { marginfiAccount: p.marginfiAccount, authority: p.authority }, args: { endIndex: BigInt(p.endIndex) } },
    p,
  );
}

export interface EndFlashloanParams extends FlashloanAccounts {
  /** The account's risk accounts as the inner instructions leave it. */
  riskAccounts: readonly AccountMeta[];
}

export function endFlashloanInstruction(p: EndFlashloanParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_end_flashloan",
    { accounts: { marginfiAccount: p.marginfiAccount, authority: p.authority }, remainingAccounts: p.riskAccounts },
    p,
  );
}

export interface FlashloanParams extends EndFlashloanParams {
  instructions: readonly TransactionInstruction[];
  /** How many top-level instructions precede the start in the transaction (e.g. compute-budget ones). */
  startIndex?: number;
}

/** start, the inner instructions, end: with the end index the start instruction must name. */
export function flashloanInstructions(p: FlashloanParams): TransactionInstruction[] {
  const endIndex = (p.startIndex ?? 0) + 1 + p.instructions.length;
  return [startFlashloanInstruction({ ...p, endIndex }), ...p.instructions, endFlashloanInstruction(p)];
}
