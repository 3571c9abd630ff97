import { createHash } from "node:crypto";
import { ArgsReader } from "@ballast/codec";
import { MAX_PERMITTED_DATA_LENGTH, SYSTEM_PROGRAM_ID, type Address } from "../account.js";
import { InstructionError } from "../errors.js";
import type { InstructionAccount, InstructionContext, Program } from "../runtime/program.js";
import { base58ToBytes, keyToBase58 } from "../tx/base58.js";

/** System program custom errors (SystemError), by code. */
const AccountAlreadyInUse = 0;
const ResultWithNegativeLamports = 1;
const InvalidAccountDataLength = 3;
const MaxSeedLengthExceeded = 4;
const AddressWithSeedMismatch = 5;

const MAX_SEED_LEN = 32;
const COMPUTE_UNITS = 150;

/** bincode instruction data: fixed-width integers as Borsh spells them; short data is InvalidInstructionData. */
class SystemArgs extends ArgsReader {
  protected override malformed(): never {
    throw new InstructionError("InvalidInstructionData");
  }
  /** bincode String: a u64 length, then the UTF-8 bytes, kept raw (seeds are hashed as bytes). */
  bincodeString(): Buffer {
    return this.bytes(Number(this.u64()));
  }
}

function account(ctx: InstructionContext, i: number): InstructionAccount {
  const a = ctx.accounts[i];
  if (!a) throw new InstructionError("NotEnoughAccountKeys");
  return a;
}

/** The address Solana derives from a base key, a seed and an owner program (create_with_seed). */
export function addressWithSeed(base: Address, seed: Buffer, owner: Address): Address {
  if (seed.length > MAX_SEED_LEN) throw InstructionError.custom(MaxSeedLengthExceeded);
  const ownerBytes = base58ToBytes(owner);
  if (ownerBytes.subarray(11).toString("latin1") === "ProgramDerivedAddress") throw new InstructionError("IllegalOwner");
  return keyToBase58(createHash("sha256").update(base58ToBytes(base)).update(seed).update(ownerBytes).digest());
}

/** Who may act for an account: its own signature, or the signing base key it was derived from. */
function requireAuthority(
  ctx: InstructionContext,
  target: InstructionAccount,
  base: { key: Address; seed: Buffer; owner: Address } | null,
  what: string,
): void {
  if (base) {
    const derived = addressWithSeed(base.key, base.seed, base.owner);
    if (derived !== target.key) {
      ctx.log(`Create: address ${target.key} does not match derived address ${derived}`);
      throw InstructionError.custom(AddressWithSeedMismatch);
    }
    const baseAccount = ctx.accounts.find((a) => a.key === base.key);
    if (!baseAccount?.isSigner) {
      ctx.log(`${what}: 'base' account ${base.key} must sign`);
      throw new InstructionError("MissingRequiredSignature");
    }
    return;
  }
  if (!target.isSigner) {
    ctx.log(`${what}: 'to' account ${target.key} must sign`);
    throw new InstructionError("MissingRequiredSignature");
  }
}

function allocate(ctx: InstructionContext, target: InstructionAccount, space: bigint): void {
  const a = target.account;
  if (a.data.length > 0 || a.owner !== SYSTEM_PROGRAM_ID) {
    ctx.log(`Allocate: account Address { address: ${target.key}, base: None } already in use`);
    throw InstructionError.custom(AccountAlreadyInUse);
  }
  if (space > BigInt(MAX_PERMITTED_DATA_LENGTH)) {
    ctx.log(`Allocate: requested ${space}, max allowed ${MAX_PERMITTED_DATA_LENGTH}`);
    throw InstructionError.custom(InvalidAccountDataLength);
  }
  a.data = Buffer.alloc(Number(space));
}

function assign(ctx: InstructionContext, target: InstructionAccount, owner: Address, authorised: boolean): void {
  if (target.account.owner === owner) return;
  if (!authorised) {
    ctx.log(`Assign: account ${target.key} must sign`);
    throw new InstructionError("MissingRequiredSignature");
  }
  target.account.owner = owner;
}

