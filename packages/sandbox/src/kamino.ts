// Seeding the banks backed by the Kamino-style market: one lending market per group that has any, a reserve per bank
// (owned by the sandbox admin, priced by the token's own feed, set active with the catalog's curve and limits), the
// bank itself with its obligation, a first supply deposited through the bank by a derived wallet, and the market's own
// borrower of the reserve (collateral in a second reserve), so the bank's deposits earn the reserve's supply rate; and
// a collateral farm on the reserve paying JTO, with the bank's obligation staked in it, so the app shows farm rewards.
import { Keypair, PublicKey, SystemProgram, type Connection, type TransactionInstruction } from "@solana/web3.js";
import { createMintToInstruction } from "@solana/spl-token";
import { decimalToUnits } from "@ballast/oracles";
import {
  FARMS_GLOBAL_CONFIG_SIZE,
  FARM_STATE_SIZE,
  LENDING_MARKET_SIZE,
  RESERVE_SIZE,
  ReserveFarmKind,
  ReserveStatus,
  addRewardsInstruction,
  createFarmsAccountInstruction,
  initFarmsForReserveInstruction,
  initObligationFarmsForReserveInstruction,
  initializeFarmsGlobalConfigInstruction,
  initializeRewardInstruction,
  refreshObligationFarmsForReserveInstruction,
  setRewardScheduleInstruction,
  borrowObligationLiquidityInstruction,
  createLendingMarketAccountInstruction,
  createReserveAccountInstruction,
  curveFromPoints,
  decodeObligation,
  decodeReserve,
  defaultReserveConfig,
  depositReserveLiquidityAndObligationCollateralInstruction,
  fraction,
  initLendingMarketInstruction,
  initObligationInstruction,
  initReserveInstruction,
  initUserMetadataInstruction,
  lendingMarketAuthority,
  lendingMarketValue,
  requestElevationGroupInstruction,
  updateLendingMarketInstruction,
  UpdateLendingMarketMode,
  type ReserveConfig,
  obligationRefreshInstructions,
  reserveAccountsOf,
  updateEntireReserveConfigInstruction,
  userMetadataAddress,
  vanillaObligationAddress,
  type LoadedReserve,
} from "@ballast/market";
import { BankOperationalState, OracleSetup, RiskTier, decodeBank, i80f48 as fx } from "@ballast/protocol";
import {
  addBankKaminoInstruction,
  associatedTokenAddress,
  bankAddressWithSeed,
  bankVaultAuthorityAddress,
  createAssociatedTokenAccountInstruction,
  depositAction,
  kaminoInitObligationInstruction,
  keypairWallet,
  loadMarket,
} from "@ballast/sdk";
import type { KaminoBankSpec, KaminoReserveSpec, TokenSpec } from "./catalog.js";
import { derivedKeypair } from "./keys.js";
import { nativeForUsd } from "./liquidity.js";
import { sendTransaction } from "./send.js";
import type { SeededBank, SeededOracle } from "./state.js";

/** The market's minimum initial reserve deposit and the obligation's first deposit, both from the admin. */
const RESERVE_INITIAL_DEPOSIT = 100_000n;
const OBLIGATION_INITIAL_DEPOSIT = 100n;
/** Lamports the supplying wallet keeps for fees and rent. */
const SUPPLIER_LAMPORTS = 200_000_000n;
/** Seed of the bank PDA: the group's own bank of the token has a keypair address, so seed 0 is free. */
const BANK_SEED = 0n;
/** The reserve farm's reward: a token the market prices, worth this much a year to the farm (about 3% of the supply). */
const FARM_REWARD_SYMBOL = "JTO";
const FARM_REWARD_USD_PER_YEAR = 45_000n;
const SECONDS_PER_YEAR = 31_536_000n;

export interface KaminoSeedContext {
  readonly connection: Connection;
  readonly admin: Keypair;
  readonly programId: PublicKey;
  readonly group: PublicKey;
  /** Republishes prices if they could be stale: the reserve refresh reads the feed. */
  readonly refreshPrices: () => Promise<void>;
}

export interface KaminoBankToken {
  readonly spec: TokenSpec;
  readonly mint: PublicKey;
  readonly oracle: SeededOracle;
}

const priceOf = (token: TokenSpec) => ({ decimals: token.decimals, priceE12: decimalToUnits(token.price, -12) });

