// Switchboard On-Demand's guardians on a real ledger: the State and its guardian queue, guardian registration, and
// the guardians' votes that verify an oracle's enclave quote, with the exact error code of every refusal. An oracle
// whose verification is missing or expired cannot heartbeat or submit.
import { sha256 } from "@noble/hashes/sha2";
import { Connection, Keypair, PublicKey, SYSVAR_SLOT_HASHES_PUBKEY, Transaction, type TransactionInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulateSigned } from "../../../ledger/test/support/localnet.js";
import { decodeSlotHashes, startLocalnet, type Localnet } from "@ballast/ledger";
import {
  STATE_ACCOUNT_LAYOUT,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  VerificationStatus,
  decodeOracle,
  decodeQueue,
  decodeState,
  guardianQueueInitInstruction,
  guardianQuorum,
  guardianQuoteVerifyInstruction,
  guardianRegisterInstruction,
  guardianUnregisterInstruction,
  oracleHeartbeatInstruction,
  oracleInitInstruction,
  oracleSecp256k1SecretKey,
  pullFeedInitInstruction,
  pullFeedSubmissionChecksum,
  pullFeedSubmitResponseInstruction,
  queueAddMrEnclaveInstruction,
  queueInitInstruction,
  queueOracleKeys,
  readPullFeedResult,
  secp256k1SignerOf,
  signChecksum,
  stateInitInstruction,
  switchboardOnDemandProgram,
  switchboardStateAddress,
} from "../../src/index.js";

let net: Localnet;
let connection: Connection;
const admin = Keypair.generate();
const stranger = Keypair.generate();
const MR_ENCLAVE = new Uint8Array(32).fill(7);
const VERIFICATION_AGE = 60;
const E18 = 10n ** 18n;

async function send(ix: TransactionInstruction | TransactionInstruction[], signers: Keypair[]): Promise<void> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
  const tx = new Transaction({ feePayer: signers[0]!.publicKey, blockhash, lastValidBlockHeight }).add(...(Array.isArray(ix) ? ix : [ix]));
  tx.sign(...signers);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  const confirmed = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  if (confirmed.value.err) throw new Error(`transaction failed: ${JSON.stringify(confirmed.value.err)}`);
}
async function refusal(ix: TransactionInstruction, signers: Keypair[]) {
  const { err, logs } = await simulateSigned(connection, ix, signers);
  return { err, logs: logs ?? [] };
}
async function data(address: PublicKey): Promise<Buffer> {
  return (await connection.getAccountInfo(address, "confirmed"))!.data;
}
function custom(code: number) {
  return { InstructionError: [0, { Custom: code }] };
}

interface Oracle {
  account: Keypair;
  operator: Keypair;
  secret: Uint8Array;
}

async function newOracle(queue: PublicKey): Promise<Oracle> {
  const operator = Keypair.generate();
  await net.ledger.requestAirdrop(operator.publicKey.toBase58(), 1_000_000_000n);
  const oracle = { account: Keypair.generate(), operator, secret: oracleSecp256k1SecretKey(operator.secretKey) };
  await send(oracleInitInstruction({ oracle: oracle.account.publicKey, payer: admin.publicKey, authority: operator.publicKey, queue }), [
    admin,
    oracle.account,
  ]);
  return oracle;
}

const guardianQueue = Keypair.generate();
const queue = Keypair.generate();
let guardians: Oracle[];
let oracle: Oracle;

function vote(guardian: Oracle, options: { signer?: Keypair; guardianQueue?: PublicKey; mrEnclave?: Uint8Array; timestamp?: bigint } = {}) {
  return guardianQuoteVerifyInstruction({
    guardian: guardian.account.publicKey,
    authority: (options.signer ?? guardian.operator).publicKey,
    oracle: oracle.account.publicKey,
    queue: queue.publicKey,
    guardianQueue: options.guardianQueue ?? guardianQueue.publicKey,
    timestamp: options.timestamp ?? net.ledger.unixTimestamp(),
    mrEnclave: options.mrEnclave ?? MR_ENCLAVE,
    secp256k1Key: secp256k1SignerOf(oracle.secret),
  });
}
function register(target: Oracle, signer: Keypair = admin, onQueue: PublicKey = guardianQueue.publicKey) {
  return guardianRegisterInstruction({ oracle: target.account.publicKey, guardianQueue: onQueue, authority: signer.publicKey });
}
function heartbeat() {
  return oracleHeartbeatInstruction({ oracle: oracle.account.publicKey, oracleSigner: oracle.operator.publicKey, queue: queue.publicKey });
}

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs: [switchboardOnDemandProgram()] });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  await net.ledger.requestAirdrop(admin.publicKey.toBase58(), 100_000_000_000n);
  await net.ledger.requestAirdrop(stranger.publicKey.toBase58(), 10_000_000_000n);
  await send(
    [
      queueInitInstruction({
        queue: queue.publicKey,
        authority: admin.publicKey,
        payer: admin.publicKey,
        maxQuoteVerificationAge: VERIFICATION_AGE,
      }),
      queueAddMrEnclaveInstruction({ queue: queue.publicKey, authority: admin.publicKey, mrEnclave: MR_ENCLAVE }),
    ],
    [admin, queue],
  );
});
afterAll(() => net.close());

