import { ArgsReader, ArgsWriter } from "@ballast/codec";
import { SYSTEM_PROGRAM_ID, isRentExempt, minimumBalanceForRentExemption, type Address } from "../../account.js";
import { InstructionError } from "../../errors.js";
import type { InstructionAccount, InstructionContext, Program } from "../../runtime/program.js";
import {
  ACCOUNT_SIZE,
  AccountState,
  MAX_SIGNERS,
  MINT_SIZE,
  MULTISIG_SIZE,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
  decodeMint,
  decodeMultisig,
  decodeTokenAccount,
  encodeMint,
  encodeMultisig,
  encodeTokenAccount,
  type Mint,
  type TokenAccount,
} from "./layout.js";
import { uiAmountString } from "./parse.js";
import { U64_MAX } from "../../integers.js";

const RENT_SYSVAR_ID: Address = "SysvarRent111111111111111111111111111111111";
const INCINERATOR_ID: Address = "1nc1nerator11111111111111111111111111111111";

/** SPL Token's TokenError, by custom error code. */
export const TokenError = {
  NotRentExempt: 0,
  InsufficientFunds: 1,
  InvalidMint: 2,
  MintMismatch: 3,
  OwnerMismatch: 4,
  FixedSupply: 5,
  AlreadyInUse: 6,
  InvalidNumberOfProvidedSigners: 7,
  InvalidNumberOfRequiredSigners: 8,
  UninitializedState: 9,
  NativeNotSupported: 10,
  NonNativeHasBalance: 11,
  InvalidInstruction: 12,
  InvalidState: 13,
  Overflow: 14,
  AuthorityTypeNotSupported: 15,
  MintCannotFreeze: 16,
  AccountFrozen: 17,
  MintDecimalsMismatch: 18,
  NonNativeNotSupported: 19,
} as const;

/** What the program's entrypoint prints for each TokenError before returning it (its PrintProgramError impl). */
const TOKEN_ERROR_LOG: readonly string[] = [
  "Error: Lamport balance below rent-exempt threshold",
  "Error: insufficient funds",
  "Error: Invalid Mint",
  "Error: Account not associated with this Mint",
  "Error: owner does not match",
  "Error: the total supply of this token is fixed",
  "Error: account or token already in use",
  "Error: Invalid number of provided signers",
  "Error: Invalid number of required signers",
  "Error: State is uninitialized",
  "Error: Instruction does not support native tokens",
  "Error: Non-native account can only be closed if its balance is zero",
  "Error: Invalid instruction",
  "Error: Invalid account state for operation",
  "Error: Operation overflowed",
  "Error: Account does not support specified authority type",
  "Error: This token mint cannot freeze accounts",
  "Error: Account is frozen",
  "Error: decimals different from the Mint decimals",
  "Error: Instruction does not support non-native tokens",
];

const AuthorityType = { MintTokens: 0, FreezeAccount: 1, AccountOwner: 2, CloseAccount: 3 } as const;

type Instruction =
  | { type: "InitializeMint" | "InitializeMint2"; decimals: number; mintAuthority: Address; freezeAuthority: Address | null }
  | { type: "InitializeAccount" }
  | { type: "InitializeAccount2" | "InitializeAccount3"; owner: Address }
  | { type: "InitializeMultisig" | "InitializeMultisig2"; m: number }
  | { type: "Transfer" | "Approve" | "MintTo" | "Burn" | "AmountToUiAmount"; amount: bigint }
  | { type: "TransferChecked" | "ApproveChecked" | "MintToChecked" | "BurnChecked"; amount: bigint; decimals: number }
  | { type: "SetAuthority"; authorityType: number; newAuthority: Address | null }
  | { type: "UiAmountToAmount"; uiAmount: string }
  | {
      type: "Revoke" | "CloseAccount" | "FreezeAccount" | "ThawAccount" | "SyncNative" | "GetAccountDataSize" | "InitializeImmutableOwner";
    };

