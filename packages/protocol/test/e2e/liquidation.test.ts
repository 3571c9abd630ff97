// Classic liquidation (reference §13.1, §21 item 2) and bankruptcy (§14) on the ledger: the worked example in exact
// native units, every refusal with its code and message, and bad debt paid by insurance or socialized.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankOperationalState, MarginfiAccountLayout, i80f48, type I80F48 } from "../../src/index.js";
import { calcAmount, calcValue, toF64 } from "../../src/math/value.js";
import { TestMarket, type TestBank, type TestUser } from "../support/market.js";
import { fundInsurance, handleBankruptcyIx, liquidateIx, type Liquidation } from "../support/liquidation.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const FEE = i80f48.fromDecimal("0.025");

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let banks: TestBank[];

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 10 });
  usdc = await market.addBank(6, { kind: "pyth", price: 1 });
  banks = [sol, usdc];
  const lender = await market.newUser();
  await market.deposit(lender, usdc, 1_000_000n * USDC);
  await market.deposit(lender, sol, 1_000n * SOL);
});
afterAll(() => market.close());

/** 2 SOL against 10 USDC of debt, then SOL weights drop to init 0.25 / maint 0.4: maintenance health −$2. */
async function unhealthyAccount(): Promise<TestUser> {
  await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
  const user = await market.newUser();
  await market.deposit(user, sol, 2n * SOL);
  await market.borrow(user, usdc, 10n * USDC, banks);
  await market.configureBank(sol, { assetWeightInit: "0.25", assetWeightMaint: "0.4" });
  return user;
}

/** A liquidator backed by `collateral` SOL (none: nothing covers the debt it takes over). */
async function newLiquidator(collateral = 10n * SOL): Promise<TestUser> {
  const liquidator = await market.newUser();
  if (collateral > 0n) await market.deposit(liquidator, sol, collateral);
  return liquidator;
}

function solForUsdc(liquidator: TestUser, liquidatee: TestUser, assetAmount: bigint): Liquidation {
  return { liquidator, liquidatee, assetBank: sol, liabBank: usdc, assetAmount, banks };
}

function balanceIn(account: Awaited<ReturnType<TestMarket["marginfiAccount"]>>, bank: TestBank) {
  return account.lendingAccount.balances.find((b) => b.active !== 0 && b.bankPk === bank.key.toBase58())!;
}

/** The program's amounts for seizing `lamports` of SOL at $10 against USDC at $1, bit for bit. */
function liquidationAmounts(lamports: bigint) {
  const value = (discount: I80F48) => calcValue(i80f48.fromInt(lamports), i80f48.fromInt(10), 9, discount);
  const liquidator = calcAmount(value(i80f48.sub(i80f48.ONE, FEE)), i80f48.ONE, 6);
  const final = calcAmount(value(i80f48.sub(i80f48.ONE, i80f48.add(FEE, FEE))), i80f48.ONE, 6);
  return { liquidator, final, insurance: i80f48.sub(liquidator, final) };
}

async function expectLiquidationError(l: Liquidation, code: number, name: string, message: string) {
  await market.expectError(await liquidateIx(market, l), [l.liquidator.wallet], code, name, message);
}

