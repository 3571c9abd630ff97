// The stake pool and the stake program on a real ledger: pool creation, SOL deposits at the pool's rate,
// credited rewards, and the checks that keep the accounts the lending program prices honest.
import { Connection, Keypair, PublicKey, SystemProgram, TransactionInstruction } from "@solana/web3.js";
import { getAccount, getMint, getOrCreateAssociatedTokenAccount } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { land, simulateSigned } from "../../ledger/test/support/localnet.js";
import { minimumBalanceForRentExemption, startLocalnet, type Localnet } from "@ballast/ledger";
import {
  MINIMUM_POOL_STAKE,
  NATIVE_STAKE_PROGRAM_ID,
  STAKE_ACCOUNT_SIZE,
  STAKE_POOL_PROGRAM_ID,
  StakeInstruction,
  creditRewardsInstruction,
  decodeStakeAccount,
  decodeStakePool,
  depositSolInstruction,
  initializeDelegatedData,
  initializePoolInstruction,
  lstForDeposit,
  nativeStakeProgram,
  stakePoolAddresses,
  stakePoolProgram,
  syncDelegationData,
} from "../src/index.js";

const SOL = 1_000_000_000n;
const STAKE_RESERVE = minimumBalanceForRentExemption(STAKE_ACCOUNT_SIZE);

let net: Localnet;
let connection: Connection;
const operator = Keypair.generate();
const depositor = Keypair.generate();
const vote = Keypair.generate().publicKey;
const pool = stakePoolAddresses(vote);
let lstAccount: PublicKey;

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs: [stakePoolProgram(), nativeStakeProgram()] });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  await net.ledger.requestAirdrop(operator.publicKey.toBase58(), 100n * SOL);
  await net.ledger.requestAirdrop(depositor.publicKey.toBase58(), 100n * SOL);
});
afterAll(() => net.close());

async function stake() {
  return decodeStakeAccount((await connection.getAccountInfo(pool.stake))!.data);
}
async function supply() {
  return (await getMint(connection, pool.mint)).supply;
}
async function lstBalance() {
  return (await getAccount(connection, lstAccount)).amount;
}
const deposit = (lamports: bigint) =>
  depositSolInstruction({ depositor: depositor.publicKey, voteAccount: vote, destination: lstAccount, lamports });
const credit = (lamports: bigint) => creditRewardsInstruction({ funder: operator.publicKey, voteAccount: vote, lamports });

describe("initialize_pool", () => {
  it("creates the pool, its LST mint and its delegated stake account holding the minimum stake", async () => {
    await land(connection, initializePoolInstruction({ payer: operator.publicKey, voteAccount: vote }), [operator]);

    const poolInfo = (await connection.getAccountInfo(pool.pool))!;
    expect(poolInfo.owner.toBase58()).toBe(STAKE_POOL_PROGRAM_ID);
    expect(decodeStakePool(poolInfo.data)).toEqual({ voteAccount: vote.toBase58() });

    const mint = await getMint(connection, pool.mint);
    expect(mint.mintAuthority?.toBase58()).toBe(pool.mintAuthority.toBase58());
    expect(mint.freezeAuthority).toBeNull();
    expect([mint.decimals, mint.supply]).toEqual([9, 0n]);

    const stakeInfo = (await connection.getAccountInfo(pool.stake))!;
    expect(stakeInfo.owner.toBase58()).toBe(NATIVE_STAKE_PROGRAM_ID);
    expect(stakeInfo.data.length).toBe(200);
    expect(BigInt(stakeInfo.lamports)).toBe(STAKE_RESERVE + MINIMUM_POOL_STAKE);
    const { epoch } = await connection.getEpochInfo();
    expect(decodeStakeAccount(stakeInfo.data)).toEqual({
      meta: {
        rentExemptReserve: STAKE_RESERVE,
        authorized: { staker: pool.stakeAuthority.toBase58(), withdrawer: pool.stakeAuthority.toBase58() },
        lockup: { unixTimestamp: 0n, epoch: 0n, custodian: PublicKey.default.toBase58() },
      },
      stake: {
        delegation: {
          voterPubkey: vote.toBase58(),
          stake: MINIMUM_POOL_STAKE,
          activationEpoch: BigInt(epoch),
          deactivationEpoch: 0xffff_ffff_ffff_ffffn,
          warmupCooldownRate: 0.25,
        },
        creditsObserved: 0n,
      },
      stakeFlags: 0,
    });

    // A pool per vote account: the second creation fails in the System program (account in use).
    const again = await simulateSigned(connection, initializePoolInstruction({ payer: operator.publicKey, voteAccount: vote }), [operator]);
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
    lstAccount = (await getOrCreateAssociatedTokenAccount(connection, depositor, pool.mint, depositor.publicKey)).address;
  });
});

