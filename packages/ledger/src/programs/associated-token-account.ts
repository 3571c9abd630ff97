import { ArgsReader, ArgsWriter } from "@ballast/codec";
import { PublicKey } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type Address } from "../account.js";
import { InstructionError } from "../errors.js";
import type { AccountMeta, InstructionAccount, InstructionContext, Program } from "../runtime/program.js";
import { base58ToBytes } from "../tx/base58.js";
import { tokenBaseState } from "./token/extensions.js";
import { ACCOUNT_SIZE, AccountState, decodeMint, decodeTokenAccount, type TokenAccount } from "./token/layout.js";

export const ASSOCIATED_TOKEN_PROGRAM_ID: Address = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";

/** AssociatedTokenAccountError::InvalidOwner, and the text the program prints for it. */
const INVALID_OWNER = 0;
const INVALID_OWNER_TEXT = "Associated token account owner does not match address derivation";

/** Token instruction tags this program invokes. */
const TOKEN_TRANSFER_CHECKED = 12;
const TOKEN_CLOSE_ACCOUNT = 9;
const TOKEN_INITIALIZE_ACCOUNT3 = 18;
const TOKEN_GET_ACCOUNT_DATA_SIZE = 21;
const TOKEN_INITIALIZE_IMMUTABLE_OWNER = 22;
/** ExtensionType::ImmutableOwner, as the u16 the ATA program asks GetAccountDataSize to make room for. */
const EXTENSION_IMMUTABLE_OWNER = 7;

/** System instruction indexes this program invokes. */
const SYSTEM_CREATE_ACCOUNT = 0;
const SYSTEM_ASSIGN = 1;
const SYSTEM_TRANSFER = 2;
const SYSTEM_ALLOCATE = 8;

/**
 * Compute charged by this program itself (its CPIs are metered separately): instruction decoding and logging, each
 * try of the address derivation (as the find_program_address syscall charges), and the create path's bookkeeping.
 */
const BASE_UNITS = 3000;
const DERIVATION_TRY_UNITS = 1500;
const CREATE_UNITS = 4627;
const RECOVER_UNITS = 2500;

/** The associated token address of `wallet` for `mint` under `tokenProgram`, and its bump seed. */
export function associatedTokenAddress(wallet: Address, mint: Address, tokenProgram: Address): { address: Address; bump: number } {
  const [address, bump] = PublicKey.findProgramAddressSync(
    [base58ToBytes(wallet), base58ToBytes(tokenProgram), base58ToBytes(mint)],
    new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
  );
  return { address: address.toBase58(), bump };
}

/** Derives like the on-chain program, charging per bump tried. */
function derive(ctx: InstructionContext, wallet: Address, mint: Address, tokenProgram: Address): { address: Address; bump: number } {
  const derived = associatedTokenAddress(wallet, mint, tokenProgram);
  ctx.consume(DERIVATION_TRY_UNITS * (256 - derived.bump));
  return derived;
}

function signerSeeds(wallet: Address, tokenProgram: Address, mint: Address, bump: number): Uint8Array[] {
  return [base58ToBytes(wallet), base58ToBytes(tokenProgram), base58ToBytes(mint), Uint8Array.of(bump)];
}

function account(ctx: InstructionContext, index: number): InstructionAccount {
  const a = ctx.accounts[index];
  if (!a) throw new InstructionError("NotEnoughAccountKeys");
  return a;
}

const meta = (pubkey: Address, isSigner: boolean, isWritable: boolean): AccountMeta => ({ pubkey, isSigner, isWritable });

/** The base state of a mint or token account, with Token-2022's extension area allowed past it (StateWithExtensions). */
function baseOf(info: InstructionAccount, kind: "mint" | "account"): Buffer {
  return tokenBaseState(info.account.owner, info.account.data, kind);
}

/** StateWithExtensions::<Account>::unpack: an initialised token account. */
function unpackTokenAccount(info: InstructionAccount): TokenAccount {
  const base = baseOf(info, "account");
  if (base.length !== ACCOUNT_SIZE) throw new InstructionError("InvalidAccountData");
  const state = decodeTokenAccount(base);
  if (state.state === AccountState.Uninitialized) throw new InstructionError("UninitializedAccount");
  return state;
}