/** Creates the group's lending market in the third-party market; the admin owns it. */
export async function createKaminoLendingMarket(ctx: KaminoSeedContext): Promise<PublicKey> {
  const market = Keypair.generate();
  const lamports = await ctx.connection.getMinimumBalanceForRentExemption(LENDING_MARKET_SIZE);
  await sendTransaction(
    ctx.connection,
    ctx.admin,
    [
      createLendingMarketAccountInstruction({ payer: ctx.admin.publicKey, account: market.publicKey, lamports }),
      initLendingMarketInstruction({ lendingMarketOwner: ctx.admin.publicKey, lendingMarket: market.publicKey }),
    ],
    [market],
  );
  return market.publicKey;
}

/** A reserve of the token in the lending market, active with the spec's settings and the token's feed. */
async function createReserve(
  ctx: KaminoSeedContext,
  lendingMarket: PublicKey,
  token: KaminoBankToken,
  spec: KaminoReserveSpec,
  adjust: (config: ReserveConfig) => void = () => {},
): Promise<PublicKey> {
  const symbol = token.spec.symbol;
  if (token.spec.native) throw new Error(`${symbol}: a Kamino reserve of the native mint is not supported by the sandbox`);
  const admin = ctx.admin.publicKey;
  const reserve = Keypair.generate();
  const source = associatedTokenAddress(token.mint, admin);
  const lamports = await ctx.connection.getMinimumBalanceForRentExemption(RESERVE_SIZE);
  await sendTransaction(ctx.connection, ctx.admin, [
    createAssociatedTokenAccountInstruction({ owner: admin, mint: token.mint }),
    createMintToInstruction(token.mint, source, admin, RESERVE_INITIAL_DEPOSIT + OBLIGATION_INITIAL_DEPOSIT),
  ]);
  await sendTransaction(
    ctx.connection,
    ctx.admin,
    [
      createReserveAccountInstruction({ payer: admin, account: reserve.publicKey, lamports }),
      initReserveInstruction({
        lendingMarketOwner: admin,
        lendingMarket,
        reserve: reserve.publicKey,
        liquidityMint: token.mint,
        initialLiquiditySource: source,
      }),
    ],
    [reserve],
  );

  const price = priceOf(token.spec);
  const config = defaultReserveConfig();
  config.status = ReserveStatus.Active;
  config.loanToValuePct = spec.loanToValuePct;
  config.liquidationThresholdPct = spec.liquidationThresholdPct;
  config.protocolTakeRatePct = spec.protocolTakeRatePct;
  config.borrowFactorPct = 100n;
  // Liquidators earn the LTV's overshoot between 2% and 10% (klend's bounds; 0.99% near bad debt).
  config.minLiquidationBonusBps = LIQUIDATION_BONUS_BPS.min;
  config.maxLiquidationBonusBps = LIQUIDATION_BONUS_BPS.max;
  config.badDebtLiquidationBonusBps = LIQUIDATION_BONUS_BPS.badDebt;
  config.depositLimit = nativeForUsd(price, spec.depositLimitUsd);
  config.borrowLimit = nativeForUsd(price, spec.borrowLimitUsd);
  config.borrowLimitOutsideElevationGroup = fraction.U64_MAX;
  config.fees.flashLoanFeeSf = fraction.divInt(fraction.mulInt(fraction.ONE, spec.flashLoanFeePpm), 1_000_000n);
  config.borrowRateCurve.points = curveFromPoints(
    spec.curve.map(([utilizationRateBps, borrowRateBps]) => ({ utilizationRateBps, borrowRateBps })),
  );
  config.tokenInfo.name = symbol;
  config.tokenInfo.maxAgePriceSeconds = 60n;
  config.tokenInfo.maxAgeTwapSeconds = 60n;
  if (token.oracle.kind === "pyth") config.tokenInfo.pythConfiguration.price = token.oracle.address;
  else config.tokenInfo.switchboardConfiguration.priceAggregator = token.oracle.address;
  adjust(config);
  await sendTransaction(ctx.connection, ctx.admin, [
    updateEntireReserveConfigInstruction({ lendingMarketOwner: admin, lendingMarket, reserve: reserve.publicKey, config }),
  ]);
  return reserve.publicKey;
}

const LIQUIDATION_BONUS_BPS = { min: 200, max: 1_000, badDebt: 99 } as const;

/**
 * The market's elevation group for its borrower: collateral against the bank's reserve as the only debt, at a higher
 * LTV and liquidation threshold than outside and a 5% cap on liquidation bonuses.
 */
const BORROWER_ELEVATION_GROUP = { id: 1, ltvPct: 80, liquidationThresholdPct: 85, maxLiquidationBonusBps: 500 } as const;

