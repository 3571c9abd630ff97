// PDA derivations against their seeds written out by hand (reference §5), and against the protocol test harness's own.
import { PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { FEE_STATE, bankVaults } from "../../../protocol/test/support/market.js";
import {
  bankAddressWithSeed,
  bankMetadataAddress,
  bankVaultAddress,
  bankVaultAuthorityAddress,
  emissionsAuthorityAddress,
  emissionsVaultAddress,
  feeStateAddress,
  liquidationRecordAddress,
  marginfiAccountAddress,
  singlePoolMintAddress,
  singlePoolStakeAddress,
  stakedSettingsAddress,
} from "../../src/index.js";

const PROGRAM = new PublicKey("MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA");
const SINGLE_POOL = new PublicKey("SVSPxpvHdN29nkVg9rPapPNDddN5DipNLRUFhyjFThE");
const group = new PublicKey(Buffer.alloc(32, 1));
const bank = new PublicKey(Buffer.alloc(32, 2));
const mint = new PublicKey(Buffer.alloc(32, 3));
const authority = new PublicKey(Buffer.alloc(32, 4));
const account = new PublicKey(Buffer.alloc(32, 5));

const pda = (seeds: Buffer[], program = PROGRAM) => PublicKey.findProgramAddressSync(seeds, program)[0].toBase58();
const text = (s: string) => Buffer.from(s);

describe("PDAs", () => {
  it("fee state: ['feestate'], as the harness derives it", () => {
    expect(feeStateAddress().toBase58()).toBe(pda([text("feestate")]));
    expect(feeStateAddress().equals(FEE_STATE)).toBe(true);
  });

  it("bank vaults and their authorities: [seed, bank], as the harness derives them", () => {
    const theirs = bankVaults(bank);
    expect(bankVaultAddress(bank, "liquidity").toBase58()).toBe(pda([text("liquidity_vault"), bank.toBuffer()]));
    expect(bankVaultAuthorityAddress(bank, "liquidity").toBase58()).toBe(pda([text("liquidity_vault_auth"), bank.toBuffer()]));
    expect(bankVaultAddress(bank, "insurance").toBase58()).toBe(pda([text("insurance_vault"), bank.toBuffer()]));
    expect(bankVaultAuthorityAddress(bank, "insurance").toBase58()).toBe(pda([text("insurance_vault_auth"), bank.toBuffer()]));
    expect(bankVaultAddress(bank, "fee").toBase58()).toBe(pda([text("fee_vault"), bank.toBuffer()]));
    expect(bankVaultAuthorityAddress(bank, "fee").toBase58()).toBe(pda([text("fee_vault_auth"), bank.toBuffer()]));
    expect({
      liquidity: bankVaultAddress(bank, "liquidity"),
      liquidityAuthority: bankVaultAuthorityAddress(bank, "liquidity"),
      insurance: bankVaultAddress(bank, "insurance"),
      insuranceAuthority: bankVaultAuthorityAddress(bank, "insurance"),
      fee: bankVaultAddress(bank, "fee"),
      feeAuthority: bankVaultAuthorityAddress(bank, "fee"),
    }).toEqual(theirs);
  });

  it("seeded bank: [group, mint, seed u64 LE]", () => {
    const seed = Buffer.from([0x15, 0x03, 0, 0, 0, 0, 0, 0]);
    expect(bankAddressWithSeed(group, mint, 789n).toBase58()).toBe(pda([group.toBuffer(), mint.toBuffer(), seed]));
  });

  it("emissions authority and vault: [seed, bank, emissions mint]", () => {
    expect(emissionsAuthorityAddress(bank, mint).toBase58()).toBe(pda([text("emissions_auth_seed"), bank.toBuffer(), mint.toBuffer()]));
    expect(emissionsVaultAddress(bank, mint).toBase58()).toBe(
      pda([text("emissions_token_account_seed"), bank.toBuffer(), mint.toBuffer()]),
    );
  });

  it("PDA margin account: ['marginfi_account', group, authority, index u16 LE, third-party id u16 LE or 0]", () => {
    const seeds = (index: number[], thirdParty: number[]) => [
      text("marginfi_account"),
      group.toBuffer(),
      authority.toBuffer(),
      Buffer.from(index),
      Buffer.from(thirdParty),
    ];
    expect(marginfiAccountAddress(group, authority, 258, 10_001).toBase58()).toBe(pda(seeds([2, 1], [0x11, 0x27])));
    expect(marginfiAccountAddress(group, authority, 0).toBase58()).toBe(pda(seeds([0, 0], [0, 0])));
  });

  it("liquidation record, staked settings and bank metadata", () => {
    expect(liquidationRecordAddress(account).toBase58()).toBe(pda([text("liq_record"), account.toBuffer()]));
    expect(stakedSettingsAddress(group).toBase58()).toBe(pda([text("staked_settings"), group.toBuffer()]));
    expect(bankMetadataAddress(bank).toBase58()).toBe(pda([text("metadata"), bank.toBuffer()]));
  });

  it("single-validator pool mint and stake account, under the SPL single-pool program", () => {
    expect(singlePoolMintAddress(account).toBase58()).toBe(pda([text("mint"), account.toBuffer()], SINGLE_POOL));
    expect(singlePoolStakeAddress(account).toBase58()).toBe(pda([text("stake"), account.toBuffer()], SINGLE_POOL));
  });

  it("derive under another program id when given one", () => {
    const other = new PublicKey(Buffer.alloc(32, 9));
    expect(feeStateAddress(other).toBase58()).toBe(pda([text("feestate")], other));
    expect(liquidationRecordAddress(account, other).toBase58()).toBe(pda([text("liq_record"), account.toBuffer()], other));
  });
});
