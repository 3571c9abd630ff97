// Risk-account packing from decoded accounts and banks: active balances (plus or minus the action's bank), bank key
// descending byte-wise, each bank followed by the oracle accounts its setup and asset tag need.
import { PublicKey, type AccountMeta } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_DISCRIMINATORS,
  AssetTag,
  BANK_SIZE,
  MARGINFI_ACCOUNT_SIZE,
  OracleSetup,
  decodeBank,
  decodeMarginfiAccount,
  type Bank,
  type MarginfiAccount,
} from "@ballast/protocol";
import {
  activeBankKeys,
  bankOracleKeys,
  borrowRiskAccounts,
  liquidationRiskAccounts,
  riskAccounts,
  withdrawRiskAccounts,
} from "../../src/index.js";

const keyOf = (first: number, fill = 0) => {
  const bytes = Buffer.alloc(32, fill);
  bytes[0] = first;
  return new PublicKey(bytes);
};
const oracle = (bank: number, n: number) => keyOf(bank, 100 + n);

function bank(setup: number, tag: number, oracles: PublicKey[]): Bank {
  const decoded = decodeBank(Buffer.concat([ACCOUNT_DISCRIMINATORS.Bank, Buffer.alloc(BANK_SIZE)]));
  decoded.config.oracleSetup = setup;
  decoded.config.assetTag = tag;
  decoded.config.oracleKeys = [...oracles.map((k) => k.toBase58()), ...decoded.config.oracleKeys.slice(oracles.length)];
  return decoded;
}

/** An account with the given banks' balances in the given slots; other slots stay empty. */
function account(slots: Record<number, PublicKey>, inactive: Record<number, PublicKey> = {}): MarginfiAccount {
  const decoded = decodeMarginfiAccount(Buffer.concat([ACCOUNT_DISCRIMINATORS.MarginfiAccount, Buffer.alloc(MARGINFI_ACCOUNT_SIZE)]));
  for (const [slot, key] of Object.entries(slots))
    Object.assign(decoded.lendingAccount.balances[+slot]!, { active: 1, bankPk: key.toBase58() });
  for (const [slot, key] of Object.entries(inactive)) decoded.lendingAccount.balances[+slot]!.bankPk = key.toBase58();
  return decoded;
}

// Keys chosen so that byte order differs from slot order and from base58 order.
const A = keyOf(0x10);
const B = keyOf(0xf0);
const C = keyOf(0x80);
const D = keyOf(0x80, 1);
const PYTH_A = oracle(0x10, 0);
const PYTH_B = oracle(0xf0, 0);
const BANKS = new Map<string, Bank>([
  [A.toBase58(), bank(OracleSetup.PythPushOracle, AssetTag.Default, [PYTH_A])],
  [B.toBase58(), bank(OracleSetup.SwitchboardPull, AssetTag.Sol, [PYTH_B])],
  [C.toBase58(), bank(OracleSetup.Fixed, AssetTag.Default, [])],
  [D.toBase58(), bank(OracleSetup.KaminoPythPush, AssetTag.Kamino, [oracle(0x80, 0), oracle(0x80, 1), oracle(0x80, 2)])],
]);
const keys = (metas: AccountMeta[]) => metas.map((m) => m.pubkey.toBase58());
const names = (list: PublicKey[]) => list.map((k) => k.toBase58());

describe("bankOracleKeys", () => {
  it("Fixed: none, whatever the tag; Default/Sol: oracle_keys[0]; integrations: two; staked: three", () => {
    expect(bankOracleKeys(bank(OracleSetup.Fixed, AssetTag.Staked, [PYTH_A]))).toEqual([]);
    expect(names(bankOracleKeys(BANKS.get(A.toBase58())!))).toEqual(names([PYTH_A]));
    expect(names(bankOracleKeys(BANKS.get(D.toBase58())!))).toEqual(names([oracle(0x80, 0), oracle(0x80, 1)]));
    const staked = [oracle(1, 0), oracle(1, 1), oracle(1, 2), oracle(1, 3)];
    expect(names(bankOracleKeys(bank(OracleSetup.StakedWithPythPush, AssetTag.Staked, staked)))).toEqual(names(staked.slice(0, 3)));
  });

  it("refuses asset tags the program has no packing for", () => {
    expect(() => bankOracleKeys(bank(OracleSetup.PythPushOracle, 9, [PYTH_A]))).toThrow(/asset tag 9/);
  });
});

describe("riskAccounts", () => {
  const held = account({ 0: A, 3: B, 5: C }, { 1: D });

  it("packs active balances by bank key descending, each bank then its oracles, read-only", () => {
    expect(names(activeBankKeys(held))).toEqual(names([B, C, A]));
    const metas = riskAccounts(held, BANKS);
    expect(keys(metas)).toEqual(names([B, PYTH_B, C, A, PYTH_A]));
    expect(metas.every((m) => !m.isSigner && !m.isWritable)).toBe(true);
  });

  it("borrow adds the bank (once, even when the balance exists)", () => {
    expect(keys(borrowRiskAccounts(held, BANKS, D))).toEqual(names([B, PYTH_B, D, oracle(0x80, 0), oracle(0x80, 1), C, A, PYTH_A]));
    expect(keys(borrowRiskAccounts(held, BANKS, A))).toEqual(keys(riskAccounts(held, BANKS)));
  });

  it("withdraw_all leaves the bank out, except in receivership; a partial withdraw keeps it", () => {
    expect(keys(withdrawRiskAccounts(held, BANKS, B, { withdrawAll: true }))).toEqual(names([C, A, PYTH_A]));
    expect(keys(withdrawRiskAccounts(held, BANKS, B, { withdrawAll: true, inReceivership: true }))).toEqual(
      keys(riskAccounts(held, BANKS)),
    );
    expect(keys(withdrawRiskAccounts(held, BANKS, B))).toEqual(keys(riskAccounts(held, BANKS)));
  });

  it("repay_all projections remove the bank", () => {
    expect(keys(riskAccounts(held, BANKS, { remove: [A] }))).toEqual(names([B, PYTH_B, C]));
  });

  it("needs every active bank decoded", () => {
    const unknown = keyOf(0x33);
    expect(() => riskAccounts(account({ 0: unknown }), BANKS)).toThrow(unknown.toBase58());
  });
});

describe("liquidationRiskAccounts", () => {
  it("gives both banks' oracles, the liquidator holding both banks afterwards, and the liquidatee as it is", () => {
    const liquidator = account({ 2: C });
    const liquidatee = account({ 0: A, 1: B });
    const packed = liquidationRiskAccounts({ liquidator, liquidatee, assetBank: A, liabBank: B, banks: BANKS });
    expect(names(packed.assetBankOracles)).toEqual(names([PYTH_A]));
    expect(names(packed.liabBankOracles)).toEqual(names([PYTH_B]));
    expect(keys(packed.liquidatorRiskAccounts)).toEqual(names([B, PYTH_B, C, A, PYTH_A]));
    expect(keys(packed.liquidateeRiskAccounts)).toEqual(names([B, PYTH_B, A, PYTH_A]));
  });
});
