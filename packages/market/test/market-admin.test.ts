// The market owner's instructions and refresh_reserve on a real ledger: the accounts init_lending_market and
// init_reserve write (decoded back field by field), config updates and their validation errors, and oracle prices
// from the local Pyth receiver and Switchboard On-Demand programs with their status bits.
import { Keypair, PublicKey, SystemProgram } from "@solana/web3.js";
import { getAccount, getMint } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumBalanceForRentExemption } from "@ballast/ledger";
import {
  KLEND_PROGRAM_ID,
  LENDING_MARKET_SIZE,
  NULL_PUBKEY,
  RESERVE_SIZE,
  UpdateConfigMode,
  ReserveStatus,
  ZERO_PUBKEY,
  createLendingMarketAccountInstruction,
  depositReserveLiquidityInstruction,
  decodeReserve,
  encodeReserveConfig,
  encodeReserveInto,
  encodeLendingMarketInto,
  initLendingMarketInstruction,
  initReserveInstruction,
  lendingMarketAuthority,
  refreshReserveInstruction,
  refreshReserveInstructionFor,
  reserveVaultAddress,
  updateEntireReserveConfigInstruction,
  updateReserveConfigInstruction,
  type ReserveAccounts,
  type ReserveConfig,
} from "../src/index.js";
import { MarketHarness } from "./support/harness.js";
import { ONE, activeConfig } from "./support/configs.js";

let h: MarketHarness;
let market: PublicKey;
let usdc: PublicKey;
let usdcPyth: PublicKey;
let reserve: ReserveAccounts;
let reserveSlot: bigint;

beforeAll(async () => {
  h = await MarketHarness.start();
  usdc = await h.createMint(6);
  usdcPyth = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
});
afterAll(() => h.close());

const owner = () => h.owner;

function updateOf(target: PublicKey, config: ReserveConfig, skipValidation = false) {
  return updateEntireReserveConfigInstruction({
    lendingMarketOwner: owner().publicKey,
    lendingMarket: market,
    reserve: target,
    config,
    skipValidation,
  });
}

const update = (config: ReserveConfig, skipValidation = false) => updateOf(reserve.reserve, config, skipValidation);

function updateField(mode: number, value: Buffer) {
  return updateReserveConfigInstruction({
    lendingMarketOwner: owner().publicKey,
    lendingMarket: market,
    reserve: reserve.reserve,
    mode,
    value,
  });
}

