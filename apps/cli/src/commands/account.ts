// `ballast account show | list | freeze | unfreeze`: one margin account's report (balances, the three health
// components with each bank's contribution, liquidation prices, flags), a wallet's accounts, and the group admin's
// freeze. All figures come from the SDK's account report over the group's banks priced at the chain's time.
import type { Command } from "commander";
import { PublicKey, type Connection } from "@solana/web3.js";
import { AccountFlags, MarginfiAccountLayout, decodeMarginfiAccount, i80f48 as fx, type MarginfiAccount } from "@ballast/protocol";
import {
  accountFlagNames,
  accountReport,
  fetchAuthorityMarginAccounts,
  fetchMarginAccounts,
  loadMarket,
  setAccountFreezeInstruction,
  type AccountReport,
  type ComponentReport,
  type PositionReport,
} from "@ballast/sdk";
import type { CliContext } from "../context.js";
import { readsOnly, writes } from "../describe.js";
import { InputError } from "../errors.js";
import type { Printable } from "../output.js";
import { parsePubkey } from "../parse.js";
import { sendAndReport } from "../send.js";
import { figure } from "./figures.js";

/** The margin account at `address`, refused as bad input when it is missing or not the program's margin account. */
export async function readMarginAccount(connection: Connection, programId: PublicKey, address: PublicKey): Promise<MarginfiAccount> {
  const info = await connection.getAccountInfo(address);
  if (info === null) throw new InputError(`ADDRESS: no account at ${address.toBase58()}`);
  const discriminator = MarginfiAccountLayout.discriminator;
  if (
    !info.owner.equals(programId) ||
    info.data.length !== MarginfiAccountLayout.space ||
    !info.data.subarray(0, 8).equals(discriminator)
  ) {
    throw new InputError(`ADDRESS: ${address.toBase58()} is not a margin account of program ${programId.toBase58()}`);
  }
  return decodeMarginfiAccount(info.data);
}

function componentRow(ctx: CliContext, c: ComponentReport): Printable {
  return {
    assets: figure(ctx, c.assets),
    liabilities: figure(ctx, c.liabilities),
    health: c.error ? `oracle error ${c.error.code} ${c.error.name}` : figure(ctx, c.health),
  };
}

function balanceRow(ctx: CliContext, p: PositionReport): Printable {
  // Liabilities subtract from health: their contributions print negative, so each column sums to the component.
  const signed = (value: PositionReport["initial"]["value"]) => figure(ctx, p.side === "assets" ? value : fx.neg(value));
  return {
    bank: p.bank,
    mint: p.mint,
    side: p.side === "assets" ? "deposit" : "borrow",
    native: figure(ctx, p.amount, p.decimals === 0 ? 0 : 3),
    amount: figure(ctx, p.uiAmount, p.decimals),
    usd: figure(ctx, p.usdValue, 2),
    initial: signed(p.initial.value),
    initialWeight: figure(ctx, p.initial.weight, 4),
    maintenance: signed(p.maintenance.value),
    maintenanceWeight: figure(ctx, p.maintenance.weight, 4),
    equity: signed(p.equity.value),
    liquidationPrice: figure(ctx, p.liquidationPrice),
  };
}

function reportOf(ctx: CliContext, address: PublicKey, account: MarginfiAccount, report: AccountReport) {
  const summary = {
    address,
    authority: account.authority,
    group: account.group,
    flags: report.flags.length === 0 ? "none" : report.flags.join(","),
    liquidatable: report.liquidatable,
    initial: componentRow(ctx, report.initial),
    maintenance: componentRow(ctx, report.maintenance),
    equity: componentRow(ctx, report.equity),
  };
  return { summary, balances: report.positions.map((p) => balanceRow(ctx, p)) };
}