/** Fixed compute charge per instruction, close to what the deployed program burns on the success path. */
const UNITS: Record<Instruction["type"], number> = {
  InitializeMint: 2967,
  InitializeMint2: 2920,
  InitializeAccount: 4527,
  InitializeAccount2: 4388,
  InitializeAccount3: 4241,
  InitializeMultisig: 2997,
  InitializeMultisig2: 2880,
  Transfer: 4645,
  Approve: 2904,
  Revoke: 2777,
  SetAuthority: 3165,
  MintTo: 4538,
  Burn: 4753,
  CloseAccount: 2915,
  FreezeAccount: 4314,
  ThawAccount: 4313,
  TransferChecked: 6200,
  ApproveChecked: 4458,
  MintToChecked: 4591,
  BurnChecked: 4791,
  SyncNative: 3045,
  GetAccountDataSize: 1622,
  InitializeImmutableOwner: 1405,
  AmountToUiAmount: 2654,
  UiAmountToAmount: 3162,
};
/** Charged before decoding, so malformed instruction data still costs something. */
const DECODE_UNITS = 150;

const tokenError = (code: number): InstructionError => InstructionError.custom(code);

/** SPL Token's instruction data: packed little-endian, with anything short or out of range InvalidInstruction. */
class TokenArgs extends ArgsReader {
  protected override malformed(): never {
    throw tokenError(TokenError.InvalidInstruction);
  }
  /** Instruction data spells COption<Pubkey> as a one-byte tag, then the key when present. */
  optionKey(): Address | null {
    return this.option(() => this.pubkey());
  }
}

/** Decodes like TokenInstruction::unpack: trailing bytes are ignored, anything short or unknown is InvalidInstruction. */
function decode(data: Buffer): Instruction {
  const r = new TokenArgs(data);
  const tag = r.u8();
  switch (tag) {
    case 0:
    case 20:
      return {
        type: tag === 0 ? "InitializeMint" : "InitializeMint2",
        decimals: r.u8(),
        mintAuthority: r.pubkey(),
        freezeAuthority: r.optionKey(),
      };
    case 1:
      return { type: "InitializeAccount" };
    case 2:
      return { type: "InitializeMultisig", m: r.u8() };
    case 3:
      return { type: "Transfer", amount: r.u64() };
    case 4:
      return { type: "Approve", amount: r.u64() };
    case 5:
      return { type: "Revoke" };
    case 6: {
      const authorityType = r.u8();
      if (authorityType > AuthorityType.CloseAccount) throw tokenError(TokenError.InvalidInstruction);
      return { type: "SetAuthority", authorityType, newAuthority: r.optionKey() };
    }
    case 7:
      return { type: "MintTo", amount: r.u64() };
    case 8:
      return { type: "Burn", amount: r.u64() };
    case 9:
      return { type: "CloseAccount" };
    case 10:
      return { type: "FreezeAccount" };
    case 11:
      return { type: "ThawAccount" };
    case 12:
      return { type: "TransferChecked", amount: r.u64(), decimals: r.u8() };
    case 13:
      return { type: "ApproveChecked", amount: r.u64(), decimals: r.u8() };
    case 14:
      return { type: "MintToChecked", amount: r.u64(), decimals: r.u8() };
    case 15:
      return { type: "BurnChecked", amount: r.u64(), decimals: r.u8() };
    case 16:
      return { type: "InitializeAccount2", owner: r.pubkey() };
    case 17:
      return { type: "SyncNative" };
    case 18:
      return { type: "InitializeAccount3", owner: r.pubkey() };
    case 19:
      return { type: "InitializeMultisig2", m: r.u8() };
    case 21:
      return { type: "GetAccountDataSize" };
    case 22:
      return { type: "InitializeImmutableOwner" };
    case 23:
      return { type: "AmountToUiAmount", amount: r.u64() };
    case 24: {
      const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
      try {
        return { type: "UiAmountToAmount", uiAmount: text.decode(r.rest()) };
      } catch {
        throw tokenError(TokenError.InvalidInstruction);
      }
    }
    default:
      throw tokenError(TokenError.InvalidInstruction);
  }
}

