// `ballast oracle show`: every bank of the group with the price the risk engine would use now, its confidence, the
// feed's age against the bank's limit, and which price rule applied (fixed, live, capped at 5%, stale, over the max
// confidence, or another refusal by the program's error name).
import type { Command } from "commander";
import { chainTime, fetchGroupBanks, fetchOracleAccounts, oracleReport, type OracleReport } from "@ballast/sdk";
import type { CliContext } from "../context.js";
import { readsOnly } from "../describe.js";
import type { Printable } from "../output.js";
import { figure } from "./figures.js";

function row(ctx: CliContext, r: OracleReport): Printable {
  return {
    bank: r.bank,
    mint: r.mint,
    setup: r.setup,
    price: figure(ctx, r.price),
    confidence: figure(ctx, r.confidence),
    emaPrice: figure(ctx, r.emaPrice),
    emaConfidence: figure(ctx, r.emaConfidence),
    ageSeconds: r.ageSeconds,
    maxAgeSeconds: r.maxAgeSeconds,
    maxConfidence: figure(ctx, r.maxConfidence, 4),
    rule: r.rule,
    error: r.error ? `${r.error.code} ${r.error.name}` : null,
    oracles: r.oracleKeys.join(",") || null,
  };
}

async function show(ctx: CliContext): Promise<void> {
  const group = ctx.group().toBase58();
  const [banks, now] = await Promise.all([fetchGroupBanks(ctx.connection, ctx.programId.toBase58(), group), chainTime(ctx.connection)]);
  const oracles = await fetchOracleAccounts(ctx.connection, banks);
  ctx.print(banks.map((bank) => row(ctx, oracleReport(bank, oracles.get(bank.address) ?? [], now))));
}

export function registerOracleCommands(program: Command, ctx: CliContext): void {
  const oracle = program.command("oracle").description("Bank oracles as the risk engine reads them");
  oracle
    .command("show")
    .description(
      readsOnly(
        "Show every bank of the --group with its oracle setup, spot and EMA price and confidence interval (USD), the feed's age against the bank's max age, its max confidence, and the price rule that applied: fixed, live, confidence-capped (5% of the price), stale, confidence-exceeded or failed (with the program's error)",
      ),
    )
    .action(() => show(ctx));
}
