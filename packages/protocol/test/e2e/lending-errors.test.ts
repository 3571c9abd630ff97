// The refusals of the four actions on the ledger, each with its exact code and message, and the reference's
// worked examples for health (§21 item 1) and confidence (§21 item 4).
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { i80f48 } from "../../src/index.js";
import { calcValue, toF64 } from "../../src/math/value.js";
import { TestMarket, type TestBank, type TestUser } from "../support/market.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let banks: TestBank[];

/** A user with `collateral` SOL deposited and `liquidity` USDC lent by someone else. */
async function borrowerWith(collateral: bigint): Promise<TestUser> {
  const user = await market.newUser();
  await market.deposit(user, sol, collateral);
  return user;
}

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 10 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  banks = [sol, usdc];
  const lender = await market.newUser();
  await market.deposit(lender, usdc, 1_000_000n * USDC);
  await market.deposit(lender, sol, 1_000n * SOL);
});
afterAll(() => market.close());

async function borrowIx(user: TestUser, bank: TestBank, amount: bigint, all: TestBank[] = banks) {
  const destination = await market.tokenAccount(user, bank);
  return market.borrowIx(user, bank, destination, amount, await market.riskAccounts(user, all, { add: bank }));
}

describe("health (reference §21 item 1)", () => {
  it("refuses a borrow the Initial requirement does not cover, passes at equality, and pulse reports the state", async () => {
    const user = await borrowerWith(2n * SOL);
    await market.borrow(user, usdc, 10n * USDC, banks);
    await market.configureBank(sol, { assetWeightInit: "0.25", assetWeightMaint: "0.4" });
    // Initial: 2 SOL × $10 × 0.25 = $5 < $10 of debt, so any new borrow or withdraw fails.
    await market.expectError(
      await borrowIx(user, usdc, 1n),
      [user.wallet],
      6009,
      "RiskEngineInitRejected",
      "RiskEngine rejected due to either bad health or stale oracles",
    );
    await market.expectError(
      market.withdrawIx(user, sol, await market.tokenAccount(user, sol), 1n, await market.riskAccounts(user, banks)),
      [user.wallet],
      6009,
      "RiskEngineInitRejected",
      "RiskEngine rejected due to either bad health or stale oracles",
    );

    await market.send(market.pulseHealthIx(user.account, await market.riskAccounts(user, banks)), [user.wallet]);
    const cache = (await market.marginfiAccount(user)).healthCache;
    expect(cache.assetValue).toBe(i80f48.fromInt(5));
    expect(cache.liabilityValue).toBe(i80f48.fromInt(10));
    // Maintenance: 2 × 10 × 0.4 − 10 = −$2, so the account is liquidatable (not HEALTHY); equity is not bankrupt.
    expect(cache.assetValueMaint).toBe(calcValue(i80f48.fromInt(2n * SOL), i80f48.fromInt(10), 9, i80f48.fromDecimal("0.4")));
    expect(cache.liabilityValueMaint).toBe(i80f48.fromInt(10));
    expect(cache.assetValueEquity).toBe(i80f48.fromInt(20));
    expect(cache.liabilityValueEquity).toBe(i80f48.fromInt(10));
    expect(cache.flags).toBe(6);
    expect(cache.mrgnErr).toBe(6009);
    expect(cache.internalLiqErr).toBe(0);
    expect(cache.internalBankruptcyErr).toBe(6013);
    expect(cache.programVersion).toBe(3);
    await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
  });

  it("lets a borrow that exactly meets the Initial requirement through", async () => {
    const user = await borrowerWith(1n * SOL);
    await market.configureBank(sol, { assetWeightInit: "0.5", assetWeightMaint: "0.6" });
    await market.borrow(user, usdc, 5n * USDC, banks);
    const cache = (await market.marginfiAccount(user)).healthCache;
    expect(cache.assetValue).toBe(cache.liabilityValue);
    await market.expectError(
      await borrowIx(user, usdc, 1n),
      [user.wallet],
      6009,
      "RiskEngineInitRejected",
      "RiskEngine rejected due to either bad health or stale oracles",
    );
    await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
  });

  it("a healthy account pulses with every flag set and the refusals the checks would raise", async () => {
    const user = await borrowerWith(1n * SOL);
    await market.borrow(user, usdc, 1n * USDC, banks);
    await market.send(market.pulseHealthIx(user.account, await market.riskAccounts(user, banks)), [user.wallet]);
    const cache = (await market.marginfiAccount(user)).healthCache;
    expect(cache.flags).toBe(7);
    expect(cache.mrgnErr).toBe(0);
    expect(cache.internalLiqErr).toBe(6068);
    expect(cache.internalBankruptcyErr).toBe(6013);
    expect(cache.timestamp).toBe(market.now());
  });
});