describe("init_lending_market", () => {
  it("writes klend's defaults, the owner, the authority bump and the quote currency", async () => {
    market = await h.createMarket();
    const info = (await h.connection.getAccountInfo(market))!;
    expect(info.owner.toBase58()).toBe(KLEND_PROGRAM_ID);
    expect(info.data.length).toBe(LENDING_MARKET_SIZE);
    const [, bump] = PublicKey.findProgramAddressSync([Buffer.from("lma"), market.toBuffer()], new PublicKey(KLEND_PROGRAM_ID));
    const decoded = await h.market(market);
    expect(decoded).toEqual({
      version: 1n,
      bumpSeed: BigInt(bump),
      lendingMarketOwner: owner().publicKey.toBase58(),
      lendingMarketOwnerCached: ZERO_PUBKEY,
      quoteCurrency: Uint8Array.from([...Buffer.from("USD"), ...Array(29).fill(0)]),
      referralFeeBps: 0,
      emergencyMode: 0,
      autodeleverageEnabled: 0,
      borrowDisabled: 0,
      priceRefreshTriggerToMaxAgePct: 0,
      liquidationMaxDebtCloseFactorPct: 20,
      insolvencyRiskUnhealthyLtvPct: 95,
      minFullLiquidationValueThreshold: 2n,
      maxLiquidatableDebtMarketValueAtOnce: 500_000n,
      globalAllowedBorrowValue: 45_000_000n,
      riskCouncil: ZERO_PUBKEY,
      elevationGroups: Array.from({ length: 32 }, () => ({
        maxLiquidationBonusBps: 0,
        id: 0,
        ltvPct: 0,
        liquidationThresholdPct: 0,
        allowNewLoans: 0,
        maxReservesAsCollateral: 255,
        debtReserve: ZERO_PUBKEY,
      })),
      minNetValueInObligationSf: 1_152_921_504_607n,
      minValueSkipLiquidationLtvChecks: 0n,
      name: new Uint8Array(32),
      minValueSkipLiquidationBfChecks: 0n,
      individualAutodeleverageMarginCallPeriodSecs: 0n,
      minInitialDepositAmount: 100_000n,
      obligationOrderExecutionEnabled: 0,
      immutable: 0,
      obligationOrderCreationEnabled: 0,
      priceTriggeredLiquidationDisabled: 0,
      proposerAuthority: ZERO_PUBKEY,
    });
    // Nothing outside the fields: the same struct written over zeros gives the same bytes.
    const rewritten = Buffer.alloc(LENDING_MARKET_SIZE);
    encodeLendingMarketInto(rewritten, decoded);
    expect(rewritten.equals(info.data)).toBe(true);
  });

  it("refuses an initialized market (AccountDiscriminatorAlreadySet) and an account it does not own", async () => {
    const again = initLendingMarketInstruction({ lendingMarketOwner: owner().publicKey, lendingMarket: market });
    const result = await h.expectFailure(again, [owner()], "AccountDiscriminatorAlreadySet");
    expect(result.logs).toContain(
      "Program log: AnchorError caused by account: lending_market. Error Code: AccountDiscriminatorAlreadySet. Error Number: 3000. Error Message: The account discriminator was already set on this account.",
    );
    const foreign = Keypair.generate();
    const lamports = Number(minimumBalanceForRentExemption(LENDING_MARKET_SIZE));
    await h.expectFailure(
      [
        SystemProgram.createAccount({
          fromPubkey: owner().publicKey,
          newAccountPubkey: foreign.publicKey,
          lamports,
          space: LENDING_MARKET_SIZE,
          programId: SystemProgram.programId,
        }),
        initLendingMarketInstruction({ lendingMarketOwner: owner().publicKey, lendingMarket: foreign.publicKey }),
      ],
      [owner(), foreign],
      "AccountOwnedByWrongProgram",
    );
    const small = Keypair.generate();
    await h.expectFailure(
      [
        createLendingMarketAccountInstruction({
          payer: owner().publicKey,
          account: small.publicKey,
          lamports: Number(minimumBalanceForRentExemption(100)),
        }),
        initLendingMarketInstruction({ lendingMarketOwner: owner().publicKey, lendingMarket: small.publicKey }),
      ],
      [owner(), small],
      "ConstraintRentExempt",
    );
  });
});

