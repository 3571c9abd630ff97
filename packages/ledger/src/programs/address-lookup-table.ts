import { ArgsReader, ArgsWriter, skip, struct, structAccessors, u32, u64, u8, type Codec } from "@ballast/codec";
import { PublicKey } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type Address } from "../account.js";
import { InstructionError, TransactionError } from "../errors.js";
import type { InstructionAccount, InstructionContext, Program } from "../runtime/program.js";
import { MAX_SLOT_HASHES } from "../runtime/sysvars.js";
import { base58ToBytes, keyToBase58 } from "../tx/base58.js";

/**
 * The Address Lookup Table program: tables of up to 256 addresses that v0 transactions index into.
 *
 * Instruction data is bincode: a u32 LE discriminant, then the variant's fields. The table account holds a
 * 56-byte bincode `ProgramState::LookupTable(LookupTableMeta)` header, zero-padded, followed by the addresses.
 * Behaviour follows Solana's native program with `relax_authority_signer_check_for_lookup_table_creation` active
 * (as on every public cluster): creating a table needs no authority signature, and "creating" a table that the
 * program already owns succeeds without changing it.
 */

export const ADDRESS_LOOKUP_TABLE_PROGRAM_ID: Address = "AddressLookupTab1e1111111111111111111111111";
export const LOOKUP_TABLE_META_SIZE = 56;
export const LOOKUP_TABLE_MAX_ADDRESSES = 256;
/** deactivation_slot of a table that has not been deactivated. */
export const ACTIVE_DEACTIVATION_SLOT = 0xffff_ffff_ffff_ffffn;
/** The program's fixed compute cost (DEFAULT_COMPUTE_UNITS of the native program). */
const COMPUTE_UNITS = 750;

const PROGRAM_STATE_UNINITIALIZED = 0;
const PROGRAM_STATE_LOOKUP_TABLE = 1;

const CREATE_LOOKUP_TABLE = 0;
const FREEZE_LOOKUP_TABLE = 1;
const EXTEND_LOOKUP_TABLE = 2;
const DEACTIVATE_LOOKUP_TABLE = 3;
const CLOSE_LOOKUP_TABLE = 4;

/** System program instruction discriminants used for the CPIs. */
const SYSTEM_ASSIGN = 1;
const SYSTEM_TRANSFER = 2;
const SYSTEM_ALLOCATE = 8;

// ---- state ------------------------------------------------------------------------------------------------

export interface LookupTableMeta {
  /** u64::MAX while the table is active. */
  deactivationSlot: bigint;
  lastExtendedSlot: bigint;
  /** How many addresses the table held before the extensions made in `lastExtendedSlot`. */
  lastExtendedSlotStartIndex: number;
  /** null once frozen. */
  authority: Address | null;
}

/** bincode's Option<Pubkey>: a one-byte tag, then the key; a tag above 1 is InvalidAccountData. */
const optionalKey: Codec<Address | null> = {
  size: 33,
  read: (buf, offset) => {
    const tag = buf.readUInt8(offset);
    if (tag > 1) throw new InstructionError("InvalidAccountData");
    return tag === 1 ? keyToBase58(buf.subarray(offset + 1, offset + 33)) : null;
  },
  write: (buf, offset, key) => {
    buf.writeUInt8(key === null ? 0 : 1, offset);
    if (key !== null) base58ToBytes(key).copy(buf, offset + 1);
  },
};

/** The header: bincode's `ProgramState` variant tag, then `LookupTableMeta`, zero-padded to 56 bytes. */
const LookupTableHeaderLayout = struct(LOOKUP_TABLE_META_SIZE, {
  state: [0, u32],
  deactivationSlot: [4, u64],
  lastExtendedSlot: [12, u64],
  lastExtendedSlotStartIndex: [20, u8],
  authority: [21, optionalKey],
  padding: [54, skip(2)],
});
const header = structAccessors(LookupTableHeaderLayout, 0);

/** A table as stored: its meta and its raw addresses (32 bytes each, starting at offset 56). */
export interface LookupTableView {
  meta: LookupTableMeta;
  addressCount: number;
  addressAt(index: number): Address;
}

export interface LookupTable {
  meta: LookupTableMeta;
  addresses: Address[];
}

