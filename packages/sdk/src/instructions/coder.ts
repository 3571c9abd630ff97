// The lending program's Anchor coder and the one place its instructions are assembled. Account order and the
// writable/signer flags come from the IDL, so builders name accounts and never order them.
import { BorshCoder, type Idl } from "@coral-xyz/anchor";
import { PublicKey, TransactionInstruction, type AccountMeta } from "@solana/web3.js";
import { MARGINFI_IDL, MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { BallastSdkError } from "../errors.js";

export const LENDING_IDL = MARGINFI_IDL as unknown as Idl;

/** Anchor 0.32's BorshCoder: IDL (snake_case) names for instructions, accounts and argument fields. */
export const lendingCoder = new BorshCoder(LENDING_IDL);

/** The mainnet id, where the ledger deploys the program by default. */
export const DEFAULT_PROGRAM_ID = new PublicKey(MARGINFI_PROGRAM_ID);

export interface ProgramOptions {
  /** The lending program to address; defaults to the mainnet id. */
  programId?: PublicKey;
}

type IdlInstruction = Idl["instructions"][number];
type IdlInstructionAccount = Exclude<IdlInstruction["accounts"][number], { accounts: unknown }>;

interface InstructionSpec {
  accounts: IdlInstructionAccount[];
  args: string[];
}

const SPECS = new Map<string, InstructionSpec>(
  LENDING_IDL.instructions.map((ix: IdlInstruction) => [
    ix.name,
    {
      accounts: ix.accounts.map((item) => {
        // Anchor nests composite account structs; this program has none, and flattening them would need their prefixes.
        if ("accounts" in item) throw new BallastSdkError("COMPOSITE_ACCOUNT_GROUP", { instruction: ix.name, group: item.name });
        return item;
      }),
      args: ix.args.map((arg) => arg.name),
    },
  ]),
);

/** A remaining account the program only reads. */
export function readonlyAccount(pubkey: PublicKey): AccountMeta {
  return { pubkey, isSigner: false, isWritable: false };
}

/**
 * One lending-program instruction from its IDL name, its accounts by IDL name (accounts with a fixed address in the
 * IDL, such as the system program, are filled in), its arguments in the coder's shapes (snake_case, BN for u64,
 * null for None) and any remaining accounts, which follow the named ones.
 */
export function buildInstruction(
  name: string,
  accounts: Readonly<Record<string, PublicKey>>,
  args: Readonly<Record<string, unknown>> = {},
  remaining: readonly AccountMeta[] = [],
  { programId = DEFAULT_PROGRAM_ID }: ProgramOptions = {},
): TransactionInstruction {
  const spec = SPECS.get(name);
  if (spec === undefined) throw new BallastSdkError("UNKNOWN_INSTRUCTION", { instruction: name });
  const known = new Set(spec.accounts.map((a) => a.name));
  for (const given of Object.keys(accounts))
    if (!known.has(given)) throw new BallastSdkError("UNKNOWN_ACCOUNT", { instruction: name, account: given });
  const keys = spec.accounts.map((account): AccountMeta => {
    const given = accounts[account.name];
    if (account.address !== undefined && given !== undefined)
      throw new BallastSdkError("FIXED_ADDRESS_ACCOUNT", { instruction: name, account: account.name });
    const pubkey = account.address !== undefined ? new PublicKey(account.address) : given;
    if (pubkey === undefined) throw new BallastSdkError("MISSING_ACCOUNT", { instruction: name, account: account.name });
    return { pubkey, isSigner: account.signer ?? false, isWritable: account.writable ?? false };
  });
  // Anchor's encoder writes whatever a misspelled or missing field happens to produce, so names are checked here.
  for (const arg of spec.args)
    if (args[arg] === undefined) throw new BallastSdkError("MISSING_ARGUMENT", { instruction: name, argument: arg });
  for (const given of Object.keys(args))
    if (!spec.args.includes(given)) throw new BallastSdkError("UNKNOWN_ARGUMENT", { instruction: name, argument: given });
  const data = lendingCoder.instruction.encode(name, args);
  return new TransactionInstruction({ programId, keys: [...keys, ...remaining], data });
}
