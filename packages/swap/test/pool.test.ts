// The pool program on a real ledger: pool creation, the first and later deposits, swaps in both modes on both curves
// with exact native amounts, withdrawals, and its refusals.
import { Keypair, type PublicKey } from "@solana/web3.js";
import { getAccount, getAssociatedTokenAddressSync, getMint, mintTo } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { land } from "../../ledger/test/support/localnet.js";
import {
  CurveKind,
  MINIMUM_LIQUIDITY,
  POOL_PROGRAM_ID,
  constantProductExactIn,
  decodePool,
  depositAmounts,
  depositLiquidityInstruction,
  initializePoolInstruction,
  isqrt,
  poolAddresses,
  poolProgram,
  stableExactOut,
  swapExactOutInstruction,
  swapInstruction,
  withdrawAmounts,
  withdrawLiquidityInstruction,
  type PoolAddresses,
} from "../src/index.js";
import { balances, landFailing, newMint, newWallet, seededPool, startVenue, tokenAccountWith, type Venue } from "./support/venue.js";

let venue: Venue;
let usdc: PublicKey;
let sol: PublicKey;
let usdt: PublicKey;

beforeAll(async () => {
  venue = await startVenue([poolProgram()]);
  [usdc, sol, usdt] = [await newMint(venue, 6), await newMint(venue, 9), await newMint(venue, 6)];
});
afterAll(() => venue.net.close());

const poolErrorLog = (code: number, name: string) => expect.stringContaining(`Error Code: ${name}. Error Number: ${code}.`);

describe("initialize_pool and the first deposit", () => {
  let pool: PoolAddresses;

  it("creates the pool, its vaults owned by its authority, and its LP mint", async () => {
    pool = poolAddresses(sol, usdc, CurveKind.ConstantProduct);
    const ix = initializePoolInstruction({
      payer: venue.payer.publicKey,
      mintA: sol,
      mintB: usdc,
      curve: CurveKind.ConstantProduct,
      feeBps: 30,
      amplification: 0n,
    });
    await land(venue.connection, ix, [venue.payer]);

    const info = (await venue.connection.getAccountInfo(pool.pool))!;
    expect(info.owner.toBase58()).toBe(POOL_PROGRAM_ID);
    expect(decodePool(info.data)).toMatchObject({
      mintA: sol.toBase58(),
      mintB: usdc.toBase58(),
      vaultA: pool.vaultA.toBase58(),
      vaultB: pool.vaultB.toBase58(),
      lpMint: pool.lpMint.toBase58(),
      amplification: 0n,
      feeBps: 30,
      curve: CurveKind.ConstantProduct,
    });
    for (const [vault, mint] of [
      [pool.vaultA, sol],
      [pool.vaultB, usdc],
      [pool.lockedLp, pool.lpMint],
    ] as const) {
      const account = await getAccount(venue.connection, vault);
      expect([account.owner.toBase58(), account.mint.toBase58(), account.amount]).toEqual([pool.authority.toBase58(), mint.toBase58(), 0n]);
    }
    const lpMint = await getMint(venue.connection, pool.lpMint);
    expect([lpMint.mintAuthority?.toBase58(), lpMint.decimals, lpMint.supply]).toEqual([pool.authority.toBase58(), 7, 0n]);

    // One pool per pair and curve: a second creation fails in the System program (account in use).
    const again = await landFailing(venue, [ix], [venue.payer]);
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
  });

  it("mints √(a·b) LP tokens on the first deposit, locking the minimum in the pool", async () => {
    const depositor = await newWallet(venue);
    const tokenA = await tokenAccountWith(venue, sol, depositor.publicKey, 100n * 1_000_000_000n);
    const tokenB = await tokenAccountWith(venue, usdc, depositor.publicKey, 20_000n * 1_000_000n);
    const lp = await tokenAccountWith(venue, pool.lpMint, depositor.publicKey, 0n);
    const amountA = 100n * 1_000_000_000n;
    const amountB = 20_000n * 1_000_000n;
    const minted = isqrt(amountA * amountB) - MINIMUM_LIQUIDITY;
    const deposit = (lpAmount: bigint) =>
      depositLiquidityInstruction({
        pool,
        depositor: depositor.publicKey,
        depositorTokenA: tokenA,
        depositorTokenB: tokenB,
        depositorLp: lp,
        lpAmount,
        maximumAmountA: amountA,
        maximumAmountB: amountB,
      });

    const refused = await landFailing(venue, [deposit(minted + 1n)], [depositor]);
    expect(refused.err).toEqual({ InstructionError: [0, { Custom: 6001 }] });

    await land(venue.connection, deposit(minted), [depositor]);
    expect(await balances(venue, [tokenA, tokenB, lp, pool.lockedLp, pool.vaultA, pool.vaultB])).toEqual([
      0n,
      0n,
      minted,
      MINIMUM_LIQUIDITY,
      amountA,
      amountB,
    ]);
    expect((await getMint(venue.connection, pool.lpMint)).supply).toBe(minted + MINIMUM_LIQUIDITY);
  });

  it("refuses a pool of one mint, an unknown curve, a fee above 10% and a constant-product amplification", async () => {
    const payer = venue.payer.publicKey;
    const cases = [
      [{ mintA: usdt, mintB: usdt, curve: CurveKind.Stable, feeBps: 4, amplification: 100n }, 6006],
      [{ mintA: usdt, mintB: usdc, curve: 2 as CurveKind, feeBps: 4, amplification: 100n }, 6005],
      [{ mintA: usdt, mintB: usdc, curve: CurveKind.Stable, feeBps: 1_001, amplification: 100n }, 6003],
      [{ mintA: usdt, mintB: usdc, curve: CurveKind.ConstantProduct, feeBps: 4, amplification: 100n }, 6004],
      [{ mintA: usdt, mintB: usdc, curve: CurveKind.Stable, feeBps: 4, amplification: 0n }, 6004],
    ] as const;
    for (const [params, code] of cases) {
      const { err } = await landFailing(venue, [initializePoolInstruction({ payer, ...params })], [venue.payer]);
      expect(
        err,
        JSON.stringify(params, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)),
      ).toEqual({ InstructionError: [0, { Custom: code }] });
    }
  });
});

