// Bank PDAs (reference §5) and the account work add_bank does through CPIs: the three vault token accounts
// (System CreateAccount + SPL Token InitializeAccount3, signed with the vault's seeds) and the flat SOL fee.
import { PublicKey } from "@solana/web3.js";
import {
  ACCOUNT_SIZE,
  MINT_SIZE,
  SYSTEM_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  decodeMint,
  minimumBalanceForRentExemption,
  type InstructionAccount,
  type InstructionContext,
  type Mint,
} from "@ballast/ledger";
import type { LendingAccounts } from "./accounts.js";
import { fail } from "./errors.js";

export const TOKEN_2022_PROGRAM_ID = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

/** Seeds of the per-bank vaults and their authorities (each followed by the bank key). */
export const BANK_SEEDS = {
  liquidityVault: Buffer.from("liquidity_vault"),
  liquidityVaultAuthority: Buffer.from("liquidity_vault_auth"),
  insuranceVault: Buffer.from("insurance_vault"),
  insuranceVaultAuthority: Buffer.from("insurance_vault_auth"),
  feeVault: Buffer.from("fee_vault"),
  feeVaultAuthority: Buffer.from("fee_vault_auth"),
} as const;

/** Seeds of a bank created with a seed: [group, mint, seed as u64 LE]. */
export function bankSeeds(group: string, mint: string, seed: bigint): Buffer[] {
  const le = Buffer.alloc(8);
  le.writeBigUInt64LE(seed);
  return [new PublicKey(group).toBuffer(), new PublicKey(mint).toBuffer(), le];
}

export function bankVaultSeeds(kind: keyof typeof BANK_SEEDS, bank: string): Buffer[] {
  return [BANK_SEEDS[kind], new PublicKey(bank).toBuffer()];
}

/** Anchor's `InterfaceAccount<Mint>`: initialised, owned by a token program, and unpacking as a mint. */
export function loadMint(account: InstructionAccount, name: string): Mint {
  const { owner, lamports, data } = account.account;
  if (lamports === 0n && data.length === 0 && owner === SYSTEM_PROGRAM_ID) fail("AccountNotInitialized", name);
  if (owner !== TOKEN_PROGRAM_ID && owner !== TOKEN_2022_PROGRAM_ID) fail("AccountOwnedByWrongProgram", name);
  if (data.length !== MINT_SIZE) fail("AccountDidNotDeserialize", name);
  let mint: Mint;
  try {
    mint = decodeMint(data);
  } catch {
    fail("AccountDidNotDeserialize", name);
  }
  if (!mint.isInitialized) fail("AccountDidNotDeserialize", name);
  return mint;
}

/**
 * Anchor's `init` of a token account at a PDA with `token::mint` and `token::authority`: checks the address
 * against the seeds (ConstraintSeeds), creates it rent-exempt and owned by the token program, signing with the
 * seeds, then InitializeAccount3. Returns the bump.
 */
export function initTokenVault(
  ctx: InstructionContext,
  accounts: LendingAccounts,
  payer: InstructionAccount,
  vault: InstructionAccount,
  name: string,
  seeds: Buffer[],
  mint: InstructionAccount,
  authority: string,
  tokenProgram: InstructionAccount,
): number {
  const bump = accounts.pda(vault, name, seeds);
  const create = Buffer.alloc(52);
  create.writeUInt32LE(0, 0);
  create.writeBigUInt64LE(minimumBalanceForRentExemption(ACCOUNT_SIZE), 4);
  create.writeBigUInt64LE(BigInt(ACCOUNT_SIZE), 12);
  new PublicKey(tokenProgram.key).toBuffer().copy(create, 20);
  ctx.invoke(
    {
      programId: SYSTEM_PROGRAM_ID,
      accounts: [
        { pubkey: payer.key, isSigner: true, isWritable: true },
        { pubkey: vault.key, isSigner: true, isWritable: true },
      ],
      data: create,
    },
    [[...seeds, Buffer.from([bump])]],
  );
  const initialize = Buffer.alloc(33);
  initialize[0] = 18; // InitializeAccount3 { owner }
  new PublicKey(authority).toBuffer().copy(initialize, 1);
  ctx.invoke({
    programId: tokenProgram.key,
    accounts: [
      { pubkey: vault.key, isSigner: false, isWritable: true },
      { pubkey: mint.key, isSigner: false, isWritable: false },
    ],
    data: initialize,
  });
  return bump;
}
