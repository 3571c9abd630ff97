// Kamino farms on a real ledger: a USDC reserve's collateral farm with one reward on a two-point schedule, two
// obligations whose farm stakes klend sets from their cTokens, rewards accruing over time in proportion to those
// stakes (exact amounts, worked out from the schedule), and their harvest into the owners' token accounts; with the
// refusals of the farm and market instructions by their exact codes.
import { Keypair, PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSpecMismatches } from "@ballast/anchor";
import { buildInstruction } from "@ballast/codec";
import { minimumBalanceForRentExemption } from "@ballast/ledger";
import {
  FARMS_ERRORS,
  FARMS_INSTRUCTIONS,
  FARMS_PROGRAM_ID,
  FARMS_GLOBAL_CONFIG_SIZE,
  FARM_STATE_SIZE,
  FARMS_PROGRAM_INSTRUCTIONS,
  FarmConfigMode,
  FarmStateLayout,
  USER_STATE_SIZE,
  UserStateLayout,
  KLEND_ERRORS,
  ReserveFarmKind,
  addRewardsInstruction,
  createFarmsAccountInstruction,
  decodeFarmState,
  decodeUserState,
  depositReserveLiquidityAndObligationCollateralInstruction,
  farmUserStateAddress,
  farmsProgram,
  harvestRewardInstruction,
  initFarmsForReserveInstruction,
  initObligationFarmsForReserveInstruction,
  initObligationInstruction,
  initUserMetadataInstruction,
  initializeFarmsGlobalConfigInstruction,
  initializeRewardInstruction,
  lendingMarketAuthority,
  refreshFarmUserStateInstruction,
  refreshObligationFarmsForReserveInstruction,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  setFarmsTreasuryFeeInstruction,
  setRewardConfigInstruction,
  setRewardScheduleInstruction,
  treasuryVaultAddress,
  updateEntireReserveConfigInstruction,
  vanillaObligationAddress,
  withdrawObligationCollateralAndRedeemReserveCollateralInstruction,
  type ReserveAccounts,
} from "../src/index.js";
import { activeConfig } from "./support/configs.js";
import { MarketHarness } from "./support/harness.js";

const USDC = 1_000_000n;
const U64_MAX = 2n ** 64n - 1n;

let h: MarketHarness;
let market: PublicKey;
let usdcR: ReserveAccounts;
let otherR: ReserveAccounts;
let rewardMint: PublicKey;
const globalConfig = Keypair.generate();
const farm = Keypair.generate();
let start: bigint;

interface Depositor {
  wallet: Keypair;
  obligation: PublicKey;
  usdc: PublicKey;
  rewards: PublicKey;
}
let alice: Depositor;
let bob: Depositor;

async function expectFarmsFailure(
  ix: TransactionInstruction | TransactionInstruction[],
  signers: Keypair[],
  name: keyof typeof FARMS_ERRORS,
) {
  const list = Array.isArray(ix) ? ix : [ix];
  const { code, message } = FARMS_ERRORS[name];
  const result = await h.simulate(list, signers);
  expect(result.err).toEqual({ InstructionError: [list.length - 1, { Custom: code }] });
  expect(result.logs?.some((l) => l.includes(`Error Code: ${name}. Error Number: ${code}. Error Message: ${message}.`))).toBe(true);
}

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

async function depositor(usdcMint: PublicKey, amount: bigint): Promise<Depositor> {
  const wallet = await h.fundedKeypair();
  const usdc = await h.tokenAccount(wallet.publicKey, usdcMint);
  await h.mintTo(usdcMint, usdc, amount);
  const rewards = await h.tokenAccount(wallet.publicKey, rewardMint);
  await h.send(initUserMetadataInstruction({ owner: wallet.publicKey, feePayer: wallet.publicKey }), [wallet]);
  await h.send(initObligationInstruction({ obligationOwner: wallet.publicKey, feePayer: wallet.publicKey, lendingMarket: market }), [
    wallet,
  ]);
  return { wallet, obligation: vanillaObligationAddress(wallet.publicKey, market), usdc, rewards };
}

