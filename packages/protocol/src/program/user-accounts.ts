// The recurring account constraints of the user instructions (reference §7 "recurring constraint bundles"):
// PAUSE, USER-AUTH and STD-BANK, plus the account and bank state gates the handlers run first.
import type {
  BankAccount,
  BankData,
  MarginfiAccountAccount,
  MarginfiAccountData,
  MarginfiGroupAccount,
  MarginfiGroupData,
} from "../state/views.js";
import { signer } from "@ballast/anchor";
import type { InstructionAccount } from "@ballast/ledger";
import { BankLayout } from "../state/bank.js";
import { AssetTag, BankOperationalState } from "../state/enums.js";
import { AccountFlags, PauseFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MAX_LENDING_ACCOUNT_BALANCES, MarginfiAccountLayout } from "../state/marginfi-account.js";
import { isActive, slot } from "./balances.js";
import { bankAccount, groupAccount, marginfiAccount } from "./account-kinds.js";
import { fail } from "./errors.js";
import { hasAccountFlag } from "../state/account-flags.js";

/** A panic pause lapses on its own after this many seconds. */
export const PAUSE_DURATION_SECONDS = 1800n;

const g = MarginfiGroupLayout.fields;
const a = MarginfiAccountLayout.fields;
const bank = BankLayout.fields;

/** The group's cached panic pause is set and has not yet lapsed (a start in the future counts as active). */
export function isProtocolPaused(group: MarginfiGroupData, now: bigint): boolean {
  const cache = g.panicStateCache.fields;
  if ((cache.pauseFlags.get(group) & PauseFlags.FLAG_PAUSED) === 0) return false;
  const start = cache.pauseStartTimestamp.get(group);
  return now < start || now - start < PAUSE_DURATION_SECONDS;
}

/** PAUSE: user actions are refused while the group is paused (6080). */
export function checkNotPaused(group: MarginfiGroupAccount, now: bigint): void {
  if (isProtocolPaused(group.data, now)) fail("ProtocolPaused", "group");
}

/**
 * USER-AUTH: the account belongs to the group (6093); a frozen account refuses its own authority (6103) and
 * answers only to the group admin; inside receivership (when allowed) anyone may act; otherwise only the
 * account's authority (6042).
 */
export function checkUserAuthorization(
  account: MarginfiAccountAccount,
  group: MarginfiGroupAccount,
  signer: InstructionAccount,
  allowReceivership: boolean,
  /** The account's name in the instruction, which Anchor's error log names. */
  accountName = "marginfi_account",
): void {
  const data = account.data;
  if (a.group.get(data) !== group.key) fail("InvalidGroup", accountName);
  const frozen = hasAccountFlag(data, AccountFlags.ACCOUNT_FROZEN);
  const authority = a.authority.get(data);
  if (frozen && signer.key === authority) fail("AccountFrozen", accountName);
  if (allowReceivership && hasAccountFlag(data, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) return;
  const allowed = frozen ? g.admin.get(group.data) : authority;
  if (signer.key !== allowed) fail("Unauthorized", accountName);
}

/** STD-BANK: the bank is the group's (6093), the vault is the bank's (6094), and the bank is not an integration bank (6200). */
export function checkStandardBank(bankAccount: BankAccount, group: InstructionAccount, liquidityVault: InstructionAccount | null): void {
  const data = bankAccount.data;
  if (bank.group.get(data) !== group.key) fail("InvalidGroup", "bank");
  if (liquidityVault && bank.liquidityVault.get(data) !== liquidityVault.key) fail("InvalidLiquidityVault", "bank");
  const tag = bank.config.fields.assetTag.get(data);
  if (tag !== AssetTag.Default && tag !== AssetTag.Sol && tag !== AssetTag.Staked) fail("WrongAssetTagForStandardInstructions", "bank");
}

export function hasBankFlag(bankData: BankData, flag: bigint): boolean {
  return (bank.flags.get(bankData) & flag) !== 0n;
}

/** Deposits and borrows need an Operational bank. */
export function requireOperational(bankData: BankData): void {
  switch (bank.config.fields.operationalState.get(bankData)) {
    case BankOperationalState.Operational:
      return;
    case BankOperationalState.Paused:
      return fail("BankPaused");
    case BankOperationalState.ReduceOnly:
      return fail("BankReduceOnly");
    default:
      return fail("BankKilledByBankruptcy");
  }
}

/** Repays and withdraws also work on a ReduceOnly bank. */
export function requireNotPausedOrKilled(bankData: BankData): void {
  const state = bank.config.fields.operationalState.get(bankData);
  if (state === BankOperationalState.Paused) fail("BankPaused");
  if (state === BankOperationalState.KilledByBankruptcy) fail("BankKilledByBankruptcy");
}

export function requireNotDisabled(account: MarginfiAccountData): void {
  if (hasAccountFlag(account, AccountFlags.ACCOUNT_DISABLED)) fail("AccountDisabled");
}

/**
 * Asset-tag mixing (reference §12): an account holds default-like plus SOL positions or staked plus SOL positions,
 * never default-like and staked together (6047).
 */
export function validateAssetTags(bankData: BankData, account: MarginfiAccountData): void {
  const target = bank.config.fields.assetTag.get(bankData);
  const stakedTarget = target === AssetTag.Staked;
  const defaultLikeTarget = target !== AssetTag.Sol && !stakedTarget;
  // Only two bytes per slot matter; decoding all sixteen balances would encode every key in base58.
  for (let i = 0; i < MAX_LENDING_ACCOUNT_BALANCES; i++) {
    if (!isActive(account, i)) continue;
    const held = slot(i).bankAssetTag.get(account);
    if (defaultLikeTarget && held === AssetTag.Staked) fail("AssetTagMismatch");
    if (stakedTarget && held !== AssetTag.Sol && held !== AssetTag.Staked) fail("AssetTagMismatch");
  }
}

/**
 * The four accounts every user bank action starts with, in IDL order: [group, marginfi_account (mut),
 * authority (signer), bank (mut)]; the group is writable where the instruction may update its deleverage window.
 */
export function userBankDeclarations(options: { groupWritable?: boolean } = {}) {
  return {
    group: groupAccount(options.groupWritable ? { mut: "load" } : {}),
    marginfiAccount: marginfiAccount({ mut: "load" }),
    authority: signer(),
    bank: bankAccount({ mut: "load" }),
  } as const;
}

/** Marks the account touched by a user-visible change. */
export function touchAccount(account: MarginfiAccountData, now: bigint): void {
  a.lastUpdate.set(account, BigInt.asUintN(64, now));
}

/** The header of the account events: who signed, which account, its authority and its group. */
export function accountEventHeader(u: {
  readonly group: InstructionAccount;
  readonly marginfiAccount: MarginfiAccountAccount;
  readonly authority: InstructionAccount;
}) {
  return {
    signer: u.authority.key,
    marginfiAccount: u.marginfiAccount.key,
    marginfiAccountAuthority: a.authority.get(u.marginfiAccount.data),
    marginfiGroup: u.group.key,
  };
}