describe("classic liquidation, the worked example (reference §21 item 2)", () => {
  it("seizes 0.1 SOL: the liquidator takes 975,000 µUSDC of debt, the liquidatee's falls by 950,000, the rest is insurance", async () => {
    const user = await unhealthyAccount();
    const liquidator = await newLiquidator();
    const vaultBefore = await market.tokenBalance(usdc.vaults.liquidity);
    const insuranceBefore = await market.tokenBalance(usdc.vaults.insurance);
    const outstandingBefore = (await market.bank(usdc)).collectedInsuranceFeesOutstanding;

    const signature = await market.send(await liquidateIx(market, solForUsdc(liquidator, user, 100_000_000n)), [liquidator.wallet]);

    const amounts = liquidationAmounts(100_000_000n);
    expect(i80f48.toIntFloor(amounts.liquidator)).toBe(975_000n);
    expect(i80f48.toIntFloor(amounts.final)).toBe(950_000n);
    const taker = await market.marginfiAccount(liquidator);
    expect(balanceIn(taker, sol).assetShares).toBe(i80f48.fromInt(10n * SOL + 100_000_000n));
    expect(balanceIn(taker, usdc).liabilityShares).toBe(amounts.liquidator);
    const liquidatee = await market.marginfiAccount(user);
    expect(balanceIn(liquidatee, sol).assetShares).toBe(i80f48.fromInt(1_900_000_000n));
    expect(balanceIn(liquidatee, usdc).liabilityShares).toBe(i80f48.sub(i80f48.fromInt(10n * USDC), amounts.final));

    // The fee is 25,000 µUSDC less 2^-48-sized rounding of the 0.025 literals, so 24,999 whole tokens move and
    // the remaining 0.99999999857… is owed to the insurance fund.
    expect(Math.round(toF64(amounts.insurance))).toBe(25_000);
    const moved = i80f48.toIntFloor(amounts.insurance);
    expect(moved).toBe(24_999n);
    expect(await market.tokenBalance(usdc.vaults.insurance)).toBe(insuranceBefore + moved);
    expect(await market.tokenBalance(usdc.vaults.liquidity)).toBe(vaultBefore - moved);
    const usdcBank = await market.bank(usdc);
    expect(i80f48.sub(usdcBank.collectedInsuranceFeesOutstanding, outstandingBefore)).toBe(
      i80f48.sub(amounts.insurance, i80f48.fromInt(moved)),
    );
    expect(usdcBank.cache.lastOraclePrice).toBe(i80f48.ONE);
    expect((await market.bank(sol)).cache.lastOraclePrice).toBe(i80f48.fromInt(10));

    // Post maintenance health: 1.9 × 10 × 0.4 − 9.05 = −1.45, better than −2 and not above 0.
    const liabilities = i80f48.sub(i80f48.fromInt(10n * USDC), amounts.final);
    const post = i80f48.sub(
      calcValue(i80f48.fromInt(1_900_000_000n), i80f48.fromInt(10), 9, i80f48.fromDecimal("0.4")),
      calcValue(liabilities, i80f48.ONE, 6, i80f48.ONE),
    );
    const event = (await market.events(signature)).find((e) => e.name === "LendingAccountLiquidateEvent")!;
    const data = event.data as Record<string, unknown> & { pre_balances: Record<string, number>; post_balances: Record<string, number> };
    expect(data.liquidatee_post_health).toBe(toF64(post));
    expect(data.liquidatee_post_health).toBeCloseTo(-1.45, 9);
    expect(data.liquidatee_pre_health).toBeCloseTo(-2, 9);
    expect(String(data.liquidatee_marginfi_account)).toBe(user.account.toBase58());
    expect(String(data.asset_bank)).toBe(sol.key.toBase58());
    expect(String(data.liability_bank)).toBe(usdc.key.toBase58());
    expect(data.pre_balances).toEqual({
      liquidatee_asset_balance: 2e9,
      liquidatee_liability_balance: 10e6,
      liquidator_asset_balance: 10e9,
      liquidator_liability_balance: 0,
    });
    expect(data.post_balances).toEqual({
      liquidatee_asset_balance: 1.9e9,
      liquidatee_liability_balance: toF64(liabilities),
      liquidator_asset_balance: 10.1e9,
      liquidator_liability_balance: toF64(amounts.liquidator),
    });
  });

  it("never worsens maintenance health: each step of a series improves it and stays at or below zero", async () => {
    const user = await unhealthyAccount();
    const liquidator = await newLiquidator();
    let previous = -Infinity;
    for (const lamports of [50_000_000n, 100_000_000n, 150_000_000n]) {
      const signature = await market.send(await liquidateIx(market, solForUsdc(liquidator, user, lamports)), [liquidator.wallet]);
      const event = await market.firstEvent(signature, "LendingAccountLiquidateEvent");
      const { liquidatee_pre_health: pre, liquidatee_post_health: post } = event.data as {
        liquidatee_pre_health: number;
        liquidatee_post_health: number;
      };
      expect(pre).toBeGreaterThan(previous);
      expect(post).toBeGreaterThan(pre);
      expect(post).toBeLessThanOrEqual(0);
      previous = pre;
    }
  });
});

