// Switchboard On-Demand's queue, oracle, pull-feed and randomness paths on a real ledger, with the exact error
// codes of every refusal.
import { sha256 } from "@noble/hashes/sha2";
import { Connection, Keypair, PublicKey, SYSVAR_SLOT_HASHES_PUBKEY, Transaction, type TransactionInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulateSigned } from "../../../ledger/test/support/localnet.js";
import { decodeSlotHashes, startLocalnet, type Localnet } from "@ballast/ledger";
import {
  ORACLE_ACCOUNT_SIZE,
  QUEUE_ACCOUNT_LAYOUT,
  QUEUE_ACCOUNT_SIZE,
  QUEUE_MAX_MR_ENCLAVES,
  QUEUE_MAX_ORACLES,
  RANDOMNESS_ACCOUNT_SIZE,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  SwitchboardPermission,
  VerificationStatus,
  createSwitchboardFeedInstruction,
  decodeOracle,
  decodePullFeed,
  decodeQueue,
  decodeRandomness,
  oracleHeartbeatInstruction,
  oracleInitInstruction,
  oracleSecp256k1SecretKey,
  permissionSetInstruction,
  pullFeedInitInstruction,
  pullFeedSubmissionChecksum,
  pullFeedSubmitResponseInstruction,
  queueAddMrEnclaveInstruction,
  queueInitInstruction,
  queueOracleKeys,
  queueOverrideOracleInstruction,
  queueRemoveMrEnclaveInstruction,
  queueSetConfigsInstruction,
  randomnessCommitInstruction,
  randomnessInitInstruction,
  randomnessRevealInstruction,
  randomnessRevealMessage,
  readPullFeedResult,
  secp256k1SignerOf,
  signChecksum,
  switchboardFeedAddress,
  switchboardOnDemandProgram,
  updateSwitchboardResultInstruction,
} from "../../src/index.js";

let net: Localnet;
let connection: Connection;
const admin = Keypair.generate();
const stranger = Keypair.generate();
const E18 = 10n ** 18n;
const MR_ENCLAVE = new Uint8Array(32).fill(7);

/**
 * Sends with a blockhash fetched now (web3.js would reuse one for 30 s, longer than a 50 ms-slot chain keeps it when
 * the machine is busy); returns the slot it landed in.
 */
async function send(ix: TransactionInstruction | TransactionInstruction[], signers: Keypair[]): Promise<{ slot: bigint }> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
  const tx = new Transaction({ feePayer: signers[0]!.publicKey, blockhash, lastValidBlockHeight }).add(...(Array.isArray(ix) ? ix : [ix]));
  tx.sign(...signers);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  const confirmed = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  if (confirmed.value.err) throw new Error(`transaction failed: ${JSON.stringify(confirmed.value.err)}`);
  const landed = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  return { slot: BigInt(landed!.slot) };
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

/** The newest slot hash the chain has confirmed: what an oracle signs over. */
async function latestSlotHash(): Promise<{ slot: bigint; hash: Uint8Array }> {
  const entries = decodeSlotHashes((await data(SYSVAR_SLOT_HASHES_PUBKEY)) as Buffer);
  const newest = entries[0]!;
  return { slot: newest.slot, hash: bs58.decode(newest.hash) };
}

/** An oracle: its account, its operator (the authority that heartbeats it) and the secp256k1 key it signs with. */
interface Oracle {
  account: Keypair;
  operator: Keypair;
  secret: Uint8Array;
}

function newOracle(): Oracle {
  const operator = Keypair.generate();
  return { account: Keypair.generate(), operator, secret: oracleSecp256k1SecretKey(operator.secretKey) };
}

async function createQueue(options: { requireAuthorityHeartbeatPermission?: boolean; requireUsagePermissions?: boolean } = {}) {
  const queue = Keypair.generate();
  await send(
    [
      queueInitInstruction({ queue: queue.publicKey, authority: admin.publicKey, payer: admin.publicKey, ...options }),
      queueAddMrEnclaveInstruction({ queue: queue.publicKey, authority: admin.publicKey, mrEnclave: MR_ENCLAVE }),
    ],
    [admin, queue],
  );
  return queue.publicKey;
}

