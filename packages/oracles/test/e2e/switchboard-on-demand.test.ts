import { Connection, Keypair, PublicKey, Transaction, type TransactionInstruction, sendAndConfirmTransaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { land, simulateSigned } from "../../../ledger/test/support/localnet.js";
import { minimumBalanceForRentExemption, startLocalnet, type Localnet } from "@ballast/ledger";
import {
  PULL_FEED_ACCOUNT_SIZE,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  createSwitchboardFeedInstruction,
  decodePullFeed,
  emptyPullFeed,
  encodeFeedName,
  readPullFeedResult,
  switchboardFeedAddress,
  switchboardOnDemandProgram,
  updateSwitchboardResultInstruction,
  type PullFeedAccountData,
} from "../../src/index.js";

let net: Localnet;
let connection: Connection;
const authority = Keypair.generate();
const stranger = Keypair.generate();
const feedHash = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);

interface Landed {
  slot: bigint;
  blockTime: bigint;
}
async function send(ix: TransactionInstruction, signers: Keypair[]): Promise<Landed> {
  const landed = await land(connection, ix, signers);
  return { slot: BigInt(landed.slot), blockTime: BigInt(landed.blockTime) };
}
function simulate(ix: TransactionInstruction, signers: Keypair[]) {
  return simulateSigned(connection, ix, signers);
}
async function data(address: PublicKey): Promise<Buffer> {
  return (await connection.getAccountInfo(address, "confirmed"))!.data;
}

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 50, programs: [switchboardOnDemandProgram()] });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  await net.ledger.requestAirdrop(authority.publicKey.toBase58(), 10_000_000_000n);
  await net.ledger.requestAirdrop(stranger.publicKey.toBase58(), 10_000_000_000n);
});
afterAll(() => net.close());

