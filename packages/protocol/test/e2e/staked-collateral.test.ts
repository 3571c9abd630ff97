// Staked collateral (reference §7.3, §9.2, §12): permissionless staked banks created from the group's staked
// settings for a single-pool LST, priced at SOL × (stake − 1 SOL) / LST supply, the asset-tag rules that keep
// staked positions apart from default ones, and staked-settings propagation onto a staked bank.
import { Keypair, PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { getMint } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeStakeAccount, type StakePoolAddresses } from "@ballast/stake-pool";
import {
  AssetTag,
  ERRORS,
  OracleSetup,
  RiskTier,
  calcValue,
  decodeMarginfiGroup,
  i80f48,
  tenPow,
  toF64,
  type ErrorName,
  type I80F48,
} from "../../src/index.js";
import {
  editStakedSettingsIx,
  initStakedSettingsIx,
  propagateStakedSettingsIx,
  type StakedSettingsSpec,
} from "../support/emissions-emode.js";
import type { TestBank, TestMarket, TestUser } from "../support/market.js";
import {
  addStakedBankIx,
  createPool,
  creditRewards,
  poolBankAccounts,
  stakeSol,
  stakedBankFor,
  stakedRiskAccounts,
  startStakedMarket,
  type AddStakedBankAccounts,
  type StakedBank,
} from "../support/staked-collateral.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
/** The SOL feed's price as the Pyth receiver stores it: 150 at exponent −8. */
const SOL_RAW = 15_000_000_000n;
const DEFAULT_KEY = PublicKey.default.toBase58();

let market: TestMarket;
let solBank: TestBank;
let usdcBank: TestBank;
let solFeed: PublicKey;
let pool: StakePoolAddresses;
let staked: StakedBank;
let banks: TestBank[];
let lender: TestUser;
/** Stakes 10 SOL with the pool, deposits the LST and borrows SOL against it. */
let staker: TestUser;
let settings: StakedSettingsSpec;

beforeAll(async () => {
  market = await startStakedMarket();
  solBank = await market.addBank(9, { kind: "pyth", price: 150 }, { assetTag: AssetTag.Sol });
  usdcBank = await market.addBank(6, { kind: "pyth", price: 1 });
  solFeed = solBank.oracle!;
  settings = {
    oracle: solFeed,
    assetWeightInit: "0.5",
    assetWeightMaint: "0.6",
    depositLimit: 1_000n * SOL,
    totalAssetValueInitLimit: 1_000_000n,
    oracleMaxAge: 60,
    riskTier: RiskTier.Collateral,
  };
  await market.send(initStakedSettingsIx(market, market.admin.publicKey, market.admin.publicKey, settings), [market.admin]);
  pool = await createPool(market);
  staked = stakedBankFor(market, pool, solFeed);
  banks = [solBank, usdcBank, staked];
  lender = await market.newUser();
  await market.deposit(lender, solBank, 100n * SOL);
  await market.deposit(lender, usdcBank, 10_000n * USDC);
});
afterAll(() => market.close());

function expectCode(ixs: TransactionInstruction | TransactionInstruction[], signers: Keypair[], name: ErrorName) {
  return market.expectError(ixs, signers, ERRORS[name].code, name, ERRORS[name].message);
}

/** The LST price the program computes from the chain: SOL raw × (stake − 1 SOL) / supply, at exponent −8. */
async function lstPrice(solRaw: bigint = SOL_RAW): Promise<I80F48> {
  const stake = decodeStakeAccount((await market.connection.getAccountInfo(pool.stake))!.data).stake.delegation.stake;
  const supply = (await getMint(market.connection, pool.mint)).supply;
  return i80f48.div(i80f48.fromInt((solRaw * (stake - SOL)) / supply), tenPow(8));
}

/** Pulses the user's health; returns the health cache and the staked balance's index in it. */
async function pulse(user: TestUser) {
  await market.send(market.pulseHealthIx(user.account, await stakedRiskAccounts(market, user, banks)), [user.wallet]);
  const account = await market.marginfiAccount(user);
  const index = account.lendingAccount.balances.findIndex((b) => b.bankPk === staked.key.toBase58());
  return { cache: account.healthCache, index };
}

