// The `_v2` position instructions and the cToken collateral instructions on a real ledger, through the client
// builders: each `_v2` form does what its v1 form does, then brings the obligation's stake in the reserve's farm of
// the side it changed up to date by CPI into the farms program (collateral in cTokens, debt floored), refusing to go
// on without the farm accounts when the reserve has a farm (FarmAccountsMissing, 6120) and doing nothing for a reserve
// without one. Discriminators are Anchor's sha256("global:<name>")[0..8].
import { createHash } from "node:crypto";
import { Keypair, type PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumBalanceForRentExemption } from "@ballast/ledger";
import {
  FARMS_GLOBAL_CONFIG_SIZE,
  FARM_STATE_SIZE,
  KLEND_PROGRAM_ID,
  ReserveFarmKind,
  refreshObligationFarmsForReserveInstruction,
  borrowObligationLiquidityV2Instruction,
  createFarmsAccountInstruction,
  decodeUserState,
  depositObligationCollateralInstruction,
  depositObligationCollateralV2Instruction,
  depositReserveLiquidityAndObligationCollateralV2Instruction,
  depositReserveLiquidityInstruction,
  farmUserStateAddress,
  farmsProgram,
  initFarmsForReserveInstruction,
  initObligationFarmsForReserveInstruction,
  initializeFarmsGlobalConfigInstruction,
  liquidateObligationAndRedeemReserveCollateralV2Instruction,
  repayObligationLiquidityV2Instruction,
  socializeLossV2Instruction,
  withdrawObligationCollateralAndRedeemReserveCollateralV2Instruction,
  withdrawObligationCollateralInstruction,
  withdrawObligationCollateralV2Instruction,
} from "../src/index.js";
import { MarketHarness } from "./support/harness.js";
import { type Borrower, LendingSetup, type PricedReserve } from "./support/lending-setup.js";

const UNIT = 1_000_000n;
const DOLLAR = 100_000_000n;

let h: MarketHarness;
let s: LendingSetup;
/** $1, with a collateral farm. */
let usdc: PricedReserve;
/** $1, with a debt farm. */
let usdt: PricedReserve;
/** $1, no farm. */
let dai: PricedReserve;
const globalConfig = Keypair.generate();
const collateralFarm = Keypair.generate();
const debtFarm = Keypair.generate();

async function createFarmsAccount(account: Keypair, space: number): Promise<void> {
  await h.send(
    createFarmsAccountInstruction({
      payer: h.owner.publicKey,
      account: account.publicKey,
      lamports: Number(minimumBalanceForRentExemption(space)),
      space,
    }),
    [h.owner, account],
  );
}

async function addFarm(reserve: PricedReserve, farm: Keypair, kind: ReserveFarmKind): Promise<void> {
  await createFarmsAccount(farm, FARM_STATE_SIZE);
  await h.send(
    initFarmsForReserveInstruction({
      lendingMarketOwner: h.owner.publicKey,
      lendingMarket: s.market,
      reserve: reserve.accounts.reserve,
      farmsGlobalConfig: globalConfig.publicKey,
      farmState: farm.publicKey,
      kind,
    }),
    [h.owner],
  );
}

beforeAll(async () => {
  h = await MarketHarness.start([farmsProgram()]);
  s = await LendingSetup.create(h);
  usdc = await s.reserve({ name: "USDC", decimals: 6, price: DOLLAR });
  usdt = await s.reserve({ name: "USDT", decimals: 6, price: DOLLAR });
  dai = await s.reserve({ name: "DAI", decimals: 6, price: DOLLAR });
  for (const r of [usdc, usdt, dai]) await s.supply(r, 100_000n * UNIT);
  await createFarmsAccount(globalConfig, FARMS_GLOBAL_CONFIG_SIZE);
  await h.send(initializeFarmsGlobalConfigInstruction({ globalAdmin: h.owner.publicKey, globalConfig: globalConfig.publicKey }), [h.owner]);
  await addFarm(usdc, collateralFarm, ReserveFarmKind.Collateral);
  await addFarm(usdt, debtFarm, ReserveFarmKind.Debt);
});
afterAll(() => h.close());

