// The liquidator service against the product as `npm start` runs it (ledger, seeded markets, swap venue, price walk,
// API server with its quote API): a borrower near its limit, SOL crashed through the price control, and the service
// finds, liquidates and rebalances on its own, seen on chain, in its JSON logs and on /metrics.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { Keypair, PublicKey, Transaction } from "@solana/web3.js";
import { AccountFlags, BankOperationalState, i80f48 as fx } from "@ballast/protocol";
import { prepareSandboxLiquidator } from "@ballast/sandbox";
import {
  accountRisk,
  borrowAction,
  configureBankInstruction,
  KAMINO_OBLIGATION_SIZE,
  KLEND_PROGRAM_ID,
  confirmSignature,
  decodeKaminoObligation,
  decodeKaminoReserve,
  depositAction,
  isLiquidatable,
  keypairWallet,
  liquidationPrice,
  maxBorrow,
  swapApiUrl,
  type KaminoObligation,
} from "@ballast/sdk";
import { startSandboxProduct, type SandboxProduct } from "../../server/test/support/sandbox.js";
import { ConfigError, readKeypairFile, resolveConfig, settingsFrom, startLiquidator, type RunningLiquidator } from "../src/index.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let product: SandboxProduct;
let liquidator: RunningLiquidator;
const logs: Record<string, unknown>[] = [];
let keypairPath: string;

function logger() {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return pino({ level: "info" }, sink);
}

const accountData = (address: PublicKey) => product.marginAccount(address);
const riskOf = (address: PublicKey) => product.riskOf(address);

/** A funded wallet whose account holds `deposit` of SOL against 99% of the USDC it may borrow. */
async function borrowerNearLimit(deposit: bigint) {
  const [sol, usdc] = [product.bank("SOL"), product.bank("USDC")];
  const borrower = Keypair.generate();
  await product.faucet.fund(borrower.publicKey.toBase58());
  const { marginfiAccount } = await depositAction({ ...product.contextFor(borrower, await product.market()), bank: sol, amount: deposit });
  const market = await product.market();
  const context = product.contextFor(borrower, market);
  const risk = accountRisk((await accountData(marginfiAccount)).lendingAccount.balances, market.banks);
  const amount = (maxBorrow(risk, market.banks.get(usdc)!) * 99n) / 100n;
  await borrowAction({ ...context, bank: usdc, marginfiAccount, account: await accountData(marginfiAccount), amount });
  return { context, marginfiAccount };
}

/** The group admin sets a bank's operational state. */
async function setOperationalState(bank: string, operationalState: BankOperationalState): Promise<void> {
  const { blockhash } = await product.connection.getLatestBlockhash("confirmed");
  const tx = new Transaction({ feePayer: product.admin.publicKey, recentBlockhash: blockhash }).add(
    configureBankInstruction({
      group: new PublicKey(product.main.group),
      admin: product.admin.publicKey,
      bank: new PublicKey(bank),
      changes: { operationalState },
      programId: new PublicKey(product.main.programId),
    }),
  );
  tx.sign(product.admin);
  await confirmSignature(product.connection, await product.connection.sendRawTransaction(tx.serialize()));
}

beforeAll(async () => {
  product = await startSandboxProduct();
  const wallet = Keypair.generate();
  await product.faucet.fund(wallet.publicKey.toBase58());
  keypairPath = join(mkdtempSync(join(tmpdir(), "liquidator-")), "id.json");
  writeFileSync(keypairPath, JSON.stringify([...wallet.secretKey]));
}, 300_000);

afterAll(async () => {
  await liquidator?.close();
  // web3.js closes an idle websocket half a second after its last subscription: before the ledger goes away.
  await new Promise((r) => setTimeout(r, 700));
  await product?.close();
});

