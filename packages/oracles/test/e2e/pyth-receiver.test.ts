import { instructionDiscriminator } from "@ballast/codec";
import { Connection, Keypair, PublicKey, Transaction, type TransactionInstruction, sendAndConfirmTransaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { land, simulateSigned } from "../../../ledger/test/support/localnet.js";
import { minimumBalanceForRentExemption, startLocalnet, type Localnet } from "@ballast/ledger";
import {
  GUARDIAN_QUORUM,
  PRICE_UPDATE_V2_FULL_OFFSETS,
  PRICE_UPDATE_V2_LEN,
  PRICE_UPDATE_V2_PARTIAL_OFFSETS,
  PYTH_RECEIVER_PROGRAM_ID,
  type VerificationLevel,
  createPythFeedInstruction,
  decodePriceUpdateV2,
  priceUpdateV2OffsetsOf,
  verificationLevelAtLeast,
  pythFeedAddress,
  pythReceiverProgram,
  updatePythPriceInstruction,
} from "../../src/index.js";

let net: Localnet;
let connection: Connection;
const authority = Keypair.generate();
const stranger = Keypair.generate();
const feedId = Uint8Array.from({ length: 32 }, (_, i) => i + 1);

async function send(ix: TransactionInstruction, signers: Keypair[]): Promise<{ signature: string; slot: number }> {
  const { signature, slot } = await land(connection, ix, signers);
  return { signature, slot };
}
function simulate(ix: TransactionInstruction, signers: Keypair[]) {
  return simulateSigned(connection, ix, signers);
}
async function data(address: PublicKey): Promise<Buffer> {
  return (await connection.getAccountInfo(address, "confirmed"))!.data;
}

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs: [pythReceiverProgram()] });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  await net.ledger.requestAirdrop(authority.publicKey.toBase58(), 10_000_000_000n);
  await net.ledger.requestAirdrop(stranger.publicKey.toBase58(), 10_000_000_000n);
});
afterAll(() => net.close());

