// Instruction decoding for the explorer: one decoder per program the chain runs, keyed by program id. Programs
// declared with the codec layer's instruction tables (the lending program, the market, farms, oracles, pools, router,
// stake pool) decode from those tables; the native programs decode with the client libraries that build them
// (@solana/web3.js for System, Stake, Compute Budget and Address Lookup Table, @solana/spl-token for both token
// programs). An instruction of a known program that does not decode is reported as an error, never shown as bytes.
import { ArgsReader, decodeArgs, instructionDiscriminator, type ProgramInstructions } from "@ballast/codec";
import { FARMS_INSTRUCTIONS, FARMS_PROGRAM_ID, KLEND_INSTRUCTIONS, KLEND_PROGRAM_ID } from "@ballast/market";
import {
  PYTH_RECEIVER_INSTRUCTIONS,
  PYTH_RECEIVER_PROGRAM_ID,
  SCOPE_INSTRUCTIONS,
  SCOPE_PROGRAM_ID,
  SWITCHBOARD_ON_DEMAND_INSTRUCTIONS,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
} from "@ballast/oracles";
import { LENDING_INSTRUCTIONS } from "@ballast/protocol";
import { NATIVE_STAKE_INSTRUCTIONS, NATIVE_STAKE_PROGRAM_ID, STAKE_POOL_INSTRUCTIONS, STAKE_POOL_PROGRAM_ID } from "@ballast/stake-pool";
import { POOL_INSTRUCTIONS, POOL_PROGRAM_ID, ROUTER_INSTRUCTIONS, ROUTER_PROGRAM_ID } from "@ballast/swap";
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TokenInstruction,
  decodeInitializeImmutableOwnerInstruction,
  decodeInitializeMintCloseAuthorityInstruction,
  decodeInitializePermanentDelegateInstruction,
  decodeInstruction,
} from "@solana/spl-token";
import {
  AddressLookupTableInstruction,
  AddressLookupTableProgram,
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  PublicKey,
  SystemInstruction,
  SystemProgram,
  TransactionInstruction,
} from "@solana/web3.js";
import { displayValue, type DisplayValue } from "./values.js";

/** An account an instruction names, with the flags the transaction gave it. */
export interface InstructionAccountRef {
  readonly address: string;
  readonly writable: boolean;
  readonly signer: boolean;
}

export interface RawInstruction {
  readonly programId: string;
  readonly accounts: readonly InstructionAccountRef[];
  readonly data: Buffer;
}

/** What a program's decoder reads from an instruction: its name, a name per account (in order) and its arguments. */
export interface InstructionContent {
  readonly name: string;
  readonly accountNames: readonly string[];
  readonly args: Readonly<Record<string, DisplayValue>>;
}

export type InstructionDecoder = (ix: RawInstruction) => InstructionContent;

export interface ExplorerProgram {
  readonly name: string;
  readonly decode: InstructionDecoder;
}

/** Names for accounts past a declaration's list (Anchor's remaining accounts, a multisig's signers). */
const remainingName = (i: number) => `remaining ${i + 1}`;

function argsOf(values: Readonly<Record<string, unknown>>, skip: ReadonlySet<string> = new Set()): Record<string, DisplayValue> {
  const args: Record<string, DisplayValue> = {};
  for (const [key, value] of Object.entries(values)) if (!skip.has(key)) args[key] = displayValue(value);
  return args;
}

/** A program declared with `defineInstructions`: the 8-byte discriminator names the instruction, its table the rest. */
function tableDecoder(table: ProgramInstructions): InstructionDecoder {
  const byDiscriminator = new Map(Object.keys(table).map((name) => [instructionDiscriminator(name).toString("hex"), name]));
  return (ix) => {
    const discriminator = ix.data.subarray(0, 8).toString("hex");
    const name = byDiscriminator.get(discriminator);
    const decl = name === undefined ? undefined : table[name];
    if (name === undefined || decl === undefined) throw new Error(`no instruction has the discriminator ${discriminator}`);
    const args = decodeArgs(new ArgsReader(ix.data.subarray(8)), decl.args);
    const declared = decl.accounts.length;
    const accountNames = ix.accounts.map((_, i) => decl.accounts[i]?.name ?? remainingName(i - declared));
    return { name, accountNames, args: argsOf(args) };
  };
}

function web3Instruction(ix: RawInstruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(ix.programId),
    keys: ix.accounts.map((a) => ({ pubkey: new PublicKey(a.address), isSigner: a.signer, isWritable: a.writable })),
    data: ix.data,
  });
}