describe("configuration", () => {
  it("reads flags over LIQUIDATOR_* variables, a Solana CLI keypair file, and refuses bad settings with every reason", () => {
    const group = product.main.group;
    const settings = settingsFrom(["--group", group, "--min-profit-usd", "0.5", "--rpc-url", "localhost"], {
      LIQUIDATOR_KEYPAIR: keypairPath,
      LIQUIDATOR_MIN_PROFIT_USD: "9",
      LIQUIDATOR_PRIORITY_TIER: "HIGH",
      LIQUIDATOR_LOOKUP_TABLES: `${product.lookupTables[0]!.key.toBase58()}, ${product.lookupTables[0]!.key.toBase58()}`,
    });
    const config = resolveConfig(settings);
    expect(config.groups).toEqual([group]);
    expect(config.minProfitUsd).toBe(0.5);
    expect(config.priorityTier).toBe("HIGH");
    expect(config.rpcUrl).toBe("http://127.0.0.1:8899");
    expect(config.wsUrl).toBe("ws://127.0.0.1:8900/");
    expect(config.lookupTables).toEqual([product.lookupTables[0]!.key.toBase58()]);
    expect(config.maxAccountsPerTransaction).toBe(40);

    const bad = () =>
      resolveConfig(
        settingsFrom(["--rpc-url", "ftp://x", "--slippage-bps", "0", "--priority-tier", "FAST"], { LIQUIDATOR_KEYPAIR: keypairPath }),
      );
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(
      "--rpc-url must be a http or https URL; at least one --group is required; --priority-tier must be one of NORMAL, HIGH, ULTRA; --slippage-bps must be between 1 and 5000",
    );
    const notKeypair = join(keypairPath, "..", "not-a-keypair.json");
    writeFileSync(notKeypair, "[1,2,3]");
    expect(() => resolveConfig({ groups: [group], keypair: notKeypair })).toThrow(
      `Keypair file ${notKeypair} is not a Solana CLI keypair (a JSON array of 64 bytes)`,
    );
    expect(() => resolveConfig({ groups: [group], keypair: keypairPath, quoteDeposit: "5" })).toThrow("--quote-deposit needs --quote-bank");
  });
});

describe("starting", () => {
  it("fails for a group that does not exist, naming it", async () => {
    const group = Keypair.generate().publicKey.toBase58();
    const config = resolveConfig({
      rpcUrl: product.net.rpc.url,
      wsUrl: product.net.rpc.wsUrl,
      programId: product.main.programId,
      groups: [group],
      keypair: keypairPath,
    });
    await expect(startLiquidator(config, { logger: pino({ level: "silent" }) })).rejects.toThrow(`Group ${group} not found`);
  });
});

