// The lending program's instructions for banks backed by the third-party (Kamino-style) market: creating such a
// bank, its obligation, and depositing into and withdrawing from it through a margin account. The market accounts
// come from the bank (its reserve and obligation) and the decoded reserve (market, mint, vaults).
import { PublicKey, type AccountMeta, type TransactionInstruction } from "@solana/web3.js";
import {
  BankOperationalState,
  DEFAULT_PUBKEY,
  OracleSetup,
  RiskTier,
  kaminoObligationAddress,
  type Bank,
  type I80F48,
} from "@ballast/protocol";
import { KLEND_PROGRAM_ID, type KaminoReserve } from "../state/kamino.js";
import { DEFAULT_PROGRAM_ID, buildInstruction, readonlyAccount, type ProgramOptions } from "./coder.js";
import { enumVariant, u64, wrappedI80F48 } from "./coder-values.js";
import type { BalanceActionAccounts } from "./lending.js";
import { bankAddressWithSeed, bankVaultAddress, bankVaultAuthorityAddress } from "./pda.js";
import { tokenProgramOf } from "./token-program.js";
import { BallastSdkError } from "../errors.js";

const KAMINO_PROGRAM = new PublicKey(KLEND_PROGRAM_ID);

/** A bank's reserve and obligation, or the spec's errors when it has none. */
export function kaminoBankKeys(bank: Bank): { reserve: PublicKey; obligation: PublicKey } {
  if (bank.integrationAcc1 === DEFAULT_PUBKEY) throw new BallastSdkError("BANK_WITHOUT_KAMINO_RESERVE");
  if (bank.integrationAcc2 === DEFAULT_PUBKEY) throw new BallastSdkError("BANK_WITHOUT_KAMINO_OBLIGATION");
  return { reserve: new PublicKey(bank.integrationAcc1), obligation: new PublicKey(bank.integrationAcc2) };
}

/** The market side of a Kamino bank's action. */
export interface KaminoMarketAccounts {
  /** The decoded bank, for its mint, reserve and obligation. */
  bankData: Bank;
  /** The bank's reserve, decoded. */
  reserve: KaminoReserve;
  /** The market's authority PDA ["lma", lending market]. */
  lendingMarketAuthority: PublicKey;
}

/** The accounts kamino_deposit, kamino_withdraw and kamino_init_obligation share. */
function marketAccounts(bank: PublicKey, m: KaminoMarketAccounts & ProgramOptions) {
  const { reserve, obligation } = kaminoBankKeys(m.bankData);
  const lendingProgram = m.programId ?? DEFAULT_PROGRAM_ID;
  return {
    liquidity_vault_authority: bankVaultAuthorityAddress(bank, "liquidity", m.programId),
    liquidity_vault: bankVaultAddress(bank, "liquidity", m.programId),
    kamino_obligation: obligation,
    lending_market: new PublicKey(m.reserve.lendingMarket),
    lending_market_authority: m.lendingMarketAuthority,
    kamino_reserve: reserve,
    reserve_liquidity_supply: new PublicKey(m.reserve.liquidity.supplyVault),
    reserve_collateral_mint: new PublicKey(m.reserve.collateral.mintPubkey),
    // The market has no farms: Anchor's "none" for an optional account is the called program's own id.
    obligation_farm_user_state: lendingProgram,
    reserve_farm_state: lendingProgram,
    liquidity_token_program: new PublicKey(m.reserve.liquidity.tokenProgram),
  };
}

const balanceAccounts = (p: BalanceActionAccounts) => ({
  group: p.group,
  marginfi_account: p.marginfiAccount,
  authority: p.authority,
  bank: p.bank,
});

export interface KaminoDepositParams extends BalanceActionAccounts, KaminoMarketAccounts {
  signerTokenAccount: PublicKey;
  /** Native units of the bank's token. */
  amount: bigint;
}

/** Deposits tokens into the bank's obligation; the account is credited the collateral tokens they mint. */
export function kaminoDepositInstruction(p: KaminoDepositParams): TransactionInstruction {
  return buildInstruction(
    "kamino_deposit",
    {
      ...balanceAccounts(p),
      signer_token_account: p.signerTokenAccount,
      ...marketAccounts(p.bank, p),
      mint: new PublicKey(p.bankData.mint),
      reserve_destination_deposit_collateral: new PublicKey(p.reserve.collateral.supplyVault),
    },
    { amount: u64(p.amount) },
    [],
    p,
  );
}

export interface KaminoWithdrawParams extends BalanceActionAccounts, KaminoMarketAccounts {
  destinationTokenAccount: PublicKey;
  /** Collateral tokens (the position's unit), not the bank's token; ignored with withdrawAll. */
  collateral: bigint;
  /** Withdraw the whole position and close the balance. */
  withdrawAll?: boolean;
  /** From withdrawRiskAccounts. */
  riskAccounts: readonly AccountMeta[];
}

export function kaminoWithdrawInstruction(p: KaminoWithdrawParams): TransactionInstruction {
  return buildInstruction(
    "kamino_withdraw",
    {
      ...balanceAccounts(p),
      destination_token_account: p.destinationTokenAccount,
      ...marketAccounts(p.bank, p),
      reserve_liquidity_mint: new PublicKey(p.bankData.mint),
      reserve_source_collateral: new PublicKey(p.reserve.collateral.supplyVault),
    },
    { amount: u64(p.collateral), withdraw_all: p.withdrawAll ?? null },
    p.riskAccounts,
    p,
  );
}

