// The liquidation math and actions against the real program on a ledger with a fixed clock: a SOL price drop makes
// borrowers liquidatable; the SDK predicts a classic liquidation (the most the program accepts) and a receivership
// paid from the receiver's own USDC, the actions send them, and both parties' balances on chain equal the prediction
// to the I80F48 bit, the insurance transfer to the native unit. A crash to near zero makes an account bankrupt, and
// handle_bankruptcy drains the insurance fund and socialises the rest as the reference's formulas say. A liquidator
// that already owes elsewhere may not take isolated-tier debt over: the SDK predicts the program's 6029.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountFlags, RiskTier, decodeLiquidationRecord, i80f48 as fx, programFeesOf, type MarginfiAccount } from "@ballast/protocol";
import { PROGRAM, TestMarket, type TestBank, type TestUser } from "../../../protocol/test/support/market.js";
import { fundInsurance, liquidateIx } from "../../../protocol/test/support/liquidation.js";
import { handleBankruptcyAction, liquidateAction, receivershipLiquidationAction } from "../../src/actions/liquidation.js";
import { accountRisk, type BalanceLike } from "../../src/math/health.js";
import {
  accruedBanks,
  bestLiquidation,
  isBankrupt,
  isLiquidatable,
  liquidationOutcome,
  maxLiquidatable,
} from "../../src/math/liquidation.js";
import { liquidationRecordAddress } from "../../src/instructions/pda.js";
import { keypairWallet } from "../../src/transactions/index.js";
import type { Market } from "../../src/state/market.js";
import { seededRandom } from "../../../ledger/test/support/random.js";
import { SOL, USDC, act, context, loadLendingMarket, marginAccount, tokens } from "./support.js";

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let banks: TestBank[];

const SOL_PRICE = 150;

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: SOL_PRICE }, { assetWeightInit: "0.8", assetWeightMaint: "0.9" });
  usdc = await market.addBank(6, { kind: "pyth", price: 1 });
  banks = [sol, usdc];
  const lender = await market.newUser();
  await market.deposit(lender, usdc, 100_000n * USDC);
});

afterAll(() => market?.close());

/** Publishes SOL at `price` and USDC at $1 now, so both feeds are fresh after the clock moves. */
async function setSolPrice(price: number) {
  await market.setOracle(sol.oracle!, { kind: "pyth", price });
  await market.setOracle(usdc.oracle!, { kind: "pyth", price: 1 });
}

/** 1 SOL against 110 USDC: healthy at $150 (init 120 ≥ 110). */
async function borrower(): Promise<TestUser> {
  await setSolPrice(SOL_PRICE);
  const user = await market.newUser();
  await market.deposit(user, sol, SOL);
  await market.borrow(user, usdc, 110n * USDC, banks);
  return user;
}

const active = (account: MarginfiAccount | { lendingAccount: { balances: readonly BalanceLike[] } }) =>
  account.lendingAccount.balances
    .filter((b) => Boolean(b.active))
    .map((b) => ({ bank: b.bankPk, assetShares: b.assetShares, liabilityShares: b.liabilityShares }))
    .sort((a, b) => a.bank.localeCompare(b.bank));

const sharesOf = (balances: readonly BalanceLike[]) => active({ lendingAccount: { balances } });

async function freshMarket(): Promise<Market> {
  market.ledger.warpToTime(market.now());
  return loadLendingMarket(market);
}

