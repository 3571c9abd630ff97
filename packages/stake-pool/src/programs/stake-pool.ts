// The simplified single-validator stake pool, an Anchor-style program at SPL single-pool's id. One pool per vote
// account; depositors hand it SOL and get LST back at the pool's rate, and rewards credited to its stake account
// raise that rate. There is no withdrawal: staked-collateral banks only need LST that gains value.
//
//   initialize_pool()
//     0 payer            signer, writable: pays the accounts' rent and the non-refundable minimum stake
//     1 vote_account     the validator to delegate to
//     2 pool             writable: PDA ["pool", vote_account]
//     3 mint             writable: PDA ["mint", pool], the LST mint (9 decimals, no freeze authority)
//     4 stake            writable: PDA ["stake", pool], the stake account
//     5 mint_authority   PDA ["mint_authority", pool]
//     6 stake_authority  PDA ["stake_authority", pool]: staker and withdrawer of the stake account
//     7 system_program, 8 token_program, 9 stake_program
//   deposit_sol(lamports: u64)
//     0 depositor signer, writable; 1 pool; 2 mint writable; 3 stake writable; 4 mint_authority;
//     5 stake_authority; 6 destination writable (an LST token account); 7 system_program; 8 token_program;
//     9 stake_program
//   credit_rewards(lamports: u64)
//     0 funder signer, writable; 1 pool; 2 stake writable; 3 stake_authority; 4 system_program; 5 stake_program
import {
  AccountChecks,
  ArgsReader,
  anchorFail,
  anchorProgram,
  createAccount,
  failureFor,
  initializeMint,
  mintTo,
  transferLamports,
  type Fail,
} from "@ballast/anchor";
import {
  MINT_SIZE,
  SYSTEM_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  decodeMint,
  minimumBalanceForRentExemption,
  type InstructionAccount,
  type InstructionContext,
  type Program,
} from "@ballast/ledger";
import { poolSeeds, type PoolSeed } from "../addresses.js";
import { MINIMUM_POOL_STAKE, POOL_TOKEN_DECIMALS, lstForDeposit } from "../exchange-rate.js";
import { STAKE_POOL_ACCOUNT_SIZE, STAKE_POOL_DISCRIMINATOR, encodeStakePoolInto } from "../pool-state.js";
import { NATIVE_STAKE_PROGRAM_ID, STAKE_POOL_PROGRAM_ID } from "../program-ids.js";
import { STAKE_ACCOUNT_SIZE, decodeStakeAccount } from "../stake-state.js";
import { initializeDelegatedStake, syncDelegation } from "./cpi.js";

/** The pool's own errors (Anchor numbering from 6000). */
export const STAKE_POOL_ERRORS = {
  ZeroAmount: { code: 6000, message: "The amount must be at least one lamport" },
  DepositTooSmall: { code: 6001, message: "The deposit is worth less than one pool token" },
} as const;

const fail: Fail<typeof STAKE_POOL_ERRORS> = failureFor(STAKE_POOL_ERRORS);

class PoolAccounts extends AccountChecks {
  /** Anchor's `Program<...>`: the account must be that program. */
  program(index: number, name: string, id: string): InstructionAccount {
    const account = this.at(index);
    if (account.key !== id) anchorFail("InvalidProgramId", name);
    return account;
  }

  pool(index: number): InstructionAccount {
    return this.ownedAccount(index, "pool", STAKE_POOL_DISCRIMINATOR);
  }

  /** The account is the pool address of this kind; returns its signer seeds (bump included). */
  poolAddress(account: InstructionAccount, name: string, kind: PoolSeed, base: string): Uint8Array[] {
    const seeds = poolSeeds(kind, base);
    return [...seeds, Uint8Array.of(this.pda(account, name, seeds))];
  }
}

