// What every bank-creating instruction shares (reference §7.3): the bank and its three vault token accounts at
// positions 6–14 of the instruction, the vault-authority PDAs, the fields Bank::new sets, and the group's count.
import type { BankData, MarginfiGroupData } from "../state/views.js";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { ONE, fromDecimal } from "../math/i80f48.js";
import { BankLayout } from "../state/bank.js";
import { InterestCurveType } from "../state/enums.js";
import { BankFlags, GroupFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import type { LendingAccounts } from "./accounts.js";
import { initTarget, unchecked, type DeclaredAccounts } from "@ballast/anchor";
import { systemProgram, tokenProgram } from "./account-kinds.js";
import { bankVaultSeeds, initTokenVault } from "./bank-vaults.js";
import { fail } from "./errors.js";

/** An arena group holds at most this many banks (6073 ArenaBankLimit). */
export const ARENA_MAX_BANKS = 2;
const U16_MAX = 0xffff;

type VaultKind = "liquidity" | "insurance" | "fee";
const KINDS: readonly VaultKind[] = ["liquidity", "insurance", "fee"];

export interface NewBankAccounts {
  readonly bank: InstructionAccount;
  readonly vaults: Record<VaultKind, { readonly authority: InstructionAccount; readonly vault: InstructionAccount }>;
  readonly tokenProgram: InstructionAccount;
}

/**
 * [(vault authority, vault) × 3, token_program, system_program]: the last accounts of every bank-creating
 * instruction. The vaults are Anchor's `init` token accounts, created by initBankVaults.
 */
export const BANK_VAULT_ACCOUNTS = {
  liquidityVaultAuthority: unchecked(),
  liquidityVault: initTarget(),
  insuranceVaultAuthority: unchecked(),
  insuranceVault: initTarget(),
  feeVaultAuthority: unchecked(),
  feeVault: initTarget(),
  tokenProgram: tokenProgram(),
  systemProgram: systemProgram(),
} as const;

/** The new bank with its vault accounts, grouped by vault kind. */
export function newBankAccounts(a: DeclaredAccounts<typeof BANK_VAULT_ACCOUNTS> & { readonly bank: InstructionAccount }): NewBankAccounts {
  return {
    bank: a.bank,
    vaults: {
      liquidity: { authority: a.liquidityVaultAuthority, vault: a.liquidityVault },
      insurance: { authority: a.insuranceVaultAuthority, vault: a.insuranceVault },
      fee: { authority: a.feeVaultAuthority, vault: a.feeVault },
    },
    tokenProgram: a.tokenProgram,
  };
}

export type Bumps = Record<VaultKind, { readonly vault: number; readonly authority: number }>;

/**
 * Anchor's `init` of the three vault token accounts, then the seeds constraints of their authorities (IDL
 * order: vaults are initialised with the accounts, authorities are checked with the constraints).
 */
export function initBankVaults(
  ctx: InstructionContext,
  accounts: LendingAccounts,
  payer: InstructionAccount,
  mint: InstructionAccount,
  n: NewBankAccounts,
): Record<VaultKind, number> {
  const bumps = {} as Record<VaultKind, number>;
  for (const kind of KINDS) {
    const { vault, authority } = n.vaults[kind];
    const seeds = bankVaultSeeds(`${kind}Vault`, n.bank.key);
    bumps[kind] = initTokenVault(ctx, accounts, payer, vault, `${kind}_vault`, seeds, mint, authority.key, n.tokenProgram);
  }
  return bumps;
}

export function checkVaultAuthorities(accounts: LendingAccounts, n: NewBankAccounts, vaultBumps: Record<VaultKind, number>): Bumps {
  const bumps = {} as Record<VaultKind, { vault: number; authority: number }>;
  for (const kind of KINDS) {
    const seeds = bankVaultSeeds(`${kind}VaultAuthority`, n.bank.key);
    bumps[kind] = { vault: vaultBumps[kind], authority: accounts.pda(n.vaults[kind].authority, `${kind}_vault_authority`, seeds) };
  }
  return bumps;
}

/** The fields Bank::new sets: mint, group, share values of 1, vaults and bumps, last update, CLOSE_ENABLED. */
export function writeNewBank(
  data: BankData,
  mint: string,
  decimals: number,
  group: string,
  n: NewBankAccounts,
  bumps: Bumps,
  now: bigint,
): void {
  const b = BankLayout.fields;
  b.mint.set(data, mint);
  b.mintDecimals.set(data, decimals);
  b.group.set(data, group);
  b.assetShareValue.set(data, ONE);
  b.liabilityShareValue.set(data, ONE);
  b.liquidityVault.set(data, n.vaults.liquidity.vault.key);
  b.liquidityVaultBump.set(data, bumps.liquidity.vault);
  b.liquidityVaultAuthorityBump.set(data, bumps.liquidity.authority);
  b.insuranceVault.set(data, n.vaults.insurance.vault.key);
  b.insuranceVaultBump.set(data, bumps.insurance.vault);
  b.insuranceVaultAuthorityBump.set(data, bumps.insurance.authority);
  b.feeVault.set(data, n.vaults.fee.vault.key);
  b.feeVaultBump.set(data, bumps.fee.vault);
  b.feeVaultAuthorityBump.set(data, bumps.fee.authority);
  b.lastUpdate.set(data, now);
  b.flags.set(data, BankFlags.CLOSE_ENABLED_FLAG);
}

/** Counts the new bank in its group (an arena group takes two at most) and stamps the fee cache. */
export function countBankInGroup(group: MarginfiGroupData, now: bigint): void {
  const g = MarginfiGroupLayout.fields;
  const banks = g.banks.get(group);
  if ((g.groupFlags.get(group) & GroupFlags.ARENA_GROUP) !== 0n && banks >= ARENA_MAX_BANKS) fail("ArenaBankLimit");
  g.banks.set(group, Math.min(banks + 1, U16_MAX));
  g.feeStateCache.fields.lastUpdate.set(group, now);
}

/**
 * Banks that never lend (staked and integration banks) still carry liability weights and an interest curve;
 * these placeholders are non-zero only where validation needs them (reference §7.3, §7.5).
 */
export function writePlaceholderLendingConfig(data: BankData): void {
  const c = BankLayout.fields.config.fields;
  const r = c.interestRateConfig.fields;
  c.liabilityWeightInit.set(data, fromDecimal("1.5"));
  c.liabilityWeightMaint.set(data, fromDecimal("1.25"));
  r.insuranceIrFee.set(data, fromDecimal("0.1"));
  r.hundredUtilRate.set(data, 1_234_567);
  r.points.at(0).set(data, { util: 12_345, rate: 123_456 });
  r.curveType.set(data, InterestCurveType.SevenPoint);
  c.borrowLimit.set(data, 0n);
}
