// `ballast liquidatable` against a real ledger: after SOL falls, the accounts below maintenance are listed with the
// SDK's best liquidation (max repay, collateral seized, profit), most profitable first; healthy accounts are not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, type PublicKey } from "@solana/web3.js";
import { i80f48 as fx } from "@ballast/protocol";
import { bestLiquidation, fetchMarginAccount, loadMarket } from "@ballast/sdk";
import { PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { cli, json, keypairFile, tempHome } from "./support.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let small: TestUser;
let large: TestUser;
let healthy: TestUser;
let home: string;
let global: string[];

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 10 }, { assetWeightInit: "0.5", assetWeightMaint: "0.75" });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  await market.deposit(await market.newUser(), usdc, 10_000n * USDC);
  small = await market.newUser();
  large = await market.newUser();
  healthy = await market.newUser();
  for (const [user, lamports, debt] of [
    [small, 2n * SOL, 8n * USDC],
    [large, 20n * SOL, 80n * USDC],
    [healthy, 20n * SOL, 10n * USDC],
  ] as const) {
    await market.deposit(user, sol, lamports);
    await market.borrow(user, usdc, debt, [sol, usdc]);
  }
  // SOL at $5: 2 SOL × $5 × 0.75 = $7.5 of Maintenance collateral against $8.
  await market.setOracle(sol.oracle!, { kind: "pyth", price: 5 });
  home = tempHome();
  global = ["--url", market.net.rpc.url, "--keypair", keypairFile(home, market.admin, "admin"), "--group", market.group.toBase58()];
}, 120_000);

afterAll(async () => {
  await market?.close();
});

interface Row {
  account: string;
  authority: string;
  health: string;
  bankrupt: boolean;
  liabilityBank: string;
  maxRepay: string;
  assetBank: string;
  seize: string;
  limitedBy: string;
  profitUsd: string;
}

async function expectedBest(account: PublicKey) {
  const connection = new Connection(market.net.rpc.url, "confirmed");
  const marketState = await loadMarket(connection, { programId: PROGRAM.toBase58(), group: market.group.toBase58() });
  const { account: decoded } = await fetchMarginAccount(connection, account.toBase58());
  // No wrapped-SOL bank in this group: the transaction cost counts at SOL $0.
  const best = bestLiquidation({
    balances: decoded.lendingAccount.balances,
    banks: marketState.banks,
    solPrice: fx.ZERO,
    txCostLamports: 10_000n,
  });
  if (!best) throw new Error("not liquidatable");
  return best;
}

describe("liquidatable", () => {
  it("lists the accounts below maintenance by profit with the SDK's max repay, seizure and profit", async () => {
    const run = await cli(home, [...global, "--output", "json", "liquidatable"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("2 of 4 accounts below maintenance\n");
    const rows = json<Row[]>(run);
    expect(rows.map((r) => r.account)).toEqual([large.account.toBase58(), small.account.toBase58()]);
    const [first, second] = rows;
    expect(first).toMatchObject({ authority: large.wallet.publicKey.toBase58(), health: "-5", bankrupt: false });
    expect(second).toMatchObject({
      authority: small.wallet.publicKey.toBase58(),
      health: "-0.5",
      bankrupt: false,
      liabilityBank: usdc.key.toBase58(),
      assetBank: sol.key.toBase58(),
      limitedBy: "health",
    });
    for (const [row, user] of [
      [first!, large],
      [second!, small],
    ] as const) {
      const best = await expectedBest(user.account);
      expect(row.maxRepay).toBe(fx.toDecimal(best.max.liabilityRepaid));
      expect(row.seize).toBe(String(best.max.assetAmount));
      expect(row.profitUsd).toBe(fx.toDecimal(best.profit));
    }
    // Health may only be restored to zero: each seized dollar repays $0.95 at weight 1 and loses $0.75 of collateral,
    // so $0.5 of shortfall takes $2.5 of SOL (0.5 SOL at $5), repaying about $2.375 of USDC.
    expect(BigInt(second!.seize)).toBeLessThanOrEqual(500_000_000n);
    expect(BigInt(second!.seize)).toBeGreaterThan(499_000_000n);
  });

  it("prints a table sorted by profit", async () => {
    const run = await cli(home, [...global, "liquidatable"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toMatch(
      /^account\s+authority\s+health\s+bankrupt\s+liabilityBank\s+maxRepay\s+assetBank\s+seize\s+limitedBy\s+profitUsd$/,
    );
    expect(lines[1]?.startsWith(large.account.toBase58())).toBe(true);
    expect(lines[2]?.startsWith(small.account.toBase58())).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it("needs --group and a valid --tx-cost-lamports (exit 2); reads only", async () => {
    const noGroup = await cli(home, ["--url", market.net.rpc.url, "liquidatable"]);
    expect(noGroup).toMatchObject({ code: 2, stderr: "ballast: --group: required (the group's address)\n" });
    const badCost = await cli(home, [...global, "liquidatable", "--tx-cost-lamports", "-1"]);
    expect(badCost.code).toBe(2);
    expect(badCost.stderr).toContain('--tx-cost-lamports: expected an integer from 0 to 1000000000, got "-1"');
    const help = await cli(home, ["liquidatable", "--help"]);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("Reads only.");
  });
});
