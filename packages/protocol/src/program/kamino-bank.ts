// What the Kamino-bank instructions share: checking the market accounts a user passes against the bank, the bank's
// acting side in the market (vault authority with its seeds, liquidity vault, obligation), and the obligation's
// shape rules (6207, 6208) and integration-position limit (6212).
import type { MarginfiAccountData } from "../state/views.js";
import { unchecked, type DeclaredAccount } from "@ballast/anchor";
import type { InstructionAccount } from "@ballast/ledger";
import { BankLayout } from "../state/bank.js";
import { AssetTag } from "../state/enums.js";
import {
  KAMINO_PROGRAM_ID,
  isKaminoObligation,
  isKaminoReserve,
  readKaminoObligation,
  readKaminoReserve,
  type KaminoReserveView,
} from "../state/kamino.js";
import type { LendingAccounts } from "./accounts.js";
import { isActive, slot } from "./balances.js";
import { bankVaultSeeds } from "./bank-vaults.js";
import { fail } from "./errors.js";
import type { KaminoBankSide, KaminoReserveAccounts } from "./kamino-cpi.js";
import { DEFAULT_PUBKEY } from "./ids.js";
import { MAX_LENDING_ACCOUNT_BALANCES } from "../state/marginfi-account.js";

/** Kamino, Drift and Solend positions one account may hold (6212). */
export const MAX_INTEGRATION_POSITIONS = 8;

const b = BankLayout.fields;

/**
 * The market accounts every Kamino-bank instruction passes, by role (each instruction names the reserve's mint
 * and collateral vault its own way). The handler checks them against the bank, in the program's order.
 */
export interface KaminoMarketAccounts {
  readonly vaultAuthority: DeclaredAccount;
  readonly liquidityVault: DeclaredAccount;
  readonly obligation: DeclaredAccount;
  readonly lendingMarket: DeclaredAccount;
  readonly lendingMarketAuthority: DeclaredAccount;
  readonly reserve: DeclaredAccount;
  readonly liquidityMint: DeclaredAccount;
  readonly liquiditySupply: DeclaredAccount;
  readonly collateralMint: DeclaredAccount;
  readonly collateralVault: DeclaredAccount;
  readonly obligationFarmUserState: DeclaredAccount;
  readonly reserveFarmState: DeclaredAccount;
  readonly kaminoProgram: DeclaredAccount;
  readonly farmsProgram: DeclaredAccount;
  readonly collateralTokenProgram: DeclaredAccount;
  readonly liquidityTokenProgram: DeclaredAccount;
}

/** The accounts a deposit into the reserve names (kamino_deposit, kamino_init_obligation), by their declared names. */
export interface KaminoDepositDeclared {
  readonly liquidityVaultAuthority: DeclaredAccount;
  readonly liquidityVault: DeclaredAccount;
  readonly kaminoObligation: DeclaredAccount;
  readonly lendingMarket: DeclaredAccount;
  readonly lendingMarketAuthority: DeclaredAccount;
  readonly kaminoReserve: DeclaredAccount;
  readonly mint: DeclaredAccount;
  readonly reserveLiquiditySupply: DeclaredAccount;
  readonly reserveCollateralMint: DeclaredAccount;
  readonly reserveDestinationDepositCollateral: DeclaredAccount;
  readonly obligationFarmUserState: DeclaredAccount;
  readonly reserveFarmState: DeclaredAccount;
  readonly kaminoProgram: DeclaredAccount;
  readonly farmsProgram: DeclaredAccount;
  readonly collateralTokenProgram: DeclaredAccount;
  readonly liquidityTokenProgram: DeclaredAccount;
}

/** The market accounts of a deposit into the reserve, as kaminoBankAccounts takes them. */
export function kaminoDepositMarketAccounts(a: KaminoDepositDeclared): KaminoMarketAccounts {
  return {
    vaultAuthority: a.liquidityVaultAuthority,
    liquidityVault: a.liquidityVault,
    obligation: a.kaminoObligation,
    lendingMarket: a.lendingMarket,
    lendingMarketAuthority: a.lendingMarketAuthority,
    reserve: a.kaminoReserve,
    liquidityMint: a.mint,
    liquiditySupply: a.reserveLiquiditySupply,
    collateralMint: a.reserveCollateralMint,
    collateralVault: a.reserveDestinationDepositCollateral,
    obligationFarmUserState: a.obligationFarmUserState,
    reserveFarmState: a.reserveFarmState,
    kaminoProgram: a.kaminoProgram,
    farmsProgram: a.farmsProgram,
    collateralTokenProgram: a.collateralTokenProgram,
    liquidityTokenProgram: a.liquidityTokenProgram,
  };
}

/** [liquidity_vault_authority, liquidity_vault, kamino_obligation] as the Kamino-bank instructions declare them. */
export const KAMINO_BANK_SIDE_ACCOUNTS = {
  liquidityVaultAuthority: unchecked({ mut: "handler" }),
  liquidityVault: unchecked({ mut: "handler" }),
  kaminoObligation: unchecked({ mut: "handler" }),
} as const;

/** The farm accounts: Anchor's optional accounts, which this program passes on untouched. */
export const KAMINO_FARM_ACCOUNTS = {
  obligationFarmUserState: unchecked({ mut: "handler" }),
  reserveFarmState: unchecked({ mut: "handler" }),
} as const;

