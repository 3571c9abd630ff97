// The health simulation of an account holding a Kamino bank, on a ledger running the lending program and the
// Kamino-style market: the program prices a Kamino position only from a reserve refreshed in the same slot (6206),
// so the simulated pulse-health carries the refreshes of the account's reserves; its six values then equal the
// health cache the program writes when the same refreshes and pulse land, and the app's health reads "onchain".
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketProgram } from "@ballast/market";
import { ERRORS, i80f48, type Bank } from "@ballast/protocol";
import { TestMarket, type TestBank } from "../../../protocol/test/support/market.js";
import { borrowAction, depositAction, type ActionContext } from "../../src/actions/index.js";
import { accountHealthRefreshes } from "../../src/instructions/kamino-refresh.js";
import { pulseAccountHealthInstruction } from "../../src/instructions/permissionless.js";
import { riskAccounts } from "../../src/instructions/risk-accounts.js";
import { accountHealthWithSimulation } from "../../src/state/account-health.js";
import { HealthCacheSimulationError, healthValues, keypairWallet, simulateAccountHealth } from "../../src/transactions/index.js";
import { SOL, USDC, act, context, fundedWallet, loadBanks, loadLendingMarket, marginAccount } from "../actions/support.js";
import { addKaminoBank, createKaminoReserve, walletTokens } from "../support/kamino-market.js";

const DEPOSIT = 1_000n * USDC;
const BORROWED = 2n * SOL;

let market: TestMarket;
let sol: TestBank;
let kaminoBank: PublicKey;
let ctx: ActionContext;
let owner: PublicKey;
let marginfiAccount: PublicKey;

const banks = (): Promise<Map<string, Bank>> => loadBanks(market, [sol, { ...sol, key: kaminoBank }]);

async function pulse() {
  const account = await marginAccount(market, marginfiAccount);
  const lookup = await banks();
  return {
    account,
    lookup,
    instruction: pulseAccountHealthInstruction({ marginfiAccount, riskAccounts: riskAccounts(account, lookup) }),
  };
}

beforeAll(async () => {
  market = await TestMarket.start({ programs: [marketProgram()] });
  sol = await market.addBank(9, { kind: "pyth", price: 150 });
  await market.deposit(await market.newUser(), sol, 100n * SOL);
  const usdcMint = await market.createMint(6);
  const feed = (await market.createOracle({ kind: "pyth", price: 1 }))!;
  const fixture = await createKaminoReserve(market, usdcMint, feed);
  kaminoBank = await addKaminoBank(market, usdcMint, feed, fixture);
  const wallet = await fundedWallet(market);
  owner = wallet.publicKey;
  await walletTokens(market, usdcMint, DEPOSIT, owner);
  ctx = context(market, keypairWallet(wallet));
  ({ marginfiAccount } = await act(market, async () =>
    depositAction({ ...ctx, bank: kaminoBank.toBase58(), market: await loadLendingMarket(market), amount: DEPOSIT }),
  ));
  await act(market, async () =>
    borrowAction({
      ...ctx,
      marginfiAccount,
      account: await marginAccount(market, marginfiAccount),
      bank: sol.key.toBase58(),
      market: await loadLendingMarket(market),
      amount: BORROWED,
    }),
  );
  // A later slot: the reserve was last refreshed in the borrow's.
  market.ledger.warpToTime(market.now());
});
afterAll(() => market.close());

describe("health simulation of an account holding a Kamino bank", () => {
  it("refreshes the account's reserve before the pulse: the program's own six values, no local fallback", async () => {
    const { account, lookup, instruction } = await pulse();
    const refreshes = await accountHealthRefreshes(market.connection, account, lookup);
    expect(refreshes).toHaveLength(1);

    // Without the refresh the program refuses to price the Kamino position.
    const stale = (await simulateAccountHealth({ connection: market.connection, pulseHealthInstruction: instruction, payer: owner }).catch(
      (e: unknown) => e,
    )) as HealthCacheSimulationError;
    expect(stale).toBeInstanceOf(HealthCacheSimulationError);
    // The pulse itself succeeds, but its health cache records the Initial check failing on the stale reserve.
    expect([stale.mrgnErr, stale.internalErr]).toEqual([ERRORS.RiskEngineInitRejected.code, ERRORS.ReserveStale.code]);

    const simulated = await simulateAccountHealth({
      connection: market.connection,
      pulseHealthInstruction: instruction,
      refreshes,
      payer: owner,
    });
    expect(simulated.healthCache.mrgnErr).toBe(0);
    // $1,000 of USDC collateral weighted 0.8 (Initial) and 0.9 (Maintenance), in fixed point (the reserve's exchange
    // rate a hair over 1, the weight 0.9 a hair under), against 2 SOL of debt at $150.
    expect(i80f48.toIntFloor(simulated.healthCache.assetValue)).toBe(800n);
    expect(i80f48.toIntFloor(simulated.healthCache.assetValueMaint)).toBe(899n);
    expect(simulated.healthCache.liabilityValue).toBe(i80f48.fromInt(300n));

    // The same refresh and pulse landed: the health cache the program writes is the simulated one.
    await market.send([...refreshes, instruction], [market.admin]);
    const landed = (await marginAccount(market, marginfiAccount)).healthCache;
    expect(healthValues(simulated.healthCache)).toEqual(healthValues(landed));

    const shown = await accountHealthWithSimulation(
      { connection: market.connection, pulseHealthInstruction: instruction, refreshes, payer: owner },
      account.lendingAccount.balances,
      new Map(),
    );
    expect(shown.status).toBe("onchain");
    expect(shown.simulationError).toBeNull();
  });

  it("needs no refresh for an account without Kamino positions", async () => {
    const { account } = await pulse();
    const solOnly = new Map([[sol.key.toBase58(), (await banks()).get(sol.key.toBase58())!]]);
    const withoutKamino = {
      ...account,
      lendingAccount: {
        ...account.lendingAccount,
        balances: account.lendingAccount.balances.map((b) => (b.bankPk === kaminoBank.toBase58() ? { ...b, active: 0 } : b)),
      },
    };
    expect(await accountHealthRefreshes(market.connection, withoutKamino, solOnly)).toEqual([]);
  });
});
