// The System and SPL Token instructions programs on the ledger invoke: account creation, lamport transfers, mint
// set-up and minting. `seeds` (bump included) sign for the calling program's PDAs.
import { PublicKey } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID, type AccountMeta, type InstructionAccount, type InstructionContext } from "@ballast/ledger";

type Seeds = readonly Uint8Array[];

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
  const data = Buffer.alloc(52);
  data.writeUInt32LE(0, 0);
  data.writeBigUInt64LE(lamports, 4);
  data.writeBigUInt64LE(BigInt(space), 12);
  new PublicKey(owner).toBuffer().copy(data, 20);
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [writableMeta(payer, true), writableMeta(target, true)], data }, [seeds]);
}

/** System Transfer from a signing wallet. */
export function transferLamports(ctx: InstructionContext, from: InstructionAccount, to: InstructionAccount, lamports: bigint): void {
  const data = Buffer.alloc(12);
  data.writeUInt32LE(2, 0);
  data.writeBigUInt64LE(lamports, 4);
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [writableMeta(from, true), writableMeta(to)], data });
}

/** SPL Token InitializeMint2 with no freeze authority. */
export function initializeMint(ctx: InstructionContext, mint: InstructionAccount, decimals: number, mintAuthority: string): void {
  const data = Buffer.alloc(35);
  data[0] = 20;
  data[1] = decimals;
  new PublicKey(mintAuthority).toBuffer().copy(data, 2);
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
  const data = Buffer.alloc(9);
  data[0] = 7;
  data.writeBigUInt64LE(amount, 1);
  ctx.invoke(
    { programId: TOKEN_PROGRAM_ID, accounts: [writableMeta(mint), writableMeta(destination), readonlyMeta(authority, true)], data },
    [seeds],
  );
}
