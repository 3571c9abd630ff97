// The stake account layout against Solana's bincode encoding of `StakeStateV2::Stake`, field by field.
import { Keypair } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  STAKE_ACCOUNT_SIZE,
  StakeStateTag,
  decodeStakeAccount,
  encodeStakeAccount,
  stakeStateTag,
  type StakeAccount,
} from "../src/index.js";

const key = () => Keypair.generate().publicKey;

describe("StakeStateV2::Stake layout", () => {
  const staker = key();
  const withdrawer = key();
  const custodian = key();
  const voter = key();
  const account: StakeAccount = {
    meta: {
      rentExemptReserve: 2_282_880n,
      authorized: { staker: staker.toBase58(), withdrawer: withdrawer.toBase58() },
      lockup: { unixTimestamp: -5n, epoch: 7n, custodian: custodian.toBase58() },
    },
    stake: {
      delegation: {
        voterPubkey: voter.toBase58(),
        stake: 11_500_000_000n,
        activationEpoch: 3n,
        deactivationEpoch: 0xffff_ffff_ffff_ffffn,
        warmupCooldownRate: 0.25,
      },
      creditsObserved: 42n,
    },
    stakeFlags: 1,
  };

  it("writes bincode's sequence: u32 tag 2, Meta, Stake, flags, in 200 bytes", () => {
    const data = encodeStakeAccount(account);
    expect(data.length).toBe(STAKE_ACCOUNT_SIZE);
    const expected = Buffer.concat([
      Buffer.from([2, 0, 0, 0]),
      Buffer.from("80d5220000000000", "hex"),
      staker.toBuffer(),
      withdrawer.toBuffer(),
      Buffer.from("fbffffffffffffff", "hex"),
      Buffer.from("0700000000000000", "hex"),
      custodian.toBuffer(),
      voter.toBuffer(),
      Buffer.from("001374ad02000000", "hex"),
      Buffer.from("0300000000000000", "hex"),
      Buffer.from("ffffffffffffffff", "hex"),
      Buffer.from("000000000000d03f", "hex"),
      Buffer.from("2a00000000000000", "hex"),
      Buffer.from([1]),
    ]);
    expect(expected.length).toBe(197);
    expect(data.subarray(0, 197)).toEqual(expected);
    expect(data.subarray(197)).toEqual(Buffer.alloc(3));
  });

  it("decodes what it encodes, and refuses other states or short data", () => {
    const data = encodeStakeAccount(account);
    expect(decodeStakeAccount(data)).toEqual(account);
    expect(stakeStateTag(data)).toBe(StakeStateTag.Stake);
    const initialized = Buffer.from(data);
    initialized.writeUInt32LE(StakeStateTag.Initialized, 0);
    expect(() => decodeStakeAccount(initialized)).toThrow(RangeError);
    expect(() => decodeStakeAccount(data.subarray(0, 199))).toThrow(RangeError);
    expect(stakeStateTag(Buffer.alloc(3))).toBeNull();
  });
});