/** A borrower with user states in both farms. */
async function farmedBorrower(): Promise<Borrower> {
  const b = await s.borrower();
  const open = (reserve: PricedReserve, farm: Keypair, kind: ReserveFarmKind) =>
    initObligationFarmsForReserveInstruction({
      payer: b.wallet.publicKey,
      owner: b.wallet.publicKey,
      lendingMarket: s.market,
      reserve: reserve.accounts.reserve,
      obligation: b.obligation,
      farmState: farm.publicKey,
      kind,
    });
  await h.send([open(usdc, collateralFarm, ReserveFarmKind.Collateral), open(usdt, debtFarm, ReserveFarmKind.Debt)], [b.wallet]);
  return b;
}

const stake = async (farm: Keypair, b: Borrower) =>
  decodeUserState(await h.data(farmUserStateAddress(farm.publicKey, b.obligation))).activeStakeScaled;
const deposited = async (b: Borrower, reserve: PricedReserve) =>
  (await h.obligation(b.obligation)).deposits.find((d) => d.depositReserve === reserve.accounts.reserve.toBase58())?.depositedAmount ?? 0n;

async function after(b: Borrower, reserves: PricedReserve[], then: TransactionInstruction): Promise<TransactionInstruction[]> {
  return [...(await s.refreshes(b, reserves)), then];
}

/** A v1 instruction on USDC's collateral side inside the collateral farm's refreshes klend's check_refresh asks for. */
async function betweenCollateralFarmRefreshes(b: Borrower, v1: TransactionInstruction): Promise<TransactionInstruction[]> {
  const farmRefresh = refreshObligationFarmsForReserveInstruction({
    lendingMarket: s.market,
    reserve: usdc.accounts.reserve,
    obligation: b.obligation,
    farmState: collateralFarm.publicKey,
    kind: ReserveFarmKind.Collateral,
    crank: b.wallet.publicKey,
  });
  return [...(await s.refreshes(b, [usdc])), farmRefresh, v1, farmRefresh];
}

/** The wallet's cTokens of `reserve`, bought with `amount` of its liquidity. */
async function cTokens(b: Borrower, reserve: PricedReserve, amount: bigint): Promise<PublicKey> {
  const destination = await h.tokenAccount(b.wallet.publicKey, reserve.accounts.collateralMint);
  await h.send(
    depositReserveLiquidityInstruction({
      owner: b.wallet.publicKey,
      reserve: reserve.accounts,
      userSourceLiquidity: await s.wallet(b.wallet, reserve, amount),
      userDestinationCollateral: destination,
      liquidityAmount: amount,
    }),
    [b.wallet],
  );
  return destination;
}

describe("instruction data", () => {
  const anchor = (name: string) => createHash("sha256").update(`global:${name}`).digest().subarray(0, 8).toString("hex");

  it("starts with sha256('global:<name>')[0..8] of each new instruction", () => {
    const owner = Keypair.generate().publicKey;
    const obligation = Keypair.generate().publicKey;
    const reserve = usdc.accounts;
    const built: Record<string, TransactionInstruction> = {
      deposit_obligation_collateral: depositObligationCollateralInstruction({
        owner,
        obligation,
        reserve,
        userSourceCollateral: owner,
        collateralAmount: 1n,
      }),
      withdraw_obligation_collateral: withdrawObligationCollateralInstruction({
        owner,
        obligation,
        reserve,
        userDestinationCollateral: owner,
        collateralAmount: 1n,
      }),
      deposit_reserve_liquidity_and_obligation_collateral_v2: depositReserveLiquidityAndObligationCollateralV2Instruction({
        owner,
        obligation,
        reserve,
        userSourceLiquidity: owner,
        liquidityAmount: 1n,
      }),
      deposit_obligation_collateral_v2: depositObligationCollateralV2Instruction({
        owner,
        obligation,
        reserve,
        userSourceCollateral: owner,
        collateralAmount: 1n,
      }),
      withdraw_obligation_collateral_v2: withdrawObligationCollateralV2Instruction({
        owner,
        obligation,
        reserve,
        userDestinationCollateral: owner,
        collateralAmount: 1n,
      }),
      withdraw_obligation_collateral_and_redeem_reserve_collateral_v2: withdrawObligationCollateralAndRedeemReserveCollateralV2Instruction({
        owner,
        obligation,
        reserve,
        userDestinationLiquidity: owner,
        collateralAmount: 1n,
      }),
      borrow_obligation_liquidity_v2: borrowObligationLiquidityV2Instruction({
        owner,
        obligation,
        reserve,
        userDestinationLiquidity: owner,
        liquidityAmount: 1n,
      }),
      repay_obligation_liquidity_v2: repayObligationLiquidityV2Instruction({
        owner,
        obligation,
        reserve,
        userSourceLiquidity: owner,
        liquidityAmount: 1n,
      }),
      liquidate_obligation_and_redeem_reserve_collateral_v2: liquidateObligationAndRedeemReserveCollateralV2Instruction({
        liquidator: owner,
        obligation,
        repayReserve: reserve,
        withdrawReserve: reserve,
        userSourceLiquidity: owner,
        userDestinationCollateral: owner,
        userDestinationLiquidity: owner,
        liquidityAmount: 1n,
      }),
      socialize_loss_v2: socializeLossV2Instruction({
        riskCouncil: owner,
        obligation,
        lendingMarket: s.market,
        reserve: reserve.reserve,
        liquidityAmount: 1n,
      }),
    };
    for (const [name, ix] of Object.entries(built)) expect(ix.data.subarray(0, 8).toString("hex"), name).toBe(anchor(name));
    // The reference's values (MO §0, SML §2.4).
    expect(anchor("deposit_obligation_collateral")).toBe("6cd1044815167685");
    expect(anchor("withdraw_obligation_collateral")).toBe("2574cd67f3c05cc6");
    expect(anchor("socialize_loss_v2")).toBe("ee5f62dcbb28cc9a");
    // No farm: both optional slots hold the program id.
    const v2 = built.borrow_obligation_liquidity_v2!;
    expect(v2.keys.slice(12).map((k) => k.pubkey.toBase58())).toEqual([
      KLEND_PROGRAM_ID,
      KLEND_PROGRAM_ID,
      "FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr",
    ]);
  });
});