async function show(ctx: CliContext, addressText: string): Promise<void> {
  const address = parsePubkey("ADDRESS", addressText);
  const account = await readMarginAccount(ctx.connection, ctx.programId, address);
  const market = await loadMarket(ctx.connection, { programId: ctx.programId.toBase58(), group: account.group });
  const report = accountReport(account.lendingAccount.balances, account.accountFlags, market.banks);
  const { summary, balances } = reportOf(ctx, address, account, report);
  if (ctx.output === "table") {
    ctx.print(summary);
    ctx.io.stdout.write("\n");
    ctx.print(balances);
  } else {
    ctx.print({ ...summary, balances });
  }
}

async function list(ctx: CliContext, authority: PublicKey | undefined, group: PublicKey | undefined): Promise<void> {
  if (authority === undefined) throw new InputError("--authority: required (the wallet whose margin accounts to list)");
  const programId = ctx.programId.toBase58();
  const accounts =
    group === undefined
      ? await fetchAuthorityMarginAccounts(ctx.connection, programId, authority.toBase58())
      : await fetchMarginAccounts(ctx.connection, programId, group.toBase58(), authority.toBase58());
  ctx.print(
    accounts
      .sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0))
      .map(({ address, account }) => ({
        address,
        group: account.group,
        balances: account.lendingAccount.balances.filter((b) => b.active !== 0).length,
        flags: accountFlagNames(account.accountFlags).join(",") || "none",
      })),
  );
}

async function setFreeze(ctx: CliContext, addressText: string, frozen: boolean): Promise<void> {
  const address = parsePubkey("ADDRESS", addressText);
  const account = await readMarginAccount(ctx.connection, ctx.programId, address);
  const instruction = setAccountFreezeInstruction({
    group: new PublicKey(account.group),
    marginfiAccount: address,
    admin: ctx.authority(),
    frozen,
    programId: ctx.programId,
  });
  await sendAndReport(ctx, { instructions: [instruction] }, async () => {
    const now = await readMarginAccount(ctx.connection, ctx.programId, address);
    return {
      frozen: (now.accountFlags & AccountFlags.ACCOUNT_FROZEN) !== 0n,
      flags: accountFlagNames(now.accountFlags).join(",") || "none",
    };
  });
}

interface ListOptions {
  authority?: PublicKey;
  group?: PublicKey;
}

export function registerAccountCommands(program: Command, ctx: CliContext): void {
  const account = program.command("account").description("Margin accounts: reports, a wallet's accounts, freezing");
  account
    .command("show")
    .argument("<ADDRESS>", "the margin account")
    .description(
      readsOnly(
        "Show a margin account: balances per bank (native units and tokens), the Initial / Maintenance / Equity health components with each bank's contribution, each position's liquidation price and the account's flags; --output json gives exact decimals",
      ),
    )
    .action((address: string) => show(ctx, address));
  account
    .command("list")
    .option("--authority <PUBKEY>", "the wallet that owns the accounts (required)")
    .description(readsOnly("List a wallet's margin accounts (in --group, else in every group of the program)"))
    .action((_options: ListOptions, command: Command) => {
      // --authority and --group are also global options, which commander parses first: read them merged.
      const { authority, group } = command.optsWithGlobals<{ authority?: PublicKey | string; group?: PublicKey }>();
      const wallet = typeof authority === "string" ? parsePubkey("--authority", authority) : authority;
      return list(ctx, wallet, group);
    });
  account
    .command("freeze")
    .argument("<ADDRESS>", "the margin account")
    .description(
      writes(
        "Freeze a margin account (group admin): only the group admin may act on it while frozen",
        "sets the account's ACCOUNT_FROZEN flag",
      ),
    )
    .action((address: string) => setFreeze(ctx, address, true));
  account
    .command("unfreeze")
    .argument("<ADDRESS>", "the margin account")
    .description(writes("Unfreeze a margin account (group admin)", "clears the account's ACCOUNT_FROZEN flag"))
    .action((address: string) => setFreeze(ctx, address, false));
}
