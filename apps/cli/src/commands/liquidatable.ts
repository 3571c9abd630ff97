// `ballast liquidatable`: the group's accounts below maintenance, each with the most profitable classic liquidation
// the SDK finds (the pair, the most one liquidation may repay and seize, the profit net of the transaction's cost),
// most profitable first. The same math the liquidator ranks its targets with.
import { Option, type Command } from "commander";
import { fetchGroupMarginAccounts, liquidatableAccounts, loadMarket, solUsdPrice, type LiquidatableAccount } from "@ballast/sdk";
import type { CliContext } from "../context.js";
import { readsOnly } from "../describe.js";
import type { Printable } from "../output.js";
import { parseInteger } from "../parse.js";
import { figure } from "./figures.js";

/** What one liquidation transaction costs by default, lamports: the signature fee and a priority fee at the default tiers. */
export const DEFAULT_TX_COST_LAMPORTS = 10_000n;

function row(ctx: CliContext, found: LiquidatableAccount): Printable {
  const best = found.best;
  return {
    account: found.address,
    authority: found.authority,
    health: figure(ctx, found.maintenanceHealth, 4),
    bankrupt: found.bankrupt,
    liabilityBank: best?.outcome.liabilityBank ?? null,
    maxRepay: best ? figure(ctx, best.max.liabilityRepaid, 0) : null,
    assetBank: best?.outcome.assetBank ?? null,
    seize: best ? best.max.assetAmount : null,
    limitedBy: best?.max.limitedBy ?? null,
    profitUsd: best ? figure(ctx, best.profit, 2) : null,
  };
}

async function scan(ctx: CliContext, txCostLamports: bigint): Promise<void> {
  const group = ctx.group().toBase58();
  const programId = ctx.programId.toBase58();
  const [market, accounts] = await Promise.all([
    loadMarket(ctx.connection, { programId, group }),
    fetchGroupMarginAccounts(ctx.connection, programId, group),
  ]);
  const found = liquidatableAccounts(accounts, market.banks, { solPrice: solUsdPrice(market.banks), txCostLamports });
  ctx.note(`${found.length} of ${accounts.length} accounts below maintenance`);
  ctx.print(found.map((f) => row(ctx, f)));
}

export function registerLiquidatableCommands(program: Command, ctx: CliContext): void {
  program
    .command("liquidatable")
    .addOption(
      new Option("--tx-cost-lamports <LAMPORTS>", "what one liquidation transaction costs, netted from each profit")
        .default(DEFAULT_TX_COST_LAMPORTS, String(DEFAULT_TX_COST_LAMPORTS))
        .argParser((value) => parseInteger("--tx-cost-lamports", value, 0n, 1_000_000_000n)),
    )
    .description(
      readsOnly(
        "List the --group's accounts at or below zero Maintenance health with the most profitable liquidation of each: max repay (native units of the liability bank), collateral seized (native units of the asset bank) and profit in USD net of the transaction's cost, sorted by profit",
      ),
    )
    .action((options: { txCostLamports: bigint }) => scan(ctx, options.txCostLamports));
}
