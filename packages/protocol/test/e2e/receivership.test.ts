// Receivership liquidation on the ledger (reference §13.2, §21 item 3): start, the receiver's withdrawals and
// repayments, end — in one transaction, with the transaction-shape rules read from the Instructions sysvar.
import { ComputeBudgetProgram, Keypair, PublicKey, TransactionInstruction, SYSVAR_INSTRUCTIONS_PUBKEY } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeLiquidationRecord, i80f48 } from "../../src/index.js";
import { TestMarket, ix, type TestBank, type TestUser } from "../support/market.js";
import { endLiquidationIx, initLiquidationRecordIx, liquidationRecordAddress, startLiquidationIx } from "../support/receivership.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const FLAT_FEE = 5_000;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let banks: TestBank[];
let liquidator: TestUser;

/** An account with 2 SOL against 10 USDC of debt whose SOL weights then drop to 0.25 / 0.4: maintenance health −$2. */
async function unhealthyAccount(): Promise<TestUser> {
  await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
  const user = await market.newUser();
  await market.deposit(user, sol, 2n * SOL);
  await market.borrow(user, usdc, 10n * USDC, banks);
  await market.configureBank(sol, { assetWeightInit: "0.25", assetWeightMaint: "0.4" });
  return user;
}

function initRecordIx(user: TestUser): TransactionInstruction {
  return initLiquidationRecordIx(user.account, liquidator.wallet.publicKey);
}

async function receivership(user: TestUser, actions: TransactionInstruction[], options: { withRecord?: boolean } = {}) {
  const risk = await market.riskAccounts(user, banks);
  const start = startLiquidationIx(user.account, liquidator.wallet.publicKey, risk);
  const end = endLiquidationIx(market, user.account, liquidator.wallet.publicKey, risk);
  return [...(options.withRecord ? [initRecordIx(user)] : []), start, ...actions, end];
}

async function seize(user: TestUser, amount: bigint): Promise<TransactionInstruction> {
  const destination = await market.tokenAccount(liquidator, sol);
  return market.withdrawIx({ ...user, wallet: liquidator.wallet }, sol, destination, amount, await market.riskAccounts(user, banks));
}

async function repayFor(user: TestUser, amount: bigint): Promise<TransactionInstruction> {
  const source = await market.fund(liquidator, usdc, amount);
  return market.repayIx({ ...user, wallet: liquidator.wallet }, usdc, source, amount);
}

