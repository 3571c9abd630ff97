import { AddressLookupTableAccount, AddressLookupTableProgram, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { SYSTEM_PROGRAM_ID, minimumBalanceForRentExemption, type Address } from "../../src/account.js";
import { TransactionError } from "../../src/errors.js";
import {
  ACTIVE_DEACTIVATION_SLOT,
  ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
  LOOKUP_TABLE_META_SIZE,
  decodeLookupTable,
  deriveLookupTableAddress,
  encodeLookupTable,
  lookupTableStatus,
  resolveLookup,
  type LookupTable,
} from "../../src/programs/address-lookup-table.js";
import { ProgramHarness, publicKey, testAddress } from "../support/program-harness.js";
import { U64_MAX } from "../../src/integers.js";

const ALT = ADDRESS_LOOKUP_TABLE_PROGRAM_ID;
const AUTHORITY = testAddress(1);
const PAYER = testAddress(2);
const RECIPIENT = testAddress(3);
const OTHER = testAddress(4);
const SOL = 1_000_000_000n;

const addresses = (n: number, from = 100): PublicKey[] => Array.from({ length: n }, (_, i) => publicKey(testAddress((from + i) % 256)));

function setup(): ProgramHarness {
  const h = new ProgramHarness();
  h.slot = 1000n;
  h.fund(PAYER, 10n * SOL);
  return h;
}

function create(h: ProgramHarness, recentSlot = h.slot - 1n): { ix: TransactionInstruction; table: Address } {
  const [ix, table] = AddressLookupTableProgram.createLookupTable({
    authority: publicKey(AUTHORITY),
    payer: publicKey(PAYER),
    recentSlot: recentSlot,
  });
  return { ix, table: table.toBase58() };
}

function extend(table: Address, addrs: PublicKey[], authority = AUTHORITY, payer: Address | null = PAYER): TransactionInstruction {
  return AddressLookupTableProgram.extendLookupTable({
    lookupTable: publicKey(table),
    authority: publicKey(authority),
    payer: payer === null ? undefined : publicKey(payer),
    addresses: addrs,
  });
}

function state(h: ProgramHarness, table: Address) {
  return AddressLookupTableAccount.deserialize(h.get(table).data);
}

/** A created table with `n` addresses, extended at slot `h.slot` and then moved one slot on. */
function tableWith(h: ProgramHarness, n: number): Address {
  const { ix, table } = create(h);
  expect(h.process(ix).err).toBeNull();
  if (n > 0) expect(h.process(extend(table, addresses(n))).err).toBeNull();
  h.slot += 1n;
  return table;
}

describe("CreateLookupTable", () => {
  it("creates the table at the PDA of [authority, recent slot], funded by the payer through System CPIs", () => {
    const h = setup();
    const { ix, table } = create(h);
    expect(ix.data.toString("hex")).toBe("00000000" + "e703000000000000" + ix.data.subarray(12).toString("hex"));
    const [derived, bump] = deriveLookupTableAddress(AUTHORITY, 999n);
    expect(table).toBe(derived);
    expect(ix.data[12]).toBe(bump);

    const out = h.process(ix);
    expect(out.err).toBeNull();
    const rent = minimumBalanceForRentExemption(LOOKUP_TABLE_META_SIZE);
    expect(rent).toBe(1_280_640n);
    expect(h.get(table).lamports).toBe(rent);
    expect(h.get(table).owner).toBe(ALT);
    expect(h.get(table).data.length).toBe(56);
    expect(h.get(PAYER).lamports).toBe(10n * SOL - rent);

    const expectedData = Buffer.alloc(56);
    expectedData.writeUInt32LE(1, 0);
    expectedData.writeBigUInt64LE(U64_MAX, 4);
    expectedData[21] = 1;
    publicKey(AUTHORITY).toBuffer().copy(expectedData, 22);
    expect(h.get(table).data.equals(expectedData)).toBe(true);

    const s = state(h, table);
    expect(s.deactivationSlot).toBe(U64_MAX);
    expect(s.lastExtendedSlot).toBe(0);
    expect(s.lastExtendedSlotStartIndex).toBe(0);
    expect(s.authority?.toBase58()).toBe(AUTHORITY);
    expect(s.addresses).toEqual([]);
    expect(new AddressLookupTableAccount({ key: publicKey(table), state: s }).isActive()).toBe(true);

    // Transfer (payer signs), then Allocate and Assign signed by the table PDA.
    const inner = out.innerInstructions;
    expect(inner.map((c) => [c.index, c.stackHeight, c.programId, c.data.readUInt32LE(0)])).toEqual([
      [0, 2, SYSTEM_PROGRAM_ID, 2],
      [0, 2, SYSTEM_PROGRAM_ID, 8],
      [0, 2, SYSTEM_PROGRAM_ID, 1],
    ]);
    expect(inner[0]!.data.readBigUInt64LE(4)).toBe(rent);
    expect(inner[0]!.accounts).toEqual([PAYER, table]);
    expect(inner[1]!.data.readBigUInt64LE(4)).toBe(56n);
    expect(inner[1]!.accounts).toEqual([table]);
    expect(new PublicKey(inner[2]!.data.subarray(4, 36)).toBase58()).toBe(ALT);
    expect(inner[2]!.accounts).toEqual([table]);
    expect(out.logs).toEqual([
      `Program ${ALT} invoke [1]`,
      `Program ${SYSTEM_PROGRAM_ID} invoke [2]`,
      `Program ${SYSTEM_PROGRAM_ID} success`,
      `Program ${SYSTEM_PROGRAM_ID} invoke [2]`,
      `Program ${SYSTEM_PROGRAM_ID} success`,
      `Program ${SYSTEM_PROGRAM_ID} invoke [2]`,
      `Program ${SYSTEM_PROGRAM_ID} success`,
      `Program ${ALT} success`,
    ]);
    // 750 for the program, 1000 per CPI, 150 per System instruction.
    expect(out.unitsConsumed).toBe(750 + 3 * 1150);
  });

  it("accepts the current slot and slots up to 512 back; refuses older and future slots", () => {
    for (const [age, ok] of [
      [0n, true],
      [1n, true],
      [512n, true],
      [513n, false],
    ] as const) {
      const h = setup();
      const { ix } = create(h, h.slot - age);
      expect(h.process(ix).err).toEqual(ok ? null : { InstructionError: [0, "InvalidInstructionData"] });
    }
    const h = setup();
    const out = h.process(create(h, h.slot + 1n).ix);
    expect(out.err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(out.logs).toContain("Program log: 1001 is not a recent slot");
    const stale = h.process(create(h, 487n).ix);
    expect(stale.logs).toContain("Program log: 487 is not a recent slot");
  });

  it("only charges the shortfall when the address already holds lamports", () => {
    const h = setup();
    const { ix, table } = create(h);
    h.fund(table, 1_000_000n);
    expect(h.process(ix).err).toBeNull();
    expect(h.get(table).lamports).toBe(1_280_640n);
    expect(h.get(PAYER).lamports).toBe(10n * SOL - 280_640n);

    const h2 = setup();
    const c2 = create(h2);
    h2.fund(c2.table, 2_000_000n);
    const out = h2.process(c2.ix);
    expect(out.err).toBeNull();
    expect(out.innerInstructions.map((c) => c.data.readUInt32LE(0))).toEqual([8, 1]);
    expect(h2.get(c2.table).lamports).toBe(2_000_000n);
    expect(h2.get(PAYER).lamports).toBe(10n * SOL);
  });

  it("does not need the authority's signature, and repeating it on an existing table changes nothing", () => {
    const h = setup();
    const { ix, table } = create(h);
    ix.keys[1]!.isSigner = false;
    expect(h.process(ix).err).toBeNull();
    expect(h.process(extend(table, addresses(2))).err).toBeNull();
    const before = Buffer.from(h.get(table).data);
    const again = h.process(ix);
    expect(again.err).toBeNull();
    expect(again.innerInstructions).toEqual([]);
    expect(h.get(table).data.equals(before)).toBe(true);
  });

  it("refuses an unsigned payer, a wrong address, a bad bump and short data", () => {
    const h = setup();
    const { ix, table } = create(h);
    const unsigned = new TransactionInstruction({
      programId: ix.programId,
      data: ix.data,
      keys: ix.keys.map((k, i) => ({ ...k, isSigner: i === 2 ? false : k.isSigner })),
    });
    const a = h.process(unsigned);
    expect(a.err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    expect(a.logs).toContain("Program log: Payer account must be a signer");

    // The table derived for another authority.
    const [foreign] = AddressLookupTableProgram.createLookupTable({
      authority: publicKey(OTHER),
      payer: publicKey(PAYER),
      recentSlot: 999,
    });
    const wrong = new TransactionInstruction({
      programId: ix.programId,
      data: ix.data,
      keys: [{ ...ix.keys[0]!, pubkey: foreign.keys[0]!.pubkey }, ...ix.keys.slice(1)],
    });
    const b = h.process(wrong);
    expect(b.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
    expect(b.logs).toContain(`Program log: Table address must match derived address: ${table}`);

    // Some bump other than the canonical one: either off-curve (a different address) or on-curve (invalid seeds).
    const outcomes = new Set<string>();
    for (let bump = 0; bump < 256; bump++) {
      if (bump === ix.data[12]) continue;
      const data = Buffer.from(ix.data);
      data[12] = bump;
      const out = h.process(new TransactionInstruction({ programId: ix.programId, keys: ix.keys, data }));
      outcomes.add(JSON.stringify(out.err));
    }
    expect([...outcomes].sort()).toEqual([
      JSON.stringify({ InstructionError: [0, "InvalidArgument"] }),
      JSON.stringify({ InstructionError: [0, "InvalidSeeds"] }),
    ]);

    expect(h.process(new TransactionInstruction({ programId: ix.programId, keys: ix.keys, data: ix.data.subarray(0, 12) })).err).toEqual({
      InstructionError: [0, "InvalidInstructionData"],
    });
    expect(h.process(new TransactionInstruction({ programId: ix.programId, keys: ix.keys.slice(0, 2), data: ix.data })).err).toEqual({
      InstructionError: [0, "NotEnoughAccountKeys"],
    });
    expect(h.get(table).lamports).toBe(0n);
    expect(h.get(PAYER).lamports).toBe(10n * SOL);
  });

  it("fails, rolling back, when the payer cannot fund the table", () => {
    const h = new ProgramHarness();
    h.slot = 1000n;
    h.fund(PAYER, 1000n);
    const { ix, table } = create(h);
    const out = h.process(ix);
    expect(out.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(h.get(table).lamports).toBe(0n);
    expect(h.get(PAYER).lamports).toBe(1000n);
  });
});

describe("ExtendLookupTable", () => {
  it("appends addresses, records the slot and start index, and tops up rent from the payer", () => {
    const h = setup();
    const { ix, table } = create(h);
    expect(h.process(ix).err).toBeNull();
    const first = addresses(3);
    const extendIx = extend(table, first);
    expect(extendIx.data.readUInt32LE(0)).toBe(2);
    expect(extendIx.data.readBigUInt64LE(4)).toBe(3n);

    const out = h.process(extendIx);
    expect(out.err).toBeNull();
    expect(out.logs).toEqual([
      `Program ${ALT} invoke [1]`,
      `Program ${SYSTEM_PROGRAM_ID} invoke [2]`,
      `Program ${SYSTEM_PROGRAM_ID} success`,
      `Program ${ALT} success`,
    ]);
    expect(h.get(table).data.length).toBe(56 + 96);
    expect(h.get(table).lamports).toBe(1_948_800n);
    expect(out.innerInstructions.map((c) => c.data.readUInt32LE(0))).toEqual([2]);
    expect(out.innerInstructions[0]!.data.readBigUInt64LE(4)).toBe(1_948_800n - 1_280_640n);
    let s = state(h, table);
    expect(s.addresses.map((a) => a.toBase58())).toEqual(first.map((a) => a.toBase58()));
    expect(s.lastExtendedSlot).toBe(1000);
    expect(s.lastExtendedSlotStartIndex).toBe(0);

    // Same slot again: the start index stays where this slot's extensions began.
    expect(h.process(extend(table, addresses(2, 150))).err).toBeNull();
    s = state(h, table);
    expect(s.addresses.length).toBe(5);
    expect(s.lastExtendedSlot).toBe(1000);
    expect(s.lastExtendedSlotStartIndex).toBe(0);

    h.slot = 1005n;
    expect(h.process(extend(table, addresses(1, 200))).err).toBeNull();
    s = state(h, table);
    expect(s.addresses.map((a) => a.toBase58())).toEqual([...first, ...addresses(2, 150), ...addresses(1, 200)].map((a) => a.toBase58()));
    expect(s.lastExtendedSlot).toBe(1005);
    expect(s.lastExtendedSlotStartIndex).toBe(5);
    expect(h.get(table).lamports).toBe(minimumBalanceForRentExemption(56 + 6 * 32));
    expect(decodeLookupTable(h.get(table).data).meta.authority).toBe(AUTHORITY);
  });

  it("needs no payer when the table already holds enough lamports", () => {
    const h = setup();
    const { ix, table } = create(h);
    expect(h.process(ix).err).toBeNull();
    h.fund(table, SOL);
    const out = h.process(extend(table, addresses(4), AUTHORITY, null));
    expect(out.err).toBeNull();
    expect(out.innerInstructions).toEqual([]);
    expect(state(h, table).addresses.length).toBe(4);
  });

  it("holds at most 256 addresses", () => {
    const h = setup();
    const { ix, table } = create(h);
    expect(h.process(ix).err).toBeNull();
    expect(h.process(extend(table, addresses(200, 0))).err).toBeNull();
    const over = h.process(extend(table, addresses(57, 0)));
    expect(over.err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(over.logs).toContain("Program log: Extended lookup table length 257 would exceed max capacity of 256");
    expect(h.process(extend(table, addresses(56, 0))).err).toBeNull();
    expect(state(h, table).addresses.length).toBe(256);
    expect(h.get(table).data.length).toBe(56 + 256 * 32);
    const full = h.process(extend(table, addresses(1)));
    expect(full.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
    expect(full.logs).toContain("Program log: Lookup table is full and cannot contain more addresses");
  });

  it("refuses empty lists, wrong or unsigned authorities, unowned tables and missing payers", () => {
    const h = setup();
    const table = tableWith(h, 0);
    const empty = h.process(extend(table, []));
    expect(empty.err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(empty.logs).toContain("Program log: Must extend with at least one address");

    expect(h.process(extend(table, addresses(1), OTHER)).err).toEqual({ InstructionError: [0, "IncorrectAuthority"] });

    const unsigned = extend(table, addresses(1));
    unsigned.keys[1]!.isSigner = false;
    const u = h.process(unsigned);
    expect(u.err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    expect(u.logs).toContain("Program log: Authority account must be a signer");

    const noPayer = h.process(extend(table, addresses(1), AUTHORITY, null));
    expect(noPayer.err).toEqual({ InstructionError: [0, "NotEnoughAccountKeys"] });

    h.get(OTHER).owner = SYSTEM_PROGRAM_ID;
    expect(h.process(extend(OTHER, addresses(1))).err).toEqual({ InstructionError: [0, "InvalidAccountOwner"] });

    const truncated = extend(table, addresses(2));
    const bad = new TransactionInstruction({
      programId: truncated.programId,
      keys: truncated.keys,
      data: truncated.data.subarray(0, truncated.data.length - 1),
    });
    expect(h.process(bad).err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(state(h, table).addresses.length).toBe(0);
  });

  it("refuses frozen and deactivated tables", () => {
    const h = setup();
    const frozen = tableWith(h, 1);
    expect(
      h.process(AddressLookupTableProgram.freezeLookupTable({ lookupTable: publicKey(frozen), authority: publicKey(AUTHORITY) })).err,
    ).toBeNull();
    const f = h.process(extend(frozen, addresses(1)));
    expect(f.err).toEqual({ InstructionError: [0, "Immutable"] });
    expect(f.logs).toContain("Program log: Lookup table is frozen");

    const h2 = setup();
    const table = tableWith(h2, 1);
    expect(
      h2.process(AddressLookupTableProgram.deactivateLookupTable({ lookupTable: publicKey(table), authority: publicKey(AUTHORITY) })).err,
    ).toBeNull();
    const d = h2.process(extend(table, addresses(1)));
    expect(d.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
    expect(d.logs).toContain("Program log: Deactivated tables cannot be extended");
  });
});

describe("FreezeLookupTable", () => {
  it("drops the authority for good; the header is rewritten with zeros", () => {
    const h = setup();
    const table = tableWith(h, 2);
    const ix = AddressLookupTableProgram.freezeLookupTable({ lookupTable: publicKey(table), authority: publicKey(AUTHORITY) });
    expect(ix.data.toString("hex")).toBe("01000000");
    const out = h.process(ix);
    expect(out.err).toBeNull();
    expect(out.logs).toEqual([`Program ${ALT} invoke [1]`, `Program ${ALT} success`]);
    expect(out.unitsConsumed).toBe(750);
    const s = state(h, table);
    expect(s.authority).toBeUndefined();
    expect(s.addresses.length).toBe(2);
    expect(s.deactivationSlot).toBe(U64_MAX);
    expect(h.get(table).data[21]).toBe(0);
    expect(h.get(table).data.subarray(22, 56).equals(Buffer.alloc(34))).toBe(true);

    const again = h.process(ix);
    expect(again.err).toEqual({ InstructionError: [0, "Immutable"] });
    expect(again.logs).toContain("Program log: Lookup table is already frozen");
    const deactivate = h.process(
      AddressLookupTableProgram.deactivateLookupTable({ lookupTable: publicKey(table), authority: publicKey(AUTHORITY) }),
    );
    expect(deactivate.err).toEqual({ InstructionError: [0, "Immutable"] });
    expect(deactivate.logs).toContain("Program log: Lookup table is frozen");
    expect(
      h.process(
        AddressLookupTableProgram.closeLookupTable({
          lookupTable: publicKey(table),
          authority: publicKey(AUTHORITY),
          recipient: publicKey(RECIPIENT),
        }),
      ).err,
    ).toEqual({ InstructionError: [0, "Immutable"] });
  });

  it("refuses empty tables, deactivated tables and the wrong authority", () => {
    const h = setup();
    const empty = tableWith(h, 0);
    const e = h.process(AddressLookupTableProgram.freezeLookupTable({ lookupTable: publicKey(empty), authority: publicKey(AUTHORITY) }));
    expect(e.err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(e.logs).toContain("Program log: Empty lookup tables cannot be frozen");

    const h2 = setup();
    const table = tableWith(h2, 1);
    expect(
      h2.process(AddressLookupTableProgram.freezeLookupTable({ lookupTable: publicKey(table), authority: publicKey(OTHER) })).err,
    ).toEqual({ InstructionError: [0, "IncorrectAuthority"] });
    expect(
      h2.process(AddressLookupTableProgram.deactivateLookupTable({ lookupTable: publicKey(table), authority: publicKey(AUTHORITY) })).err,
    ).toBeNull();
    const d = h2.process(AddressLookupTableProgram.freezeLookupTable({ lookupTable: publicKey(table), authority: publicKey(AUTHORITY) }));
    expect(d.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
    expect(d.logs).toContain("Program log: Deactivated tables cannot be frozen");
  });
});

describe("DeactivateLookupTable and CloseLookupTable", () => {
  it("deactivates at the current slot, once", () => {
    const h = setup();
    const table = tableWith(h, 1);
    const ix = AddressLookupTableProgram.deactivateLookupTable({ lookupTable: publicKey(table), authority: publicKey(AUTHORITY) });
    expect(ix.data.toString("hex")).toBe("03000000");
    expect(h.process(ix).err).toBeNull();
    const s = state(h, table);
    expect(s.deactivationSlot).toBe(1001n);
    expect(new AddressLookupTableAccount({ key: publicKey(table), state: s }).isActive()).toBe(false);
    const again = h.process(ix);
    expect(again.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
    expect(again.logs).toContain("Program log: Lookup table is already deactivated");
  });

  it("closes only once the deactivation slot has left the 512-slot window", () => {
    const h = setup();
    const table = tableWith(h, 3);
    const lamports = h.get(table).lamports;
    const close = AddressLookupTableProgram.closeLookupTable({
      lookupTable: publicKey(table),
      authority: publicKey(AUTHORITY),
      recipient: publicKey(RECIPIENT),
    });
    expect(close.data.toString("hex")).toBe("04000000");

    const active = h.process(close);
    expect(active.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
    expect(active.logs).toContain("Program log: Lookup table is not deactivated");

    const deactivatedAt = h.slot;
    expect(
      h.process(AddressLookupTableProgram.deactivateLookupTable({ lookupTable: publicKey(table), authority: publicKey(AUTHORITY) })).err,
    ).toBeNull();
    for (const [age, remaining] of [
      [0n, 513],
      [1n, 512],
      [2n, 511],
      [512n, 1],
    ] as const) {
      h.slot = deactivatedAt + age;
      const out = h.process(close);
      expect(out.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
      expect(out.logs).toContain(`Program log: Table cannot be closed until it's fully deactivated in ${remaining} blocks`);
    }

    h.slot = deactivatedAt + 513n;
    const toSelf = h.process(
      AddressLookupTableProgram.closeLookupTable({
        lookupTable: publicKey(table),
        authority: publicKey(AUTHORITY),
        recipient: publicKey(table),
      }),
    );
    expect(toSelf.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
    expect(toSelf.logs).toContain("Program log: Lookup table cannot be the recipient of reclaimed lamports");
    expect(
      h.process(
        AddressLookupTableProgram.closeLookupTable({
          lookupTable: publicKey(table),
          authority: publicKey(OTHER),
          recipient: publicKey(RECIPIENT),
        }),
      ).err,
    ).toEqual({ InstructionError: [0, "IncorrectAuthority"] });

    // Within the transaction that closed it, a closed table's data no longer parses as a table; the failure undoes the close.
    expect(h.process([close, close]).err).toEqual({ InstructionError: [1, "InvalidAccountData"] });
    expect(h.get(table).lamports).toBe(lamports);

    const out = h.process(close);
    expect(out.err).toBeNull();
    expect(h.get(RECIPIENT).lamports).toBe(lamports);
    expect(h.get(table).lamports).toBe(0n);
    expect(h.get(table).data.length).toBe(0);

    // Once committed, the emptied account is gone, as on the ledger: the address is an empty System account.
    expect(h.get(table).owner).toBe(SYSTEM_PROGRAM_ID);
    expect(h.process(close).err).toEqual({ InstructionError: [0, "InvalidAccountOwner"] });
  });

  it("needs the authority's signature and a table owned by the program", () => {
    const h = setup();
    const table = tableWith(h, 1);
    const ix = AddressLookupTableProgram.deactivateLookupTable({ lookupTable: publicKey(table), authority: publicKey(AUTHORITY) });
    ix.keys[1]!.isSigner = false;
    const out = h.process(ix);
    expect(out.err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    expect(out.logs).toContain("Program log: Authority account must be a signer");
    expect(
      h.process(AddressLookupTableProgram.deactivateLookupTable({ lookupTable: publicKey(PAYER), authority: publicKey(AUTHORITY) })).err,
    ).toEqual({ InstructionError: [0, "InvalidAccountOwner"] });
    const close = AddressLookupTableProgram.closeLookupTable({
      lookupTable: publicKey(table),
      authority: publicKey(AUTHORITY),
      recipient: publicKey(RECIPIENT),
    });
    expect(
      h.process(new TransactionInstruction({ programId: close.programId, keys: close.keys.slice(0, 2), data: close.data })).err,
    ).toEqual({ InstructionError: [0, "NotEnoughAccountKeys"] });
  });

  it("rejects unknown instructions", () => {
    const h = setup();
    const table = tableWith(h, 1);
    for (const data of [Buffer.from([5, 0, 0, 0]), Buffer.from([1, 0, 0]), Buffer.alloc(0)]) {
      const out = h.process(
        new TransactionInstruction({
          programId: publicKey(ALT),
          keys: [{ pubkey: publicKey(table), isSigner: false, isWritable: true }],
          data,
        }),
      );
      expect(out.err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    }
  });
});

describe("resolveLookup", () => {
  const addrs = addresses(6).map((a) => a.toBase58());
  const table = (meta: Partial<LookupTable["meta"]> = {}, list = addrs): Buffer =>
    encodeLookupTable({
      meta: {
        deactivationSlot: ACTIVE_DEACTIVATION_SLOT,
        lastExtendedSlot: 50n,
        lastExtendedSlotStartIndex: 4,
        authority: AUTHORITY,
        ...meta,
      },
      addresses: list,
    });
  const code = (f: () => unknown): unknown => {
    try {
      f();
    } catch (e) {
      if (e instanceof TransactionError) return e.value;
      throw e;
    }
    return null;
  };

  it("maps indexes to addresses, writable and read-only lists apart", () => {
    expect(resolveLookup(table(), 51n, [5, 0], [2, 2])).toEqual({ writable: [addrs[5], addrs[0]], readonly: [addrs[2], addrs[2]] });
    expect(resolveLookup(table(), 51n, [], [])).toEqual({ writable: [], readonly: [] });
  });

  it("hides addresses appended in the current slot", () => {
    expect(resolveLookup(table(), 50n, [3], [0])).toEqual({ writable: [addrs[3]], readonly: [addrs[0]] });
    expect(code(() => resolveLookup(table(), 50n, [4], []))).toBe("InvalidAddressLookupTableIndex");
    expect(code(() => resolveLookup(table(), 50n, [], [5]))).toBe("InvalidAddressLookupTableIndex");
    expect(code(() => resolveLookup(table(), 51n, [6], []))).toBe("InvalidAddressLookupTableIndex");
  });

  it("keeps a deactivated table usable for 512 slots, then reports it missing", () => {
    const t = table({ deactivationSlot: 100n });
    expect(resolveLookup(t, 100n, [0], []).writable).toEqual([addrs[0]]);
    expect(resolveLookup(t, 612n, [0], []).writable).toEqual([addrs[0]]);
    expect(code(() => resolveLookup(t, 613n, [0], []))).toBe("AddressLookupTableNotFound");
    expect(lookupTableStatus(decodeLookupTable(t).meta, 612n)).toEqual({ kind: "deactivating", remainingBlocks: 1 });
    expect(lookupTableStatus(decodeLookupTable(t).meta, 613n)).toEqual({ kind: "deactivated" });
  });

  it("refuses data that is not a lookup table", () => {
    const good = table();
    const uninitialized = Buffer.alloc(56);
    const wrongState = Buffer.from(good);
    wrongState.writeUInt32LE(2, 0);
    const badTag = Buffer.from(good);
    badTag[21] = 2;
    for (const data of [Buffer.alloc(0), good.subarray(0, 55), good.subarray(0, good.length - 1), uninitialized, wrongState, badTag]) {
      expect(code(() => resolveLookup(data, 60n, [0], []))).toBe("InvalidAddressLookupTableData");
    }
  });

  it("reads a table the program built the same way web3.js does", () => {
    const h = setup();
    const t = tableWith(h, 4);
    const decoded = decodeLookupTable(h.get(t).data);
    const s = state(h, t);
    expect(decoded.addresses).toEqual(s.addresses.map((a) => a.toBase58()));
    expect(decoded.meta).toEqual({
      deactivationSlot: U64_MAX,
      lastExtendedSlot: 1000n,
      lastExtendedSlotStartIndex: 0,
      authority: AUTHORITY,
    });
    expect(encodeLookupTable(decoded).equals(h.get(t).data)).toBe(true);
    expect(resolveLookup(h.get(t).data, h.slot, [3], [1])).toEqual({ writable: [decoded.addresses[3]], readonly: [decoded.addresses[1]] });
  });
});
