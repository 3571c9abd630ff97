// The selected account's risk as every screen shows it: health factor and band, the liquidation-risk flag and the
// e-mode pair, from the server's health and the SDK's math over the market snapshot.
import { useMemo } from "react";
import { accountRisk, healthBand, healthFactor, isLiquidationRisk, toNumber, type HealthBand } from "@ballast/sdk";
import { useAppConfig } from "../../market/MarketProvider.js";
import { useAccount, useMarket, useMarketBanks } from "../../queries/index.js";
import { portfolioInputsFromDto, type PortfolioInputs } from "../portfolio/portfolio-model.js";
import { bankSymbol, emodeView, type EmodeView } from "./emode-view.js";

export interface AccountRiskView {
  /** Maintenance health factor (fraction) as the server reports it. */
  readonly healthFactor: number;
  readonly band: HealthBand;
  readonly liquidationRisk: boolean;
  readonly emode: EmodeView | null;
}

export function accountRiskView(inputs: PortfolioInputs): AccountRiskView {
  const risk = accountRisk(inputs.balances, inputs.market.banks);
  const factor = healthFactor(inputs.health.maintenance);
  return {
    healthFactor: toNumber(factor),
    band: healthBand(factor),
    liquidationRisk: isLiquidationRisk({ ...risk, health: inputs.health }),
    emode: emodeView(risk, (bank) => bankSymbol(bank, inputs.bankDtos, inputs.tokens)),
  };
}

/** The risk of `account` in the selected market; null until its data and the market are loaded. */
export function useAccountRiskView(account: string | null): AccountRiskView | null {
  const accountQuery = useAccount(account);
  const market = useMarket();
  const banks = useMarketBanks();
  const { tokens } = useAppConfig();
  return useMemo(() => {
    if (!account || !accountQuery.data || !market.data) return null;
    try {
      return accountRiskView(portfolioInputsFromDto(market.data, accountQuery.data, banks.data, tokens));
    } catch {
      // A snapshot missing one of the account's banks cannot be valued; the portfolio page says why.
      return null;
    }
  }, [account, accountQuery.data, market.data, banks.data, tokens]);
}