describe("classic liquidation in flash loans", () => {
  it("lets a liquidator in a flash loan add its collateral before the loan's end judges it", async () => {
    const user = await unhealthyAccount();
    const liquidator = await newLiquidator(0n);
    const source = await market.fund(liquidator, sol, SOL);
    const risk = await market.riskAccounts(liquidator, banks, { add: [sol, usdc] });
    await market.send(
      [
        market.startFlashloanIx(liquidator, 3n),
        await liquidateIx(market, solForUsdc(liquidator, user, SOL / 10n)),
        market.depositIx(liquidator, sol, source, SOL),
        market.endFlashloanIx(liquidator, risk),
      ],
      [liquidator.wallet],
    );
    const taker = await market.marginfiAccount(liquidator);
    expect(balanceIn(taker, sol).assetShares).toBe(i80f48.fromInt(SOL + SOL / 10n));
    expect(balanceIn(taker, usdc).liabilityShares).toBe(liquidationAmounts(SOL / 10n).liquidator);
  });

  it("refuses to liquidate an account in a flash loan (6037)", async () => {
    const user = await unhealthyAccount();
    const liquidator = await newLiquidator();
    await market.expectError(
      [
        market.startFlashloanIx(user, 2n),
        await liquidateIx(market, solForUsdc(liquidator, user, SOL / 10n)),
        market.endFlashloanIx(user, await market.riskAccounts(user, banks)),
      ],
      [liquidator.wallet, user.wallet],
      6037,
      "AccountInFlashloan",
      "Illegal action during flashloan",
      1,
    );
  });
});

describe("classic liquidation refusals", () => {
  it("refuses a zero amount (6012)", async () => {
    const user = await unhealthyAccount();
    await expectLiquidationError(
      solForUsdc(await newLiquidator(), user, 0n),
      6012,
      "ZeroLiquidationAmount",
      "Amount to liquidate must be positive",
    );
  });

  it("refuses the same bank on both sides (6064)", async () => {
    const user = await unhealthyAccount();
    const l = { ...solForUsdc(await newLiquidator(), user, SOL / 10n), assetBank: usdc };
    await expectLiquidationError(l, 6064, "SameAssetAndLiabilityBanks", "Asset and liability bank cannot be the same");
  });

  it("refuses a paused bank (6016)", async () => {
    const user = await unhealthyAccount();
    const liquidator = await newLiquidator();
    await market.configureBank(usdc, { operationalState: 0 });
    await expectLiquidationError(solForUsdc(liquidator, user, SOL / 10n), 6016, "BankPaused", "Bank paused");
    await market.configureBank(usdc, { operationalState: 1 });
  });

  it("refuses a liability bank where the liquidatee has no debt (6066)", async () => {
    const user = await unhealthyAccount();
    const l = { ...solForUsdc(await newLiquidator(), user, USDC), assetBank: usdc, liabBank: sol };
    await expectLiquidationError(l, 6066, "NoLiabilitiesInLiabilityBank", "Liability bank has no liabilities");
  });

  it("refuses a liability balance that also holds assets (6067)", async () => {
    const user = await unhealthyAccount();
    const liquidator = await newLiquidator();
    // No instruction leaves a balance on both sides; the state is written into the ledger to reach the guard.
    const stored = market.ledger.getAccount(user.account.toBase58())!;
    const index = (await market.marginfiAccount(user)).lendingAccount.balances.findIndex((b) => b.bankPk === usdc.key.toBase58());
    MarginfiAccountLayout.fields.lendingAccount.fields.balances.at(index).fields.assetShares.set(stored.data, i80f48.fromInt(5));
    await expectLiquidationError(solForUsdc(liquidator, user, SOL / 10n), 6067, "AssetsInLiabilityBank", "Liability bank has assets");
  });

  it("refuses a healthy account (6068)", async () => {
    const user = await unhealthyAccount();
    await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
    await expectLiquidationError(
      solForUsdc(await newLiquidator(), user, SOL / 10n),
      6068,
      "HealthyAccount",
      "Account is healthy and cannot be liquidated",
    );
  });

  it("refuses seizing more than the liquidatee holds (6065)", async () => {
    const user = await unhealthyAccount();
    await expectLiquidationError(
      solForUsdc(await newLiquidator(100n * SOL), user, 3n * SOL),
      6065,
      "OverliquidationAttempt",
      "Trying to withdraw more assets than available",
    );
  });

  it("refuses paying off more than the debt (6022) and the whole debt (6069)", async () => {
    const user = await unhealthyAccount();
    const liquidator = await newLiquidator(100n * SOL);
    // 1,052,631,579 lamports repay 10,000,000.0005 µUSDC: more than the 10 USDC owed.
    await expectLiquidationError(solForUsdc(liquidator, user, 1_052_631_579n), 6022, "OperationRepayOnly", "Operation is repay-only");
    // One lamport less repays 9,999,999.991 µUSDC, leaving less than one share of debt.
    await expectLiquidationError(
      solForUsdc(liquidator, user, 1_052_631_578n),
      6069,
      "ExhaustedLiability",
      "Liability payoff too severe, exhausted liability",
    );
  });

  it("refuses lifting the account above its maintenance requirement (6071)", async () => {
    const user = await unhealthyAccount();
    // 0.5 SOL: 1.5 × 10 × 0.4 − (10 − 4.75) = +0.75.
    await expectLiquidationError(
      solForUsdc(await newLiquidator(), user, SOL / 2n),
      6071,
      "TooSevereLiquidation",
      "Liquidation too severe, account above maintenance requirement",
    );
  });

  it("refuses a liquidation that would worsen health (6072)", async () => {
    await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
    const user = await market.newUser();
    await market.deposit(user, sol, 2n * SOL);
    await market.borrow(user, usdc, 10n * USDC, banks);
    const liquidator = await newLiquidator();
    // At $4 the 2 SOL back $8 of a $10 debt; at full maintenance weight, seizing collateral for 95% of its value hurts.
    await market.setOracle(sol.oracle!, { kind: "pyth", price: 4 });
    await expectLiquidationError(
      solForUsdc(liquidator, user, SOL / 10n),
      6072,
      "WorseHealthPostLiquidation",
      "Liquidation would worsen account health",
    );
    await market.setOracle(sol.oracle!, { kind: "pyth", price: 10 });
  });

  it("refuses a liquidator whose collateral does not cover the debt it takes over (6009)", async () => {
    const user = await unhealthyAccount();
    await expectLiquidationError(
      solForUsdc(await newLiquidator(0n), user, SOL / 10n),
      6009,
      "RiskEngineInitRejected",
      "RiskEngine rejected due to either bad health or stale oracles",
    );
  });
});