/**
 * web3.js decoders return one object of keys and values: a key that is one of the instruction's accounts names that
 * account, everything else is an argument. Accounts the decoder leaves out take `fallback`'s name for their position.
 */
function fromParams(name: string, ix: RawInstruction, params: object, fallback: readonly string[] = []): InstructionContent {
  const names = ix.accounts.map((_, i) => fallback[i] ?? remainingName(i));
  const args: Record<string, DisplayValue> = {};
  for (const [key, value] of Object.entries(params)) {
    const index = value instanceof PublicKey ? ix.accounts.findIndex((a) => a.address === value.toBase58()) : -1;
    if (index >= 0 && fallback[index] === undefined) names[index] = key;
    else if (index < 0) args[key] = displayValue(value);
  }
  return { name, accountNames: names, args };
}

type Decoders<T extends string> = Partial<Record<T, (ix: TransactionInstruction) => object>>;

function web3Decoder<T extends string>(
  typeOf: (ix: TransactionInstruction) => T,
  decoders: Decoders<T>,
  accountLists: Partial<Record<T, readonly string[]>> = {},
): InstructionDecoder {
  return (raw) => {
    const ix = web3Instruction(raw);
    const type = typeOf(ix);
    const decode = decoders[type];
    if (!decode) throw new Error(`no decoder for ${type}`);
    return fromParams(type, raw, decode(ix), accountLists[type]);
  };
}

const systemDecoder = web3Decoder((ix) => SystemInstruction.decodeInstructionType(ix), {
  Create: (ix) => SystemInstruction.decodeCreateAccount(ix),
  CreateWithSeed: (ix) => SystemInstruction.decodeCreateWithSeed(ix),
  Transfer: (ix) => SystemInstruction.decodeTransfer(ix),
  TransferWithSeed: (ix) => SystemInstruction.decodeTransferWithSeed(ix),
  Allocate: (ix) => SystemInstruction.decodeAllocate(ix),
  AllocateWithSeed: (ix) => SystemInstruction.decodeAllocateWithSeed(ix),
  Assign: (ix) => SystemInstruction.decodeAssign(ix),
  AssignWithSeed: (ix) => SystemInstruction.decodeAssignWithSeed(ix),
  InitializeNonceAccount: (ix) => SystemInstruction.decodeNonceInitialize(ix),
  AdvanceNonceAccount: (ix) => SystemInstruction.decodeNonceAdvance(ix),
  WithdrawNonceAccount: (ix) => SystemInstruction.decodeNonceWithdraw(ix),
  AuthorizeNonceAccount: (ix) => SystemInstruction.decodeNonceAuthorize(ix),
});

const computeBudgetDecoder = web3Decoder((ix) => ComputeBudgetInstruction.decodeInstructionType(ix), {
  RequestUnits: (ix) => ComputeBudgetInstruction.decodeRequestUnits(ix),
  RequestHeapFrame: (ix) => ComputeBudgetInstruction.decodeRequestHeapFrame(ix),
  SetComputeUnitLimit: (ix) => ComputeBudgetInstruction.decodeSetComputeUnitLimit(ix),
  SetComputeUnitPrice: (ix) => ComputeBudgetInstruction.decodeSetComputeUnitPrice(ix),
});

// web3.js decodes the lookup table's own address only for some instructions: the account order names the rest.
const lookupTableDecoder = web3Decoder(
  (ix) => AddressLookupTableInstruction.decodeInstructionType(ix),
  {
    CreateLookupTable: (ix) => AddressLookupTableInstruction.decodeCreateLookupTable(ix),
    ExtendLookupTable: (ix) => AddressLookupTableInstruction.decodeExtendLookupTable(ix),
    CloseLookupTable: (ix) => AddressLookupTableInstruction.decodeCloseLookupTable(ix),
    FreezeLookupTable: (ix) => AddressLookupTableInstruction.decodeFreezeLookupTable(ix),
    DeactivateLookupTable: (ix) => AddressLookupTableInstruction.decodeDeactivateLookupTable(ix),
  },
  {
    CreateLookupTable: ["lookupTable", "authority", "payer", "systemProgram"],
    ExtendLookupTable: ["lookupTable", "authority", "payer", "systemProgram"],
    CloseLookupTable: ["lookupTable", "authority", "recipient"],
    FreezeLookupTable: ["lookupTable", "authority"],
    DeactivateLookupTable: ["lookupTable", "authority"],
  },
);