/**
 * Reads a table's state as Solana's `AddressLookupTable::deserialize` does: an uninitialized account is
 * UninitializedAccount; anything else malformed (unknown state, bad option tag, short header, a tail that is not
 * whole addresses) is InvalidAccountData.
 */
export function viewLookupTable(data: Buffer): LookupTableView {
  if (data.length < header.state.size) throw new InstructionError("InvalidAccountData");
  const state = header.state.get(data);
  if (state === PROGRAM_STATE_UNINITIALIZED) throw new InstructionError("UninitializedAccount");
  if (state !== PROGRAM_STATE_LOOKUP_TABLE) throw new InstructionError("InvalidAccountData");
  if (data.length < LOOKUP_TABLE_META_SIZE) throw new InstructionError("InvalidAccountData");
  const meta: LookupTableMeta = {
    authority: header.authority.get(data),
    deactivationSlot: header.deactivationSlot.get(data),
    lastExtendedSlot: header.lastExtendedSlot.get(data),
    lastExtendedSlotStartIndex: header.lastExtendedSlotStartIndex.get(data),
  };
  const tail = data.length - LOOKUP_TABLE_META_SIZE;
  if (tail % 32 !== 0) throw new InstructionError("InvalidAccountData");
  const addressCount = tail / 32;
  return {
    meta,
    addressCount,
    addressAt(index) {
      if (!Number.isInteger(index) || index < 0 || index >= addressCount) throw new RangeError(`no address ${index} in the table`);
      const o = LOOKUP_TABLE_META_SIZE + index * 32;
      return keyToBase58(data.subarray(o, o + 32));
    },
  };
}

export function decodeLookupTable(data: Buffer): LookupTable {
  const view = viewLookupTable(data);
  const addresses: Address[] = [];
  for (let i = 0; i < view.addressCount; i++) addresses.push(view.addressAt(i));
  return { meta: view.meta, addresses };
}

/** Writes the 56-byte header in place, zeroing it first as Solana's `overwrite_meta_data` does. */
export function writeLookupTableMeta(data: Buffer, meta: LookupTableMeta): void {
  if (data.length < LOOKUP_TABLE_META_SIZE) throw new InstructionError("InvalidAccountData");
  data.fill(0, 0, LOOKUP_TABLE_META_SIZE);
  LookupTableHeaderLayout.write(data, 0, { state: PROGRAM_STATE_LOOKUP_TABLE, ...meta });
}

/** A whole table account's data: header then addresses. */
export function encodeLookupTable(table: LookupTable): Buffer {
  const data = Buffer.alloc(LOOKUP_TABLE_META_SIZE + 32 * table.addresses.length);
  writeLookupTableMeta(data, table.meta);
  table.addresses.forEach((a, i) => base58ToBytes(a).copy(data, LOOKUP_TABLE_META_SIZE + 32 * i));
  return data;
}

export type LookupTableStatus = { kind: "activated" } | { kind: "deactivating"; remainingBlocks: number } | { kind: "deactivated" };

/**
 * Solana's `LookupTableMeta::status`, assuming every slot has a block (so a slot's position in SlotHashes is
 * `current - slot - 1`): a table deactivated in slot d stays usable, and cannot be closed, until slot d + 513.
 */
export function lookupTableStatus(meta: LookupTableMeta, currentSlot: bigint): LookupTableStatus {
  const d = meta.deactivationSlot;
  if (d === ACTIVE_DEACTIVATION_SLOT) return { kind: "activated" };
  if (d === currentSlot) return { kind: "deactivating", remainingBlocks: MAX_SLOT_HASHES + 1 };
  if (d < currentSlot && currentSlot - d <= BigInt(MAX_SLOT_HASHES)) {
    const position = Number(currentSlot - d) - 1;
    return { kind: "deactivating", remainingBlocks: MAX_SLOT_HASHES - position };
  }
  return { kind: "deactivated" };
}

/** Addresses appended in the current slot are not usable until the next one. */
export function activeAddressCount(meta: LookupTableMeta, addressCount: number, currentSlot: bigint): number {
  return currentSlot > meta.lastExtendedSlot ? addressCount : Math.min(meta.lastExtendedSlotStartIndex, addressCount);
}

/** The table address for an authority and a recent slot, with its bump: PDA of [authority, slot u64 LE]. */
export function deriveLookupTableAddress(authority: Address, recentSlot: bigint): [Address, number] {
  const [address, bump] = PublicKey.findProgramAddressSync(
    [base58ToBytes(authority), u64le(recentSlot)],
    new PublicKey(ADDRESS_LOOKUP_TABLE_PROGRAM_ID),
  );
  return [address.toBase58(), bump];
}