describe("bankruptcy", () => {
  interface Bankrupt {
    user: TestUser;
    lender: TestUser;
    collateral: TestBank;
    debt: TestBank;
    all: TestBank[];
  }

  /**
   * A fresh pair of banks: `lent` USDC deposited, a borrower with 2 COL ($10) owing 10 USDC, `insurance` in the
   * debt bank's insurance vault; then COL falls to $0.04, leaving $0.08 of equity assets: bankrupt.
   */
  async function bankruptBorrower(lent: bigint, insurance: bigint, crash = true): Promise<Bankrupt> {
    const collateral = await market.addBank(9, { kind: "pyth", price: 10 });
    const debt = await market.addBank(6, { kind: "pyth", price: 1 });
    const all = [collateral, debt];
    const lender = await market.newUser();
    await market.deposit(lender, debt, lent);
    const user = await market.newUser();
    await market.deposit(user, collateral, 2n * SOL);
    await market.borrow(user, debt, 10n * USDC, all);
    if (insurance > 0n) await fundInsurance(market, debt, insurance);
    if (crash) await market.setOracle(collateral.oracle!, { kind: "pyth", price: 0.04 });
    return { user, lender, collateral, debt, all };
  }

  async function settle(b: Bankrupt, signer: Keypair = market.admin): Promise<Record<string, number>> {
    const signature = await market.send(await handleBankruptcyIx(market, b.user, b.debt, b.all, signer.publicKey), [signer]);
    const event = await market.firstEvent(signature, "LendingPoolBankHandleBankruptcyEvent");
    return event.data as Record<string, number>;
  }

  it("is paid by the insurance vault when it holds enough, and disables the account", async () => {
    const b = await bankruptBorrower(100n * USDC, 20n * USDC);
    const event = await settle(b);
    expect(event.bad_debt).toBe(10e6);
    expect(event.covered_amount).toBe(10e6);
    expect(event.socialized_amount).toBe(0);
    expect(await market.tokenBalance(b.debt.vaults.insurance)).toBe(10n * USDC);
    expect(await market.tokenBalance(b.debt.vaults.liquidity)).toBe(100n * USDC);
    const bank = await market.bank(b.debt);
    expect(bank.assetShareValue).toBe(i80f48.ONE);
    expect(bank.totalLiabilityShares).toBe(i80f48.ZERO);

    const account = await market.marginfiAccount(b.user);
    expect(account.accountFlags & 1n).toBe(1n);
    expect(balanceIn(account, b.debt).liabilityShares).toBe(i80f48.ZERO);
    const cache = account.healthCache;
    expect(cache.flags).toBe(2);
    expect(cache.programVersion).toBe(3);
    expect(cache.timestamp).toBe(market.now());
    // Pyth's 4,000,000 × 10^−8, divided as the program scales it.
    const crashed = i80f48.div(i80f48.fromInt(4_000_000n), i80f48.fromInt(100_000_000n));
    expect(cache.assetValueEquity).toBe(calcValue(i80f48.fromInt(2n * SOL), crashed, 9));
    expect(cache.liabilityValueEquity).toBe(i80f48.fromInt(10));

    const source = await market.fund(b.user, b.debt, USDC);
    await market.expectError(market.depositIx(b.user, b.debt, source, USDC), [b.user.wallet], 6035, "AccountDisabled", "Account disabled");
  });

  it("socializes what a partly funded insurance vault cannot cover through the asset share value", async () => {
    const b = await bankruptBorrower(100n * USDC, 4n * USDC);
    const event = await settle(b);
    expect(event.covered_amount).toBe(4e6);
    expect(event.socialized_amount).toBe(6e6);
    expect(await market.tokenBalance(b.debt.vaults.insurance)).toBe(0n);
    expect(await market.tokenBalance(b.debt.vaults.liquidity)).toBe(94n * USDC);
    const bank = await market.bank(b.debt);
    const shares = i80f48.fromInt(100n * USDC);
    expect(bank.totalAssetShares).toBe(shares);
    expect(bank.assetShareValue).toBe(i80f48.div(i80f48.sub(shares, i80f48.fromInt(6n * USDC)), shares));
    expect(toF64(i80f48.mul(shares, bank.assetShareValue))).toBeCloseTo(94e6, 6);
  });

  it("socializes the whole debt without insurance", async () => {
    const b = await bankruptBorrower(100n * USDC, 0n);
    const event = await settle(b);
    expect(event.covered_amount).toBe(0);
    expect(event.socialized_amount).toBe(10e6);
    const shares = i80f48.fromInt(100n * USDC);
    expect((await market.bank(b.debt)).assetShareValue).toBe(i80f48.div(i80f48.sub(shares, i80f48.fromInt(10n * USDC)), shares));
    expect(await market.tokenBalance(b.debt.vaults.liquidity)).toBe(90n * USDC);
  });

  it("kills the bank when the loss takes every deposit (6084 afterwards)", async () => {
    const b = await bankruptBorrower(10n * USDC, 0n);
    await settle(b);
    const bank = await market.bank(b.debt);
    expect(bank.assetShareValue).toBe(i80f48.ZERO);
    expect(bank.config.operationalState).toBe(3);
    const source = await market.fund(b.lender, b.debt, USDC);
    await market.expectError(
      market.depositIx(b.lender, b.debt, source, USDC),
      [b.lender.wallet],
      6084,
      "BankKilledByBankruptcy",
      "Bank killed by bankruptcy",
    );
    // Killed is final: the admin cannot set it back to Operational (or anything else).
    for (const operationalState of [BankOperationalState.Operational, BankOperationalState.Paused]) {
      await market.expectError(market.configureBankIx(b.debt, { operationalState }), [market.admin], 6042, "Unauthorized", "Unauthorized");
    }
    expect((await market.bank(b.debt)).config.operationalState).toBe(BankOperationalState.KilledByBankruptcy);
  });

  it("refuses an account that is not bankrupt (6013)", async () => {
    const b = await bankruptBorrower(100n * USDC, 0n, false);
    await market.expectError(
      await handleBankruptcyIx(market, b.user, b.debt, b.all),
      [market.admin],
      6013,
      "AccountNotBankrupt",
      "Account is not bankrupt",
    );
  });

  it("refuses a balance without debt (6014)", async () => {
    const b = await bankruptBorrower(100n * USDC, 0n);
    await market.expectError(
      await handleBankruptcyIx(market, b.user, b.collateral, b.all),
      [market.admin],
      6014,
      "BalanceNotBadDebt",
      "Account balance is not bad debt",
    );
  });

  it("needs the admin unless the bank allows permissionless settlement (6042)", async () => {
    const b = await bankruptBorrower(100n * USDC, 0n);
    const stranger = (await market.newUser()).wallet;
    await market.expectError(
      await handleBankruptcyIx(market, b.user, b.debt, b.all, stranger.publicKey),
      [stranger],
      6042,
      "Unauthorized",
      "Unauthorized",
    );
    await market.configureBank(b.debt, { permissionlessBadDebtSettlement: true });
    const event = await settle(b, stranger);
    expect(event.socialized_amount).toBe(10e6);
  });
});
