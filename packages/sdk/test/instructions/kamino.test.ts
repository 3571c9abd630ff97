// The Kamino-bank instruction builders: accounts named from the bank (reserve, obligation, vaults) and the decoded
// mainnet USDC reserve (market, vaults, mint, token program) land at the IDL's positions with its flags; a bank
// without a reserve or an obligation is refused with the spec's messages.
import { readFileSync } from "node:fs";
import { Keypair, PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { ZERO_PUBKEY, farmUserStateAddress } from "@ballast/market";
import {
  ACCOUNT_DISCRIMINATORS,
  AssetTag,
  BANK_SIZE,
  DEFAULT_PUBKEY,
  OracleSetup,
  decodeBank,
  i80f48,
  kaminoObligationAddress,
  type Bank,
} from "@ballast/protocol";
import {
  BallastSdkError,
  DEFAULT_PROGRAM_ID,
  KLEND_PROGRAM_ID,
  addBankKaminoInstruction,
  bankAddressWithSeed,
  bankVaultAddress,
  bankVaultAuthorityAddress,
  decodeKaminoReserve,
  kaminoBankKeys,
  kaminoDepositInstruction,
  kaminoWithdrawInstruction,
} from "../../src/index.js";

const FIXTURES = new URL("../../../../../shared/fixtures/mainnet-accounts/", import.meta.url);
const reserveJson = JSON.parse(readFileSync(new URL("kamino_usdc_reserve.json", FIXTURES), "utf8"));
const RESERVE = new PublicKey(reserveJson.pubkey);
const reserve = decodeKaminoReserve(Buffer.from(reserveJson.account.data[0], "base64"));
const KLEND = new PublicKey(KLEND_PROGRAM_ID);

const group = Keypair.generate().publicKey;
const bankKey = Keypair.generate().publicKey;
const obligation = Keypair.generate().publicKey;
const authority = Keypair.generate().publicKey;
const marginfiAccount = Keypair.generate().publicKey;
const lendingMarketAuthority = Keypair.generate().publicKey;

function kaminoBank(withReserve = true, withObligation = true): Bank {
  const bank = decodeBank(Buffer.concat([ACCOUNT_DISCRIMINATORS.Bank, Buffer.alloc(BANK_SIZE)]));
  bank.mint = reserve.liquidity.mintPubkey;
  bank.group = group.toBase58();
  bank.config.assetTag = AssetTag.Kamino;
  bank.integrationAcc1 = withReserve ? RESERVE.toBase58() : DEFAULT_PUBKEY;
  bank.integrationAcc2 = withObligation ? obligation.toBase58() : DEFAULT_PUBKEY;
  return bank;
}

const keys = (ix: { keys: { pubkey: PublicKey; isSigner: boolean; isWritable: boolean }[] }) =>
  ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable]);

