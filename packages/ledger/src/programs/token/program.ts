// The token instruction set (SPL Token numbering, errors and logs) and the two programs running it: SPL Token, and
// Token-2022 with its extension area and extension instructions (token-2022.ts).
import { ArgsWriter } from "@ballast/codec";
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
  encodeMultisig,
  type Mint,
  type TokenAccount,
} from "./layout.js";
import { uiAmountString } from "./parse.js";
import { U64_MAX } from "../../integers.js";
import { address } from "../../layout-codecs.js";
import {
  AuthorityType,
  LAST_AUTHORITY_TYPE_2022,
  TokenArgs,
  TokenError,
  account,
  baseOf,
  checkOwner,
  checkedAdd,
  checkedSub,
  deleteAccount,
  isExtended,
  permanentDelegate,
  printError,
  saveAccount,
  saveMint,
  tokenError,
  unpackAccount,
  unpackMint,
  validMint,
  validateOwner,
} from "./support.js";
import {
  EXTENSION_LOG,
  EXTENSION_TAGS_FROM,
  EXTENSION_UNITS,
  closeMint,
  decodeExtensionInstruction,
  extensionList,
  initializeAccountExtensions,
  initializeDefaultAccountState,
  initializeMetadataPointer,
  initializeTransferFeeConfig,
  setExtensionAuthority,
  transferFee,
  uninitializedMintExtension,
  type ExtensionInstruction,
} from "./token-2022.js";
import {
  ExtensionType,
  NATIVE_MINT_2022,
  NO_KEY,
  TOKEN_2022_PROGRAM_ID,
  allocateExtension,
  extendedLength,
  extensionTypes,
  findExtension,
  isAccountExtension,
  requiredAccountExtensions,
  setAccountType,
  type BaseKind,
} from "./extensions.js";

const RENT_SYSVAR_ID: Address = "SysvarRent111111111111111111111111111111111";
const INCINERATOR_ID: Address = "1nc1nerator11111111111111111111111111111111";

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
      type: "Revoke" | "CloseAccount" | "FreezeAccount" | "ThawAccount" | "SyncNative" | "InitializeImmutableOwner";
    }
  | { type: "GetAccountDataSize"; extensions: number[] }
  | ExtensionInstruction;

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
  ...EXTENSION_UNITS,
};
/** Charged before decoding, so malformed instruction data still costs something. */
const DECODE_UNITS = 150;

/**
 * Decodes like TokenInstruction::unpack: trailing bytes are ignored, anything short or unknown is InvalidInstruction.
 * Token-2022 (`extended`) adds its extension instructions and authority types.
 */