beforeAll(async () => {
  market = await TestMarket.start({ liquidationFlatFee: FLAT_FEE });
  sol = await market.addBank(9, { kind: "pyth", price: 10 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  banks = [sol, usdc];
  const lender = await market.newUser();
  await market.deposit(lender, usdc, 10_000n * USDC);
  liquidator = await market.newUser();
});
afterAll(() => market.close());

describe("receivership liquidation", () => {
  it("seizes $2.10 of SOL for $2 repaid within the 5% premium, records it and charges the flat fee (§21 item 3)", async () => {
    const user = await unhealthyAccount();
    const walletBefore = await market.connection.getBalance(market.feeWallet.publicKey);
    const signature = await market.send(
      await receivership(user, [await seize(user, 210_000_000n), await repayFor(user, 2n * USDC)], { withRecord: true }),
      [liquidator.wallet],
    );
    const account = await market.marginfiAccount(user);
    const solBalance = account.lendingAccount.balances.find((b) => b.bankPk === sol.key.toBase58())!;
    const usdcBalance = account.lendingAccount.balances.find((b) => b.bankPk === usdc.key.toBase58())!;
    expect(solBalance.assetShares).toBe(i80f48.fromInt(1_790_000_000n));
    expect(usdcBalance.liabilityShares).toBe(i80f48.fromInt(8n * USDC));
    expect(account.accountFlags).toBe(0n);
    expect(await market.tokenBalance(await market.tokenAccount(liquidator, sol))).toBe(210_000_000n);
    expect(await market.connection.getBalance(market.feeWallet.publicKey)).toBe(walletBefore + FLAT_FEE);

    const record = decodeLiquidationRecord((await market.connection.getAccountInfo(liquidationRecordAddress(user.account)))!.data);
    expect(record.marginfiAccount).toBe(user.account.toBase58());
    expect(record.liquidationReceiver).toBe(PublicKey.default.toBase58());
    expect(record.entries[3]!.assetAmountSeized).toBeCloseTo(2.1, 12);
    expect(record.entries[3]!.liabAmountRepaid).toBeCloseTo(2, 12);
    expect(record.entries[3]!.timestamp).toBe(market.now());
    // The post-liquidation maintenance health is 1.79 × 10 × 0.4 − 8 = −0.84.
    expect(i80f48.toDecimal(i80f48.sub(account.healthCache.assetValueMaint, account.healthCache.liabilityValueMaint)).slice(0, 6)).toBe(
      "-0.840",
    );
    const event = await market.firstEvent(signature, "LiquidationReceiverEvent");
    expect(event.data.lamps_fee_paid).toBe(FLAT_FEE);
  });

  it("refuses seizing $3 for $2 (6090)", async () => {
    const user = await unhealthyAccount();
    await market.send(initRecordIx(user), [liquidator.wallet]);
    await market.expectError(
      await receivership(user, [await seize(user, 300_000_000n), await repayFor(user, 2n * USDC)]),
      [liquidator.wallet],
      6090,
      "LiquidationPremiumTooHigh",
      "Seized too much of the asset relative to liability repaid",
    );
  });

  it("refuses to start on a healthy account (6068) and to end above zero health (6068)", async () => {
    await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
    const healthy = await market.newUser();
    await market.deposit(healthy, sol, 2n * SOL);
    await market.borrow(healthy, usdc, 10n * USDC, banks);
    await market.send(initRecordIx(healthy), [liquidator.wallet]);
    const list = await receivership(healthy, []);
    const result = await market.simulate(list, [liquidator.wallet]);
    expect(result.err).toEqual({ InstructionError: [0, { Custom: 6068 }] });
    const user = await unhealthyAccount();
    await market.send(initRecordIx(user), [liquidator.wallet]);
    // Repaying $9 for $9.45 of SOL would lift health above zero: too severe.
    await market.expectError(
      await receivership(user, [await seize(user, 945_000_000n), await repayFor(user, 9n * USDC)]),
      [liquidator.wallet],
      6068,
      "HealthyAccount",
      "Account is healthy and cannot be liquidated",
    );
  });

  it("enforces the transaction shape: start first (6086), one start (6087), allowed instructions (6089), end last (6088)", async () => {
    const user = await unhealthyAccount();
    await market.send(initRecordIx(user), [liquidator.wallet]);
    const [start, end] = (await receivership(user, [])) as [TransactionInstruction, TransactionInstruction];
    const depositFirst = market.depositIx(liquidator, sol, await market.fund(liquidator, sol, 1n), 1n);
    let result = await market.simulate([depositFirst, start, end], [liquidator.wallet]);
    expect(result.err).toEqual({ InstructionError: [1, { Custom: 6086 }] });
    result = await market.simulate([start, start, end], [liquidator.wallet]);
    expect(result.err).toEqual({ InstructionError: [0, { Custom: 6087 }] });
    const deposit = market.depositIx({ ...user, wallet: liquidator.wallet }, sol, await market.fund(liquidator, sol, 1n), 1n);
    result = await market.simulate([start, deposit, end], [liquidator.wallet]);
    expect(result.err).toEqual({ InstructionError: [0, { Custom: 6089 }] });
    result = await market.simulate([start], [liquidator.wallet]);
    expect(result.err).toEqual({ InstructionError: [0, { Custom: 6088 }] });
    // Compute-budget instructions may come anywhere.
    const budget = ComputeBudgetProgram.setComputeUnitLimit({ units: 1_000_000 });
    result = await market.simulate([budget, start, end], [liquidator.wallet]);
    expect(result.err).toBeNull();
  });

  it("closes out a small account entirely without the premium rule", async () => {
    await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
    const user = await market.newUser();
    await market.deposit(user, sol, 400_000_000n);
    await market.borrow(user, usdc, 3n * USDC, banks);
    await market.configureBank(sol, { assetWeightInit: "0.25", assetWeightMaint: "0.4" });
    await market.send(initRecordIx(user), [liquidator.wallet]);
    const withdrawAll = market.withdrawIx(
      { ...user, wallet: liquidator.wallet },
      sol,
      await market.tokenAccount(liquidator, sol),
      0n,
      await market.riskAccounts(user, banks),
      true,
    );
    const source = await market.fund(liquidator, usdc, 3n * USDC);
    const repayAll = market.repayIx({ ...user, wallet: liquidator.wallet }, usdc, source, 0n, true);
    const list = await receivership(user, [withdrawAll, repayAll]);
    // After both balances close, the end needs no risk accounts.
    const end = list[list.length - 1]!;
    list[list.length - 1] = new TransactionInstruction({ programId: end.programId, keys: end.keys.slice(0, 6), data: end.data });
    await market.send(list, [liquidator.wallet]);
    expect((await market.marginfiAccount(user)).lendingAccount.balances.every((b) => b.active === 0)).toBe(true);
  });

  it("a stranger cannot withdraw outside receivership (6042)", async () => {
    const user = await unhealthyAccount();
    await market.expectError(await seize(user, 1n), [liquidator.wallet], 6042, "Unauthorized", "Unauthorized");
  });
});

describe("receivership account checks", () => {
  it("refuses an end without a start (6085), a stranger as receiver (6096) and a record of another account (6095)", async () => {
    const user = await unhealthyAccount();
    await market.send(initRecordIx(user), [liquidator.wallet]);
    const risk = await market.riskAccounts(user, banks);
    await market.expectError(
      endLiquidationIx(market, user.account, liquidator.wallet.publicKey, risk),
      [liquidator.wallet],
      6085,
      "UnexpectedLiquidationState",
      "Liquidation state issue. Check start before end, end last, and both unique",
    );
    const stranger = Keypair.generate();
    await market.airdrop(stranger.publicKey, SOL);
    const start = startLiquidationIx(user.account, liquidator.wallet.publicKey, risk);
    await market.expectError(
      [start, endLiquidationIx(market, user.account, stranger.publicKey, risk)],
      [stranger, liquidator.wallet],
      6096,
      "InvalidLiquidationReceiver",
      "Invalid liquidation receiver: account constraint violated",
    );
    const other = await unhealthyAccount();
    await market.send(initRecordIx(other), [liquidator.wallet]);
    const wrongRecord = startLiquidationIx(user.account, liquidator.wallet.publicKey, risk);
    wrongRecord.keys[1] = { pubkey: liquidationRecordAddress(other.account), isSigner: false, isWritable: true };
    await market.expectError(
      [wrongRecord, endLiquidationIx(market, user.account, liquidator.wallet.publicKey, risk)],
      [liquidator.wallet],
      6095,
      "InvalidLiquidationRecord",
      "Invalid liquidation record: account constraint violated",
      0,
    );
  });
});

describe("deleverage by the risk admin", () => {
  const riskAdmin = Keypair.generate();

  async function deleverage(user: TestUser, actions: TransactionInstruction[]) {
    const risk = await market.riskAccounts(user, banks);
    const record = liquidationRecordAddress(user.account);
    const start = ix("start_deleverage", [
      [user.account, false, true],
      [record, false, true],
      [market.group, false, false],
      [riskAdmin.publicKey, true, false],
      [SYSVAR_INSTRUCTIONS_PUBKEY, false, false],
      ...risk,
    ]);
    const end = ix("end_deleverage", [
      [user.account, false, true],
      [record, false, true],
      [market.group, false, false],
      [riskAdmin.publicKey, true, false],
      ...risk,
    ]);
    return [start, ...actions, end];
  }

  async function asRiskAdmin(user: TestUser) {
    const solTokens = await market.fund(riskAdmin, sol, 0n);
    const usdcTokens = await market.fund(riskAdmin, usdc, 2n * USDC);
    const acting = { ...user, wallet: riskAdmin };
    return {
      withdraw: market.withdrawIx(acting, sol, solTokens, 200_000_000n, await market.riskAccounts(user, banks)),
      repay: market.repayIx(acting, usdc, usdcTokens, 2n * USDC),
    };
  }

  it("reduces a healthy account's position as long as health does not worsen, within the daily withdrawal window", async () => {
    await market.airdrop(riskAdmin.publicKey, 10n * SOL);
    const admin = market.admin.publicKey;
    await market.send(
      ix(
        "marginfi_group_configure",
        [
          [market.group, false, true],
          [admin, true, false],
        ],
        [admin, admin, admin, admin, admin, admin, riskAdmin.publicKey]
          .map((k) => k.toBuffer())
          .concat([Buffer.from([0]), Buffer.from([0])]),
      ),
      [market.admin],
    );
    await market.configureBank(sol, { assetWeightInit: "1", assetWeightMaint: "1" });
    const user = await market.newUser();
    await market.deposit(user, sol, 2n * SOL);
    await market.borrow(user, usdc, 10n * USDC, banks);
    await market.send(initRecordIx(user), [liquidator.wallet]);

    const limit = (dollars: number) =>
      ix(
        "configure_deleverage_withdrawal_limit",
        [
          [market.group, false, true],
          [admin, true, false],
        ],
        [Buffer.from(Uint32Array.of(dollars).buffer)],
      );
    const byRiskAdmin = limit(1);
    byRiskAdmin.keys[1] = { pubkey: riskAdmin.publicKey, isSigner: true, isWritable: false };
    await market.expectError(byRiskAdmin, [riskAdmin], 6042, "Unauthorized", "Unauthorized");
    await market.send(limit(1), [market.admin]);
    const first = await asRiskAdmin(user);
    await market.expectError(
      await deleverage(user, [first.withdraw, first.repay]),
      [riskAdmin],
      6101,
      "DailyWithdrawalLimitExceeded",
      "Daily withdrawal limit exceeded: try again later",
      1,
    );
    await market.send(limit(1_000), [market.admin]);
    const second = await asRiskAdmin(user);
    await market.send(await deleverage(user, [second.withdraw, second.repay]), [riskAdmin]);
    const account = await market.marginfiAccount(user);
    expect(account.lendingAccount.balances.find((b) => b.bankPk === sol.key.toBase58())!.assetShares).toBe(i80f48.fromInt(1_800_000_000n));
    expect(account.accountFlags).toBe(0n);
    expect((await market.connection.getAccountInfo(market.group))!.data.readUInt32LE(8 + 272 + 4)).toBe(2);
  });

  it("refuses anyone but the risk admin (Anchor 2001)", async () => {
    const user = await market.newUser();
    await market.deposit(user, sol, SOL);
    await market.send(initRecordIx(user), [liquidator.wallet]);
    const [start, end] = (await deleverage(user, [])) as [TransactionInstruction, TransactionInstruction];
    start.keys[3] = { pubkey: liquidator.wallet.publicKey, isSigner: true, isWritable: false };
    end.keys[3] = { pubkey: liquidator.wallet.publicKey, isSigner: true, isWritable: false };
    await market.expectError([start, end], [liquidator.wallet], 2001, "ConstraintHasOne", "A has one constraint was violated", 0);
  });

  it("sunsets a bank: tokenless repayment by the risk admin, capped withdrawals, then purge", async () => {
    const sunset = await market.addBank(6, { kind: "switchboard", price: 1 });
    const all = [...banks, sunset];
    const lenderA = await market.newUser();
    const lenderB = await market.newUser();
    await market.deposit(lenderA, sunset, 100n * USDC);
    await market.deposit(lenderB, sunset, 50n * USDC);
    const borrower = await market.newUser();
    await market.deposit(borrower, sol, 10n * SOL);
    await market.borrow(borrower, sunset, 30n * USDC, all);
    await market.configureBank(sunset, { tokenlessRepaymentsAllowed: true });
    await market.send(initRecordIx(borrower), [liquidator.wallet]);

    // Inside a deleverage the risk admin repays the whole debt without tokens.
    const risk = await market.riskAccounts(borrower, all);
    const record = liquidationRecordAddress(borrower.account);
    const start = ix("start_deleverage", [
      [borrower.account, false, true],
      [record, false, true],
      [market.group, false, false],
      [riskAdmin.publicKey, true, false],
      [SYSVAR_INSTRUCTIONS_PUBKEY, false, false],
      ...risk,
    ]);
    const emptyTokens = await market.fund(riskAdmin, sunset, 0n);
    const repayAll = market.repayIx({ ...borrower, wallet: riskAdmin }, sunset, emptyTokens, 0n, true);
    const end = ix("end_deleverage", [
      [borrower.account, false, true],
      [record, false, true],
      [market.group, false, false],
      [riskAdmin.publicKey, true, false],
      ...(await market.riskAccounts(borrower, all, { remove: sunset })),
    ]);
    await market.send([start, repayAll, end], [riskAdmin]);
    expect(await market.tokenBalance(sunset.vaults.liquidity)).toBe(120n * USDC);
    expect((await market.bank(sunset)).flags & 64n).toBe(64n);

    // Lenders are paid from what the vault still holds, first come, first served.
    await market.withdraw(lenderA, sunset, 0n, all, true);
    expect(await market.tokenBalance(await market.tokenAccount(lenderA, sunset))).toBe(100n * USDC);
    await market.withdraw(lenderB, sunset, 0n, all, true);
    expect(await market.tokenBalance(await market.tokenAccount(lenderB, sunset))).toBe(20n * USDC);
  });

  it("purges a leftover deposit of a completed sunset and forces completion only where tokenless repayment is allowed", async () => {
    const sunset = await market.addBank(6, { kind: "switchboard", price: 1 });
    const lender = await market.newUser();
    await market.deposit(lender, sunset, 5n * USDC);
    const purge = ix("purge_deleverage_balance", [
      [market.group, false, false],
      [lender.account, false, true],
      [riskAdmin.publicKey, true, false],
      [sunset.key, false, true],
    ]);
    await market.expectError(purge, [riskAdmin], 6089, "ForbiddenIx", "Tried to call an instruction that is forbidden during liquidation");
    const force = ix("lending_pool_force_tokenless_repay_complete", [
      [market.group, false, false],
      [riskAdmin.publicKey, true, false],
      [sunset.key, false, true],
    ]);
    await market.send(force, [riskAdmin]);
    expect((await market.bank(sunset)).flags & 64n).toBe(0n);
    await market.configureBank(sunset, { tokenlessRepaymentsAllowed: true });
    await market.send(force, [riskAdmin]);
    expect((await market.bank(sunset)).flags & 96n).toBe(96n);
    const purgeByStranger = new TransactionInstruction({
      ...purge,
      keys: purge.keys.map((k, i) => (i === 2 ? { ...k, pubkey: liquidator.wallet.publicKey } : k)),
    });
    await market.expectError(purgeByStranger, [liquidator.wallet], 6042, "Unauthorized", "Unauthorized");
    await market.send(purge, [riskAdmin]);
    expect((await market.marginfiAccount(lender)).lendingAccount.balances.every((b) => b.active === 0)).toBe(true);
    const bank = await market.bank(sunset);
    expect(bank.totalAssetShares).toBe(i80f48.ZERO);
    expect(bank.lendingPositionCount).toBe(0);
    const byStranger = ix("lending_pool_force_tokenless_repay_complete", [
      [market.group, false, false],
      [liquidator.wallet.publicKey, true, false],
      [sunset.key, false, true],
    ]);
    await market.expectError(byStranger, [liquidator.wallet], 6042, "Unauthorized", "Unauthorized");
  });
});
