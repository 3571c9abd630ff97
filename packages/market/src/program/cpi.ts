// The instructions the market invokes beyond @ballast/anchor's System and SPL Token helpers:
// rent-exempt PDA creation, token-account set-up, Transfer, TransferChecked and Burn. Token instructions go to the
// program that owns the mint (SPL Token or Token-2022), which shares the instruction set; cTokens are always SPL Token.
// `seeds` (bump included) sign for the market's PDAs.
import { PublicKey } from "@solana/web3.js";
import { createAccount, readonlyMeta as readonly, writableMeta as writable } from "@ballast/anchor";
import { TOKEN_PROGRAM_ID, minimumBalanceForRentExemption, type InstructionAccount, type InstructionContext } from "@ballast/ledger";

type Seeds = readonly Uint8Array[];

const TokenInstruction = { Transfer: 3, Burn: 8, TransferChecked: 12, InitializeAccount3: 18 } as const;

function amountData(kind: number, amount: bigint, extra: number[] = []): Buffer {
  const data = Buffer.alloc(9 + extra.length);
  data[0] = kind;
  data.writeBigUInt64LE(amount, 1);
  extra.forEach((b, i) => (data[9 + i] = b));
  return data;
}

function signers(seeds: Seeds | null): Seeds[] {
  return seeds ? [seeds] : [];
}

/** System CreateAccount of the PDA `target` (signing with `seeds`), rent exempt, `space` bytes, owned by `owner`. */
export function createPdaAccount(
  ctx: InstructionContext,
  payer: InstructionAccount,
  target: InstructionAccount,
  space: number,
  owner: string,
  seeds: Seeds,
): void {
  createAccount(ctx, payer, target, minimumBalanceForRentExemption(space), space, owner, seeds);
}

/** InitializeAccount3: a token account of `mint` owned by `owner`. */
export function initializeTokenAccount(
  ctx: InstructionContext,
  account: InstructionAccount,
  mint: InstructionAccount,
  owner: string,
): void {
  const data = Buffer.alloc(33);
  data[0] = TokenInstruction.InitializeAccount3;
  new PublicKey(owner).toBuffer().copy(data, 1);
  ctx.invoke({ programId: mint.account.owner, accounts: [writable(account), readonly(mint)], data });
}

export interface TransferAccounts {
  source: InstructionAccount;
  mint: InstructionAccount;
  destination: InstructionAccount;
  /** The source's owner: a signer of the instruction, or a PDA signing with `seeds`. */
  authority: InstructionAccount;
}

/** SPL Token Transfer (no mint account): how klend moves cTokens between a user and the collateral vault. */
export function transfer(ctx: InstructionContext, a: Omit<TransferAccounts, "mint">, amount: bigint, seeds: Seeds | null): void {
  ctx.invoke(
    {
      programId: TOKEN_PROGRAM_ID,
      accounts: [writable(a.source), writable(a.destination), readonly(a.authority, true)],
      data: amountData(TokenInstruction.Transfer, amount),
    },
    signers(seeds),
  );
}

/** TransferChecked of `amount` at `decimals`. */
export function transferChecked(ctx: InstructionContext, a: TransferAccounts, amount: bigint, decimals: number, seeds: Seeds | null): void {
  ctx.invoke(
    {
      programId: a.mint.account.owner,
      accounts: [writable(a.source), readonly(a.mint), writable(a.destination), readonly(a.authority, true)],
      data: amountData(TokenInstruction.TransferChecked, amount, [decimals]),
    },
    signers(seeds),
  );
}

/** Burn from `account`, whose owner signs (with `seeds` when it is the market authority). */
export function burn(
  ctx: InstructionContext,
  account: InstructionAccount,
  mint: InstructionAccount,
  authority: InstructionAccount,
  amount: bigint,
  seeds: Seeds | null,
): void {
  ctx.invoke(
    {
      programId: mint.account.owner,
      accounts: [writable(account), writable(mint), readonly(authority, true)],
      data: amountData(TokenInstruction.Burn, amount),
    },
    signers(seeds),
  );
}
