// The sandbox on a real ledger over JSON-RPC: one seeding shared by every test (markets, banks read back through the
// SDK, idempotence), then the faucet, the price walk and the simulated users against it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID, getAccount, getAssociatedTokenAddressSync, unpackAccount } from "@solana/spl-token";
import { startLocalnet, type Localnet } from "@ballast/ledger";
import { DEFAULT_CONFIG, startServer } from "@ballast/server";
import {
  CurveKind,
  POOL_PROGRAM_ID,
  ROUTER_PROGRAM_ID,
  eventAuthority,
  poolProgram,
  routerProgram,
  spotPrice,
  withinFeeBand,
} from "@ballast/swap";
import { pythReceiverProgram, switchboardOnDemandProgram } from "@ballast/oracles";
import {
  KLEND_PROGRAM_ID,
  decodeReserve,
  farmsProgram,
  flashLoanInstructions,
  fraction,
  marketProgram,
  reserveAccountsOf,
} from "@ballast/market";
import {
  AssetTag,
  BankFlags,
  BankOperationalState,
  MARGINFI_PROGRAM_ID,
  OracleSetup,
  RiskTier,
  centiToU32,
  decodeMarginfiAccount,
  i80f48 as fx,
  lendingProgram,
  milliToU32,
} from "@ballast/protocol";
import {
  accountLeverage,
  accountRisk,
  depositAction,
  isOracleFailure,
  kaminoCollateralForTokens,
  keypairWallet,
  fetchKaminoFarmRewards,
  leveragedPosition,
  loadMarket,
  swapApiUrl,
  withdrawAllAction,
  toNumber,
  panicPauseInstruction,
  panicUnpauseInstruction,
  propagateFeeStateInstruction,
  type Market,
  type PricedBank,
} from "@ballast/sdk";
import {
  EMODE_TAG_LST_T1,
  EMODE_TAG_LST_T2,
  EMODE_TAG_SOL,
  FAUCET_LAMPORTS,
  MARKETS,
  MAX_LOOP_SHARE,
  MIN_LOOP_LEVERAGE,
  PriceWalk,
  RISK_PROFILES,
  SimulatedUsers,
  CAUTIOUS,
  RISK_TAKER,
  appetiteOf,
  createMarketLookupTables,
  createSwapLookupTables,
  swapLookupTables,
  ArbitrageKeeper,
  TOKEN_CATEGORIES,
  VENUE_POOLS,
  TOKENS,
  airdrop,
  annualVolatility,
  createFaucet,
  directoryStore,
  loopAccountAddress,
  loopLeverage,
  loopPairs,
  oraclePricesE18,
  pairPrice,
  seedSandbox,
  seedVenue,
  stakingRate,
  tokenSpec,
  type PricedUpdate,
  type SandboxState,
  type UserAction,
  type VenuePool,
} from "../src/index.js";
import { nativeForUsd } from "../src/liquidity.js";
import { sendTransaction } from "../src/send.js";

const decimalE12 = (price: string) => {
  const [whole, fraction = ""] = price.split(".");
  return BigInt(whole!) * 10n ** 12n + BigInt(fraction.padEnd(12, "0"));
};

let net: Localnet;
let connection: Connection;
let dir: string;
let state: SandboxState;
let venue: VenuePool[];
const admin = Keypair.generate();

beforeAll(async () => {
  net = await startLocalnet({
    rpcPort: 0,
    dataDir: null,
    slotMs: 400,
    programs: [
      lendingProgram(),
      pythReceiverProgram(),
      switchboardOnDemandProgram(),
      marketProgram(),
      farmsProgram(),
      poolProgram(),
      routerProgram(),
    ],
  });
  connection = new Connection(net.rpc.url, "confirmed");
  await airdrop(connection, admin.publicKey, 5_000_000_000_000_000n);
  dir = mkdtempSync(join(tmpdir(), "ballast-sandbox-"));
  state = await seedSandbox(connection, admin, directoryStore(dir));
  venue = await seedVenue(connection, admin, state);
});

