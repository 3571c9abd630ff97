// The portfolio's figures for one margin account: every number comes from the SDK's math over the market snapshot
// (positions, liquidation prices, and the net APY over the same bank APYs the markets table shows) and the account's
// health as the server reports it (the program's simulated
// health cache, or the SDK's local computation when the simulation failed); pending emissions at a given chain time.
import {
  accountNetApy,
  accountRisk,
  floorNative,
  freeCollateral,
  healthBand,
  healthBar,
  healthFactor,
  isLiquidationRisk,
  leveragedPosition,
  pendingEmissions,
  toNumber,
  userPositions,
  type AccountHealth,
  type BankDto,
  type EmissionsBalance,
  type HealthBand,
  type Market,
} from "@ballast/sdk";
import { DEFAULT_PUBKEY, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { AccountDto, BalanceDto, HealthCacheDto, TokenInfo } from "../../api/index.js";
import { PROVIDER_KAMINO, apyView, apysOf, bankRow, type ApyView, type OperationalState } from "../markets/bank-rows.js";
import type { ActionType } from "../action-box/context.js";
import { bankSymbol, emodeView, type EmodeView } from "../risk/emode-view.js";
import { elementAt } from "@ballast/ledger";
import type { WhatIfAccount } from "./what-if-model.js";

/** What the health numbers are: 0 the program's own (simulated pulse), 2 the SDK's local fallback (spec §4). */
export const SIMULATION_ONCHAIN = 0;
export const SIMULATION_COMPUTED = 2;

export interface PositionView {
  readonly bank: string;
  readonly symbol: string;
  /** The configured token list's logo; null: the app's drawn mark. */
  readonly logoURI: string | null;
  /** Who lends the deposit on: the third-party market for a Kamino bank; null for Ballast's own banks. */
  readonly provider: string | null;
  readonly mint: string;
  readonly decimals: number;
  readonly isLending: boolean;
  /** Tokens (UI units) as the SDK's user position gives them: a debt includes its accrued fraction. */
  readonly amount: number;
  readonly usdValue: number | null;
  /** Interest APY with emissions and staking yield (borrowing: minus borrowing emissions): apyParts.total. */
  readonly apy: number;
  readonly apyParts: ApyView;
  readonly liquidationPrice: number | null;
  readonly isDust: boolean;
  /** The bank's state (a position can outlive a bank's pause or bankruptcy) and the actions it takes now. */
  readonly operationalState: OperationalState;
  readonly actions: readonly ActionType[];
}

export interface RewardView {
  readonly bank: string;
  readonly emissionsMint: string;
  /** Reward native units a claim pays out now (whole units of what the program would settle). */
  readonly claimable: bigint;
}

/** An account holding one deposit and one debt: a loop, shown as one leveraged position that can be closed. */
export interface LeveragedView {
  readonly collateral: PositionView;
  readonly debt: PositionView;
  /** Assets over equity (the SDK's unweighted leverage). */
  readonly leverage: number;
}

export interface PortfolioModel {
  readonly positions: readonly PositionView[];
  readonly leveraged: LeveragedView | null;
  /** Maintenance health factor (fraction) and its bar percentage, 0–100. */
  readonly healthFactor: number;
  readonly healthBar: number;
  readonly healthBand: HealthBand;
  readonly freeCollateral: number;
  /** Equity values (USD): supplied, borrowed and their difference. */
  readonly supplied: number;
  readonly borrowed: number;
  readonly netValue: number;
  readonly netApy: number;
  /** The net APY's parts: interest earned less paid, emissions, staking yield. */
  readonly netApyParts: ApyView;
  readonly liquidationRisk: boolean;
  readonly simulationStatus: number;
  /** The account as the what-if card re-prices it: the market's banks, the balances and the non-dust positions. */
  readonly whatIf: WhatIfAccount;
  /** The pair that earned e-mode; null when the account is not in e-mode. */
  readonly emode: EmodeView | null;
}

/** A balance of the account DTO in the SDK's shape (the DTO's decimals are exact I80F48 expansions). */
export function balanceFromDto(dto: BalanceDto): EmissionsBalance {
  return {
    active: dto.active,
    bankPk: dto.bankPk,
    assetShares: fx.fromDecimal(dto.assetShares),
    liabilityShares: fx.fromDecimal(dto.liabilityShares),
    emissionsOutstanding: fx.fromDecimal(dto.emissionsOutstanding),
    lastUpdate: BigInt(dto.lastUpdate),
  };
}

/** The six health values the server reported, in the SDK's shape. */
export function healthFromDto(cache: HealthCacheDto): AccountHealth {
  const side = (assets: string, liabilities: string) => ({
    assets: fx.fromDecimal(assets),
    liabilities: fx.fromDecimal(liabilities),
    error: null,
  });
  return {
    initial: side(cache.assetValue, cache.liabilityValue),
    maintenance: side(cache.assetValueMaint, cache.liabilityValueMaint),
    equity: side(cache.assetValueEquity, cache.liabilityValueEquity),
  };
}

export interface PortfolioInputs {
  readonly market: Market;
  readonly balances: readonly EmissionsBalance[];
  readonly health: AccountHealth;
  readonly simulationStatus: number;
  readonly bankDtos?: readonly BankDto[];
  readonly tokens?: readonly TokenInfo[];
}

export function portfolioInputsFromDto(
  market: Market,
  account: AccountDto,
  bankDtos?: readonly BankDto[],
  tokens?: readonly TokenInfo[],
): PortfolioInputs {
  return {
    market,
    balances: account.balances.map(balanceFromDto),
    health: healthFromDto(account.healthCache),
    simulationStatus: account.healthCache.simulationStatus,
    bankDtos,
    tokens,
  };
}

/**
 * What a claim at chain time `now` (unix seconds) would pay per rewarding balance: the SDK's pending emissions, floored
 * to whole reward units as the program pays them; balances with nothing to pay are left out.
 */
export function claimableRewards(market: Market, balances: readonly EmissionsBalance[], now: bigint): RewardView[] {
  const rewards: RewardView[] = [];
  for (const balance of balances) {
    if (!balance.active) continue;
    const bank = market.banks.get(balance.bankPk)?.bank;
    if (!bank || bank.emissionsMint === DEFAULT_PUBKEY) continue;
    const claimable = floorNative(pendingEmissions(balance, bank, now));
    if (claimable > 0n) rewards.push({ bank: balance.bankPk, emissionsMint: bank.emissionsMint, claimable });
  }
  return rewards;
}

export function portfolioModel(inputs: PortfolioInputs): PortfolioModel {
  const { market, balances, health } = inputs;
  const risk = accountRisk(balances, market.banks);
  const dtos = new Map((inputs.bankDtos ?? []).map((dto) => [dto.bank_address, dto]));
  const tokens = new Map((inputs.tokens ?? []).map((token) => [token.mint, token]));
  const apyOf = apysOf(market, inputs.bankDtos);

  const positions = userPositions(risk).map((user, i): PositionView => {
    const position = elementAt(risk.positions, i);
    const priced = position.bank;
    const row = bankRow(market, priced, dtos.get(priced.address), tokens.get(priced.bank.mint), apyOf);
    return {
      bank: user.bank,
      symbol: row.symbol,
      logoURI: row.logoURI,
      provider: row.provider === PROVIDER_KAMINO ? row.provider : null,
      mint: priced.bank.mint,
      decimals: priced.decimals,
      isLending: user.isLending,
      amount: toNumber(user.amount),
      usdValue: user.usdValue === null ? null : toNumber(user.usdValue),
      apy: user.isLending ? row.depositApy : row.borrowApy,
      apyParts: user.isLending ? row.lending : row.borrowing,
      liquidationPrice: user.liquidationPrice === null ? null : toNumber(user.liquidationPrice),
      isDust: user.isDust,
      operationalState: row.operationalState,
      actions: row.actions,
    };
  });

  const loop = leveragedPosition(risk);
  const viewOf = (bank: string) => positions.find((p) => p.bank === bank);
  const collateral = loop ? viewOf(loop.collateral.bank.address) : undefined;
  const debt = loop ? viewOf(loop.debt.bank.address) : undefined;
  const leveraged = loop && collateral && debt ? { collateral, debt, leverage: toNumber(loop.leverage) } : null;

  const net = apyView("net", accountNetApy(risk, apyOf));
  const factor = healthFactor(health.maintenance);
  const netValue: I80F48 = fx.sub(health.equity.assets, health.equity.liabilities);
  return {
    positions,
    leveraged,
    healthFactor: toNumber(factor),
    healthBar: toNumber(healthBar(factor)),
    healthBand: healthBand(factor),
    freeCollateral: toNumber(freeCollateral(health.initial)),
    supplied: toNumber(health.equity.assets),
    borrowed: toNumber(health.equity.liabilities),
    netValue: toNumber(netValue),
    netApy: net.total,
    netApyParts: net,
    liquidationRisk: isLiquidationRisk({ ...risk, health }),
    simulationStatus: inputs.simulationStatus,
    whatIf: {
      banks: market.banks,
      balances,
      // Collateral first, then debt, as the positions tables below read.
      assets: [...positions.filter((p) => p.isLending), ...positions.filter((p) => !p.isLending)]
        .filter((p) => !p.isDust)
        .map((p) => ({ bank: p.bank, symbol: p.symbol, isLending: p.isLending })),
    },
    emode: emodeView(risk, (bank) => bankSymbol(bank, inputs.bankDtos, inputs.tokens)),
  };
}
