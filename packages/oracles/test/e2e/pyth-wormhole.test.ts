// The Pyth receiver's Wormhole-verified posts on a real ledger: the Config and its governance, post_update_atomic
// against Wormhole guardian sets (VAAs signed here by test guardians) and post_update from a verified encoded VAA,
// with every refusal by its exact code. Guardian sets and encoded VAAs are the core bridge's accounts, set on the
// ledger as solana-test-validator's --account would.
import { sha256 } from "@noble/hashes/sha2";
import { ComputeBudgetProgram, Connection, Keypair, PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { land, simulateSigned } from "../../../ledger/test/support/localnet.js";
import { minimumBalanceForRentExemption, startLocalnet, type Localnet } from "@ballast/ledger";
import {
  EncodedVaaStatus,
  PRICE_UPDATE_V2_LEN,
  PYTHNET_DATA_SOURCE,
  PYTH_RECEIVER_PROGRAM_ID,
  WORMHOLE_CORE_PROGRAM_ID,
  type MerklePriceUpdate,
  type PriceFeedMessage,
  type ReceiverConfig,
  buildMerkleTree,
  decodePriceUpdateV2,
  decodeReceiverConfig,
  encodeEncodedVaa,
  encodeGuardianSet,
  encodePriceFeedMessage,
  encodeVaa,
  encodeVaaBody,
  encodeWormholeMerkleRoot,
  guardianAddressFromSecret,
  guardianSetAddress,
  postUpdateAtomicInstruction,
  postUpdateInstruction,
  pythReceiverProgram,
  receiverConfigAddress,
  receiverGovernanceInstruction,
  receiverInitializeInstruction,
  receiverTreasuryAddress,
  signVaaBody,
  wormholeQuorum,
  parseAccumulatorUpdateData,
  parseVaa,
} from "../../src/index.js";
import { GUARDIAN_SET_3, HERMES_UPDATE } from "../support/hermes-update.js";

let net: Localnet;
let connection: Connection;
const admin = Keypair.generate();
const stranger = Keypair.generate();
const FEE = 1_000n;
const MINIMUM_SIGNATURES = 3;

/** Guardian secret keys of a set, deterministic. */
const secrets = (set: number, count: number) => Array.from({ length: count }, (_, i) => sha256(Uint8Array.of(set, i)));
const MAINNET_LIKE = { index: 1, secrets: secrets(1, 19) };
const SMALL = { index: 2, secrets: secrets(2, 4) };
const EXPIRED = { index: 0, secrets: secrets(0, 4) };

const pythnetEmitter = new PublicKey(PYTHNET_DATA_SOURCE.emitter).toBytes();
const feedIds = [1, 2, 3].map((n) => new Uint8Array(32).fill(n));

function priceMessage(feed: number, price: bigint, publishTime: bigint): PriceFeedMessage {
  return {
    feedId: feedIds[feed]!,
    price,
    conf: price / 1000n,
    exponent: -8,
    publishTime,
    prevPublishTime: publishTime - 1n,
    emaPrice: price - 100n,
    emaConf: price / 500n,
  };
}

/** A batch of price messages under one accumulator root, and each message with its proof. */
function accumulate(messages: Uint8Array[]): { payload: Buffer; updates: MerklePriceUpdate[] } {
  const { root, proofs } = buildMerkleTree(messages);
  return {
    payload: encodeWormholeMerkleRoot({ slot: 1_000n, ringSize: 10_000, root }),
    updates: messages.map((message, i) => ({ message, proof: proofs[i]! })),
  };
}

interface VaaOptions {
  set?: { index: number; secrets: Uint8Array[] };
  guardians: number[];
  payload: Uint8Array;
  version?: number;
  setIndex?: number;
  emitterChain?: number;
  /** Signs guardian slot i with another key. */
  signer?: (guardian: number) => Uint8Array;
}

function vaa(o: VaaOptions): Buffer {
  const set = o.set ?? MAINNET_LIKE;
  const body = encodeVaaBody({
    timestamp: 1_700_000_000,
    nonce: 0,
    emitterChain: o.emitterChain ?? PYTHNET_DATA_SOURCE.chain,
    emitterAddress: pythnetEmitter,
    sequence: 7n,
    consistencyLevel: 1,
    payload: o.payload,
  });
  const signatures = o.guardians.map((g) => signVaaBody(body, g, o.signer?.(g) ?? set.secrets[g] ?? set.secrets[0]!));
  return encodeVaa({ version: o.version ?? 1, guardianSetIndex: o.setIndex ?? set.index, signatures, body });
}

const sendAtomic = (p: {
  vaa: Uint8Array;
  update: MerklePriceUpdate;
  account: PublicKey;
  create?: boolean;
  guardianSet?: PublicKey;
  setIndex?: number;
  writeAuthority?: Keypair;
}) =>
  postUpdateAtomicInstruction({
    payer: admin.publicKey,
    writeAuthority: (p.writeAuthority ?? admin).publicKey,
    priceUpdateAccount: p.account,
    createPriceUpdateAccount: p.create === true,
    vaa: p.vaa,
    merklePriceUpdate: p.update,
    guardianSetIndex: p.setIndex ?? MAINNET_LIKE.index,
    ...(p.guardianSet === undefined ? {} : { guardianSet: p.guardianSet }),
  });

// Each guardian signature costs the receiver as much as on mainnet (SIGNATURE_VERIFICATION_UNITS), more than the
// default budget for five: every transaction here raises its compute limit first, as posting clients do.
const budget = ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 });
async function send(ix: TransactionInstruction, signers: Keypair[]) {
  return land(connection, [budget, ix], signers);
}
async function refusal(ix: TransactionInstruction, signers: Keypair[]) {
  const { err, logs } = await simulateSigned(connection, [budget, ix], signers);
  return { err, logs: logs ?? [] };
}
function custom(code: number) {
  return { InstructionError: [1, { Custom: code }] };
}
async function data(address: PublicKey): Promise<Buffer> {
  return (await connection.getAccountInfo(address, "confirmed"))!.data;
}