describe("capacity, slots, bank states and authority", () => {
  it("refuses deposits that reach the deposit limit (6003) and deposit_up_to_limit takes what fits", async () => {
    const capped = await market.addBank(6, { kind: "switchboard", price: 1 }, { depositLimit: 100n * USDC });
    const user = await market.newUser();
    const source = await market.fund(user, capped, 150n * USDC);
    await market.expectError(
      market.depositIx(user, capped, source, 100n * USDC),
      [user.wallet],
      6003,
      "BankAssetCapacityExceeded",
      "Bank deposit capacity exceeded",
    );
    await market.send(market.depositIx(user, capped, source, 150n * USDC, true), [user.wallet]);
    // Capacity is floor(limit − deposits − 1) native units.
    expect(await market.tokenBalance(source)).toBe(50n * USDC + 1n);
    expect(await market.tokenBalance(capped.vaults.liquidity)).toBe(100n * USDC - 1n);
    // At capacity the instruction succeeds without moving anything.
    await market.send(market.depositIx(user, capped, source, 1n, true), [user.wallet]);
    expect(await market.tokenBalance(source)).toBe(50n * USDC + 1n);
  });

  it("refuses borrows that reach the borrow limit (6027)", async () => {
    const capped = await market.addBank(6, { kind: "switchboard", price: 1 }, { borrowLimit: 10n * USDC });
    const lender = await market.newUser();
    await market.deposit(lender, capped, 1_000n * USDC);
    const user = await borrowerWith(10n * SOL);
    const all = [...banks, capped];
    await market.expectError(
      await borrowIx(user, capped, 10n * USDC, all),
      [user.wallet],
      6027,
      "BankLiabilityCapacityExceeded",
      "Bank borrow cap exceeded",
    );
    await market.borrow(user, capped, 10n * USDC - 1n, all);
  });

  it("refuses a seventeenth balance (6010)", async () => {
    const user = await market.newUser();
    const many: TestBank[] = [];
    for (let i = 0; i < 17; i++) many.push(await market.addBank(6, { kind: "switchboard", price: 1 }));
    for (const bank of many.slice(0, 16)) await market.deposit(user, bank, 1n);
    const source = await market.fund(user, many[16]!, 1n);
    await market.expectError(
      market.depositIx(user, many[16]!, source, 1n),
      [user.wallet],
      6010,
      "LendingAccountBalanceSlotsFull",
      "Lending account balance slots are full",
    );
  });

  it("a paused bank refuses deposits (6016); a reduce-only bank refuses deposits and borrows (6017) but lets withdrawals out", async () => {
    const bank = await market.addBank(6, { kind: "switchboard", price: 1 });
    const user = await market.newUser();
    await market.deposit(user, bank, 10n * USDC);
    const source = await market.fund(user, bank, 5n * USDC);
    await market.configureBank(bank, { operationalState: 0 });
    await market.expectError(market.depositIx(user, bank, source, 1n), [user.wallet], 6016, "BankPaused", "Bank paused");
    await market.configureBank(bank, { operationalState: 2 });
    await market.expectError(market.depositIx(user, bank, source, 1n), [user.wallet], 6017, "BankReduceOnly", "Bank is ReduceOnly mode");
    const other = await borrowerWith(10n * SOL);
    await market.expectError(
      await borrowIx(other, bank, 1n, [...banks, bank]),
      [other.wallet],
      6017,
      "BankReduceOnly",
      "Bank is ReduceOnly mode",
    );
    await market.withdraw(user, bank, 10n * USDC, [...banks, bank], true);
    expect(await market.tokenBalance(source)).toBe(15n * USDC);
  });

  it("reduce-only collateral counts nothing for new borrows (6009)", async () => {
    const user = await borrowerWith(10n * SOL);
    await market.configureBank(sol, { operationalState: 2 });
    await market.expectError(
      await borrowIx(user, usdc, 1n),
      [user.wallet],
      6009,
      "RiskEngineInitRejected",
      "RiskEngine rejected due to either bad health or stale oracles",
    );
    await market.configureBank(sol, { operationalState: 1 });
  });

  it("an isolated-tier liability must be the only liability (6029)", async () => {
    const isolated = await market.addBank(
      6,
      { kind: "switchboard", price: 1 },
      { assetWeightInit: "0", assetWeightMaint: "0", riskTier: 1 },
    );
    const lender = await market.newUser();
    await market.deposit(lender, isolated, 1_000n * USDC);
    const user = await borrowerWith(10n * SOL);
    const all = [...banks, isolated];
    await market.borrow(user, isolated, 5n * USDC, all);
    await market.expectError(
      await borrowIx(user, usdc, 1n * USDC, all),
      [user.wallet],
      6029,
      "IsolatedAccountIllegalState",
      "Account can have only one liability when under isolated risk",
    );
  });

  it("only the account's authority may act on it (6042)", async () => {
    const user = await borrowerWith(1n * SOL);
    const stranger = Keypair.generate();
    await market.airdrop(stranger.publicKey, 1_000_000_000n);
    const source = await market.fund(stranger, sol, 1n);
    const deposit = market.depositIx({ ...user, wallet: stranger }, sol, source, 1n);
    await market.expectError(deposit, [stranger], 6042, "Unauthorized", "Unauthorized");
  });

  it("a deposit into a bank of another group fails (6093)", async () => {
    const otherGroup = await market.createGroup();
    const foreign = await market.addBank(6, { kind: "switchboard", price: 1 }, {}, { group: otherGroup });
    const user = await market.newUser();
    const source = await market.fund(user, foreign, 1n);
    await market.expectError(
      market.depositIx(user, foreign, source, 1n),
      [user.wallet],
      6093,
      "InvalidGroup",
      "Invalid group: account constraint violated",
    );
  });
});