/**
 * Resolves one v0 address-table lookup against the table's data, as the transaction loader does: bad data is
 * InvalidAddressLookupTableData, a table deactivated more than 512 slots ago is AddressLookupTableNotFound, and an
 * index outside the table's active addresses is InvalidAddressLookupTableIndex.
 */
export function resolveLookup(
  tableData: Buffer,
  currentSlot: bigint,
  writableIndexes: number[],
  readonlyIndexes: number[],
): { writable: string[]; readonly: string[] } {
  let view: LookupTableView;
  try {
    view = viewLookupTable(tableData);
  } catch {
    throw new TransactionError("InvalidAddressLookupTableData");
  }
  if (lookupTableStatus(view.meta, currentSlot).kind === "deactivated") throw new TransactionError("AddressLookupTableNotFound");
  const active = activeAddressCount(view.meta, view.addressCount, currentSlot);
  const pick = (indexes: number[]): string[] =>
    indexes.map((i) => {
      if (!Number.isInteger(i) || i < 0 || i >= active) throw new TransactionError("InvalidAddressLookupTableIndex");
      return view.addressAt(i);
    });
  return { writable: pick(writableIndexes), readonly: pick(readonlyIndexes) };
}

// ---- instructions -----------------------------------------------------------------------------------------

type LookupTableInstruction =
  | { kind: "create"; recentSlot: bigint; bumpSeed: number }
  | { kind: "freeze" }
  | { kind: "extend"; newAddresses: Buffer[] }
  | { kind: "deactivate" }
  | { kind: "close" };

/** bincode's fixed-width integers read like Borsh; anything short is InvalidInstructionData. */
class LookupTableArgs extends ArgsReader {
  protected override malformed(): never {
    throw new InstructionError("InvalidInstructionData");
  }
}

/** bincode with trailing bytes allowed, as Solana's limited_deserialize; anything short is InvalidInstructionData. */
function parseInstruction(data: Buffer): LookupTableInstruction {
  const r = new LookupTableArgs(data);
  switch (r.u32()) {
    case CREATE_LOOKUP_TABLE:
      return { kind: "create", recentSlot: r.u64(), bumpSeed: r.u8() };
    case FREEZE_LOOKUP_TABLE:
      return { kind: "freeze" };
    case EXTEND_LOOKUP_TABLE: {
      const count = r.u64();
      // The count is checked against the bytes present before anything is allocated for it.
      const rest = r.rest();
      if (count > BigInt(Math.floor(rest.length / 32))) throw new InstructionError("InvalidInstructionData");
      const newAddresses = Array.from({ length: Number(count) }, (_, i) => rest.subarray(32 * i, 32 * (i + 1)));
      return { kind: "extend", newAddresses };
    }
    case DEACTIVATE_LOOKUP_TABLE:
      return { kind: "deactivate" };
    case CLOSE_LOOKUP_TABLE:
      return { kind: "close" };
    default:
      throw new InstructionError("InvalidInstructionData");
  }
}

function u64le(value: bigint): Buffer {
  return new ArgsWriter().u64(value).toBuffer();
}

function account(ctx: InstructionContext, index: number): InstructionAccount {
  const a = ctx.accounts[index];
  if (!a) throw new InstructionError("NotEnoughAccountKeys");
  return a;
}

function requireSigner(ctx: InstructionContext, a: InstructionAccount, role: "Authority" | "Payer"): void {
  if (!a.isSigner) {
    ctx.log(`${role} account must be a signer`);
    throw new InstructionError("MissingRequiredSignature");
  }
}

/** The table (account 0) must belong to this program and the authority (account 1) must sign. */
function ownedTableAndSigningAuthority(ctx: InstructionContext): { table: InstructionAccount; authority: InstructionAccount } {
  const table = account(ctx, 0);
  if (table.account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ID) throw new InstructionError("InvalidAccountOwner");
  const authority = account(ctx, 1);
  requireSigner(ctx, authority, "Authority");
  return { table, authority };
}

