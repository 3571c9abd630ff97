// Instruction builders for the stake pool; every account is derived from the pool's vote account.
import { PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction } from "@ballast/codec";
import { TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { stakePoolAddresses } from "./addresses.js";
import { STAKE_POOL_INSTRUCTIONS } from "./instructions.js";
import { NATIVE_STAKE_PROGRAM_ID, STAKE_POOL_PROGRAM_ID } from "./program-ids.js";

const SYSTEM = SystemProgram.programId;
const STAKE = new PublicKey(NATIVE_STAKE_PROGRAM_ID);
const PROGRAMS = { systemProgram: SYSTEM, tokenProgram: new PublicKey(TOKEN_PROGRAM_ID), stakeProgram: STAKE };

export interface InitializePoolParams {
  payer: PublicKey;
  voteAccount: PublicKey;
  programId?: PublicKey;
}

export function initializePoolInstruction(p: InitializePoolParams): TransactionInstruction {
  const programId = p.programId ?? new PublicKey(STAKE_POOL_PROGRAM_ID);
  const a = stakePoolAddresses(p.voteAccount, programId);
  const { voteAccount, pool, mint, stake, mintAuthority, stakeAuthority } = a;
  return buildInstruction(programId, STAKE_POOL_INSTRUCTIONS, "initialize_pool", {
    accounts: { payer: p.payer, voteAccount, pool, mint, stake, mintAuthority, stakeAuthority, ...PROGRAMS },
  });
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
  const { pool, mint, stake, mintAuthority, stakeAuthority } = a;
  return buildInstruction(programId, STAKE_POOL_INSTRUCTIONS, "deposit_sol", {
    accounts: { depositor: p.depositor, pool, mint, stake, mintAuthority, stakeAuthority, destination: p.destination, ...PROGRAMS },
    args: { lamports: p.lamports },
  });
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
  return buildInstruction(programId, STAKE_POOL_INSTRUCTIONS, "credit_rewards", {
    accounts: {
      funder: p.funder,
      pool: a.pool,
      stake: a.stake,
      stakeAuthority: a.stakeAuthority,
      systemProgram: SYSTEM,
      stakeProgram: STAKE,
    },
    args: { lamports: p.lamports },
  });
}