/** Configures the borrower's elevation group with `debtReserve` as its debt and lists it on that reserve. */
async function configureElevationGroup(ctx: KaminoSeedContext, lendingMarket: PublicKey, debtReserve: PublicKey): Promise<void> {
  const admin = ctx.admin.publicKey;
  const group = BORROWER_ELEVATION_GROUP;
  await sendTransaction(ctx.connection, ctx.admin, [
    updateLendingMarketInstruction({
      lendingMarketOwner: admin,
      lendingMarket,
      mode: UpdateLendingMarketMode.UpdateElevationGroup,
      value: lendingMarketValue.elevationGroup({
        id: group.id,
        ltvPct: group.ltvPct,
        liquidationThresholdPct: group.liquidationThresholdPct,
        maxLiquidationBonusBps: group.maxLiquidationBonusBps,
        allowNewLoans: 1,
        maxReservesAsCollateral: 1,
        debtReserve: debtReserve.toBase58(),
      }),
    }),
  ]);
  const { config } = (await loadReserve(ctx, debtReserve)).state;
  config.elevationGroups[0] = group.id;
  await sendTransaction(ctx.connection, ctx.admin, [
    updateEntireReserveConfigInstruction({ lendingMarketOwner: admin, lendingMarket, reserve: debtReserve, config }),
  ]);
}

/** The bank over a new reserve of the token, its obligation, its first supply and the reserve's market borrower. */
export async function seedKaminoBank(
  ctx: KaminoSeedContext,
  lendingMarket: PublicKey,
  spec: KaminoBankSpec,
  tokenOf: (symbol: string) => KaminoBankToken,
): Promise<SeededBank> {
  const token = tokenOf(spec.symbol);
  const reserve = await createReserve(ctx, lendingMarket, token, spec.reserve);
  const admin = ctx.admin.publicKey;
  const programId = ctx.programId;
  const bank = bankAddressWithSeed(ctx.group, token.mint, BANK_SEED, programId);
  await sendTransaction(ctx.connection, ctx.admin, [
    addBankKaminoInstruction({
      group: ctx.group,
      admin,
      bankMint: token.mint,
      bankSeed: BANK_SEED,
      reserve,
      lendingMarket,
      config: {
        oracle: new PublicKey(token.oracle.address),
        oracleSetup: token.oracle.kind === "pyth" ? OracleSetup.KaminoPythPush : OracleSetup.KaminoSwitchboardPull,
        assetWeightInit: fx.fromDecimal(spec.assetWeightInit),
        assetWeightMaint: fx.fromDecimal(spec.assetWeightMaint),
        depositLimit: nativeForUsd(priceOf(token.spec), spec.depositLimitUsd),
        operationalState: BankOperationalState.Operational,
        riskTier: RiskTier.Collateral,
        oracleMaxAge: 60,
      },
      programId,
    }),
  ]);

  await ctx.refreshPrices();
  const [bankInfo, reserveInfo] = await ctx.connection.getMultipleAccountsInfo([bank, reserve], "confirmed");
  await sendTransaction(ctx.connection, ctx.admin, [
    kaminoInitObligationInstruction({
      bankData: decodeBank(bankInfo!.data),
      reserve: decodeReserve(reserveInfo!.data),
      lendingMarketAuthority: lendingMarketAuthority(lendingMarket),
      feePayer: admin,
      bank,
      signerTokenAccount: associatedTokenAddress(token.mint, admin),
      amount: OBLIGATION_INITIAL_DEPOSIT,
      userMetadata: userMetadataAddress(bankVaultAuthorityAddress(bank, "liquidity", programId)),
      programId,
    }),
  ]);
  await supply(ctx, bank, spec, token);
  await borrowFromReserve(ctx, lendingMarket, spec, { address: reserve, token }, tokenOf(spec.marketBorrower.collateral));
  await seedCollateralFarm(ctx, lendingMarket, reserve, bank, tokenOf(FARM_REWARD_SYMBOL));
  return {
    address: bank.toBase58(),
    group: ctx.group.toBase58(),
    symbol: spec.symbol,
    mint: token.mint.toBase58(),
    decimals: token.spec.decimals,
    oracle: token.oracle.address,
    oracleKind: token.oracle.kind,
    isolated: false,
    reduceOnly: false,
    emodeTag: 0,
    emissionsMint: null,
    kaminoReserve: reserve.toBase58(),
  };
}