async function initOracle(queue: PublicKey, oracle: Oracle): Promise<void> {
  await send(
    oracleInitInstruction({ oracle: oracle.account.publicKey, payer: admin.publicKey, authority: oracle.operator.publicKey, queue }),
    [admin, oracle.account],
  );
}

function vouch(queue: PublicKey, oracle: Oracle, age = 3_600n): TransactionInstruction {
  return queueOverrideOracleInstruction({
    queue,
    oracle: oracle.account.publicKey,
    authority: admin.publicKey,
    secp256k1Signer: secp256k1SignerOf(oracle.secret),
    maxQuoteVerificationAge: age,
    mrEnclave: MR_ENCLAVE,
  });
}

function heartbeat(queue: PublicKey, oracle: Oracle, signer: Keypair = oracle.operator): TransactionInstruction {
  return oracleHeartbeatInstruction({ oracle: oracle.account.publicKey, oracleSigner: signer.publicKey, queue });
}

/** An oracle created, vouched for and heartbeated onto `queue`. */
async function registeredOracle(queue: PublicKey): Promise<Oracle> {
  const oracle = newOracle();
  await initOracle(queue, oracle);
  await send([vouch(queue, oracle), heartbeat(queue, oracle)], [admin, oracle.operator]);
  return oracle;
}

async function createPullFeed(queue: PublicKey, options: { maxStaleness?: number; permitWriteByAuthority?: boolean } = {}) {
  const feed = Keypair.generate();
  const feedHash = sha256(feed.publicKey.toBytes());
  await send(
    pullFeedInitInstruction({
      pullFeed: feed.publicKey,
      queue,
      authority: admin.publicKey,
      payer: admin.publicKey,
      feedHash,
      name: "SOL/USD",
      maxVariance: 1_000_000_000n,
      minResponses: 1,
      maxStaleness: options.maxStaleness ?? 500,
      ...(options.permitWriteByAuthority === undefined ? {} : { permitWriteByAuthority: options.permitWriteByAuthority }),
    }),
    [admin, feed],
  );
  return { address: feed.publicKey, feedHash };
}

/** One oracle's signed value for `feed` at `at` (a slot and its hash), as submitted. */
function signed(
  queue: PublicKey,
  feed: { feedHash: Uint8Array },
  oracle: Oracle,
  value: bigint,
  at: { hash: Uint8Array },
  secret = oracle.secret,
) {
  const checksum = pullFeedSubmissionChecksum({
    queue,
    feedHash: feed.feedHash,
    value,
    slothash: at.hash,
    maxVariance: 1_000_000_000n,
    minResponses: 1,
  });
  return { oracle: oracle.account.publicKey, value, ...signChecksum(checksum, secret) };
}

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs: [switchboardOnDemandProgram()] });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  await net.ledger.requestAirdrop(admin.publicKey.toBase58(), 100_000_000_000n);
  await net.ledger.requestAirdrop(stranger.publicKey.toBase58(), 10_000_000_000n);
});
afterAll(() => net.close());