/** The table's authority must be present (not frozen) and be `authority`. */
function checkAuthority(ctx: InstructionContext, meta: LookupTableMeta, authority: Address, frozenMessage: string | null): void {
  if (meta.authority === null) {
    if (frozenMessage !== null) ctx.log(frozenMessage);
    throw new InstructionError("Immutable");
  }
  if (meta.authority !== authority) throw new InstructionError("IncorrectAuthority");
}

function systemTransfer(ctx: InstructionContext, from: Address, to: Address, lamports: bigint): void {
  const data = new ArgsWriter().u32(SYSTEM_TRANSFER).u64(lamports).toBuffer();
  ctx.invoke({
    programId: SYSTEM_PROGRAM_ID,
    accounts: [
      { pubkey: from, isSigner: true, isWritable: true },
      { pubkey: to, isSigner: false, isWritable: true },
    ],
    data,
  });
}

/** Rent-exempt minimum for `length` bytes (at least one lamport), less what the table already holds. */
function rentShortfall(length: number, held: bigint): bigint {
  let required = minimumBalanceForRentExemption(length);
  if (required < 1n) required = 1n;
  return required > held ? required - held : 0n;
}

function createLookupTable(ctx: InstructionContext, recentSlot: bigint, bumpSeed: number): void {
  const table = account(ctx, 0);
  const authority = account(ctx, 1);
  const payer = account(ctx, 2);
  requireSigner(ctx, payer, "Payer");

  const current = ctx.clock.slot;
  if (recentSlot > current || current - recentSlot > BigInt(MAX_SLOT_HASHES)) {
    ctx.log(`${recentSlot} is not a recent slot`);
    throw new InstructionError("InvalidInstructionData");
  }

  const seeds = [base58ToBytes(authority.key), u64le(recentSlot), Buffer.from([bumpSeed])];
  let derived: Address;
  try {
    derived = PublicKey.createProgramAddressSync(seeds, new PublicKey(ADDRESS_LOOKUP_TABLE_PROGRAM_ID)).toBase58();
  } catch {
    throw new InstructionError("InvalidSeeds");
  }
  if (table.key !== derived) {
    ctx.log(`Table address must match derived address: ${derived}`);
    throw new InstructionError("InvalidArgument");
  }

  // Already created: nothing to do (Solana lets the creation be repeated harmlessly).
  if (table.account.owner === ADDRESS_LOOKUP_TABLE_PROGRAM_ID) return;

  const shortfall = rentShortfall(LOOKUP_TABLE_META_SIZE, table.account.lamports);
  if (shortfall > 0n) systemTransfer(ctx, payer.key, table.key, shortfall);

  const allocate = new ArgsWriter().u32(SYSTEM_ALLOCATE).u64(BigInt(LOOKUP_TABLE_META_SIZE)).toBuffer();
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [{ pubkey: table.key, isSigner: true, isWritable: true }], data: allocate }, [
    seeds,
  ]);

  const assign = new ArgsWriter().u32(SYSTEM_ASSIGN).pubkey(ADDRESS_LOOKUP_TABLE_PROGRAM_ID).toBuffer();
  ctx.invoke({ programId: SYSTEM_PROGRAM_ID, accounts: [{ pubkey: table.key, isSigner: true, isWritable: true }], data: assign }, [seeds]);

  // The System program zeroed and sized the data; the header is written in place.
  writeLookupTableMeta(table.account.data, {
    deactivationSlot: ACTIVE_DEACTIVATION_SLOT,
    lastExtendedSlot: 0n,
    lastExtendedSlotStartIndex: 0,
    authority: authority.key,
  });
}

function freezeLookupTable(ctx: InstructionContext): void {
  const { table, authority } = ownedTableAndSigningAuthority(ctx);
  const { meta, addressCount } = viewLookupTable(table.account.data);
  checkAuthority(ctx, meta, authority.key, "Lookup table is already frozen");
  if (meta.deactivationSlot !== ACTIVE_DEACTIVATION_SLOT) {
    ctx.log("Deactivated tables cannot be frozen");
    throw new InstructionError("InvalidArgument");
  }
  if (addressCount === 0) {
    ctx.log("Empty lookup tables cannot be frozen");
    throw new InstructionError("InvalidInstructionData");
  }
  writeLookupTableMeta(table.account.data, { ...meta, authority: null });
}

