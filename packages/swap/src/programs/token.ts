// The SPL Token calls both programs make beyond @ballast/anchor's (account creation, InitializeMint2, MintTo):
// Transfer, Burn and InitializeAccount3, and the loaders for mints and token accounts. `seeds` (bump included)
// sign for the calling program's PDAs.
import { PublicKey } from "@solana/web3.js";
import { anchorFail, custom, readonlyMeta, writableMeta, type AccountDeclaration } from "@ballast/anchor";
import {
  TOKEN_PROGRAM_ID,
  decodeMint,
  decodeTokenAccount,
  type InstructionAccount,
  type InstructionContext,
  type Mint,
  type TokenAccount,
} from "@ballast/ledger";

export type Seeds = readonly Uint8Array[];

const TokenInstruction = { Transfer: 3, Burn: 8, InitializeAccount3: 18 } as const;

function amountData(kind: number, amount: bigint): Buffer {
  const data = Buffer.alloc(9);
  data[0] = kind;
  data.writeBigUInt64LE(amount, 1);
  return data;
}

/** SPL Token Transfer, signed by the source's owner (a PDA when `seeds` is given). */
export function transfer(
  ctx: InstructionContext,
  source: InstructionAccount,
  destination: InstructionAccount,
  authority: InstructionAccount,
  amount: bigint,
  seeds: Seeds | null = null,
): void {
  ctx.invoke(
    {
      programId: TOKEN_PROGRAM_ID,
      accounts: [writableMeta(source), writableMeta(destination), readonlyMeta(authority, true)],
      data: amountData(TokenInstruction.Transfer, amount),
    },
    seeds ? [seeds] : [],
  );
}

/** SPL Token Burn from `account`, signed by its owner. */
export function burn(
  ctx: InstructionContext,
  account: InstructionAccount,
  mint: InstructionAccount,
  authority: InstructionAccount,
  amount: bigint,
): void {
  ctx.invoke({
    programId: TOKEN_PROGRAM_ID,
    accounts: [writableMeta(account), writableMeta(mint), readonlyMeta(authority, true)],
    data: amountData(TokenInstruction.Burn, amount),
  });
}

/** SPL Token InitializeAccount3: a token account of `mint` owned by `owner`. */
export function initializeTokenAccount(
  ctx: InstructionContext,
  account: InstructionAccount,
  mint: InstructionAccount,
  owner: string,
): void {
  const data = Buffer.alloc(33);
  data[0] = TokenInstruction.InitializeAccount3;
  new PublicKey(owner).toBuffer().copy(data, 1);
  ctx.invoke({ programId: TOKEN_PROGRAM_ID, accounts: [writableMeta(account), readonlyMeta(mint)], data });
}

/** The account's token balance, read live so it shows what earlier calls moved. */
export function tokenBalance(account: InstructionAccount): bigint {
  return decodeTokenAccount(account.account.data).amount;
}

export function readTokenAccount(account: InstructionAccount): TokenAccount {
  return decodeTokenAccount(account.account.data);
}

export function readMint(account: InstructionAccount): Mint {
  return decodeMint(account.account.data);
}

/** Anchor's `Account<'info, Mint>`: owned by SPL Token and a mint. */
export function mintAccount(): AccountDeclaration<object> {
  return custom((account, name) => {
    if (account.account.owner !== TOKEN_PROGRAM_ID) anchorFail("AccountOwnedByWrongProgram", name);
    try {
      decodeMint(account.account.data);
    } catch {
      anchorFail("AccountDidNotDeserialize", name);
    }
    return {};
  });
}

/** Anchor's `Account<'info, TokenAccount>`: owned by SPL Token and a token account. */
export function tokenAccount(options: { readonly mut?: "load" | "constraint" | "handler" } = {}): AccountDeclaration<object> {
  return custom((account, name) => {
    if (account.account.owner !== TOKEN_PROGRAM_ID) anchorFail("AccountOwnedByWrongProgram", name);
    try {
      decodeTokenAccount(account.account.data);
    } catch {
      anchorFail("AccountDidNotDeserialize", name);
    }
    return {};
  }, options);
}