describe("init_reserve", () => {
  it("creates the vaults and the cToken mint at their PDAs, seeded with the minimum deposit, Hidden and stale", async () => {
    const source = await h.tokenAccount(owner().publicKey, usdc);
    await h.mintTo(usdc, source, 5_000_000n);
    const before = await h.balance(source);
    ({ accounts: reserve, slot: reserveSlot } = await h.createReserve(market, usdc));
    // createReserve funds another 1,000,000 before the reserve takes its 100,000.
    expect(await h.balance(source)).toBe(before + 1_000_000n - 100_000n);

    const authority = lendingMarketAuthority(market);
    const pda = (kind: Parameters<typeof reserveVaultAddress>[0]) => reserveVaultAddress(kind, market, usdc);
    expect(reserve.liquiditySupply).toEqual(pda("reserveLiquiditySupply"));
    const supply = await getAccount(h.connection, pda("reserveLiquiditySupply"));
    expect([supply.mint, supply.owner, supply.amount]).toEqual([usdc, authority, 100_000n]);
    const fee = await getAccount(h.connection, pda("feeReceiver"));
    expect([fee.mint, fee.owner, fee.amount]).toEqual([usdc, authority, 0n]);
    const cMint = await getMint(h.connection, pda("reserveCollateralMint"));
    expect([cMint.decimals, cMint.mintAuthority, cMint.freezeAuthority, cMint.supply]).toEqual([6, authority, null, 0n]);
    const cSupply = await getAccount(h.connection, pda("reserveCollateralSupply"));
    expect([cSupply.mint, cSupply.owner, cSupply.amount]).toEqual([pda("reserveCollateralMint"), authority, 0n]);

    const data = await h.data(reserve.reserve);
    const state = decodeReserve(data);
    expect(state.version).toBe(1n);
    expect(state.lastUpdate).toEqual({ slot: reserveSlot, stale: 1, priceStatus: 0 });
    expect(state.lendingMarket).toBe(market.toBase58());
    expect([state.farmCollateral, state.farmDebt]).toEqual([ZERO_PUBKEY, ZERO_PUBKEY]);
    expect(state.liquidity).toEqual({
      mintPubkey: usdc.toBase58(),
      supplyVault: pda("reserveLiquiditySupply").toBase58(),
      feeVault: pda("feeReceiver").toBase58(),
      availableAmount: 100_000n,
      borrowedAmountSf: 0n,
      marketPriceSf: 0n,
      marketPriceLastUpdatedTs: 0n,
      mintDecimals: 6n,
      depositLimitCrossedTimestamp: 0n,
      borrowLimitCrossedTimestamp: 0n,
      cumulativeBorrowRateBsf: ONE,
      accumulatedProtocolFeesSf: 0n,
      accumulatedReferrerFeesSf: 0n,
      pendingReferrerFeesSf: 0n,
      absoluteReferralRateSf: 0n,
      tokenProgram: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
    });
    expect(state.collateral).toEqual({
      mintPubkey: pda("reserveCollateralMint").toBase58(),
      mintTotalSupply: 100_000n,
      supplyVault: pda("reserveCollateralSupply").toBase58(),
    });
    expect(state.config.status).toBe(2);
    expect(state.config.borrowRateCurve.points).toEqual([
      { utilizationRateBps: 0, borrowRateBps: 0 },
      ...Array(10).fill({ utilizationRateBps: 10_000, borrowRateBps: 0 }),
    ]);
    expect(state.config.tokenInfo.scopeConfiguration).toEqual({
      priceFeed: NULL_PUBKEY,
      priceChain: [65535, 65535, 65535, 65535],
      twapChain: [65535, 65535, 65535, 65535],
    });
    expect([state.config.depositLimit, state.config.borrowLimit, state.config.loanToValuePct]).toEqual([0n, 0n, 0]);
    const rewritten = Buffer.alloc(RESERVE_SIZE);
    encodeReserveInto(rewritten, state);
    expect(rewritten.equals(data)).toBe(true);
  });

  it("refuses a signer who is neither the market owner nor its proposer authority (InvalidSigner)", async () => {
    const stranger = await h.fundedKeypair();
    const mint = await h.createMint(6);
    const source = await h.tokenAccount(stranger.publicKey, mint);
    await h.mintTo(mint, source, 1_000_000n);
    const account = Keypair.generate();
    const result = await h.expectFailure(
      [
        SystemProgram.createAccount({
          fromPubkey: stranger.publicKey,
          newAccountPubkey: account.publicKey,
          lamports: Number(minimumBalanceForRentExemption(RESERVE_SIZE)),
          space: RESERVE_SIZE,
          programId: new PublicKey(KLEND_PROGRAM_ID),
        }),
        initReserveInstruction({
          lendingMarketOwner: stranger.publicKey,
          lendingMarket: market,
          reserve: account.publicKey,
          liquidityMint: mint,
          initialLiquiditySource: source,
        }),
      ],
      [stranger, account],
      "InvalidSigner",
    );
    expect(result.logs?.some((l) => l.includes("caused by account: signer"))).toBe(true);
  });
});