/** The v1 deposit between the collateral farm's refreshes klend's check_refresh asks for: the stake follows it. */
async function deposit(d: Depositor, amount: bigint): Promise<void> {
  await h.send(
    [
      refreshReserveInstructionFor(usdcR.reserve, await h.reserve(usdcR.reserve)),
      refreshObligationInstructionFor(d.obligation, await h.obligation(d.obligation)),
      refreshStake(d, d.wallet),
      depositReserveLiquidityAndObligationCollateralInstruction({
        owner: d.wallet.publicKey,
        obligation: d.obligation,
        reserve: usdcR,
        userSourceLiquidity: d.usdc,
        liquidityAmount: amount,
      }),
      refreshStake(d, d.wallet),
    ],
    [d.wallet],
  );
}

const farmParams = (d: Depositor) => ({
  lendingMarket: market,
  reserve: usdcR.reserve,
  obligation: d.obligation,
  farmState: farm.publicKey,
  kind: ReserveFarmKind.Collateral,
});
const refreshStake = (d: Depositor, crank: Keypair = h.owner) =>
  refreshObligationFarmsForReserveInstruction({ ...farmParams(d), crank: crank.publicKey });
const userStateOf = (d: Depositor) => farmUserStateAddress(farm.publicKey, d.obligation);
const userState = async (d: Depositor) => decodeUserState(await h.data(userStateOf(d)));
const farmState = async () => decodeFarmState(await h.data(farm.publicKey));
const harvest = (d: Depositor, payer: Keypair = d.wallet, rewardIndex = 0n) =>
  harvestRewardInstruction({
    payer: payer.publicKey,
    userState: userStateOf(d),
    farmState: farm.publicKey,
    globalConfig: globalConfig.publicKey,
    rewardMint,
    userRewardTokenAccount: d.rewards,
    rewardIndex,
  });

beforeAll(async () => {
  h = await MarketHarness.start([farmsProgram()]);
  market = await h.createMarket();
  const usdc = await h.createMint(6);
  const other = await h.createMint(6);
  rewardMint = await h.createMint(6);
  const pyth = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
  usdcR = (await h.createReserve(market, usdc)).accounts;
  otherR = (await h.createReserve(market, other)).accounts;
  const config = activeConfig({ name: "USDC", pyth });
  await h.send(
    updateEntireReserveConfigInstruction({ lendingMarketOwner: h.owner.publicKey, lendingMarket: market, reserve: usdcR.reserve, config }),
    [h.owner],
  );
  await createFarmsAccount(globalConfig, FARMS_GLOBAL_CONFIG_SIZE);
  await h.send(initializeFarmsGlobalConfigInstruction({ globalAdmin: h.owner.publicKey, globalConfig: globalConfig.publicKey }), [h.owner]);
  alice = await depositor(usdc, 10_000n * USDC);
  bob = await depositor(usdc, 10_000n * USDC);
});
afterAll(() => h.close());

it("declares each farms instruction's accounts as the client's table lists them", () => {
  expect(FARMS_PROGRAM_INSTRUCTIONS.map((handler) => handler.name).sort()).toEqual(Object.keys(FARMS_INSTRUCTIONS).sort());
  for (const handler of FARMS_PROGRAM_INSTRUCTIONS) {
    const table = FARMS_INSTRUCTIONS[handler.name as keyof typeof FARMS_INSTRUCTIONS];
    expect(accountSpecMismatches(table, handler.accounts), handler.name).toEqual([]);
  }
});