describe("the liquidator service", () => {
  it("liquidates a borrower within seconds of SOL crashing, sells the seized SOL back into USDC, and counts it on /metrics", async () => {
    const usdc = product.bank("USDC");
    liquidator = await startLiquidator(
      resolveConfig({
        rpcUrl: product.net.rpc.url,
        wsUrl: product.net.rpc.wsUrl,
        programId: product.main.programId,
        groups: [product.main.group],
        lookupTables: product.lookupTables.map((t) => t.key.toBase58()),
        keypair: keypairPath,
        quoteBanks: [usdc],
        quoteDeposit: String(5_000n * USDC),
        swapApiUrl: swapApiUrl(product.server.url),
        minProfitUsd: "0",
        metricsPort: "0",
        intervalMs: "2000",
      }),
      { logger: logger() },
    );
    const own = liquidator.ownAccount(product.main.group)!;
    const backing = (await riskOf(own)).positions.find((p) => p.bank.address === usdc)!;
    // Shares round down at the deposit: a native unit at most.
    expect(5_000n * USDC - fx.toIntFloor(backing.amount)).toBeLessThanOrEqual(1n);

    // 2 SOL against 99% of the USDC it may borrow.
    const { marginfiAccount } = await borrowerNearLimit(2n * SOL);
    const before = await riskOf(marginfiAccount);
    expect(isLiquidatable(before)).toBe(false);
    await liquidator.passNow();
    expect(logs.some((l) => l.msg === "liquidated")).toBe(false);

    const collateral = before.positions.find((p) => p.side === "assets")!;
    const crash = Number(fx.toDecimal(liquidationPrice(before, collateral)!)) * 0.9;
    const crashedAt = performance.now();
    const set = await product.prices.setPrice("SOL", Number(crash.toFixed(4)), 600);
    expect("refused" in set).toBe(false);
    const priceSlot = await product.connection.getSlot("confirmed");

    // No pass is asked for: the oracle notification drives it.
    const deadline = Date.now() + 30_000;
    let entry: Record<string, unknown> | undefined;
    while (Date.now() < deadline && !(entry = logs.find((l) => l.msg === "liquidated" && l.account === marginfiAccount.toBase58()))) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(entry).toBeDefined();
    const seconds = (performance.now() - crashedAt) / 1000;
    const landed = await product.connection.getTransaction(entry!.signature as string, {
      commitment: "confirmed",
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.meta?.err).toBeNull();
    // Within a few slots of the crash landing (400 ms slots).
    expect(landed!.slot - priceSlot).toBeLessThanOrEqual(10);
    console.log(`liquidated ${seconds.toFixed(2)} s and ${landed!.slot - priceSlot} slots after the crash`);

    const after = await riskOf(marginfiAccount);
    // The service keeps liquidating while the account stays liquidatable: the collateral may be gone by now.
    const side = (risk: typeof after, s: "assets" | "liabilities") => risk.positions.find((p) => p.side === s)?.amount ?? fx.ZERO;
    expect(fx.cmp(side(after, "assets"), side(before, "assets"))).toBe(-1);
    expect(fx.cmp(side(after, "liabilities"), side(before, "liabilities"))).toBe(-1);

    // The rebalance: the seized SOL repaid the USDC debt taken over, and the rest went back into the USDC deposit.
    const rebalanced = Date.now() + 30_000;
    while (Date.now() < rebalanced && !logs.some((l) => l.msg === "seized collateral sold into the quote bank")) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const mine = await riskOf(own);
    expect(mine.positions.map((p) => [p.bank.address, p.side])).toEqual([[usdc, "assets"]]);
    expect(fx.toIntFloor(mine.positions[0]!.amount)).toBeGreaterThan(5_000n * USDC);

    const text = await (await fetch(`${liquidator.statusUrl}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
    expect(value('ballast_liquidator_liquidations_landed_total\\{kind="classic"\\}')).toBeGreaterThanOrEqual(1);
    expect(value("ballast_liquidator_accounts_watched")).toBeGreaterThanOrEqual(2);
    expect(value("ballast_liquidator_profit_usd_total")).toBeGreaterThan(0);
    expect(value("ballast_liquidator_price_change_to_landed_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(text).toContain("# TYPE ballast_liquidator_liquidations_sent_total counter");
    expect((await fetch(`${liquidator.statusUrl}/nothing`)).status).toBe(404);
  });
  it("attempts a liquidation the program refuses once per state: not again until the account or a price changes", async () => {
    const sol = product.bank("SOL");
    const usdc = product.bank("USDC");
    // Prices move only by hand from here: each walk round would be a new state.
    await product.prices.stop();
    await product.prices.setPrice("SOL", 150, 600);
    const { context, marginfiAccount } = await borrowerNearLimit(SOL);
    // The admin pauses USDC: every liquidation of this debt is refused.
    await setOperationalState(usdc, BankOperationalState.Paused);
    const attempts = async () => {
      const text = await (await fetch(`${liquidator.statusUrl}/metrics`)).text();
      return Number(/^ballast_liquidator_liquidations_sent_total\{kind="classic"\} (\S+)$/m.exec(text)?.[1]);
    };
    const tried = () => logs.filter((l) => l.msg === "liquidation not sent or failed" && l.account === marginfiAccount.toBase58()).length;
    // The earlier crash may have left the liquidator's own account holding debts it took over: fresh backing, so
    // that this account's liquidation is within what it may take on.
    const wallet = readKeypairFile(keypairPath);
    await product.faucet.fund(wallet.publicKey.toBase58());
    await depositAction({
      ...context,
      wallet: keypairWallet(wallet),
      market: await product.market(),
      bank: sol,
      amount: 5n * SOL,
      marginfiAccount: liquidator.ownAccount(product.main.group)!,
    });
    // From an idle service: what the earlier crashes left liquidatable is worked off first (each state once).
    await liquidator.passNow();
    await liquidator.passNow();
    const crash =
      Number(
        fx.toDecimal(
          liquidationPrice(
            await riskOf(marginfiAccount),
            (await riskOf(marginfiAccount)).positions.find((p) => p.side === "assets")!,
          )!,
        ),
      ) * 0.9;
    await product.prices.setPrice("SOL", Number(crash.toFixed(4)), 600);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && tried() === 0) await new Promise((r) => setTimeout(r, 50));
    expect(tried()).toBe(1);
    // Nothing changes on chain between these passes: nothing is attempted again, for this account or any other.
    await liquidator.passNow();
    const settledAttempts = await attempts();
    await liquidator.passNow();
    await liquidator.passNow();
    expect(tried()).toBe(1);
    expect(await attempts()).toBe(settledAttempts);

    // A new price is a new state: one more attempt.
    await product.prices.setPrice("SOL", Number((crash * 0.99).toFixed(4)), 600);
    const again = Date.now() + 20_000;
    while (Date.now() < again && tried() === 1) await new Promise((r) => setTimeout(r, 50));
    await liquidator.passNow();
    expect(tried()).toBe(2);
    await setOperationalState(usdc, BankOperationalState.Operational);
  });

  it("settles an account whose collateral is worth nothing with handle_bankruptcy, as the group's risk admin", async () => {
    const usdc = product.bank("USDC");
    // The sandbox makes the liquidator every market's risk admin, as npm start does.
    await prepareSandboxLiquidator(product.connection, product.admin, product.state, liquidator.wallet);
    await product.prices.setPrice("SOL", 150, 600);
    const { marginfiAccount } = await borrowerNearLimit(SOL);
    const vault = new PublicKey((await product.market()).banks.get(usdc)!.bank.insuranceVault);
    const insurance = async () => BigInt((await product.connection.getTokenAccountBalance(vault, "confirmed")).value.amount);

    const before = await insurance();
    const set = await product.prices.setPrice("SOL", 0.01, 600);
    expect("refused" in set).toBe(false);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !logs.some((l) => l.msg === "bankruptcy settled" && l.account === marginfiAccount.toBase58())) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const settled = await accountData(marginfiAccount);
    expect(settled.accountFlags & AccountFlags.ACCOUNT_DISABLED).toBe(AccountFlags.ACCOUNT_DISABLED);
    const debt = settled.lendingAccount.balances.find((b) => b.active !== 0 && b.bankPk === usdc);
    expect(debt === undefined || fx.cmp(debt.liabilityShares, fx.ONE) < 0).toBe(true);
    // The USDC bank's insurance fund paid what it could.
    expect(await insurance()).toBeLessThan(before);
    const text = await (await fetch(`${liquidator.statusUrl}/metrics`)).text();
    expect(Number(/^ballast_liquidator_liquidations_landed_total\{kind="bankruptcy"\} (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it("liquidates the third-party market's borrower when ETH falls, by flash loan from the USDC reserve repaid with the seized ETH, and sells what is left", async () => {
    const kaminoUsdc = product.state.banks.find((b) => b.group === product.main.group && b.kaminoReserve !== undefined)!;
    const usdcReserve = decodeKaminoReserve((await product.connection.getAccountInfo(new PublicKey(kaminoUsdc.kaminoReserve!)))!.data);
    const borrowers = async () =>
      (
        await product.connection.getProgramAccounts(new PublicKey(KLEND_PROGRAM_ID), {
          commitment: "confirmed",
          filters: [{ dataSize: KAMINO_OBLIGATION_SIZE }, { memcmp: { offset: 32, bytes: usdcReserve.lendingMarket } }],
        })
      )
        .map(({ pubkey, account }) => ({ address: pubkey.toBase58(), obligation: decodeKaminoObligation(account.data) }))
        .filter(({ obligation }) => obligation.hasDebt !== 0);
    // The sandbox's market borrower: $1.6M of ETH against $800K of USDC, in the market's elevation group (liquidation
    // threshold 85%, bonuses capped at 5%).
    const [before] = await borrowers();
    expect(before?.obligation.elevationGroup).toBe(1);
    const debt = (o: KaminoObligation) => o.borrows.find((b) => b.borrowReserve === kaminoUsdc.kaminoReserve)?.borrowedAmountSf ?? 0n;
    const collateral = (o: KaminoObligation) => o.deposits.find((d) => d.depositedAmount > 0n)?.depositedAmount ?? 0n;

    // $3,380 → $1,800: $1.6M of ETH is worth $852K, and $800K is 94% of it (above 85%, below the 95% insolvency LTV).
    const ethMint = product.state.tokens.find((t) => t.symbol === "ETH")!.mint;
    const set = await product.prices.setPrice("ETH", 1800, 600);
    expect("refused" in set).toBe(false);
    const deadline = Date.now() + 30_000;
    let entry: Record<string, unknown> | undefined;
    while (
      Date.now() < deadline &&
      !(entry = logs.find((l) => l.msg === "market obligation liquidated" && l.obligation === before!.address))
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    // Capital-free: the USDC reserve lent the repayment by flash loan and the seized ETH bought it back on the venue.
    expect(entry).toMatchObject({ repayReserve: kaminoUsdc.kaminoReserve, flashLoan: true });
    const landed = await product.connection.getTransaction(entry!.signature as string, {
      commitment: "confirmed",
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.meta?.err).toBeNull();
    expect(BigInt(entry!.repaid as string)).toBeGreaterThan(0n);
    expect(BigInt(entry!.received as string)).toBeGreaterThan(0n);

    const after = (await borrowers()).find((b) => b.address === before!.address)!;
    expect(debt(after.obligation)).toBeLessThan(debt(before!.obligation));
    expect(collateral(after.obligation)).toBeLessThan(collateral(before!.obligation));

    // The seized ETH left over after the flash loan's swap is sold into USDC; the quote API reads the pools on a
    // schedule the test runs by hand, so a sale quoted before the liquidation's own swap landed is retried.
    const sold = Date.now() + 30_000;
    while (Date.now() < sold && !logs.some((l) => l.msg === "seized collateral sold" && l.mint === ethMint)) {
      await product.server.jobs.swapPools.run();
      await liquidator.passNow();
    }
    expect(logs.find((l) => l.msg === "seized collateral sold" && l.mint === ethMint)).toMatchObject({
      into: usdcReserve.liquidity.mintPubkey,
    });
    const text = await (await fetch(`${liquidator.statusUrl}/metrics`)).text();
    expect(Number(/^ballast_liquidator_liquidations_landed_total\{kind="market"\} (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });
});
