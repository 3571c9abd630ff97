import { PublicKey } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type Address } from "../account.js";
import { InstructionError, TransactionError } from "../errors.js";
import type { InstructionAccount, InstructionContext, Program } from "../runtime/program.js";
import { base58ToBytes, keyToBase58 } from "../tx/base58.js";

export const ADDRESS_LOOKUP_TABLE_PROGRAM_ID: Address = "AddressLookupTab1e1111111111111111111111111";
/** Table state before the addresses: type, deactivation slot, last extension, authority, padding. */
export const LOOKUP_TABLE_META_SIZE = 56;
export const LOOKUP_TABLE_MAX_ADDRESSES = 256;
/** How long a deactivated table keeps resolving (the SlotHashes window). */
const DEACTIVATION_COOLDOWN_SLOTS = 512n;
const ACTIVE = 0xffff_ffff_ffff_ffffn;
const COMPUTE_UNITS = 750;

export interface LookupTableMeta {
  deactivationSlot: bigint;
  lastExtendedSlot: bigint;
  lastExtendedSlotStartIndex: number;
  authority: Address | null;
}

export function decodeLookupTable(data: Buffer): { meta: LookupTableMeta; addresses: Address[] } | null {
  if (data.length < LOOKUP_TABLE_META_SIZE || data.readUInt32LE(0) !== 1 || (data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) return null;
  const addresses: Address[] = [];
  for (let o = LOOKUP_TABLE_META_SIZE; o < data.length; o += 32) addresses.push(keyToBase58(data.subarray(o, o + 32)));
  return {
    meta: {
      deactivationSlot: data.readBigUInt64LE(4),
      lastExtendedSlot: data.readBigUInt64LE(12),
      lastExtendedSlotStartIndex: data[20],
      authority: data[21] === 1 ? keyToBase58(data.subarray(22, 54)) : null,
    },
    addresses,
  };
}

function writeMeta(data: Buffer, meta: LookupTableMeta): void {
  data.writeUInt32LE(1, 0);
  data.writeBigUInt64LE(meta.deactivationSlot, 4);
  data.writeBigUInt64LE(meta.lastExtendedSlot, 12);
  data[20] = meta.lastExtendedSlotStartIndex;
  data[21] = meta.authority ? 1 : 0;
  if (meta.authority) base58ToBytes(meta.authority).copy(data, 22);
  data.writeUInt16LE(0, 54);
}

/**
 * The addresses a v0 transaction loads from one table. Addresses appended in the current slot are not usable
 * yet, and a table deactivated longer than the cooldown no longer resolves.
 */
export function resolveLookup(tableData: Buffer, currentSlot: bigint, writableIndexes: number[], readonlyIndexes: number[]): { writable: Address[]; readonly: Address[] } {
  const table = decodeLookupTable(tableData);
  if (!table) throw new TransactionError("InvalidAddressLookupTableData");
  const { meta, addresses } = table;
  if (meta.deactivationSlot !== ACTIVE && meta.deactivationSlot + DEACTIVATION_COOLDOWN_SLOTS <= currentSlot) {
    throw new TransactionError("AddressLookupTableNotFound");
  }
  const usable = currentSlot > meta.lastExtendedSlot ? addresses.length : meta.lastExtendedSlotStartIndex;
  const pick = (indexes: number[]) =>
    indexes.map((i) => {
      if (i >= usable) throw new TransactionError("InvalidAddressLookupTableIndex");
      return addresses[i];
    });
  return { writable: pick(writableIndexes), readonly: pick(readonlyIndexes) };
}

function account(ctx: InstructionContext, i: number): InstructionAccount {
  const a = ctx.accounts[i];
  if (!a) throw new InstructionError("NotEnoughAccountKeys");
  return a;
}

function systemInstruction(kind: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(kind, 0);
  return Buffer.concat([head, body]);
}

function u64(value: bigint | number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(value), 0);
  return b;
}

