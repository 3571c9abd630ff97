// The System and SPL Token instructions programs on the ledger invoke: account creation, lamport transfers, mint
// set-up and minting. `seeds` (bump included) sign for the calling program's PDAs.
import { ArgsWriter } from "@ballast/codec";
import { SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID, type AccountMeta, type InstructionAccount, type InstructionContext } from "@ballast/ledger";

type Seeds = readonly Uint8Array[];

// Instruction tags: the System program's are u32, SPL Token's one byte.
const SYSTEM_CREATE_ACCOUNT = 0;
const SYSTEM_TRANSFER = 2;
const TOKEN_MINT_TO = 7;
const TOKEN_INITIALIZE_MINT2 = 20;

export const writableMeta = (account: InstructionAccount, isSigner = false): AccountMeta => ({
  pubkey: account.key,
  isSigner,
  isWritable: true,
});
export const readonlyMeta = (account: InstructionAccount, isSigner = false): AccountMeta => ({
  pubkey: account.key,
  isSigner,
  isWritable: false,
});

/** System CreateAccount of `target`, a PDA signing with `seeds`, holding `lamports`, `space` bytes, owned by `owner`. */
export function createAccount(
  ctx: InstructionContext,
  payer: InstructionAccount,
  target: InstructionAccount,
  lamports: bigint,
  space: number,
  owner: string,
  seeds: Seeds,
): void {
  const data = new ArgsWriter().u32(SYSTEM_CREATE_ACCOUNT).u64(lamports).u64(BigInt(space)).pubkey(owner).toBuffer();
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [writableMeta(payer, true), writableMeta(target, true)], data }, [seeds]);
}

/** System Transfer from a signing wallet. */
export function transferLamports(ctx: InstructionContext, from: InstructionAccount, to: InstructionAccount, lamports: bigint): void {
  const data = new ArgsWriter().u32(SYSTEM_TRANSFER).u64(lamports).toBuffer();
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [writableMeta(from, true), writableMeta(to)], data });
}

/** SPL Token InitializeMint2 with no freeze authority. */
export function initializeMint(ctx: InstructionContext, mint: InstructionAccount, decimals: number, mintAuthority: string): void {
  // The freeze authority is a COption<Pubkey> spelt with a one-byte tag: 0 is None.
  const data = new ArgsWriter().u8(TOKEN_INITIALIZE_MINT2).u8(decimals).pubkey(mintAuthority).u8(0).toBuffer();
  ctx.invoke({ programId: TOKEN_PROGRAM_ID, accounts: [writableMeta(mint)], data });
}

/** SPL Token MintTo, the mint authority being a PDA signing with `seeds`. */
export function mintTo(
  ctx: InstructionContext,
  mint: InstructionAccount,
  destination: InstructionAccount,
  authority: InstructionAccount,
  amount: bigint,
  seeds: Seeds,
): void {
  const data = new ArgsWriter().u8(TOKEN_MINT_TO).u64(amount).toBuffer();
  ctx.invoke(
    { programId: TOKEN_PROGRAM_ID, accounts: [writableMeta(mint), writableMeta(destination), readonlyMeta(authority, true)], data },
    [seeds],
  );
}