describe("oracles: staleness and confidence", () => {
  beforeEach(async () => {
    await market.setOracle(sol.oracle!, { kind: "pyth", price: 10 });
    await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 1 });
  });

  it("a stale liability oracle fails the borrow; a stale collateral oracle counts as zero", async () => {
    const user = await borrowerWith(10n * SOL);
    market.advanceTime(101);
    await market.setOracle(sol.oracle!, { kind: "pyth", price: 10 });
    // The USDC feed (Switchboard) is now 101 s old against a max age of 100.
    await market.expectError(await borrowIx(user, usdc, 1n * USDC), [user.wallet], 6049, "SwitchboardStalePrice", "Stale oracle price");
    await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 1 });
    market.advanceTime(101);
    await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 1 });
    // The SOL feed (Pyth) is stale: the Initial check values the collateral at 0.
    await market.expectError(
      await borrowIx(user, usdc, 1n * USDC),
      [user.wallet],
      6009,
      "RiskEngineInitRejected",
      "RiskEngine rejected due to either bad health or stale oracles",
    );
    await market.setOracle(sol.oracle!, { kind: "pyth", price: 10 });
    await market.borrow(user, usdc, 1n * USDC, banks);
  });

  it("a stale Pyth liability fails with 6050", async () => {
    const user = await market.newUser();
    await market.deposit(user, usdc, 100n * USDC);
    await market.borrow(user, sol, SOL / 10n, banks);
    market.advanceTime(101);
    await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 1 });
    await market.expectError(await borrowIx(user, sol, SOL / 10n), [user.wallet], 6050, "PythPushStalePrice", "Stale oracle price");
  });

  it("prices with 2.12 × confidence, caps at 5% and refuses over the 10% gate (§21 item 4)", async () => {
    const asset = await market.addBank(9, { kind: "pyth", price: 100, conf: 1 });
    const all = [...banks, asset];
    const user = await market.newUser();
    await market.deposit(user, asset, 1n * SOL);
    await market.borrow(user, usdc, 10n * USDC, all);
    const account = await market.marginfiAccount(user);
    const index = account.lendingAccount.balances.findIndex((b) => b.bankPk === asset.key.toBase58());
    const low = i80f48.fromDecimal("97.88");
    expect(account.healthCache.prices[index]).toBe(toF64(low));
    expect(account.healthCache.assetValue).toBe(calcValue(i80f48.fromInt(SOL), low, 9, i80f48.ONE));

    // Raw confidence 3 → interval 6.36 is within the gate but capped at 5% of the price.
    await market.setOracle(asset.oracle!, { kind: "pyth", price: 100, conf: 3 });
    await market.send(market.pulseHealthIx(user.account, await market.riskAccounts(user, all)), [user.wallet]);
    const capped = (await market.marginfiAccount(user)).healthCache.prices[index];
    expect(capped).toBe(toF64(i80f48.sub(i80f48.fromInt(100), i80f48.mul(i80f48.fromInt(100), i80f48.fromDecimal("0.05")))));

    // Raw confidence 5 → interval 10.6 exceeds 10% of the price.
    await market.setOracle(asset.oracle!, { kind: "pyth", price: 100, conf: 5 });
    await market.expectError(
      await borrowIx(user, usdc, 1n, all),
      [user.wallet],
      6055,
      "OracleMaxConfidenceExceeded",
      "Oracle max confidence exceeded: try again later",
    );
  });
});