async function borrowSolIx(user: TestUser, amount: bigint): Promise<TransactionInstruction> {
  const destination = await market.tokenAccount(user, solBank);
  return market.borrowIx(user, solBank, destination, amount, await stakedRiskAccounts(market, user, banks, solBank));
}

describe("lending_pool_add_bank_permissionless", () => {
  let payer: Keypair;
  let other: StakePoolAddresses;
  const attempt = (change: Partial<AddStakedBankAccounts>) =>
    addStakedBankIx(market, { ...poolBankAccounts(pool, payer.publicKey, solFeed), seed: 1n, ...change });

  beforeAll(async () => {
    payer = Keypair.generate();
    await market.airdrop(payer.publicKey, 10n * SOL);
    other = await createPool(market);
  });

  it("proves the pool from its mint and stake account (6048)", async () => {
    const failed = (change: Partial<AddStakedBankAccounts>) => expectCode(attempt(change), [payer], "StakePoolValidationFailed");
    // A pool account the single-pool program does not own, and another pool that does not derive this mint.
    await failed({ stakePool: payer.publicKey });
    await failed({ stakePool: other.pool });
    await failed({ mint: other.mint, oracles: [solFeed, other.mint, pool.stake] });
    await failed({ solPool: other.stake, oracles: [solFeed, pool.mint, other.stake] });
    // The oracle accounts must be that very mint and stake account.
    await failed({ oracles: [solFeed, other.mint, pool.stake] });
    await failed({ oracles: [solFeed, pool.mint, other.stake] });
    await failed({ oracles: [solFeed, pool.mint, pool.pool] });
  });

  it("checks the SOL feed against the staked settings: count (6051), key (6052), owner (6053), format (6060)", async () => {
    await expectCode(attempt({ oracles: [solFeed, pool.mint] }), [payer], "WrongNumberOfOracleAccounts");
    await expectCode(attempt({ oracles: [usdcBank.oracle!, pool.mint, pool.stake] }), [payer], "WrongOracleAccountKeys");

    const switchboard = (await market.createOracle({ kind: "switchboard", price: 150 }))!;
    const corrupt = (await market.createOracle({ kind: "pyth", price: 150 }))!;
    market.ledger.getAccount(corrupt.toBase58())!.data.fill(0, 0, 8);
    const withOracle = async (oracle: PublicKey, name: ErrorName) => {
      await market.send(editStakedSettingsIx(market, market.admin.publicKey, { oracle }), [market.admin]);
      await expectCode(attempt({ oracles: [oracle, pool.mint, pool.stake] }), [payer], name);
    };
    await withOracle(switchboard, "PythPushWrongAccountOwner");
    await withOracle(corrupt, "PythPushInvalidAccount");
    await market.send(editStakedSettingsIx(market, market.admin.publicKey, { oracle: solFeed }), [market.admin]);
  });

  it("lets anyone create a STAKED bank (setup 5) at [group, mint, seed] from the staked settings", async () => {
    const groupData = async () => decodeMarginfiGroup((await market.connection.getAccountInfo(market.group))!.data);
    const before = (await groupData()).banks;
    const signature = await market.send(addStakedBankIx(market, poolBankAccounts(pool, payer.publicKey, solFeed)), [payer]);

    const bank = await market.bank(staked);
    expect(bank).toMatchObject({
      mint: pool.mint.toBase58(),
      mintDecimals: 9,
      group: market.group.toBase58(),
      assetShareValue: i80f48.ONE,
      liabilityShareValue: i80f48.ONE,
      liquidityVault: staked.vaults.liquidity.toBase58(),
      flags: 16n,
    });
    expect(bank.config).toMatchObject({
      assetWeightInit: i80f48.fromDecimal("0.5"),
      assetWeightMaint: i80f48.fromDecimal("0.6"),
      liabilityWeightInit: i80f48.fromDecimal("1.5"),
      liabilityWeightMaint: i80f48.fromDecimal("1.25"),
      depositLimit: 1_000n * SOL,
      borrowLimit: 0n,
      operationalState: 1,
      oracleSetup: OracleSetup.StakedWithPythPush,
      oracleKeys: [solFeed.toBase58(), pool.mint.toBase58(), pool.stake.toBase58(), DEFAULT_KEY, DEFAULT_KEY],
      riskTier: RiskTier.Collateral,
      assetTag: AssetTag.Staked,
      configFlags: 1,
      totalAssetValueInitLimit: 1_000_000n,
      oracleMaxAge: 60,
      oracleMaxConfidence: 0,
    });
    expect(bank.config.interestRateConfig).toMatchObject({
      protocolFixedFeeApr: i80f48.fromDecimal("0.01"),
      insuranceIrFee: i80f48.fromDecimal("0.1"),
      protocolIrFee: i80f48.ZERO,
      protocolOriginationFee: i80f48.ZERO,
      zeroUtilRate: 0,
      hundredUtilRate: 1_234_567,
      curveType: 1,
    });
    expect(bank.config.interestRateConfig.points[0]).toEqual({ util: 12_345, rate: 123_456 });
    expect((await groupData()).banks).toBe(before + 1);

    const event = await market.firstEvent(signature);
    expect(event.name).toBe("LendingPoolBankCreateEvent");
    const data = event.data as { header: { signer: PublicKey; marginfi_group: PublicKey }; bank: PublicKey; mint: PublicKey };
    expect([data.header.signer, data.header.marginfi_group, data.bank, data.mint].map((k) => k.toBase58())).toEqual(
      [payer.publicKey, market.group, staked.key, pool.mint].map((k) => k.toBase58()),
    );
  });
});