describe("the _v2 position instructions", () => {
  it("deposit liquidity as collateral and stake the cTokens in the collateral farm; without farm accounts 6120", async () => {
    const b = await farmedBorrower();
    const source = await s.wallet(b.wallet, usdc, 1_000n * UNIT);
    const deposit = (farm: PublicKey | null) =>
      depositReserveLiquidityAndObligationCollateralV2Instruction({
        owner: b.wallet.publicKey,
        obligation: b.obligation,
        reserve: usdc.accounts,
        userSourceLiquidity: source,
        liquidityAmount: 400n * UNIT,
        farm,
      });
    await h.expectFailure(await after(b, [usdc], deposit(null)), [b.wallet], "FarmAccountsMissing");
    await h.send(await after(b, [usdc], deposit(collateralFarm.publicKey)), [b.wallet]);
    const collateral = await deposited(b, usdc);
    expect(collateral > 0n).toBe(true);
    expect(await stake(collateralFarm, b)).toBe(collateral);
  });

  it("move wallet cTokens in and out of the obligation (v1 between farm refreshes, and v2), the farm stake following", async () => {
    const b = await farmedBorrower();
    const wallet = await cTokens(b, usdc, 500n * UNIT);
    const held = await h.balance(wallet);
    await h.send(
      await betweenCollateralFarmRefreshes(
        b,
        depositObligationCollateralInstruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: usdc.accounts,
          userSourceCollateral: wallet,
          collateralAmount: 100n * UNIT,
        }),
      ),
      [b.wallet],
    );
    expect(await deposited(b, usdc)).toBe(100n * UNIT);
    // v1 leaves the stake to the farm refresh klend requires right after it.
    expect(await stake(collateralFarm, b)).toBe(100n * UNIT);
    await h.send(
      await after(
        b,
        [usdc],
        depositObligationCollateralV2Instruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: usdc.accounts,
          userSourceCollateral: wallet,
          collateralAmount: 50n * UNIT,
          farm: collateralFarm.publicKey,
        }),
      ),
      [b.wallet],
    );
    expect(await stake(collateralFarm, b)).toBe(150n * UNIT);
    await h.send(
      await after(
        b,
        [usdc],
        withdrawObligationCollateralV2Instruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: usdc.accounts,
          userDestinationCollateral: wallet,
          collateralAmount: 30n * UNIT,
          farm: collateralFarm.publicKey,
        }),
      ),
      [b.wallet],
    );
    expect([await deposited(b, usdc), await stake(collateralFarm, b), await h.balance(wallet)]).toEqual([
      120n * UNIT,
      120n * UNIT,
      held - 120n * UNIT,
    ]);
    await h.send(
      await betweenCollateralFarmRefreshes(
        b,
        withdrawObligationCollateralInstruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: usdc.accounts,
          userDestinationCollateral: wallet,
          collateralAmount: 20n * UNIT,
        }),
      ),
      [b.wallet],
    );
    expect([await deposited(b, usdc), await h.balance(wallet)]).toEqual([100n * UNIT, held - 100n * UNIT]);
  });

  it("borrow and repay with the debt farm's stake following the debt; a reserve without farm needs none", async () => {
    const b = await farmedBorrower();
    const source = await s.wallet(b.wallet, usdc, 1_000n * UNIT);
    const depositIx = depositReserveLiquidityAndObligationCollateralV2Instruction({
      owner: b.wallet.publicKey,
      obligation: b.obligation,
      reserve: usdc.accounts,
      userSourceLiquidity: source,
      liquidityAmount: 1_000n * UNIT,
      farm: collateralFarm.publicKey,
    });
    await h.send(await after(b, [usdc], depositIx), [b.wallet]);
    const usdtWallet = await s.wallet(b.wallet, usdt);
    const borrow = (farm: PublicKey | null) =>
      borrowObligationLiquidityV2Instruction({
        owner: b.wallet.publicKey,
        obligation: b.obligation,
        reserve: usdt.accounts,
        userDestinationLiquidity: usdtWallet,
        liquidityAmount: 100n * UNIT,
        farm,
      });
    await h.expectFailure(await after(b, [usdc, usdt], borrow(null)), [b.wallet], "FarmAccountsMissing");
    await h.send(await after(b, [usdc, usdt], borrow(debtFarm.publicKey)), [b.wallet]);
    const debt = () => h.obligation(b.obligation).then((o) => o.borrows[0]!.borrowedAmountSf >> 60n);
    expect(await stake(debtFarm, b)).toBe(await debt());

    // DAI has no farm: the optional accounts are left out.
    const daiWallet = await s.wallet(b.wallet, dai);
    await h.send(
      await after(
        b,
        [usdc, usdt, dai],
        borrowObligationLiquidityV2Instruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: dai.accounts,
          userDestinationLiquidity: daiWallet,
          liquidityAmount: 10n * UNIT,
        }),
      ),
      [b.wallet],
    );

    await h.mintTo(usdt.mint, usdtWallet, 10n * UNIT);
    await h.send(
      await after(
        b,
        [usdc, usdt, dai],
        repayObligationLiquidityV2Instruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: usdt.accounts,
          userSourceLiquidity: usdtWallet,
          liquidityAmount: 40n * UNIT,
          farm: debtFarm.publicKey,
        }),
      ),
      [b.wallet],
    );
    expect(await stake(debtFarm, b)).toBe(await debt());
    await h.send(
      await after(
        b,
        [usdc, usdt, dai],
        repayObligationLiquidityV2Instruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: usdt.accounts,
          userSourceLiquidity: usdtWallet,
          liquidityAmount: 2n ** 64n - 1n,
          farm: debtFarm.publicKey,
        }),
      ),
      [b.wallet],
    );
    expect(await stake(debtFarm, b)).toBe(0n);
  });

  it("withdraw and redeem everything: the obligation closes and its collateral stake goes to 0", async () => {
    const b = await farmedBorrower();
    const source = await s.wallet(b.wallet, usdc, 200n * UNIT);
    await h.send(
      await after(
        b,
        [usdc],
        depositReserveLiquidityAndObligationCollateralV2Instruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: usdc.accounts,
          userSourceLiquidity: source,
          liquidityAmount: 200n * UNIT,
          farm: collateralFarm.publicKey,
        }),
      ),
      [b.wallet],
    );
    expect(await stake(collateralFarm, b)).toBe(await deposited(b, usdc));
    await h.send(
      await after(
        b,
        [usdc],
        withdrawObligationCollateralAndRedeemReserveCollateralV2Instruction({
          owner: b.wallet.publicKey,
          obligation: b.obligation,
          reserve: usdc.accounts,
          userDestinationLiquidity: source,
          collateralAmount: 2n ** 64n - 1n,
          farm: collateralFarm.publicKey,
        }),
      ),
      [b.wallet],
    );
    expect(await h.connection.getAccountInfo(b.obligation)).toBeNull();
    expect(await stake(collateralFarm, b)).toBe(0n);
  });
});
