// Token-2022's own part of the token program: the extension instructions, writing mint extensions before
// InitializeMint, the account extensions a mint requires, transfer fees, mint closing and the authorities kept in
// extensions. The base instruction set is program.ts, shared with SPL Token.
import type { Address } from "../../account.js";
import { InstructionError } from "../../errors.js";
import { address } from "../../layout-codecs.js";
import type { InstructionAccount, InstructionContext } from "../../runtime/program.js";
import {
  ExtensionType,
  MAX_FEE_BASIS_POINTS,
  NO_KEY,
  TransferFeeConfigLayout,
  allocateExtension,
  epochFee,
  extendedLength,
  extensionTypes,
  findExtension,
  requiredAccountExtensions,
  transferFeeOf,
} from "./extensions.js";
import { AccountState, decodeMint } from "./layout.js";
import {
  AuthorityType,
  TokenError,
  account,
  baseOf,
  deleteAccount,
  isExtended,
  optionalKey,
  permanentDelegate,
  tokenError,
  unpackMint,
  validateOwner,
  type TokenArgs,
} from "./support.js";

/** Token-2022's extension instructions as this ledger decodes them. */
export type ExtensionInstruction =
  | { type: "InitializeMintCloseAuthority"; closeAuthority: Address | null }
  | {
      type: "InitializeTransferFeeConfig";
      transferFeeConfigAuthority: Address | null;
      withdrawWithheldAuthority: Address | null;
      basisPoints: number;
      maximumFee: bigint;
    }
  | { type: "TransferCheckedWithFee"; amount: bigint; decimals: number; fee: bigint }
  | { type: "InitializeDefaultAccountState"; state: number }
  | { type: "InitializePermanentDelegate"; delegate: Address }
  | { type: "InitializeMetadataPointer"; authority: Address; metadataAddress: Address }
  | { type: "InitializeNonTransferableMint" };

/** Fixed compute charge of each extension instruction, close to the deployed program's. */
export const EXTENSION_UNITS: Record<ExtensionInstruction["type"], number> = {
  InitializeMintCloseAuthority: 1551,
  InitializeTransferFeeConfig: 2087,
  TransferCheckedWithFee: 7020,
  InitializeDefaultAccountState: 1495,
  InitializePermanentDelegate: 1478,
  InitializeMetadataPointer: 1614,
  InitializeNonTransferableMint: 1409,
};

/** Token-2022's first tag past the base instruction set (InitializeMintCloseAuthority). */
export const EXTENSION_TAGS_FROM = 25;

/** GetAccountDataSize's extension list: u16s, each an account extension the new account is to make room for. */
export function extensionList(bytes: Buffer): number[] {
  if (bytes.length % 2 !== 0) throw tokenError(TokenError.InvalidInstruction);
  const types: number[] = [];
  for (let at = 0; at < bytes.length; at += 2) types.push(bytes.readUInt16LE(at));
  return types;
}

/** The extension instructions this ledger's Token-2022 carries; any other is InvalidInstruction. */
export function decodeExtensionInstruction(tag: number, r: TokenArgs): ExtensionInstruction {
  switch (tag) {
    case 25:
      return { type: "InitializeMintCloseAuthority", closeAuthority: r.optionKey() };
    case 26: {
      const sub = r.u8();
      if (sub === 0) {
        return {
          type: "InitializeTransferFeeConfig",
          transferFeeConfigAuthority: r.optionKey(),
          withdrawWithheldAuthority: r.optionKey(),
          basisPoints: r.u16(),
          maximumFee: r.u64(),
        };
      }
      if (sub === 1) return { type: "TransferCheckedWithFee", amount: r.u64(), decimals: r.u8(), fee: r.u64() };
      throw tokenError(TokenError.InvalidInstruction);
    }
    case 28:
      if (r.u8() !== 0) throw tokenError(TokenError.InvalidInstruction);
      return { type: "InitializeDefaultAccountState", state: r.u8() };
    case 32:
      return { type: "InitializeNonTransferableMint" };
    case 35:
      return { type: "InitializePermanentDelegate", delegate: r.pubkey() };
    case 39:
      if (r.u8() !== 0) throw tokenError(TokenError.InvalidInstruction);
      return { type: "InitializeMetadataPointer", authority: r.pubkey(), metadataAddress: r.pubkey() };
    default:
      throw tokenError(TokenError.InvalidInstruction);
  }
}

/**
 * Token-2022: the account extensions the mint requires, which must fit the account, and the state the mint's
 * DefaultAccountState gives a new account.
 */
export function initializeAccountExtensions(
  ctx: InstructionContext,
  target: InstructionAccount,
  mintInfo: InstructionAccount,
): AccountState {
  const mintData = mintInfo.account.data;
  if (permanentDelegate(mintData) !== null)
    ctx.log("Warning: Mint has a permanent delegate, so tokens in this account may be seized at any time");
  const required = requiredAccountExtensions(extensionTypes(mintData));
  const data = target.account.data;
  if (extendedLength("account", required) > data.length) throw new InstructionError("InvalidAccountData");
  for (const type of required) allocateExtension(data, type, "account");
  const defaultState = findExtension(mintData, ExtensionType.DefaultAccountState)?.readUInt8(0);
  return defaultState === AccountState.Frozen ? AccountState.Frozen : AccountState.Initialized;
}

/**
 * The fee a Token-2022 transfer withholds in the destination: the mint's TransferFeeConfig at the current epoch,
 * none without one. A transfer without the mint (plain Transfer) cannot know it, so an account that may owe fees
 * refuses it.
 */