/** The chain's native stake stand-in: a u32 tag picks the instruction from its table. */
const stakeDecoder: InstructionDecoder = (ix) => {
  const tag = ix.data.length >= 4 ? ix.data.readUInt32LE(0) : -1;
  const entry = Object.entries(NATIVE_STAKE_INSTRUCTIONS).find(([, decl]) => decl.tag === tag);
  if (!entry) throw new Error(`no stake instruction has the tag ${tag}`);
  const [name, decl] = entry;
  const args = decodeArgs(new ArgsReader(ix.data.subarray(4)), decl.args);
  const accounts: readonly string[] = decl.accounts;
  return { name, accountNames: ix.accounts.map((_, i) => accounts[i] ?? remainingName(i)), args: argsOf(args) };
};

type TokenDecoded = { keys: object; data: object };

/**
 * Instructions @solana/spl-token's `decodeInstruction` leaves to their own decoders (the ones the Associated Token
 * Account program and Token-2022 mints use).
 */
const TOKEN_DECODERS: Partial<Record<number, (ix: TransactionInstruction, programId: PublicKey) => TokenDecoded>> = {
  [TokenInstruction.InitializeImmutableOwner]: decodeInitializeImmutableOwnerInstruction,
  [TokenInstruction.InitializeMintCloseAuthority]: decodeInitializeMintCloseAuthorityInstruction,
  [TokenInstruction.InitializePermanentDelegate]: decodeInitializePermanentDelegateInstruction,
  // spl-token builds GetAccountDataSize but has no decoder: the mint, then the extension types as u16s.
  [TokenInstruction.GetAccountDataSize]: (ix) => {
    const [mint] = ix.keys;
    if (!mint || ix.data.length % 2 !== 1) throw new Error("malformed GetAccountDataSize");
    const extensionTypes = Array.from({ length: (ix.data.length - 1) / 2 }, (_, i) => ix.data.readUInt16LE(1 + 2 * i));
    return { keys: { mint }, data: { instruction: TokenInstruction.GetAccountDataSize, extensionTypes } };
  },
};

/** SPL Token and Token-2022: @solana/spl-token names the accounts (`keys`) and the arguments (`data`). */
function tokenDecoder(programId: PublicKey): InstructionDecoder {
  return (raw) => {
    const ix = web3Instruction(raw);
    const own = TOKEN_DECODERS[raw.data.readUInt8(0)];
    const decoded: TokenDecoded = own ? own(ix, programId) : decodeInstruction(ix, programId);
    const names: string[] = [];
    for (const [key, value] of Object.entries(decoded.keys as Record<string, unknown>)) {
      if (Array.isArray(value)) value.forEach((_, i) => names.push(`${key} ${i + 1}`));
      else if (value) names.push(key);
    }
    const data = decoded.data as { instruction: number } & Record<string, unknown>;
    const name = TokenInstruction[data.instruction] ?? `instruction ${data.instruction}`;
    return { name, accountNames: raw.accounts.map((_, i) => names[i] ?? remainingName(i)), args: argsOf(data, new Set(["instruction"])) };
  };
}

const ATA_INSTRUCTIONS: readonly { name: string; accounts: readonly string[] }[] = [
  { name: "Create", accounts: ["payer", "associatedToken", "owner", "mint", "systemProgram", "tokenProgram"] },
  { name: "CreateIdempotent", accounts: ["payer", "associatedToken", "owner", "mint", "systemProgram", "tokenProgram"] },
  {
    name: "RecoverNested",
    accounts: [
      "nestedAssociatedToken",
      "nestedMint",
      "destinationAssociatedToken",
      "ownerAssociatedToken",
      "ownerMint",
      "wallet",
      "tokenProgram",
    ],
  },
];