/** Puts a core-bridge-owned account on the ledger. */
function setWormholeAccount(address: PublicKey, bytes: Buffer, owner: string = WORMHOLE_CORE_PROGRAM_ID): void {
  net.ledger.setAccounts([
    [address.toBase58(), { lamports: minimumBalanceForRentExemption(bytes.length), data: bytes, owner, executable: false, rentEpoch: 0n }],
  ]);
}

function guardianSetBytes(set: { index: number; secrets: Uint8Array[] }, expirationTime: number): Buffer {
  return encodeGuardianSet({
    index: set.index,
    keys: set.secrets.map(guardianAddressFromSecret),
    creationTime: 1_600_000_000,
    expirationTime,
  });
}

const config: ReceiverConfig = {
  governanceAuthority: admin.publicKey.toBase58(),
  targetGovernanceAuthority: null,
  wormhole: WORMHOLE_CORE_PROGRAM_ID,
  validDataSources: [PYTHNET_DATA_SOURCE],
  singleUpdateFeeInLamports: FEE,
  minimumSignatures: MINIMUM_SIGNATURES,
};

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs: [pythReceiverProgram()] });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  await net.ledger.requestAirdrop(admin.publicKey.toBase58(), 100_000_000_000n);
  await net.ledger.requestAirdrop(stranger.publicKey.toBase58(), 10_000_000_000n);
  const now = Number(net.ledger.unixTimestamp());
  setWormholeAccount(guardianSetAddress(EXPIRED.index)[0], guardianSetBytes(EXPIRED, now - 60));
  setWormholeAccount(guardianSetAddress(MAINNET_LIKE.index)[0], guardianSetBytes(MAINNET_LIKE, 0));
  setWormholeAccount(guardianSetAddress(SMALL.index)[0], guardianSetBytes(SMALL, now + 86_400));
});
afterAll(() => net.close());