export function transferFee(
  ctx: InstructionContext,
  sourceInfo: InstructionAccount,
  mintInfo: InstructionAccount | null,
  amount: bigint,
): bigint {
  if (!isExtended(ctx)) return 0n;
  if (!mintInfo) {
    if (findExtension(sourceInfo.account.data, ExtensionType.TransferFeeAmount)) throw tokenError(TokenError.MintRequiredForTransfer);
    return 0n;
  }
  const config = findExtension(mintInfo.account.data, ExtensionType.TransferFeeConfig);
  if (!config) return 0n;
  return transferFeeOf(epochFee(TransferFeeConfigLayout.read(config, 0), ctx.clock.epoch), amount);
}

/** Where each Token-2022 mint authority lives: its extension and the key's offset in it. */
export const EXTENSION_AUTHORITIES: Partial<Record<number, { extension: ExtensionType; offset: number }>> = {
  [AuthorityType.TransferFeeConfig]: { extension: ExtensionType.TransferFeeConfig, offset: 0 },
  [AuthorityType.WithheldWithdraw]: { extension: ExtensionType.TransferFeeConfig, offset: 32 },
  [AuthorityType.CloseMint]: { extension: ExtensionType.MintCloseAuthority, offset: 0 },
  [AuthorityType.PermanentDelegate]: { extension: ExtensionType.PermanentDelegate, offset: 0 },
  [AuthorityType.MetadataPointer]: { extension: ExtensionType.MetadataPointer, offset: 0 },
};

/** A Token-2022 mint authority kept in an extension: set by its current holder; none left means NoAuthorityExists. */
export function setExtensionAuthority(
  ctx: InstructionContext,
  mintData: Buffer,
  authorityType: number,
  newAuthority: Address | null,
  validate: (current: Address) => void,
): void {
  const place = isExtended(ctx) ? EXTENSION_AUTHORITIES[authorityType] : undefined;
  const extension = place && findExtension(mintData, place.extension);
  if (!place || !extension) throw tokenError(TokenError.AuthorityTypeNotSupported);
  const current = optionalKey(extension, place.offset);
  if (current === null) throw tokenError(TokenError.NoAuthorityExists);
  validate(current);
  address.write(extension, place.offset, newAuthority ?? NO_KEY);
}

/** Token-2022 closes a mint whose MintCloseAuthority signs, once nothing of it is left in circulation. */
export function closeMint(
  ctx: InstructionContext,
  mintInfo: InstructionAccount,
  destInfo: InstructionAccount,
  authority: InstructionAccount,
): void {
  const mint = unpackMint(ctx, mintInfo);
  const extension = findExtension(mintInfo.account.data, ExtensionType.MintCloseAuthority);
  if (!extension) throw new InstructionError("InvalidAccountData");
  const closer = optionalKey(extension, 0);
  if (closer === null) throw tokenError(TokenError.AuthorityTypeNotSupported);
  validateOwner(ctx, closer, authority, ctx.accounts.slice(3));
  if (mint.supply !== 0n) throw tokenError(TokenError.MintHasSupply);
  deleteAccount(mintInfo, destInfo);
}

/** A Token-2022 mint extension is written before InitializeMint, into a mint still uninitialised. */
export function uninitializedMintExtension(ctx: InstructionContext, type: ExtensionType): Buffer {
  const mintInfo = account(ctx, 0);
  const mint = decodeMint(baseOf(ctx, mintInfo, "mint", true));
  if (mint.isInitialized) throw tokenError(TokenError.AlreadyInUse);
  return allocateExtension(mintInfo.account.data, type, "mint");
}

export function initializeTransferFeeConfig(
  ctx: InstructionContext,
  ix: Extract<ExtensionInstruction, { type: "InitializeTransferFeeConfig" }>,
): void {
  const extension = uninitializedMintExtension(ctx, ExtensionType.TransferFeeConfig);
  if (ix.basisPoints > MAX_FEE_BASIS_POINTS) throw tokenError(TokenError.TransferFeeExceedsMaximum);
  const fee = { epoch: ctx.clock.epoch, maximumFee: ix.maximumFee, basisPoints: ix.basisPoints };
  TransferFeeConfigLayout.write(extension, 0, {
    transferFeeConfigAuthority: ix.transferFeeConfigAuthority ?? NO_KEY,
    withdrawWithheldAuthority: ix.withdrawWithheldAuthority ?? NO_KEY,
    withheldAmount: 0n,
    olderTransferFee: fee,
    newerTransferFee: fee,
  });
}

export function initializeDefaultAccountState(ctx: InstructionContext, state: number): void {
  if (state !== AccountState.Initialized && state !== AccountState.Frozen) throw tokenError(TokenError.InvalidState);
  uninitializedMintExtension(ctx, ExtensionType.DefaultAccountState).writeUInt8(state, 0);
}

export function initializeMetadataPointer(ctx: InstructionContext, authority: Address, metadataAddress: Address): void {
  if (authority === NO_KEY && metadataAddress === NO_KEY) {
    ctx.log("The metadata pointer extension requires at least an authority or an address for initialization, neither was provided");
    throw new InstructionError("InvalidInstructionData");
  }
  const extension = uninitializedMintExtension(ctx, ExtensionType.MetadataPointer);
  address.write(extension, 0, authority);
  address.write(extension, 32, metadataAddress);
}

/** What Token-2022's extension processors log for their instructions, where it is not "Instruction: <name>". */
export const EXTENSION_LOG: Partial<Record<string, string>> = {
  InitializeTransferFeeConfig: "TransferFeeInstruction: InitializeTransferFeeConfig",
  TransferCheckedWithFee: "TransferFeeInstruction: TransferCheckedWithFee",
  InitializeDefaultAccountState: "DefaultAccountStateInstruction::Initialize",
  InitializeMetadataPointer: "MetadataPointerInstruction::Initialize",
};