/** The Associated Token Account program has no arguments: empty data is Create, else one byte picks the instruction. */
const associatedTokenDecoder: InstructionDecoder = (ix) => {
  const kind = ix.data.length === 0 ? 0 : ix.data.readUInt8(0);
  const decl = ATA_INSTRUCTIONS[kind];
  if (!decl || ix.data.length > 1) throw new Error(`no Associated Token Account instruction ${ix.data.toString("hex")}`);
  return { name: decl.name, accountNames: ix.accounts.map((_, i) => decl.accounts[i] ?? remainingName(i)), args: {} };
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

const memoDecoder: InstructionDecoder = (ix) => ({
  name: "Memo",
  accountNames: ix.accounts.map((_, i) => `signer ${i + 1}`),
  args: { memo: utf8.decode(ix.data) },
});

export const MEMO_PROGRAM_ID = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
export const MEMO_V1_PROGRAM_ID = "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo";

/** Every program the chain runs, by id, with its name and decoder. The lending program's id is the deployment's. */
export function explorerPrograms(lendingProgramId: string): ReadonlyMap<string, ExplorerProgram> {
  const entries: [string, ExplorerProgram][] = [
    [lendingProgramId, { name: "Lending program (marginfi v2)", decode: tableDecoder(LENDING_INSTRUCTIONS) }],
    [KLEND_PROGRAM_ID, { name: "Kamino Lending (market)", decode: tableDecoder(KLEND_INSTRUCTIONS) }],
    [FARMS_PROGRAM_ID, { name: "Kamino Farms", decode: tableDecoder(FARMS_INSTRUCTIONS) }],
    [PYTH_RECEIVER_PROGRAM_ID, { name: "Pyth Receiver", decode: tableDecoder(PYTH_RECEIVER_INSTRUCTIONS) }],
    [SWITCHBOARD_ON_DEMAND_PROGRAM_ID, { name: "Switchboard On-Demand", decode: tableDecoder(SWITCHBOARD_ON_DEMAND_INSTRUCTIONS) }],
    [SCOPE_PROGRAM_ID, { name: "Kamino Scope", decode: tableDecoder(SCOPE_INSTRUCTIONS) }],
    [POOL_PROGRAM_ID, { name: "Ballast Pools", decode: tableDecoder(POOL_INSTRUCTIONS) }],
    [ROUTER_PROGRAM_ID, { name: "Jupiter v6 (Ballast router)", decode: tableDecoder(ROUTER_INSTRUCTIONS) }],
    [STAKE_POOL_PROGRAM_ID, { name: "Stake pool (single-validator)", decode: tableDecoder(STAKE_POOL_INSTRUCTIONS) }],
    [NATIVE_STAKE_PROGRAM_ID, { name: "Stake Program", decode: stakeDecoder }],
    [SystemProgram.programId.toBase58(), { name: "System Program", decode: systemDecoder }],
    [TOKEN_PROGRAM_ID.toBase58(), { name: "Token Program", decode: tokenDecoder(TOKEN_PROGRAM_ID) }],
    [TOKEN_2022_PROGRAM_ID.toBase58(), { name: "Token-2022", decode: tokenDecoder(TOKEN_2022_PROGRAM_ID) }],
    [ASSOCIATED_TOKEN_PROGRAM_ID.toBase58(), { name: "Associated Token Account", decode: associatedTokenDecoder }],
    [ComputeBudgetProgram.programId.toBase58(), { name: "Compute Budget", decode: computeBudgetDecoder }],
    [AddressLookupTableProgram.programId.toBase58(), { name: "Address Lookup Table", decode: lookupTableDecoder }],
    [MEMO_PROGRAM_ID, { name: "Memo", decode: memoDecoder }],
    [MEMO_V1_PROGRAM_ID, { name: "Memo v1", decode: memoDecoder }],
  ];
  return new Map(entries);
}

/** One instruction as the explorer shows it: decoded when its program is known, else its data in hex. */
export interface DecodedInstruction {
  readonly programId: string;
  /** The program's name; null for a program the chain does not run. */
  readonly program: string | null;
  /** The instruction's name; null when it was not decoded. */
  readonly name: string | null;
  readonly accounts: readonly (InstructionAccountRef & { readonly name: string | null })[];
  readonly args: Readonly<Record<string, DisplayValue>> | null;
  /** Hex data, only for an instruction of a program the chain does not run. */
  readonly data: string | null;
  /** Why an instruction of a known program did not decode. */
  readonly decodeError: string | null;
}

export function decodeExplorerInstruction(programs: ReadonlyMap<string, ExplorerProgram>, ix: RawInstruction): DecodedInstruction {
  const program = programs.get(ix.programId);
  if (!program) {
    return {
      programId: ix.programId,
      program: null,
      name: null,
      accounts: ix.accounts.map((a) => ({ ...a, name: null })),
      args: null,
      data: ix.data.toString("hex"),
      decodeError: null,
    };
  }
  try {
    const content = program.decode(ix);
    return {
      programId: ix.programId,
      program: program.name,
      name: content.name,
      accounts: ix.accounts.map((a, i) => ({ ...a, name: content.accountNames[i] ?? null })),
      args: content.args,
      data: null,
      decodeError: null,
    };
  } catch (error) {
    return {
      programId: ix.programId,
      program: program.name,
      name: null,
      accounts: ix.accounts.map((a) => ({ ...a, name: null })),
      args: null,
      data: ix.data.toString("hex"),
      decodeError: error instanceof Error ? error.message || error.name : String(error),
    };
  }
}