describe("deposit_sol and credit_rewards", () => {
  it("mints the first deposit 1:1, the minimum stake backing no token", async () => {
    await land(connection, deposit(10n * SOL), [depositor]);
    expect(await lstBalance()).toBe(10n * SOL);
    expect(await supply()).toBe(10n * SOL);
    expect((await stake()).stake.delegation.stake).toBe(11n * SOL);
    expect(BigInt((await connection.getAccountInfo(pool.stake))!.lamports)).toBe(STAKE_RESERVE + 11n * SOL);
  });

  it("credits rewards to the delegated stake, so later deposits get fewer tokens per SOL", async () => {
    await land(connection, credit(SOL / 2n), [operator]);
    expect((await stake()).stake.delegation.stake).toBe(11n * SOL + SOL / 2n);
    expect(await supply()).toBe(10n * SOL);

    // 10 LST are now backed by 10.5 SOL: 2.1 SOL buy 2.1 × 10 / 10.5 = 2 LST.
    expect(lstForDeposit(2_100_000_000n, 10n * SOL, 11n * SOL + SOL / 2n)).toBe(2n * SOL);
    await land(connection, deposit(2_100_000_000n), [depositor]);
    expect(await lstBalance()).toBe(12n * SOL);
    expect((await stake()).stake.delegation.stake).toBe(13n * SOL + (SOL / 10n) * 6n);
  });

  it("refuses empty amounts (6000) and deposits worth less than one token (6001)", async () => {
    const zero = await simulateSigned(connection, deposit(0n), [depositor]);
    expect(zero.err).toEqual({ InstructionError: [0, { Custom: 6000 }] });
    expect(zero.logs).toContain(
      "Program log: AnchorError occurred. Error Code: ZeroAmount. Error Number: 6000. Error Message: The amount must be at least one lamport.",
    );
    expect((await simulateSigned(connection, credit(0n), [operator])).err).toEqual({ InstructionError: [0, { Custom: 6000 }] });
    // One lamport buys 12 / 12.6 of a token unit: nothing.
    expect((await simulateSigned(connection, deposit(1n), [depositor])).err).toEqual({ InstructionError: [0, { Custom: 6001 }] });
  });

  it("refuses another pool's accounts (ConstraintSeeds) and a pool it does not own", async () => {
    const other = stakePoolAddresses(Keypair.generate().publicKey);
    await land(connection, initializePoolInstruction({ payer: operator.publicKey, voteAccount: other.voteAccount }), [operator]);
    const crossed = deposit(SOL);
    crossed.keys[2] = { pubkey: other.mint, isSigner: false, isWritable: true };
    const result = await simulateSigned(connection, crossed, [depositor]);
    expect(result.err).toEqual({ InstructionError: [0, { Custom: 2006 }] });
    expect(result.logs?.some((l) => l.includes("caused by account: mint. Error Code: ConstraintSeeds"))).toBe(true);

    const forged = credit(SOL);
    forged.keys[1] = { pubkey: depositor.publicKey, isSigner: false, isWritable: false };
    expect((await simulateSigned(connection, forged, [operator])).err).toEqual({ InstructionError: [0, { Custom: 3007 }] });
  });
});

describe("the stake program", () => {
  const stakeIx = (data: Buffer, keys: [PublicKey, boolean, boolean][]) =>
    new TransactionInstruction({
      programId: new PublicKey(NATIVE_STAKE_PROGRAM_ID),
      keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
      data,
    });

  it("is deployed as a native program", async () => {
    const info = (await connection.getAccountInfo(new PublicKey(NATIVE_STAKE_PROGRAM_ID)))!;
    expect(info.executable).toBe(true);
    expect(info.owner.toBase58()).toBe("NativeLoader1111111111111111111111111111111");
  });

  it("syncs a delegation only for its authorized staker", async () => {
    const result = await simulateSigned(
      connection,
      stakeIx(syncDelegationData(), [
        [pool.stake, false, true],
        [operator.publicKey, true, false],
      ]),
      [operator],
    );
    expect(result.err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
  });

  it("initializes only fresh accounts it owns", async () => {
    const data = initializeDelegatedData(operator.publicKey.toBase58(), operator.publicKey.toBase58());
    expect(data.readUInt32LE(0)).toBe(StakeInstruction.InitializeDelegated);
    const already = await simulateSigned(
      connection,
      stakeIx(data, [
        [pool.stake, false, true],
        [vote, false, false],
      ]),
      [operator],
    );
    expect(already.err).toEqual({ InstructionError: [0, "AccountAlreadyInitialized"] });

    const fresh = Keypair.generate();
    const create = SystemProgram.createAccount({
      fromPubkey: operator.publicKey,
      newAccountPubkey: fresh.publicKey,
      lamports: Number(STAKE_RESERVE + SOL),
      space: STAKE_ACCOUNT_SIZE,
      programId: SystemProgram.programId,
    });
    const foreign = await simulateSigned(
      connection,
      [
        create,
        stakeIx(data, [
          [fresh.publicKey, false, true],
          [vote, false, false],
        ]),
      ],
      [operator, fresh],
    );
    expect(foreign.err).toEqual({ InstructionError: [1, "InvalidAccountOwner"] });
  });
});
