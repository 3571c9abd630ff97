// Instruction builders for the stake pool; every account is derived from the pool's vote account.
import { PublicKey, SystemProgram, TransactionInstruction } from "@solana/web3.js";
import { instructionDiscriminator } from "@ballast/anchor";
import { TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { stakePoolAddresses } from "./addresses.js";
import { NATIVE_STAKE_PROGRAM_ID, STAKE_POOL_PROGRAM_ID } from "./program-ids.js";

type Meta = [PublicKey, boolean, boolean];

const SYSTEM = SystemProgram.programId;
const TOKEN = new PublicKey(TOKEN_PROGRAM_ID);
const STAKE = new PublicKey(NATIVE_STAKE_PROGRAM_ID);

function instruction(programId: PublicKey, name: string, keys: Meta[], args: Buffer[] = []): TransactionInstruction {
  return new TransactionInstruction({
    programId,
    keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    data: Buffer.concat([instructionDiscriminator(name), ...args]),
  });
}

function u64(value: bigint): Buffer {
  const data = Buffer.alloc(8);
  data.writeBigUInt64LE(value);
  return data;
}

export interface InitializePoolParams {
  payer: PublicKey;
  voteAccount: PublicKey;
  programId?: PublicKey;
}

export function initializePoolInstruction(p: InitializePoolParams): TransactionInstruction {
  const programId = p.programId ?? new PublicKey(STAKE_POOL_PROGRAM_ID);
  const a = stakePoolAddresses(p.voteAccount, programId);
  return instruction(programId, "initialize_pool", [
    [p.payer, true, true],
    [a.voteAccount, false, false],
    [a.pool, false, true],
    [a.mint, false, true],
    [a.stake, false, true],
    [a.mintAuthority, false, false],
    [a.stakeAuthority, false, false],
    [SYSTEM, false, false],
    [TOKEN, false, false],
    [STAKE, false, false],
  ]);
}

export interface DepositSolParams {
  depositor: PublicKey;
  voteAccount: PublicKey;
  /** The depositor's LST token account. */
  destination: PublicKey;
  lamports: bigint;
  programId?: PublicKey;
}

export function depositSolInstruction(p: DepositSolParams): TransactionInstruction {
  const programId = p.programId ?? new PublicKey(STAKE_POOL_PROGRAM_ID);
  const a = stakePoolAddresses(p.voteAccount, programId);
  return instruction(
    programId,
    "deposit_sol",
    [
      [p.depositor, true, true],
      [a.pool, false, false],
      [a.mint, false, true],
      [a.stake, false, true],
      [a.mintAuthority, false, false],
      [a.stakeAuthority, false, false],
      [p.destination, false, true],
      [SYSTEM, false, false],
      [TOKEN, false, false],
      [STAKE, false, false],
    ],
    [u64(p.lamports)],
  );
}

export interface CreditRewardsParams {
  funder: PublicKey;
  voteAccount: PublicKey;
  lamports: bigint;
  programId?: PublicKey;
}

export function creditRewardsInstruction(p: CreditRewardsParams): TransactionInstruction {
  const programId = p.programId ?? new PublicKey(STAKE_POOL_PROGRAM_ID);
  const a = stakePoolAddresses(p.voteAccount, programId);
  return instruction(
    programId,
    "credit_rewards",
    [
      [p.funder, true, true],
      [a.pool, false, false],
      [a.stake, false, true],
      [a.stakeAuthority, false, false],
      [SYSTEM, false, false],
      [STAKE, false, false],
    ],
    [u64(p.lamports)],
  );
}