describe("swaps, deposits and withdrawals", () => {
  let trader: Keypair;
  let traderSol: PublicKey;
  let traderUsdc: PublicKey;
  let traderUsdt: PublicKey;
  let product: PoolAddresses & { payerLp: PublicKey };
  let stable: PoolAddresses & { payerLp: PublicKey };

  beforeAll(async () => {
    const [sol2, usdc2] = [await newMint(venue, 9), await newMint(venue, 6)];
    sol = sol2;
    usdc = usdc2;
    product = await seededPool(venue, {
      mintA: sol,
      mintB: usdc,
      curve: CurveKind.ConstantProduct,
      feeBps: 30,
      amplification: 0n,
      amountA: 1_000n * 1_000_000_000n,
      amountB: 150_000n * 1_000_000n,
    });
    stable = await seededPool(venue, {
      mintA: usdt,
      mintB: usdc,
      curve: CurveKind.Stable,
      feeBps: 4,
      amplification: 100n,
      amountA: 1_000_000n * 1_000_000n,
      amountB: 1_000_000n * 1_000_000n,
    });
    trader = await newWallet(venue);
    traderSol = await tokenAccountWith(venue, sol, trader.publicKey, 10n * 1_000_000_000n);
    traderUsdc = await tokenAccountWith(venue, usdc, trader.publicKey, 0n);
    traderUsdt = await tokenAccountWith(venue, usdt, trader.publicKey, 5_000n * 1_000_000n);
  });

  it("swaps exact in on the constant-product curve, the fee staying in the pool", async () => {
    const amountIn = 2n * 1_000_000_000n;
    const expected = constantProductExactIn(1_000n * 1_000_000_000n, 150_000n * 1_000_000n, amountIn, 30n);
    // 150 000 × 2 × 0.997 / (1 000 + 2 × 0.997) = 298.504 78… USDC
    expect(expected).toBe(298_504_781n);
    const swap = (minimumAmountOut: bigint) =>
      swapInstruction({
        pool: product,
        userSource: traderSol,
        userDestination: traderUsdc,
        userAuthority: trader.publicKey,
        amountIn,
        minimumAmountOut,
        aToB: true,
      });

    const refused = await landFailing(venue, [swap(expected + 1n)], [trader]);
    expect(refused.err).toEqual({ InstructionError: [0, { Custom: 6001 }] });
    expect(refused.logs).toContainEqual(poolErrorLog(6001, "SlippageExceeded"));

    await land(venue.connection, swap(expected), [trader]);
    expect(await balances(venue, [traderSol, traderUsdc])).toEqual([8n * 1_000_000_000n, expected]);
    const [reserveA, reserveB] = await balances(venue, [product.vaultA, product.vaultB]);
    expect([reserveA, reserveB]).toEqual([1_002n * 1_000_000_000n, 150_000n * 1_000_000n - expected]);
    expect(reserveA * reserveB).toBeGreaterThan(1_000n * 1_000_000_000n * 150_000n * 1_000_000n);
  });

  it("swaps exact out on the stable curve, taking the least input that buys the output", async () => {
    const amountOut = 1_000n * 1_000_000n;
    const needed = stableExactOut(1_000_000n * 1_000_000n, 1_000_000n * 1_000_000n, amountOut, 4n, 100n);
    // Near 1:1 with a 4 bps fee: a little over 1 000.4 USDT for 1 000 USDC.
    expect(needed).toBeGreaterThan(1_000_400_000n);
    expect(needed).toBeLessThan(1_000_500_000n);
    const swap = (maximumAmountIn: bigint) =>
      swapExactOutInstruction({
        pool: stable,
        userSource: traderUsdt,
        userDestination: traderUsdc,
        userAuthority: trader.publicKey,
        amountOut,
        maximumAmountIn,
        aToB: true,
      });

    const refused = await landFailing(venue, [swap(needed - 1n)], [trader]);
    expect(refused.err).toEqual({ InstructionError: [0, { Custom: 6001 }] });

    const before = await balances(venue, [traderUsdt, traderUsdc]);
    await land(venue.connection, swap(needed), [trader]);
    expect(await balances(venue, [traderUsdt, traderUsdc])).toEqual([before[0] - needed, before[1] + amountOut]);
    expect(await balances(venue, [stable.vaultA, stable.vaultB])).toEqual([
      1_000_000n * 1_000_000n + needed,
      1_000_000n * 1_000_000n - amountOut,
    ]);
  });

  it("deposits proportionally, rounding the price up, and withdraws rounding down", async () => {
    const { payer } = venue;
    const payerA = getAssociatedTokenAddressSync(sol, payer.publicKey);
    const payerB = getAssociatedTokenAddressSync(usdc, payer.publicKey);
    await mintTo(venue.connection, payer, sol, payerA, payer, 10n * 1_000_000_000n);
    await mintTo(venue.connection, payer, usdc, payerB, payer, 2_000n * 1_000_000n);
    const [reserveA, reserveB, lpBefore] = await balances(venue, [product.vaultA, product.vaultB, product.payerLp]);
    const supply = (await getMint(venue.connection, product.lpMint)).supply;
    const lpAmount = 1_000_000_007n;
    const cost = depositAmounts(lpAmount, reserveA, reserveB, supply);
    const deposit = (maximumAmountB: bigint) =>
      depositLiquidityInstruction({
        pool: product,
        depositor: payer.publicKey,
        depositorTokenA: payerA,
        depositorTokenB: payerB,
        depositorLp: product.payerLp,
        lpAmount,
        maximumAmountA: cost.amountA,
        maximumAmountB,
      });

    const refused = await landFailing(venue, [deposit(cost.amountB - 1n)], [payer]);
    expect(refused.err).toEqual({ InstructionError: [0, { Custom: 6001 }] });
    await land(venue.connection, deposit(cost.amountB), [payer]);
    expect(await balances(venue, [product.vaultA, product.vaultB, product.payerLp])).toEqual([
      reserveA + cost.amountA,
      reserveB + cost.amountB,
      lpBefore + lpAmount,
    ]);

    const paid = withdrawAmounts(lpAmount, reserveA + cost.amountA, reserveB + cost.amountB, supply + lpAmount);
    expect(paid.amountA).toBeLessThanOrEqual(cost.amountA);
    expect(paid.amountB).toBeLessThanOrEqual(cost.amountB);
    const withdraw = (minimumAmountA: bigint) =>
      withdrawLiquidityInstruction({
        pool: product,
        owner: payer.publicKey,
        ownerLp: product.payerLp,
        ownerTokenA: payerA,
        ownerTokenB: payerB,
        lpAmount,
        minimumAmountA,
        minimumAmountB: paid.amountB,
      });
    const [heldA, heldB] = await balances(venue, [payerA, payerB]);
    expect((await landFailing(venue, [withdraw(paid.amountA + 1n)], [payer])).err).toEqual({ InstructionError: [0, { Custom: 6001 }] });
    await land(venue.connection, withdraw(paid.amountA), [payer]);
    expect(await balances(venue, [payerA, payerB, product.payerLp])).toEqual([heldA + paid.amountA, heldB + paid.amountB, lpBefore]);
    expect((await getMint(venue.connection, product.lpMint)).supply).toBe(supply);
  });

  it("refuses vaults that are not the pool's and a swap by someone who does not own the source", async () => {
    const stranger = await newWallet(venue);
    const wrongVaults = swapInstruction({
      pool: { ...product, vaultB: stable.vaultB },
      userSource: traderSol,
      userDestination: traderUsdc,
      userAuthority: trader.publicKey,
      amountIn: 1_000n,
      minimumAmountOut: 0n,
      aToB: true,
    });
    const { logs } = await landFailing(venue, [wrongVaults], [trader]);
    expect(logs).toContainEqual(expect.stringContaining("AnchorError caused by account: vault_b. Error Code: ConstraintAddress."));

    const notOwner = swapInstruction({
      pool: product,
      userSource: traderSol,
      userDestination: traderUsdc,
      userAuthority: stranger.publicKey,
      amountIn: 1_000n,
      minimumAmountOut: 0n,
      aToB: true,
    });
    const before = await balances(venue, [traderSol, traderUsdc]);
    expect((await landFailing(venue, [notOwner], [stranger])).err).toMatchObject({ InstructionError: [0, {}] });
    expect(await balances(venue, [traderSol, traderUsdc])).toEqual(before);
  });
});