function account(ctx: InstructionContext, index: number): InstructionAccount {
  const a = ctx.accounts[index];
  if (!a) throw new InstructionError("NotEnoughAccountKeys");
  return a;
}

/** Account::unpack: a token account that must be initialised. */
function unpackAccount(info: InstructionAccount): TokenAccount {
  const a = decodeTokenAccount(info.account.data);
  if (a.state === AccountState.Uninitialized) throw new InstructionError("UninitializedAccount");
  return a;
}

/** Mint::unpack: a mint that must be initialised. */
function unpackMint(info: InstructionAccount): Mint {
  const m = decodeMint(info.account.data);
  if (!m.isInitialized) throw new InstructionError("UninitializedAccount");
  return m;
}

/** Where the program only needs a valid mint, every way of not being one is InvalidMint. */
function validMint(ctx: InstructionContext, info: InstructionAccount): Mint {
  checkOwner(ctx, info);
  try {
    return unpackMint(info);
  } catch {
    throw tokenError(TokenError.InvalidMint);
  }
}

function checkOwner(ctx: InstructionContext, info: InstructionAccount): void {
  if (info.account.owner !== ctx.programId) throw new InstructionError("IncorrectProgramId");
}

/** The Rent sysvar account older Initialize* variants take; its key is all the program checks. */
function checkRentSysvar(info: InstructionAccount): void {
  if (info.key !== RENT_SYSVAR_ID) throw new InstructionError("InvalidArgument");
}

function checkedAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > U64_MAX) throw tokenError(TokenError.Overflow);
  return sum;
}

function checkedSub(a: bigint, b: bigint): bigint {
  if (b > a) throw tokenError(TokenError.Overflow);
  return a - b;
}

/** Burned and incinerated accounts have no one who could sign for them. */
function ownedBySystemOrIncinerator(a: TokenAccount): boolean {
  return a.owner === SYSTEM_PROGRAM_ID || a.owner === INCINERATOR_ID;
}

/**
 * The authority must be `expected` and must sign; a multisig authority (a token-program account of multisig size)
 * instead needs `m` of its signers among the accounts that follow, each counted once.
 */
function validateOwner(
  ctx: InstructionContext,
  expected: Address,
  authority: InstructionAccount,
  signers: readonly InstructionAccount[],
): void {
  if (authority.key !== expected) throw tokenError(TokenError.OwnerMismatch);
  if (authority.account.owner === ctx.programId && authority.account.data.length === MULTISIG_SIZE) {
    const multisig = decodeMultisig(authority.account.data);
    if (!multisig.isInitialized) throw new InstructionError("UninitializedAccount");
    const keys = multisig.signers.slice(0, multisig.n);
    const matched = new Array<boolean>(keys.length).fill(false);
    let count = 0;
    for (const signer of signers) {
      keys.forEach((key, position) => {
        if (key !== signer.key || matched[position]) return;
        if (!signer.isSigner) throw new InstructionError("MissingRequiredSignature");
        matched[position] = true;
        count++;
      });
    }
    if (count < multisig.m) throw new InstructionError("MissingRequiredSignature");
    return;
  }
  if (!authority.isSigner) throw new InstructionError("MissingRequiredSignature");
}

function checkExpectedMint(source: TokenAccount, mintInfo: InstructionAccount, decimals: number): void {
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  if (unpackMint(mintInfo).decimals !== decimals) throw tokenError(TokenError.MintDecimalsMismatch);
}

function initializeMint(
  ctx: InstructionContext,
  ix: { decimals: number; mintAuthority: Address; freezeAuthority: Address | null },
  rentSysvar: boolean,
): void {
  const mintInfo = account(ctx, 0);
  if (rentSysvar) checkRentSysvar(account(ctx, 1));
  const mint = decodeMint(mintInfo.account.data);
  if (mint.isInitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(mintInfo.account)) throw tokenError(TokenError.NotRentExempt);
  encodeMint(
    {
      mintAuthority: ix.mintAuthority,
      supply: mint.supply,
      decimals: ix.decimals,
      isInitialized: true,
      freezeAuthority: ix.freezeAuthority,
    },
    mintInfo.account.data,
  );
}