describe("update_reserve_config", () => {
  it("writes a whole config verbatim, reserved bytes included, and marks the reserve stale", async () => {
    const config = activeConfig({ name: "USDC", pyth: usdcPyth });
    const value = encodeReserveConfig(config);
    value[6] = 7; // a reserved byte: copied as given
    await h.send(
      updateReserveConfigInstruction({
        lendingMarketOwner: owner().publicKey,
        lendingMarket: market,
        reserve: reserve.reserve,
        mode: UpdateConfigMode.UpdateEntireReserveConfig,
        value,
      }),
      [owner()],
    );
    const data = await h.data(reserve.reserve);
    expect(data.subarray(4856, 4856 + 920).equals(value)).toBe(true);
    const state = decodeReserve(data);
    expect(state.config).toEqual(config);
    expect(state.lastUpdate.stale).toBe(1);
  });

  it("sets single fields", async () => {
    await h.send(updateField(UpdateConfigMode.UpdateLoanToValuePct, Buffer.from([70])), [owner()]);
    const limit = Buffer.alloc(8);
    limit.writeBigUInt64LE(123_456_789n);
    await h.send(updateField(UpdateConfigMode.UpdateDepositLimit, limit), [owner()]);
    await h.send(updateField(UpdateConfigMode.UpdateBorrowLimit, limit), [owner()]);
    const age = Buffer.alloc(8);
    age.writeBigUInt64LE(30n);
    await h.send(updateField(UpdateConfigMode.UpdateTokenInfoPriceMaxAge, age), [owner()]);
    const { config } = await h.reserve(reserve.reserve);
    expect([config.loanToValuePct, config.depositLimit, config.borrowLimit, config.tokenInfo.maxAgePriceSeconds]).toEqual([
      70,
      123_456_789n,
      123_456_789n,
      30n,
    ]);
  });

  it("refuses invalid configs with klend's errors and messages", async () => {
    const base = () => activeConfig({ name: "USDC", pyth: usdcPyth });
    const cases: [ReserveConfig, string, string][] = [
      [{ ...base(), loanToValuePct: 100, liquidationThresholdPct: 100 }, "InvalidConfig", "Loan to value ratio must be in range [0, 100)"],
      [
        { ...base(), loanToValuePct: 80, liquidationThresholdPct: 79 },
        "InvalidConfig",
        "Liquidation threshold must be in range [LTV, 100]",
      ],
      [{ ...base(), borrowFactorPct: 99n }, "InvalidConfig", "Invalid borrow factor, it must be greater or equal to 100"],
      [{ ...base(), fees: { originationFeeSf: ONE, flashLoanFeeSf: 0n } }, "InvalidConfig", "Borrow fee must be in range [0, 100%]"],
      [{ ...base(), protocolTakeRatePct: 101 }, "InvalidConfig", "Protocol take rate must be in range [0, 100]"],
      [
        { ...base(), tokenInfo: { ...base().tokenInfo, pythConfiguration: { price: ZERO_PUBKEY } } },
        "InvalidOracleConfig",
        "Invalid reserve token info: no oracle source is enabled",
      ],
      [
        {
          ...base(),
          tokenInfo: {
            ...base().tokenInfo,
            scopeConfiguration: { priceFeed: usdcPyth.toBase58(), priceChain: [0, 0, 0, 0], twapChain: [0, 0, 0, 0] },
          },
        },
        "InvalidOracleConfig",
        "Invalid reserve token info: the Scope price chain is not set",
      ],
      [
        {
          ...base(),
          borrowRateCurve: { points: base().borrowRateCurve.points.map((p, i) => (i === 2 ? { ...p, borrowRateBps: 10 } : p)) },
        },
        "InvalidBorrowRateCurvePoint",
        "Borrowing rate must growing in the curve",
      ],
      [
        {
          ...base(),
          borrowRateCurve: { points: base().borrowRateCurve.points.map((p, i) => (i === 0 ? { ...p, utilizationRateBps: 5 } : p)) },
        },
        "InvalidBorrowRateCurvePoint",
        "First point of borrowing rate curve must have an utilization rate of 0",
      ],
      [
        // A group the market never configured: the read of the group fails, with nothing logged before it.
        { ...base(), elevationGroups: [1, ...Array(19).fill(0)] },
        "InvalidElevationGroup",
        "AnchorError occurred. Error Code: InvalidElevationGroup. Error Number: 6069. Error Message: The elevation group chosen for the reserve does not exist in the lending market.",
      ],
    ];
    for (const [config, name, reason] of cases) {
      const result = await h.expectFailure(update(config), [owner()], name);
      expect(result.logs, reason).toContain(`Program log: ${reason}`);
    }
    // The same invalid config goes through when the owner skips the validation.
    await h.send(update({ ...base(), borrowFactorPct: 99n }, true), [owner()]);
    expect((await h.reserve(reserve.reserve)).config.borrowFactorPct).toBe(99n);
    await h.send(update(base()), [owner()]);
  });

  it("keeps obsolete reserves from taking deposits (ReserveObsolete)", async () => {
    const owner2 = await h.fundedKeypair();
    const source = await h.tokenAccount(owner2.publicKey, usdc);
    const cTokens = await h.tokenAccount(owner2.publicKey, reserve.collateralMint);
    await h.mintTo(usdc, source, 1_000n);
    const deposit = depositReserveLiquidityInstruction({
      owner: owner2.publicKey,
      reserve,
      userSourceLiquidity: source,
      userDestinationCollateral: cTokens,
      liquidityAmount: 1_000n,
    });
    await h.send(update({ ...activeConfig({ name: "USDC", pyth: usdcPyth }), status: ReserveStatus.Obsolete }), [owner()]);
    await h.expectFailure(deposit, [owner2], "ReserveObsolete");
    await h.send(update(activeConfig({ name: "USDC", pyth: usdcPyth })), [owner()]);
    await h.send(deposit, [owner2]);
    expect(await h.balance(cTokens)).toBe(1_000n);
  });

  it("refuses unsupported modes, malformed arguments and strangers", async () => {
    const unsupported = await h.expectFailure(updateField(1, Buffer.from([1])), [owner()], "InvalidConfig");
    expect(unsupported.logs).toContain("Program log: Update config mode 1 is not supported by this market");
    await h.expectFailure(updateField(52, Buffer.from([1])), [owner()], "InstructionDidNotDeserialize");
    const short = await h.expectFailure(updateField(UpdateConfigMode.UpdateDepositLimit, Buffer.from([1, 2])), [owner()], "InvalidConfig");
    expect(short.logs).toContain("Program log: Update config mode 8 needs a 8-byte value, got 2");
    const stranger = await h.fundedKeypair();
    await h.expectFailure(
      updateReserveConfigInstruction({
        lendingMarketOwner: stranger.publicKey,
        lendingMarket: market,
        reserve: reserve.reserve,
        mode: 0,
        value: Buffer.from([50]),
      }),
      [stranger],
      "InvalidSigner",
    );
  });
});