/** A derived wallet deposits the catalog's supply through the bank, with the SDK's deposit action as users do. */
async function supply(ctx: KaminoSeedContext, bank: PublicKey, spec: KaminoBankSpec, token: KaminoBankToken): Promise<void> {
  const wallet = derivedKeypair(ctx.admin, `${ctx.group.toBase58()}/kamino/${spec.symbol}`);
  const amount = nativeForUsd(priceOf(token.spec), spec.supplyUsd);
  const funding: TransactionInstruction[] = [
    SystemProgram.transfer({ fromPubkey: ctx.admin.publicKey, toPubkey: wallet.publicKey, lamports: SUPPLIER_LAMPORTS }),
    createAssociatedTokenAccountInstruction({ owner: wallet.publicKey, mint: token.mint, payer: ctx.admin.publicKey }),
    createMintToInstruction(token.mint, associatedTokenAddress(token.mint, wallet.publicKey), ctx.admin.publicKey, amount),
  ];
  await sendTransaction(ctx.connection, ctx.admin, funding);
  await depositAction({
    connection: ctx.connection,
    wallet: keypairWallet(wallet),
    programId: ctx.programId,
    market: await loadMarket(ctx.connection, { programId: ctx.programId.toBase58(), group: ctx.group.toBase58() }),
    bank: bank.toBase58(),
    amount,
  });
}

const loadReserve = async (ctx: KaminoSeedContext, address: PublicKey): Promise<LoadedReserve> => ({
  address,
  state: decodeReserve((await ctx.connection.getAccountInfo(address, "confirmed"))!.data),
});

/**
 * The market's borrower: a derived wallet opens a vanilla obligation, posts the catalog's collateral in a reserve of
 * its own, moves the obligation into the market's elevation group, and borrows the catalog's share of the bank's
 * reserve.
 */
async function borrowFromReserve(
  ctx: KaminoSeedContext,
  lendingMarket: PublicKey,
  spec: KaminoBankSpec,
  borrowed: { address: PublicKey; token: KaminoBankToken },
  collateralToken: KaminoBankToken,
): Promise<void> {
  const plan = spec.marketBorrower;
  await configureElevationGroup(ctx, lendingMarket, borrowed.address);
  const debtLimit = nativeForUsd(priceOf(borrowed.token.spec), plan.collateralReserve.borrowLimitUsd);
  const collateralReserve = await createReserve(ctx, lendingMarket, collateralToken, plan.collateralReserve, (config) => {
    config.elevationGroups[0] = BORROWER_ELEVATION_GROUP.id;
    // The group's debt against this collateral may reach the reserve's own borrow limit in USD.
    config.borrowLimitAgainstThisCollateralInElevationGroup[BORROWER_ELEVATION_GROUP.id - 1] = debtLimit;
  });
  const admin = ctx.admin.publicKey;
  const wallet = derivedKeypair(ctx.admin, `${ctx.group.toBase58()}/kamino/${spec.symbol}/borrower`);
  const owner = wallet.publicKey;
  const collateralAmount = nativeForUsd(priceOf(collateralToken.spec), plan.collateralUsd);
  const collateralSource = associatedTokenAddress(collateralToken.mint, owner);
  await sendTransaction(ctx.connection, ctx.admin, [
    SystemProgram.transfer({ fromPubkey: admin, toPubkey: owner, lamports: SUPPLIER_LAMPORTS }),
    createAssociatedTokenAccountInstruction({ owner, mint: collateralToken.mint, payer: admin }),
    createMintToInstruction(collateralToken.mint, collateralSource, admin, collateralAmount),
    createAssociatedTokenAccountInstruction({ owner, mint: borrowed.token.mint, payer: admin }),
  ]);
  await sendTransaction(
    ctx.connection,
    ctx.admin,
    [
      initUserMetadataInstruction({ owner, feePayer: admin }),
      initObligationInstruction({ obligationOwner: owner, feePayer: admin, lendingMarket }),
    ],
    [wallet],
  );
  const obligation = vanillaObligationAddress(owner, lendingMarket);
  const obligationState = async () => decodeObligation((await ctx.connection.getAccountInfo(obligation, "confirmed"))!.data);
  await ctx.refreshPrices();
  const collateral = await loadReserve(ctx, collateralReserve);
  await sendTransaction(
    ctx.connection,
    ctx.admin,
    [
      ...obligationRefreshInstructions(obligation, await obligationState(), [collateral]),
      depositReserveLiquidityAndObligationCollateralInstruction({
        owner,
        obligation,
        reserve: reserveAccountsOf(collateralReserve, collateral.state),
        userSourceLiquidity: collateralSource,
        liquidityAmount: collateralAmount,
      }),
    ],
    [wallet],
  );
  // With collateral posted (klend asks for some), the obligation moves into the group before it borrows.
  await sendTransaction(
    ctx.connection,
    ctx.admin,
    [
      ...obligationRefreshInstructions(obligation, await obligationState(), [await loadReserve(ctx, collateralReserve)]),
      requestElevationGroupInstruction({
        owner,
        obligation,
        lendingMarket,
        elevationGroup: BORROWER_ELEVATION_GROUP.id,
        depositReserves: [collateralReserve],
        borrowReserves: [],
      }),
    ],
    [wallet],
  );
  const debt = await loadReserve(ctx, borrowed.address);
  await sendTransaction(
    ctx.connection,
    ctx.admin,
    [
      ...obligationRefreshInstructions(obligation, await obligationState(), [await loadReserve(ctx, collateralReserve), debt]),
      borrowObligationLiquidityInstruction({
        owner,
        obligation,
        reserve: reserveAccountsOf(borrowed.address, debt.state),
        userDestinationLiquidity: associatedTokenAddress(borrowed.token.mint, owner),
        liquidityAmount: nativeForUsd(priceOf(borrowed.token.spec), plan.borrowUsd),
        // Inside the group the collateral reserve keeps the group's debt against it.
        depositReserves: [collateralReserve],
      }),
    ],
    [wallet],
  );
}