/** [kamino_program, farms_program, collateral_token_program, liquidity_token_program] after the farms. */
export const KAMINO_PROGRAM_ACCOUNTS = {
  kaminoProgram: unchecked(),
  farmsProgram: unchecked(),
  collateralTokenProgram: unchecked(),
  liquidityTokenProgram: unchecked(),
} as const;

export interface KaminoBankAccounts {
  readonly side: KaminoBankSide;
  readonly market: KaminoReserveAccounts;
  readonly reserve: InstructionAccount;
  readonly obligation: InstructionAccount;
  readonly liquidityVault: InstructionAccount;
  readonly liquidityTokenProgram: InstructionAccount;
}

/** The bank must be a Kamino bank (6201) whose reserve and obligation the instruction names (6213, 6214). */
export function kaminoBankAccounts(accounts: LendingAccounts, bank: InstructionAccount, m: KaminoMarketAccounts): KaminoBankAccounts {
  const data = bank.account.data;
  if (b.config.fields.assetTag.get(data) !== AssetTag.Kamino) fail("WrongAssetTagForKaminoInstructions", "bank");
  const { vaultAuthority, liquidityVault, obligation, reserve } = m;
  if (b.integrationAcc1.get(data) === DEFAULT_PUBKEY) fail("KaminoReserveValidationFailed", "bank");
  if (reserve.key !== b.integrationAcc1.get(data)) fail("InvalidKaminoReserve", "integration_acc_1");
  if (obligation.key !== b.integrationAcc2.get(data)) fail("InvalidKaminoObligation", "integration_acc_2");
  if (liquidityVault.key !== b.liquidityVault.get(data)) fail("InvalidLiquidityVault", "bank");
  const bump = accounts.pda(vaultAuthority, "liquidity_vault_authority", bankVaultSeeds("liquidityVaultAuthority", bank.key));
  accounts.address(m.kaminoProgram, "kamino_program", KAMINO_PROGRAM_ID);
  accounts.writable(vaultAuthority, "liquidity_vault_authority");
  accounts.writable(liquidityVault, "liquidity_vault");
  accounts.writable(obligation, "kamino_obligation");
  accounts.writable(reserve, "kamino_reserve");
  const liquidityTokenProgram = m.liquidityTokenProgram;
  return {
    side: {
      authority: vaultAuthority.key,
      seeds: [...bankVaultSeeds("liquidityVaultAuthority", bank.key), Buffer.from([bump])],
      liquidityVault: liquidityVault.key,
      obligation: obligation.key,
    },
    market: {
      lendingMarket: m.lendingMarket.key,
      lendingMarketAuthority: m.lendingMarketAuthority.key,
      reserve: reserve.key,
      liquidityMint: m.liquidityMint.key,
      liquiditySupply: m.liquiditySupply.key,
      collateralMint: m.collateralMint.key,
      collateralVault: m.collateralVault.key,
      obligationFarmUserState: m.obligationFarmUserState.key,
      reserveFarmState: m.reserveFarmState.key,
      farmsProgram: m.farmsProgram.key,
      collateralTokenProgram: m.collateralTokenProgram.key,
      liquidityTokenProgram: liquidityTokenProgram.key,
    },
    reserve,
    obligation,
    liquidityVault,
    liquidityTokenProgram,
  };
}

/** The reserve as the market last wrote it (6213 when the account is not a market reserve). */
export function loadKaminoReserve(reserve: InstructionAccount): KaminoReserveView {
  if (reserve.account.owner !== KAMINO_PROGRAM_ID || !isKaminoReserve(reserve.account.data)) fail("InvalidKaminoReserve", "kamino_reserve");
  return readKaminoReserve(reserve.account.data);
}

/** Collateral the bank's obligation holds in its one deposit slot: slot 0 for this reserve (6208), no others (6207). */
export function obligationCollateral(obligation: InstructionAccount, reserve: string): bigint {
  if (obligation.account.owner !== KAMINO_PROGRAM_ID || !isKaminoObligation(obligation.account.data)) {
    fail("InvalidKaminoObligation", "kamino_obligation");
  }
  const [first, ...others] = readKaminoObligation(obligation.account.data).deposits;
  if (first?.reserve !== reserve) fail("ObligationDepositReserveMismatch");
  if (others.some((d) => d.reserve !== DEFAULT_PUBKEY)) fail("InvalidObligationDepositCount");
  return first.depositedAmount;
}

/** A new Kamino, Drift or Solend position may not take the account past eight of them (6212). */
export function checkIntegrationPositionLimit(account: MarginfiAccountData, bankKey: string): void {
  let held = 0;
  for (let i = 0; i < MAX_LENDING_ACCOUNT_BALANCES; i++) {
    if (!isActive(account, i)) continue;
    if (slot(i).bankPk.get(account) === bankKey) return;
    const tag = slot(i).bankAssetTag.get(account);
    if (tag === AssetTag.Kamino || tag === AssetTag.Drift || tag === AssetTag.Solend) held++;
  }
  if (held >= MAX_INTEGRATION_POSITIONS) fail("IntegrationPositionLimitExceeded");
}

/** |actual − expected| ≤ 1: the market rounds once more than this program's view of the exchange rate. */
export function withinOne(actual: bigint, expected: bigint): boolean {
  const difference = actual - expected;
  return difference >= -1n && difference <= 1n;
}
