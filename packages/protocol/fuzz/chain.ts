// The fuzzer's path to the ledger: real signed legacy transactions handed straight to the in-process ledger
// (decode, signature check, execution, commit) and accounts read from its state. It skips JSON-RPC and web3.js,
// whose confirmation polling, message compilation and base58 encoding cost far more than executing a lending
// instruction. A transaction too large as a legacy one goes as a version 0 message over the world's address lookup
// table, as a wallet sends a leverage loop.
import {
  AddressLookupTableAccount,
  AddressLookupTableProgram,
  PublicKey,
  TransactionMessage,
  type Keypair,
  type TransactionInstruction,
} from "@solana/web3.js";
import bs58 from "bs58";
import type { Ledger } from "@ballast/ledger";
import { signBytes } from "../../ledger/test/support/signing.js";

export interface Landed {
  signature: string;
  /** The transaction's error as the ledger recorded it; null when it succeeded. */
  err: unknown;
  logs: string[];
}

/** The largest serialized transaction the network accepts. */
const PACKET_DATA_SIZE = 1232;

/** The rent-exempt minimum of an account of `size` bytes at the ledger's default rent. */
export const rentExempt = (size: number): bigint => BigInt(size + 128) * 6_960n;

const addresses = new WeakMap<PublicKey, string>();
/** A key's base58 address, computed once per key object (the ledger is keyed by address). */
export function addressOf(key: PublicKey): string {
  let address = addresses.get(key);
  if (address === undefined) addresses.set(key, (address = key.toBase58()));
  return address;
}

const rawKeys = new WeakMap<PublicKey, Buffer>();
function bytesOf(key: PublicKey): Buffer {
  let bytes = rawKeys.get(key);
  if (bytes === undefined) rawKeys.set(key, (bytes = key.toBuffer()));
  return bytes;
}

/** Solana's compact-u16 length prefix. */
function compactU16(n: number): number[] {
  const out: number[] = [];
  for (let rest = n; ;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

/**
 * A legacy message as Solana lays it out: the payer first, then signers (writable before read-only), then the
 * other writable and read-only keys, each key once with its strongest role.
 */
function compileMessage(payer: PublicKey, instructions: TransactionInstruction[], blockhash: Buffer): Buffer {
  const roles = new Map<string, { key: PublicKey; signer: boolean; writable: boolean }>();
  const note = (key: PublicKey, signer: boolean, writable: boolean) => {
    const id = bytesOf(key).toString("latin1");
    const role = roles.get(id);
    if (role) {
      role.signer ||= signer;
      role.writable ||= writable;
    } else {
      roles.set(id, { key, signer, writable });
    }
  };
  note(payer, true, true);
  for (const ix of instructions) {
    for (const meta of ix.keys) note(meta.pubkey, meta.isSigner, meta.isWritable);
    note(ix.programId, false, false);
  }
  const rank = (r: { signer: boolean; writable: boolean }) => (r.signer ? 0 : 2) + (r.writable ? 0 : 1);
  const [first, ...rest] = [...roles.values()];
  const ordered = [first!, ...rest.sort((a, b) => rank(a) - rank(b))];
  const indexOf = new Map(ordered.map((r, i) => [bytesOf(r.key).toString("latin1"), i]));
  const at = (key: PublicKey) => indexOf.get(bytesOf(key).toString("latin1"))!;
  const signers = ordered.filter((r) => r.signer);
  const parts: (Buffer | number[])[] = [
    [signers.length, signers.filter((r) => !r.writable).length, ordered.filter((r) => !r.signer && !r.writable).length],
    compactU16(ordered.length),
    ...ordered.map((r) => bytesOf(r.key)),
    blockhash,
    compactU16(instructions.length),
  ];
  for (const ix of instructions) {
    parts.push([at(ix.programId), ...compactU16(ix.keys.length), ...ix.keys.map((m) => at(m.pubkey))]);
    parts.push(compactU16(ix.data.length), ix.data);
  }
  return Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))));
}

export class Chain {
  /** Signatures landed in the current slot: an identical transaction needs a new slot (a new blockhash). */
  private readonly inSlot = new Set<string>();
  private slot = -1n;
  private lookupTable: AddressLookupTableAccount | null = null;