function initializePool(ctx: InstructionContext, accounts: PoolAccounts): void {
  const payer = accounts.writable(accounts.signer(0, "payer"), "payer");
  const voteAccount = accounts.at(1);
  const pool = accounts.writable(accounts.at(2), "pool");
  const mint = accounts.writable(accounts.at(3), "mint");
  const stake = accounts.writable(accounts.at(4), "stake");
  const mintAuthority = accounts.at(5);
  const stakeAuthority = accounts.at(6);
  accounts.program(7, "system_program", SYSTEM_PROGRAM_ID);
  accounts.program(8, "token_program", TOKEN_PROGRAM_ID);
  accounts.program(9, "stake_program", NATIVE_STAKE_PROGRAM_ID);
  const poolSigner = accounts.poolAddress(pool, "pool", "pool", voteAccount.key);
  const mintSigner = accounts.poolAddress(mint, "mint", "mint", pool.key);
  const stakeSigner = accounts.poolAddress(stake, "stake", "stake", pool.key);
  accounts.poolAddress(mintAuthority, "mint_authority", "mintAuthority", pool.key);
  accounts.poolAddress(stakeAuthority, "stake_authority", "stakeAuthority", pool.key);

  const data = accounts.initAccount(payer, pool, STAKE_POOL_ACCOUNT_SIZE, STAKE_POOL_DISCRIMINATOR, poolSigner);
  encodeStakePoolInto(data, { voteAccount: voteAccount.key });
  createAccount(ctx, payer, mint, minimumBalanceForRentExemption(MINT_SIZE), MINT_SIZE, TOKEN_PROGRAM_ID, mintSigner);
  initializeMint(ctx, mint, POOL_TOKEN_DECIMALS, mintAuthority.key);
  // The minimum stake goes in with the rent: it is delegated from the start and backs no token.
  const stakeLamports = minimumBalanceForRentExemption(STAKE_ACCOUNT_SIZE) + MINIMUM_POOL_STAKE;
  createAccount(ctx, payer, stake, stakeLamports, STAKE_ACCOUNT_SIZE, NATIVE_STAKE_PROGRAM_ID, stakeSigner);
  initializeDelegatedStake(ctx, stake, voteAccount, stakeAuthority.key);
}

function depositSol(ctx: InstructionContext, accounts: PoolAccounts, args: ArgsReader): void {
  const lamports = args.u64();
  const depositor = accounts.writable(accounts.signer(0, "depositor"), "depositor");
  const pool = accounts.pool(1);
  const mint = accounts.writable(accounts.at(2), "mint");
  const stake = accounts.writable(accounts.at(3), "stake");
  const mintAuthority = accounts.at(4);
  const stakeAuthority = accounts.at(5);
  const destination = accounts.writable(accounts.at(6), "destination");
  accounts.program(7, "system_program", SYSTEM_PROGRAM_ID);
  accounts.program(8, "token_program", TOKEN_PROGRAM_ID);
  accounts.program(9, "stake_program", NATIVE_STAKE_PROGRAM_ID);
  accounts.poolAddress(mint, "mint", "mint", pool.key);
  accounts.poolAddress(stake, "stake", "stake", pool.key);
  const mintSigner = accounts.poolAddress(mintAuthority, "mint_authority", "mintAuthority", pool.key);
  const stakeSigner = accounts.poolAddress(stakeAuthority, "stake_authority", "stakeAuthority", pool.key);

  if (lamports === 0n) fail("ZeroAmount");
  const supply = decodeMint(mint.account.data).supply;
  const delegated = decodeStakeAccount(stake.account.data).stake.delegation.stake;
  const minted = lstForDeposit(lamports, supply, delegated);
  if (minted === 0n) fail("DepositTooSmall");
  transferLamports(ctx, depositor, stake, lamports);
  syncDelegation(ctx, stake, stakeAuthority, stakeSigner);
  mintTo(ctx, mint, destination, mintAuthority, minted, mintSigner);
  ctx.log(`Deposited ${lamports} lamports for ${minted} pool tokens`);
}

/** Stands in for epoch rewards: the funder's lamports join the delegated stake, so every LST is worth more. */
function creditRewards(ctx: InstructionContext, accounts: PoolAccounts, args: ArgsReader): void {
  const lamports = args.u64();
  const funder = accounts.writable(accounts.signer(0, "funder"), "funder");
  const pool = accounts.pool(1);
  const stake = accounts.writable(accounts.at(2), "stake");
  const stakeAuthority = accounts.at(3);
  accounts.program(4, "system_program", SYSTEM_PROGRAM_ID);
  accounts.program(5, "stake_program", NATIVE_STAKE_PROGRAM_ID);
  accounts.poolAddress(stake, "stake", "stake", pool.key);
  const stakeSigner = accounts.poolAddress(stakeAuthority, "stake_authority", "stakeAuthority", pool.key);

  if (lamports === 0n) fail("ZeroAmount");
  transferLamports(ctx, funder, stake, lamports);
  syncDelegation(ctx, stake, stakeAuthority, stakeSigner);
  ctx.log(`Credited ${lamports} lamports of rewards`);
}

/** The stake pool, registered at SPL single-pool's id unless another id is given. */
export function stakePoolProgram(id: string = STAKE_POOL_PROGRAM_ID): Program {
  return anchorProgram(
    id,
    [
      { name: "initialize_pool", units: 20_000, run: initializePool },
      { name: "deposit_sol", units: 10_000, run: depositSol },
      { name: "credit_rewards", units: 6_000, run: creditRewards },
    ],
    { accounts: (ctx) => new PoolAccounts(ctx), args: (data) => new ArgsReader(data) },
  );
}