function fundRent(ctx: InstructionContext, payer: InstructionAccount, table: InstructionAccount, size: number): void {
  const shortfall = minimumBalanceForRentExemption(size) - table.account.lamports;
  if (shortfall <= 0n) return;
  if (!payer.isSigner) {
    ctx.log("Payer account must be a signer");
    throw new InstructionError("MissingRequiredSignature");
  }
  ctx.invoke({
    programId: SYSTEM_PROGRAM_ID,
    accounts: [
      { pubkey: payer.key, isSigner: true, isWritable: true },
      { pubkey: table.key, isSigner: false, isWritable: true },
    ],
    data: systemInstruction(2, u64(shortfall)),
  });
}

/** Loads an owned, initialised table and checks that its authority signed. */
function authorisedTable(ctx: InstructionContext): { table: InstructionAccount; meta: LookupTableMeta; addresses: Address[] } {
  const table = account(ctx, 0);
  const authority = account(ctx, 1);
  if (table.account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ID) throw new InstructionError("InvalidAccountOwner");
  const decoded = decodeLookupTable(table.account.data);
  if (!decoded) throw new InstructionError("InvalidAccountData");
  if (!authority.isSigner) {
    ctx.log("Authority account must be a signer");
    throw new InstructionError("MissingRequiredSignature");
  }
  if (decoded.meta.authority === null) {
    ctx.log("Lookup table is frozen");
    throw new InstructionError("Immutable");
  }
  if (decoded.meta.authority !== authority.key) throw new InstructionError("IncorrectAuthority");
  return { table, ...decoded };
}

function create(ctx: InstructionContext): void {
  if (ctx.data.length < 13) throw new InstructionError("InvalidInstructionData");
  const recentSlot = ctx.data.readBigUInt64LE(4);
  const bump = ctx.data[12];
  const table = account(ctx, 0);
  const authority = account(ctx, 1);
  const payer = account(ctx, 2);
  if (table.account.data.length > 0 || table.account.owner !== SYSTEM_PROGRAM_ID) {
    ctx.log("Table account must not be allocated");
    throw new InstructionError("AccountAlreadyInitialized");
  }
  if (!payer.isSigner) {
    ctx.log("Payer account must be a signer");
    throw new InstructionError("MissingRequiredSignature");
  }
  if (recentSlot > ctx.clock.slot || ctx.clock.slot - recentSlot >= DEACTIVATION_COOLDOWN_SLOTS) {
    ctx.log(`${recentSlot} is not a recent slot`);
    throw new InstructionError("InvalidInstructionData");
  }
  const seeds = [base58ToBytes(authority.key), u64(recentSlot), Buffer.from([bump])];
  let derived: Address;
  try {
    derived = PublicKey.createProgramAddressSync(seeds, new PublicKey(ADDRESS_LOOKUP_TABLE_PROGRAM_ID)).toBase58();
  } catch {
    throw new InstructionError("InvalidSeeds");
  }
  if (derived !== table.key) {
    ctx.log(`Table address must match derived address: ${derived}`);
    throw new InstructionError("InvalidArgument");
  }
  fundRent(ctx, payer, table, LOOKUP_TABLE_META_SIZE);
  const tableMeta = { pubkey: table.key, isSigner: true, isWritable: true };
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [tableMeta], data: systemInstruction(8, u64(LOOKUP_TABLE_META_SIZE)) }, [seeds]);
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [tableMeta], data: systemInstruction(1, base58ToBytes(ADDRESS_LOOKUP_TABLE_PROGRAM_ID)) }, [seeds]);
  writeMeta(table.account.data, { deactivationSlot: ACTIVE, lastExtendedSlot: 0n, lastExtendedSlotStartIndex: 0, authority: authority.key });
}

