// Compute units per instruction, measured on the ledger and held to the table in packages/protocol/README.md, so
// the published figures cannot drift from what the program charges.
import { readFileSync } from "node:fs";
import type { TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestBank, type TestUser } from "../support/market.js";

const README = new URL("../../README.md", import.meta.url);
const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

/** Rows of the README's compute-unit table: `| instruction | case | units |`. */
function documentedUnits(): Map<string, number> {
  const text = readFileSync(README, "utf8");
  const section = text.slice(text.indexOf("## Compute units"));
  const rows = new Map<string, number>();
  for (const line of section.split("\n")) {
    const [, instruction, scenario, units, ...rest] = line.split("|").map((c) => c.trim());
    if (rest.length === 0 || instruction === undefined || scenario === undefined || units === undefined || !instruction.startsWith("`"))
      continue;
    rows.set(`${instruction.replaceAll("`", "")} / ${scenario}`, Number(units.replaceAll(",", "")));
  }
  return rows;
}

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let banks: TestBank[];
const measured = new Map<string, number>();

async function measure(name: string, instruction: TransactionInstruction, signer: TestUser): Promise<void> {
  const signature = await market.send(instruction, [signer.wallet]);
  const tx = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  measured.set(name, tx!.meta!.computeUnitsConsumed!);
}

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 10 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  banks = [sol, usdc];
  const lender = await market.newUser();
  await market.deposit(lender, usdc, 1_000n * USDC);
});
afterAll(() => market.close());

describe("compute units", () => {
  it("match the README table for the user instructions", async () => {
    const user = await market.newUser();
    const solTokens = await market.fund(user, sol, 10n * SOL);
    const usdcTokens = await market.tokenAccount(user, usdc);
    await measure("lending_account_deposit / new balance", market.depositIx(user, sol, solTokens, 5n * SOL), user);
    await measure("lending_account_deposit / existing balance", market.depositIx(user, sol, solTokens, 5n * SOL), user);
    const borrowRisk = await market.riskAccounts(user, banks, { add: usdc });
    await measure("lending_account_borrow / 2 balances", market.borrowIx(user, usdc, usdcTokens, 10n * USDC, borrowRisk), user);
    await measure("lending_account_repay / partial", market.repayIx(user, usdc, usdcTokens, USDC), user);
    const risk = await market.riskAccounts(user, banks);
    await measure("lending_account_withdraw / 2 balances", market.withdrawIx(user, sol, solTokens, SOL, risk), user);
    await measure("lending_account_pulse_health / 2 balances", market.pulseHealthIx(user.account, risk), user);
    await measure("lending_account_repay / repay_all", market.repayIx(user, usdc, usdcTokens, 0n, true), user);
    const last = await market.riskAccounts(user, banks, { remove: sol });
    await measure("lending_account_withdraw / withdraw_all, last balance", market.withdrawIx(user, sol, solTokens, 0n, last, true), user);

    const documented = documentedUnits();
    for (const [name, units] of measured) expect(documented.get(name), name).toBe(units);
  });
});
