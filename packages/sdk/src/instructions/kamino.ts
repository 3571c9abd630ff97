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
import {
  NULL_PUBKEY,
  ZERO_PUBKEY,
  farmUserStateAddress,
  farmVaultsAuthority,
  rewardVaultAddress,
  treasuryVaultAddress,
} from "@ballast/market";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { KLEND_PROGRAM_ID, type KaminoReserve } from "../state/kamino.js";
import { DEFAULT_PROGRAM_ID, lendingInstruction, readonlyAccount, type ProgramOptions } from "./program.js";
import type { BalanceActionAccounts } from "./lending.js";
import { bankAddressWithSeed, bankVaultAddress, bankVaultAuthorityAddress, feeStateAddress } from "./pda.js";
import { associatedTokenAddress } from "./tokens.js";
import { tokenProgramOf } from "./token-program.js";
import { BallastSdkError } from "../errors.js";

const KAMINO_PROGRAM = new PublicKey(KLEND_PROGRAM_ID);

/** A unit-enum byte given as a plain number, checked against the enum's variants. */
function variant<V extends Readonly<Record<string, number>>>(variants: V, value: number): V[keyof V] {
  const known: readonly number[] = Object.values(variants);
  if (!known.includes(value)) throw new RangeError(`${value} is not a variant of ${Object.keys(variants).join("/")}`);
  return value as V[keyof V];
}

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
  const farm = m.reserve.farmCollateral;
  return {
    liquidityVaultAuthority: bankVaultAuthorityAddress(bank, "liquidity", m.programId),
    liquidityVault: bankVaultAddress(bank, "liquidity", m.programId),
    kaminoObligation: obligation,
    lendingMarket: new PublicKey(m.reserve.lendingMarket),
    lendingMarketAuthority: m.lendingMarketAuthority,
    kaminoReserve: reserve,
    reserveLiquiditySupply: new PublicKey(m.reserve.liquidity.supplyVault),
    reserveCollateralMint: new PublicKey(m.reserve.collateral.mintPubkey),
    // The reserve's collateral farm and the obligation's stake in it; without one, Anchor's "none" for an optional
    // account is the called program's own id, passed with the account's declared writable flag as the IDL asks.
    ...(farm === ZERO_PUBKEY
      ? { obligationFarmUserState: lendingProgram, reserveFarmState: lendingProgram }
      : { obligationFarmUserState: farmUserStateAddress(farm, obligation), reserveFarmState: new PublicKey(farm) }),
    liquidityTokenProgram: new PublicKey(m.reserve.liquidity.tokenProgram),
  };
}