describe("the Pyth receiver's Config", () => {
  it("initializes at [config] with at least one required signature, then changes only by its governance authority", async () => {
    const zero = await refusal(receiverInitializeInstruction({ payer: admin.publicKey, config: { ...config, minimumSignatures: 0 } }), [
      admin,
    ]);
    expect(zero.err).toEqual(custom(6022));
    await send(receiverInitializeInstruction({ payer: admin.publicKey, config }), [admin]);
    const [address] = receiverConfigAddress();
    const info = (await connection.getAccountInfo(address, "confirmed"))!;
    expect(info.owner.toBase58()).toBe(PYTH_RECEIVER_PROGRAM_ID);
    expect(info.data.subarray(0, 8).toString("hex")).toBe("9b0caae01efacc82");
    expect(decodeReceiverConfig(info.data)).toEqual(config);

    const byStranger = await refusal(
      receiverGovernanceInstruction(stranger.publicKey, { kind: "set_fee", singleUpdateFeeInLamports: 0n }),
      [stranger],
    );
    expect(byStranger.err).toEqual(custom(6019));
    expect(byStranger.logs).toContain(
      "Program log: AnchorError caused by account: payer. Error Code: GovernanceAuthorityMismatch. Error Number: 6019. Error Message: The signer is not authorized to perform this governance action.",
    );
    const noRequest = await refusal(receiverGovernanceInstruction(stranger.publicKey, { kind: "accept_governance_authority_transfer" }), [
      stranger,
    ]);
    expect(noRequest.err).toEqual(custom(6021));
    expect(
      (await refusal(receiverGovernanceInstruction(admin.publicKey, { kind: "set_minimum_signatures", minimumSignatures: 0 }), [admin]))
        .err,
    ).toEqual(custom(6022));

    const successor = Keypair.generate();
    await net.ledger.requestAirdrop(successor.publicKey.toBase58(), 1_000_000_000n);
    await send(
      receiverGovernanceInstruction(admin.publicKey, {
        kind: "request_governance_authority_transfer",
        targetGovernanceAuthority: successor.publicKey,
      }),
      [admin],
    );
    const wrongTarget = await refusal(receiverGovernanceInstruction(stranger.publicKey, { kind: "accept_governance_authority_transfer" }), [
      stranger,
    ]);
    expect(wrongTarget.err).toEqual(custom(6020));
    await send(receiverGovernanceInstruction(successor.publicKey, { kind: "accept_governance_authority_transfer" }), [successor]);
    expect(decodeReceiverConfig(await data(address))).toMatchObject({
      governanceAuthority: successor.publicKey.toBase58(),
      targetGovernanceAuthority: null,
    });
    await send(
      receiverGovernanceInstruction(successor.publicKey, {
        kind: "request_governance_authority_transfer",
        targetGovernanceAuthority: admin.publicKey,
      }),
      [successor],
    );
    await send(receiverGovernanceInstruction(admin.publicKey, { kind: "accept_governance_authority_transfer" }), [admin]);
    expect(decodeReceiverConfig(await data(address)).governanceAuthority).toBe(admin.publicKey.toBase58());
  });
});