describe("Kamino bank instructions", () => {
  const common = { group, marginfiAccount, authority, bank: bankKey, bankData: kaminoBank(), reserve, lendingMarketAuthority };
  const marketKeys = [
    [bankVaultAuthorityAddress(bankKey, "liquidity").toBase58(), false, true],
    [bankVaultAddress(bankKey, "liquidity").toBase58(), false, true],
    [obligation.toBase58(), false, true],
    [reserve.lendingMarket, false, false],
    [lendingMarketAuthority.toBase58(), false, false],
    [RESERVE.toBase58(), false, true],
  ];

  it("kamino_deposit names the bank's obligation and the reserve's market, vaults and mints in IDL order", () => {
    const source = Keypair.generate().publicKey;
    const ix = kaminoDepositInstruction({ ...common, signerTokenAccount: source, amount: 1_000_000n });
    expect(ix.programId.equals(DEFAULT_PROGRAM_ID)).toBe(true);
    expect(keys(ix)).toEqual([
      [group.toBase58(), false, false],
      [marginfiAccount.toBase58(), false, true],
      [authority.toBase58(), true, false],
      [bankKey.toBase58(), false, true],
      [source.toBase58(), false, true],
      ...marketKeys,
      [reserve.liquidity.mintPubkey, false, false],
      [reserve.liquidity.supplyVault, false, true],
      [reserve.collateral.mintPubkey, false, true],
      [reserve.collateral.supplyVault, false, true],
      // The reserve's collateral farm, and the obligation's user state in it.
      [farmUserStateAddress(reserve.farmCollateral, obligation).toBase58(), false, true],
      [reserve.farmCollateral, false, true],
      [KLEND.toBase58(), false, false],
      ["FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr", false, false],
      ["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", false, false],
      [reserve.liquidity.tokenProgram, false, false],
      ["Sysvar1nstructions1111111111111111111111111", false, false],
    ]);
    expect([...ix.data]).toEqual([237, 8, 188, 187, 115, 99, 49, 85, 64, 66, 15, 0, 0, 0, 0, 0]);
  });

  it("kamino_withdraw takes collateral tokens and withdraw_all, then the risk accounts", () => {
    const destination = Keypair.generate().publicKey;
    const risk = { pubkey: Keypair.generate().publicKey, isSigner: false, isWritable: false };
    const ix = kaminoWithdrawInstruction({
      ...common,
      destinationTokenAccount: destination,
      collateral: 5n,
      withdrawAll: true,
      riskAccounts: [risk],
    });
    expect(keys(ix).slice(4, 11)).toEqual([[destination.toBase58(), false, true], ...marketKeys]);
    expect(ix.keys).toHaveLength(23);
    expect(ix.keys[22]).toEqual(risk);
    expect([...ix.data]).toEqual([199, 101, 41, 45, 213, 98, 224, 200, 5, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
  });

  it("passes the lending program's id for the farm accounts of a reserve without a collateral farm", () => {
    const unfarmed = { ...reserve, farmCollateral: ZERO_PUBKEY };
    const ix = kaminoWithdrawInstruction({
      ...common,
      reserve: unfarmed,
      destinationTokenAccount: authority,
      collateral: 5n,
      riskAccounts: [],
    });
    expect(keys(ix).slice(15, 17)).toEqual([
      [DEFAULT_PROGRAM_ID.toBase58(), false, true],
      [DEFAULT_PROGRAM_ID.toBase58(), false, true],
    ]);
  });

  it("refuses a bank without a reserve or an obligation with the spec's messages", () => {
    expect(() => kaminoBankKeys(kaminoBank(false))).toThrow(new BallastSdkError("BANK_WITHOUT_KAMINO_RESERVE"));
    expect(() => kaminoBankKeys(kaminoBank(true, false))).toThrow(new BallastSdkError("BANK_WITHOUT_KAMINO_OBLIGATION"));
    expect(() => kaminoDepositInstruction({ ...common, bankData: kaminoBank(false), signerTokenAccount: authority, amount: 1n })).toThrow(
      "Bank has no kamino reserve",
    );
  });

  it("lending_pool_add_bank_kamino puts the bank at its seed PDA and its obligation at the market's PDA", () => {
    const admin = Keypair.generate().publicKey;
    const oracle = Keypair.generate().publicKey;
    const mint = new PublicKey(reserve.liquidity.mintPubkey);
    const lendingMarket = new PublicKey(reserve.lendingMarket);
    const ix = addBankKaminoInstruction({
      group,
      admin,
      bankMint: mint,
      bankSeed: 7n,
      reserve: RESERVE,
      lendingMarket,
      config: {
        oracle,
        oracleSetup: OracleSetup.KaminoPythPush,
        assetWeightInit: i80f48.fromDecimal("0.8"),
        assetWeightMaint: i80f48.fromDecimal("0.9"),
        depositLimit: 1_000_000_000_000n,
        oracleMaxAge: 60,
      },
    });
    const bank = bankAddressWithSeed(group, mint, 7n);
    const vaultAuthority = bankVaultAuthorityAddress(bank, "liquidity");
    expect(ix.keys[4]!.pubkey.equals(bank)).toBe(true);
    expect(ix.keys[5]!.pubkey.equals(RESERVE)).toBe(true);
    expect(ix.keys[6]!.pubkey.toBase58()).toBe(kaminoObligationAddress(vaultAuthority.toBase58(), lendingMarket.toBase58()));
    expect(ix.keys.slice(-2).map((k) => k.pubkey.toBase58())).toEqual([oracle.toBase58(), RESERVE.toBase58()]);
    // discriminator, KaminoConfigCompact (32 + 16 + 16 + 8 + 1 + 1 + 1 + 1 + 8 + 2 + 4 = 90 bytes), seed.
    expect(ix.data).toHaveLength(8 + 90 + 8);
    expect([...ix.data.subarray(0, 8)]).toEqual([118, 53, 16, 243, 255, 245, 149, 241]);
    expect(ix.data.readBigUInt64LE(98)).toBe(7n);
  });
});