export interface KaminoInitObligationParams extends KaminoMarketAccounts, ProgramOptions {
  feePayer: PublicKey;
  bank: PublicKey;
  /** The fee payer's token account of the bank's mint; the first deposit comes from it and belongs to no one. */
  signerTokenAccount: PublicKey;
  /** Native units, at least 10. */
  amount: bigint;
  /** The market's user metadata PDA ["user_meta", the bank's liquidity vault authority]. */
  userMetadata: PublicKey;
}

/** Creates the bank's obligation in the market (anyone may); the reserve is refreshed from its Pyth feed. */
export function kaminoInitObligationInstruction(p: KaminoInitObligationParams): TransactionInstruction {
  const pyth = p.reserve.config.tokenInfo.pythConfiguration.price;
  const switchboard = p.reserve.config.tokenInfo.switchboardConfiguration;
  const oracle = (key: string) => (key === DEFAULT_PUBKEY ? KAMINO_PROGRAM : new PublicKey(key));
  return buildInstruction(
    "kamino_init_obligation",
    {
      fee_payer: p.feePayer,
      bank: p.bank,
      signer_token_account: p.signerTokenAccount,
      ...marketAccounts(p.bank, p),
      user_metadata: p.userMetadata,
      mint: new PublicKey(p.bankData.mint),
      reserve_destination_deposit_collateral: new PublicKey(p.reserve.collateral.supplyVault),
      pyth_oracle: oracle(pyth),
      switchboard_price_oracle: oracle(switchboard.priceAggregator),
      switchboard_twap_oracle: oracle(switchboard.twapAggregator),
      scope_prices: KAMINO_PROGRAM,
    },
    { amount: u64(p.amount) },
    [],
    p,
  );
}

export interface KaminoBankConfigParams {
  /** The bank's price feed: a Pyth PriceUpdateV2 account or a Switchboard pull feed. */
  oracle: PublicKey;
  oracleSetup: typeof OracleSetup.KaminoPythPush | typeof OracleSetup.KaminoSwitchboardPull;
  assetWeightInit: I80F48;
  assetWeightMaint: I80F48;
  /** In collateral tokens. */
  depositLimit: bigint;
  operationalState?: number;
  riskTier?: number;
  configFlags?: number;
  totalAssetValueInitLimit?: bigint;
  oracleMaxAge: number;
  oracleMaxConfidence?: number;
}

export interface AddBankKaminoParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  feePayer?: PublicKey;
  bankMint: PublicKey;
  bankSeed: bigint;
  /** The market reserve of the bank's mint. */
  reserve: PublicKey;
  /** The reserve's lending market, for the bank's obligation address. */
  lendingMarket: PublicKey;
  config: KaminoBankConfigParams;
  tokenProgram?: PublicKey;
}

export function addBankKaminoInstruction(p: AddBankKaminoParams): TransactionInstruction {
  const bank = bankAddressWithSeed(p.group, p.bankMint, p.bankSeed, p.programId);
  const c = p.config;
  return buildInstruction(
    "lending_pool_add_bank_kamino",
    {
      group: p.group,
      admin: p.admin,
      fee_payer: p.feePayer ?? p.admin,
      bank_mint: p.bankMint,
      bank,
      integration_acc_1: p.reserve,
      integration_acc_2: new PublicKey(
        kaminoObligationAddress(bankVaultAuthorityAddress(bank, "liquidity", p.programId).toBase58(), p.lendingMarket.toBase58()),
      ),
      liquidity_vault_authority: bankVaultAuthorityAddress(bank, "liquidity", p.programId),
      liquidity_vault: bankVaultAddress(bank, "liquidity", p.programId),
      insurance_vault_authority: bankVaultAuthorityAddress(bank, "insurance", p.programId),
      insurance_vault: bankVaultAddress(bank, "insurance", p.programId),
      fee_vault_authority: bankVaultAuthorityAddress(bank, "fee", p.programId),
      fee_vault: bankVaultAddress(bank, "fee", p.programId),
      token_program: tokenProgramOf(p),
    },
    {
      bank_config: {
        oracle: c.oracle,
        asset_weight_init: wrappedI80F48(c.assetWeightInit),
        asset_weight_maint: wrappedI80F48(c.assetWeightMaint),
        deposit_limit: u64(c.depositLimit),
        oracle_setup: enumVariant(OracleSetup, c.oracleSetup),
        operational_state: enumVariant(BankOperationalState, c.operationalState ?? BankOperationalState.Operational),
        risk_tier: enumVariant(RiskTier, c.riskTier ?? RiskTier.Collateral),
        config_flags: c.configFlags ?? 0,
        total_asset_value_init_limit: u64(c.totalAssetValueInitLimit ?? 0n),
        oracle_max_age: c.oracleMaxAge,
        oracle_max_confidence: c.oracleMaxConfidence ?? 0,
      },
      bank_seed: u64(p.bankSeed),
    },
    [readonlyAccount(c.oracle), readonlyAccount(p.reserve)],
    p,
  );
}