describe("post_update_atomic", () => {
  const now = 1_700_000_000n;
  const batch = accumulate([0, 1, 2].map((f) => encodePriceFeedMessage(priceMessage(f, 150_00000000n + BigInt(f), now))));
  const priceAccount = Keypair.generate();

  it("verifies five guardian signatures of the 19-guardian set into a Partial{5} update and pays the treasury", async () => {
    const [treasury] = receiverTreasuryAddress(0);
    const ix = sendAtomic({
      vaa: vaa({ guardians: [0, 3, 6, 9, 12], payload: batch.payload }),
      update: batch.updates[1]!,
      account: priceAccount.publicKey,
      create: true,
    });
    await send(ix, [admin, priceAccount]);
    const info = (await connection.getAccountInfo(priceAccount.publicKey, "confirmed"))!;
    expect(info.owner.toBase58()).toBe(PYTH_RECEIVER_PROGRAM_ID);
    expect(info.data.length).toBe(PRICE_UPDATE_V2_LEN);
    const stored = decodePriceUpdateV2(info.data);
    expect(stored.writeAuthority).toBe(admin.publicKey.toBase58());
    expect(stored.verificationLevel).toEqual({ kind: "Partial", numSignatures: 5 });
    expect(stored.priceMessage).toEqual(priceMessage(1, 150_00000001n, now));
    // The treasury's first fee is at least an empty account's rent-exempt minimum.
    const rent = minimumBalanceForRentExemption(0);
    expect(BigInt(await connection.getBalance(treasury, "confirmed"))).toBe(rent > FEE ? rent : FEE);
    expect(wormholeQuorum(19)).toBe(13);
  });

  it("is Full once the signatures reach the guardian set's quorum", async () => {
    const account = Keypair.generate();
    const signed = vaa({ set: SMALL, guardians: [0, 1, 3], payload: batch.payload });
    await send(sendAtomic({ vaa: signed, update: batch.updates[2]!, account: account.publicKey, create: true, setIndex: SMALL.index }), [
      admin,
      account,
    ]);
    expect(decodePriceUpdateV2(await data(account.publicKey)).verificationLevel).toEqual({ kind: "Full" });
    expect(wormholeQuorum(4)).toBe(3);
  });

  it("refuses each broken signature set, guardian set and VAA by its code", async () => {
    const update = batch.updates[1]!;
    const at = (o: Partial<VaaOptions> & { guardians: number[] }, extra: { guardianSet?: PublicKey; setIndex?: number } = {}) =>
      refusal(sendAtomic({ vaa: vaa({ payload: batch.payload, ...o }), update, account: priceAccount.publicKey, ...extra }), [admin]);
    const cases: [string, Promise<{ err: unknown; logs: string[] }>, number][] = [
      ["below the Config's minimum", at({ guardians: [0, 1] }), 6009],
      ["indices not increasing", at({ guardians: [1, 0, 2] }), 6012],
      ["an index repeated", at({ guardians: [0, 2, 2] }), 6012],
      ["an index past the set", at({ guardians: [0, 1, 19] }), 6013],
      [
        "a signature by another key",
        at({ guardians: [0, 1, 2], signer: (g) => (g === 2 ? MAINNET_LIKE.secrets[5]! : MAINNET_LIKE.secrets[g]!) }),
        6015,
      ],
      ["another guardian set's index", at({ guardians: [0, 1, 2], setIndex: SMALL.index }), 6011],
      ["a VAA version other than 1", at({ guardians: [0, 1, 2], version: 2 }), 6010],
      ["an unknown emitter", at({ guardians: [0, 1, 2], emitterChain: 2 }), 6004],
      ["an expired guardian set", at({ set: EXPIRED, guardians: [0, 1, 2] }, { setIndex: EXPIRED.index }), 6018],
    ];
    for (const [what, result, code] of cases) expect((await result).err, what).toEqual(custom(code));

    const unrecoverable = vaa({ guardians: [0, 1, 2], payload: batch.payload });
    // Guardian 2's r and s zeroed: no public key recovers from it.
    unrecoverable.fill(0, 6 + 2 * 66 + 1, 6 + 2 * 66 + 65);
    expect((await refusal(sendAtomic({ vaa: unrecoverable, update, account: priceAccount.publicKey }), [admin])).err).toEqual(custom(6014));
    const truncated = vaa({ guardians: [0, 1, 2], payload: batch.payload }).subarray(0, 100);
    const broken = await refusal(sendAtomic({ vaa: truncated, update, account: priceAccount.publicKey }), [admin]);
    expect(broken.err).toEqual(custom(6008));
    expect(broken.logs).toContain(
      "Program log: AnchorError occurred. Error Code: DeserializeVaaFailed. Error Number: 6008. Error Message: An error occurred when deserializing the VAA..",
    );

    const signed = vaa({ guardians: [0, 1, 2], payload: batch.payload });
    const elsewhere = Keypair.generate().publicKey;
    setWormholeAccount(elsewhere, guardianSetBytes(MAINNET_LIKE, 0));
    expect(
      (await refusal(sendAtomic({ vaa: signed, update, account: priceAccount.publicKey, guardianSet: elsewhere }), [admin])).err,
    ).toEqual(custom(6017));
    const foreign = Keypair.generate().publicKey;
    setWormholeAccount(foreign, guardianSetBytes(MAINNET_LIKE, 0), PYTH_RECEIVER_PROGRAM_ID);
    expect(
      (await refusal(sendAtomic({ vaa: signed, update, account: priceAccount.publicKey, guardianSet: foreign }), [admin])).err,
    ).toEqual(custom(6016));

    const writer = await refusal(sendAtomic({ vaa: signed, update, account: priceAccount.publicKey, writeAuthority: stranger }), [
      admin,
      stranger,
    ]);
    expect(writer.err).toEqual(custom(6006));
    expect(writer.logs).toContain(
      "Program log: AnchorError caused by account: price_update_account. Error Code: WrongWriteAuthority. Error Number: 6006. Error Message: This signer can't write to price update account.",
    );
  });

  it("refuses a price not under the VAA's root, a payload that is no root, malformed or TWAP messages, and an unpaid fee", async () => {
    const signedFor = (payload: Uint8Array) => vaa({ guardians: [0, 1, 2], payload });
    const post = (payload: Uint8Array, update: MerklePriceUpdate) =>
      refusal(sendAtomic({ vaa: signedFor(payload), update, account: priceAccount.publicKey }), [admin]);
    const other = accumulate([encodePriceFeedMessage(priceMessage(0, 1n, now)), encodePriceFeedMessage(priceMessage(1, 2n, now))]);
    expect((await post(batch.payload, other.updates[0]!)).err).toEqual(custom(6002));
    expect((await post(Buffer.from("not an accumulator root, just some bytes"), batch.updates[0]!)).err).toEqual(custom(6000));
    const odd = accumulate([Uint8Array.of(9, 1, 2, 3), Uint8Array.of(1, ...new Uint8Array(90))]);
    expect((await post(odd.payload, odd.updates[0]!)).err).toEqual(custom(6001));
    expect((await post(odd.payload, odd.updates[1]!)).err).toEqual(custom(6003));

    await send(receiverGovernanceInstruction(admin.publicKey, { kind: "set_fee", singleUpdateFeeInLamports: 1_000_000_000_000n }), [admin]);
    expect((await post(batch.payload, batch.updates[0]!)).err).toEqual(custom(6005));
    await send(receiverGovernanceInstruction(admin.publicKey, { kind: "set_fee", singleUpdateFeeInLamports: FEE }), [admin]);
  });
});

