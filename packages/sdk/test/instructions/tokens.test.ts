// Token-account helpers and the assembled instruction lists: wrapped SOL, deposit with account creation, withdraw
// and borrow with SOL unwrapping, and flash-loan bracketing.
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
  decodeCloseAccountInstruction,
  decodeSyncNativeInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { PublicKey, SystemInstruction, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  WRAP_SOL_BUFFER_LAMPORTS,
  associatedTokenAddress,
  borrowFlowInstructions,
  depositFlowInstructions,
  flashloanInstructions,
  lendingCoder,
  marginfiAccountAddress,
  repayFlowInstructions,
  unwrapSolInstruction,
  withdrawFlowInstructions,
  wrapSolInstructions,
} from "../../src/index.js";

const key = (n: number) => new PublicKey(Buffer.alloc(32, n));
const owner = key(1);
const group = key(2);
const bank = key(3);
const usdc = key(4);
const marginfiAccount = key(5);
const riskAccounts = [{ pubkey: key(6), isSigner: false, isWritable: false }];
const wsol = getAssociatedTokenAddressSync(NATIVE_MINT, owner);

const lendingName = (ix: TransactionInstruction) => lendingCoder.instruction.decode(ix.data)?.name;
const describeIx = (ix: TransactionInstruction) => {
  if (ix.programId.equals(ASSOCIATED_TOKEN_PROGRAM_ID)) return `ata:${ix.data[0] === 1 ? "create-idempotent" : ix.data[0]}`;
  if (ix.programId.equals(SystemProgram.programId)) return `system:${SystemInstruction.decodeInstructionType(ix)}`;
  if (ix.programId.equals(TOKEN_PROGRAM_ID)) return `token:${ix.data[0]}`;
  return lendingName(ix);
};

describe("wrapped SOL", () => {
  it("wraps the amount plus 10,000 lamports into the owner's associated account, created idempotently", () => {
    const ixs = wrapSolInstructions({ owner, lamports: 2_000_000_000n });
    expect(ixs.map(describeIx)).toEqual(["ata:create-idempotent", "system:Transfer", "token:17"]);
    expect(ixs[0]!.keys.map((k) => k.pubkey.toBase58())).toEqual(
      [owner, wsol, owner, NATIVE_MINT, SystemProgram.programId, TOKEN_PROGRAM_ID].map((k) => k.toBase58()),
    );
    const transfer = SystemInstruction.decodeTransfer(ixs[1]!);
    expect(transfer).toEqual({ fromPubkey: owner, toPubkey: wsol, lamports: 2_000_010_000n });
    expect(WRAP_SOL_BUFFER_LAMPORTS).toBe(10_000n);
    expect(decodeSyncNativeInstruction(ixs[2]!).keys.account.pubkey.equals(wsol)).toBe(true);
  });

  it("unwraps by closing the account to its owner", () => {
    const close = decodeCloseAccountInstruction(unwrapSolInstruction(owner));
    expect([close.keys.account.pubkey, close.keys.destination.pubkey, close.keys.authority.pubkey]).toEqual([wsol, owner, owner]);
  });

  it("derives associated accounts for PDA owners too", () => {
    const pdaOwner = marginfiAccountAddress(group, owner, 0);
    expect(associatedTokenAddress(usdc, pdaOwner).equals(getAssociatedTokenAddressSync(usdc, pdaOwner, true))).toBe(true);
  });
});

describe("deposit flow", () => {
  const base = { group, marginfiAccount, authority: owner, bank, amount: 5_000n };

  it("first deposit of a token: create the account, then deposit from the associated token account", () => {
    const ixs = depositFlowInstructions({ ...base, mint: usdc, newAccount: "keypair" });
    expect(ixs.map(describeIx)).toEqual(["marginfi_account_initialize", "lending_account_deposit"]);
    expect(ixs[0]!.keys[1]!).toEqual({ pubkey: marginfiAccount, isSigner: true, isWritable: true });
    expect(ixs[1]!.keys[4]!.pubkey.equals(getAssociatedTokenAddressSync(usdc, owner))).toBe(true);
  });

  it("SOL: wrap first, deposit from the wrapped-SOL account; no account creation for an existing account", () => {
    const ixs = depositFlowInstructions({ ...base, mint: NATIVE_MINT });
    expect(ixs.map(describeIx)).toEqual(["ata:create-idempotent", "system:Transfer", "token:17", "lending_account_deposit"]);
    expect(ixs[3]!.keys[4]!.pubkey.equals(wsol)).toBe(true);
  });

  it("PDA account creation: the account must be the authority's PDA for that index", () => {
    const pda = marginfiAccountAddress(group, owner, 2);
    const ixs = depositFlowInstructions({ ...base, marginfiAccount: pda, mint: usdc, newAccount: { accountIndex: 2 } });
    expect(ixs.map(describeIx)).toEqual(["marginfi_account_initialize_pda", "lending_account_deposit"]);
    expect(ixs[0]!.keys[1]!.pubkey.equals(pda)).toBe(true);
    expect(() => depositFlowInstructions({ ...base, mint: usdc, newAccount: { accountIndex: 2 } })).toThrow(pda.toBase58());
  });

  it("repay of SOL wraps too", () => {
    const ixs = repayFlowInstructions({ ...base, mint: NATIVE_MINT, repayAll: true });
    expect(ixs.map(describeIx)).toEqual(["ata:create-idempotent", "system:Transfer", "token:17", "lending_account_repay"]);
  });
});

describe("withdraw and borrow flows", () => {
  const base = { group, marginfiAccount, authority: owner, bank, amount: 7n, riskAccounts };

  it("receive into the associated token account, created if needed", () => {
    const ixs = borrowFlowInstructions({ ...base, mint: usdc });
    expect(ixs.map(describeIx)).toEqual(["ata:create-idempotent", "lending_account_borrow"]);
    expect(ixs[1]!.keys[4]!.pubkey.equals(getAssociatedTokenAddressSync(usdc, owner))).toBe(true);
    expect(ixs[1]!.keys.slice(8)).toEqual(riskAccounts);
  });

  it("SOL arrives unwrapped: the wrapped-SOL account is closed afterwards", () => {
    for (const ixs of [
      withdrawFlowInstructions({ ...base, mint: NATIVE_MINT, withdrawAll: true }),
      borrowFlowInstructions({ ...base, mint: NATIVE_MINT }),
    ]) {
      expect(ixs.map(describeIx).slice(-1)).toEqual(["token:9"]);
      expect(ixs[1]!.keys[4]!.pubkey.equals(wsol)).toBe(true);
    }
  });
});

describe("flash loan", () => {
  it("brackets the inner instructions; the end index counts the instructions before the start", () => {
    const inner = borrowFlowInstructions({ group, marginfiAccount, authority: owner, bank, amount: 1n, riskAccounts: [], mint: usdc });
    const ixs = flashloanInstructions({ marginfiAccount, authority: owner, instructions: inner, riskAccounts, startIndex: 2 });
    expect(ixs.map(describeIx)).toEqual([
      "lending_account_start_flashloan",
      "ata:create-idempotent",
      "lending_account_borrow",
      "lending_account_end_flashloan",
    ]);
    const start = lendingCoder.instruction.decode(ixs[0]!.data)!.data as { end_index: { toString(): string } };
    expect(start.end_index.toString()).toBe("5");
    expect(ixs[3]!.keys.slice(2)).toEqual(riskAccounts);
  });
});