/** A zeroed account of `space` bytes owned by the farms program, for its `zero` initialisers. */
async function createFarmsAccount(ctx: KaminoSeedContext, space: number): Promise<PublicKey> {
  const account = Keypair.generate();
  const lamports = await ctx.connection.getMinimumBalanceForRentExemption(space);
  await sendTransaction(
    ctx.connection,
    ctx.admin,
    [createFarmsAccountInstruction({ payer: ctx.admin.publicKey, account: account.publicKey, lamports, space })],
    [account],
  );
  return account.publicKey;
}

/**
 * The reserve's collateral farm: a farms global config and a farm delegated to the market, one reward in the reward
 * token at a constant rate funded for a year, and the bank's obligation staked with its collateral tokens.
 */
async function seedCollateralFarm(
  ctx: KaminoSeedContext,
  lendingMarket: PublicKey,
  reserve: PublicKey,
  bank: PublicKey,
  reward: KaminoBankToken,
): Promise<void> {
  const admin = ctx.admin.publicKey;
  const globalConfig = await createFarmsAccount(ctx, FARMS_GLOBAL_CONFIG_SIZE);
  await sendTransaction(ctx.connection, ctx.admin, [initializeFarmsGlobalConfigInstruction({ globalAdmin: admin, globalConfig })]);
  const farmState = await createFarmsAccount(ctx, FARM_STATE_SIZE);
  const farm = { lendingMarket, reserve, farmState, kind: ReserveFarmKind.Collateral };
  await sendTransaction(ctx.connection, ctx.admin, [
    initFarmsForReserveInstruction({ ...farm, lendingMarketOwner: admin, farmsGlobalConfig: globalConfig }),
    initializeRewardInstruction({ farmAdmin: admin, farmState, globalConfig, rewardMint: reward.mint }),
  ]);
  const rate = nativeForUsd(priceOf(reward.spec), FARM_REWARD_USD_PER_YEAR) / SECONDS_PER_YEAR;
  const funding = rate * SECONDS_PER_YEAR;
  const source = associatedTokenAddress(reward.mint, admin);
  await sendTransaction(ctx.connection, ctx.admin, [
    createAssociatedTokenAccountInstruction({ owner: admin, mint: reward.mint }),
    createMintToInstruction(reward.mint, source, admin, funding),
    addRewardsInstruction({
      payer: admin,
      farmState,
      rewardMint: reward.mint,
      payerRewardTokenAta: source,
      amount: funding,
      rewardIndex: 0n,
    }),
    setRewardScheduleInstruction({ signer: admin, farmState, rewardIndex: 0n, points: [{ tsStart: 0n, rewardPerTimeUnit: rate }] }),
  ]);
  const bankData = decodeBank((await ctx.connection.getAccountInfo(bank, "confirmed"))!.data);
  const obligation = new PublicKey(bankData.integrationAcc2);
  const owner = bankVaultAuthorityAddress(bank, "liquidity", ctx.programId);
  await sendTransaction(ctx.connection, ctx.admin, [
    initObligationFarmsForReserveInstruction({ ...farm, obligation, payer: admin, owner }),
    refreshObligationFarmsForReserveInstruction({ ...farm, obligation, crank: admin }),
  ]);
}