describe("Switchboard queues", () => {
  it("creates a queue in the real layout; only its authority allows measurements (32 at most) and changes its configs", async () => {
    const queueKey = Keypair.generate();
    const queue = queueKey.publicKey;
    await send(queueInitInstruction({ queue, authority: admin.publicKey, payer: admin.publicKey, reward: 5, nodeTimeout: 300 }), [
      admin,
      queueKey,
    ]);
    const info = (await connection.getAccountInfo(queue, "confirmed"))!;
    expect(info.owner.toBase58()).toBe(SWITCHBOARD_ON_DEMAND_PROGRAM_ID);
    expect(info.data.length).toBe(QUEUE_ACCOUNT_SIZE);
    expect(QUEUE_ACCOUNT_SIZE).toBe(6280);
    expect(info.data.subarray(0, 8).toString("hex")).toBe("d9c2377fb8538a01");
    const created = decodeQueue(info.data);
    expect(created).toMatchObject({
      authority: admin.publicKey.toBase58(),
      reward: 5,
      nodeTimeout: 300n,
      mrEnclavesLen: 0,
      oracleKeysLen: 0,
    });
    expect(created.oracleKeys).toHaveLength(QUEUE_MAX_ORACLES);
    expect(created.vaults).toHaveLength(4);

    const foreign = await refusal(queueAddMrEnclaveInstruction({ queue, authority: stranger.publicKey, mrEnclave: MR_ENCLAVE }), [
      stranger,
    ]);
    expect(foreign.err).toEqual(custom(6012));
    expect(foreign.logs).toContain(
      "Program log: AnchorError caused by account: authority. Error Code: InvalidAuthority. Error Number: 6012. Error Message: InvalidAuthority.",
    );

    const measurements = Array.from({ length: QUEUE_MAX_MR_ENCLAVES }, (_, i) => new Uint8Array(32).fill(i + 1));
    for (let i = 0; i < measurements.length; i += 8) {
      const batch = measurements
        .slice(i, i + 8)
        .map((mrEnclave) => queueAddMrEnclaveInstruction({ queue, authority: admin.publicKey, mrEnclave }));
      await send(batch, [admin]);
    }
    const again = await refusal(queueAddMrEnclaveInstruction({ queue, authority: admin.publicKey, mrEnclave: measurements[3]! }), [admin]);
    expect(again.err).toEqual(custom(6006));
    const full = await refusal(
      queueAddMrEnclaveInstruction({ queue, authority: admin.publicKey, mrEnclave: new Uint8Array(32).fill(99) }),
      [admin],
    );
    expect(full.err).toEqual(custom(6007));
    expect(full.logs).toContain(
      "Program log: AnchorError occurred. Error Code: MrEnclaveAtCapacity. Error Number: 6007. Error Message: MrEnclaveAtCapacity.",
    );

    await send(queueRemoveMrEnclaveInstruction({ queue, authority: admin.publicKey, mrEnclave: measurements[0]! }), [admin]);
    const removed = decodeQueue(await data(queue));
    expect(removed.mrEnclavesLen).toBe(31);
    expect(removed.mrEnclaves.slice(0, 31)).toEqual(measurements.slice(1));
    expect(removed.mrEnclaves[31]).toEqual(new Uint8Array(32));
    const gone = await refusal(queueRemoveMrEnclaveInstruction({ queue, authority: admin.publicKey, mrEnclave: measurements[0]! }), [
      admin,
    ]);
    expect(gone.err).toEqual(custom(6008));

    expect((await refusal(queueSetConfigsInstruction({ queue, authority: stranger.publicKey, reward: 9 }), [stranger])).err).toEqual(
      custom(6012),
    );
    await send(queueSetConfigsInstruction({ queue, authority: admin.publicKey, reward: 9, newAuthority: stranger.publicKey }), [admin]);
    expect(decodeQueue(await data(queue))).toMatchObject({ reward: 9, nodeTimeout: 300n, authority: stranger.publicKey.toBase58() });
    expect((await refusal(queueSetConfigsInstruction({ queue, authority: admin.publicKey, reward: 1 }), [admin])).err).toEqual(
      custom(6012),
    );
  });

  it("an oracle joins the queue only once the queue authority vouches for it, and heartbeats only from its own authority", async () => {
    const queue = await createQueue();
    const oracle = newOracle();
    await initOracle(queue, oracle);
    const info = (await connection.getAccountInfo(oracle.account.publicKey, "confirmed"))!;
    expect(info.data.length).toBe(ORACLE_ACCOUNT_SIZE);
    expect(ORACLE_ACCOUNT_SIZE).toBe(4816);
    expect(info.data.subarray(0, 8).toString("hex")).toBe("801e10f1aa493736");
    expect(decodeOracle(info.data)).toMatchObject({
      authority: oracle.operator.publicKey.toBase58(),
      queue: queue.toBase58(),
      isOnQueue: 0,
    });

    const unverified = await refusal(heartbeat(queue, oracle), [admin, oracle.operator]);
    expect(unverified.err).toEqual(custom(6001));
    expect(unverified.logs).toContain(
      "Program log: AnchorError caused by account: oracle. Error Code: InvalidQuote. Error Number: 6001. Error Message: InvalidQuote.",
    );
    expect(
      (await refusal(queueOverrideOracleInstruction({ ...vouchParams(queue, oracle), authority: stranger.publicKey }), [stranger])).err,
    ).toEqual(custom(6012));
    const unknownMeasurement = await refusal(
      queueOverrideOracleInstruction({ ...vouchParams(queue, oracle), mrEnclave: new Uint8Array(32).fill(1) }),
      [admin],
    );
    expect(unknownMeasurement.err).toEqual(custom(6011));

    await send(vouch(queue, oracle), [admin]);
    const vouched = decodeOracle(await data(oracle.account.publicKey));
    expect(vouched.enclave.verificationStatus).toBe(VerificationStatus.Override);
    expect(vouched.enclave.secp256k1Signer).toEqual(secp256k1SignerOf(oracle.secret));
    expect(vouched.enclave.validUntil - vouched.enclave.verificationTimestamp).toBe(3_600n);

    const impostor = await refusal(heartbeat(queue, oracle, stranger), [stranger]);
    expect(impostor.err).toEqual(custom(6005));
    expect(impostor.logs).toContain(
      "Program log: AnchorError caused by account: oracle_signer. Error Code: InvalidSigner. Error Number: 6005. Error Message: InvalidSigner.",
    );
    const otherQueue = await createQueue();
    expect((await refusal(heartbeat(otherQueue, oracle), [admin, oracle.operator])).err).toEqual(custom(6010));

    await send(
      oracleHeartbeatInstruction({
        oracle: oracle.account.publicKey,
        oracleSigner: oracle.operator.publicKey,
        queue,
        gatewayUri: "https://oracle.local",
      }),
      [admin, oracle.operator],
    );
    await send(heartbeat(queue, oracle), [admin, oracle.operator]);
    const joined = decodeQueue(await data(queue));
    expect(queueOracleKeys(joined)).toEqual([oracle.account.publicKey.toBase58()]);
    const onQueue = decodeOracle(await data(oracle.account.publicKey));
    expect(onQueue.isOnQueue).toBe(1);
    expect(Buffer.from(onQueue.gatewayUri).toString("utf8").replace(/\0+$/, "")).toBe("https://oracle.local");
    expect(onQueue.lastHeartbeat).toBe(joined.lastHeartbeat);
  });

  it("a queue holds at most 128 oracle keys: the next oracle is refused with QueueFull", async () => {
    const queue = await createQueue();
    const oracle = newOracle();
    await initOracle(queue, oracle);
    await send(vouch(queue, oracle), [admin]);
    // Fill the queue's keys directly: 128 heartbeats would only repeat what the first one shows.
    const account = net.ledger.getAccount(queue.toBase58())!;
    const value = QUEUE_ACCOUNT_LAYOUT.struct.read(account.data, 8);
    value.oracleKeys = Array.from({ length: QUEUE_MAX_ORACLES }, () => Keypair.generate().publicKey.toBase58());
    value.oracleKeysLen = QUEUE_MAX_ORACLES;
    const filled = Buffer.from(account.data);
    QUEUE_ACCOUNT_LAYOUT.struct.write(filled, 8, value);
    net.ledger.setAccounts([[queue.toBase58(), { ...account, data: filled }]]);

    const full = await refusal(heartbeat(queue, oracle), [admin, oracle.operator]);
    expect(full.err).toEqual(custom(6003));
    expect(full.logs).toContain(
      "Program log: AnchorError caused by account: queue. Error Code: QueueFull. Error Number: 6003. Error Message: QueueFull.",
    );
  });

  it("a queue requiring permissions takes oracles and feeds only once its authority grants them", async () => {
    const queue = await createQueue({ requireAuthorityHeartbeatPermission: true, requireUsagePermissions: true });
    const oracle = newOracle();
    await initOracle(queue, oracle);
    await send(vouch(queue, oracle), [admin]);
    const denied = await refusal(heartbeat(queue, oracle), [admin, oracle.operator]);
    expect(denied.err).toEqual(custom(6009));
    expect(denied.logs).toContain(
      "Program log: AnchorError caused by account: oracle. Error Code: PermissionDenied. Error Number: 6009. Error Message: PermissionDenied.",
    );

    const grant = (target: PublicKey, permission: number, authority = admin) =>
      permissionSetInstruction({ authority: authority.publicKey, granter: queue, target, permission, enable: true });
    expect((await refusal(grant(oracle.account.publicKey, SwitchboardPermission.PermitOracleHeartbeat, stranger), [stranger])).err).toEqual(
      custom(6012),
    );
    expect((await refusal(grant(oracle.account.publicKey, 4), [admin])).err).toEqual(custom(6020));
    expect((await refusal(grant(queue, SwitchboardPermission.PermitOracleHeartbeat), [admin])).err).toEqual(custom(6021));

    await send(grant(oracle.account.publicKey, SwitchboardPermission.PermitOracleHeartbeat), [admin]);
    expect(decodeOracle(await data(oracle.account.publicKey)).permissions).toBe(1n);
    await send(heartbeat(queue, oracle), [admin, oracle.operator]);

    const feed = await createPullFeed(queue);
    const at = await latestSlotHash();
    const submit = () =>
      pullFeedSubmitResponseInstruction({
        feed: feed.address,
        queue,
        payer: admin.publicKey,
        slot: at.slot,
        submissions: [signed(queue, feed, oracle, 5n * E18, at)],
      });
    expect((await refusal(submit(), [admin])).err).toEqual(custom(6009));
    await send(grant(feed.address, SwitchboardPermission.PermitOracleQueueUsage), [admin]);
    expect(decodePullFeed(await data(feed.address)).permissions).toBe(2n);
    await send(submit(), [admin]);
    expect(readPullFeedResult(await data(feed.address)).value).toBe(5n * E18);

    await send(
      permissionSetInstruction({ authority: admin.publicKey, granter: queue, target: feed.address, permission: 2, enable: false }),
      [admin],
    );
    expect(decodePullFeed(await data(feed.address)).permissions).toBe(0n);
  });
});