function extend(ctx: InstructionContext): void {
  if (ctx.data.length < 12) throw new InstructionError("InvalidInstructionData");
  const count = ctx.data.readBigUInt64LE(4);
  if (BigInt(ctx.data.length) !== 12n + count * 32n) throw new InstructionError("InvalidInstructionData");
  const { table, meta, addresses } = authorisedTable(ctx);
  if (meta.deactivationSlot !== ACTIVE) {
    ctx.log("Deactivated tables cannot be extended");
    throw new InstructionError("InvalidArgument");
  }
  if (count === 0n) {
    ctx.log("Must extend with at least one address");
    throw new InstructionError("InvalidInstructionData");
  }
  const total = addresses.length + Number(count);
  if (total > LOOKUP_TABLE_MAX_ADDRESSES) {
    ctx.log(`Extended lookup table length ${total} would exceed max capacity of ${LOOKUP_TABLE_MAX_ADDRESSES}`);
    throw new InstructionError("InvalidInstructionData");
  }
  if (ctx.clock.slot !== meta.lastExtendedSlot) {
    meta.lastExtendedSlot = ctx.clock.slot;
    meta.lastExtendedSlotStartIndex = addresses.length;
  }
  const data = Buffer.concat([table.account.data, ctx.data.subarray(12)]);
  writeMeta(data, meta);
  table.account.data = data;
  const payer = ctx.accounts[2];
  if (minimumBalanceForRentExemption(data.length) > table.account.lamports) {
    if (!payer) throw new InstructionError("NotEnoughAccountKeys");
    fundRent(ctx, payer, table, data.length);
  }
}

function freeze(ctx: InstructionContext): void {
  const { table, meta, addresses } = authorisedTable(ctx);
  if (meta.deactivationSlot !== ACTIVE) {
    ctx.log("Deactivated tables cannot be frozen");
    throw new InstructionError("InvalidArgument");
  }
  if (addresses.length === 0) {
    ctx.log("Empty lookup tables cannot be frozen");
    throw new InstructionError("InvalidInstructionData");
  }
  writeMeta(table.account.data, { ...meta, authority: null });
}

function deactivate(ctx: InstructionContext): void {
  const { table, meta } = authorisedTable(ctx);
  if (meta.deactivationSlot !== ACTIVE) {
    ctx.log("Lookup table is already deactivated");
    throw new InstructionError("InvalidArgument");
  }
  writeMeta(table.account.data, { ...meta, deactivationSlot: ctx.clock.slot });
}

function close(ctx: InstructionContext): void {
  const { table, meta } = authorisedTable(ctx);
  const recipient = account(ctx, 2);
  if (recipient.key === table.key) {
    ctx.log("Lookup table cannot be the recipient of reclaimed lamports");
    throw new InstructionError("InvalidArgument");
  }
  if (meta.deactivationSlot === ACTIVE) {
    ctx.log("Lookup table is not deactivated");
    throw new InstructionError("InvalidArgument");
  }
  const closableAt = meta.deactivationSlot + DEACTIVATION_COOLDOWN_SLOTS;
  if (ctx.clock.slot < closableAt) {
    ctx.log(`Table cannot be closed until it's fully deactivated in ${closableAt - ctx.clock.slot} blocks`);
    throw new InstructionError("InvalidArgument");
  }
  recipient.account.lamports += table.account.lamports;
  table.account.lamports = 0n;
  table.account.data = Buffer.alloc(0);
}

export const addressLookupTableProgram: Program = {
  id: ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
  builtin: true,
  execute(ctx) {
    ctx.consume(COMPUTE_UNITS);
    if (ctx.data.length < 4) throw new InstructionError("InvalidInstructionData");
    switch (ctx.data.readUInt32LE(0)) {
      case 0:
        return create(ctx);
      case 1:
        return freeze(ctx);
      case 2:
        return extend(ctx);
      case 3:
        return deactivate(ctx);
      case 4:
        return close(ctx);
      default:
        throw new InstructionError("InvalidInstructionData");
    }
  },
};