describe("a reserve's collateral farm", () => {
  it("is created by the market owner as a farm delegated to the market authority", async () => {
    await createFarmsAccount(farm, FARM_STATE_SIZE);
    await h.send(
      initFarmsForReserveInstruction({
        lendingMarketOwner: h.owner.publicKey,
        lendingMarket: market,
        reserve: usdcR.reserve,
        farmsGlobalConfig: globalConfig.publicKey,
        farmState: farm.publicKey,
        kind: ReserveFarmKind.Collateral,
      }),
      [h.owner],
    );
    const reserve = await h.reserve(usdcR.reserve);
    expect([reserve.farmCollateral, reserve.farmDebt]).toEqual([farm.publicKey.toBase58(), "11111111111111111111111111111111"]);
    const f = await farmState();
    expect(f.farmAdmin).toBe(h.owner.publicKey.toBase58());
    expect(f.delegateAuthority).toBe(lendingMarketAuthority(market).toBase58());
    expect([f.isFarmDelegated, f.numRewardTokens, f.scopeOraclePriceId, f.globalConfig]).toEqual([
      1,
      0n,
      U64_MAX,
      globalConfig.publicKey.toBase58(),
    ]);
  });

  it("gets a reward funded with 1,000 tokens and a two-point schedule", async () => {
    await h.send(
      initializeRewardInstruction({
        farmAdmin: h.owner.publicKey,
        farmState: farm.publicKey,
        globalConfig: globalConfig.publicKey,
        rewardMint,
      }),
      [h.owner],
    );
    const funding = await h.tokenAccount(h.owner.publicKey, rewardMint);
    await h.mintTo(rewardMint, funding, 1_000n * USDC);
    await h.send(
      addRewardsInstruction({
        payer: h.owner.publicKey,
        farmState: farm.publicKey,
        rewardMint,
        payerRewardTokenAta: funding,
        amount: 1_000n * USDC,
        rewardIndex: 0n,
      }),
      [h.owner],
    );
    start = h.now();
    const schedule = [
      { tsStart: 0n, rewardPerTimeUnit: 4_000n },
      { tsStart: start + 1_000n, rewardPerTimeUnit: 10_000n },
    ];
    await h.send(
      setRewardScheduleInstruction({ signer: h.owner.publicKey, farmState: farm.publicKey, rewardIndex: 0n, points: schedule }),
      [h.owner],
    );
    const reward = (await farmState()).rewardInfos[0]!;
    expect(reward.rewardsAvailable).toBe(1_000n * USDC);
    expect(reward.token.mint).toBe(rewardMint.toBase58());
    expect(reward.rewardScheduleCurve.slice(0, 3)).toEqual([...schedule, { tsStart: U64_MAX, rewardPerTimeUnit: 0n }]);
  });

  it("refuses a schedule with a repeated start or a finite point after an unused one (InvalidRpsCurvePoint)", async () => {
    const set = (points: { tsStart: bigint; rewardPerTimeUnit: bigint }[]) =>
      setRewardScheduleInstruction({ signer: h.owner.publicKey, farmState: farm.publicKey, rewardIndex: 0n, points });
    await expectFarmsFailure(
      set([
        { tsStart: 5n, rewardPerTimeUnit: 1n },
        { tsStart: 5n, rewardPerTimeUnit: 2n },
      ]),
      [h.owner],
      "InvalidRpsCurvePoint",
    );
    await expectFarmsFailure(
      set([
        { tsStart: 0n, rewardPerTimeUnit: 1n },
        { tsStart: U64_MAX, rewardPerTimeUnit: 0n },
        { tsStart: 9n, rewardPerTimeUnit: 1n },
      ]),
      [h.owner],
      "InvalidRpsCurvePoint",
    );
    const wrongIndex = setRewardScheduleInstruction({ signer: h.owner.publicKey, farmState: farm.publicKey, rewardIndex: 1n, points: [] });
    await expectFarmsFailure(wrongIndex, [h.owner], "RewardIndexOutOfRange");
  });
});

