// The quote API (/api/swap/v1) on a real ledger with pools created through the venue's programs: exact quotes both
// ways, the 400s, swap-instructions and /swap transactions landing within otherAmountThreshold, the router's slippage
// refusal when the pool moved, 503 while the chain is unreachable, and Jupiter's own client used unchanged.
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from "@solana/web3.js";
import {
  NATIVE_MINT,
  createAssociatedTokenAccountIdempotentInstruction,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { Configuration, SwapApi, type Instruction } from "@jup-ag/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CurveKind,
  POOL_PROGRAM_ID,
  POOL_PROGRAM_LABEL,
  depositLiquidityInstruction,
  initialLiquidity,
  initializePoolInstruction,
  poolAddresses,
  poolProgram,
  routeInstruction,
  routerProgram,
} from "@ballast/swap";
import { balance, newMint, seededPool, startVenue, tokenAccountWith, type Venue } from "../../../packages/swap/test/support/venue.js";
import { DEFAULT_CONFIG, MAIN_MARKET_NAME, type ServerConfig } from "../src/config.js";
import { startServer, type RunningServer } from "../src/server.js";
import { api, freshDatabase } from "./support/server.js";

let server: RunningServer;
let venue: Venue;
let sol: PublicKey;
let usdc: PublicKey;
let usdt: PublicKey;
let solUsdcPool: string;
let usdcUsdtPool: string;

beforeAll(async () => {
  venue = await startVenue([poolProgram(), routerProgram()]);
  [sol, usdc, usdt] = [await newMint(venue, 9), await newMint(venue, 6), await newMint(venue, 6)];
  const solUsdc = await seededPool(venue, {
    mintA: sol,
    mintB: usdc,
    curve: CurveKind.ConstantProduct,
    feeBps: 30,
    amplification: 0n,
    amountA: 1_000_000_000_000n,
    amountB: 150_000_000_000n,
  });
  const usdcUsdt = await seededPool(venue, {
    mintA: usdc,
    mintB: usdt,
    curve: CurveKind.Stable,
    feeBps: 4,
    amplification: 100n,
    amountA: 1_000_000_000_000n,
    amountB: 1_000_000_000_000n,
  });
  [solUsdcPool, usdcUsdtPool] = [solUsdc.pool.toBase58(), usdcUsdt.pool.toBase58()];
  server = await startSwapServer({ swapIntermediateMints: [usdc.toBase58()], swapRateLimit: { limit: 0, windowSeconds: 60 } });
  await server.jobs.swapPools.run();
});

afterAll(async () => {
  await server?.close();
  await venue?.net.close();
});

/** The API server on the venue's ledger; no lending market is involved, so its group is any address. */
async function startSwapServer(config: Partial<ServerConfig>): Promise<RunningServer> {
  const group = Keypair.generate().publicKey.toBase58();
  return startServer({
    ...DEFAULT_CONFIG,
    ...(await freshDatabase("sqlite")),
    port: 0,
    rpcUrl: venue.net.rpc.url,
    group,
    markets: [{ group, name: MAIN_MARKET_NAME }],
    indexerIntervalMs: 0,
    snapshotIntervalMs: 0,
    pointsIntervalMs: 0,
    bankStateIntervalMs: 0,
    purgeIntervalMs: 0,
    swapPoolIntervalMs: 0,
    logLevel: "silent",
    ...config,
  });
}