describe("local Pyth receiver on the ledger", () => {
  const [feed, bump] = pythFeedAddress(authority.publicKey, feedId);

  it("creates a feed at the PDA of authority and feed id, Full, owned by the receiver", async () => {
    expect(bump).toBeGreaterThanOrEqual(0);
    const { signature } = await send(createPythFeedInstruction({ authority: authority.publicKey, feedId }), [authority]);
    const info = (await connection.getAccountInfo(feed, "confirmed"))!;
    expect(info.owner.toBase58()).toBe(PYTH_RECEIVER_PROGRAM_ID);
    expect(info.data.length).toBe(PRICE_UPDATE_V2_LEN);
    expect(BigInt(info.lamports)).toBe(minimumBalanceForRentExemption(PRICE_UPDATE_V2_LEN));
    expect(decodePriceUpdateV2(info.data)).toEqual({
      writeAuthority: authority.publicKey.toBase58(),
      verificationLevel: { kind: "Full" },
      priceMessage: {
        feedId,
        price: 0n,
        conf: 0n,
        exponent: 0,
        publishTime: 0n,
        prevPublishTime: 0n,
        emaPrice: 0n,
        emaConf: 0n,
      },
      postedSlot: 0n,
    });
    expect(info.data[133]).toBe(0);
    const landed = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed!.meta!.logMessages!.slice(0, 2)).toEqual([
      `Program ${PYTH_RECEIVER_PROGRAM_ID} invoke [1]`,
      "Program log: Instruction: CreateFeed",
    ]);

    // A second create of the same PDA fails in the System program: account already in use.
    const again = await simulate(createPythFeedInstruction({ authority: authority.publicKey, feedId }), [authority]);
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
  });

  it("creates a feed at a fresh keypair that signs, and refuses an address that is neither", async () => {
    const fresh = Keypair.generate();
    const otherId = new Uint8Array(32).fill(9);
    await send(createPythFeedInstruction({ authority: authority.publicKey, feedId: otherId, feed: fresh.publicKey }), [authority, fresh]);
    const decoded = decodePriceUpdateV2(await data(fresh.publicKey));
    expect(decoded.writeAuthority).toBe(authority.publicKey.toBase58());
    expect(decoded.priceMessage.feedId).toEqual(otherId);

    const bogus = createPythFeedInstruction({ authority: authority.publicKey, feedId: otherId, feed: Keypair.generate().publicKey });
    bogus.keys[1]!.isSigner = false;
    const refused = await simulate(bogus, [authority]);
    expect(refused.err).toEqual({ InstructionError: [0, { Custom: 2006 }] });
    expect(refused.logs).toContain(
      "Program log: AnchorError caused by account: price_update. Error Code: ConstraintSeeds. Error Number: 2006. Error Message: A seeds constraint was violated.",
    );
  });

  it("writes every price field, with prev_publish_time from the stored one and posted_slot from the clock", async () => {
    const first = await send(
      updatePythPriceInstruction({
        authority: authority.publicKey,
        feed,
        price: 18_250_000_000n,
        conf: 9_125_000n,
        exponent: -8,
        publishTime: 1_700_000_000n,
        emaPrice: 18_200_000_000n,
        emaConf: 9_000_000n,
      }),
      [authority],
    );
    expect(decodePriceUpdateV2(await data(feed))).toEqual({
      writeAuthority: authority.publicKey.toBase58(),
      verificationLevel: { kind: "Full" },
      priceMessage: {
        feedId,
        price: 18_250_000_000n,
        conf: 9_125_000n,
        exponent: -8,
        publishTime: 1_700_000_000n,
        prevPublishTime: 0n,
        emaPrice: 18_200_000_000n,
        emaConf: 9_000_000n,
      },
      postedSlot: BigInt(first.slot),
    });

    const second = await send(
      updatePythPriceInstruction({
        authority: authority.publicKey,
        feed,
        price: -5n,
        conf: 18_446_744_073_709_551_615n,
        exponent: -12,
        publishTime: 1_700_000_007n,
        emaPrice: -9_223_372_036_854_775_808n,
        emaConf: 1n,
      }),
      [authority],
    );
    expect(decodePriceUpdateV2(await data(feed))).toEqual({
      writeAuthority: authority.publicKey.toBase58(),
      verificationLevel: { kind: "Full" },
      priceMessage: {
        feedId,
        price: -5n,
        conf: 18_446_744_073_709_551_615n,
        exponent: -12,
        publishTime: 1_700_000_007n,
        prevPublishTime: 1_700_000_000n,
        emaPrice: -9_223_372_036_854_775_808n,
        emaConf: 1n,
      },
      postedSlot: BigInt(second.slot),
    });
    expect(second.slot).toBeGreaterThanOrEqual(first.slot);

    // The same publish time again is accepted (not older); prev_publish_time then equals it.
    await send(
      updatePythPriceInstruction({
        authority: authority.publicKey,
        feed,
        price: 100n,
        conf: 1n,
        exponent: -2,
        publishTime: 1_700_000_007n,
        emaPrice: 100n,
        emaConf: 1n,
      }),
      [authority],
    );
    const third = decodePriceUpdateV2(await data(feed));
    expect(third.priceMessage.publishTime).toBe(1_700_000_007n);
    expect(third.priceMessage.prevPublishTime).toBe(1_700_000_007n);
  });

  it("refuses a stale publish time and a signer other than the write authority, leaving the account as it was", async () => {
    const before = await data(feed);
    const update = (signer: Keypair, publishTime: bigint) =>
      updatePythPriceInstruction({
        authority: signer.publicKey,
        feed,
        price: 1n,
        conf: 1n,
        exponent: -8,
        publishTime,
        emaPrice: 1n,
        emaConf: 1n,
      });

    const stale = await simulate(update(authority, 1_700_000_006n), [authority]);
    expect(stale.err).toEqual({ InstructionError: [0, { Custom: 6002 }] });
    expect(stale.logs).toEqual([
      `Program ${PYTH_RECEIVER_PROGRAM_ID} invoke [1]`,
      "Program log: Instruction: UpdatePrice",
      "Program log: Publish time 1700000006 is older than the stored 1700000007",
      "Program log: AnchorError occurred. Error Code: InvalidPriceUpdate. Error Number: 6002. Error Message: Received an invalid price update.",
      `Program ${PYTH_RECEIVER_PROGRAM_ID} consumed 3000 of 200000 compute units`,
      `Program ${PYTH_RECEIVER_PROGRAM_ID} failed: custom program error: 0x1772`,
    ]);

    const wrongSigner = await simulate(update(stranger, 1_800_000_000n), [stranger]);
    expect(wrongSigner.err).toEqual({ InstructionError: [0, { Custom: 6006 }] });
    expect(wrongSigner.logs).toContain(
      "Program log: AnchorError caused by account: price_update. Error Code: WrongWriteAuthority. Error Number: 6006. Error Message: This signer can't write to price update account.",
    );

    // The authority's key without its signature: Anchor's signer check.
    const unsigned = update(authority, 1_800_000_000n);
    unsigned.keys[0]!.isSigner = false;
    const notSigned = await simulate(unsigned, [stranger]);
    expect(notSigned.err).toEqual({ InstructionError: [0, { Custom: 3010 }] });
    expect(notSigned.logs).toContain(
      "Program log: AnchorError caused by account: authority. Error Code: AccountNotSigner. Error Number: 3010. Error Message: The given account did not sign.",
    );

    // Sent for real, the refusals fail the transaction and leave the bytes untouched.
    await expect(
      sendAndConfirmTransaction(connection, new Transaction().add(update(stranger, 1_800_000_000n)), [stranger]),
    ).rejects.toThrow(/custom program error: 0x1776/);
    expect((await data(feed)).equals(before)).toBe(true);
  });

  it("stores the verification level an update carries: Partial below the guardian quorum, Full from it; none refused", async () => {
    const update = (verificationLevel: VerificationLevel, publishTime: bigint) =>
      updatePythPriceInstruction({
        authority: authority.publicKey,
        feed,
        price: 7n,
        conf: 1n,
        exponent: -8,
        publishTime,
        emaPrice: 7n,
        emaConf: 1n,
        verificationLevel,
      });
    const partial = await send(update({ kind: "Partial", numSignatures: 5 }, 1_800_000_001n), [authority]);
    const raw = await data(feed);
    expect(priceUpdateV2OffsetsOf(raw)).toBe(PRICE_UPDATE_V2_PARTIAL_OFFSETS);
    expect(decodePriceUpdateV2(raw)).toMatchObject({
      verificationLevel: { kind: "Partial", numSignatures: 5 },
      priceMessage: { price: 7n, publishTime: 1_800_000_001n },
      postedSlot: BigInt(partial.slot),
    });
    expect(verificationLevelAtLeast(decodePriceUpdateV2(raw).verificationLevel, { kind: "Full" })).toBe(false);

    // Thirteen of the nineteen guardians are a quorum: the update is Full, in the one-byte encoding.
    await send(update({ kind: "Partial", numSignatures: GUARDIAN_QUORUM }, 1_800_000_002n), [authority]);
    const quorum = await data(feed);
    expect(GUARDIAN_QUORUM).toBe(13);
    expect(priceUpdateV2OffsetsOf(quorum)).toBe(PRICE_UPDATE_V2_FULL_OFFSETS);
    expect(decodePriceUpdateV2(quorum).verificationLevel).toEqual({ kind: "Full" });

    await send(update({ kind: "Partial", numSignatures: GUARDIAN_QUORUM - 1 }, 1_800_000_003n), [authority]);
    expect(decodePriceUpdateV2(await data(feed)).verificationLevel).toEqual({ kind: "Partial", numSignatures: 12 });

    const before = await data(feed);
    const none = await simulate(update({ kind: "Partial", numSignatures: 0 }, 1_800_000_004n), [authority]);
    expect(none.err).toEqual({ InstructionError: [0, { Custom: 6009 }] });
    expect(none.logs).toContain(
      "Program log: AnchorError occurred. Error Code: InsufficientGuardianSignatures. Error Number: 6009. Error Message: The number of guardian signatures is below the minimum.",
    );
    expect((await data(feed)).equals(before)).toBe(true);
    await send(update({ kind: "Full" }, 1_800_000_005n), [authority]);
    expect(decodePriceUpdateV2(await data(feed)).verificationLevel).toEqual({ kind: "Full" });
  });

  it("refuses unknown instructions, short data and accounts it does not own", async () => {
    const unknown = updatePythPriceInstruction({
      authority: authority.publicKey,
      feed,
      price: 1n,
      conf: 1n,
      exponent: -8,
      publishTime: 1_800_000_000n,
      emaPrice: 1n,
      emaConf: 1n,
    });
    unknown.data = Buffer.concat([instructionDiscriminator("post_twap_update"), unknown.data.subarray(8)]);
    expect((await simulate(unknown, [authority])).err).toEqual({ InstructionError: [0, { Custom: 101 }] });

    const short = updatePythPriceInstruction({
      authority: authority.publicKey,
      feed,
      price: 1n,
      conf: 1n,
      exponent: -8,
      publishTime: 1_800_000_000n,
      emaPrice: 1n,
      emaConf: 1n,
    });
    short.data = short.data.subarray(0, 20);
    expect((await simulate(short, [authority])).err).toEqual({ InstructionError: [0, { Custom: 102 }] });

    const notOurs = updatePythPriceInstruction({
      authority: authority.publicKey,
      feed: authority.publicKey,
      price: 1n,
      conf: 1n,
      exponent: -8,
      publishTime: 1_800_000_000n,
      emaPrice: 1n,
      emaConf: 1n,
    });
    const refused = await simulate(notOurs, [authority]);
    expect(refused.err).toEqual({ InstructionError: [0, { Custom: 3007 }] });
  });
});