function decode(data: Buffer, extended: boolean): Instruction {
  const r = new TokenArgs(data);
  const tag = r.u8();
  if (tag >= EXTENSION_TAGS_FROM) {
    if (!extended) throw tokenError(TokenError.InvalidInstruction);
    return decodeExtensionInstruction(tag, r);
  }
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
      if (authorityType > (extended ? LAST_AUTHORITY_TYPE_2022 : AuthorityType.CloseAccount))
        throw tokenError(TokenError.InvalidInstruction);
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
      return { type: "GetAccountDataSize", extensions: extended ? extensionList(r.rest()) : [] };
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

/** The Rent sysvar account older Initialize* variants take; its key is all the program checks. */
function checkRentSysvar(info: InstructionAccount): void {
  if (info.key !== RENT_SYSVAR_ID) throw new InstructionError("InvalidArgument");
}

/** Burned and incinerated accounts have no one who could sign for them. */
function ownedBySystemOrIncinerator(a: TokenAccount): boolean {
  return a.owner === SYSTEM_PROGRAM_ID || a.owner === INCINERATOR_ID;
}

function checkExpectedMint(ctx: InstructionContext, source: TokenAccount, mintInfo: InstructionAccount, decimals: number): Mint {
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(ctx, mintInfo);
  if (mint.decimals !== decimals) throw tokenError(TokenError.MintDecimalsMismatch);
  return mint;
}

function initializeMint(
  ctx: InstructionContext,
  ix: { decimals: number; mintAuthority: Address; freezeAuthority: Address | null },
  rentSysvar: boolean,
): void {
  const mintInfo = account(ctx, 0);
  if (rentSysvar) checkRentSysvar(account(ctx, 1));
  const data = mintInfo.account.data;
  const mint = decodeMint(baseOf(ctx, mintInfo, "mint", true));
  if (mint.isInitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(mintInfo.account)) throw tokenError(TokenError.NotRentExempt);
  if (isExtended(ctx)) {
    // Every byte must belong to an extension initialised beforehand: no room left over for one added later.
    const types = extensionTypes(data);
    if (extendedLength("mint", types as ExtensionType[]) !== data.length) throw new InstructionError("InvalidAccountData");
    const defaultState = findExtension(data, ExtensionType.DefaultAccountState);
    if (defaultState?.readUInt8(0) === AccountState.Frozen && ix.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
  }
  saveMint(ctx, mintInfo, {
    mintAuthority: ix.mintAuthority,
    supply: mint.supply,
    decimals: ix.decimals,
    isInitialized: true,
    freezeAuthority: ix.freezeAuthority,
  });
  setAccountType(data, "mint");
}

function initializeAccount(ctx: InstructionContext, ownerArg: Address | null, rentSysvar: boolean): void {
  const target = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const owner = ownerArg ?? account(ctx, 2).key;
  if (rentSysvar) checkRentSysvar(account(ctx, ownerArg === null ? 3 : 2));
  const existing = decodeTokenAccount(baseOf(ctx, target, "account", true));
  if (existing.state !== AccountState.Uninitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(target.account)) throw tokenError(TokenError.NotRentExempt);
  const native = mintInfo.key === nativeMintOf(ctx);
  let state: AccountState = AccountState.Initialized;
  if (!native) {
    validMint(ctx, mintInfo);
    if (isExtended(ctx)) state = initializeAccountExtensions(ctx, target, mintInfo);
  }
  const reserve = minimumBalanceForRentExemption(target.account.data.length);
  saveAccount(ctx, target, {
    mint: mintInfo.key,
    owner,
    amount: native ? checkedSub(target.account.lamports, reserve) : 0n,
    delegate: null,
    state,
    isNative: native ? reserve : null,
    delegatedAmount: 0n,
    closeAuthority: null,
  });
  setAccountType(target.account.data, "account");
}

function nativeMintOf(ctx: InstructionContext): Address {
  return isExtended(ctx) ? NATIVE_MINT_2022 : NATIVE_MINT;
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

function transfer(ctx: InstructionContext, amount: bigint, decimals: number | null, expectedFee: bigint | null = null): void {
  let i = 0;
  const sourceInfo = account(ctx, i++);
  const mintInfo = decimals === null ? null : account(ctx, i++);
  const destInfo = account(ctx, i++);
  const authority = account(ctx, i++);
  const signers = ctx.accounts.slice(i);

  const source = unpackAccount(ctx, sourceInfo);
  const dest = unpackAccount(ctx, destInfo);
  if (source.state === AccountState.Frozen || dest.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (source.amount < amount) throw tokenError(TokenError.InsufficientFunds);
  if (source.mint !== dest.mint) throw tokenError(TokenError.MintMismatch);
  if (mintInfo && decimals !== null) checkExpectedMint(ctx, source, mintInfo, decimals);
  if (isExtended(ctx) && findExtension(sourceInfo.account.data, ExtensionType.NonTransferableAccount))
    throw tokenError(TokenError.NonTransferable);
  const fee = transferFee(ctx, sourceInfo, mintInfo, amount);
  if (expectedFee !== null && expectedFee !== fee) {
    ctx.log(`Calculated fee ${fee}, received ${expectedFee}`);
    throw tokenError(TokenError.FeeMismatch);
  }

  const selfTransfer = sourceInfo.key === destInfo.key;
  const seizer = mintInfo && isExtended(ctx) ? permanentDelegate(mintInfo.account.data) : null;
  if (source.delegate !== null && authority.key === source.delegate) {
    validateOwner(ctx, source.delegate, authority, signers);
    if (source.delegatedAmount < amount) throw tokenError(TokenError.InsufficientFunds);
    if (!selfTransfer) {
      source.delegatedAmount -= amount;
      if (source.delegatedAmount === 0n) source.delegate = null;
    }
  } else if (seizer !== null && authority.key === seizer) {
    validateOwner(ctx, seizer, authority, signers);
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
  dest.amount = checkedAdd(dest.amount, amount - fee);
  if (fee > 0n) {
    const withheld = findExtension(destInfo.account.data, ExtensionType.TransferFeeAmount);
    if (!withheld) throw new InstructionError("InvalidAccountData");
    withheld.writeBigUInt64LE(checkedAdd(withheld.readBigUInt64LE(0), fee), 0);
  }
  if (source.isNative !== null) {
    sourceInfo.account.lamports = checkedSub(sourceInfo.account.lamports, amount);
    destInfo.account.lamports = checkedAdd(destInfo.account.lamports, amount);
  }
  saveAccount(ctx, sourceInfo, source);
  saveAccount(ctx, destInfo, dest);
}

function approve(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  let i = 0;
  const sourceInfo = account(ctx, i++);
  const mintInfo = decimals === null ? null : account(ctx, i++);
  const delegate = account(ctx, i++);
  const owner = account(ctx, i++);
  const source = unpackAccount(ctx, sourceInfo);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (mintInfo && decimals !== null) checkExpectedMint(ctx, source, mintInfo, decimals);
  validateOwner(ctx, source.owner, owner, ctx.accounts.slice(i));
  source.delegate = delegate.key;
  source.delegatedAmount = amount;
  saveAccount(ctx, sourceInfo, source);
}

function revoke(ctx: InstructionContext): void {
  const sourceInfo = account(ctx, 0);
  const source = unpackAccount(ctx, sourceInfo);
  const owner = account(ctx, 1);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  validateOwner(ctx, source.owner, owner, ctx.accounts.slice(2));
  source.delegate = null;
  source.delegatedAmount = 0n;
  saveAccount(ctx, sourceInfo, source);
}

/** Whether the account holds a token account or a mint; SPL Token tells them by size, Token-2022 by AccountType. */
function kindOf(ctx: InstructionContext, info: InstructionAccount): BaseKind {
  const size = info.account.data.length;
  if (size === ACCOUNT_SIZE) return "account";
  if (size === MINT_SIZE) return "mint";
  if (isExtended(ctx) && size > ACCOUNT_SIZE && size !== MULTISIG_SIZE) {
    const type = info.account.data.readUInt8(ACCOUNT_SIZE);
    if (type === 1) return "mint";
    if (type === 2) return "account";
  }
  throw new InstructionError("InvalidArgument");
}

function setAuthority(ctx: InstructionContext, authorityType: number, newAuthority: Address | null): void {
  const target = account(ctx, 0);
  const authority = account(ctx, 1);
  const signers = ctx.accounts.slice(2);

  if (kindOf(ctx, target) === "account") {
    const a = unpackAccount(ctx, target);
    if (a.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
    if (authorityType === AuthorityType.AccountOwner) {
      validateOwner(ctx, a.owner, authority, signers);
      if (isExtended(ctx) && findExtension(target.account.data, ExtensionType.ImmutableOwner)) throw tokenError(TokenError.ImmutableOwner);
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
    saveAccount(ctx, target, a);
    return;
  }
  const mint = unpackMint(ctx, target);
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
    setExtensionAuthority(ctx, target.account.data, authorityType, newAuthority, (current) =>
      validateOwner(ctx, current, authority, signers),
    );
  }
  saveMint(ctx, target, mint);
}

function mintTo(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  const mintInfo = account(ctx, 0);
  const destInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const dest = unpackAccount(ctx, destInfo);
  if (dest.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (dest.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (mintInfo.key !== dest.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(ctx, mintInfo);
  if (decimals !== null && decimals !== mint.decimals) throw tokenError(TokenError.MintDecimalsMismatch);
  if (isExtended(ctx)) {
    const data = destInfo.account.data;
    if (findExtension(data, ExtensionType.NonTransferableAccount) && !findExtension(data, ExtensionType.ImmutableOwner)) {
      throw tokenError(TokenError.NonTransferableNeedsImmutableOwnership);
    }
  }
  if (mint.mintAuthority === null) throw tokenError(TokenError.FixedSupply);
  validateOwner(ctx, mint.mintAuthority, authority, ctx.accounts.slice(3));
  if (amount === 0n) {
    checkOwner(ctx, mintInfo);
    checkOwner(ctx, destInfo);
  }
  dest.amount = checkedAdd(dest.amount, amount);
  mint.supply = checkedAdd(mint.supply, amount);
  saveAccount(ctx, destInfo, dest);
  saveMint(ctx, mintInfo, mint);
}

function burn(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  const sourceInfo = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const signers = ctx.accounts.slice(3);
  const source = unpackAccount(ctx, sourceInfo);
  const mint = unpackMint(ctx, mintInfo);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (source.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (source.amount < amount) throw tokenError(TokenError.InsufficientFunds);
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  if (decimals !== null && decimals !== mint.decimals) throw tokenError(TokenError.MintDecimalsMismatch);

  if (!ownedBySystemOrIncinerator(source)) {
    const seizer = isExtended(ctx) ? permanentDelegate(mintInfo.account.data) : null;
    if (source.delegate !== null && authority.key === source.delegate) {
      validateOwner(ctx, source.delegate, authority, signers);
      if (source.delegatedAmount < amount) throw tokenError(TokenError.InsufficientFunds);
      source.delegatedAmount -= amount;
      if (source.delegatedAmount === 0n) source.delegate = null;
    } else if (seizer !== null && authority.key === seizer) {
      validateOwner(ctx, seizer, authority, signers);
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
  saveAccount(ctx, sourceInfo, source);
  saveMint(ctx, mintInfo, mint);
}

function closeAccount(ctx: InstructionContext): void {
  const sourceInfo = account(ctx, 0);
  const destInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  if (sourceInfo.key === destInfo.key) throw new InstructionError("InvalidAccountData");
  if (isExtended(ctx) && kindOf(ctx, sourceInfo) === "mint") return closeMint(ctx, sourceInfo, destInfo, authority);
  const source = unpackAccount(ctx, sourceInfo);
  if (source.isNative === null && source.amount !== 0n) throw tokenError(TokenError.NonNativeHasBalance);
  if (!ownedBySystemOrIncinerator(source)) {
    validateOwner(ctx, source.closeAuthority ?? source.owner, authority, ctx.accounts.slice(3));
  } else if (destInfo.key !== INCINERATOR_ID) {
    throw new InstructionError("InvalidAccountData");
  }
  const withheld = isExtended(ctx) ? findExtension(sourceInfo.account.data, ExtensionType.TransferFeeAmount) : null;
  if (withheld && withheld.readBigUInt64LE(0) > 0n) throw tokenError(TokenError.AccountHasWithheldTransferFees);
  deleteAccount(sourceInfo, destInfo);
}

function toggleFreeze(ctx: InstructionContext, freeze: boolean): void {
  const sourceInfo = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const source = unpackAccount(ctx, sourceInfo);
  if ((source.state === AccountState.Frozen) === freeze) throw tokenError(TokenError.InvalidState);
  if (source.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(ctx, mintInfo);
  if (mint.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
  validateOwner(ctx, mint.freezeAuthority, authority, ctx.accounts.slice(3));
  source.state = freeze ? AccountState.Frozen : AccountState.Initialized;
  saveAccount(ctx, sourceInfo, source);
}

function syncNative(ctx: InstructionContext): void {
  const info = account(ctx, 0);
  checkOwner(ctx, info);
  const a = unpackAccount(ctx, info);
  if (a.isNative === null) throw tokenError(TokenError.NonNativeNotSupported);
  const amount = checkedSub(info.account.lamports, a.isNative);
  // Lamports can only arrive from outside; a shrinking balance means the account was tampered with.
  if (amount < a.amount) throw tokenError(TokenError.InvalidState);
  a.amount = amount;
  saveAccount(ctx, info, a);
}

function initializeImmutableOwner(ctx: InstructionContext): void {
  const target = account(ctx, 0);
  const a = decodeTokenAccount(baseOf(ctx, target, "account", true));
  if (a.state !== AccountState.Uninitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isExtended(ctx)) {
    ctx.log("Please upgrade to SPL Token 2022 for immutable owner support");
    return;
  }
  allocateExtension(target.account.data, ExtensionType.ImmutableOwner, "account");
}

/** GetAccountDataSize: SPL Token's accounts are all 165 bytes; Token-2022 sizes for the mint's and the asked-for extensions. */
function accountDataSize(ctx: InstructionContext, requested: readonly number[]): bigint {
  const mintInfo = account(ctx, 0);
  validMint(ctx, mintInfo);
  if (!isExtended(ctx)) return BigInt(ACCOUNT_SIZE);
  if (requested.some((type) => !isAccountExtension(type))) throw tokenError(TokenError.ExtensionTypeMismatch);
  const types = [...requiredAccountExtensions(extensionTypes(mintInfo.account.data)), ...(requested as ExtensionType[])];
  return BigInt(extendedLength("account", types));
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
    case "TransferCheckedWithFee":
      return transfer(ctx, ix.amount, ix.decimals, ix.fee);
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
      return ctx.setReturnData(u64Bytes(accountDataSize(ctx, ix.extensions)));
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
    case "InitializeMintCloseAuthority":
      return void address.write(uninitializedMintExtension(ctx, ExtensionType.MintCloseAuthority), 0, ix.closeAuthority ?? NO_KEY);
    case "InitializeTransferFeeConfig":
      return initializeTransferFeeConfig(ctx, ix);
    case "InitializeDefaultAccountState":
      return initializeDefaultAccountState(ctx, ix.state);
    case "InitializePermanentDelegate":
      return void address.write(uninitializedMintExtension(ctx, ExtensionType.PermanentDelegate), 0, ix.delegate);
    case "InitializeMetadataPointer":
      return initializeMetadataPointer(ctx, ix.authority, ix.metadataAddress);
    case "InitializeNonTransferableMint":
      return void uninitializedMintExtension(ctx, ExtensionType.NonTransferable);
  }
}

/**
 * One implementation of the token instruction set for both programs: SPL Token at its id, and Token-2022 at its own,
 * which reads the same base layouts and adds the extension area and the extension instructions.
 */
function tokenProgram(id: Address): Program {
  return {
    id,
    builtin: false,
    execute(ctx) {
      try {
        ctx.consume(DECODE_UNITS);
        const ix = decode(ctx.data, isExtended(ctx));
        ctx.consume(UNITS[ix.type] - DECODE_UNITS);
        ctx.log(EXTENSION_LOG[ix.type] ?? `Instruction: ${ix.type}`);
        run(ctx, ix);
      } catch (e) {
        printError(ctx, e);
        throw e;
      }
    },
  };
}

export const splTokenProgram: Program = tokenProgram(TOKEN_PROGRAM_ID);
export const token2022Program: Program = tokenProgram(TOKEN_2022_PROGRAM_ID);