describe("a real Hermes update", () => {
  it("verifies against Wormhole's guardian set 3 and posts Pyth's ETH/USD price", async () => {
    const keys = GUARDIAN_SET_3.map((hex) => Uint8Array.from(Buffer.from(hex, "hex")));
    setWormholeAccount(guardianSetAddress(3)[0], encodeGuardianSet({ index: 3, keys, creationTime: 1_600_000_000, expirationTime: 0 }));
    const { vaa: signed, updates } = parseAccumulatorUpdateData(HERMES_UPDATE)!;
    const full = parseVaa(signed)!;
    // Its first five signatures: a VAA of all 13 does not fit in one transaction with its proof.
    const trimmed = encodeVaa({ ...full, signatures: full.signatures.slice(0, 5) });
    const account = Keypair.generate();
    await send(sendAtomic({ vaa: trimmed, update: updates[0]!, account: account.publicKey, create: true, setIndex: 3 }), [admin, account]);
    const stored = decodePriceUpdateV2(await data(account.publicKey));
    expect(stored.verificationLevel).toEqual({ kind: "Partial", numSignatures: 5 });
    expect(stored.priceMessage).toMatchObject({ price: 5_190_075_917_635n, exponent: -8, publishTime: 1_708_363_256n });
    expect(Buffer.from(stored.priceMessage.feedId).toString("hex")).toBe(
      "e62df6c8b4a85fe1a67db44dc12de5db330f7ac66b72dc658afedf0f4a415b43",
    );
  });
});

describe("post_update", () => {
  it("writes Full from a VAA the core bridge verified, and reads no other", async () => {
    const batch = accumulate([encodePriceFeedMessage(priceMessage(2, 42_00000000n, 1_700_000_100n))]);
    const signed = vaa({ guardians: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], payload: batch.payload });
    const encoded = Keypair.generate().publicKey;
    setWormholeAccount(encoded, encodeEncodedVaa({ status: EncodedVaaStatus.Verified, writeAuthority: admin.publicKey, vaa: signed }));
    const account = Keypair.generate();
    const post = (encodedVaa: PublicKey) =>
      postUpdateInstruction({
        payer: admin.publicKey,
        priceUpdateAccount: account.publicKey,
        createPriceUpdateAccount: true,
        encodedVaa,
        merklePriceUpdate: batch.updates[0]!,
        treasuryId: 3,
      });

    const unverified = Keypair.generate().publicKey;
    setWormholeAccount(unverified, encodeEncodedVaa({ status: EncodedVaaStatus.Writing, writeAuthority: admin.publicKey, vaa: signed }));
    expect((await refusal(post(unverified), [admin, account])).err).toEqual(custom(6008));
    const foreign = Keypair.generate().publicKey;
    setWormholeAccount(
      foreign,
      encodeEncodedVaa({ status: EncodedVaaStatus.Verified, writeAuthority: admin.publicKey, vaa: signed }),
      PYTH_RECEIVER_PROGRAM_ID,
    );
    const wrongOwner = await refusal(post(foreign), [admin, account]);
    expect(wrongOwner.err).toEqual(custom(6007));

    await send(post(encoded), [admin, account]);
    const stored = decodePriceUpdateV2(await data(account.publicKey));
    expect(stored.verificationLevel).toEqual({ kind: "Full" });
    expect(stored.priceMessage).toEqual(priceMessage(2, 42_00000000n, 1_700_000_100n));
    expect(await connection.getBalance(receiverTreasuryAddress(3)[0], "confirmed")).toBeGreaterThan(0);
  });
});