describe("staked collateral prices", () => {
  beforeAll(async () => {
    staker = await market.newUser();
    // The pool's first deposit mints 1:1: 10 LST backed by 11 SOL of stake, 1 of them non-refundable.
    const lst = await stakeSol(market, staker, pool, 10n * SOL);
    expect(await market.tokenBalance(lst)).toBe(10n * SOL);
    await market.send(market.depositIx(staker, staked, lst, 10n * SOL), [staker.wallet]);
  });

  it("values LST at SOL × (stake − 1 SOL) / supply and lends SOL up to the initial weight", async () => {
    expect(await lstPrice()).toBe(i80f48.fromInt(150));
    const { cache, index } = await pulse(staker);
    expect(cache.prices[index]).toBe(150);
    // 10 LST × 0.5 × 150 = 750 USD of initial collateral: exactly 5 SOL at 150.
    expect(cache.assetValue).toBe(calcValue(i80f48.fromInt(10n * SOL), i80f48.fromInt(150), 9, i80f48.fromDecimal("0.5")));
    expect(cache.assetValue).toBe(i80f48.fromInt(750));

    await expectCode(await borrowSolIx(staker, 5n * SOL + 1n), [staker.wallet], "RiskEngineInitRejected");
    await market.send(await borrowSolIx(staker, 5n * SOL), [staker.wallet]);
    expect(await market.tokenBalance(await market.tokenAccount(staker, solBank))).toBe(5n * SOL);
  });

  it("grows borrowing power as the pool earns rewards", async () => {
    await expectCode(await borrowSolIx(staker, 1n), [staker.wallet], "RiskEngineInitRejected");
    // 10 LST now stand for 10.5 SOL: 157.5 each, 787.5 USD of collateral, room for another 0.25 SOL.
    await creditRewards(market, pool, SOL / 2n);
    expect(await lstPrice()).toBe(i80f48.fromDecimal("157.5"));
    const { cache, index } = await pulse(staker);
    expect(cache.prices[index]).toBe(157.5);
    expect(cache.assetValue).toBe(i80f48.fromDecimal("787.5"));

    await expectCode(await borrowSolIx(staker, SOL / 4n + 1n), [staker.wallet], "RiskEngineInitRejected");
    await market.send(await borrowSolIx(staker, SOL / 4n), [staker.wallet]);
  });

  it("truncates the rescaled price in integer raw units", async () => {
    await creditRewards(market, pool, 123_456_789n);
    // 15,000,000,000 × 10,623,456,789 / 10,000,000,000 = 15,935,185,183.5 → 15,935,185,183 (× 10^-8).
    const price = i80f48.div(i80f48.fromInt(15_935_185_183n), tenPow(8));
    expect(await lstPrice()).toBe(price);
    const { cache, index } = await pulse(staker);
    expect(cache.prices[index]).toBe(toF64(price));
    expect(cache.assetValue).toBe(calcValue(i80f48.fromInt(10n * SOL), price, 9, i80f48.fromDecimal("0.5")));
  });
});

