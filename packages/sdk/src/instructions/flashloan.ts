// Flash loans (reference §15): between start and end the account skips health checks; end checks it once.
import type { AccountMeta, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type ProgramOptions } from "./coder.js";
import { u64 } from "./coder-values.js";

interface FlashloanAccounts extends ProgramOptions {
  marginfiAccount: PublicKey;
  authority: PublicKey;
}

export interface StartFlashloanParams extends FlashloanAccounts {
  /** The end instruction's index in the transaction, counting every top-level instruction (compute budget too). */
  endIndex: number;
}

export function startFlashloanInstruction(p: StartFlashloanParams): TransactionInstruction {
  return buildInstruction(
    "lending_account_start_flashloan",
    { marginfi_account: p.marginfiAccount, authority: p.authority },
    { end_index: u64(BigInt(p.endIndex)) },
    [],
    p,
  );
}

export interface EndFlashloanParams extends FlashloanAccounts {
  /** The account's risk accounts as the inner instructions leave it. */
  riskAccounts: readonly AccountMeta[];
}

export function endFlashloanInstruction(p: EndFlashloanParams): TransactionInstruction {
  return buildInstruction(
    "lending_account_end_flashloan",
    { marginfi_account: p.marginfiAccount, authority: p.authority },
    {},
    p.riskAccounts,
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