describe("classic liquidation", () => {
  it("liquidates the most the program accepts, and both accounts end exactly as predicted", async () => {
    const user = await borrower();
    const liquidator = await market.newUser();
    await market.deposit(liquidator, sol, 10n * SOL);
    // $120: maintenance 108 − 110 = −$2.
    await setSolPrice(120);
    const lending = await freshMarket();
    const liquidatee = await market.marginfiAccount(user);
    const liquidatorAccount = await market.marginfiAccount(liquidator);
    const risk = accountRisk(liquidatee.lendingAccount.balances, lending.banks);
    expect(isLiquidatable(risk)).toBe(true);

    const pair = {
      balances: liquidatee.lendingAccount.balances,
      banks: lending.banks,
      assetBank: sol.key.toBase58(),
      liabilityBank: usdc.key.toBase58(),
    };
    const max = maxLiquidatable(pair);
    expect(max.limitedBy).toBe("health");
    expect(max.assetAmount).toBeGreaterThan(0n);
    const predicted = liquidationOutcome({
      ...pair,
      assetAmount: max.assetAmount,
      liquidatorBalances: liquidatorAccount.lendingAccount.balances,
    });
    expect(predicted.refusal).toBeNull();
    const insuranceBefore = await tokens(market, usdc.vaults.insurance);

    const result = await act(market, () =>
      liquidateAction({
        ...context(market, keypairWallet(liquidator.wallet)),
        market: lending,
        liquidatorAccount: liquidator.account,
        liquidator: liquidatorAccount,
        liquidateeAccount: user.account,
        liquidatee,
        assetBank: sol.key.toBase58(),
        liabilityBank: usdc.key.toBase58(),
      }),
    );
    expect(result.outcome.assetAmount).toBe(max.assetAmount);

    expect(active(await marginAccount(market, user.account))).toEqual(sharesOf(predicted.liquidatee.balances));
    expect(active(await marginAccount(market, liquidator.account))).toEqual(sharesOf(predicted.liquidator.balances));
    expect(await tokens(market, usdc.vaults.insurance)).toBe(insuranceBefore + predicted.insuranceTransfer);
    // At most a rounding step from zero: the account is left liquidatable but no more than that.
    const after = accountRisk((await marginAccount(market, user.account)).lendingAccount.balances, (await freshMarket()).banks);
    const health = Number(fx.toDecimal(fx.sub(after.health.maintenance.assets, after.health.maintenance.liabilities)));
    expect(health).toBeLessThanOrEqual(0);
    expect(health).toBeGreaterThan(-0.001);
  });

  it("refuses before signing what the program would refuse", async () => {
    const user = await borrower();
    const liquidator = await market.newUser();
    await market.deposit(liquidator, sol, 10n * SOL);
    await setSolPrice(120);
    const lending = await freshMarket();
    const params = {
      ...context(market, keypairWallet(liquidator.wallet)),
      market: lending,
      liquidatorAccount: liquidator.account,
      liquidator: await market.marginfiAccount(liquidator),
      liquidateeAccount: user.account,
      liquidatee: await market.marginfiAccount(user),
      assetBank: sol.key.toBase58(),
      liabilityBank: usdc.key.toBase58(),
    };
    await expect(liquidateAction({ ...params, assetAmount: SOL / 2n })).rejects.toMatchObject({
      code: "LIQUIDATION_REFUSED",
      context: { refusal: "TooSevereLiquidation" },
    });
  });
});

describe("exact against the program, over random accounts, prices and accrued interest", () => {
  it("for each seed: the most the SDK says may be seized lands, and both accounts end as predicted to the bit", async () => {
    let liquidated = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = seededRandom(seed);
      await setSolPrice(SOL_PRICE);
      const user = await market.newUser();
      const deposit = SOL / 2n + BigInt(Math.floor(random() * Number(2n * SOL)));
      await market.deposit(user, sol, deposit);
      // Up to 99% of the Initial limit (deposit × $150 × 0.8), in µUSDC.
      const limit = (deposit * 150n * 8n) / 10n / 1_000n;
      await market.borrow(user, usdc, (limit * BigInt(90 + Math.floor(random() * 9))) / 100n, banks);
      const liquidator = await market.newUser();
      await market.deposit(liquidator, sol, 20n * SOL);
      // Interest accrues for a while, so share values are no longer whole numbers: odd seeds have it booked by a
      // crank first, even seeds leave it to the liquidation and predict with the SDK's accrual.
      market.advanceTime(3_600 + Math.floor(random() * 86_400));
      if (seed % 2 === 1) await market.send([market.accrueIx(sol), market.accrueIx(usdc)], [market.admin]);
      await setSolPrice(Number((110 + random() * 20).toFixed(4)));
      const loaded = await freshMarket();
      const lending = { ...loaded, banks: accruedBanks(loaded.banks, market.now(), programFeesOf(loaded.group)) };
      const liquidatee = await market.marginfiAccount(user);
      const liquidatorAccount = await market.marginfiAccount(liquidator);
      if (!isLiquidatable(accountRisk(liquidatee.lendingAccount.balances, lending.banks))) continue;

      const result = await act(market, () =>
        liquidateAction({
          ...context(market, keypairWallet(liquidator.wallet)),
          market: lending,
          liquidatorAccount: liquidator.account,
          liquidator: liquidatorAccount,
          liquidateeAccount: user.account,
          liquidatee,
          assetBank: sol.key.toBase58(),
          liabilityBank: usdc.key.toBase58(),
        }),
      );
      expect(active(await marginAccount(market, user.account))).toEqual(sharesOf(result.outcome.liquidatee.balances));
      expect(active(await marginAccount(market, liquidator.account))).toEqual(sharesOf(result.outcome.liquidator.balances));
      liquidated += 1;
    }
    expect(liquidated).toBeGreaterThanOrEqual(3);
  });
});