function vouchParams(queue: PublicKey, oracle: Oracle) {
  return {
    queue,
    oracle: oracle.account.publicKey,
    authority: admin.publicKey,
    secp256k1Signer: secp256k1SignerOf(oracle.secret),
    maxQuoteVerificationAge: 3_600n,
    mrEnclave: MR_ENCLAVE,
  };
}

describe("Switchboard pull feeds on a queue", () => {
  let queue: PublicKey;
  let first: Oracle;
  let second: Oracle;

  beforeAll(async () => {
    queue = await createQueue();
    first = await registeredOracle(queue);
    second = await registeredOracle(queue);
  });

  it("takes the queue's oracles' signed values and recomputes median, mean, deviation and range from them", async () => {
    const feed = await createPullFeed(queue);
    const created = decodePullFeed(await data(feed.address));
    expect(created).toMatchObject({
      queue: queue.toBase58(),
      authority: admin.publicKey.toBase58(),
      maxStaleness: 500,
      minSampleSize: 1,
      permitWriteByAuthority: 0,
    });

    const at = await latestSlotHash();
    const one = await send(
      pullFeedSubmitResponseInstruction({
        feed: feed.address,
        queue,
        payer: admin.publicKey,
        slot: at.slot,
        submissions: [signed(queue, feed, first, 150n * E18, at)],
      }),
      [admin],
    );
    const afterOne = decodePullFeed(await data(feed.address));
    expect(afterOne.submissions[0]).toEqual({
      oracle: first.account.publicKey.toBase58(),
      slot: at.slot,
      landedAt: one.slot,
      value: 150n * E18,
    });
    expect(afterOne.result).toMatchObject({
      value: 150n * E18,
      stdDev: 0n,
      mean: 150n * E18,
      range: 0n,
      numSamples: 1,
      submissionIdx: 0,
      slot: at.slot,
    });
    expect(afterOne.historicalResultIdx).toBe(1);

    const later = await latestSlotHash();
    await send(
      pullFeedSubmitResponseInstruction({
        feed: feed.address,
        queue,
        payer: admin.publicKey,
        slot: later.slot,
        submissions: [signed(queue, feed, second, 152n * E18, later)],
      }),
      [admin],
    );
    const afterTwo = decodePullFeed(await data(feed.address));
    expect(afterTwo.result).toMatchObject({
      value: 152n * E18,
      stdDev: 1n * E18,
      mean: 151n * E18,
      range: 2n * E18,
      minValue: 150n * E18,
      maxValue: 152n * E18,
      numSamples: 2,
      submissionIdx: 1,
      minSlot: at.slot,
      maxSlot: later.slot,
    });
    const reading = readPullFeedResult(await data(feed.address));
    expect(reading.value).toBe(152n * E18);
    expect(reading.lastUpdateTimestamp).toBeGreaterThan(0n);

    // The first oracle's newer value replaces its own submission rather than taking a third slot.
    const third = await latestSlotHash();
    await send(
      pullFeedSubmitResponseInstruction({
        feed: feed.address,
        queue,
        payer: admin.publicKey,
        slot: third.slot,
        submissions: [signed(queue, feed, first, 148n * E18, third)],
      }),
      [admin],
    );
    const afterThree = decodePullFeed(await data(feed.address));
    expect(afterThree.submissions.filter((s) => s.slot !== 0n)).toHaveLength(2);
    expect(afterThree.result).toMatchObject({ value: 152n * E18, mean: 150n * E18, minValue: 148n * E18, numSamples: 2 });
  });

  it("refuses values from unregistered oracles, other queues' oracles, the wrong key, unknown or stale slots", async () => {
    const feed = await createPullFeed(queue);
    const at = await latestSlotHash();
    const submit = (submission: ReturnType<typeof signed>, slot = at.slot) =>
      pullFeedSubmitResponseInstruction({ feed: feed.address, queue, payer: admin.publicKey, slot, submissions: [submission] });

    const outsider = newOracle();
    await initOracle(queue, outsider);
    await send(vouch(queue, outsider), [admin]);
    const unregistered = await refusal(submit(signed(queue, feed, outsider, E18, at)), [admin]);
    expect(unregistered.err).toEqual(custom(6025));
    expect(unregistered.logs).toContain(
      "Program log: AnchorError caused by account: oracle. Error Code: IllegalOracle. Error Number: 6025. Error Message: IllegalOracle.",
    );

    const elsewhere = await registeredOracle(await createQueue());
    expect((await refusal(submit(signed(queue, feed, elsewhere, E18, at)), [admin])).err).toEqual(custom(6019));

    const forged = await refusal(submit(signed(queue, feed, first, E18, at, oracleSecp256k1SecretKey(stranger.secretKey))), [admin]);
    expect(forged.err).toEqual(custom(6016));
    expect(forged.logs).toContain(
      "Program log: AnchorError caused by account: oracle. Error Code: InvalidSecpSignature. Error Number: 6016. Error Message: InvalidSecpSignature.",
    );
    // A value signed for another feed does not verify for this one.
    const other = await createPullFeed(queue);
    expect((await refusal(submit(signed(queue, other, first, E18, at)), [admin])).err).toEqual(custom(6016));

    const future = await refusal(submit(signed(queue, feed, first, E18, at), at.slot + 10_000n), [admin]);
    expect(future.err).toEqual(custom(6039));
    expect(future.logs).toContain(
      "Program log: AnchorError occurred. Error Code: InvalidSlotNumber. Error Number: 6039. Error Message: InvalidSlotNumber.",
    );

    const tight = await createPullFeed(queue, { maxStaleness: 2 });
    const old = await latestSlotHash();
    while ((await latestSlotHash()).slot < old.slot + 5n) await new Promise((r) => setTimeout(r, 50));
    const stale = await refusal(
      pullFeedSubmitResponseInstruction({
        feed: tight.address,
        queue,
        payer: admin.publicKey,
        slot: old.slot,
        submissions: [signed(queue, tight, first, E18, old)],
      }),
      [admin],
    );
    expect(stale.err).toEqual(custom(6034));
    expect(stale.logs).toContain(
      "Program log: AnchorError occurred. Error Code: StaleSample. Error Number: 6034. Error Message: StaleSample.",
    );

    const noOracleAccount = submit(signed(queue, feed, first, E18, at));
    noOracleAccount.keys.pop();
    expect((await refusal(noOracleAccount, [admin])).err).toEqual(custom(6063));
    expect(readPullFeedResult(await data(feed.address)).slot).toBe(0n);
  });

  it("a feed permitting writes by its authority takes values from the authority only; an oracle feed refuses its authority", async () => {
    const authorityFeed = await createPullFeed(queue, { permitWriteByAuthority: true });
    const at = await latestSlotHash();
    const fromOracle = await refusal(
      pullFeedSubmitResponseInstruction({
        feed: authorityFeed.address,
        queue,
        payer: admin.publicKey,
        slot: at.slot,
        submissions: [signed(queue, authorityFeed, first, E18, at)],
      }),
      [admin],
    );
    expect(fromOracle.err).toEqual(custom(6009));
    await send(
      updateSwitchboardResultInstruction({ authority: admin.publicKey, feed: authorityFeed.address, value: 3n * E18, stdDev: E18 / 100n }),
      [admin],
    );
    expect(readPullFeedResult(await data(authorityFeed.address))).toMatchObject({ value: 3n * E18, stdDev: E18 / 100n });

    const oracleFeed = await createPullFeed(queue);
    const byAuthority = await refusal(
      updateSwitchboardResultInstruction({ authority: admin.publicKey, feed: oracleFeed.address, value: E18, stdDev: 0n }),
      [admin],
    );
    expect(byAuthority.err).toEqual(custom(6009));
    expect(byAuthority.logs).toContain(
      "Program log: AnchorError caused by account: pull_feed. Error Code: PermissionDenied. Error Number: 6009. Error Message: PermissionDenied.",
    );

    // The PDA feeds of create_feed permit their authority's writes and belong to no queue.
    const hash = new Uint8Array(32).fill(42);
    await send(createSwitchboardFeedInstruction({ authority: admin.publicKey, feedHash: hash }), [admin]);
    expect(decodePullFeed(await data(switchboardFeedAddress(admin.publicKey, hash)[0]))).toMatchObject({
      permitWriteByAuthority: 1,
      queue: PublicKey.default.toBase58(),
    });
  });
});