const balanceAccounts = (p: BalanceActionAccounts) => ({
  group: p.group,
  marginfiAccount: p.marginfiAccount,
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
  return lendingInstruction(
    "kamino_deposit",
    {
      accounts: {
        ...balanceAccounts(p),
        signerTokenAccount: p.signerTokenAccount,
        ...marketAccounts(p.bank, p),
        mint: new PublicKey(p.bankData.mint),
        reserveDestinationDepositCollateral: new PublicKey(p.reserve.collateral.supplyVault),
      },
      args: { amount: p.amount },
    },
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
  return lendingInstruction(
    "kamino_withdraw",
    {
      accounts: {
        ...balanceAccounts(p),
        destinationTokenAccount: p.destinationTokenAccount,
        ...marketAccounts(p.bank, p),
        reserveLiquidityMint: new PublicKey(p.bankData.mint),
        reserveSourceCollateral: new PublicKey(p.reserve.collateral.supplyVault),
      },
      args: { amount: p.collateral, withdrawAll: p.withdrawAll ?? null },
      remainingAccounts: p.riskAccounts,
    },
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

/** Creates the bank's obligation in the market (anyone may); the reserve is refreshed from its configured oracles. */
export function kaminoInitObligationInstruction(p: KaminoInitObligationParams): TransactionInstruction {
  const pyth = p.reserve.config.tokenInfo.pythConfiguration.price;
  const switchboard = p.reserve.config.tokenInfo.switchboardConfiguration;
  // The zero address and klend's NULL_PUBKEY both mean "not configured": the market's program id stands for none.
  const oracle = (key: string) => (key === DEFAULT_PUBKEY || key === NULL_PUBKEY ? KAMINO_PROGRAM : new PublicKey(key));
  return lendingInstruction(
    "kamino_init_obligation",
    {
      accounts: {
        feePayer: p.feePayer,
        bank: p.bank,
        signerTokenAccount: p.signerTokenAccount,
        ...marketAccounts(p.bank, p),
        userMetadata: p.userMetadata,
        mint: new PublicKey(p.bankData.mint),
        reserveDestinationDepositCollateral: new PublicKey(p.reserve.collateral.supplyVault),
        pythOracle: oracle(pyth),
        switchboardPriceOracle: oracle(switchboard.priceAggregator),
        switchboardTwapOracle: oracle(switchboard.twapAggregator),
        scopePrices: oracle(p.reserve.config.tokenInfo.scopeConfiguration.priceFeed),
      },
      args: { amount: p.amount },
    },
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
  return lendingInstruction(
    "lending_pool_add_bank_kamino",
    {
      accounts: {
        group: p.group,
        admin: p.admin,
        feePayer: p.feePayer ?? p.admin,
        bankMint: p.bankMint,
        bank,
        integrationAcc1: p.reserve,
        integrationAcc2: new PublicKey(
          kaminoObligationAddress(bankVaultAuthorityAddress(bank, "liquidity", p.programId).toBase58(), p.lendingMarket.toBase58()),
        ),
        liquidityVaultAuthority: bankVaultAuthorityAddress(bank, "liquidity", p.programId),
        liquidityVault: bankVaultAddress(bank, "liquidity", p.programId),
        insuranceVaultAuthority: bankVaultAuthorityAddress(bank, "insurance", p.programId),
        insuranceVault: bankVaultAddress(bank, "insurance", p.programId),
        feeVaultAuthority: bankVaultAuthorityAddress(bank, "fee", p.programId),
        feeVault: bankVaultAddress(bank, "fee", p.programId),
        tokenProgram: tokenProgramOf(p),
      },
      args: {
        bankConfig: {
          oracle: c.oracle,
          assetWeightInit: c.assetWeightInit,
          assetWeightMaint: c.assetWeightMaint,
          depositLimit: c.depositLimit,
          oracleSetup: c.oracleSetup,
          operationalState: variant(BankOperationalState, c.operationalState ?? BankOperationalState.Operational),
          riskTier: variant(RiskTier, c.riskTier ?? RiskTier.Collateral),
          configFlags: c.configFlags ?? 0,
          totalAssetValueInitLimit: c.totalAssetValueInitLimit ?? 0n,
          oracleMaxAge: c.oracleMaxAge,
          oracleMaxConfidence: c.oracleMaxConfidence ?? 0,
        },
        bankSeed: p.bankSeed,
      },
      remainingAccounts: [readonlyAccount(c.oracle), readonlyAccount(p.reserve)],
    },
    p,
  );
}

export interface KaminoHarvestRewardParams extends ProgramOptions {
  /** The fee state's global fee wallet: its associated token account of the reward mint receives the reward. */
  globalFeeWallet: PublicKey;
  bank: PublicKey;
  /** The decoded bank, for its obligation. */
  bankData: Bank;
  /** The reserve's farm the obligation stakes in (the reserve's farm_collateral) and that farm's global config. */
  farmState: PublicKey;
  farmsGlobalConfig: PublicKey;
  rewardMint: PublicKey;
  rewardIndex: bigint;
  rewardTokenProgram?: PublicKey;
}

/**
 * Harvests reward `rewardIndex` of the bank obligation's farm into the global fee wallet's ATA, through the liquidity
 * vault authority's ATA of the reward mint (both must exist). Anyone may send it, as in marginfi: the reward can only
 * reach the fee wallet.
 */
export function kaminoHarvestRewardInstruction(p: KaminoHarvestRewardParams): TransactionInstruction {
  const { obligation } = kaminoBankKeys(p.bankData);
  const tokenProgram = p.rewardTokenProgram ?? TOKEN_PROGRAM_ID;
  const vaultAuthority = bankVaultAuthorityAddress(p.bank, "liquidity", p.programId);
  return lendingInstruction(
    "kamino_harvest_reward",
    {
      accounts: {
        bank: p.bank,
        feeState: feeStateAddress(p.programId),
        destinationTokenAccount: associatedTokenAddress(p.rewardMint, p.globalFeeWallet, tokenProgram),
        liquidityVaultAuthority: vaultAuthority,
        userState: farmUserStateAddress(p.farmState, obligation),
        farmState: p.farmState,
        globalConfig: p.farmsGlobalConfig,
        rewardMint: p.rewardMint,
        userRewardAta: associatedTokenAddress(p.rewardMint, vaultAuthority, tokenProgram),
        rewardsVault: rewardVaultAddress(p.farmState, p.rewardMint),
        rewardsTreasuryVault: treasuryVaultAddress(p.farmsGlobalConfig, p.rewardMint),
        farmVaultsAuthority: farmVaultsAuthority(p.farmState),
        tokenProgram,
      },
      args: { rewardIndex: p.rewardIndex },
    },
    p,
  );
}
