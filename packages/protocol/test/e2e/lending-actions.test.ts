import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i80f48, MARGINFI_PROGRAM_ID } from "../../src/index.js";
import { TestMarket, type TestBank, type TestUser } from "../support/market.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let banks: TestBank[];
let lender: TestUser;
let borrower: TestUser;

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 10 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  banks = [sol, usdc];
  lender = await market.newUser();
  borrower = await market.newUser();
});
afterAll(() => market.close());

describe("deposit, borrow, repay and withdraw on the ledger", () => {
  it("a deposit moves tokens into the liquidity vault and books asset shares at share value 1", async () => {
    const signature = await market.deposit(lender, usdc, 1_000n * USDC);
    expect(await market.tokenBalance(usdc.vaults.liquidity)).toBe(1_000n * USDC);
    expect(await market.tokenBalance(await market.tokenAccount(lender, usdc))).toBe(0n);
    const account = await market.marginfiAccount(lender);
    const balance = account.lendingAccount.balances[0]!;
    expect(balance.active).toBe(1);
    expect(balance.bankPk).toBe(usdc.key.toBase58());
    expect(balance.assetShares).toBe(i80f48.fromInt(1_000n * USDC));
    expect(balance.liabilityShares).toBe(i80f48.ZERO);
    const bank = await market.bank(usdc);
    expect(bank.totalAssetShares).toBe(i80f48.fromInt(1_000n * USDC));
    expect(bank.lendingPositionCount).toBe(1);
    const tx = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(tx!.meta!.logMessages).toContain("Program log: Instruction: LendingAccountDeposit");
    const event = (await market.events(signature)).find((e) => e.name === "LendingAccountDepositEvent")!;
    const data = event.data as {
      header: Record<string, { toBase58(): string } | null>;
      bank: { toBase58(): string };
      amount: { toString(): string };
    };
    expect(data.header.signer!.toBase58()).toBe(lender.wallet.publicKey.toBase58());
    expect(data.header.marginfi_account!.toBase58()).toBe(lender.account.toBase58());
    expect(data.bank.toBase58()).toBe(usdc.key.toBase58());
    expect(data.amount.toString()).toBe((1_000n * USDC).toString());
    expect(tx!.meta!.logMessages!.at(-1)).toBe(`Program ${MARGINFI_PROGRAM_ID} success`);
  });

  it("a borrow against collateral pays out the exact amount and books the liability", async () => {
    await market.deposit(borrower, sol, 2n * SOL);
    const signature = await market.borrow(borrower, usdc, 15n * USDC, banks);
    const event = (await market.events(signature)).find((e) => e.name === "LendingAccountBorrowEvent")!;
    expect(String(event.data.amount)).toBe((15n * USDC).toString());
    expect(await market.tokenBalance(await market.tokenAccount(borrower, usdc))).toBe(15n * USDC);
    expect(await market.tokenBalance(usdc.vaults.liquidity)).toBe(985n * USDC);
    const account = await market.marginfiAccount(borrower);
    const active = account.lendingAccount.balances.filter((b) => b.active);
    expect(active).toHaveLength(2);
    const debt = active.find((b) => b.bankPk === usdc.key.toBase58())!;
    expect(debt.liabilityShares).toBe(i80f48.fromInt(15n * USDC));
    // Balances are kept sorted by bank key, descending.
    expect(Buffer.compare(Buffer.from(active[0]!.bankPk), Buffer.from(active[1]!.bankPk))).not.toBe(0);
    // The health cache holds the Initial pass: $20 of SOL against $15 of USDC, healthy, engine ok, version 3.
    const cache = account.healthCache;
    expect(cache.assetValue).toBe(i80f48.fromInt(20));
    expect(cache.liabilityValue).toBe(i80f48.fromInt(15));
    expect(cache.flags).toBe(3);
    expect(cache.programVersion).toBe(3);
    const bank = await market.bank(usdc);
    expect(bank.borrowingPositionCount).toBe(1);
    expect(bank.cache.lastOraclePrice).toBe(i80f48.ONE);
  });

  it("repay_all charges the whole debt and closes the balance; withdraw_all returns every token", async () => {
    const source = await market.fund(borrower, usdc, 0n);
    expect(await market.tokenBalance(source)).toBe(15n * USDC);
    await market.repay(borrower, usdc, 0n, true);
    expect(await market.tokenBalance(source)).toBe(0n);
    expect(await market.tokenBalance(usdc.vaults.liquidity)).toBe(1_000n * USDC);
    await market.withdraw(borrower, sol, 0n, banks, true);
    expect(await market.tokenBalance(await market.tokenAccount(borrower, sol))).toBe(2n * SOL);
    expect(await market.tokenBalance(sol.vaults.liquidity)).toBe(0n);
    const account = await market.marginfiAccount(borrower);
    expect(account.lendingAccount.balances.every((b) => b.active === 0)).toBe(true);
    expect((await market.bank(usdc)).borrowingPositionCount).toBe(0);
    expect((await market.bank(sol)).lendingPositionCount).toBe(0);
  });

  it("a partial withdraw leaves the rest of the deposit", async () => {
    await market.withdraw(lender, usdc, 400n * USDC, banks);
    expect(await market.tokenBalance(await market.tokenAccount(lender, usdc))).toBe(400n * USDC);
    const account = await market.marginfiAccount(lender);
    expect(account.lendingAccount.balances[0]!.assetShares).toBe(i80f48.fromInt(600n * USDC));
  });
});
