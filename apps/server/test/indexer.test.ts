// The indexer against a real ledger on both databases: lending actions land as real transactions and become exact
// activity rows (native amounts, types, chain order), failed transactions leave no trace, a restarted server catches
// up from its cursor without gaps or duplicates, paging and failures mid-run lose nothing, and indexed_balances
// mirror the margin accounts' on-chain shares.
import { Keypair, PublicKey, type Connection } from "@solana/web3.js";
import { transferToNewAccountInstruction } from "@ballast/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i80f48 } from "../../../packages/protocol/src/index.js";
import { TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { liquidateIx } from "../../../packages/protocol/test/support/liquidation.js";
import {
  appointAdmins,
  mintTokens,
  setupEmissionsIx,
  withdrawEmissionsIx,
} from "../../../packages/protocol/test/support/emissions-emode.js";
import { endLiquidationIx, initLiquidationRecordIx, startLiquidationIx } from "../../../packages/protocol/test/support/receivership.js";
import { indexerJob } from "../src/indexer/indexer.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, freshDatabase, startTestServer } from "./support/server.js";
import {
  activityRow,
  activityRows,
  balanceRows,
  creationOf,
  expectBalancesMatchChain,
  programSignatures,
  type ActivityRow,
} from "./support/indexer-checks.js";
import { seededRandom } from "../../../packages/ledger/test/support/random.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
/** Bank.flags bit: emissions accrue on deposits. */
const EMISSIONS_FLAG_LENDING_ACTIVE = 2n;

let market: TestMarket;
beforeAll(async () => {
  market = await TestMarket.start();
});
afterAll(async () => {
  await market.close();
});

/**
 * A connection whose method calls are counted by name (web3.js's internal calls are not); `refuse` makes a call fail
 * as an unreachable node would.
 */
function countingConnection(connection: Connection, refuse: (method: string, args: unknown[]) => boolean = () => false) {
  const calls: Record<string, number> = {};
  const proxy = new Proxy(connection, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const name = String(property);
        calls[name] = (calls[name] ?? 0) + 1;
        if (refuse(name, args)) return Promise.reject(new Error(`${name}: node unavailable`));
        return value.apply(target, args);
      };
    },
  });
  return { connection: proxy, calls };
}