describe("refresh_reserve", () => {
  async function refresh(address: PublicKey) {
    return h.send(refreshReserveInstructionFor(address, await h.reserve(address)), [owner()]);
  }

  it("takes the Pyth price as a Fraction per whole token with every check passed, fresh in this slot", async () => {
    const publishTime = h.now();
    await h.setPyth(usdcPyth, { price: 100_000_000n, exponent: -8, publishTime });
    const { signature, slot } = await refresh(reserve.reserve);
    const state = await h.reserve(reserve.reserve);
    expect(state.liquidity.marketPriceSf).toBe(ONE);
    expect(state.liquidity.marketPriceLastUpdatedTs).toBe(publishTime);
    expect(state.lastUpdate).toEqual({ slot, stale: 0, priceStatus: 63 });
    // No debt: the index stays at 1.
    expect(state.liquidity.cumulativeBorrowRateBsf).toBe(ONE);
    expect(await h.logs(signature)).toContain("Program log: Token: USDC Price: 1.0000");
  });

  it("takes a Switchboard result dated 400 ms per slot back, and the most recent of two sources", async () => {
    const sol = await h.createMint(9);
    const { accounts: solReserve } = await h.createReserve(market, sol);
    const feed = await h.switchboardFeed(150_500_000_000_000_000_000n);
    await h.send(updateOf(solReserve.reserve, activeConfig({ name: "SOL", switchboard: feed })), [owner()]);
    const resultSlot = await h.setSwitchboard(feed, 150_500_000_000_000_000_000n);
    const resultTime = h.now();
    h.advance(10, 5);
    const { slot } = await refresh(solReserve.reserve);
    expect(slot).toBe(resultSlot + 6n);
    let state = await h.reserve(solReserve.reserve);
    expect(state.liquidity.marketPriceSf).toBe((301n * ONE) / 2n);
    // 6 slots × 400 ms = 2.4 s, whole seconds: 2.
    expect(state.liquidity.marketPriceLastUpdatedTs).toBe(resultTime + 10n - 2n);
    expect(state.lastUpdate.priceStatus).toBe(63);

    // With Pyth as well, the later timestamp wins: first Switchboard (Pyth published 30 s ago), then Pyth.
    const pyth = await h.pythFeed({ price: 15_100_000_000n, exponent: -8, publishTime: h.now() - 30n });
    await h.send(updateOf(solReserve.reserve, activeConfig({ name: "SOL", switchboard: feed, pyth })), [owner()]);
    await h.setSwitchboard(feed, 150_500_000_000_000_000_000n);
    await refresh(solReserve.reserve);
    expect((await h.reserve(solReserve.reserve)).liquidity.marketPriceSf).toBe((301n * ONE) / 2n);
    h.advance(1);
    await h.setPyth(pyth, { price: 15_100_000_000n, exponent: -8 });
    await refresh(solReserve.reserve);
    state = await h.reserve(solReserve.reserve);
    expect(state.liquidity.marketPriceSf).toBe(151n * ONE);
    expect(state.liquidity.marketPriceLastUpdatedTs).toBe(h.now());
  });

  it("stores an old or out-of-bounds price without the bits it failed, and a diverging TWAP without TWAP_CHECKED", async () => {
    const old = await h.pythFeed({ price: 100_000_000n, exponent: -8, publishTime: h.now() - 100n });
    const config = activeConfig({ name: "USDC", pyth: old });
    await h.send(update(config), [owner()]);
    await refresh(reserve.reserve);
    expect((await h.reserve(reserve.reserve)).lastUpdate.priceStatus).toBe(63 - 2);

    const fresh = await h.pythFeed({ price: 100_000_000n, exponent: -8, emaPrice: 102_000_000n });
    const bounded = activeConfig({ name: "USDC", pyth: fresh });
    bounded.tokenInfo.heuristic = { lower: 2n, upper: 3n, exp: 0n };
    bounded.tokenInfo.maxTwapDivergenceBps = 100n;
    await h.send(update(bounded), [owner()]);
    const { signature } = await refresh(reserve.reserve);
    expect((await h.reserve(reserve.reserve)).lastUpdate.priceStatus).toBe(63 - 16 - 4);
    const logs = await h.logs(signature);
    expect(logs).toContain("Program log: Price heuristic check failed token=[USDC]");
    expect(logs).toContain("Program log: Price twap check failed token=[USDC]");

    await h.setPyth(fresh, { price: 100_000_000n, exponent: -8, emaPrice: 100_500_000n });
    await h.send(update({ ...bounded, tokenInfo: { ...bounded.tokenInfo, heuristic: { lower: 99n, upper: 101n, exp: 2n } } }), [owner()]);
    await refresh(reserve.reserve);
    expect((await h.reserve(reserve.reserve)).lastUpdate.priceStatus).toBe(63);
    await h.send(update(activeConfig({ name: "USDC", pyth: usdcPyth })), [owner()]);
  });

  it("fails with PriceNotValid when no source gives a price, and on accounts other than the configured ones", async () => {
    const wide = await h.pythFeed({ price: 100_000_000n, exponent: -8, conf: 2_000_001n });
    await h.send(update(activeConfig({ name: "USDC", pyth: wide })), [owner()]);
    const state = await h.reserve(reserve.reserve);
    const result = await h.expectFailure(refreshReserveInstructionFor(reserve.reserve, state), [owner()], "PriceNotValid");
    expect(result.logs).toContain("Program log: Oracle source ignored: Pyth price confidence too wide");
    expect(result.logs).toContain("Program log: No price feed available");

    await h.send(update(activeConfig({ name: "USDC", pyth: usdcPyth })), [owner()]);
    await h.expectFailure(
      refreshReserveInstruction({ reserve: reserve.reserve, lendingMarket: market, pythOracle: wide }),
      [owner()],
      "InvalidPythPriceAccount",
    );
    await h.expectFailure(
      refreshReserveInstruction({ reserve: reserve.reserve, lendingMarket: market, pythOracle: usdcPyth, switchboardPriceOracle: wide }),
      [owner()],
      "InvalidSwitchboardAccount",
    );
    const extra = refreshReserveInstruction({ reserve: reserve.reserve, lendingMarket: market, pythOracle: usdcPyth });
    extra.keys.push({ pubkey: usdcPyth, isSigner: false, isWritable: false });
    await h.expectFailure(extra, [owner()], "InvalidAccountInput");

    // A Scope feed without a price chain can only get in by skipping validation, and refresh then refuses it.
    const scoped = activeConfig({ name: "USDC", pyth: usdcPyth });
    scoped.tokenInfo.scopeConfiguration = {
      priceFeed: usdcPyth.toBase58(),
      priceChain: [65535, 65535, 65535, 65535],
      twapChain: [65535, 65535, 65535, 65535],
    };
    await h.send(update(scoped, true), [owner()]);
    const scope = await h.expectFailure(
      refreshReserveInstruction({ reserve: reserve.reserve, lendingMarket: market, pythOracle: usdcPyth }),
      [owner()],
      "InvalidOracleConfig",
    );
    expect(scope.logs).toContain("Program log: Invalid reserve token info: the Scope price chain is not set");
    await h.send(update(activeConfig({ name: "USDC", pyth: usdcPyth })), [owner()]);
  });
});