describe("local Switchboard On-Demand on the ledger", () => {
  const [feed] = switchboardFeedAddress(authority.publicKey, feedHash);
  let created: Landed;
  let expected: PullFeedAccountData;

  it("creates a pull feed at the PDA of authority and feed hash, every field as given and the rest zero", async () => {
    created = await send(
      createSwitchboardFeedInstruction({ authority: authority.publicKey, feedHash, name: "SOL/USD", maxStaleness: 250 }),
      [authority],
    );
    const info = (await connection.getAccountInfo(feed, "confirmed"))!;
    expect(info.owner.toBase58()).toBe(SWITCHBOARD_ON_DEMAND_PROGRAM_ID);
    expect(info.data.length).toBe(PULL_FEED_ACCOUNT_SIZE);
    expect(BigInt(info.lamports)).toBe(minimumBalanceForRentExemption(PULL_FEED_ACCOUNT_SIZE));
    expected = emptyPullFeed();
    expected.authority = authority.publicKey.toBase58();
    expected.feedHash = feedHash;
    expected.name = Uint8Array.from(encodeFeedName("SOL/USD"));
    expected.maxStaleness = 250;
    expected.initializedAt = created.blockTime;
    expected.minResponses = 1;
    expected.minSampleSize = 1;
    expected.permitWriteByAuthority = 1;
    expect(decodePullFeed(info.data)).toEqual(expected);
    expect(readPullFeedResult(info.data).slot).toBe(0n);

    const again = await simulate(
      createSwitchboardFeedInstruction({ authority: authority.publicKey, feedHash, name: "SOL/USD", maxStaleness: 250 }),
      [authority],
    );
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
  });

  it("creates a feed at a fresh keypair that signs", async () => {
    const fresh = Keypair.generate();
    await send(createSwitchboardFeedInstruction({ authority: authority.publicKey, feedHash, feed: fresh.publicKey }), [authority, fresh]);
    const decoded = decodePullFeed(await data(fresh.publicKey));
    expect(decoded.authority).toBe(authority.publicKey.toBase58());
    expect(decoded.feedHash).toEqual(feedHash);
    expect(decoded.maxStaleness).toBe(0);
    expect(decoded.name).toEqual(new Uint8Array(32));
  });

  it("writes the result, the submission and the history from the value and the clock", async () => {
    const value = 182_530_000_000_000_000_000n; // 182.53
    const stdDev = 91_265_000_000_000_000n; // 0.091265
    const first = await send(updateSwitchboardResultInstruction({ authority: authority.publicKey, feed, value, stdDev }), [authority]);
    const raw = await data(feed);
    expected.submissions[0] = { oracle: authority.publicKey.toBase58(), slot: first.slot, landedAt: first.slot, value };
    expected.submissionTimestamps[0] = first.blockTime;
    expected.lastUpdateTimestamp = first.blockTime;
    expected.result = {
      value,
      stdDev,
      mean: value,
      range: 0n,
      minValue: value,
      maxValue: value,
      numSamples: 1,
      submissionIdx: 0,
      padding1: new Uint8Array(6),
      slot: first.slot,
      minSlot: first.slot,
      maxSlot: first.slot,
    };
    expected.historicalResults[0] = { stdDev: Math.fround(0.091265), mean: Math.fround(182.53), slot: first.slot };
    expected.historicalResultIdx = 1;
    expect(decodePullFeed(raw)).toEqual(expected);
    expect(readPullFeedResult(raw)).toEqual({ value, stdDev, slot: first.slot, lastUpdateTimestamp: first.blockTime, maxStaleness: 250 });

    const low = -3n; // any i128, negative included
    const second = await send(updateSwitchboardResultInstruction({ authority: authority.publicKey, feed, value: low, stdDev: 0n }), [
      authority,
    ]);
    const after = decodePullFeed(await data(feed));
    expect(after.result).toEqual({
      value: low,
      stdDev: 0n,
      mean: low,
      range: 0n,
      minValue: low,
      maxValue: low,
      numSamples: 1,
      submissionIdx: 0,
      padding1: new Uint8Array(6),
      slot: second.slot,
      minSlot: second.slot,
      maxSlot: second.slot,
    });
    expect(after.submissions[0]).toEqual({ oracle: authority.publicKey.toBase58(), slot: second.slot, landedAt: second.slot, value: low });
    expect(after.submissions.slice(1)).toEqual(expected.submissions.slice(1));
    expect(after.lastUpdateTimestamp).toBe(second.blockTime);
    expect(after.submissionTimestamps[0]).toBe(second.blockTime);
    expect(after.historicalResults[0]).toEqual(expected.historicalResults[0]);
    expect(after.historicalResults[1]).toEqual({ stdDev: 0, mean: Math.fround(-3e-18), slot: second.slot });
    expect(after.historicalResultIdx).toBe(2);
    expect(after.initializedAt).toBe(created.blockTime);
  });

  it("refuses a signer other than the authority and a negative std_dev, leaving the account as it was", async () => {
    const before = await data(feed);
    const wrong = await simulate(updateSwitchboardResultInstruction({ authority: stranger.publicKey, feed, value: 1n, stdDev: 0n }), [
      stranger,
    ]);
    expect(wrong.err).toEqual({ InstructionError: [0, { Custom: 6012 }] });
    expect(wrong.logs).toContain(
      "Program log: AnchorError caused by account: pull_feed. Error Code: InvalidAuthority. Error Number: 6012. Error Message: InvalidAuthority.",
    );

    const negative = await simulate(updateSwitchboardResultInstruction({ authority: authority.publicKey, feed, value: 1n, stdDev: -1n }), [
      authority,
    ]);
    expect(negative.err).toEqual({ InstructionError: [0, { Custom: 6027 }] });
    expect(negative.logs).toContain(
      "Program log: AnchorError occurred. Error Code: IllegalFeedValue. Error Number: 6027. Error Message: IllegalFeedValue.",
    );

    await expect(
      sendAndConfirmTransaction(
        connection,
        new Transaction().add(updateSwitchboardResultInstruction({ authority: stranger.publicKey, feed, value: 1n, stdDev: 0n })),
        [stranger],
      ),
    ).rejects.toThrow(/custom program error: 0x177c/);
    expect((await data(feed)).equals(before)).toBe(true);
  });
});
