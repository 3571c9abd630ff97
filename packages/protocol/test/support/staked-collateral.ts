// Staked collateral on the shared TestMarket: a ledger that also runs the stake pool and the stake program,
// single pools with their LST, permissionless staked banks, and risk accounts that know staked banks' three
// oracle accounts (bank, SOL feed, LST mint, stake account).
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID, getOrCreateAssociatedTokenAccount } from "@solana/spl-token";
import {
  creditRewardsInstruction,
  depositSolInstruction,
  initializePoolInstruction,
  nativeStakeProgram,
  stakePoolAddresses,
  stakePoolProgram,
  type StakePoolAddresses,
} from "@ballast/stake-pool";
import { u64 } from "./borsh.js";
import { stakedSettingsKey } from "./emissions-emode.js";
import { PROGRAM, TestMarket, bankVaults, ix, type TestBank, type TestUser } from "./market.js";

type Meta = [PublicKey, boolean, boolean];

/** A staked bank: its oracle accounts are [SOL feed, LST mint, stake account]. */
export interface StakedBank extends TestBank {
  oracles: PublicKey[];
}

/** A test market with the stake pool and the stake program deployed too. */
export function startStakedMarket(): Promise<TestMarket> {
  return TestMarket.start({ programs: [stakePoolProgram(), nativeStakeProgram()] });
}

/** A new single pool for a fresh vote account, created and funded (minimum stake included) by the admin. */
export async function createPool(market: TestMarket): Promise<StakePoolAddresses> {
  const voteAccount = Keypair.generate().publicKey;
  await market.send(initializePoolInstruction({ payer: market.admin.publicKey, voteAccount }), [market.admin]);
  return stakePoolAddresses(voteAccount);
}

/** The owner's LST account of the pool, created if needed. */
export async function lstAccount(market: TestMarket, pool: StakePoolAddresses, owner: PublicKey): Promise<PublicKey> {
  market.ledger.warpToTime(market.now());
  return (await getOrCreateAssociatedTokenAccount(market.connection, market.admin, pool.mint, owner)).address;
}

/** The user stakes `lamports` of their SOL with the pool; returns their LST account. */
export async function stakeSol(market: TestMarket, user: TestUser, pool: StakePoolAddresses, lamports: bigint): Promise<PublicKey> {
  const destination = await lstAccount(market, pool, user.wallet.publicKey);
  await market.send(depositSolInstruction({ depositor: user.wallet.publicKey, voteAccount: pool.voteAccount, destination, lamports }), [
    user.wallet,
  ]);
  return destination;
}

/** The admin pays the pool `lamports` of staking rewards. */
export async function creditRewards(market: TestMarket, pool: StakePoolAddresses, lamports: bigint): Promise<void> {
  await market.send(creditRewardsInstruction({ funder: market.admin.publicKey, voteAccount: pool.voteAccount, lamports }), [market.admin]);
}

export function stakedBankAddress(market: TestMarket, mint: PublicKey, seed: bigint): PublicKey {
  return PublicKey.findProgramAddressSync([market.group.toBuffer(), mint.toBuffer(), u64(seed)], PROGRAM)[0];
}

/** Accounts of lending_pool_add_bank_permissionless; each can be swapped to probe a check. */
export interface AddStakedBankAccounts {
  payer: PublicKey;
  mint: PublicKey;
  solPool: PublicKey;
  stakePool: PublicKey;
  /** Remaining accounts: [SOL feed, LST mint, stake account]. */
  oracles: PublicKey[];
  seed?: bigint;
}

/** The accounts a pool's staked bank is created with, the SOL feed being the staked settings' oracle. */
export function poolBankAccounts(pool: StakePoolAddresses, payer: PublicKey, solFeed: PublicKey): AddStakedBankAccounts {
  return { payer, mint: pool.mint, solPool: pool.stake, stakePool: pool.pool, oracles: [solFeed, pool.mint, pool.stake] };
}

export function addStakedBankIx(market: TestMarket, a: AddStakedBankAccounts): TransactionInstruction {
  const seed = a.seed ?? 0n;
  const bank = stakedBankAddress(market, a.mint, seed);
  const v = bankVaults(bank);
  return ix(
    "lending_pool_add_bank_permissionless",
    [
      [market.group, false, true],
      [stakedSettingsKey(market.group), false, false],
      [a.payer, true, true],
      [a.mint, false, false],
      [a.solPool, false, false],
      [a.stakePool, false, false],
      [bank, false, true],
      [v.liquidityAuthority, false, false],
      [v.liquidity, false, true],
      [v.insuranceAuthority, false, false],
      [v.insurance, false, true],
      [v.feeAuthority, false, false],
      [v.fee, false, true],
      [TOKEN_PROGRAM_ID, false, false],
      [SystemProgram.programId, false, false],
      ...a.oracles.map((o): Meta => [o, false, false]),
    ],
    [u64(seed)],
  );
}

/** The pool's staked bank (seed 0) as the market's instruction builders take it. */
export function stakedBankFor(market: TestMarket, pool: StakePoolAddresses, solFeed: PublicKey): StakedBank {
  const key = stakedBankAddress(market, pool.mint, 0n);
  return {
    key,
    mint: pool.mint,
    decimals: 9,
    oracle: solFeed,
    oracleKind: "pyth",
    vaults: bankVaults(key),
    oracles: [solFeed, pool.mint, pool.stake],
  };
}

/**
 * The risk accounts of the user's active balances (plus `add`), each bank followed by its oracle accounts, in
 * the order the program sorts balances (bank key descending).
 */
export async function stakedRiskAccounts(market: TestMarket, user: TestUser, banks: TestBank[], add?: TestBank): Promise<Meta[]> {
  const account = await market.marginfiAccount(user);
  const keys = new Set(account.lendingAccount.balances.filter((b) => b.active !== 0).map((b) => b.bankPk));
  if (add) keys.add(add.key.toBase58());
  const sorted = [...keys].map((k) => new PublicKey(k)).sort((a, b) => Buffer.compare(b.toBuffer(), a.toBuffer()));
  return sorted.flatMap((key) => {
    const bank = banks.find((b) => b.key.equals(key));
    if (!bank) throw new Error(`unknown bank ${key.toBase58()}`);
    const oracles = "oracles" in bank ? (bank as StakedBank).oracles : bank.oracle ? [bank.oracle] : [];
    return [[bank.key, false, false] as Meta, ...oracles.map((o): Meta => [o, false, false])];
  });
}