afterAll(async () => {
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("seeding", () => {
  it("creates the six named markets, main first, and saves them", async () => {
    expect(state.markets.map((m) => m.name)).toEqual(["Ballast Main", "Harbor", "Keel", "Mast", "Anchorage", "Breakwater"]);
    expect(new Set(state.markets.map((m) => m.group)).size).toBe(6);
    expect(state.programId).toBe(MARGINFI_PROGRAM_ID);
    expect(JSON.parse(readFileSync(join(dir, "sandbox.json"), "utf8"))).toEqual(state);
    for (const market of state.markets) {
      const info = await connection.getAccountInfo(new PublicKey(market.group));
      expect(info?.owner.toBase58()).toBe(MARGINFI_PROGRAM_ID);
    }
    // The main market's own banks, one per token, then its bank backed by the Kamino-style market.
    expect(state.banks.filter((b) => b.group === state.markets[0]!.group).map((b) => b.symbol)).toEqual([
      ...TOKENS.map((t) => t.symbol),
      "USDC",
    ]);
    const perMarket = state.markets.map((m) => state.banks.filter((b) => b.group === m.group).length);
    expect(perMarket).toEqual([18, 2, 3, 2, 3, 2]);
  });

  it("lists every token once, in all seven categories, SOL as the native mint", () => {
    expect(state.tokens.map((t) => t.symbol)).toEqual(TOKENS.map((t) => t.symbol));
    expect(new Set(state.tokens.map((t) => t.category))).toEqual(new Set(TOKEN_CATEGORIES));
    expect(state.tokens.find((t) => t.symbol === "SOL")).toMatchObject({
      mint: "So11111111111111111111111111111111111111112",
      decimals: 9,
      category: "SOL / LST",
      priceUsd: "172.40",
    });
    expect(state.tokens.find((t) => t.symbol === "USDC")).toMatchObject({ name: "USD Coin", category: "Stablecoins", decimals: 6 });
    expect(state.tokens.find((t) => t.symbol === "BONK")).toMatchObject({ category: "Memes", decimals: 5, priceUsd: "0.0000245" });
  });

  it("configures every bank as the catalog says, read back through loadMarket", async () => {
    for (const [m, spec] of MARKETS.entries()) {
      const market = await loadMarket(connection, { programId: MARGINFI_PROGRAM_ID, group: state.markets[m]!.group });
      expect(market.banks.size).toBe(spec.banks.length + (spec.kaminoBanks?.length ?? 0));
      for (const bankSpec of spec.banks) {
        const seeded = state.banks.find((b) => b.group === state.markets[m]!.group && b.symbol === bankSpec.symbol)!;
        const bank = market.banks.get(seeded.address)!.bank;
        const token = tokenSpec(bankSpec.symbol);
        const risk = { ...RISK_PROFILES[bankSpec.symbol]!, ...bankSpec.risk };
        const price = { decimals: token.decimals, priceE12: decimalE12(token.price) };
        const c = bank.config;
        expect(bank.mint).toBe(seeded.mint);
        expect(bank.mintDecimals).toBe(token.decimals);
        expect(c.assetWeightInit).toBe(fx.fromDecimal(risk.assetWeightInit));
        expect(c.assetWeightMaint).toBe(fx.fromDecimal(risk.assetWeightMaint));
        expect(c.liabilityWeightInit).toBe(fx.fromDecimal(risk.liabilityWeightInit));
        expect(c.liabilityWeightMaint).toBe(fx.fromDecimal(risk.liabilityWeightMaint));
        expect(c.depositLimit).toBe(nativeForUsd(price, bankSpec.depositLimitUsd));
        expect(c.borrowLimit).toBe(nativeForUsd(price, bankSpec.borrowLimitUsd));
        expect(c.riskTier).toBe(risk.isolated ? RiskTier.Isolated : RiskTier.Collateral);
        expect(c.assetTag).toBe(risk.assetTag);
        expect(c.oracleMaxAge).toBe(60);
        expect(c.totalAssetValueInitLimit).toBe(bankSpec.totalAssetValueInitLimitUsd ?? 0n);
        expect(c.operationalState).toBe(bankSpec.reduceOnly ? BankOperationalState.ReduceOnly : BankOperationalState.Operational);
        expect(c.oracleSetup).toBe(token.oracle === "pyth" ? OracleSetup.PythPushOracle : OracleSetup.SwitchboardPull);
        expect(c.oracleKeys[0]).toBe(seeded.oracle);
        const rates = c.interestRateConfig;
        const bps = (n: number) => fx.div(fx.fromInt(n), fx.fromInt(10_000));
        expect(rates.zeroUtilRate).toBe(milliToU32(bps(risk.curve.zeroBps)));
        expect(rates.hundredUtilRate).toBe(milliToU32(bps(risk.curve.hundredBps)));
        expect(rates.points.slice(0, risk.curve.points.length)).toEqual(
          risk.curve.points.map(([u, r]) => ({ util: centiToU32(bps(u)), rate: milliToU32(bps(r)) })),
        );
        expect(rates.protocolIrFee).toBe(fx.fromDecimal(risk.fees.protocolIrFee));
        expect(rates.insuranceIrFee).toBe(fx.fromDecimal(risk.fees.insuranceIrFee));
        expect(rates.protocolFixedFeeApr).toBe(fx.fromDecimal(risk.fees.protocolFixedFeeApr));
        expect(rates.protocolOriginationFee).toBe(fx.fromDecimal(risk.fees.protocolOriginationFee));
        expect(bank.emode.emodeTag).toBe(bankSpec.emodeTag ?? 0);
      }
    }
  });

  it("gives every bank deposits and every borrowable bank 20–85% utilization", async () => {
    for (const [m, spec] of MARKETS.entries()) {
      const market: Market = await loadMarket(connection, { programId: MARGINFI_PROGRAM_ID, group: state.markets[m]!.group });
      for (const bankSpec of spec.banks) {
        const seeded = state.banks.find((b) => b.group === state.markets[m]!.group && b.symbol === bankSpec.symbol)!;
        const priced = market.banks.get(seeded.address)!;
        expect(fx.cmp(priced.totalAssets, fx.ZERO), `${spec.name} ${bankSpec.symbol} deposits`).toBe(1);
        const utilization = toNumber(fx.div(priced.totalLiabilities, priced.totalAssets));
        expect(utilization, `${spec.name} ${bankSpec.symbol}`).toBeGreaterThanOrEqual(0.2);
        expect(utilization, `${spec.name} ${bankSpec.symbol}`).toBeLessThanOrEqual(0.85);
      }
    }
  });

  it("sets the SOL and LST e-mode tags and entries, an isolated bank, a reduce-only bank, emissions and both oracle kinds", async () => {
    const main = await loadMarket(connection, { programId: MARGINFI_PROGRAM_ID, group: state.markets[0]!.group });
    const bankOf = (symbol: string) =>
      main.banks.get(state.banks.find((b) => b.group === state.markets[0]!.group && b.symbol === symbol)!.address)!.bank;
    const entries = (symbol: string) =>
      bankOf(symbol)
        .emode.emodeConfig.entries.filter((e) => e.collateralBankEmodeTag !== 0)
        .map((e) => [e.collateralBankEmodeTag, e.assetWeightInit, e.assetWeightMaint]);
    const weights = (tag: number, init: string, maint: string) => [tag, fx.fromDecimal(init), fx.fromDecimal(maint)];
    expect(bankOf("SOL").emode.emodeTag).toBe(EMODE_TAG_SOL);
    expect(entries("SOL")).toEqual([weights(EMODE_TAG_LST_T1, "0.9", "0.95"), weights(EMODE_TAG_LST_T2, "0.85", "0.9")]);
    for (const lst of ["JitoSOL", "mSOL", "INF"]) expect(bankOf(lst).emode.emodeTag).toBe(EMODE_TAG_LST_T1);
    expect(bankOf("bSOL").emode.emodeTag).toBe(EMODE_TAG_LST_T2);
    expect(entries("JitoSOL")).toEqual([weights(EMODE_TAG_SOL, "0.85", "0.9"), weights(EMODE_TAG_LST_T1, "0.85", "0.9")]);
    expect([...main.banks.values()].filter((b) => b.bank.config.riskTier === RiskTier.Isolated).map((b) => b.bank.mint)).toEqual([
      bankOf("WIF").mint,
    ]);
    expect(bankOf("bSOL").config.operationalState).toBe(BankOperationalState.ReduceOnly);
    expect(state.banks.filter((b) => b.reduceOnly).map((b) => b.symbol)).toEqual(["bSOL"]);

    const mintOf = (symbol: string) => state.tokens.find((t) => t.symbol === symbol)!.mint;
    const pyusd = bankOf("PYUSD");
    expect(pyusd.flags & (BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE | BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE)).toBe(
      BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE,
    );
    expect(pyusd.emissionsMint).toBe(mintOf("PYUSD"));
    expect(pyusd.emissionsRate).toBe(40_000n); // 4% a year, in PYUSD native units per PYUSD
    const usdt = bankOf("USDT");
    expect(usdt.flags & (BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE | BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE)).toBe(
      BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE,
    );
    expect(usdt.emissionsMint).toBe(mintOf("BONK"));
    expect(fx.cmp(usdt.emissionsRemaining, fx.ZERO)).toBe(1);
    expect(fx.cmp(usdt.emissionsRemaining, fx.fromInt(5_000_000_000n * 100_000n))).toBeLessThanOrEqual(0);
    expect(bankOf("JitoSOL").emissionsMint).toBe(mintOf("JTO"));
    expect(state.banks.filter((b) => b.emissionsMint !== null).map((b) => b.symbol)).toEqual(["USDT", "PYUSD", "JitoSOL", "BONK"]);

    const setups = new Set([...main.banks.values()].map((b) => b.bank.config.oracleSetup));
    expect(setups).toEqual(new Set([OracleSetup.PythPushOracle, OracleSetup.SwitchboardPull, OracleSetup.KaminoPythPush]));
    expect(new Set(state.oracles.map((o) => o.kind))).toEqual(new Set(["pyth", "switchboard"]));
  });

  it("adds a USDC bank backed by an active reserve of the Kamino-style market, supplied with $1.5M", async () => {
    const kamino = state.banks.filter((b) => b.kaminoReserve !== undefined);
    expect(kamino.map((b) => [b.group, b.symbol])).toEqual([[state.markets[0]!.group, "USDC"]]);
    const seeded = kamino[0]!;
    const usdcOracle = state.oracles.find((o) => o.symbol === "USDC")!;
    expect(seeded.oracle).toBe(usdcOracle.address);

    const main = await loadMarket(connection, { programId: MARGINFI_PROGRAM_ID, group: state.markets[0]!.group });
    const priced = main.banks.get(seeded.address)!;
    const c = priced.bank.config;
    expect(c.assetTag).toBe(AssetTag.Kamino);
    expect(c.oracleSetup).toBe(OracleSetup.KaminoPythPush);
    expect(c.oracleKeys.slice(0, 2)).toEqual([usdcOracle.address, seeded.kaminoReserve]);
    expect(c.assetWeightInit).toBe(fx.fromDecimal("0.8"));
    expect(c.assetWeightMaint).toBe(fx.fromDecimal("0.9"));
    expect(c.depositLimit).toBe(20_000_000n * 1_000_000n);
    expect(c.borrowLimit).toBe(0n);
    expect(priced.bank.integrationAcc1).toBe(seeded.kaminoReserve);
    // The supply, booked in collateral tokens minted 1:1 before the market's borrower came.
    expect(priced.bank.totalAssetShares).toBe(fx.fromInt(1_500_000n * 1_000_000n));
    expect(isOracleFailure(priced.price.realTime)).toBe(false);
    // $800K of the reserve's $1,500,000.1 borrowed: utilization u, u × 8% / 80% on the curve, 90% of it to depositors.
    const u = 800_000 / 1_500_000.1;
    expect(toNumber(priced.kamino!.supplyApr)).toBeCloseTo(u * (u * 0.1) * 0.9, 6);
    expect(priced.rates.lendingRate).toBe(priced.kamino!.supplyApr);

    const [reserveInfo, obligationInfo] = await connection.getMultipleAccountsInfo([
      new PublicKey(seeded.kaminoReserve!),
      new PublicKey(priced.bank.integrationAcc2),
    ]);
    expect(reserveInfo?.owner.toBase58()).toBe(KLEND_PROGRAM_ID);
    expect(obligationInfo?.owner.toBase58()).toBe(KLEND_PROGRAM_ID);
    const reserve = decodeReserve(reserveInfo!.data);
    expect(reserve.liquidity.mintPubkey).toBe(seeded.mint);
    expect(reserve.liquidity.availableAmount).toBe(100_000n + 100n + 700_000n * 1_000_000n);
    expect(reserve.liquidity.borrowedAmountSf).toBe(fraction.fromInt(800_000n * 1_000_000n));
    expect(reserve.config.loanToValuePct).toBe(80);
    expect(reserve.config.tokenInfo.pythConfiguration.price).toBe(usdcOracle.address);

    // The reserve's collateral farm pays JTO worth $45,000 a year over the bank's $1.5M staked: about 3%.
    const jto = state.banks.find((b) => b.group === state.markets[0]!.group && b.symbol === "JTO")!;
    const rewards = await fetchKaminoFarmRewards(connection, main, seeded.address);
    expect(rewards.map((r) => r.mint)).toEqual([jto.mint]);
    expect(toNumber(rewards[0]!.apr!)).toBeCloseTo(0.03, 2);
  });

  it("charges klend's 0.001% flash-loan fee on the market's reserves, paid into the USDC reserve's fee vault", async () => {
    const seeded = state.banks.find((b) => b.kaminoReserve !== undefined)!;
    const reserveAddress = new PublicKey(seeded.kaminoReserve!);
    const reserve = decodeReserve((await connection.getAccountInfo(reserveAddress))!.data);
    // 2^60 × 10 / 10^6, floored: the fee Kamino's main-market USDC reserve stores.
    expect(reserve.config.fees.flashLoanFeeSf).toBe(11_529_215_046_068n);

    const wallet = Keypair.generate();
    await createFaucet(connection, admin, state).fund(wallet.publicKey.toBase58());
    const usdc = getAssociatedTokenAddressSync(new PublicKey(seeded.mint), wallet.publicKey);
    const accounts = reserveAccountsOf(reserveAddress, reserve);
    const balances = async () =>
      Promise.all([usdc, accounts.liquiditySupply, accounts.feeReceiver].map(async (a) => (await getAccount(connection, a)).amount));
    const [walletBefore, supplyBefore, feesBefore] = await balances();
    // $100,000 lent and returned in one transaction; the fee, 0.001% of it rounded, comes out of the wallet's own USDC.
    const amount = 100_000n * 1_000_000n;
    await sendTransaction(
      connection,
      admin,
      flashLoanInstructions(
        { userTransferAuthority: wallet.publicKey, reserve: accounts, userLiquidity: usdc, liquidityAmount: amount },
        [],
      ),
      [wallet],
    );
    const [walletAfter, supplyAfter, feesAfter] = await balances();
    expect(walletBefore! - walletAfter!).toBe(1_000_000n);
    expect(feesAfter! - feesBefore!).toBe(1_000_000n);
    expect(supplyAfter).toBe(supplyBefore);
  });

  it("sends nothing on a second start with the same store and returns the same state", async () => {
    const before = await connection.getTransactionCount();
    const again = await seedSandbox(connection, admin, directoryStore(dir));
    expect(await connection.getTransactionCount()).toBe(before);
    expect(again).toEqual(state);
  });

  it("gives a state saved before LSTs earned yield a staking start at the chain's time, once", async () => {
    const oldDir = mkdtempSync(join(tmpdir(), "ballast-sandbox-old-"));
    try {
      const store = directoryStore(oldDir);
      const { stakingSince: _, ...old } = state;
      store.write("sandbox", old);
      const before = Number(await connection.getBlockTime(await connection.getSlot()));
      const upgraded = await seedSandbox(connection, admin, store);
      expect(upgraded.stakingSince).toBeGreaterThanOrEqual(before);
      expect(store.read("sandbox")).toEqual(upgraded);
      expect(await seedSandbox(connection, admin, store)).toEqual(upgraded);
    } finally {
      rmSync(oldDir, { recursive: true, force: true });
    }
  });

  it("refuses a saved state from another admin", async () => {
    await expect(seedSandbox(connection, Keypair.generate(), directoryStore(dir))).rejects.toThrow(
      `the sandbox was seeded by admin ${admin.publicKey.toBase58()}, not `,
    );
  });
});

describe("faucet", () => {
  it("funds a new wallet with exactly 10 SOL and $10,000 of every other token", async () => {
    const wallet = Keypair.generate().publicKey;
    const grant = await createFaucet(connection, admin, state).fund(wallet.toBase58());
    expect(grant.lamports).toBe("10000000000");
    expect(BigInt(await connection.getBalance(wallet))).toBe(FAUCET_LAMPORTS);
    expect(grant.tokens.map((t) => t.symbol)).toEqual(TOKENS.filter((t) => !t.native).map((t) => t.symbol));
    expect(grant.tokens.find((t) => t.symbol === "USDC")).toMatchObject({ decimals: 6, amount: "10000000000" });
    expect(grant.tokens.find((t) => t.symbol === "wBTC")!.amount).toBe("10282776");
    expect(grant.tokens.find((t) => t.symbol === "BONK")!.amount).toBe("40816326530612");
    for (const token of grant.tokens) {
      const account = await getAccount(connection, getAssociatedTokenAddressSync(new PublicKey(token.mint), wallet));
      expect(account.amount.toString(), token.symbol).toBe(token.amount);
    }
    const landed = await connection.getTransaction(grant.signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.err).toBeNull();
  });

  it("refuses an invalid address", async () => {
    await expect(createFaucet(connection, admin, state).fund("not-a-wallet")).rejects.toThrow("Invalid wallet address: not-a-wallet");
  });
});

describe("the Kamino-backed bank", () => {
  it("takes a faucet wallet's deposit and full withdrawal through the SDK's actions at the walk's prices", async () => {
    const walk = await PriceWalk.create(connection, admin, state, { seed: "kamino", intervalMs: 2_000 });
    await walk.pushOnce();
    await walk.stop();
    const wallet = Keypair.generate();
    await createFaucet(connection, admin, state).fund(wallet.publicKey.toBase58());
    const seeded = state.banks.find((b) => b.kaminoReserve !== undefined)!;
    const bank = seeded.address;
    const main = await loadMarket(connection, { programId: MARGINFI_PROGRAM_ID, group: seeded.group });
    const context = { connection, wallet: keypairWallet(wallet), programId: new PublicKey(MARGINFI_PROGRAM_ID) };
    const usdc = getAssociatedTokenAddressSync(new PublicKey(seeded.mint), wallet.publicKey);
    const granted = 10_000n * 1_000_000n;

    const deposited = 250n * 1_000_000n;
    const { marginfiAccount } = await depositAction({ ...context, market: main, bank, amount: deposited });
    expect((await getAccount(connection, usdc, "confirmed")).amount).toBe(granted - deposited);
    const account = decodeMarginfiAccount((await connection.getAccountInfo(marginfiAccount, "confirmed"))!.data);
    const [held] = account.lendingAccount.balances.filter((b) => b.active !== 0);
    expect(held!.bankPk).toBe(seeded.address);
    // The reserve earns interest, so the USDC buys slightly fewer collateral tokens; the market sees them in USDC.
    const reserve = decodeReserve((await connection.getAccountInfo(new PublicKey(seeded.kaminoReserve!), "confirmed"))!.data);
    const collateral = fx.toIntFloor(held!.assetShares);
    const atRate = kaminoCollateralForTokens(reserve, deposited);
    expect(collateral >= atRate - 1n && collateral <= atRate + 1n).toBe(true);
    expect(collateral < deposited && collateral > deposited - 1_000n).toBe(true);
    const after = await loadMarket(connection, { programId: MARGINFI_PROGRAM_ID, group: seeded.group });
    const position = fx.toIntFloor(fx.mul(held!.assetShares, after.banks.get(seeded.address)!.assetShareValue));
    expect(position >= deposited - 1n && position <= deposited).toBe(true);

    await withdrawAllAction({ ...context, market: main, bank, marginfiAccount, account });
    const back = (await getAccount(connection, usdc, "confirmed")).amount;
    expect(back >= granted - 1n && back < granted + 1_000n).toBe(true);
  });
});

describe("price walk", () => {
  async function walk(seed: string, rounds: number, resume: boolean, updates: PricedUpdate[] = []): Promise<Map<string, bigint[]>> {
    const prices = new Map<string, bigint[]>();
    const onPush = (u: PricedUpdate) => {
      updates.push(u);
      prices.set(u.symbol, [...(prices.get(u.symbol) ?? []), u.price]);
    };
    const priceWalk = await PriceWalk.create(connection, admin, state, { seed, intervalMs: 2_000, resume, onPush });
    for (let i = 0; i < rounds; i++) await priceWalk.pushOnce();
    await priceWalk.stop();
    return prices;
  }

  it("is reproducible for a seed, moves within the walk's bounds and keeps LSTs at SOL × their exchange rate", async () => {
    const updates: PricedUpdate[] = [];
    const first = await walk("test-seed", 4, false, updates);
    const second = await walk("test-seed", 4, false);
    // The walk repeats exactly; the LSTs' growth depends on the chain time of each round, checked below.
    const walked = (prices: Map<string, bigint[]>) =>
      Object.fromEntries([...prices].filter(([symbol]) => tokenSpec(symbol).stakingApy === undefined));
    expect(walked(second)).toEqual(walked(first));
    const other = await walk("other-seed", 2, false);
    expect(other.get("SOL")![0]).toBe(first.get("SOL")![0]);
    expect(other.get("SOL")![1]).not.toBe(first.get("SOL")![1]);

    for (const oracle of state.oracles) {
      const series = first.get(oracle.symbol)!.map(Number);
      expect(series).toHaveLength(4);
      // Each step is e^(σ√Δt·Z − σ²Δt/2) with |Z| ≤ 6 (a sum of 12 uniforms minus 6).
      const step = annualVolatility(oracle.dailyVolatility) * Math.sqrt(2_000 / (365.25 * 24 * 3600 * 1000));
      const bound = 6 * step + step * step + 1e-9;
      for (let i = 1; i < series.length; i++)
        expect(Math.abs(Math.log(series[i]! / series[i - 1]!)), oracle.symbol).toBeLessThanOrEqual(bound);
      expect(new Set(series).size, oracle.symbol).toBeGreaterThan(1);
    }
    const sol = updates.filter((u) => u.symbol === "SOL");
    const jito = updates.filter((u) => u.symbol === "JitoSOL");
    for (let i = 0; i < sol.length; i++) {
      // One transaction per family and round: SOL and JitoSOL land together, at one publish time.
      expect(jito[i]!.signature).toBe(sol[i]!.signature);
      expect(jito[i]!.publishTime).toBe(sol[i]!.publishTime);
      // Both Pyth at exponent -8: JitoSOL = SOL × 1.248 × its exchange rate's growth since the seeding, up to rounding.
      const years = Number(sol[i]!.publishTime! - BigInt(state.stakingSince!)) / 31_536_000;
      const expected = Number(sol[i]!.price) * 1.248 * Math.exp(stakingRate("0.072") * years);
      expect(Math.abs(Number(jito[i]!.price) - expected), `step ${i}`).toBeLessThanOrEqual(3);
    }
  });

  it("grows each LST's exchange rate to SOL at its staking yield from the seeding", () => {
    expect(state.stakingSince).toBeGreaterThan(0);
    const yields = Object.fromEntries(TOKENS.filter((t) => t.stakingApy !== undefined).map((t) => [t.symbol, t.stakingApy]));
    expect(yields).toEqual({ JitoSOL: "0.072", mSOL: "0.069", bSOL: "0.064", INF: "0.076" });
    // A year of growth at the continuous rate is exactly the APY.
    for (const apy of Object.values(yields)) expect(Math.exp(stakingRate(apy!)) - 1).toBeCloseTo(Number(apy), 12);
  });

  it("resumes from the prices on chain", async () => {
    const before = await walk("resume-a", 3, true);
    const after = await walk("resume-b", 1, true);
    for (const symbol of ["SOL", "USDC", "BONK", "WIF"]) expect(after.get(symbol)![0], symbol).toBe(before.get(symbol)![2]);
  });
});

describe("simulated users", () => {
  it("count every fifth user a risk-taker, who borrows 85–98 % of its max and does not repay when health runs low", () => {
    const riskTakers = Array.from({ length: 10 }, (_, i) => appetiteOf(i) === RISK_TAKER);
    expect(riskTakers).toEqual([false, false, false, false, true, false, false, false, false, true]);
    expect(RISK_TAKER).toEqual({ borrowPercent: [85, 98], derisks: false });
    expect(CAUTIOUS).toEqual({ borrowPercent: [10, 35], derisks: true });
  });

  it("deposit and borrow within seconds, survive failing transactions, and stop cleanly", async () => {
    const prices = await PriceWalk.create(connection, admin, state, { seed: "users", intervalMs: 1_000 });
    prices.start();
    const actions: UserAction[] = [];
    const logged: string[] = [];
    const [main] = state.markets;
    await expect(SimulatedUsers.create(connection, admin, state, new Map())).rejects.toThrow(
      `No lookup table for market ${main!.name} (${main!.group})`,
    );
    const users = await SimulatedUsers.create(connection, admin, state, await createMarketLookupTables(connection, admin, state), {
      count: 6,
      intervalMs: 100,
      seed: "test-users",
      onAction: (a) => actions.push(a),
      log: (line) => logged.push(line),
    });
    try {
      users.start();
      const deadline = Date.now() + 20_000;
      while (!(actions.some((a) => a.kind === "deposit") && actions.some((a) => a.kind === "borrow")) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await users.stop();
      const count = actions.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(actions.length).toBe(count);
      expect(logged).toEqual([]);

      const borrow = actions.find((a) => a.kind === "borrow")!;
      expect(borrow).toBeDefined();
      expect(BigInt(borrow.amount)).toBeGreaterThan(0n);
      const landed = await connection.getTransaction(borrow.signatures.at(-1)!, {
        commitment: "confirmed",
        maxSupportedTransactionVersion: 0,
      });
      expect(landed?.meta?.err).toBeNull();
      expect(landed?.meta?.logMessages).toContain("Program log: Instruction: LendingAccountBorrow");
      // The market's banks come from its lookup table, so a health check over many banks still fits.
      expect(landed?.transaction.message.addressTableLookups).toHaveLength(1);
      expect(actions.find((a) => a.kind === "deposit")!.signatures.length).toBeGreaterThan(0);

      // Every group paused: each action fails on chain, is logged, and the users go on.
      const pause = [
        panicPauseInstruction({ globalFeeAdmin: admin.publicKey }),
        ...state.markets.map((m) => propagateFeeStateInstruction({ group: new PublicKey(m.group) })),
      ];
      await sendTransaction(connection, admin, pause);
      try {
        for (let i = 0; i < 3; i++) expect(await users.actOnce()).toBeNull();
        expect(logged).toHaveLength(3);
        expect(logged[0]).toMatch(/^simulated user \w+ in [\w ]+: /);
      } finally {
        await sendTransaction(connection, admin, [
          panicUnpauseInstruction({ globalFeeAdmin: admin.publicKey }),
          ...state.markets.map((m) => propagateFeeStateInstruction({ group: new PublicKey(m.group) })),
        ]);
      }
    } finally {
      await users.stop();
      await prices.stop();
    }
  });
});

describe("swap venue", () => {
  const E18 = 10n ** 18n;
  const reserves = async (pools: readonly VenuePool[]) => {
    const infos = await connection.getMultipleAccountsInfo(pools.flatMap((p) => [p.addresses.vaultA, p.addresses.vaultB]));
    return pools.map((pool, i): [bigint, bigint] => [
      unpackAccount(pool.addresses.vaultA, infos[2 * i]!).amount,
      unpackAccount(pool.addresses.vaultB, infos[2 * i + 1]!).amount,
    ]);
  };
  const priceOf = (value: string) => decimalE12(value) * 1_000_000n;

  it("seeds a pool for every bank token at its oracle price, within the fee band, with the catalog's depth", async () => {
    const pooled = new Set(venue.flatMap((p) => [p.a.token.symbol, p.b.token.symbol]));
    for (const bank of state.banks) expect(pooled, bank.symbol).toContain(bank.symbol);
    for (const [i, [reserveA, reserveB]] of (await reserves(venue)).entries()) {
      const pool = venue[i]!;
      const spec = VENUE_POOLS[i]!;
      const name = `${spec.symbol}/${spec.quote}`;
      const [priceA, priceB] = [priceOf(pool.a.oracle.price), priceOf(pool.b.oracle.price)];
      const target = pairPrice(pool, priceA, priceB);
      const spot = spotPrice(pool.params, reserveA, reserveB);
      expect(withinFeeBand(spot, Number(target.numerator) / Number(target.denominator), spec.feeBps), name).toBe(true);
      // Both reserves at the starting prices are worth the declared depth, to a dollar.
      const usd =
        (reserveA * priceA) / 10n ** BigInt(pool.a.token.decimals) / E18 + (reserveB * priceB) / 10n ** BigInt(pool.b.token.decimals) / E18;
      expect(Number(usd - spec.depthUsd), name).toBeGreaterThanOrEqual(-2);
      expect(Number(usd - spec.depthUsd), name).toBeLessThanOrEqual(2);
      expect(pool.params.curve, name).toBe(spec.curve === "stable" ? CurveKind.Stable : CurveKind.ConstantProduct);
    }
    const pegged = venue.filter((p) => p.params.curve === CurveKind.Stable).map((p) => p.spec.symbol);
    expect(pegged).toEqual(["USDT", "PYUSD", "JitoSOL", "mSOL", "bSOL", "INF"]);
  });

  it("leaves existing pools alone on a restart, sending nothing", async () => {
    const before = await reserves(venue);
    const lamports = await connection.getBalance(admin.publicKey);
    const again = await seedVenue(connection, admin, state);
    expect(again.map((p) => p.addresses.pool.toBase58())).toEqual(venue.map((p) => p.addresses.pool.toBase58()));
    expect(await reserves(venue)).toEqual(before);
    expect(await connection.getBalance(admin.publicKey)).toBe(lamports);
  });

  it("makes a lookup table of both programs, the router's accounts and every pool's, kept across restarts", async () => {
    const store = directoryStore(dir);
    expect(swapLookupTables(store)).toEqual([]);
    const [table, ...more] = await createSwapLookupTables(connection, admin, store, venue);
    expect(more).toEqual([]);
    expect(swapLookupTables(store)).toEqual([table!.key.toBase58()]);
    const held = new Set(table!.state.addresses.map((key) => key.toBase58()));
    expect(held.size).toBe(table!.state.addresses.length);
    for (const key of [ROUTER_PROGRAM_ID, POOL_PROGRAM_ID, eventAuthority().toBase58(), TOKEN_PROGRAM_ID.toBase58()])
      expect(held).toContain(key);
    for (const { addresses: a } of venue) {
      for (const key of [a.pool, a.authority, a.vaultA, a.vaultB, a.mintA, a.mintB]) expect(held).toContain(key.toBase58());
    }
    // A restart finds the saved table whole and sends nothing.
    const lamports = await connection.getBalance(admin.publicKey);
    const again = await createSwapLookupTables(connection, admin, store, venue);
    expect(again.map((t) => t.key.toBase58())).toEqual([table!.key.toBase58()]);
    expect(await connection.getBalance(admin.publicKey)).toBe(lamports);
  });

  it("has the keeper trade every pool the walk moved out of its band back into it, through the pool program", async () => {
    // A day's step at once: SOL moves ~4 %, memes ~10 %, stablecoins ~0.1 %, all past their pools' fees.
    const walk = await PriceWalk.create(connection, admin, state, { seed: "venue", intervalMs: 86_400_000 });
    // The first round publishes where the walk starts, the second takes the step.
    await walk.pushOnce();
    await walk.pushOnce();
    await walk.stop();
    const logged: string[] = [];
    const keeper = await ArbitrageKeeper.create(connection, admin, state, venue, { log: (line) => logged.push(line) });
    const trades = await keeper.tickOnce();
    expect(logged).toEqual([]);
    expect(trades.length).toBeGreaterThan(0);
    const landed = await connection.getTransaction(trades[0]!.signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.err).toBeNull();
    expect(landed?.meta?.logMessages).toContain("Program log: Instruction: Swap");

    const prices = await oraclePricesE18(connection, state.oracles);
    for (const [i, [reserveA, reserveB]] of (await reserves(venue)).entries()) {
      const pool = venue[i]!;
      const target = pairPrice(pool, prices.get(pool.a.oracle.address)!, prices.get(pool.b.oracle.address)!);
      const spot = spotPrice(pool.params, reserveA, reserveB);
      expect(withinFeeBand(spot, Number(target.numerator) / Number(target.denominator), pool.spec.feeBps), pool.spec.symbol).toBe(true);
    }
    // Nothing left to do until the prices move again.
    expect(await keeper.tickOnce()).toEqual([]);
  });

  it("logs a refused trade with its pool, keeps ticking on its schedule, and stops cleanly", async () => {
    const [solUsdc, usdtUsdc] = venue;
    // SOL/USDC named with USDT/USDC's vaults: the keeper reads a pool far off SOL's price, the pool program refuses.
    const broken: VenuePool = {
      ...solUsdc!,
      addresses: { ...solUsdc!.addresses, vaultA: usdtUsdc!.addresses.vaultA, vaultB: usdtUsdc!.addresses.vaultB },
    };
    const logged: string[] = [];
    const keeper = await ArbitrageKeeper.create(connection, admin, state, [broken], { intervalMs: 200, log: (line) => logged.push(line) });
    keeper.start();
    try {
      const deadline = Date.now() + 20_000;
      while (logged.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await keeper.stop();
    }
    expect(logged.length).toBeGreaterThanOrEqual(2);
    for (const line of logged) expect(line).toMatch(/^arbitrage keeper: SOL\/USDC: /);
    const after = logged.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logged).toHaveLength(after);
  });
});

describe("simulated users' loops", () => {
  const programId = MARGINFI_PROGRAM_ID;
  /** A loopback port nothing listens on any more. */
  const closedPort = () =>
    new Promise<number>((resolve, reject) => {
      const listener = createServer();
      listener.once("error", reject);
      listener.listen(0, "127.0.0.1", () => {
        const { port } = listener.address() as AddressInfo;
        listener.close(() => resolve(port));
      });
    });

  it("pair banks that share a pool, where 1.5× is within 80 % of the pair's max leverage (e-mode aware)", async () => {
    const main = await loadMarket(connection, { programId, group: state.markets[0]!.group });
    const symbol = (bank: PricedBank) => state.tokens.find((t) => t.mint === bank.bank.mint)!.symbol;
    const pairs = loopPairs(main, venue);
    const named = new Map(pairs.map((p) => [`${symbol(p.collateral)}/${symbol(p.debt)}`, p]));
    const pooled = new Set(venue.map((p) => [p.a.token.symbol, p.b.token.symbol].sort().join("/")));
    for (const [name, pair] of named) {
      expect(pooled, name).toContain([symbol(pair.collateral), symbol(pair.debt)].sort().join("/"));
      expect(fx.cmp(fx.mul(pair.maxLeverage, MAX_LOOP_SHARE), MIN_LOOP_LEVERAGE), name).toBeGreaterThanOrEqual(0);
    }
    // JitoSOL against SOL in e-mode: 1 / (1 − 0.9 / 1.25); SOL against JitoSOL: 1 / (1 − 0.85 / 1.3).
    expect(toNumber(named.get("JitoSOL/SOL")!.maxLeverage)).toBeCloseTo(1 / (1 - 0.9 / 1.25), 9);
    expect(toNumber(named.get("SOL/JitoSOL")!.maxLeverage)).toBeCloseTo(1 / (1 - 0.85 / 1.3), 9);
    expect(toNumber(named.get("SOL/USDC")!.maxLeverage)).toBeCloseTo(1 / (1 - 0.8 / 1.1), 9);
    for (const pair of ["mSOL/SOL", "INF/SOL", "USDT/USDC", "USDC/SOL", "ETH/USDC"]) expect(named.has(pair), pair).toBe(true);
    // Reduce-only bSOL, isolated WIF and the Kamino-backed USDC never loop; a meme's weight leaves no room; JitoSOL
    // and mSOL share no pool.
    for (const pair of ["bSOL/SOL", "SOL/bSOL", "WIF/SOL", "BONK/SOL", "JUP/USDC", "JitoSOL/mSOL"])
      expect(named.has(pair), pair).toBe(false);
    const kamino = state.banks.find((b) => b.kaminoReserve !== undefined)!.address;
    expect(pairs.some((p) => p.collateral.address === kamino || p.debt.address === kamino)).toBe(false);
    // Harbor's BONK and USDC share no pool.
    expect(loopPairs(await loadMarket(connection, { programId, group: state.markets[1]!.group }), venue)).toEqual([]);

    const jito = named.get("JitoSOL/SOL")!.maxLeverage;
    expect(loopLeverage(jito, 0)).toBe("1.50");
    expect(loopLeverage(jito, 0.5)).toBe("2.17");
    expect(loopLeverage(jito, 0.999_999)).toBe("2.85");
  });

  it("loop through the server's quote API, unwind later, and skip looping (said once) while it cannot be reached", async () => {
    const walk = await PriceWalk.create(connection, admin, state, { seed: "loops", intervalMs: 2_000 });
    await walk.pushOnce();
    await walk.stop();
    const tables = await createMarketLookupTables(connection, admin, state);
    const main = state.markets[0]!;
    const server = await startServer({
      ...DEFAULT_CONFIG,
      port: 0,
      rpcUrl: net.rpc.url,
      programId,
      group: main.group,
      markets: [{ group: main.group, name: main.name }],
      sqlitePath: join(dir, "loops.sqlite"),
      indexerIntervalMs: 0,
      snapshotIntervalMs: 0,
      pointsIntervalMs: 0,
      bankStateIntervalMs: 0,
      purgeIntervalMs: 0,
      swapPoolIntervalMs: 0,
      swapLookupTables: swapLookupTables(directoryStore(dir)),
      logLevel: "silent",
    });
    const logged: string[] = [];
    const options = { count: 1, seed: "loops", loopChance: 1, unwindChance: 1, log: (line: string) => logged.push(line) };
    try {
      await server.jobs.swapPools.run();
      const users = await SimulatedUsers.create(connection, admin, state, tables, { ...options, swapApiUrl: swapApiUrl(server.url) });
      const loop = (await users.actOnce())!;
      expect(logged).toEqual([]);
      expect(loop).toMatchObject({ kind: "loop", market: main.name });
      const loopAccount = loopAccountAddress(main.group, new PublicKey(loop.user), programId);
      const readRisk = async () => {
        const market = await loadMarket(connection, { programId, group: main.group });
        const account = decodeMarginfiAccount((await connection.getAccountInfo(loopAccount, "confirmed"))!.data);
        return accountRisk(account.lendingAccount.balances, market.banks);
      };
      const risk = await readRisk();
      const position = leveragedPosition(risk)!;
      const symbolOf = (mint: string) => state.tokens.find((t) => t.mint === mint)!.symbol;
      expect(symbolOf(position.collateral.bank.bank.mint)).toBe(loop.symbol);
      expect(symbolOf(position.debt.bank.bank.mint)).toBe(loop.debtSymbol);
      expect(Number(loop.leverage)).toBeGreaterThanOrEqual(1.5);
      expect(toNumber(accountLeverage(risk)!) / Number(loop.leverage)).toBeCloseTo(1, 1);
      const landed = await connection.getTransaction(loop.signatures.at(-1)!, {
        commitment: "confirmed",
        maxSupportedTransactionVersion: 0,
      });
      expect(landed?.meta?.err).toBeNull();
      expect(landed?.meta?.logMessages).toContain("Program log: Instruction: LendingAccountStartFlashloan");
      expect(landed?.meta?.logMessages).toContain(`Program ${ROUTER_PROGRAM_ID} invoke [1]`);

      const unwind = (await users.actOnce())!;
      expect(logged).toEqual([]);
      expect(unwind).toMatchObject({ kind: "unwind", symbol: loop.symbol, debtSymbol: loop.debtSymbol });
      expect((await readRisk()).positions).toEqual([]);

      // Nothing listens on a port just closed: the user does an everyday action instead, and says so once.
      const closed = swapApiUrl(`http://127.0.0.1:${await closedPort()}`);
      const offline = await SimulatedUsers.create(connection, admin, state, tables, { ...options, swapApiUrl: closed });
      const everyday = [await offline.actOnce(), await offline.actOnce()];
      const skipped = logged.filter((line) => line.startsWith("simulated users: no loops"));
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toContain(`the quote API at ${closed} fails: The swap API could not be reached`);
      for (const action of everyday) expect(["loop", "unwind"]).not.toContain(action?.kind);
    } finally {
      await server.close();
    }
  });
});