/** The account size the token program asks for, via its GetAccountDataSize return data. */
function accountLength(ctx: InstructionContext, mint: InstructionAccount, tokenProgram: Address): bigint {
  const data = new ArgsWriter().u8(TOKEN_GET_ACCOUNT_DATA_SIZE).u16(EXTENSION_IMMUTABLE_OWNER).toBuffer();
  ctx.invoke({ programId: tokenProgram, accounts: [meta(mint.key, false, false)], data });
  const returned = ctx.getReturnData();
  if (!returned) throw new InstructionError("InvalidInstructionData");
  if (returned.programId !== tokenProgram) throw new InstructionError("IncorrectProgramId");
  if (returned.data.length !== 8) throw new InstructionError("InvalidInstructionData");
  return new ArgsReader(returned.data).u64();
}

/**
 * Funds, sizes and assigns the PDA through the System program. An address that already holds lamports (someone sent
 * SOL to it) cannot be created, so it is topped up, allocated and assigned instead.
 */
function createPdaAccount(
  ctx: InstructionContext,
  payer: InstructionAccount,
  target: InstructionAccount,
  space: bigint,
  owner: Address,
  seeds: Uint8Array[],
): void {
  let rentExempt = minimumBalanceForRentExemption(Number(space));
  if (rentExempt < 1n) rentExempt = 1n;
  const programId = SYSTEM_PROGRAM_ID;
  if (target.account.lamports > 0n) {
    const shortfall = rentExempt > target.account.lamports ? rentExempt - target.account.lamports : 0n;
    if (shortfall > 0n) {
      const data = new ArgsWriter().u32(SYSTEM_TRANSFER).u64(shortfall).toBuffer();
      ctx.invoke({ programId, accounts: [meta(payer.key, true, true), meta(target.key, false, true)], data });
    }
    const allocate = new ArgsWriter().u32(SYSTEM_ALLOCATE).u64(space).toBuffer();
    ctx.invoke({ programId, accounts: [meta(target.key, true, true)], data: allocate }, [seeds]);
    const assign = new ArgsWriter().u32(SYSTEM_ASSIGN).pubkey(owner).toBuffer();
    ctx.invoke({ programId, accounts: [meta(target.key, true, true)], data: assign }, [seeds]);
    return;
  }
  const data = new ArgsWriter().u32(SYSTEM_CREATE_ACCOUNT).u64(rentExempt).u64(space).pubkey(owner).toBuffer();
  ctx.invoke({ programId, accounts: [meta(payer.key, true, true), meta(target.key, true, true)], data }, [seeds]);
}

function create(ctx: InstructionContext, idempotent: boolean): void {
  const payer = account(ctx, 0);
  const ata = account(ctx, 1);
  const wallet = account(ctx, 2);
  const mint = account(ctx, 3);
  // The System program's account: required, though the CPIs name the program by its id.
  account(ctx, 4);
  const tokenProgram = account(ctx, 5).key;

  const { address, bump } = derive(ctx, wallet.key, mint.key, tokenProgram);
  if (address !== ata.key) {
    ctx.log("Error: Associated address does not match seed derivation");
    throw new InstructionError("InvalidSeeds");
  }

  if (idempotent && ata.account.owner === tokenProgram) {
    let existing: TokenAccount | null = null;
    try {
      existing = unpackTokenAccount(ata);
    } catch {
      // Not a usable token account: fall through, and the owner check below refuses it.
    }
    if (existing) {
      if (existing.owner !== wallet.key) {
        ctx.log(INVALID_OWNER_TEXT);
        throw InstructionError.custom(INVALID_OWNER);
      }
      if (existing.mint !== mint.key) throw new InstructionError("InvalidAccountData");
      return;
    }
  }
  if (ata.account.owner !== SYSTEM_PROGRAM_ID) throw new InstructionError("IllegalOwner");

  ctx.consume(CREATE_UNITS);
  const seeds = signerSeeds(wallet.key, tokenProgram, mint.key, bump);
  const space = accountLength(ctx, mint, tokenProgram);
  createPdaAccount(ctx, payer, ata, space, tokenProgram, seeds);

  ctx.log("Initialize the associated token account");
  ctx.invoke({ programId: tokenProgram, accounts: [meta(ata.key, false, true)], data: Buffer.from([TOKEN_INITIALIZE_IMMUTABLE_OWNER]) });
  ctx.invoke({
    programId: tokenProgram,
    accounts: [meta(ata.key, false, true), meta(mint.key, false, false)],
    data: new ArgsWriter().u8(TOKEN_INITIALIZE_ACCOUNT3).pubkey(wallet.key).toBuffer(),
  });
}

