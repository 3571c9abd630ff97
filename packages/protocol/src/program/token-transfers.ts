// SPL Token movements the lending program makes through cross-program invocation: a user's signed transfer
// into a vault, and a vault's transfer out signed by its PDA authority.
import { PublicKey } from "@solana/web3.js";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { BankLayout } from "../state/bank.js";
import { bankVaultSeeds } from "./bank-vaults.js";

/** SPL Token `Transfer` (instruction 3). */
function transferData(amount: bigint): Buffer {
  const data = Buffer.alloc(9);
  data[0] = 3;
  data.writeBigUInt64LE(amount, 1);
  return data;
}

/** Moves `amount` from a token account its owner signed for into a vault. */
export function transferFromSigner(
  ctx: InstructionContext,
  tokenProgram: InstructionAccount,
  source: InstructionAccount,
  destination: InstructionAccount,
  authority: InstructionAccount,
  amount: bigint,
): void {
  ctx.invoke({
    programId: tokenProgram.key,
    accounts: [
      { pubkey: source.key, isSigner: false, isWritable: true },
      { pubkey: destination.key, isSigner: false, isWritable: true },
      { pubkey: authority.key, isSigner: true, isWritable: false },
    ],
    data: transferData(amount),
  });
}

type VaultAuthority = "liquidityVaultAuthority" | "insuranceVaultAuthority" | "feeVaultAuthority";

const AUTHORITY_BUMPS = {
  liquidityVaultAuthority: BankLayout.fields.liquidityVaultAuthorityBump,
  insuranceVaultAuthority: BankLayout.fields.insuranceVaultAuthorityBump,
  feeVaultAuthority: BankLayout.fields.feeVaultAuthorityBump,
} as const;

/** Moves `amount` out of one of the bank's vaults, signed by the vault authority PDA. */
export function transferFromVault(
  ctx: InstructionContext,
  tokenProgram: InstructionAccount,
  vault: InstructionAccount,
  destination: InstructionAccount,
  bank: InstructionAccount,
  authority: VaultAuthority,
  amount: bigint,
): void {
  const seeds = [...bankVaultSeeds(authority, bank.key), Buffer.from([AUTHORITY_BUMPS[authority].get(bank.account.data)])];
  const authorityKey = PublicKey.createProgramAddressSync(seeds, new PublicKey(ctx.programId)).toBase58();
  ctx.invoke(
    {
      programId: tokenProgram.key,
      accounts: [
        { pubkey: vault.key, isSigner: false, isWritable: true },
        { pubkey: destination.key, isSigner: false, isWritable: true },
        { pubkey: authorityKey, isSigner: true, isWritable: false },
      ],
      data: transferData(amount),
    },
    [seeds],
  );
}