function initializeAccount(ctx: InstructionContext, ownerArg: Address | null, rentSysvar: boolean): void {
  const target = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const owner = ownerArg ?? account(ctx, 2).key;
  if (rentSysvar) checkRentSysvar(account(ctx, ownerArg === null ? 3 : 2));
  const existing = decodeTokenAccount(target.account.data);
  if (existing.state !== AccountState.Uninitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(target.account)) throw tokenError(TokenError.NotRentExempt);
  const native = mintInfo.key === NATIVE_MINT;
  if (!native) validMint(ctx, mintInfo);
  const reserve = minimumBalanceForRentExemption(target.account.data.length);
  encodeTokenAccount(
    {
      mint: mintInfo.key,
      owner,
      amount: native ? checkedSub(target.account.lamports, reserve) : 0n,
      delegate: null,
      state: AccountState.Initialized,
      isNative: native ? reserve : null,
      delegatedAmount: 0n,
      closeAuthority: null,
    },
    target.account.data,
  );
}

function initializeMultisig(ctx: InstructionContext, m: number, rentSysvar: boolean): void {
  const target = account(ctx, 0);
  if (rentSysvar) checkRentSysvar(account(ctx, 1));
  const multisig = decodeMultisig(target.account.data);
  if (multisig.isInitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(target.account)) throw tokenError(TokenError.NotRentExempt);
  const signers = ctx.accounts.slice(rentSysvar ? 2 : 1);
  if (signers.length < 1 || signers.length > MAX_SIGNERS) throw tokenError(TokenError.InvalidNumberOfProvidedSigners);
  if (m < 1 || m > MAX_SIGNERS) throw tokenError(TokenError.InvalidNumberOfRequiredSigners);
  const keys = multisig.signers.slice();
  signers.forEach((s, i) => (keys[i] = s.key));
  encodeMultisig({ m, n: signers.length, isInitialized: true, signers: keys }, target.account.data);
}