describe("Switchboard randomness", () => {
  it("commits to the latest slot hash and an oracle of the queue, whose signature over it reveals the value", async () => {
    const queue = await createQueue();
    const oracle = await registeredOracle(queue);
    const randomnessKey = Keypair.generate();
    const randomness = randomnessKey.publicKey;
    await send(randomnessInitInstruction({ randomness, authority: admin.publicKey, queue, payer: admin.publicKey }), [
      admin,
      randomnessKey,
    ]);
    const info = (await connection.getAccountInfo(randomness, "confirmed"))!;
    expect(info.data.length).toBe(RANDOMNESS_ACCOUNT_SIZE);
    expect(info.data.subarray(0, 8).toString("hex")).toBe("0a42e587dcefd972");

    const reveal = (signature: Uint8Array, recoveryId: number, value: Uint8Array) =>
      randomnessRevealInstruction({
        randomness,
        oracle: oracle.account.publicKey,
        queue,
        authority: admin.publicKey,
        payer: admin.publicKey,
        signature,
        recoveryId,
        value,
      });
    const early = await refusal(reveal(new Uint8Array(64), 0, new Uint8Array(32)), [admin]);
    expect(early.err).toEqual(custom(6038));

    const commit = (authority: Keypair) =>
      randomnessCommitInstruction({ randomness, queue, oracle: oracle.account.publicKey, authority: authority.publicKey });
    expect((await refusal(commit(stranger), [stranger])).err).toEqual(custom(6012));
    const outsider = newOracle();
    await initOracle(queue, outsider);
    expect(
      (
        await refusal(randomnessCommitInstruction({ randomness, queue, oracle: outsider.account.publicKey, authority: admin.publicKey }), [
          admin,
        ])
      ).err,
    ).toEqual(custom(6025));
    await send(commit(admin), [admin]);
    const committed = decodeRandomness(await data(randomness));
    expect(committed.oracle).toBe(oracle.account.publicKey.toBase58());
    expect(committed.seedSlot).toBeGreaterThan(0n);
    expect(committed.activeSecp256k1Signer).toEqual(secp256k1SignerOf(oracle.secret));

    const message = randomnessRevealMessage(randomness, committed.seedSlothash, committed.seedSlot);
    const good = signChecksum(message, oracle.secret);
    const forged = signChecksum(message, oracleSecp256k1SecretKey(stranger.secretKey));
    expect((await refusal(reveal(forged.signature, forged.recoveryId, sha256(forged.signature)), [admin])).err).toEqual(custom(6016));
    expect((await refusal(reveal(good.signature, good.recoveryId, new Uint8Array(32).fill(1)), [admin])).err).toEqual(custom(6056));
    const revealed = await send(reveal(good.signature, good.recoveryId, sha256(good.signature)), [admin]);
    const done = decodeRandomness(await data(randomness));
    expect(done.value).toEqual(sha256(good.signature));
    expect(done.revealSlot).toBe(revealed.slot);
  });
});
