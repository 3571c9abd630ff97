// Turns drafts into v0 transactions ready to sign: compute-unit limit and price first, the bundle tip where it
// fits (else in a transaction of its own, sent first).
import {
  ComputeBudgetInstruction,
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
  type AddressLookupTableAccount,
  type Signer,
  type TransactionInstruction,
} from "@solana/web3.js";
import {
  DEFAULT_COMPUTE_UNIT_PRICE,
  computeBudgetInstructions,
  computeUnitLimit,
  isComputeBudgetInstruction,
  type ComputeBudget,
} from "./compute-budget.js";
import { MESSAGES, buildingError } from "./errors.js";
import { cappedPriorityFee } from "./priority-fee.js";
import { fitsInTransaction, measureInstructions } from "./size.js";
import { pickTipAccount, tipInstruction } from "./tips.js";

export interface TransactionDraft {
  instructions: TransactionInstruction[];
  /** Signers besides the fee payer. */
  signers?: Signer[];
  lookupTables?: AddressLookupTableAccount[];
  /** Begin-flashloan records the end instruction's index: instructions may be replaced but never moved. */
  flashLoan?: boolean;
  /** Compute units measured by simulation. */
  unitsConsumed?: number;
}

export interface FormatOptions {
  payer: PublicKey;
  blockhash: string;
  lendingProgramId: PublicKey;
  /** Price in µlamports per compute unit for an RPC broadcast; default 1. */
  priorityFeeMicroLamports?: number;
  /** Manual cap on each transaction's priority fee, in SOL; 0 means none. */
  maxCapSol?: number;
  /** For a bundled broadcast: the tip replaces the priority fee (the price stays at 1 µlamport). */
  bundleTip?: { lamports: number; account?: PublicKey };
}

export interface FormattedTransaction {
  transaction: VersionedTransaction;
  signers: Signer[];
}

function fits(payer: PublicKey, instructions: TransactionInstruction[], lookupTables?: AddressLookupTableAccount[]): boolean {
  try {
    return fitsInTransaction(measureInstructions({ payer, instructions, lookupTables }));
  } catch {
    return false;
  }
}

/** The draft's instructions with `budget` in front, or for a flash loan swapped in place of its own. */
function withComputeBudget(draft: TransactionDraft, budget: ComputeBudget): TransactionInstruction[] {
  if (!draft.flashLoan) return [...budget, ...draft.instructions.filter((ix) => !isComputeBudgetInstruction(ix))];
  const [limit, price] = budget;
  return draft.instructions.map((ix) => {
    if (!isComputeBudgetInstruction(ix)) return ix;
    const type = ComputeBudgetInstruction.decodeInstructionType(ix);
    if (type === "SetComputeUnitLimit") return limit;
    if (type === "SetComputeUnitPrice") return price;
    return ix;
  });
}

function budgetedInstructions(draft: TransactionDraft, options: FormatOptions): TransactionInstruction[] {
  const units = computeUnitLimit({
    instructions: draft.instructions,
    lendingProgramId: options.lendingProgramId,
    unitsConsumed: draft.unitsConsumed,
    flashLoan: draft.flashLoan,
  });
  const price = options.bundleTip
    ? DEFAULT_COMPUTE_UNIT_PRICE
    : cappedPriorityFee(options.priorityFeeMicroLamports ?? DEFAULT_COMPUTE_UNIT_PRICE, units, options.maxCapSol);
  const instructions = withComputeBudget(draft, computeBudgetInstructions(units, price));
  // A transaction packed without room for the budget goes out as it was built.
  return fits(options.payer, instructions, draft.lookupTables) ? instructions : draft.instructions;
}

/** Inserts the tip after the compute-budget instructions. */
function withTip(instructions: TransactionInstruction[], tip: TransactionInstruction): TransactionInstruction[] {
  const at = instructions.findIndex((ix) => !isComputeBudgetInstruction(ix));
  const index = at < 0 ? instructions.length : at;
  return [...instructions.slice(0, index), tip, ...instructions.slice(index)];
}

/**
 * Sets each draft's compute-unit limit and price (a price costing more than 0.1 SOL per transaction ignored,
 * then capped by the manual cap) and, for a bundle, places the tip in the first non-flash-loan transaction with room for it or
 * in a tip transaction sent first.
 */
export function formatTransactions(drafts: TransactionDraft[], options: FormatOptions): FormattedTransaction[] {
  if (!options.payer || !options.blockhash) throw buildingError(MESSAGES.feePayerAndBlockhash);
  const prepared = drafts.map((draft) => ({ draft, instructions: budgetedInstructions(draft, options) }));
  if (options.bundleTip) {
    const tip = tipInstruction(options.payer, options.bundleTip.lamports, options.bundleTip.account ?? pickTipAccount());
    const host = prepared.find(
      ({ draft, instructions }) => !draft.flashLoan && fits(options.payer, withTip(instructions, tip), draft.lookupTables),
    );
    if (host) host.instructions = withTip(host.instructions, tip);
    else {
      const draft: TransactionDraft = { instructions: [tip] };
      prepared.unshift({ draft, instructions: budgetedInstructions(draft, options) });
    }
  }
  return prepared.map(({ draft, instructions }) => {
    const message = new TransactionMessage({ payerKey: options.payer, recentBlockhash: options.blockhash, instructions });
    return {
      transaction: new VersionedTransaction(message.compileToV0Message(draft.lookupTables)),
      signers: draft.signers ?? [],
    };
  });
}