function transfer(
  ctx: InstructionContext,
  from: InstructionAccount,
  to: InstructionAccount,
  lamports: bigint,
  fromAuthorised: boolean,
): void {
  if (!fromAuthorised) {
    ctx.log(`Transfer: \`from\` account ${from.key} must sign`);
    throw new InstructionError("MissingRequiredSignature");
  }
  if (from.account.data.length > 0) {
    ctx.log("Transfer: `from` must not carry data");
    throw new InstructionError("InvalidArgument");
  }
  if (lamports > from.account.lamports) {
    ctx.log(`Transfer: insufficient lamports ${from.account.lamports}, need ${lamports}`);
    throw InstructionError.custom(ResultWithNegativeLamports);
  }
  from.account.lamports -= lamports;
  to.account.lamports += lamports;
}

function createAccount(
  ctx: InstructionContext,
  from: InstructionAccount,
  to: InstructionAccount,
  lamports: bigint,
  space: bigint,
  owner: Address,
  base: { key: Address; seed: Buffer } | null,
): void {
  requireAuthority(ctx, to, base ? { ...base, owner } : null, "Create Account");
  if (to.account.lamports > 0n) {
    ctx.log(`Create Account: account Address { address: ${to.key}, base: ${base ? `Some(${base.key})` : "None"} } already in use`);
    throw InstructionError.custom(AccountAlreadyInUse);
  }
  allocate(ctx, to, space);
  assign(ctx, to, owner, true);
  transfer(ctx, from, to, lamports, from.isSigner);
}

export const systemProgram: Program = {
  id: SYSTEM_PROGRAM_ID,
  builtin: true,
  execute(ctx) {
    ctx.consume(COMPUTE_UNITS);
    const c = new SystemArgs(ctx.data);
    const kind = c.u32();
    switch (kind) {
      case 0: {
        const lamports = c.u64();
        const space = c.u64();
        const owner = c.pubkey();
        createAccount(ctx, account(ctx, 0), account(ctx, 1), lamports, space, owner, null);
        return;
      }
      case 1: {
        const target = account(ctx, 0);
        assign(ctx, target, c.pubkey(), target.isSigner);
        return;
      }
      case 2: {
        const lamports = c.u64();
        const from = account(ctx, 0);
        transfer(ctx, from, account(ctx, 1), lamports, from.isSigner);
        return;
      }
      case 3: {
        const base = c.pubkey();
        const seed = c.bincodeString();
        const lamports = c.u64();
        const space = c.u64();
        const owner = c.pubkey();
        createAccount(ctx, account(ctx, 0), account(ctx, 1), lamports, space, owner, { key: base, seed });
        return;
      }
      case 8: {
        const target = account(ctx, 0);
        const space = c.u64();
        requireAuthority(ctx, target, null, "Allocate");
        allocate(ctx, target, space);
        return;
      }
      case 9: {
        const base = c.pubkey();
        const seed = c.bincodeString();
        const space = c.u64();
        const owner = c.pubkey();
        const target = account(ctx, 0);
        requireAuthority(ctx, target, { key: base, seed, owner }, "Allocate");
        allocate(ctx, target, space);
        assign(ctx, target, owner, true);
        return;
      }
      case 10: {
        const base = c.pubkey();
        const seed = c.bincodeString();
        const owner = c.pubkey();
        const target = account(ctx, 0);
        requireAuthority(ctx, target, { key: base, seed, owner }, "Assign");
        assign(ctx, target, owner, true);
        return;
      }
      case 11: {
        const lamports = c.u64();
        const fromSeed = c.bincodeString();
        const fromOwner = c.pubkey();
        const from = account(ctx, 0);
        const base = account(ctx, 1);
        const to = account(ctx, 2);
        if (!base.isSigner) {
          ctx.log(`Transfer: 'from' account ${base.key} must sign`);
          throw new InstructionError("MissingRequiredSignature");
        }
        const derived = addressWithSeed(base.key, fromSeed, fromOwner);
        if (derived !== from.key) {
          ctx.log(`Transfer: 'from' address ${from.key} does not match derived address ${derived}`);
          throw InstructionError.custom(AddressWithSeedMismatch);
        }
        transfer(ctx, from, to, lamports, true);
        return;
      }
      default:
        throw new InstructionError("InvalidInstructionData");
    }
  },
};