describe("receivership from the receiver's own tokens", () => {
  it("start → withdraw → repay → end in one transaction; the account ends as sized and the record logs it", async () => {
    const user = await borrower();
    const receiver = Keypair.generate();
    await market.airdrop(receiver.publicKey, 10n * SOL);
    await market.fund(receiver, usdc, 1_000n * USDC);
    await setSolPrice(120);
    const lending = await freshMarket();
    const liquidatee = await market.marginfiAccount(user);
    const usdcBefore = await tokens(market, await market.fund(receiver, usdc, 0n));

    const result = await act(market, () =>
      receivershipLiquidationAction({
        ...context(market, keypairWallet(receiver)),
        market: lending,
        liquidateeAccount: user.account,
        liquidatee,
        assetBank: sol.key.toBase58(),
        liabilityBank: usdc.key.toBase58(),
      }),
    );
    const { sizing } = result;
    expect(sizing.check.refusal).toBeNull();
    expect(sizing.repay).toBeGreaterThan(0n);
    expect(active(await marginAccount(market, user.account))).toEqual(sharesOf(sizing.balances));
    expect(await tokens(market, await market.fund(receiver, usdc, 0n))).toBe(usdcBefore - sizing.repay);
    expect(await tokens(market, await market.fund(receiver, sol, 0n))).toBe(sizing.withdraw);

    const info = await market.connection.getAccountInfo(liquidationRecordAddress(user.account, PROGRAM));
    const record = decodeLiquidationRecord(info!.data);
    const entry = record.entries.at(-1)!;
    expect(entry.timestamp).toBe(market.now());
    const account = await marginAccount(market, user.account);
    expect((account.accountFlags & AccountFlags.ACCOUNT_IN_RECEIVERSHIP) === 0n).toBe(true);
  });
});

describe("refusals before signing", () => {
  it("a receivership premium above the program's cap, and bankruptcy of an account with collateral left", async () => {
    const user = await borrower();
    await setSolPrice(120);
    const lending = await freshMarket();
    const liquidatee = await market.marginfiAccount(user);
    const receiver = Keypair.generate();
    await market.airdrop(receiver.publicKey, SOL);
    await expect(
      receivershipLiquidationAction({
        ...context(market, keypairWallet(receiver)),
        market: lending,
        liquidateeAccount: user.account,
        liquidatee,
        assetBank: sol.key.toBase58(),
        liabilityBank: usdc.key.toBase58(),
        premium: fx.fromDecimal("0.06"),
      }),
    ).rejects.toMatchObject({ code: "LIQUIDATION_PREMIUM_ABOVE_CAP" });
    await expect(
      handleBankruptcyAction({
        ...context(market, keypairWallet(market.admin)),
        market: lending,
        marginfiAccount: user.account,
        account: liquidatee,
      }),
    ).rejects.toMatchObject({ code: "ACCOUNT_NOT_BANKRUPT" });
  });
});

describe("bankruptcy", () => {
  it("a crash leaves less than $0.1 of collateral: insurance covers what it holds, the rest is socialised", async () => {
    const user = await borrower();
    await fundInsurance(market, usdc, 50n * USDC);
    await setSolPrice(0.05);
    const lending = await freshMarket();
    const account = await market.marginfiAccount(user);
    const risk = accountRisk(account.lendingAccount.balances, lending.banks);
    expect(isBankrupt(risk)).toBe(true);
    const bankBefore = lending.banks.get(usdc.key.toBase58())!;
    const debt = risk.positions.find((p) => p.side === "liabilities")!.amount;
    const insurance = await tokens(market, usdc.vaults.insurance);

    await act(market, () =>
      handleBankruptcyAction({ ...context(market, keypairWallet(market.admin)), market: lending, marginfiAccount: user.account, account }),
    );

    const covered = insurance < fx.toIntCeil(debt) ? insurance : fx.toIntCeil(debt);
    expect(await tokens(market, usdc.vaults.insurance)).toBe(insurance - covered);
    const socialized = fx.sub(debt, fx.fromInt(covered));
    const totalValue = fx.mul(bankBefore.bank.totalAssetShares, bankBefore.bank.assetShareValue);
    const bankAfter = (await freshMarket()).banks.get(usdc.key.toBase58())!;
    expect(bankAfter.bank.assetShareValue).toBe(fx.div(fx.sub(totalValue, socialized), bankBefore.bank.totalAssetShares));
    const disabled = await marginAccount(market, user.account);
    expect((disabled.accountFlags & AccountFlags.ACCOUNT_DISABLED) !== 0n).toBe(true);
  });
});

