// Property test over the real ledger: random sequences of deposits, withdrawals, borrows, repayments, price moves
// and interest accrual across several banks and accounts. After every step each bank's vault identity holds, a
// failed transaction left every account as it was, and a successful borrow or withdraw left the account meeting
// its Initial requirement.
import { PublicKey, type Keypair, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../ledger/test/support/random.js";
import { i80f48, type Bank, type I80F48 } from "../../src/index.js";
import { TestMarket, type OracleSpec, type TestBank, type TestUser } from "../support/market.js";
import { fundInsurance, handleBankruptcyIx, liquidateIx } from "../support/liquidation.js";
import { endLiquidationIx, initLiquidationRecordIx, liquidationRecordAddress, startLiquidationIx } from "../support/receivership.js";

const SEED = 20261123;
const STEPS = 90;

interface Asset {
  bank: TestBank;
  spec: OracleSpec & { price: number };
  /** Native units of one token. */
  unit: bigint;
}

let market: TestMarket;
let assets: [sol: Asset, usdc: Asset, btc: Asset];
let users: TestUser[];
const tokenAccounts = new Map<string, PublicKey>();
/** Accounts outside `users` that steps touch (the liquidator's). */
const watchedExtra: PublicKey[] = [];

const key = (user: TestUser, asset: Asset) => `${user.account.toBase58()}:${asset.bank.key.toBase58()}`;

beforeAll(async () => {
  market = await TestMarket.start({ programFeeRate: "0.05", programFeeFixed: "0.001" });
  const fees = { insuranceIrFee: "0.05", protocolIrFee: "0.1", protocolFixedFeeApr: "0.01", protocolOriginationFee: "0.005" };
  const sol: Asset = {
    bank: await market.addBank(9, { kind: "pyth", price: 10, conf: 0.01 }, { assetWeightInit: "0.8", assetWeightMaint: "0.9" }),
    spec: { kind: "pyth", price: 10, conf: 0.01 },
    unit: 1_000_000_000n,
  };
  const usdcBank = await market.addBank(
    6,
    { kind: "switchboard", price: 1, stdDev: 0.001 },
    {
      assetWeightInit: "0.9",
      assetWeightMaint: "0.95",
      liabilityWeightInit: "1.1",
      liabilityWeightMaint: "1.05",
    },
  );
  await market.configureBank(usdcBank, { interest: fees });
  const usdc: Asset = { bank: usdcBank, spec: { kind: "switchboard", price: 1, stdDev: 0.001 }, unit: 1_000_000n };
  const btc: Asset = {
    bank: await market.addBank(8, { kind: "pyth", price: 50_000, conf: 20 }, { assetWeightInit: "0.7", assetWeightMaint: "0.8" }),
    spec: { kind: "pyth", price: 50_000, conf: 20 },
    unit: 100_000_000n,
  };
  assets = [sol, usdc, btc];
  users = [];
  for (let i = 0; i < 4; i++) {
    const user = await market.newUser();
    users.push(user);
    for (const asset of assets) tokenAccounts.set(key(user, asset), await market.fund(user, asset.bank, 1_000n * asset.unit));
  }
});
afterAll(() => market.close());

/** Uniform choices from non-empty lists, driven by the seeded `random`. */
function picker(random: () => number) {
  return <T>(xs: readonly T[]): T => {
    const x = xs[Math.floor(random() * xs.length)];
    if (x === undefined) throw new Error("picking from an empty list");
    return x;
  };
}

/** Every account a step can touch. */
function watchedAccounts(): PublicKey[] {
  return [
    ...assets.flatMap((a) => [a.bank.key, a.bank.vaults.liquidity, a.bank.vaults.insurance, a.bank.vaults.fee]),
    ...users.map((u) => u.account),
    ...watchedExtra,
    ...users.map((u) => liquidationRecordAddress(u.account)),
    ...tokenAccounts.values(),
  ];
}

async function checkVaultIdentities(step: number): Promise<void> {
  for (const a of assets) {
    const bank = await market.bank(a.bank);
    const vault = await market.tokenBalance(a.bank.vaults.liquidity);
    expect(vaultIdentityGap(bank, vault), `step ${step}, bank ${a.bank.key.toBase58()}`).toBeLessThanOrEqual(1n);
  }
}

/** Maintenance health (assets − liabilities) as a health pulse computes it now. */
async function maintenanceHealth(user: TestUser, banks: TestBank[]): Promise<I80F48> {
  await market.send(market.pulseHealthIx(user.account, await market.riskAccounts(user, banks)), [user.wallet]);
  const cache = (await market.marginfiAccount(user)).healthCache;
  return i80f48.sub(cache.assetValueMaint, cache.liabilityValueMaint);
}

function vaultIdentityGap(bank: Bank, vault: bigint): bigint {
  const assetsAmount = i80f48.mul(bank.totalAssetShares, bank.assetShareValue);
  const liabilities = i80f48.mul(bank.totalLiabilityShares, bank.liabilityShareValue);
  const fees = i80f48.add(
    i80f48.add(bank.collectedInsuranceFeesOutstanding, bank.collectedGroupFeesOutstanding),
    bank.collectedProgramFeesOutstanding,
  );
  const left = i80f48.sub(i80f48.fromInt(vault), fees);
  const right = i80f48.sub(assetsAmount, liabilities);
  return i80f48.toIntCeil(i80f48.abs(i80f48.sub(left, right)));
}

describe("random sequences of lending actions", () => {
  it(`keeps the vault identity, atomic failures and Initial health over ${STEPS} steps (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const pick = picker(random);
    const amount = (asset: Asset, maxTokens: number) => BigInt(Math.floor(random() * maxTokens * Number(asset.unit))) + 1n;
    const banks = assets.map((a) => a.bank);
    const outcomes = { ok: 0, failed: 0 };

    for (let step = 0; step < STEPS; step++) {
      const user = pick(users);
      const asset = pick(assets);
      const tokens = tokenAccounts.get(key(user, asset))!;
      const roll = random();
      let instruction: TransactionInstruction | null = null;
      let checksHealth = false;
      if (roll < 0.3) {
        instruction = market.depositIx(user, asset.bank, tokens, amount(asset, 200));
      } else if (roll < 0.45) {
        const all = random() < 0.3;
        const risk = await market.riskAccounts(user, banks, all ? { remove: asset.bank } : {});
        instruction = market.withdrawIx(user, asset.bank, tokens, all ? 0n : amount(asset, 100), risk, all);
        checksHealth = true;
      } else if (roll < 0.65) {
        const risk = await market.riskAccounts(user, banks, { add: asset.bank });
        instruction = market.borrowIx(user, asset.bank, tokens, amount(asset, 60), risk);
        checksHealth = true;
      } else if (roll < 0.8) {
        const all = random() < 0.4;
        instruction = market.repayIx(user, asset.bank, tokens, all ? 0n : amount(asset, 50), all);
      } else if (roll < 0.9) {
        asset.spec.price *= 0.9 + random() * 0.2;
        await market.setOracle(asset.bank.oracle!, asset.spec);
      } else {
        market.advanceTime(Math.floor(random() * 86_400 * 3) + 1);
        for (const a of assets) await market.setOracle(a.bank.oracle!, a.spec);
        instruction = market.accrueIx(pick(assets).bank);
      }

      if (instruction) {
        const before = await market.snapshot(watchedAccounts());
        const err = await market.landUnchecked([instruction], [user.wallet]);
        if (err === null) {
          outcomes.ok++;
          if (checksHealth) {
            const cache = (await market.marginfiAccount(user)).healthCache;
            expect(i80f48.cmp(cache.assetValue, cache.liabilityValue), `step ${step}`).toBeGreaterThanOrEqual(0);
            expect(cache.flags & 1, `step ${step}`).toBe(1);
          }
        } else {
          outcomes.failed++;
          expect(await market.snapshot(watchedAccounts()), `step ${step}: a failed transaction changed state`).toEqual(before);
        }
      }

      await checkVaultIdentities(step);
    }
    // The sequence exercises both outcomes.
    expect(outcomes.ok).toBeGreaterThan(10);
    expect(outcomes.failed).toBeGreaterThan(3);
  });

  it(`keeps them with liquidations, receiverships, flash loans and bankruptcies over ${STEPS} steps (seed ${SEED + 1})`, async () => {
    const random = seededRandom(SEED + 1);
    const pick = picker(random);
    const fraction = (amount: I80F48, max: number) => (i80f48.toIntFloor(amount) * BigInt(Math.floor(random() * max * 1000) + 1)) / 1000n;
    const banks = assets.map((a) => a.bank);
    const liquidator = await market.newUser();
    watchedExtra.push(liquidator.account);
    for (const a of assets) {
      const tokens = await market.fund(liquidator, a.bank, 20_000n * a.unit);
      tokenAccounts.set(key(liquidator, a), tokens);
      await market.send(market.depositIx(liquidator, a.bank, tokens, 10_000n * a.unit), [liquidator.wallet]);
      await fundInsurance(market, a.bank, 5n * a.unit);
    }
    // Fresh borrowers, each leveraged close to its Initial limit, so price moves make some of them liquidatable.
    const [sol, usdc, btc] = assets;
    const initWeight = new Map([
      [sol, { asset: 0.8, liability: 1 }],
      [usdc, { asset: 0.9, liability: 1.1 }],
      [btc, { asset: 0.7, liability: 1 }],
    ]);
    for (const a of assets) await market.setOracle(a.bank.oracle!, a.spec);
    const borrowers: TestUser[] = [];
    for (const [collateral, debt] of [
      [sol, usdc],
      [btc, sol],
      [sol, btc],
      [btc, usdc],
    ] as const) {
      const user = await market.newUser();
      borrowers.push(user);
      watchedExtra.push(user.account, liquidationRecordAddress(user.account));
      for (const a of assets) tokenAccounts.set(key(user, a), await market.fund(user, a.bank, 1_000n * a.unit));
      // $1,000 of collateral at today's price, and 99% of what the Initial requirement then allows.
      const tokens = 1_000 / collateral.spec.price;
      const deposit = BigInt(Math.floor(tokens * Number(collateral.unit)));
      await market.send(market.depositIx(user, collateral.bank, tokenAccounts.get(key(user, collateral))!, deposit), [user.wallet]);
      const capacity = (1_000 * initWeight.get(collateral)!.asset) / (debt.spec.price * initWeight.get(debt)!.liability);
      await market.borrow(user, debt.bank, BigInt(Math.floor(capacity * 0.99 * Number(debt.unit))), banks);
    }
    // A 30% fall of SOL puts its two borrowers below their maintenance requirement.
    sol.spec.price *= 0.7;
    await market.setOracle(sol.bank.oracle!, sol.spec);
    const seen = { liquidations: 0, receiverships: 0, flashLoans: 0, bankruptcies: 0 };

    for (let step = 0; step < STEPS; step++) {
      const user = pick(borrowers);
      const account = await market.marginfiAccount(user);
      const sided = (side: "assets" | "liabilities") =>
        account.lendingAccount.balances.flatMap((b) => {
          const shares = side === "assets" ? b.assetShares : b.liabilityShares;
          const asset = assets.find((a) => a.bank.key.toBase58() === b.bankPk);
          return b.active && asset && i80f48.cmp(shares, i80f48.ONE) >= 0 ? [{ asset, shares }] : [];
        });
      const held = sided("assets");
      const owed = sided("liabilities");
      const roll = random();
      let instructions: TransactionInstruction[] = [];
      let signer: Keypair = user.wallet;
      let kind: keyof typeof seen | "other" = "other";

      if (roll < 0.2) {
        const asset = pick(assets);
        const risk = await market.riskAccounts(user, banks, { add: asset.bank });
        instructions = [
          market.borrowIx(
            user,
            asset.bank,
            tokenAccounts.get(key(user, asset))!,
            BigInt(Math.floor(random() * 150 * Number(asset.unit))) + 1n,
            risk,
          ),
        ];
      } else if (roll < 0.3) {
        const asset = pick(assets);
        instructions = [
          market.depositIx(
            user,
            asset.bank,
            tokenAccounts.get(key(user, asset))!,
            BigInt(Math.floor(random() * 300 * Number(asset.unit))) + 1n,
          ),
        ];
      } else if (roll < 0.4 && owed.length > 0) {
        const { asset } = pick(owed);
        instructions = [market.repayIx(user, asset.bank, tokenAccounts.get(key(user, asset))!, 0n, true)];
      } else if (roll < 0.55) {
        // Often against this borrower's collateral, so liquidations get their turn; otherwise a random walk.
        const squeeze = held.length > 0 && random() < 0.8;
        const asset = squeeze ? pick(held).asset : pick(assets);
        asset.spec.price *= squeeze ? 0.65 + random() * 0.2 : 0.85 + random() * 0.35;
        await market.setOracle(asset.bank.oracle!, asset.spec);
      } else if (roll < 0.7 && held.length > 0 && owed.length > 0) {
        const collateral = pick(held);
        const debt = pick(owed);
        const amount = fraction(i80f48.mul(collateral.shares, (await market.bank(collateral.asset.bank)).assetShareValue), 0.5);
        instructions = [
          await liquidateIx(market, {
            liquidator,
            liquidatee: user,
            assetBank: collateral.asset.bank,
            liabBank: debt.asset.bank,
            assetAmount: amount,
            banks,
          }),
        ];
        signer = liquidator.wallet;
        kind = "liquidations";
      } else if (roll < 0.8 && held.length > 0 && owed.length > 0) {
        const collateral = pick(held);
        const debt = pick(owed);
        const seize = fraction(i80f48.mul(collateral.shares, (await market.bank(collateral.asset.bank)).assetShareValue), 0.3);
        const repay = fraction(i80f48.mul(debt.shares, (await market.bank(debt.asset.bank)).liabilityShareValue), 0.5);
        const risk = await market.riskAccounts(user, banks);
        const acting = { ...user, wallet: liquidator.wallet };
        const record = await market.connection.getAccountInfo(liquidationRecordAddress(user.account));
        instructions = [
          ...(record ? [] : [initLiquidationRecordIx(user.account, liquidator.wallet.publicKey)]),
          startLiquidationIx(user.account, liquidator.wallet.publicKey, risk),
          market.withdrawIx(acting, collateral.asset.bank, tokenAccounts.get(key(liquidator, collateral.asset))!, seize, risk),
          market.repayIx(acting, debt.asset.bank, tokenAccounts.get(key(liquidator, debt.asset))!, repay),
          endLiquidationIx(market, user.account, liquidator.wallet.publicKey, risk),
        ];
        signer = liquidator.wallet;
        kind = "receiverships";
      } else if (roll < 0.9) {
        // SOL and BTC charge no origination fee: a loan repaid in full leaves nothing behind.
        const asset = pick([assets[0], assets[2]]);
        const tokens = tokenAccounts.get(key(user, asset))!;
        const risk = await market.riskAccounts(user, banks, { add: asset.bank });
        const loan = BigInt(Math.floor(random() * 20 * Number(asset.unit))) + 1n;
        instructions = [
          market.startFlashloanIx(user, 3n),
          market.borrowIx(user, asset.bank, tokens, loan, risk),
          market.repayIx(user, asset.bank, tokens, loan),
          market.endFlashloanIx(user, risk),
        ];
        kind = "flashLoans";
      } else if (roll < 0.95 && owed.length > 0) {
        instructions = [await handleBankruptcyIx(market, user, pick(owed).asset.bank, banks)];
        signer = market.admin;
        kind = "bankruptcies";
      } else {
        market.advanceTime(Math.floor(random() * 86_400) + 1);
        for (const a of assets) await market.setOracle(a.bank.oracle!, a.spec);
      }

      if (instructions.length > 0) {
        const healthBefore = await maintenanceHealth(user, banks);
        const tokensBefore = await market.snapshot(assets.map((a) => tokenAccounts.get(key(user, a))!));
        const before = await market.snapshot(watchedAccounts());
        const err = await market.landUnchecked(instructions, [signer]);
        if (err !== null) {
          expect(await market.snapshot(watchedAccounts()), `step ${step}: a failed transaction changed state`).toEqual(before);
        } else if (kind !== "other") {
          seen[kind]++;
          if (kind === "liquidations" || kind === "receiverships") {
            const healthAfter = await maintenanceHealth(user, banks);
            expect(i80f48.cmp(healthAfter, healthBefore), `step ${step}: liquidation worsened health`).toBeGreaterThanOrEqual(0);
          }
          if (kind === "flashLoans")
            expect(await market.snapshot(assets.map((a) => tokenAccounts.get(key(user, a))!))).toEqual(tokensBefore);
        }
      }
      await checkVaultIdentities(step);
    }
    expect(seen.flashLoans).toBeGreaterThan(0);
    expect(seen.liquidations + seen.receiverships).toBeGreaterThan(0);
  });
});