const quotePath = (params: Record<string, string | number | boolean>) =>
  `/api/swap/v1/quote?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

function instruction(json: Instruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(json.programId),
    keys: json.accounts.map((meta) => ({ pubkey: new PublicKey(meta.pubkey), isSigner: meta.isSigner, isWritable: meta.isWritable })),
    data: Buffer.from(json.data, "base64"),
  });
}

async function walletWith(mint: PublicKey, amount: bigint): Promise<{ wallet: Keypair; source: PublicKey }> {
  const wallet = Keypair.generate();
  await venue.net.ledger.requestAirdrop(wallet.publicKey.toBase58(), 10_000_000_000n);
  return { wallet, source: await tokenAccountWith(venue, mint, wallet.publicKey, amount) };
}

/** Sends the swap-instructions for a quote as one transaction; returns the on-chain error (null when it landed). */
async function executeInstructions(quote: unknown, wallet: Keypair): Promise<{ err: unknown; logs: string[] }> {
  const { status, body } = await api(server, "POST", "/api/swap/v1/swap-instructions", {
    userPublicKey: wallet.publicKey.toBase58(),
    quoteResponse: quote,
  });
  expect(status).toBe(200);
  const instructions = [
    ...body.computeBudgetInstructions,
    ...body.setupInstructions,
    body.swapInstruction,
    ...(body.cleanupInstruction ? [body.cleanupInstruction] : []),
  ].map(instruction);
  const tx = new Transaction().add(...instructions);
  const signature = await venue.connection.sendTransaction(tx, [wallet], { skipPreflight: true });
  await venue.connection.confirmTransaction(signature, "confirmed");
  const landed = await venue.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  return { err: landed?.meta?.err ?? null, logs: landed?.meta?.logMessages ?? [] };
}

describe("GET /api/swap/v1/quote", () => {
  it("quotes exact in over one pool with the curve's exact amounts", async () => {
    const { status, body } = await api(
      server,
      "GET",
      quotePath({ inputMint: sol.toBase58(), outputMint: usdc.toBase58(), amount: 1_000_000_000 }),
    );
    expect(status).toBe(200);
    // 1.5e11 × 9.97e12 / (1e16 + 9.97e12) = 149 401 047.9…; 0.5 % less is 148 654 041.7…
    expect(body).toMatchObject({
      inputMint: sol.toBase58(),
      inAmount: "1000000000",
      outputMint: usdc.toBase58(),
      outAmount: "149401047",
      otherAmountThreshold: "148654041",
      swapMode: "ExactIn",
      slippageBps: 50,
      platformFee: null,
      routePlan: [
        {
          percent: 100,
          swapInfo: {
            ammKey: solUsdcPool,
            label: POOL_PROGRAM_LABEL,
            inputMint: sol.toBase58(),
            outputMint: usdc.toBase58(),
            inAmount: "1000000000",
            outAmount: "149401047",
            feeAmount: "3000000",
            feeMint: sol.toBase58(),
          },
        },
      ],
    });
    expect(Number(body.priceImpactPct)).toBeCloseTo(0.997 / 1000.997, 8);
    expect(body.contextSlot).toBeGreaterThan(0);
    expect(typeof body.timeTaken).toBe("number");
  });

  it("quotes exact out as the least input, and two hops through the intermediate mint", async () => {
    const exactOut = await api(
      server,
      "GET",
      quotePath({ inputMint: sol.toBase58(), outputMint: usdc.toBase58(), amount: 150_000_000, swapMode: "ExactOut" }),
    );
    // Rounded up: 1 004 013 040.4… → 1 004 013 041; at most 0.5 % more: 1 009 033 106.
    expect(exactOut.body).toMatchObject({
      inAmount: "1004013041",
      outAmount: "150000000",
      otherAmountThreshold: "1009033106",
      swapMode: "ExactOut",
    });
    const twoHops = await api(
      server,
      "GET",
      quotePath({ inputMint: sol.toBase58(), outputMint: usdt.toBase58(), amount: 1_000_000_000, slippageBps: 100 }),
    );
    expect(twoHops.body.outAmount).toBe("149341065");
    expect(twoHops.body.otherAmountThreshold).toBe("147847654");
    expect(twoHops.body.routePlan.map((step: { swapInfo: { ammKey: string } }) => step.swapInfo.ammKey)).toEqual([
      solUsdcPool,
      usdcUsdtPool,
    ]);
    const direct = await api(
      server,
      "GET",
      quotePath({ inputMint: sol.toBase58(), outputMint: usdt.toBase58(), amount: 1_000_000_000, onlyDirectRoutes: true }),
    );
    expect(direct.status).toBe(400);
    const named = await api(
      server,
      "GET",
      `${quotePath({ inputMint: sol.toBase58(), outputMint: usdc.toBase58(), amount: 1_000 })}&dexes=Raydium&dexes=Ballast+Pools`,
    );
    expect(named.status).toBe(200);
    const small = await api(
      server,
      "GET",
      quotePath({ inputMint: sol.toBase58(), outputMint: usdt.toBase58(), amount: 1_000_000_000, maxAccounts: 16 }),
    );
    expect(small.status).toBe(400);
  });

  it("answers 400 with a clear error for bad input", async () => {
    const [s, u] = [sol.toBase58(), usdc.toBase58()];
    const unknown = Keypair.generate().publicKey.toBase58();
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ inputMint: unknown, outputMint: u, amount: 1 }, /Unknown input mint/],
      [{ inputMint: s, outputMint: unknown, amount: 1 }, /Unknown output mint/],
      [{ inputMint: s, outputMint: s, amount: 1 }, /must be different/],
      [{ inputMint: s, outputMint: u, amount: 0 }, /query\.amount.*greater than zero/],
      [{ inputMint: s, outputMint: u, amount: -5 }, /query\.amount/],
      [{ inputMint: s, outputMint: u, amount: "1.5" }, /query\.amount/],
      [{ inputMint: s, outputMint: u, amount: 1, slippageBps: 10_001 }, /query\.slippageBps/],
      [{ inputMint: s, outputMint: u, amount: 150_000_000_000, swapMode: "ExactOut" }, /No route found/],
      [{ inputMint: s, outputMint: u, amount: 1, excludeDexes: POOL_PROGRAM_LABEL }, /No route found/],
      [{ inputMint: s, outputMint: u, amount: 1, dexes: "Raydium,Orca V2" }, /No route found/],
    ];
    for (const [params, message] of cases) {
      const { status, body } = await api(server, "GET", quotePath(params));
      expect(status).toBe(400);
      expect(body.error).toMatch(message);
    }
  });

  it("lists the pool program's label", async () => {
    expect((await api(server, "GET", "/api/swap/v1/program-id-to-label")).body).toEqual({ [POOL_PROGRAM_ID]: POOL_PROGRAM_LABEL });
  });
});

describe("POST /api/swap/v1/swap-instructions", () => {
  it("executes a two-hop quote on the ledger, creating the accounts it needs", async () => {
    const { wallet, source } = await walletWith(sol, 2_000_000_000n);
    const quote = (await api(server, "GET", quotePath({ inputMint: sol.toBase58(), outputMint: usdt.toBase58(), amount: 1_000_000_000 })))
      .body;
    const { err } = await executeInstructions(quote, wallet);
    expect(err).toBeNull();
    const received = await balance(venue, await tokenAccountWith(venue, usdt, wallet.publicKey, 0n));
    expect(received).toBe(BigInt(quote.outAmount));
    expect(received).toBeGreaterThanOrEqual(BigInt(quote.otherAmountThreshold));
    expect(await balance(venue, source)).toBe(1_000_000_000n);
    await server.jobs.swapPools.run();
  });

  it("prices priority from prioritizationFeeLamports over the compute-unit limit", async () => {
    const quote = (await api(server, "GET", quotePath({ inputMint: sol.toBase58(), outputMint: usdc.toBase58(), amount: 1_000_000 }))).body;
    const ask = async (prioritizationFeeLamports: unknown) =>
      (
        await api(server, "POST", "/api/swap/v1/swap-instructions", {
          userPublicKey: Keypair.generate().publicKey.toBase58(),
          quoteResponse: quote,
          prioritizationFeeLamports,
        })
      ).body;
    // 14 000 lamports over 1 400 000 units: 10 000 µlamports per unit.
    const fixed = await ask(14_000);
    expect(fixed.prioritizationFeeLamports).toBe(14_000);
    expect(fixed.computeBudgetInstructions).toHaveLength(2);
    const disabled = await ask("disabled");
    expect(disabled.prioritizationFeeLamports).toBe(0);
    expect(disabled.computeBudgetInstructions).toHaveLength(1);
    const capped = await ask({ priorityLevelWithMaxLamports: { priorityLevel: "veryHigh", maxLamports: 1_400 } });
    expect(capped.prioritizationFeeLamports).toBeLessThanOrEqual(1_400);
    const tip = await ask({ jitoTipLamports: 10_000 });
    expect(tip.otherInstructions).toHaveLength(1);
    expect(tip.otherInstructions[0].programId).toBe(SystemProgram.programId.toBase58());
  });

  it("is refused with the router's 6001 when the pool moved past the slippage", async () => {
    const { wallet } = await walletWith(sol, 1_000_000_000n);
    const quote = (
      await api(
        server,
        "GET",
        quotePath({ inputMint: sol.toBase58(), outputMint: usdc.toBase58(), amount: 1_000_000_000, slippageBps: 10 }),
      )
    ).body;
    // Someone else sells 10 SOL into the pool first.
    const { wallet: whale, source } = await walletWith(sol, 10_000_000_000n);
    const whaleUsdc = await tokenAccountWith(venue, usdc, whale.publicKey, 0n);
    const solUsdc = poolAddresses(sol, usdc, CurveKind.ConstantProduct);
    const move = routeInstruction({
      hops: [{ pool: solUsdc, aToB: true }],
      userTransferAuthority: whale.publicKey,
      userSourceTokenAccount: source,
      userDestinationTokenAccount: whaleUsdc,
      inAmount: 10_000_000_000n,
      quotedOutAmount: 1n,
      slippageBps: 0,
    });
    await venue.connection
      .sendTransaction(new Transaction().add(move), [whale])
      .then((sig) => venue.connection.confirmTransaction(sig, "confirmed"));
    const { err, logs } = await executeInstructions(quote, wallet);
    expect(JSON.stringify(err)).toContain('"Custom":6001');
    expect(logs.join("\n")).toMatch(/Slippage tolerance exceeded/);
    await server.jobs.swapPools.run();
  });
});

describe("the chain out of reach", () => {
  it("answers 503 with a clear error, before the first read and after a failed one", async () => {
    const offline = await startSwapServer({ rpcUrl: "http://127.0.0.1:9" });
    try {
      const path = quotePath({ inputMint: sol.toBase58(), outputMint: usdc.toBase58(), amount: 1 });
      expect((await api(offline, "GET", path)).status).toBe(503);
      await expect(offline.jobs.swapPools.run()).rejects.toThrow();
      const { status, body } = await api(offline, "GET", path);
      expect(status).toBe(503);
      expect(body.error).toMatch(/could not be read from the chain/);
    } finally {
      await offline.close();
    }
  });
});

describe("Jupiter's client (@jup-ag/api) against the server", () => {
  it("quotes, gets swap-instructions and a /swap transaction that lands", async () => {
    // The package's own SwapApi with its basePath on this server: createJupiterApiClient (6.0.48) always replaces the
    // basePath with Jupiter's host, so it cannot be pointed anywhere else.
    const jupiter = new SwapApi(new Configuration({ basePath: `${server.url}/api/swap/v1` }));
    const { wallet } = await walletWith(usdt, 500_000_000n);
    const quote = await jupiter.quoteGet({ inputMint: usdt.toBase58(), outputMint: sol.toBase58(), amount: 100_000_000, slippageBps: 50 });
    expect(quote.routePlan).toHaveLength(2);
    const instructions = await jupiter.swapInstructionsPost({
      swapRequest: { userPublicKey: wallet.publicKey.toBase58(), quoteResponse: quote },
    });
    expect(instructions.swapInstruction.programId).toBe("JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4");
    const { swapTransaction, lastValidBlockHeight } = await jupiter.swapPost({
      swapRequest: { userPublicKey: wallet.publicKey.toBase58(), quoteResponse: quote, dynamicComputeUnitLimit: true },
    });
    expect(lastValidBlockHeight).toBeGreaterThan(0);
    const tx = VersionedTransaction.deserialize(Buffer.from(swapTransaction, "base64"));
    tx.sign([wallet]);
    const signature = await venue.connection.sendTransaction(tx);
    await venue.connection.confirmTransaction(signature, "confirmed");
    const received = await balance(venue, await tokenAccountWith(venue, sol, wallet.publicKey, 0n));
    expect(received).toBe(BigInt(quote.outAmount));
    expect(await balance(venue, await tokenAccountWith(venue, usdt, wallet.publicKey, 0n))).toBe(400_000_000n);
  });
});

/** The owner's wrapped-SOL account holding `lamports` more. */
async function wrappedSol(owner: Keypair, lamports: bigint): Promise<PublicKey> {
  const account = getAssociatedTokenAddressSync(NATIVE_MINT, owner.publicKey);
  const wrap = new Transaction().add(
    createAssociatedTokenAccountIdempotentInstruction(owner.publicKey, account, owner.publicKey, NATIVE_MINT),
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: account, lamports }),
    createSyncNativeInstruction(account),
  );
  await sendAndConfirmTransaction(venue.connection, wrap, [owner]);
  return account;
}

describe("native SOL", () => {
  beforeAll(async () => {
    // A pool of the real wrapped-SOL mint: 100 SOL / 15 000 USDC, seeded from wrapped lamports.
    const { payer } = venue;
    const pool = poolAddresses(NATIVE_MINT, usdc, CurveKind.ConstantProduct);
    const params = { mintA: NATIVE_MINT, mintB: usdc, curve: CurveKind.ConstantProduct, feeBps: 30, amplification: 0n };
    await sendAndConfirmTransaction(
      venue.connection,
      new Transaction().add(initializePoolInstruction({ payer: payer.publicKey, ...params })),
      [payer],
    );
    const deposit = depositLiquidityInstruction({
      pool,
      depositor: payer.publicKey,
      depositorTokenA: await wrappedSol(payer, 100_000_000_000n),
      depositorTokenB: await tokenAccountWith(venue, usdc, payer.publicKey, 15_000_000_000n),
      depositorLp: await tokenAccountWith(venue, pool.lpMint, payer.publicKey, 0n),
      lpAmount: initialLiquidity(100_000_000_000n, 15_000_000_000n).minted,
      maximumAmountA: 100_000_000_000n,
      maximumAmountB: 15_000_000_000n,
    });
    await sendAndConfirmTransaction(venue.connection, new Transaction().add(deposit), [payer]);
    await server.jobs.swapPools.run();
  });

  it("wraps SOL in, unwraps SOL out, and leaves no wrapped-SOL account behind", async () => {
    const wallet = Keypair.generate();
    await venue.net.ledger.requestAirdrop(wallet.publicKey.toBase58(), 10_000_000_000n);
    const wsol = getAssociatedTokenAddressSync(NATIVE_MINT, wallet.publicKey);
    const [solMint, usdcMint] = [NATIVE_MINT.toBase58(), usdc.toBase58()];

    const before = await venue.connection.getBalance(wallet.publicKey);
    const sell = (await api(server, "GET", quotePath({ inputMint: solMint, outputMint: usdcMint, amount: 1_000_000_000 }))).body;
    expect((await executeInstructions(sell, wallet)).err).toBeNull();
    expect(await balance(venue, getAssociatedTokenAddressSync(usdc, wallet.publicKey))).toBe(BigInt(sell.outAmount));
    expect(await venue.connection.getAccountInfo(wsol)).toBeNull();
    // 1 SOL sold, plus the fee and the USDC account's rent.
    const spent = before - (await venue.connection.getBalance(wallet.publicKey));
    expect(spent - 1_000_000_000).toBeGreaterThan(0);
    expect(spent - 1_000_000_000).toBeLessThan(5_000_000);
    await server.jobs.swapPools.run();

    const middle = await venue.connection.getBalance(wallet.publicKey);
    const buy = (
      await api(server, "GET", quotePath({ inputMint: usdcMint, outputMint: solMint, amount: 500_000_000, swapMode: "ExactOut" }))
    ).body;
    expect((await executeInstructions(buy, wallet)).err).toBeNull();
    expect(await venue.connection.getAccountInfo(wsol)).toBeNull();
    // 0.5 SOL bought, less the fee; the wrapped-SOL account's rent comes back when it closes.
    const gained = (await venue.connection.getBalance(wallet.publicKey)) - middle;
    expect(500_000_000 - gained).toBeGreaterThanOrEqual(0);
    expect(500_000_000 - gained).toBeLessThan(100_000);
    expect(await balance(venue, getAssociatedTokenAddressSync(usdc, wallet.publicKey))).toBe(BigInt(sell.outAmount) - BigInt(buy.inAmount));
  });
});

describe("the OpenAPI document and the rate limit", () => {
  it("lists the swap routes", async () => {
    const { body } = await api(server, "GET", "/api/docs");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/api/swap/v1/quote",
        "/api/swap/v1/swap-instructions",
        "/api/swap/v1/swap",
        "/api/swap/v1/program-id-to-label",
      ]),
    );
  });

  it("answers 429 with Retry-After past the per-client limit", async () => {
    const limited = await startSwapServer({ swapRateLimit: { limit: 2, windowSeconds: 60 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await api(limited, "GET", "/api/swap/v1/program-id-to-label")).status);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await api(limited, "GET", "/api/swap/v1/program-id-to-label");
      expect(refused.headers.get("retry-after")).toBeTruthy();
      expect(refused.body.error).toMatch(/Too many swap API requests/);
    } finally {
      await limited.close();
    }
  });
});