describe("the liquidator's isolated-tier rule (6029)", () => {
  it("isolated debt taken over beside the liquidator's other debt: the SDK predicts 6029 and the program refuses with it", async () => {
    // An isolated-tier stablecoin: borrowable alone, worth nothing as collateral.
    const isolated = await market.addBank(
      6,
      { kind: "pyth", price: 1 },
      { assetWeightInit: "0", assetWeightMaint: "0", riskTier: RiskTier.Isolated },
    );
    const all = [...banks, isolated];
    await market.deposit(await market.newUser(), isolated, 10_000n * USDC);
    await setSolPrice(SOL_PRICE);
    await market.setOracle(isolated.oracle!, { kind: "pyth", price: 1 });
    const user = await market.newUser();
    await market.deposit(user, sol, SOL);
    await market.borrow(user, isolated, 110n * USDC, all);
    // One liquidator already owes USDC; the other holds only its deposit.
    const indebted = await market.newUser();
    await market.deposit(indebted, sol, 10n * SOL);
    await market.borrow(indebted, usdc, USDC, banks);
    const clean = await market.newUser();
    await market.deposit(clean, sol, 10n * SOL);
    await setSolPrice(120);
    await market.setOracle(isolated.oracle!, { kind: "pyth", price: 1 });

    const lending = await freshMarket();
    const liquidatee = await market.marginfiAccount(user);
    const pair = {
      balances: liquidatee.lendingAccount.balances,
      banks: lending.banks,
      assetBank: sol.key.toBase58(),
      liabilityBank: isolated.key.toBase58(),
    };
    const assetAmount = maxLiquidatable(pair).assetAmount;
    expect(assetAmount).toBeGreaterThan(0n);
    const indebtedBalances = (await market.marginfiAccount(indebted)).lendingAccount.balances;
    expect(liquidationOutcome({ ...pair, assetAmount, liquidatorBalances: indebtedBalances }).refusal).toBe("IsolatedAccountIllegalState");
    expect(maxLiquidatable({ ...pair, liquidatorBalances: indebtedBalances }).assetAmount).toBe(0n);
    const search = { balances: pair.balances, banks: pair.banks, solPrice: fx.fromInt(120n), txCostLamports: 5_000n };
    expect(bestLiquidation({ ...search, liquidatorBalances: indebtedBalances })).toBeNull();

    await market.expectError(
      await liquidateIx(market, { liquidator: indebted, liquidatee: user, assetBank: sol, liabBank: isolated, assetAmount, banks: all }),
      [indebted.wallet],
      6029,
      "IsolatedAccountIllegalState",
      "Account can have only one liability when under isolated risk",
    );
    const params = {
      ...context(market, keypairWallet(indebted.wallet)),
      market: lending,
      liquidatorAccount: indebted.account,
      liquidator: await market.marginfiAccount(indebted),
      liquidateeAccount: user.account,
      liquidatee,
      assetBank: sol.key.toBase58(),
      liabilityBank: isolated.key.toBase58(),
    };
    await expect(liquidateAction({ ...params, assetAmount })).rejects.toMatchObject({
      code: "LIQUIDATION_REFUSED",
      context: { refusal: "IsolatedAccountIllegalState" },
    });
    // Without an amount the refusal still names the rule, not the zero the liquidator's backing allows.
    await expect(liquidateAction(params)).rejects.toMatchObject({
      code: "LIQUIDATION_REFUSED",
      context: { refusal: "IsolatedAccountIllegalState" },
    });

    // The liquidator without other debt is the one bestLiquidation offers, and the same seizure lands for it.
    const cleanAccount = await market.marginfiAccount(clean);
    const best = bestLiquidation({ ...search, liquidatorBalances: cleanAccount.lendingAccount.balances })!;
    expect(best.outcome.refusal).toBeNull();
    expect(best.outcome.liabilityBank).toBe(isolated.key.toBase58());
    const result = await act(market, () =>
      liquidateAction({
        ...params,
        ...context(market, keypairWallet(clean.wallet)),
        liquidatorAccount: clean.account,
        liquidator: cleanAccount,
        assetAmount,
      }),
    );
    expect(active(await marginAccount(market, clean.account))).toEqual(sharesOf(result.outcome.liquidator.balances));
  });
});