/**
 * Rescues tokens sent to an ATA owned by another ATA of the same wallet: moves them to the wallet's own ATA for that
 * mint and closes the nested account, the owner ATA signing as the PDA it is.
 */
function recoverNested(ctx: InstructionContext): void {
  const nested = account(ctx, 0);
  const nestedMint = account(ctx, 1);
  const destination = account(ctx, 2);
  const ownerAta = account(ctx, 3);
  const ownerMint = account(ctx, 4);
  const wallet = account(ctx, 5);
  const tokenProgram = account(ctx, 6).key;

  const owner = derive(ctx, wallet.key, ownerMint.key, tokenProgram);
  if (owner.address !== ownerAta.key) {
    ctx.log("Error: Owner associated address does not match seed derivation");
    throw new InstructionError("InvalidSeeds");
  }
  if (derive(ctx, ownerAta.key, nestedMint.key, tokenProgram).address !== nested.key) {
    ctx.log("Error: Nested associated address does not match seed derivation");
    throw new InstructionError("InvalidSeeds");
  }
  if (derive(ctx, wallet.key, nestedMint.key, tokenProgram).address !== destination.key) {
    ctx.log("Error: Destination associated address does not match seed derivation");
    throw new InstructionError("InvalidSeeds");
  }
  if (!wallet.isSigner) {
    ctx.log("Wallet of the owner associated token account must sign");
    throw new InstructionError("MissingRequiredSignature");
  }
  if (ownerMint.account.owner !== tokenProgram) {
    ctx.log("Owner mint not owned by provided token program");
    throw new InstructionError("IllegalOwner");
  }
  if (ownerAta.account.owner !== tokenProgram) {
    ctx.log("Owner associated token account not owned by provided token program, recreate the owner associated token account first");
    throw new InstructionError("IllegalOwner");
  }
  if (unpackTokenAccount(ownerAta).owner !== wallet.key) {
    ctx.log("Owner associated token account not owned by provided wallet");
    throw InstructionError.custom(INVALID_OWNER);
  }
  if (nested.account.owner !== tokenProgram) {
    ctx.log("Nested associated token account not owned by provided token program");
    throw new InstructionError("IllegalOwner");
  }
  const nestedState = unpackTokenAccount(nested);
  if (nestedState.owner !== ownerAta.key) {
    ctx.log("Nested associated token account not owned by provided associated token account");
    throw InstructionError.custom(INVALID_OWNER);
  }
  if (nestedMint.account.owner !== tokenProgram) {
    ctx.log("Nested mint account not owned by provided token program");
    throw new InstructionError("IllegalOwner");
  }
  const mintState = decodeMint(baseOf(nestedMint, "mint"));
  if (!mintState.isInitialized) throw new InstructionError("UninitializedAccount");

  ctx.consume(RECOVER_UNITS);
  const seeds = signerSeeds(wallet.key, tokenProgram, ownerMint.key, owner.bump);
  const transfer = new ArgsWriter().u8(TOKEN_TRANSFER_CHECKED).u64(nestedState.amount).u8(mintState.decimals).toBuffer();
  ctx.invoke(
    {
      programId: tokenProgram,
      accounts: [
        meta(nested.key, false, true),
        meta(nestedMint.key, false, false),
        meta(destination.key, false, true),
        meta(ownerAta.key, true, false),
      ],
      data: transfer,
    },
    [seeds],
  );
  ctx.invoke(
    {
      programId: tokenProgram,
      accounts: [meta(nested.key, false, true), meta(wallet.key, false, true), meta(ownerAta.key, true, false)],
      data: Buffer.from([TOKEN_CLOSE_ACCOUNT]),
    },
    [seeds],
  );
}

export const associatedTokenAccountProgram: Program = {
  id: ASSOCIATED_TOKEN_PROGRAM_ID,
  builtin: false,
  execute(ctx) {
    ctx.consume(BASE_UNITS);
    // Borsh: a lone variant byte, nothing after it; empty data is the original Create.
    const data = ctx.data;
    const variant = data.length === 0 ? 0 : data.readUInt8(0);
    if (data.length > 1 || variant > 2) throw new InstructionError("InvalidInstructionData");
    if (variant === 2) {
      ctx.log("RecoverNested");
      return recoverNested(ctx);
    }
    ctx.log(variant === 0 ? "Create" : "CreateIdempotent");
    create(ctx, variant === 1);
  },
};