describe("one-way operations", () => {
  it("a deposit cannot pay off debt (6019), a withdrawal cannot open debt (6020), a borrow cannot eat a deposit (6021), a repayment cannot exceed the debt (6022)", async () => {
    const user = await borrowerWith(10n * SOL);
    await market.borrow(user, usdc, 5n * USDC, banks);
    const usdcTokens = await market.fund(user, usdc, 10n * USDC);
    await market.expectError(
      market.depositIx(user, usdc, usdcTokens, USDC),
      [user.wallet],
      6019,
      "OperationDepositOnly",
      "Operation is deposit-only",
    );
    await market.expectError(
      market.withdrawIx(user, sol, await market.tokenAccount(user, sol), 10n * SOL + 1n, await market.riskAccounts(user, banks)),
      [user.wallet],
      6020,
      "OperationWithdrawOnly",
      "Operation is withdraw-only",
    );
    await market.expectError(await borrowIx(user, sol, 1n), [user.wallet], 6021, "OperationBorrowOnly", "Operation is borrow-only");
    await market.expectError(
      market.repayIx(user, usdc, usdcTokens, 6n * USDC),
      [user.wallet],
      6022,
      "OperationRepayOnly",
      "Operation is repay-only",
    );
  });

  it("repay_all without debt (6024) and withdraw_all without a deposit (6023) are refused; so is a bank the account never used (6018)", async () => {
    const user = await borrowerWith(SOL);
    const usdcTokens = await market.fund(user, usdc, USDC);
    await market.expectError(
      market.repayIx(user, usdc, usdcTokens, 0n, true),
      [user.wallet],
      6018,
      "BankAccountNotFound",
      "Bank is missing",
    );
    await market.borrow(user, usdc, USDC / 2n, banks);
    await market.expectError(
      market.repayIx(user, sol, await market.fund(user, sol, 0n), 0n, true),
      [user.wallet],
      6024,
      "NoLiabilityFound",
      "No liability found",
    );
    await market.expectError(
      market.withdrawIx(user, usdc, usdcTokens, 0n, await market.riskAccounts(user, banks), true),
      [user.wallet],
      6023,
      "NoAssetFound",
      "No asset found",
    );
  });
});
