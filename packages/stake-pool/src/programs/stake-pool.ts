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
  AnchorArgsReader,
  anchorProgram,
  checkProgramAccount,
  checkSeeds,
  createAccount,
  custom,
  declareAccounts,
  failureFor,
  initializeMint,
  mintTo,
  program,
  signer,
  transferLamports,
  unchecked,
  type DeclaredAccount,
  type Fail,
} from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import { STAKE_POOL_INSTRUCTIONS } from "../instructions.js";
import {
  MINT_SIZE,
  SYSTEM_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  decodeMint,
  minimumBalanceForRentExemption,
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

/** Anchor's `Program<...>`: the account must be that program. */
const systemProgram = () => program([SYSTEM_PROGRAM_ID]);
const tokenProgram = () => program([TOKEN_PROGRAM_ID]);
const stakeProgram = () => program([NATIVE_STAKE_PROGRAM_ID]);
const poolAccount = () =>
  custom((account, name, programId) => {
    checkProgramAccount(account, name, programId, STAKE_POOL_DISCRIMINATOR);
    return {};
  });

/** The account is the pool address of this kind (ConstraintSeeds otherwise); returns its signer seeds (bump included). */
function poolAddress(ctx: InstructionContext, account: DeclaredAccount, kind: PoolSeed, base: string): Uint8Array[] {
  const seeds = poolSeeds(kind, base);
  return [...seeds, Uint8Array.of(checkSeeds(ctx, account, seeds))];
}

/** The pool, its mint and its stake account are created here, each at its pool address. */
const InitializePoolAccounts = declareAccounts(
  {
    payer: signer({ mut: "load" }),
    voteAccount: unchecked(),
    pool: unchecked({ mut: "load" }),
    mint: unchecked({ mut: "load" }),
    stake: unchecked({ mut: "load" }),
    mintAuthority: unchecked(),
    stakeAuthority: unchecked(),
    systemProgram: systemProgram(),
    tokenProgram: tokenProgram(),
    stakeProgram: stakeProgram(),
  },
  (a, ctx) => ({
    pool: () => poolAddress(ctx, a.pool, "pool", a.voteAccount.key),
    mint: () => poolAddress(ctx, a.mint, "mint", a.pool.key),
    stake: () => poolAddress(ctx, a.stake, "stake", a.pool.key),
    mintAuthority: () => poolAddress(ctx, a.mintAuthority, "mintAuthority", a.pool.key),
    stakeAuthority: () => poolAddress(ctx, a.stakeAuthority, "stakeAuthority", a.pool.key),
  }),
);

function initializePool(ctx: InstructionContext, accounts: AccountChecks): void {
  const { payer, voteAccount, pool, mint, stake, mintAuthority, stakeAuthority } = InitializePoolAccounts.load(ctx).accounts;
  const poolSigner = poolAddress(ctx, pool, "pool", voteAccount.key);
  const mintSigner = poolAddress(ctx, mint, "mint", pool.key);
  const stakeSigner = poolAddress(ctx, stake, "stake", pool.key);

  const data = accounts.initAccount(payer, pool, STAKE_POOL_ACCOUNT_SIZE, STAKE_POOL_DISCRIMINATOR, poolSigner);
  encodeStakePoolInto(data, { voteAccount: voteAccount.key });
  createAccount(ctx, payer, mint, minimumBalanceForRentExemption(MINT_SIZE), MINT_SIZE, TOKEN_PROGRAM_ID, mintSigner);
  initializeMint(ctx, mint, POOL_TOKEN_DECIMALS, mintAuthority.key);
  // The minimum stake goes in with the rent: it is delegated from the start and backs no token.
  const stakeLamports = minimumBalanceForRentExemption(STAKE_ACCOUNT_SIZE) + MINIMUM_POOL_STAKE;
  createAccount(ctx, payer, stake, stakeLamports, STAKE_ACCOUNT_SIZE, NATIVE_STAKE_PROGRAM_ID, stakeSigner);
  initializeDelegatedStake(ctx, stake, voteAccount, stakeAuthority.key);
}

const DepositSolAccounts = declareAccounts(
  {
    depositor: signer({ mut: "load" }),
    pool: poolAccount(),
    mint: unchecked({ mut: "load" }),
    stake: unchecked({ mut: "load" }),
    mintAuthority: unchecked(),
    stakeAuthority: unchecked(),
    destination: unchecked({ mut: "load" }),
    systemProgram: systemProgram(),
    tokenProgram: tokenProgram(),
    stakeProgram: stakeProgram(),
  },
  (a, ctx) => ({
    mint: () => poolAddress(ctx, a.mint, "mint", a.pool.key),
    stake: () => poolAddress(ctx, a.stake, "stake", a.pool.key),
    mintAuthority: () => poolAddress(ctx, a.mintAuthority, "mintAuthority", a.pool.key),
    stakeAuthority: () => poolAddress(ctx, a.stakeAuthority, "stakeAuthority", a.pool.key),
  }),
);

function depositSol(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { lamports } = decodeArgs(args, STAKE_POOL_INSTRUCTIONS.deposit_sol.args);
  const { depositor, pool, mint, stake, mintAuthority, stakeAuthority, destination } = DepositSolAccounts.load(ctx).accounts;
  const mintSigner = poolAddress(ctx, mintAuthority, "mintAuthority", pool.key);
  const stakeSigner = poolAddress(ctx, stakeAuthority, "stakeAuthority", pool.key);

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

const CreditRewardsAccounts = declareAccounts(
  {
    funder: signer({ mut: "load" }),
    pool: poolAccount(),
    stake: unchecked({ mut: "load" }),
    stakeAuthority: unchecked(),
    systemProgram: systemProgram(),
    stakeProgram: stakeProgram(),
  },
  (a, ctx) => ({
    stake: () => poolAddress(ctx, a.stake, "stake", a.pool.key),
    stakeAuthority: () => poolAddress(ctx, a.stakeAuthority, "stakeAuthority", a.pool.key),
  }),
);

/** Each instruction's declared accounts, held to the client's instruction table by the tests. */
export const STAKE_POOL_ACCOUNT_SPECS = {
  initialize_pool: InitializePoolAccounts,
  deposit_sol: DepositSolAccounts,
  credit_rewards: CreditRewardsAccounts,
};

/** Stands in for epoch rewards: the funder's lamports join the delegated stake, so every LST is worth more. */
function creditRewards(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { lamports } = decodeArgs(args, STAKE_POOL_INSTRUCTIONS.credit_rewards.args);
  const { funder, pool, stake, stakeAuthority } = CreditRewardsAccounts.load(ctx).accounts;
  const stakeSigner = poolAddress(ctx, stakeAuthority, "stakeAuthority", pool.key);

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
    { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data) },
  );
}
