import type { Address } from "../account.js";
import { MalformedTransactionError } from "../service.js";
import { keyToBase58 } from "./base58.js";
import { elementAt } from "../indexing.js";

/** Solana's maximum serialized transaction size (an IPv6 MTU minus headers). */
export const PACKET_DATA_SIZE = 1232;

export interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Buffer;
}

export interface AddressTableLookup {
  accountKey: Address;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface MessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

/** A transaction as it arrived on the wire, decoded but not yet checked against the ledger. */
export interface WireTransaction {
  wire: Buffer;
  signatures: Buffer[];
  /** The signed bytes: everything after the signature list. */
  message: Buffer;
  version: "legacy" | 0;
  header: MessageHeader;
  staticAccountKeys: Address[];
  /** Raw bytes of the required signers' keys, for signature checks. */
  signerKeys: Buffer[];
  recentBlockhash: string;
  instructions: CompiledInstruction[];
  addressTableLookups: AddressTableLookup[];
}

const TYPE_NAME = "solana_sdk::transaction::versioned::VersionedTransaction";

class Reader {
  offset = 0;
  constructor(private readonly buf: Buffer) {}
  private need(n: number): void {
    if (this.offset + n > this.buf.length)
      throw new MalformedTransactionError(`failed to deserialize ${TYPE_NAME}: io error: failed to fill whole buffer`);
  }
  u8(): number {
    this.need(1);
    return this.buf.readUInt8(this.offset++);
  }
  /** Solana's compact-u16 ("shortvec") length. */
  shortVec(): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.u8();
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) {
        if (i > 0 && byte === 0) throw new MalformedTransactionError(`failed to deserialize ${TYPE_NAME}: invalid compact-u16 encoding`);
        return value;
      }
    }
    throw new MalformedTransactionError(`failed to deserialize ${TYPE_NAME}: invalid compact-u16 encoding`);
  }
  bytes(n: number): Buffer {
    this.need(n);
    const out = this.buf.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
  u8Array(): number[] {
    const n = this.shortVec();
    return Array.from(this.bytes(n));
  }
  get done(): boolean {
    return this.offset === this.buf.length;
  }
}

/** The signature that names a transaction: its first. Sanitising refuses a transaction without one. */
export function firstSignature(tx: WireTransaction): Buffer {
  return elementAt(tx.signatures, 0);
}

export function decodeTransaction(wire: Buffer): WireTransaction {
  if (wire.length > PACKET_DATA_SIZE) {
    throw new MalformedTransactionError(`decoded ${TYPE_NAME} too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  const r = new Reader(wire);
  const signatureCount = r.shortVec();
  const signatures: Buffer[] = [];
  for (let i = 0; i < signatureCount; i++) signatures.push(r.bytes(64));
  const messageStart = r.offset;

  let version: "legacy" | 0 = "legacy";
  let first = r.u8();
  if (first & 0x80) {
    const v = first & 0x7f;
    if (v !== 0)
      throw new MalformedTransactionError(
        `failed to deserialize ${TYPE_NAME}: invalid value: integer \`${v}\`, expected a valid transaction message version`,
      );
    version = 0;
    first = r.u8();
  }
  const header: MessageHeader = {
    numRequiredSignatures: first,
    numReadonlySignedAccounts: r.u8(),
    numReadonlyUnsignedAccounts: r.u8(),
  };
  const keyCount = r.shortVec();
  const staticAccountKeys: Address[] = [];
  const signerKeys: Buffer[] = [];
  for (let i = 0; i < keyCount; i++) {
    const raw = r.bytes(32);
    if (i < header.numRequiredSignatures) signerKeys.push(raw);
    staticAccountKeys.push(keyToBase58(raw));
  }
  const recentBlockhash = keyToBase58(r.bytes(32));
  const instructionCount = r.shortVec();
  const instructions: CompiledInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programIdIndex = r.u8();
    const accounts = r.u8Array();
    const data = r.bytes(r.shortVec());
    instructions.push({ programIdIndex, accounts, data });
  }
  const addressTableLookups: AddressTableLookup[] = [];
  if (version === 0) {
    const lookupCount = r.shortVec();
    for (let i = 0; i < lookupCount; i++) {
      const accountKey = keyToBase58(r.bytes(32));
      addressTableLookups.push({ accountKey, writableIndexes: r.u8Array(), readonlyIndexes: r.u8Array() });
    }
  }
  if (!r.done) throw new MalformedTransactionError(`failed to deserialize ${TYPE_NAME}: trailing bytes`);
  return {
    wire,
    signatures,
    message: wire.subarray(messageStart),
    version,
    header,
    staticAccountKeys,
    signerKeys,
    recentBlockhash,
    instructions,
    addressTableLookups,
  };
}