function extendLookupTable(ctx: InstructionContext, newAddresses: Buffer[]): void {
  const { table, authority } = ownedTableAndSigningAuthority(ctx);
  const { meta, addressCount } = viewLookupTable(table.account.data);
  checkAuthority(ctx, meta, authority.key, "Lookup table is frozen");
  if (meta.deactivationSlot !== ACTIVE_DEACTIVATION_SLOT) {
    ctx.log("Deactivated tables cannot be extended");
    throw new InstructionError("InvalidArgument");
  }
  if (addressCount >= LOOKUP_TABLE_MAX_ADDRESSES) {
    ctx.log("Lookup table is full and cannot contain more addresses");
    throw new InstructionError("InvalidArgument");
  }
  if (newAddresses.length === 0) {
    ctx.log("Must extend with at least one address");
    throw new InstructionError("InvalidInstructionData");
  }
  const newCount = addressCount + newAddresses.length;
  if (newCount > LOOKUP_TABLE_MAX_ADDRESSES) {
    ctx.log(`Extended lookup table length ${newCount} would exceed max capacity of ${LOOKUP_TABLE_MAX_ADDRESSES}`);
    throw new InstructionError("InvalidInstructionData");
  }

  const slot = ctx.clock.slot;
  const updated: LookupTableMeta = { ...meta };
  if (slot !== meta.lastExtendedSlot) {
    updated.lastExtendedSlot = slot;
    updated.lastExtendedSlotStartIndex = addressCount;
  }

  const oldLength = LOOKUP_TABLE_META_SIZE + 32 * addressCount;
  const newLength = LOOKUP_TABLE_META_SIZE + 32 * newCount;
  const grown = Buffer.alloc(newLength);
  table.account.data.copy(grown, 0, 0, oldLength);
  newAddresses.forEach((a, i) => a.copy(grown, oldLength + 32 * i));
  writeLookupTableMeta(grown, updated);
  table.account.data = grown;

  const shortfall = rentShortfall(newLength, table.account.lamports);
  if (shortfall > 0n) {
    const payer = account(ctx, 2);
    requireSigner(ctx, payer, "Payer");
    systemTransfer(ctx, payer.key, table.key, shortfall);
  }
}

function deactivateLookupTable(ctx: InstructionContext): void {
  const { table, authority } = ownedTableAndSigningAuthority(ctx);
  const { meta } = viewLookupTable(table.account.data);
  checkAuthority(ctx, meta, authority.key, "Lookup table is frozen");
  if (meta.deactivationSlot !== ACTIVE_DEACTIVATION_SLOT) {
    ctx.log("Lookup table is already deactivated");
    throw new InstructionError("InvalidArgument");
  }
  writeLookupTableMeta(table.account.data, { ...meta, deactivationSlot: ctx.clock.slot });
}

function closeLookupTable(ctx: InstructionContext): void {
  const { table, authority } = ownedTableAndSigningAuthority(ctx);
  const recipient = account(ctx, 2);
  if (recipient.key === table.key) {
    ctx.log("Lookup table cannot be the recipient of reclaimed lamports");
    throw new InstructionError("InvalidArgument");
  }
  const { meta } = viewLookupTable(table.account.data);
  checkAuthority(ctx, meta, authority.key, "Lookup table is frozen");
  const status = lookupTableStatus(meta, ctx.clock.slot);
  if (status.kind === "activated") {
    ctx.log("Lookup table is not deactivated");
    throw new InstructionError("InvalidArgument");
  }
  if (status.kind === "deactivating") {
    ctx.log(`Table cannot be closed until it's fully deactivated in ${status.remainingBlocks} blocks`);
    throw new InstructionError("InvalidArgument");
  }
  const lamports = table.account.lamports;
  recipient.account.lamports += lamports;
  table.account.lamports = 0n;
  table.account.data = Buffer.alloc(0);
}

export const addressLookupTableProgram: Program = {
  id: ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
  builtin: true,
  execute(ctx) {
    ctx.consume(COMPUTE_UNITS);
    const ix = parseInstruction(ctx.data);
    switch (ix.kind) {
      case "create":
        return createLookupTable(ctx, ix.recentSlot, ix.bumpSeed);
      case "freeze":
        return freezeLookupTable(ctx);
      case "extend":
        return extendLookupTable(ctx, ix.newAddresses);
      case "deactivate":
        return deactivateLookupTable(ctx);
      case "close":
        return closeLookupTable(ctx);
    }
  },
};