  constructor(readonly ledger: Ledger) {}

  /**
   * An address lookup table of `addresses`, owned by `authority`, that transactions too large as legacy ones load
   * their accounts from from now on.
   */
  async createLookupTable(authority: Keypair, addresses: readonly PublicKey[]): Promise<void> {
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: authority.publicKey,
      payer: authority.publicKey,
      recentSlot: this.ledger.slot(),
    });
    await this.send([create], [authority]);
    // An extension is one transaction: 20 addresses keep it well inside the size limit.
    for (let i = 0; i < addresses.length; i += 20) {
      const chunk = addresses.slice(i, i + 20);
      await this.send(
        [
          AddressLookupTableProgram.extendLookupTable({
            lookupTable: table,
            authority: authority.publicKey,
            payer: authority.publicKey,
            addresses: chunk,
          }),
        ],
        [authority],
      );
    }
    // Addresses added in a slot are loadable from the next one.
    this.ledger.warpToTime(this.ledger.unixTimestamp());
    this.lookupTable = new AddressLookupTableAccount({ key: table, state: AddressLookupTableAccount.deserialize(this.data(table)) });
  }

  /** Lands a transaction, failed or not; the first signer pays. */
  async land(instructions: TransactionInstruction[], signers: Keypair[]): Promise<Landed> {
    const [payer] = signers;
    if (!payer) throw new Error("a transaction needs at least one signer");
    let wire = this.sign(instructions, signers);
    if (this.inSlot.has(wire.signature)) {
      this.ledger.warpToTime(this.ledger.unixTimestamp());
      wire = this.sign(instructions, signers);
    }
    // Refused before it reaches the ledger, as an RPC node refuses it: a step that names too many accounts even
    // for a version 0 transaction (a receivership over many positions) fails without a signature.
    if (wire.bytes.length > PACKET_DATA_SIZE) return { signature: "", err: { TransactionTooLarge: wire.bytes.length }, logs: [] };
    this.inSlot.add(wire.signature);
    const signature = await this.ledger.sendTransaction(wire.bytes, { skipPreflight: true });
    const record = this.ledger.getTransaction(signature);
    if (!record) throw new Error(`transaction ${signature} was not recorded`);
    return { signature, err: record.meta.err, logs: record.meta.logMessages ?? [] };
  }

  private sign(instructions: TransactionInstruction[], signers: Keypair[]): { bytes: Buffer; signature: string } {
    if (this.ledger.slot() !== this.slot) {
      this.slot = this.ledger.slot();
      this.inSlot.clear();
    }
    const recentBlockhash = this.ledger.latestBlockhash().blockhash;
    let message = compileMessage(signers[0]!.publicKey, instructions, Buffer.from(bs58.decode(recentBlockhash)));
    if (message.length + 1 + 64 * signers.length > PACKET_DATA_SIZE && this.lookupTable) {
      const v0 = new TransactionMessage({ payerKey: signers[0]!.publicKey, recentBlockhash, instructions }).compileToV0Message([
        this.lookupTable,
      ]);
      message = Buffer.from(v0.serialize());
    }
    const signatures = signers.map((s) => signBytes(message, s));
    const bytes = Buffer.concat([Buffer.from(compactU16(signers.length)), ...signatures, message]);
    return { bytes, signature: signatures[0]!.toString("latin1") };
  }

  /** Lands a transaction that must succeed (oracle updates, set-up). */
  async send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<string> {
    const landed = await this.land(instructions, signers);
    if (landed.err !== null) throw new Error(`transaction failed: ${JSON.stringify(landed.err)}\n${landed.logs.join("\n")}`);
    return landed.signature;
  }

  account(key: PublicKey): ReturnType<Ledger["getAccount"]> {
    return this.ledger.getAccount(addressOf(key));
  }

  data(key: PublicKey): Buffer {
    const account = this.account(key);
    if (!account) throw new Error(`account ${addressOf(key)} not found`);
    return account.data;
  }

  /** An SPL token account's amount (offset 64); zero for a missing account. */
  tokenAmount(key: PublicKey): bigint {
    const account = this.account(key);
    return account ? account.data.readBigUInt64LE(64) : 0n;
  }
}