describe("obligations in the farm", () => {
  it("open their user states through klend, owned by the obligation owner with the obligation as delegatee", async () => {
    for (const d of [alice, bob])
      await h.send(initObligationFarmsForReserveInstruction({ ...farmParams(d), payer: d.wallet.publicKey, owner: d.wallet.publicKey }), [
        d.wallet,
      ]);
    const state = await userState(alice);
    expect([state.owner, state.delegatee, state.farmState, state.userId, state.isFarmDelegated]).toEqual([
      alice.wallet.publicKey.toBase58(),
      alice.obligation.toBase58(),
      farm.publicKey.toBase58(),
      0n,
      1,
    ]);
    expect((await userState(bob)).userId).toBe(1n);
    expect((await farmState()).numUsers).toBe(2n);
  });

  it("refuses a farm that is not the reserve's (InvalidAccountInput) and a reserve without a farm (NoFarmForReserve)", async () => {
    const stranger = Keypair.generate();
    await h.expectFailure(
      initObligationFarmsForReserveInstruction({
        ...farmParams(alice),
        farmState: stranger.publicKey,
        payer: alice.wallet.publicKey,
        owner: alice.wallet.publicKey,
      }),
      [alice.wallet],
      "InvalidAccountInput",
    );
    await h.expectFailure(
      initObligationFarmsForReserveInstruction({
        ...farmParams(alice),
        reserve: otherR.reserve,
        payer: alice.wallet.publicKey,
        owner: alice.wallet.publicKey,
      }),
      [alice.wallet],
      "NoFarmForReserve",
    );
    await h.expectFailure(
      refreshObligationFarmsForReserveInstruction({ ...farmParams(alice), kind: ReserveFarmKind.Debt, crank: h.owner.publicKey }),
      [h.owner],
      "NoFarmForReserve",
    );
  });

  it("stake their cTokens at the farm refresh right after a deposit; the farm emits nothing while nobody stakes", async () => {
    h.advance(100);
    await deposit(alice, 1_000n * USDC);
    await deposit(bob, 3_000n * USDC);
    const aliceCTokens = (await h.obligation(alice.obligation)).deposits[0]!.depositedAmount;
    expect(aliceCTokens).toBe(1_000n * USDC);
    expect((await userState(alice)).activeStakeScaled).toBe(1_000n * USDC);
    expect((await userState(bob)).activeStakeScaled).toBe(3_000n * USDC);
    const f = await farmState();
    expect([f.totalActiveStakeScaled, f.totalStakedAmount]).toEqual([4_000n * USDC, 4_000n * USDC]);
    expect(f.rewardInfos[0]!.rewardsIssuedCumulative).toBe(0n);
    expect(f.rewardInfos[0]!.lastIssuanceTs).toBe(start + 100n);
  });

  it("refuse a v1 deposit without the collateral farm's refresh right before or right after it (6051)", async () => {
    const v1 = depositReserveLiquidityAndObligationCollateralInstruction({
      owner: alice.wallet.publicKey,
      obligation: alice.obligation,
      reserve: usdcR,
      userSourceLiquidity: alice.usdc,
      liquidityAmount: USDC,
    });
    const refreshes = [
      refreshReserveInstructionFor(usdcR.reserve, await h.reserve(usdcR.reserve)),
      refreshObligationInstructionFor(alice.obligation, await h.obligation(alice.obligation)),
    ];
    await h.expectFailure([...refreshes, v1, refreshStake(alice)], [alice.wallet, h.owner], "IncorrectInstructionInPosition", {
      failingIndex: 2,
    });
    await h.expectFailure([...refreshes, refreshStake(alice), v1], [alice.wallet, h.owner], "IncorrectInstructionInPosition");
  });

  it("accrue rewards in proportion to their stakes over the schedule's segments, exactly", async () => {
    // 900 s at 4,000 per second up to the second point, then 100 s at 10,000: 4,600,000 issued, a quarter to alice.
    h.advance(1_000);
    await h.send([refreshFarmUserStateInstruction({ farmState: farm.publicKey, userState: userStateOf(alice) })], [h.owner]);
    await h.send([refreshFarmUserStateInstruction({ farmState: farm.publicKey, userState: userStateOf(bob) })], [h.owner]);
    const reward = (await farmState()).rewardInfos[0]!;
    expect(reward.rewardsIssuedCumulative).toBe(4_600_000n);
    expect(reward.rewardsAvailable).toBe(1_000n * USDC - 4_600_000n);
    expect((await userState(alice)).rewardsIssuedUnclaimed[0]).toBe(1_150_000n);
    expect((await userState(bob)).rewardsIssuedUnclaimed[0]).toBe(3_450_000n);
  });

  it("harvest to the owner's token account, the treasury taking its fee", async () => {
    await h.send(setFarmsTreasuryFeeInstruction({ globalAdmin: h.owner.publicKey, globalConfig: globalConfig.publicKey, feeBps: 1_000n }), [
      h.owner,
    ]);
    h.advance(10);
    // 10 s more at 10,000: alice's quarter is 25,000 on top of 1,150,000; the treasury keeps 10%.
    await h.send(harvest(alice), [alice.wallet]);
    expect(await h.balance(alice.rewards)).toBe(1_057_500n);
    expect(await h.balance(treasuryVaultAddress(globalConfig.publicKey, rewardMint))).toBe(117_500n);
    const state = await userState(alice);
    expect([state.rewardsIssuedUnclaimed[0], state.rewardsIssuedCumulative[0], state.lastClaimTs[0]]).toEqual([0n, 1_175_000n, h.now()]);
    expect((await farmState()).rewardInfos[0]!.rewardsIssuedUnclaimed).toBe(4_700_000n - 1_175_000n);
  });

  it("refuses a harvest paid by someone else and a reward index past the farm's rewards", async () => {
    await expectFarmsFailure(harvest(bob, alice.wallet), [alice.wallet], "HarvestingNotPermissionlessPayerMismatch");
    await expectFarmsFailure(harvest(bob, bob.wallet, 1n), [bob.wallet], "RewardIndexOutOfRange");
  });

  it("refuses a stake set by anyone but the farm's delegate (AuthorityFarmDelegateMissmatch)", async () => {
    const ix = buildInstruction(FARMS_PROGRAM_ID, FARMS_INSTRUCTIONS, "set_stake_delegated", {
      accounts: { delegateAuthority: bob.wallet.publicKey, userState: userStateOf(bob), farmState: farm.publicKey },
      args: { newAmount: 10n ** 12n },
    });
    await expectFarmsFailure(ix, [bob.wallet], "AuthorityFarmDelegateMissmatch");
  });

  it("follow a withdrawal: the refreshed stake drops to the collateral left, after accruing at the old one", async () => {
    const usdcState = await h.reserve(usdcR.reserve);
    await h.send(
      [
        refreshReserveInstructionFor(usdcR.reserve, usdcState),
        refreshObligationInstructionFor(bob.obligation, await h.obligation(bob.obligation)),
        refreshStake(bob, bob.wallet),
        withdrawObligationCollateralAndRedeemReserveCollateralInstruction({
          owner: bob.wallet.publicKey,
          obligation: bob.obligation,
          reserve: usdcR,
          userDestinationLiquidity: bob.usdc,
          collateralAmount: 2_000n * USDC,
        }),
        refreshStake(bob, bob.wallet),
      ],
      [bob.wallet],
    );
    expect((await userState(bob)).activeStakeScaled).toBe(1_000n * USDC);
    expect((await farmState()).totalActiveStakeScaled).toBe(2_000n * USDC);
    // Bob's three quarters of the 10 s before alice's harvest were credited when his stake changed.
    expect((await userState(bob)).rewardsIssuedUnclaimed[0]).toBe(3_525_000n);
  });

  it("wait out the reward's minimum claim duration, which only the farm admin sets", async () => {
    const minClaim = (signer: Keypair) =>
      setRewardConfigInstruction({
        signer: signer.publicKey,
        farmState: farm.publicKey,
        mode: FarmConfigMode.UpdateRewardMinClaimDuration,
        rewardIndex: 0n,
        value: 100n,
      });
    await expectFarmsFailure(minClaim(alice.wallet), [alice.wallet], "InvalidFarmConfigUpdateAuthority");
    await h.send(minClaim(h.owner), [h.owner]);
    const lastClaim = (await userState(alice)).lastClaimTs[0]!;
    h.advance(lastClaim + 99n - h.now());
    await expectFarmsFailure(harvest(alice), [alice.wallet], "MinClaimDurationNotReached");
    h.advance(1);
    await h.send(harvest(alice), [alice.wallet]);
    expect((await userState(alice)).lastClaimTs[0]).toBe(lastClaim + 100n);
  });

  it("leave a refresh with nothing to do when the stake is already right", async () => {
    const before = await h.data(userStateOf(alice));
    await h.send(refreshStake(alice), [h.owner]);
    expect(await h.data(userStateOf(alice))).toEqual(before);
  });
});

it("lays out the farms accounts byte for byte as kfarms does", () => {
  expect([FARMS_GLOBAL_CONFIG_SIZE, FARM_STATE_SIZE, USER_STATE_SIZE]).toEqual([2136, 8336, 920]);
  const farm = FarmStateLayout.struct.offsets;
  expect([
    farm.rewardInfos,
    farm.numRewardTokens,
    farm.delegateAuthority,
    farm.totalActiveStakeScaled,
    farm.secondDelegatedAuthority,
  ]).toEqual([184, 7224, 7320, 7400, 7704]);
  const user = UserStateLayout.struct.offsets;
  expect([user.rewardsTallyScaled, user.activeStakeScaled, user.delegatee, user.rewardsIssuedCumulative]).toEqual([80, 400, 472, 512]);
});

it("keeps the market's error codes for the farm instructions it names", () => {
  expect([KLEND_ERRORS.NoFarmForReserve.code, FARMS_ERRORS.RewardIndexOutOfRange.code]).toEqual([6050, 6030]);
  expect(new PublicKey(FARMS_PROGRAM_ID).toBase58()).toBe("FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr");
});
