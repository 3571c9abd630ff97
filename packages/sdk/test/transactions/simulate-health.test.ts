import { Keypair, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import { updatePythPriceInstruction } from "@ballast/oracles";
import { i80f48, type HealthCache } from "@ballast/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HealthCacheSimulationError,
  MAX_HEALTH_SIMULATION_TRANSACTIONS,
  ProcessTransactionError,
  checkHealthCache,
  simulateAccountHealth,
  simulateBundle,
} from "../../src/transactions/index.js";
import { TestMarket, type TestBank, type TestUser } from "../../../protocol/test/support/market.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let borrower: TestUser;

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 10 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  const lender = await market.newUser();
  borrower = await market.newUser();
  await market.deposit(lender, usdc, 1_000n * USDC);
  await market.deposit(borrower, sol, 2n * SOL);
  await market.borrow(borrower, usdc, 15n * USDC, [sol, usdc]);
});
afterAll(() => market.close());

async function healthOf(precedingTransactions: VersionedTransaction[] = []) {
  return simulateAccountHealth({
    connection: market.connection,
    pulseHealthInstruction: market.pulseHealthIx(borrower.account, await market.riskAccounts(borrower, [sol, usdc])),
    payer: borrower.wallet.publicKey,
    precedingTransactions,
  });
}

/** An unsigned oracle update (the simulation skips signature checks) moving SOL to `price` dollars. */
async function solPriceUpdate(price: number): Promise<VersionedTransaction> {
  const { blockhash } = await market.connection.getLatestBlockhash();
  const ix = updatePythPriceInstruction({
    authority: market.oracleAuthority.publicKey,
    feed: sol.oracle!,
    price: BigInt(price * 1e8),
    conf: 0n,
    exponent: -8,
    publishTime: market.now(),
    emaPrice: BigInt(price * 1e8),
    emaConf: 0n,
  });
  const message = new TransactionMessage({ payerKey: market.oracleAuthority.publicKey, recentBlockhash: blockhash, instructions: [ix] });
  return new VersionedTransaction(message.compileToV0Message());
}

describe("health simulation through simulateBundle", () => {
  it("reads the six health values the pulse-health transaction computes: $20 of SOL against $15 of USDC", async () => {
    const before = await market.marginfiAccount(borrower);
    const { healthCache, account, unitsConsumed, logs } = await healthOf();
    expect(healthCache.assetValue).toBe(i80f48.fromInt(20));
    expect(healthCache.liabilityValue).toBe(i80f48.fromInt(15));
    expect(healthCache.assetValueMaint).toBe(i80f48.fromInt(20));
    expect(healthCache.liabilityValueMaint).toBe(i80f48.fromInt(15));
    expect(healthCache.assetValueEquity).toBe(i80f48.fromInt(20));
    expect(healthCache.liabilityValueEquity).toBe(i80f48.fromInt(15));
    expect(healthCache.mrgnErr).toBe(0);
    // Healthy, engine ok, oracles ok.
    expect(healthCache.flags).toBe(7);
    expect(account.authority).toBe(borrower.wallet.publicKey.toBase58());
    expect(unitsConsumed).toBeGreaterThan(0);
    expect(logs).toContain("Program log: Instruction: LendingAccountPulseHealth");
    // A simulation: the account on chain is untouched.
    expect(await market.marginfiAccount(borrower)).toEqual(before);
  });

  it("runs the preceding transactions first and tolerates 6009 when all six values are non-zero", async () => {
    // SOL at $5: $10 of collateral against $15 of debt fails the Initial check.
    const { healthCache } = await healthOf([await solPriceUpdate(5)]);
    expect(healthCache.mrgnErr).toBe(6009);
    expect(healthCache.assetValue).toBe(i80f48.fromInt(10));
    expect(healthCache.liabilityValue).toBe(i80f48.fromInt(15));
    expect((await market.marginfiAccount(borrower)).healthCache.assetValue).toBe(i80f48.fromInt(20));
  });

  it("allows at most five transactions, the pulse-health one included", async () => {
    expect(MAX_HEALTH_SIMULATION_TRANSACTIONS).toBe(5);
    const update = await solPriceUpdate(10);
    const { healthCache } = await healthOf([update, update, update, update].map((tx) => new VersionedTransaction(tx.message)));
    expect(healthCache.assetValue).toBe(i80f48.fromInt(20));
    await expect(healthOf(Array(5).fill(update))).rejects.toThrow("Too many transactions");
  });

  it("fails with the health cache error when the bundle fails", async () => {
    const error = (await simulateAccountHealth({
      connection: market.connection,
      pulseHealthInstruction: market.pulseHealthIx(Keypair.generate().publicKey, []),
      payer: borrower.wallet.publicKey,
    }).catch((e: unknown) => e)) as HealthCacheSimulationError;
    expect(error).toBeInstanceOf(HealthCacheSimulationError);
    expect(error.message).toBe("Account health cache simulation failed");
    expect([error.mrgnErr, error.internalErr]).toEqual([null, null]);
    expect(error.logs?.some((line) => line.includes("AccountNotInitialized"))).toBe(true);
  });

  it("refuses an empty bundle", async () => {
    await expect(simulateBundle(market.net.rpc.url, [])).rejects.toThrow("No bundle provided for simulation");
  });

  it("reports a simulator's HTTP failure", async () => {
    const error = (await simulateBundle(`${market.net.rpc.url}/missing`, [await solPriceUpdate(10)]).catch(
      (e: unknown) => e,
    )) as ProcessTransactionError;
    expect(error.type).toBe("SimulationError");
    expect(error.message).toMatch(/^HTTP error 404: /);
  });
});

describe("checkHealthCache", () => {
  const cache = (values: Partial<HealthCache>): HealthCache =>
    ({
      assetValue: i80f48.fromInt(10),
      liabilityValue: i80f48.fromInt(15),
      assetValueMaint: i80f48.fromInt(10),
      liabilityValueMaint: i80f48.fromInt(15),
      assetValueEquity: i80f48.fromInt(10),
      liabilityValueEquity: i80f48.fromInt(15),
      mrgnErr: 0,
      internalErr: 0,
      ...values,
    }) as HealthCache;

  it("accepts no error, and 6009 with six non-zero values", () => {
    expect(() => checkHealthCache(cache({}))).not.toThrow();
    expect(() => checkHealthCache(cache({ mrgnErr: 6009 }))).not.toThrow();
  });

  it("rejects 6009 with a zero value, other codes, and internal errors, carrying both codes", () => {
    for (const [values, codes] of [
      [{ mrgnErr: 6009, liabilityValueEquity: i80f48.ZERO }, [6009, 0]],
      [{ mrgnErr: 6049 }, [6049, 0]],
      [{ internalErr: 6050 }, [0, 6050]],
    ] as const) {
      let error: HealthCacheSimulationError | null = null;
      try {
        checkHealthCache(cache(values));
      } catch (e) {
        error = e as HealthCacheSimulationError;
      }
      expect(error?.message).toBe("Account health cache simulation failed");
      expect([error?.mrgnErr, error?.internalErr]).toEqual(codes);
    }
  });
});
