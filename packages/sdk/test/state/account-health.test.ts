// Health by simulation with the local fallback, on a real ledger: the simulated pulse and the local computation
// give the same bits; when the simulation cannot run, the status says the numbers are computed locally.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARGINFI_PROGRAM_ID, decodeMarginfiAccount } from "@ballast/protocol";
import { TestMarket, type TestBank, type TestUser } from "../../../protocol/test/support/market.js";
import { pulseAccountHealthInstruction } from "../../src/instructions/permissionless.js";
import { HEALTH_SIMULATION_STATUS_CODES, accountHealthWithSimulation } from "../../src/state/account-health.js";
import { loadMarket } from "../../src/state/market.js";

let market: TestMarket;
let banks: TestBank[];
let user: TestUser;

beforeAll(async () => {
  market = await TestMarket.start();
  const sol = await market.addBank(9, { kind: "pyth", price: 20, conf: 0.1 }, { assetWeightInit: "0.8", assetWeightMaint: "0.9" });
  const usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  banks = [sol, usdc];
  const lender = await market.newUser();
  await market.deposit(lender, usdc, 1_000_000_000n);
  user = await market.newUser();
  await market.deposit(user, sol, 3_000_000_000n);
  await market.borrow(user, usdc, 25_000_000n, banks);
});
afterAll(() => market.close());

describe("account health with simulation", () => {
  async function inputs(bundleSimulationUrl?: string) {
    const now = market.now();
    const snapshot = await loadMarket(market.connection, { programId: MARGINFI_PROGRAM_ID, group: market.group.toBase58() }, now);
    const account = decodeMarginfiAccount((await market.connection.getAccountInfo(user.account))!.data);
    const risk = await market.riskAccounts(user, banks);
    const pulse = pulseAccountHealthInstruction({
      marginfiAccount: user.account,
      riskAccounts: risk.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    });
    const simulation = { connection: market.connection, pulseHealthInstruction: pulse, payer: user.wallet.publicKey, bundleSimulationUrl };
    return { simulation, balances: account.lendingAccount.balances, banks: snapshot.banks, cache: account.healthCache };
  }

  it("takes the program's numbers from a simulated pulse, equal to the local computation", async () => {
    const { simulation, balances, banks: priced, cache } = await inputs();
    const simulated = await accountHealthWithSimulation(simulation, balances, priced);
    expect(simulated.status).toBe("onchain");
    expect(HEALTH_SIMULATION_STATUS_CODES[simulated.status]).toBe(0);
    const local = await accountHealthWithSimulation({ ...simulation, bundleSimulationUrl: "http://127.0.0.1:9/" }, balances, priced);
    expect(local.status).toBe("computed");
    expect(HEALTH_SIMULATION_STATUS_CODES[local.status]).toBe(2);
    expect(local.simulationError).not.toBeNull();
    const values = (h: typeof simulated.health) =>
      [h.initial, h.maintenance, h.equity].flatMap((r) => [r.assets.toString(), r.liabilities.toString()]);
    expect(values(local.health)).toEqual(values(simulated.health));
    // A simulation leaves the stored account as it was.
    expect(decodeMarginfiAccount((await market.connection.getAccountInfo(user.account))!.data).healthCache).toEqual(cache);
  });
});