describe.each(DIALECTS)("on %s", (dialect) => {
  let sol: TestBank;
  let usdc: TestBank;
  let banks: TestBank[];
  let lender: TestUser;
  let borrower: TestUser;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: RunningServer;
  /** Every row the indexer must hold, in chain order, as the actions land. */
  const expected: ActivityRow[] = [];

  beforeAll(async () => {
    // A group of its own, so the other dialect's activity (another group) is not this server's.
    market.group = await market.createGroup();
    sol = await market.addBank(9, { kind: "pyth", price: 10 });
    usdc = await market.addBank(6, { kind: "pyth", price: 1 });
    banks = [sol, usdc];
    lender = await market.newUser();
    expected.push(activityRow(await creationOf(market, lender), "create_account", lender, null, null));
    expected.push(activityRow(await market.deposit(lender, usdc, 1_000n * USDC), "deposit", lender, usdc, 1_000n * USDC));
    borrower = await market.newUser();
    expected.push(activityRow(await creationOf(market, borrower), "create_account", borrower, null, null));
    expected.push(activityRow(await market.deposit(borrower, sol, 2n * SOL), "deposit", borrower, sol, 2n * SOL));
    expected.push(activityRow(await market.borrow(borrower, usdc, 10n * USDC, banks), "borrow", borrower, usdc, 10n * USDC));
    expected.push(activityRow(await market.repay(borrower, usdc, 4n * USDC), "repay", borrower, usdc, 4n * USDC));
    expected.push(activityRow(await market.withdraw(borrower, sol, SOL / 2n, banks), "withdraw", borrower, sol, SOL / 2n));
    database = await freshDatabase(dialect);
    server = await startTestServer(market, { database });
  });
  afterAll(async () => {
    await server.close();
  });

  it("indexes the whole history on its first run: one exact row per action, in chain order", async () => {
    const summary = (await server.jobs.indexer.run()) as { signatures: number; events: number };
    expect(summary).toEqual({ signatures: (await programSignatures(market)).length, events: 7 });
    expect(await activityRows(server)).toEqual(expected);
  });

  it("stores the event's other fields as details and the block's time", async () => {
    const [repay] = await server.context.db.selectFrom("activity").selectAll().where("type", "=", "repay").execute();
    expect(JSON.parse(repay!.details)).toEqual({ signer: borrower.wallet.publicKey.toBase58(), closeBalance: false });
    const landed = await market.connection.getTransaction(repay!.signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(Number(repay!.slot)).toBe(landed!.slot);
    expect(Number(repay!.block_time)).toBe(landed!.blockTime);
    const [created] = await server.context.db.selectFrom("activity").selectAll().where("type", "=", "create_account").execute();
    expect(JSON.parse(created!.details)).toEqual({ signer: lender.wallet.publicKey.toBase58() });
  });

  it("keeps indexed_balances equal to the accounts' on-chain shares", async () => {
    await expectBalancesMatchChain(market, server, [
      { account: lender.account.toBase58(), authority: lender.wallet.publicKey.toBase58() },
      { account: borrower.account.toBase58(), authority: borrower.wallet.publicKey.toBase58() },
    ]);
    const rows = await balanceRows(server);
    // The borrower's SOL is 1.5 SOL of shares at share value 1; its debt 6 USDC.
    const debt = rows.find((r) => r.account === borrower.account.toBase58() && r.bank === usdc.key.toBase58())!;
    expect(debt.liability_shares).toBe(String(i80f48.fromInt(6n * USDC)));
    expect(debt.asset_shares).toBe("0");
    expect(rows).toHaveLength(3);
  });

  it("costs a single getSignaturesForAddress call when nothing changed", async () => {
    const counted = countingConnection(server.context.connection);
    const job = indexerJob({ ...server.context, connection: counted.connection });
    expect(await job.run()).toEqual({ signatures: 0, events: 0 });
    expect(counted.calls).toEqual({ getSignaturesForAddress: 1 });
  });

  it("records nothing of a failed transaction, and moves past it", async () => {
    const destination = await market.tokenAccount(borrower, usdc);
    const risk = await market.riskAccounts(borrower, banks);
    const err = await market.landUnchecked([market.borrowIx(borrower, usdc, destination, 500n * USDC, risk)], [borrower.wallet]);
    expect(err).toEqual({ InstructionError: [0, { Custom: 6009 }] });
    const [failed] = await market.connection.getSignaturesForAddress(market.group, { limit: 1 }, "confirmed");
    expect(failed!.err).not.toBeNull();
    expect(await server.jobs.indexer.run()).toEqual({ signatures: 1, events: 0 });
    expect(await activityRows(server)).toEqual(expected);
    const cursor = await server.context.db.selectFrom("indexer_cursor").selectAll().executeTakeFirstOrThrow();
    expect(cursor.signature).toBe(failed!.signature);
    expect(await server.jobs.indexer.run()).toEqual({ signatures: 0, events: 0 });
  });

  describe("after a restart on the same database", () => {
    let liquidator: TestUser;
    let liquidatee: TestUser;
    let receiver: TestUser;
    let heir: Keypair;
    let heirAccount: Keypair;
    let emissionsDestination: PublicKey;
    let liquidation: string;

    beforeAll(async () => {
      await server.close();
      // Server A is gone; all of this lands while nothing indexes.
      expected.push(activityRow(await market.repay(borrower, usdc, 0n, true), "repay", borrower, usdc, 6n * USDC));
      expected.push(activityRow(await market.withdraw(borrower, sol, 0n, banks, true), "withdraw", borrower, sol, SOL + SOL / 2n));

      // Emissions on USDC deposits, paid out to the lender.
      const admins = await appointAdmins(market);
      const emissionsMint = await market.createMint(6);
      const funding = await mintTokens(market, emissionsMint, admins.emissions.publicKey, 1_000n * USDC);
      await market.send(
        setupEmissionsIx(market, usdc, admins.emissions.publicKey, emissionsMint, funding, {
          flags: EMISSIONS_FLAG_LENDING_ACTIVE,
          rate: 1_000_000n,
          total: 1_000n * USDC,
        }),
        [admins.emissions],
      );
      emissionsDestination = await mintTokens(market, emissionsMint, lender.wallet.publicKey, 0n);
      market.advanceTime(3_600);
      const payout = await market.send(withdrawEmissionsIx(market, lender, usdc, emissionsMint, emissionsDestination), [lender.wallet]);
      const paid = await market.tokenBalance(emissionsDestination);
      expect(paid).toBeGreaterThan(0n);
      // An hour on, the prices must be published again to be fresh.
      await market.setOracle(sol.oracle!, { kind: "pyth", price: 10 });
      await market.setOracle(usdc.oracle!, { kind: "pyth", price: 1 });
      expected.push({ ...activityRow(payout, "withdraw_emissions", lender, usdc, paid), mint: emissionsMint.toBase58() });

      // Classic liquidation: 2 SOL against 10 USDC, then SOL's weights drop.
      liquidatee = await market.newUser();
      expected.push(activityRow(await creationOf(market, liquidatee), "create_account", liquidatee, null, null));
      expected.push(activityRow(await market.deposit(liquidatee, sol, 2n * SOL), "deposit", liquidatee, sol, 2n * SOL));
      expected.push(activityRow(await market.borrow(liquidatee, usdc, 10n * USDC, banks), "borrow", liquidatee, usdc, 10n * USDC));
      await market.configureBank(sol, { assetWeightInit: "0.25", assetWeightMaint: "0.4" });
      liquidator = await market.newUser();
      expected.push(activityRow(await creationOf(market, liquidator), "create_account", liquidator, null, null));
      expected.push(activityRow(await market.deposit(liquidator, sol, 10n * SOL), "deposit", liquidator, sol, 10n * SOL));
      const seized = 100_000_000n;
      liquidation = await market.send(
        await liquidateIx(market, { liquidator, liquidatee, assetBank: sol, liabBank: usdc, assetAmount: seized, banks }),
        [liquidator.wallet],
      );
      expected.push(activityRow(liquidation, "liquidation", liquidatee, sol, seized));

      // Receivership liquidation of the same account: seize 0.21 SOL, repay 2 USDC, in one transaction.
      receiver = await market.newUser();
      expected.push(activityRow(await creationOf(market, receiver), "create_account", receiver, null, null));
      const risk = await market.riskAccounts(liquidatee, banks);
      const seizeTo = await market.tokenAccount(receiver, sol);
      const repayFrom = await market.fund(receiver, usdc, 2n * USDC);
      const asReceiver = { ...liquidatee, wallet: receiver.wallet };
      const receivership = await market.send(
        [
          initLiquidationRecordIx(liquidatee.account, receiver.wallet.publicKey),
          startLiquidationIx(liquidatee.account, receiver.wallet.publicKey, risk),
          market.withdrawIx(asReceiver, sol, seizeTo, 210_000_000n, risk),
          market.repayIx(asReceiver, usdc, repayFrom, 2n * USDC),
          endLiquidationIx(market, liquidatee.account, receiver.wallet.publicKey, risk),
        ],
        [receiver.wallet],
      );
      expected.push(activityRow(receivership, "withdraw", liquidatee, sol, 210_000_000n));
      expected.push(activityRow(receivership, "repay", liquidatee, usdc, 2n * USDC));
      expected.push(activityRow(receivership, "receivership_liquidation", liquidatee, null, null));

      // The lender hands its account to a new wallet.
      heir = Keypair.generate();
      heirAccount = Keypair.generate();
      const transfer = await market.send(
        transferToNewAccountInstruction({
          group: market.group,
          oldMarginfiAccount: lender.account,
          newMarginfiAccount: heirAccount.publicKey,
          authority: lender.wallet.publicKey,
          newAuthority: heir.publicKey,
          globalFeeWallet: market.feeWallet.publicKey,
        }),
        [lender.wallet, heirAccount],
      );
      expected.push(activityRow(transfer, "transfer_account", { wallet: heir, account: heirAccount.publicKey }, null, null));

      server = await startTestServer(market, { database });
    });

    it("catches up from its cursor: every event exactly once, none lost", async () => {
      const summary = (await server.jobs.indexer.run()) as { signatures: number; events: number };
      expect(summary.events).toBe(14);
      expect(await activityRows(server)).toEqual(expected);
      expect(await server.jobs.indexer.run()).toEqual({ signatures: 0, events: 0 });
    });

    it("records a liquidation under the liquidatee with the liquidator, the debt and the event's amounts as details", async () => {
      const [liquidation] = await server.context.db.selectFrom("activity").selectAll().where("type", "=", "liquidation").execute();
      expect(liquidation!.related_account).toBe(liquidator.account.toBase58());
      expect(liquidation!.related_authority).toBe(liquidator.wallet.publicKey.toBase58());
      expect(liquidation!.related_bank).toBe(usdc.key.toBase58());
      expect(liquidation!.related_mint).toBe(usdc.mint.toBase58());
      const details = JSON.parse(liquidation!.details);
      expect(details).toMatchObject({
        signer: liquidator.wallet.publicKey.toBase58(),
        liquidatorAccount: liquidator.account.toBase58(),
        liquidatorAuthority: liquidator.wallet.publicKey.toBase58(),
        liabilityBank: usdc.key.toBase58(),
        liabilityMint: usdc.mint.toBase58(),
        // 95% of the seized value off the debt; the insurance fee's whole units moved to the insurance vault.
        repaidAmount: "950000",
        insuranceFee: (await market.tokenBalance(usdc.vaults.insurance)).toString(),
        preBalances: {
          liquidateeAssetBalance: 2e9,
          liquidateeLiabilityBalance: 10e6,
          liquidatorAssetBalance: 10e9,
          liquidatorLiabilityBalance: 0,
        },
      });
      expect(details.postBalances.liquidateeAssetBalance).toBe(1.9e9);
      expect(details.postBalances.liquidatorAssetBalance).toBe(10.1e9);
      expect(details.liquidateePreHealth).toBeCloseTo(-2, 9);
      expect(details.liquidateePostHealth).toBeCloseTo(-1.45, 9);

      const [receivership] = await server.context.db
        .selectFrom("activity")
        .selectAll()
        .where("type", "=", "receivership_liquidation")
        .execute();
      expect(receivership!.related_authority).toBe(receiver.wallet.publicKey.toBase58());
      const seizedDetails = JSON.parse(receivership!.details);
      expect(seizedDetails.liquidationReceiver).toBe(receiver.wallet.publicKey.toBase58());
      expect(seizedDetails.assetsSeizedValue).toBeCloseTo(2.1, 9);
      expect(seizedDetails.liabilityRepaidValue).toBeCloseTo(2, 9);
      expect(seizedDetails.flatFeeLamports).toBe(0);
      // The event has USD values only; the row lists the transaction's withdrawals and repayments in native units.
      expect(seizedDetails.seized).toEqual([{ bank: sol.key.toBase58(), mint: sol.mint.toBase58(), amount: "210000000" }]);
      expect(seizedDetails.repaid).toEqual([{ bank: usdc.key.toBase58(), mint: usdc.mint.toBase58(), amount: String(2n * USDC) }]);

      const symbol = (bank: TestBank) => bank.mint.toBase58().slice(0, 4).toUpperCase();
      const line = `0.21 ${symbol(sol)} seized, 2 ${symbol(usdc)} repaid`;
      const { body } = await api(server, "GET", `/api/activity/authority?address=${liquidatee.wallet.publicKey.toBase58()}`);
      const descriptions = (body.data as { type: string; description: string | null }[])
        .filter((r) => r.type.includes("liquidation"))
        .map((r) => r.description);
      expect(descriptions).toEqual([
        `Liquidated by receivership: ${line}`,
        `Liquidated: 0.1 ${symbol(sol)} seized, 0.95 ${symbol(usdc)} repaid`,
      ]);
      const account = liquidatee.account.toBase58();
      const asReceiver = await api(server, "GET", `/api/activity/authority?address=${receiver.wallet.publicKey.toBase58()}`);
      expect(asReceiver.body.data[0].description).toBe(`Liquidated ${account.slice(0, 4)}…${account.slice(-4)} by receivership: ${line}`);
    });

    it("records the transfer under the new authority with the old account and authority", async () => {
      const [transfer] = await server.context.db.selectFrom("activity").selectAll().where("type", "=", "transfer_account").execute();
      expect(transfer!.related_account).toBe(lender.account.toBase58());
      expect(transfer!.related_authority).toBe(lender.wallet.publicKey.toBase58());
      expect(JSON.parse(transfer!.details)).toEqual({
        signer: lender.wallet.publicKey.toBase58(),
        oldAccount: lender.account.toBase58(),
        oldAuthority: lender.wallet.publicKey.toBase58(),
      });
    });

    it("records an emissions payout in the emissions mint with its decimals", async () => {
      const [payout] = await server.context.db.selectFrom("activity").selectAll().where("type", "=", "withdraw_emissions").execute();
      expect(JSON.parse(payout!.details)).toEqual({
        destination: emissionsDestination.toBase58(),
        decimals: 6,
        permissionless: false,
      });
    });

    it("drops closed balances and follows transfers in indexed_balances", async () => {
      await expectBalancesMatchChain(market, server, [
        { account: heirAccount.publicKey.toBase58(), authority: heir.publicKey.toBase58() },
        { account: liquidatee.account.toBase58(), authority: liquidatee.wallet.publicKey.toBase58() },
        { account: liquidator.account.toBase58(), authority: liquidator.wallet.publicKey.toBase58() },
      ]);
      const rows = await balanceRows(server);
      // Nothing left of the borrower (repaid and withdrew all) nor of the lender's old account (moved to the heir).
      expect(rows.filter((r) => r.account === borrower.account.toBase58() || r.account === lender.account.toBase58())).toEqual([]);
      expect(rows.filter((r) => r.account === heirAccount.publicKey.toBase58()).map((r) => r.asset_shares)).toEqual([
        String(i80f48.fromInt(1_000n * USDC)),
      ]);
    });

    it("re-reads history without duplicates when the cursor is lost", async () => {
      await server.context.db.deleteFrom("indexer_cursor").execute();
      const summary = (await server.jobs.indexer.run()) as { signatures: number; events: number };
      expect(summary.events).toBe(expected.length);
      expect(await activityRows(server)).toEqual(expected);
    });

    it("pages through more signatures than one call returns, with small pages", async () => {
      const fresh = await startTestServer(market, { dialect });
      try {
        const counted = countingConnection(fresh.context.connection);
        const job = indexerJob({ ...fresh.context, connection: counted.connection }, { pageSize: 7, batchSize: 5 });
        const total = (await programSignatures(market)).length;
        const summary = (await job.run()) as { signatures: number; events: number };
        expect(summary).toEqual({ signatures: total, events: expected.length });
        expect(counted.calls.getSignaturesForAddress).toBe(Math.floor(total / 7) + 1);
        expect(await activityRows(fresh)).toEqual(expected);
        expect(await balanceRows(fresh)).toEqual(await balanceRows(server));
      } finally {
        await fresh.close();
      }
    });

    it("loses and duplicates nothing when a run fails midway: the next run resumes after the last committed batch", async () => {
      const fresh = await startTestServer(market, { dialect });
      try {
        // The node cannot return the batch holding the liquidation: the run fails after committing the batches before it.
        let down = true;
        const counted = countingConnection(
          fresh.context.connection,
          (method, args) => down && method === "getTransactions" && (args[0] as string[]).includes(liquidation),
        );
        const job = indexerJob({ ...fresh.context, connection: counted.connection }, { batchSize: 10 });
        await expect(job.run()).rejects.toThrow("getTransactions: node unavailable");
        const partial = await activityRows(fresh);
        const before = expected.findIndex((r) => r.signature === liquidation);
        expect(partial.length).toBeGreaterThan(0);
        expect(partial.length).toBeLessThanOrEqual(before);
        expect(partial).toEqual(expected.slice(0, partial.length));
        down = false;
        const summary = (await job.run()) as { signatures: number; events: number };
        expect(summary.events).toBe(expected.length - partial.length);
        expect(await activityRows(fresh)).toEqual(expected);
        expect(await balanceRows(fresh)).toEqual(await balanceRows(server));
      } finally {
        await fresh.close();
      }
    });
  });
});

/** Seeded choices, so a failing sequence can be replayed. */
function random(seed: number) {
  const next = seededRandom(seed);
  return { below: (n: number) => Math.floor(next() * n), amount: (max: bigint) => 1n + BigInt(Math.floor(next() * Number(max))) };
}

describe.each(DIALECTS)("random interleavings of actions and indexer runs on %s", (dialect) => {
  it("always end with every action indexed exactly once and balances equal to the chain", async () => {
    market.group = await market.createGroup();
    const sol = await market.addBank(9, { kind: "pyth", price: 10 });
    const usdc = await market.addBank(6, { kind: "pyth", price: 1 });
    const banks = [sol, usdc];
    const lender = await market.newUser();
    await market.deposit(lender, usdc, 10_000n * USDC);
    const users = [await market.newUser(), await market.newUser(), await market.newUser()];
    const server = await startTestServer(market, { dialect });
    try {
      const actions: string[] = [];
      const collateral = new Map<TestUser, bigint>(users.map((u) => [u, 0n]));
      const debt = new Map<TestUser, bigint>(users.map((u) => [u, 0n]));
      const rng = random(dialect === "sqlite" ? 20240601 : 20240602);
      let runs = 0;
      for (let step = 0; step < 30; step++) {
        const user = users[rng.below(users.length)]!;
        const held = collateral.get(user)!;
        const owed = debt.get(user)!;
        const choice = rng.below(5);
        if (choice === 0 || held < 60n * SOL) {
          const amount = rng.amount(20n * SOL) + 50n * SOL;
          actions.push(await market.deposit(user, sol, amount));
          collateral.set(user, held + amount);
        } else if (choice === 1 && owed < 200n * USDC) {
          const amount = rng.amount(50n * USDC);
          actions.push(await market.borrow(user, usdc, amount, banks));
          debt.set(user, owed + amount);
        } else if (choice === 2 && owed > 0n) {
          const amount = rng.amount(owed);
          actions.push(await market.repay(user, usdc, amount));
          debt.set(user, owed - amount);
        } else if (choice === 3) {
          // Collateral stays above 50 SOL ($500), far over any debt.
          const amount = rng.amount(held - 50n * SOL);
          actions.push(await market.withdraw(user, sol, amount, banks));
          collateral.set(user, held - amount);
        } else {
          const job = indexerJob(server.context, { pageSize: 1 + rng.below(8), batchSize: 1 + rng.below(6) });
          await job.run();
          runs += 1;
        }
      }
      await server.jobs.indexer.run();
      const indexed = await server.context.db
        .selectFrom("activity")
        .select(["signature", "type"])
        .where("type", "!=", "create_account")
        .where("authority", "!=", lender.wallet.publicKey.toBase58())
        .orderBy("slot")
        .orderBy("tx_index")
        .orderBy("event_index")
        .execute();
      expect(indexed.map((r) => r.signature)).toEqual(actions);
      await expectBalancesMatchChain(
        market,
        server,
        [lender, ...users].map((u) => ({ account: u.account.toBase58(), authority: u.wallet.publicKey.toBase58() })),
      );
      // The indexed amounts add up to what each user holds and owes.
      for (const user of users) {
        const rows = await server.context.db
          .selectFrom("activity")
          .select(["type", "amount"])
          .where("account", "=", user.account.toBase58())
          .execute();
        const total = (type: string) => rows.filter((r) => r.type === type).reduce((sum, r) => sum + BigInt(r.amount!), 0n);
        expect(total("deposit") - total("withdraw")).toBe(collateral.get(user));
        expect(total("borrow") - total("repay")).toBe(debt.get(user));
      }
      expect(runs).toBeGreaterThan(2);
    } finally {
      await server.close();
    }
  });
});