describe("asset tags of staked positions (6047)", () => {
  it("keep a staked position from default banks, both ways", async () => {
    const usdc = await market.fund(staker, usdcBank, 100n * USDC);
    await expectCode(market.depositIx(staker, usdcBank, usdc, 100n * USDC), [staker.wallet], "AssetTagMismatch");
    const usdcDestination = await market.tokenAccount(staker, usdcBank);
    const risk = await stakedRiskAccounts(market, staker, banks, usdcBank);
    await expectCode(market.borrowIx(staker, usdcBank, usdcDestination, USDC, risk), [staker.wallet], "AssetTagMismatch");

    const saver = await market.newUser();
    await market.deposit(saver, usdcBank, 100n * USDC);
    const lst = await stakeSol(market, saver, pool, 2n * SOL);
    const amount = await market.tokenBalance(lst);
    await expectCode(market.depositIx(saver, staked, lst, amount), [saver.wallet], "AssetTagMismatch");
  });

  it("let a staked position sit beside SOL deposits, as beside the SOL borrows above", async () => {
    const mixer = await market.newUser();
    await market.deposit(mixer, solBank, SOL);
    const lst = await stakeSol(market, mixer, pool, 2n * SOL);
    await market.send(market.depositIx(mixer, staked, lst, await market.tokenBalance(lst)), [mixer.wallet]);
    const balances = (await market.marginfiAccount(mixer)).lendingAccount.balances.filter((b) => b.active !== 0);
    expect(balances.map((b) => b.bankAssetTag).sort()).toEqual([AssetTag.Sol, AssetTag.Staked]);
  });
});

describe("propagate_staked_settings on a staked bank", () => {
  it("copies edited weights, limits and age onto the bank, keeping its pool accounts", async () => {
    const edit = {
      assetWeightInit: "0.6",
      assetWeightMaint: "0.7",
      depositLimit: 500n * SOL,
      totalAssetValueInitLimit: 2_000_000n,
      oracleMaxAge: 30,
    };
    await market.send(editStakedSettingsIx(market, market.admin.publicKey, edit), [market.admin]);
    // Permissionless: the lender pays for it.
    await market.send(propagateStakedSettingsIx(market, staked), [lender.wallet]);
    const config = (await market.bank(staked)).config;
    expect(config).toMatchObject({
      assetWeightInit: i80f48.fromDecimal("0.6"),
      assetWeightMaint: i80f48.fromDecimal("0.7"),
      depositLimit: 500n * SOL,
      totalAssetValueInitLimit: 2_000_000n,
      oracleMaxAge: 30,
      oracleSetup: OracleSetup.StakedWithPythPush,
      assetTag: AssetTag.Staked,
      oracleKeys: [solFeed.toBase58(), pool.mint.toBase58(), pool.stake.toBase58(), DEFAULT_KEY, DEFAULT_KEY],
    });
    const { cache } = await pulse(staker);
    expect(cache.assetValue).toBe(calcValue(i80f48.fromInt(10n * SOL), await lstPrice(), 9, i80f48.fromDecimal("0.6")));
  });

  it("moves the bank to a new SOL feed only when that feed is passed and owned by the Pyth receiver", async () => {
    const switchboard = (await market.createOracle({ kind: "switchboard", price: 150 }))!;
    await market.send(editStakedSettingsIx(market, market.admin.publicKey, { oracle: switchboard }), [market.admin]);
    await expectCode(propagateStakedSettingsIx(market, staked, [switchboard]), [lender.wallet], "StakedPythPushWrongAccountOwner");

    const feed = (await market.createOracle({ kind: "pyth", price: 160 }))!;
    await market.send(editStakedSettingsIx(market, market.admin.publicKey, { oracle: feed }), [market.admin]);
    await expectCode(propagateStakedSettingsIx(market, staked, [solFeed]), [lender.wallet], "WrongOracleAccountKeys");
    await market.send(propagateStakedSettingsIx(market, staked, [feed]), [lender.wallet]);
    expect((await market.bank(staked)).config.oracleKeys.slice(0, 3)).toEqual([feed, pool.mint, pool.stake].map((k) => k.toBase58()));

    // The bank now prices LST from the new feed.
    staked.oracle = feed;
    staked.oracles = [feed, pool.mint, pool.stake];
    const { cache, index } = await pulse(staker);
    expect(cache.prices[index]).toBe(toF64(await lstPrice(16_000_000_000n)));
  });
});