function transfer(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  let i = 0;
  const sourceInfo = account(ctx, i++);
  const mintInfo = decimals === null ? null : account(ctx, i++);
  const destInfo = account(ctx, i++);
  const authority = account(ctx, i++);
  const signers = ctx.accounts.slice(i);

  const source = unpackAccount(sourceInfo);
  const dest = unpackAccount(destInfo);
  if (source.state === AccountState.Frozen || dest.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (source.amount < amount) throw tokenError(TokenError.InsufficientFunds);
  if (source.mint !== dest.mint) throw tokenError(TokenError.MintMismatch);
  if (mintInfo && decimals !== null) checkExpectedMint(source, mintInfo, decimals);

  const selfTransfer = sourceInfo.key === destInfo.key;
  if (source.delegate !== null && authority.key === source.delegate) {
    validateOwner(ctx, source.delegate, authority, signers);
    if (source.delegatedAmount < amount) throw tokenError(TokenError.InsufficientFunds);
    if (!selfTransfer) {
      source.delegatedAmount -= amount;
      if (source.delegatedAmount === 0n) source.delegate = null;
    }
  } else {
    validateOwner(ctx, source.owner, authority, signers);
  }

  if (selfTransfer || amount === 0n) {
    checkOwner(ctx, sourceInfo);
    checkOwner(ctx, destInfo);
  }
  // A self-transfer is fully validated above but changes nothing.
  if (selfTransfer) return;

  source.amount -= amount;
  dest.amount = checkedAdd(dest.amount, amount);
  if (source.isNative !== null) {
    sourceInfo.account.lamports = checkedSub(sourceInfo.account.lamports, amount);
    destInfo.account.lamports = checkedAdd(destInfo.account.lamports, amount);
  }
  encodeTokenAccount(source, sourceInfo.account.data);
  encodeTokenAccount(dest, destInfo.account.data);
}

function approve(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  let i = 0;
  const sourceInfo = account(ctx, i++);
  const mintInfo = decimals === null ? null : account(ctx, i++);
  const delegate = account(ctx, i++);
  const owner = account(ctx, i++);
  const source = unpackAccount(sourceInfo);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (mintInfo && decimals !== null) checkExpectedMint(source, mintInfo, decimals);
  validateOwner(ctx, source.owner, owner, ctx.accounts.slice(i));
  source.delegate = delegate.key;
  source.delegatedAmount = amount;
  encodeTokenAccount(source, sourceInfo.account.data);
}

function revoke(ctx: InstructionContext): void {
  const sourceInfo = account(ctx, 0);
  const source = unpackAccount(sourceInfo);
  const owner = account(ctx, 1);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  validateOwner(ctx, source.owner, owner, ctx.accounts.slice(2));
  source.delegate = null;
  source.delegatedAmount = 0n;
  encodeTokenAccount(source, sourceInfo.account.data);
}

function setAuthority(ctx: InstructionContext, authorityType: number, newAuthority: Address | null): void {
  const target = account(ctx, 0);
  const authority = account(ctx, 1);
  const signers = ctx.accounts.slice(2);
  const size = target.account.data.length;

  if (size === ACCOUNT_SIZE) {
    const a = unpackAccount(target);
    if (a.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
    if (authorityType === AuthorityType.AccountOwner) {
      validateOwner(ctx, a.owner, authority, signers);
      if (newAuthority === null) throw tokenError(TokenError.InvalidInstruction);
      a.owner = newAuthority;
      a.delegate = null;
      a.delegatedAmount = 0n;
      // A new owner of wrapped SOL must not find someone else able to close it and take the lamports.
      if (a.isNative !== null) a.closeAuthority = null;
    } else if (authorityType === AuthorityType.CloseAccount) {
      validateOwner(ctx, a.closeAuthority ?? a.owner, authority, signers);
      a.closeAuthority = newAuthority;
    } else {
      throw tokenError(TokenError.AuthorityTypeNotSupported);
    }
    encodeTokenAccount(a, target.account.data);
  } else if (size === MINT_SIZE) {
    const mint = unpackMint(target);
    if (authorityType === AuthorityType.MintTokens) {
      // A mint whose supply has been fixed can never get a mint authority back.
      if (mint.mintAuthority === null) throw tokenError(TokenError.FixedSupply);
      validateOwner(ctx, mint.mintAuthority, authority, signers);
      mint.mintAuthority = newAuthority;
    } else if (authorityType === AuthorityType.FreezeAccount) {
      if (mint.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
      validateOwner(ctx, mint.freezeAuthority, authority, signers);
      mint.freezeAuthority = newAuthority;
    } else {
      throw tokenError(TokenError.AuthorityTypeNotSupported);
    }
    encodeMint(mint, target.account.data);
  } else {
    throw new InstructionError("InvalidArgument");
  }
}

function mintTo(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  const mintInfo = account(ctx, 0);
  const destInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const dest = unpackAccount(destInfo);
  if (dest.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (dest.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (mintInfo.key !== dest.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(mintInfo);
  if (decimals !== null && decimals !== mint.decimals) throw tokenError(TokenError.MintDecimalsMismatch);
  if (mint.mintAuthority === null) throw tokenError(TokenError.FixedSupply);
  validateOwner(ctx, mint.mintAuthority, authority, ctx.accounts.slice(3));
  if (amount === 0n) {
    checkOwner(ctx, mintInfo);
    checkOwner(ctx, destInfo);
  }
  dest.amount = checkedAdd(dest.amount, amount);
  mint.supply = checkedAdd(mint.supply, amount);
  encodeTokenAccount(dest, destInfo.account.data);
  encodeMint(mint, mintInfo.account.data);
}

function burn(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  const sourceInfo = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const signers = ctx.accounts.slice(3);
  const source = unpackAccount(sourceInfo);
  const mint = unpackMint(mintInfo);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (source.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (source.amount < amount) throw tokenError(TokenError.InsufficientFunds);
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  if (decimals !== null && decimals !== mint.decimals) throw tokenError(TokenError.MintDecimalsMismatch);

  if (!ownedBySystemOrIncinerator(source)) {
    if (source.delegate !== null && authority.key === source.delegate) {
      validateOwner(ctx, source.delegate, authority, signers);
      if (source.delegatedAmount < amount) throw tokenError(TokenError.InsufficientFunds);
      source.delegatedAmount -= amount;
      if (source.delegatedAmount === 0n) source.delegate = null;
    } else {
      validateOwner(ctx, source.owner, authority, signers);
    }
  }
  if (amount === 0n) {
    checkOwner(ctx, sourceInfo);
    checkOwner(ctx, mintInfo);
  }
  source.amount -= amount;
  mint.supply = checkedSub(mint.supply, amount);
  encodeTokenAccount(source, sourceInfo.account.data);
  encodeMint(mint, mintInfo.account.data);
}

function closeAccount(ctx: InstructionContext): void {
  const sourceInfo = account(ctx, 0);
  const destInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  if (sourceInfo.key === destInfo.key) throw new InstructionError("InvalidAccountData");
  const source = unpackAccount(sourceInfo);
  if (source.isNative === null && source.amount !== 0n) throw tokenError(TokenError.NonNativeHasBalance);
  if (!ownedBySystemOrIncinerator(source)) {
    validateOwner(ctx, source.closeAuthority ?? source.owner, authority, ctx.accounts.slice(3));
  } else if (destInfo.key !== INCINERATOR_ID) {
    throw new InstructionError("InvalidAccountData");
  }
  destInfo.account.lamports = checkedAdd(destInfo.account.lamports, sourceInfo.account.lamports);
  sourceInfo.account.lamports = 0n;
  // On-chain the program deletes the account outright: back to the System program with no data.
  sourceInfo.account.owner = SYSTEM_PROGRAM_ID;
  sourceInfo.account.data = Buffer.alloc(0);
}

function toggleFreeze(ctx: InstructionContext, freeze: boolean): void {
  const sourceInfo = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const source = unpackAccount(sourceInfo);
  if ((source.state === AccountState.Frozen) === freeze) throw tokenError(TokenError.InvalidState);
  if (source.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(mintInfo);
  if (mint.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
  validateOwner(ctx, mint.freezeAuthority, authority, ctx.accounts.slice(3));
  source.state = freeze ? AccountState.Frozen : AccountState.Initialized;
  encodeTokenAccount(source, sourceInfo.account.data);
}

function syncNative(ctx: InstructionContext): void {
  const info = account(ctx, 0);
  checkOwner(ctx, info);
  const a = unpackAccount(info);
  if (a.isNative === null) throw tokenError(TokenError.NonNativeNotSupported);
  const amount = checkedSub(info.account.lamports, a.isNative);
  // Lamports can only arrive from outside; a shrinking balance means the account was tampered with.
  if (amount < a.amount) throw tokenError(TokenError.InvalidState);
  a.amount = amount;
  encodeTokenAccount(a, info.account.data);
}

function initializeImmutableOwner(ctx: InstructionContext): void {
  const a = decodeTokenAccount(account(ctx, 0).account.data);
  if (a.state !== AccountState.Uninitialized) throw tokenError(TokenError.AlreadyInUse);
  ctx.log("Please upgrade to SPL Token 2022 for immutable owner support");
}

function u64Bytes(value: bigint): Buffer {
  return new ArgsWriter().u64(value).toBuffer();
}

/** try_ui_amount_into_amount: a decimal string with at most `decimals` significant fraction digits. */
function uiAmountToAmount(text: string, decimals: number): bigint {
  const parts = text.split(".");
  const whole = parts[0];
  const fraction = (parts[1] ?? "").replace(/0+$/, "");
  if ((whole === "" && fraction === "") || parts.length > 2 || fraction.length > decimals) throw new InstructionError("InvalidArgument");
  const digits = whole + fraction + "0".repeat(decimals - fraction.length);
  // Rust's u64 parser: an optional '+', then at least one ASCII digit.
  if (!/^\+?[0-9]+$/.test(digits)) throw new InstructionError("InvalidArgument");
  const value = BigInt(digits.replace(/^\+/, ""));
  if (value > U64_MAX) throw new InstructionError("InvalidArgument");
  return value;
}

function run(ctx: InstructionContext, ix: Instruction): void {
  switch (ix.type) {
    case "InitializeMint":
    case "InitializeMint2":
      return initializeMint(ctx, ix, ix.type === "InitializeMint");
    case "InitializeAccount":
      return initializeAccount(ctx, null, true);
    case "InitializeAccount2":
    case "InitializeAccount3":
      return initializeAccount(ctx, ix.owner, ix.type === "InitializeAccount2");
    case "InitializeMultisig":
    case "InitializeMultisig2":
      return initializeMultisig(ctx, ix.m, ix.type === "InitializeMultisig");
    case "Transfer":
      return transfer(ctx, ix.amount, null);
    case "TransferChecked":
      return transfer(ctx, ix.amount, ix.decimals);
    case "Approve":
      return approve(ctx, ix.amount, null);
    case "ApproveChecked":
      return approve(ctx, ix.amount, ix.decimals);
    case "Revoke":
      return revoke(ctx);
    case "SetAuthority":
      return setAuthority(ctx, ix.authorityType, ix.newAuthority);
    case "MintTo":
      return mintTo(ctx, ix.amount, null);
    case "MintToChecked":
      return mintTo(ctx, ix.amount, ix.decimals);
    case "Burn":
      return burn(ctx, ix.amount, null);
    case "BurnChecked":
      return burn(ctx, ix.amount, ix.decimals);
    case "CloseAccount":
      return closeAccount(ctx);
    case "FreezeAccount":
      return toggleFreeze(ctx, true);
    case "ThawAccount":
      return toggleFreeze(ctx, false);
    case "SyncNative":
      return syncNative(ctx);
    case "GetAccountDataSize":
      validMint(ctx, account(ctx, 0));
      return ctx.setReturnData(u64Bytes(BigInt(ACCOUNT_SIZE)));
    case "InitializeImmutableOwner":
      return initializeImmutableOwner(ctx);
    case "AmountToUiAmount": {
      const mint = validMint(ctx, account(ctx, 0));
      return ctx.setReturnData(Buffer.from(uiAmountString(ix.amount, mint.decimals), "utf8"));
    }
    case "UiAmountToAmount": {
      const mint = validMint(ctx, account(ctx, 0));
      return ctx.setReturnData(u64Bytes(uiAmountToAmount(ix.uiAmount, mint.decimals)));
    }
  }
}

/** The entrypoint's error.print::<TokenError>(): one line naming the error before it is returned. */
function printError(ctx: InstructionContext, e: unknown): void {
  if (!(e instanceof InstructionError)) return;
  const v = e.value;
  // Running out of compute aborts the program; it never gets to print.
  if (v === "ComputationalBudgetExceeded") return;
  if (typeof v === "string") ctx.log(`Error: ${v}`);
  else if ("Custom" in v) ctx.log(TOKEN_ERROR_LOG[v.Custom] ?? "Error: Unknown");
  else ctx.log("Error: BorshIoError");
}

export const splTokenProgram: Program = {
  id: TOKEN_PROGRAM_ID,
  builtin: false,
  execute(ctx) {
    try {
      ctx.consume(DECODE_UNITS);
      const ix = decode(ctx.data);
      ctx.consume(UNITS[ix.type] - DECODE_UNITS);
      ctx.log(`Instruction: ${ix.type}`);
      run(ctx, ix);
    } catch (e) {
      printError(ctx, e);
      throw e;
    }
  },
};