describe("Switchboard guardians", () => {
  it("the State names its authority; only that authority makes the guardian queue", async () => {
    await send(stateInitInstruction({ payer: admin.publicKey }), [admin]);
    const [state, bump] = switchboardStateAddress();
    const info = (await connection.getAccountInfo(state, "confirmed"))!;
    expect(info.owner.toBase58()).toBe(SWITCHBOARD_ON_DEMAND_PROGRAM_ID);
    expect(info.data.length).toBe(STATE_ACCOUNT_LAYOUT.space);
    expect(info.data.subarray(0, 8)).toEqual(Buffer.from(sha256("account:State").subarray(0, 8)));
    expect(decodeState(info.data)).toMatchObject({ bump, authority: admin.publicKey.toBase58() });

    const other = Keypair.generate();
    const byStranger = await refusal(
      guardianQueueInitInstruction({ queue: other.publicKey, authority: stranger.publicKey, payer: stranger.publicKey }),
      [stranger, other],
    );
    expect(byStranger.err).toEqual(custom(6012));
    expect(byStranger.logs).toContain(
      "Program log: AnchorError caused by account: payer. Error Code: InvalidAuthority. Error Number: 6012. Error Message: InvalidAuthority.",
    );

    await send(guardianQueueInitInstruction({ queue: guardianQueue.publicKey, authority: admin.publicKey, payer: admin.publicKey }), [
      admin,
      guardianQueue,
    ]);
    expect(decodeState(await data(state)).guardianQueue).toBe(guardianQueue.publicKey.toBase58());
    expect(decodeQueue(await data(guardianQueue.publicKey)).authority).toBe(admin.publicKey.toBase58());
  });

  it("the State's authority registers oracles of the guardian queue as guardians, each once", async () => {
    guardians = [
      await newOracle(guardianQueue.publicKey),
      await newOracle(guardianQueue.publicKey),
      await newOracle(guardianQueue.publicKey),
    ];
    const [first, second, third] = guardians as [Oracle, Oracle, Oracle];
    expect((await refusal(register(first, stranger), [stranger])).err).toEqual(custom(6012));
    const notGuardianQueue = await refusal(register(first, admin, queue.publicKey), [admin]);
    expect(notGuardianQueue.err).toEqual(custom(6017));
    expect(notGuardianQueue.logs).toContain(
      "Program log: AnchorError caused by account: guardian_queue. Error Code: InvalidGuardianQueue. Error Number: 6017. Error Message: InvalidGuardianQueue.",
    );
    const outsider = await newOracle(queue.publicKey);
    expect((await refusal(register(outsider), [admin])).err).toEqual(custom(6019));

    await send([register(first), register(second), register(third)], [admin]);
    expect((await refusal(register(first), [admin])).err).toEqual(custom(6053));

    const unregister = (target: Oracle) =>
      guardianUnregisterInstruction({
        oracle: target.account.publicKey,
        guardianQueue: guardianQueue.publicKey,
        authority: admin.publicKey,
      });
    await send(unregister(first), [admin]);
    expect(queueOracleKeys(decodeQueue(await data(guardianQueue.publicKey)))).toEqual([
      second.account.publicKey.toBase58(),
      third.account.publicKey.toBase58(),
    ]);
    expect((await refusal(unregister(first), [admin])).err).toEqual(custom(6052));
    await send(register(first), [admin]);
    expect(queueOracleKeys(decodeQueue(await data(guardianQueue.publicKey)))).toHaveLength(3);
    expect(guardianQuorum(3)).toBe(2);
  });

  it("a majority of guardians verifies an oracle's quote; each guardian votes once", async () => {
    oracle = await newOracle(queue.publicKey);
    const [first, second] = guardians as [Oracle, Oracle, Oracle];
    expect((await refusal(heartbeat(), [oracle.operator])).err).toEqual(custom(6001));

    const unregistered = await newOracle(guardianQueue.publicKey);
    const notGuardian = await refusal(vote(unregistered), [unregistered.operator]);
    expect(notGuardian.err).toEqual(custom(6049));
    expect(notGuardian.logs).toContain(
      "Program log: AnchorError caused by account: guardian. Error Code: GuardianNotVerified. Error Number: 6049. Error Message: GuardianNotVerified.",
    );
    expect((await refusal(vote(first, { signer: stranger }), [stranger])).err).toEqual(custom(6005));
    expect((await refusal(vote(first, { guardianQueue: queue.publicKey }), [first.operator])).err).toEqual(custom(6017));
    expect((await refusal(vote(first, { mrEnclave: new Uint8Array(32).fill(1) }), [first.operator])).err).toEqual(custom(6011));
    expect((await refusal(vote(first, { timestamp: net.ledger.unixTimestamp() + 3_600n }), [first.operator])).err).toEqual(custom(6014));

    await send(vote(first), [first.operator]);
    const pending = decodeOracle(await data(oracle.account.publicKey)).enclave;
    expect(pending.verificationStatus).toBe(VerificationStatus.Pending);
    expect(pending.guardianApprovers.slice(0, pending.guardianApproversLen)).toEqual([first.account.publicKey.toBase58()]);
    expect(pending.stagingSecp256k1Signer).toEqual(secp256k1SignerOf(oracle.secret));
    const twice = await refusal(vote(first), [first.operator]);
    expect(twice.err).toEqual(custom(6037));
    expect((await refusal(heartbeat(), [oracle.operator])).err).toEqual(custom(6001));

    await send(vote(second), [second.operator]);
    const verified = decodeOracle(await data(oracle.account.publicKey)).enclave;
    expect(verified.verificationStatus).toBe(VerificationStatus.Success);
    expect(verified.guardianApproversLen).toBe(2);
    expect(verified.secp256k1Signer).toEqual(secp256k1SignerOf(oracle.secret));
    expect(verified.mrEnclave).toEqual(MR_ENCLAVE);
    expect(verified.validUntil - verified.verificationTimestamp).toBe(BigInt(VERIFICATION_AGE));
    await send(heartbeat(), [oracle.operator]);
    expect(queueOracleKeys(decodeQueue(await data(queue.publicKey)))).toContain(oracle.account.publicKey.toBase58());
  });

  it("an expired verification stops the oracle's submissions until the guardians verify it again", async () => {
    const feed = Keypair.generate();
    const feedHash = sha256(feed.publicKey.toBytes());
    await send(
      pullFeedInitInstruction({
        pullFeed: feed.publicKey,
        queue: queue.publicKey,
        authority: admin.publicKey,
        payer: admin.publicKey,
        feedHash,
      }),
      [admin, feed],
    );
    const submit = async (value: bigint) => {
      const entries = decodeSlotHashes(await data(SYSVAR_SLOT_HASHES_PUBKEY));
      const newest = entries[0]!;
      const checksum = pullFeedSubmissionChecksum({
        queue: queue.publicKey,
        feedHash,
        value,
        slothash: bs58.decode(newest.hash),
        maxVariance: 0n,
        minResponses: 1,
      });
      return pullFeedSubmitResponseInstruction({
        feed: feed.publicKey,
        queue: queue.publicKey,
        payer: admin.publicKey,
        slot: newest.slot,
        submissions: [{ oracle: oracle.account.publicKey, value, ...signChecksum(checksum, oracle.secret) }],
      });
    };
    await send(await submit(150n * E18), [admin]);
    expect(readPullFeedResult(await data(feed.publicKey)).value).toBe(150n * E18);

    const { validUntil } = decodeOracle(await data(oracle.account.publicKey)).enclave;
    net.ledger.warpToTime(validUntil + 1n);
    const expired = await refusal(await submit(151n * E18), [admin]);
    expect(expired.err).toEqual(custom(6001));
    expect(expired.logs).toContain(
      "Program log: AnchorError caused by account: oracle. Error Code: InvalidQuote. Error Number: 6001. Error Message: InvalidQuote.",
    );

    // A completed verification is not voted on again: the next vote opens a new round.
    const [first, , third] = guardians as [Oracle, Oracle, Oracle];
    await send(vote(first), [first.operator]);
    const round = decodeOracle(await data(oracle.account.publicKey)).enclave;
    expect(round.guardianApprovers.slice(0, round.guardianApproversLen)).toEqual([first.account.publicKey.toBase58()]);
    expect((await refusal(await submit(151n * E18), [admin])).err).toEqual(custom(6001));
    await send(vote(third), [third.operator]);
    const renewed = decodeOracle(await data(oracle.account.publicKey)).enclave;
    expect(renewed.validUntil).toBeGreaterThan(validUntil);
    await send(await submit(151n * E18), [admin]);
    expect(readPullFeedResult(await data(feed.publicKey)).value).toBe(151n * E18);
  });
});
