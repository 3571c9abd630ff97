// Property test over the real ledger: random sequences of deposits, withdrawals, borrows, repayments, price moves
// and interest accrual across several banks and accounts. After every step each bank's vault identity holds, a
// failed transaction left every account as it was, and a successful borrow or withdraw left the account meeting
// its Initial requirement. The liquidation runs add crashes that take a price to a tiny fraction of its listing,
// liquidations that seize whole balances and bankruptcy settlements: a settlement succeeds exactly when the health
// pulse just before found the account bankrupt, and each one is checked against the state it started from
// (support/bankruptcy.ts). Every seed must settle real bankruptcies, some covered by insurance and some socialised;
// a thin bank whose one borrower owes all its deposits can be killed by one (the seeds' counts are printed).
import { PublicKey, type Keypair, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../ledger/test/support/random.js";
import { AccountFlags, i80f48, type Bank, type HealthCache, type I80F48, type MarginfiAccount } from "../../src/index.js";
import { TestMarket, type OracleSpec, type TestBank, type TestUser } from "../support/market.js";
import { beforeSettlement, expectSettlement, type BeforeSettlement } from "../support/bankruptcy.js";
import { fundInsurance, handleBankruptcyIx, liquidateIx } from "../support/liquidation.js";
import { endLiquidationIx, initLiquidationRecordIx, liquidationRecordAddress, startLiquidationIx } from "../support/receivership.js";

const SEED = 20261123;
const STEPS = 90;
/** Longer, so that crashes, seizures and settlements line up for the same account often enough. */
const LIQUIDATION_STEPS = 120;
/** The liquidation runs' seeds: each must settle at least one bankruptcy. */
const LIQUIDATION_SEEDS = [SEED + 1, SEED + 2];

type FeedSpec = Extract<OracleSpec, { kind: "pyth" | "switchboard" }>;

interface Asset {
  bank: TestBank;
  /** The feed as listed; crashes and recoveries are measured from it. */
  listing: Readonly<FeedSpec>;
  spec: FeedSpec;
  /** Native units of one token. */
  unit: bigint;
  /** The bank's Initial weights, to size a borrower close to its limit. */
  initWeights: { asset: number; liability: number };
}

type Assets = [sol: Asset, usdc: Asset, btc: Asset];

let market: TestMarket;
/** The plain lending run's banks; each liquidation run lists its own, so its seed replays alone. */
let assets: Assets;
let users: TestUser[];
const tokenAccounts = new Map<string, PublicKey>();
/** Every margin account, `users`' and the liquidation runs' (liquidators, borrowers). */
const marginAccounts: PublicKey[] = [];
/**
 * Per bank, what settlements left the vault holding beyond its books, on top of the identity's one unit of rounding:
 * insurance pays covered amounts rounded up, and a killed bank's books drop its deposits but not the bad debt they
 * could not absorb (its unbacked fees).
 */
const settledOffBooks = new Map<string, I80F48>();

const key = (user: TestUser, asset: Asset) => `${user.account.toBase58()}:${asset.bank.key.toBase58()}`;

function tokenAccountOf(user: TestUser, asset: Asset): PublicKey {
  const account = tokenAccounts.get(key(user, asset));
  if (!account) throw new Error(`no token account for ${key(user, asset)}`);
  return account;
}

function listed(bank: TestBank, spec: FeedSpec, unit: bigint, initWeights: Asset["initWeights"]): Asset {
  return { bank, listing: { ...spec }, spec: { ...spec }, unit, initWeights };
}

/** SOL, USDC (with interest fees) and BTC banks with their feeds. */
async function listAssets(): Promise<Assets> {
  const fees = { insuranceIrFee: "0.05", protocolIrFee: "0.1", protocolFixedFeeApr: "0.01", protocolOriginationFee: "0.005" };
  const solFeed: FeedSpec = { kind: "pyth", price: 10, conf: 0.01 };
  const sol = listed(await market.addBank(9, solFeed, { assetWeightInit: "0.8", assetWeightMaint: "0.9" }), solFeed, 1_000_000_000n, {
    asset: 0.8,
    liability: 1,
  });
  const usdcFeed: FeedSpec = { kind: "switchboard", price: 1, stdDev: 0.001 };
  const usdcBank = await market.addBank(6, usdcFeed, {
    assetWeightInit: "0.9",
    assetWeightMaint: "0.95",
    liabilityWeightInit: "1.1",
    liabilityWeightMaint: "1.05",
  });
  await market.configureBank(usdcBank, { interest: fees });
  const usdc = listed(usdcBank, usdcFeed, 1_000_000n, { asset: 0.9, liability: 1.1 });
  const btcFeed: FeedSpec = { kind: "pyth", price: 50_000, conf: 20 };
  const btc = listed(await market.addBank(8, btcFeed, { assetWeightInit: "0.7", assetWeightMaint: "0.8" }), btcFeed, 100_000_000n, {
    asset: 0.7,
    liability: 1,
  });
  return [sol, usdc, btc];
}

beforeAll(async () => {
  market = await TestMarket.start({ programFeeRate: "0.05", programFeeFixed: "0.001" });
  assets = await listAssets();
  users = [];
  for (let i = 0; i < 4; i++) {
    const user = await market.newUser();
    users.push(user);
    marginAccounts.push(user.account);
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
function watchedAccounts(assets: readonly Asset[]): PublicKey[] {
  return [
    ...assets.flatMap((a) => [a.bank.key, a.bank.vaults.liquidity, a.bank.vaults.insurance, a.bank.vaults.fee]),
    ...marginAccounts,
    ...marginAccounts.map((account) => liquidationRecordAddress(account)),
    ...tokenAccounts.values(),
  ];
}

async function checkVaultIdentities(step: number, assets: readonly Asset[]): Promise<void> {
  for (const a of assets) {
    const bank = await market.bank(a.bank);
    const vault = await market.tokenBalance(a.bank.vaults.liquidity);
    const offBooks = settledOffBooks.get(a.bank.key.toBase58()) ?? i80f48.ZERO;
    expect(vaultIdentityGap(bank, vault, offBooks), `step ${step}, bank ${a.bank.key.toBase58()}`).toBeLessThanOrEqual(1n);
  }
}

/** The account's health cache as a health pulse writes it now. */
async function pulse(user: TestUser, banks: TestBank[]): Promise<HealthCache> {
  await market.send(market.pulseHealthIx(user.account, await market.riskAccounts(user, banks)), [user.wallet]);
  return (await market.marginfiAccount(user)).healthCache;
}

/** Maintenance health: assets − liabilities. */
const maintenance = (cache: HealthCache): I80F48 => i80f48.sub(cache.assetValueMaint, cache.liabilityValueMaint);

/**
 * Publishes `price` for the asset with the listing's confidence scaled alike: a crashed feed keeps the listing's
 * relative confidence, so the program does not reject it as too uncertain.
 */
async function setPrice(asset: Asset, price: number): Promise<void> {
  const ratio = price / asset.listing.price;
  asset.spec =
    asset.listing.kind === "pyth"
      ? { ...asset.listing, price, conf: (asset.listing.conf ?? 0) * ratio }
      : { ...asset.listing, price, stdDev: (asset.listing.stdDev ?? 0) * ratio };
  await market.setOracle(asset.bank.oracle!, asset.spec);
}

/** |vault − outstanding fees − settled off the books − (assets − liabilities)|, rounded up to native units. */
function vaultIdentityGap(bank: Bank, vault: bigint, offBooks: I80F48): bigint {
  const assetsAmount = i80f48.mul(bank.totalAssetShares, bank.assetShareValue);
  const liabilities = i80f48.mul(bank.totalLiabilityShares, bank.liabilityShareValue);
  const fees = i80f48.add(
    i80f48.add(bank.collectedInsuranceFeesOutstanding, bank.collectedGroupFeesOutstanding),
    bank.collectedProgramFeesOutstanding,
  );
  const left = i80f48.sub(i80f48.sub(i80f48.fromInt(vault), fees), offBooks);
  const right = i80f48.sub(assetsAmount, liabilities);
  return i80f48.toIntCeil(i80f48.abs(i80f48.sub(left, right)));
}

/**
 * The account's balances on one side with at least one share, with their asset, in the order of `assets`: the
 * program orders balances by bank key, which is random, and a seed must replay the same picks.
 */
function sided(account: MarginfiAccount, assets: readonly Asset[], side: "assets" | "liabilities"): { asset: Asset; shares: I80F48 }[] {
  return assets.flatMap((asset) => {
    const b = account.lendingAccount.balances.find((b) => b.active && b.bankPk === asset.bank.key.toBase58());
    const shares = b && (side === "assets" ? b.assetShares : b.liabilityShares);
    return shares !== undefined && i80f48.cmp(shares, i80f48.ONE) >= 0 ? [{ asset, shares }] : [];
  });
}

/** Within a factor of five of the listing price. */
const nearListing = (asset: Asset) => asset.spec.price >= asset.listing.price / 5 && asset.spec.price <= asset.listing.price * 5;

interface Borrower {
  user: TestUser;
  collateral: Asset;
  debt: Asset;
}

/**
 * A fresh account holding $1,000 of `collateral` at today's price that borrows `loan`, by default 99% of what its
 * Initial requirement then allows in `debt` (the Initial prices' confidence discounts take well under the 1% left).
 */
async function openBorrower(
  assets: readonly Asset[],
  collateral: Asset,
  debt: Asset,
  loan?: bigint,
): Promise<{ user: TestUser; borrowError: unknown }> {
  const banks = assets.map((a) => a.bank);
  const user = await market.newUser();
  marginAccounts.push(user.account);
  const deposit = BigInt(Math.floor((1_000 / collateral.spec.price) * Number(collateral.unit)));
  for (const a of assets) {
    tokenAccounts.set(key(user, a), await market.fund(user, a.bank, 1_000n * a.unit + (a === collateral ? deposit : 0n)));
  }
  await market.send(market.depositIx(user, collateral.bank, tokenAccountOf(user, collateral), deposit), [user.wallet]);
  const capacity = (1_000 * collateral.initWeights.asset) / (debt.spec.price * debt.initWeights.liability);
  const risk = await market.riskAccounts(user, banks, { add: debt.bank });
  const amount = loan ?? BigInt(Math.floor(capacity * 0.99 * Number(debt.unit)));
  const borrowError = await market.landUnchecked(
    [market.borrowIx(user, debt.bank, tokenAccountOf(user, debt), amount, risk)],
    [user.wallet],
  );
  return { user, borrowError };
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
      const tokens = tokenAccountOf(user, asset);
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
        const before = await market.snapshot(watchedAccounts(assets));
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
          expect(await market.snapshot(watchedAccounts(assets)), `step ${step}: a failed transaction changed state`).toEqual(before);
        }
      }

      await checkVaultIdentities(step, assets);
    }
    // The sequence exercises both outcomes.
    expect(outcomes.ok).toBeGreaterThan(10);
    expect(outcomes.failed).toBeGreaterThan(3);
  });

  it.each(LIQUIDATION_SEEDS)(
    `keeps them with liquidations, receiverships, flash loans, crashes and bankruptcies over ${LIQUIDATION_STEPS} steps (seed %i)`,
    async (seed) => {
      const random = seededRandom(seed);
      const pick = picker(random);
      const fraction = (amount: I80F48, max: number) => (i80f48.toIntFloor(amount) * BigInt(Math.floor(random() * max * 1000) + 1)) / 1000n;
      /** Native units of up to `usd` dollars of the asset at its listing price. */
      const worth = (asset: Asset, usd: number) => BigInt(Math.floor((random() * usd * Number(asset.unit)) / asset.listing.price)) + 1n;
      const assets = await listAssets();
      const [sol, usdc, btc] = assets;
      // A thin market beside them: one lender's 500 tokens, all lent to one borrower, whose bankruptcy without a
      // liquidation first takes every deposit and kills the bank. Random steps trade only the three main assets.
      const thinFeed: FeedSpec = { kind: "pyth", price: 1, conf: 0.001 };
      const thin = listed(await market.addBank(6, thinFeed), thinFeed, 1_000_000n, { asset: 1, liability: 1 });
      await market.configureBank(thin.bank, { interest: { insuranceIrFee: "0.05", protocolIrFee: "0.1" } });
      const all = [...assets, thin];
      const banks = all.map((a) => a.bank);
      const lender = await market.newUser();
      marginAccounts.push(lender.account);
      const lent = 500n * thin.unit;
      tokenAccounts.set(key(lender, thin), await market.fund(lender, thin.bank, lent));
      await market.send(market.depositIx(lender, thin.bank, tokenAccountOf(lender, thin), lent), [lender.wallet]);
      const liquidator = await market.newUser();
      marginAccounts.push(liquidator.account);
      for (const a of assets) {
        const tokens = await market.fund(liquidator, a.bank, 20_000n * a.unit);
        tokenAccounts.set(key(liquidator, a), tokens);
        await market.send(market.depositIx(liquidator, a.bank, tokens, 10_000n * a.unit), [liquidator.wallet]);
        // $1,000 of insurance per bank: a typical bad debt is covered while it lasts and socialised after.
        await fundInsurance(market, a.bank, BigInt(Math.round((1_000 / a.listing.price) * Number(a.unit))));
      }
      // Thin tokens only to repay with as a receiver: a deposit or insurance would leave the thin bank more to lose.
      tokenAccounts.set(key(liquidator, thin), await market.fund(liquidator, thin.bank, 20_000n * thin.unit));
      // Fresh borrowers, each leveraged close to its Initial limit, so price moves make some of them liquidatable.
      const borrowers: Borrower[] = [];
      for (const [collateral, debt] of [
        [sol, usdc],
        [btc, sol],
        [sol, btc],
        [btc, usdc],
      ] as const) {
        const { user, borrowError } = await openBorrower(all, collateral, debt);
        expect(borrowError).toBeNull();
        borrowers.push({ user, collateral, debt });
      }
      const { user: thinBorrower, borrowError } = await openBorrower(all, btc, thin, lent);
      expect(borrowError).toBeNull();
      borrowers.push({ user: thinBorrower, collateral: btc, debt: thin });
      // A 30% fall of SOL puts its two borrowers below their maintenance requirement.
      await setPrice(sol, sol.spec.price * 0.7);
      const seen = { liquidations: 0, receiverships: 0, flashLoans: 0, bankruptcies: 0, insured: 0, socialised: 0, killed: 0, replaced: 0 };

      for (let step = 0; step < LIQUIDATION_STEPS; step++) {
        const borrower = pick(borrowers);
        let account = await market.marginfiAccount(borrower.user);
        const settledUp = (account.accountFlags & AccountFlags.ACCOUNT_DISABLED) !== 0n && sided(account, all, "liabilities").length === 0;
        if (settledUp) {
          // Its bad debt is settled and the account can never act again: a fresh borrower takes its place, after its
          // tokens recover (a position sized at a crashed price would hold absurd amounts).
          for (const asset of [borrower.collateral, borrower.debt]) if (!nearListing(asset)) await setPrice(asset, asset.listing.price);
          // The thin market lends once: its borrower's successor borrows USDC.
          if (borrower.debt === thin) borrower.debt = usdc;
          // Where losses have left the bank unable to lend, the newcomer stays a plain depositor.
          borrower.user = (await openBorrower(all, borrower.collateral, borrower.debt)).user;
          account = await market.marginfiAccount(borrower.user);
          seen.replaced++;
        }
        const user = borrower.user;
        const held = sided(account, all, "assets");
        const owed = sided(account, all, "liabilities");
        const roll = random();
        let instructions: TransactionInstruction[] = [];
        let signer: Keypair = user.wallet;
        let kind: "liquidations" | "receiverships" | "flashLoans" | "bankruptcies" | "other" = "other";
        let settled: Asset | null = null;
        /** Banks whose interest is accrued before the step, so its own accrual changes nothing it is judged by. */
        let accrued: Asset[] = [];

        if (roll < 0.08) {
          const asset = pick(assets);
          const risk = await market.riskAccounts(user, banks, { add: asset.bank });
          const loan = worth(asset, 150);
          instructions = [market.borrowIx(user, asset.bank, tokenAccountOf(user, asset), loan, risk)];
        } else if (roll < 0.12) {
          const asset = pick(assets);
          const deposit = worth(asset, 300);
          instructions = [market.depositIx(user, asset.bank, tokenAccountOf(user, asset), deposit)];
        } else if (roll < 0.15 && owed.length > 0) {
          const { asset } = pick(owed);
          instructions = [market.repayIx(user, asset.bank, tokenAccountOf(user, asset), 0n, true)];
        } else if (roll < 0.23) {
          // Often against this borrower's collateral, so liquidations get their turn; otherwise a random walk.
          const squeeze = held.length > 0 && random() < 0.8;
          const asset = squeeze ? pick(held).asset : pick(assets);
          await setPrice(asset, asset.spec.price * (squeeze ? 0.65 + random() * 0.2 : 0.85 + random() * 0.35));
        } else if (roll < 0.32) {
          // A crash: one of the borrower's holdings falls to between a ten-millionth and a hundredth of its listing
          // price (never up). Its holders are left owing far more than they hold: bankrupt at once when what they
          // hold is worth less than $0.1, otherwise once liquidators have seized it.
          const asset = held.length > 0 ? pick(held).asset : pick(assets);
          await setPrice(asset, Math.min(asset.spec.price, asset.listing.price * 10 ** -(2 + random() * 5)));
        } else if (roll < 0.34) {
          // A recovery: a feed far below its listing returns to it, and its crashed holders may be solvent again.
          const fallen = all.filter((a) => a.spec.price < a.listing.price / 2);
          if (fallen.length > 0) {
            const asset = pick(fallen);
            await setPrice(asset, asset.listing.price);
          }
        } else if (roll < 0.55 && held.length > 0 && owed.length > 0) {
          const collateral = pick(held);
          const debt = pick(owed);
          const balance = i80f48.mul(collateral.shares, (await market.bank(collateral.asset.bank)).assetShareValue);
          // Mostly the whole balance: only that leaves a crashed account with nothing but its debt.
          const amount = random() < 0.7 ? i80f48.toIntFloor(balance) : fraction(balance, 0.5);
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
          accrued = [collateral.asset, debt.asset];
        } else if (roll < 0.63 && held.length > 0 && owed.length > 0) {
          const collateral = pick(held);
          const debt = pick(owed);
          // Half the time the receiver withdraws the whole balance, which an account under $5 of equity allows.
          const closeOut = random() < 0.5;
          const seize = closeOut
            ? 0n
            : fraction(i80f48.mul(collateral.shares, (await market.bank(collateral.asset.bank)).assetShareValue), 0.3);
          const repay = fraction(i80f48.mul(debt.shares, (await market.bank(debt.asset.bank)).liabilityShareValue), 0.5);
          const risk = await market.riskAccounts(user, banks);
          const riskAfter = closeOut ? await market.riskAccounts(user, banks, { remove: collateral.asset.bank }) : risk;
          const acting = { ...user, wallet: liquidator.wallet };
          const record = await market.connection.getAccountInfo(liquidationRecordAddress(user.account));
          instructions = [
            ...(record ? [] : [initLiquidationRecordIx(user.account, liquidator.wallet.publicKey)]),
            startLiquidationIx(user.account, liquidator.wallet.publicKey, risk),
            market.withdrawIx(acting, collateral.asset.bank, tokenAccountOf(liquidator, collateral.asset), seize, risk, closeOut),
            market.repayIx(acting, debt.asset.bank, tokenAccountOf(liquidator, debt.asset), repay),
            endLiquidationIx(market, user.account, liquidator.wallet.publicKey, riskAfter),
          ];
          signer = liquidator.wallet;
          kind = "receiverships";
          accrued = [collateral.asset, debt.asset];
        } else if (roll < 0.7) {
          // SOL and BTC charge no origination fee: a loan repaid in full leaves nothing behind.
          const asset = pick([sol, btc]);
          const tokens = tokenAccountOf(user, asset);
          const risk = await market.riskAccounts(user, banks, { add: asset.bank });
          const loan = worth(asset, 200);
          instructions = [
            market.startFlashloanIx(user, 3n),
            market.borrowIx(user, asset.bank, tokens, loan, risk),
            market.repayIx(user, asset.bank, tokens, loan),
            market.endFlashloanIx(user, risk),
          ];
          kind = "flashLoans";
        } else if (roll < 0.9 && owed.length > 0) {
          settled = pick(owed).asset;
          accrued = [settled];
          instructions = [await handleBankruptcyIx(market, user, settled.bank, banks)];
          signer = market.admin;
          kind = "bankruptcies";
        } else {
          market.advanceTime(Math.floor(random() * 86_400) + 1);
          for (const a of all) await market.setOracle(a.bank.oracle!, a.spec);
        }

        if (instructions.length > 0) {
          if (accrued.length > 0)
            await market.send(
              accrued.map((a) => market.accrueIx(a.bank)),
              [market.admin],
            );
          const health = await pulse(user, banks);
          const tokensBefore = await market.snapshot(all.map((a) => tokenAccountOf(user, a)));
          const before = await market.snapshot(watchedAccounts(all));
          const settlement: BeforeSettlement | null = settled ? await beforeSettlement(market, user, settled.bank, marginAccounts) : null;
          const { signature, err } = await market.land(instructions, [signer]);
          if (kind === "bankruptcies") {
            // The program's own bankruptcy test, as the pulse recorded it, decides.
            expect(err === null, `step ${step}: settled ${JSON.stringify(err)} against pulse ${health.internalBankruptcyErr}`).toBe(
              health.internalBankruptcyErr === 0,
            );
          }
          if (err !== null) {
            expect(await market.snapshot(watchedAccounts(all)), `step ${step}: a failed transaction changed state`).toEqual(before);
          } else if (kind !== "other") {
            seen[kind]++;
            if (kind === "liquidations" || kind === "receiverships") {
              const healthAfter = maintenance(await pulse(user, banks));
              expect(i80f48.cmp(healthAfter, maintenance(health)), `step ${step}: liquidation worsened health`).toBeGreaterThanOrEqual(0);
            }
            if (kind === "flashLoans") expect(await market.snapshot(all.map((a) => tokenAccountOf(user, a)))).toEqual(tokensBefore);
            if (settled && settlement) {
              const result = await expectSettlement(market, signature, user, settled.bank, marginAccounts, settlement, `step ${step}`);
              seen[result.socialized === i80f48.ZERO ? "insured" : "socialised"]++;
              if (result.killed) seen.killed++;
              const bank = settled.bank.key.toBase58();
              const offBooks = i80f48.sub(i80f48.sub(i80f48.fromInt(result.paid), result.covered), result.unabsorbed);
              settledOffBooks.set(bank, i80f48.add(settledOffBooks.get(bank) ?? i80f48.ZERO, offBooks));
            }
          }
        }
        await checkVaultIdentities(step, all);
      }
      console.info(`seed ${seed}: ${JSON.stringify(seen)}`);
      expect(seen.flashLoans).toBeGreaterThan(0);
      expect(seen.liquidations + seen.receiverships).toBeGreaterThan(0);
      expect(seen.bankruptcies, "settled bankruptcies").toBeGreaterThanOrEqual(1);
      expect(seen.insured, "bankruptcies insurance covered").toBeGreaterThanOrEqual(1);
      expect(seen.socialised, "bankruptcies socialised").toBeGreaterThanOrEqual(1);
    },
  );
});
