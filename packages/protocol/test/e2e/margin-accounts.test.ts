// Margin account lifecycle on the ledger: PDA accounts, closing balances and accounts, balance ordering, asset-tag
// mixing, the total-asset-value init limit and risk-account packing.
import { Keypair, PublicKey, SystemProgram, SYSVAR_INSTRUCTIONS_PUBKEY } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMarginfiAccount, i80f48, MarginfiAccountLayout } from "../../src/index.js";
import { calcValue } from "../../src/math/value.js";
import { option, u16 } from "../support/borsh.js";
import { PROGRAM, TestMarket, ix, type TestBank } from "../support/market.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let banks: TestBank[];

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 10 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
  banks = [sol, usdc];
  const lender = await market.newUser();
  await market.deposit(lender, usdc, 100_000n * USDC);
});
afterAll(() => market.close());

function pdaAccount(authority: PublicKey, index: number, thirdParty: number | null): PublicKey {
  const le = (v: number) => u16(v);
  return PublicKey.findProgramAddressSync(
    [Buffer.from("marginfi_account"), market.group.toBuffer(), authority.toBuffer(), le(index), le(thirdParty ?? 0)],
    PROGRAM,
  )[0];
}

function initPdaIx(authority: PublicKey, account: PublicKey, index: number, thirdParty: number | null) {
  return ix(
    "marginfi_account_initialize_pda",
    [
      [market.group, false, false],
      [account, false, true],
      [authority, true, false],
      [authority, true, true],
      [SYSVAR_INSTRUCTIONS_PUBKEY, false, false],
      [SystemProgram.programId, false, false],
    ],
    [u16(index), option(thirdParty, u16)],
  );
}

describe("margin accounts", () => {
  it("creates PDA accounts per index and third-party id, refuses a duplicate and reserved ids", async () => {
    const wallet = Keypair.generate();
    await market.airdrop(wallet.publicKey, 10n * SOL);
    const first = pdaAccount(wallet.publicKey, 0, null);
    await market.send(initPdaIx(wallet.publicKey, first, 0, null), [wallet]);
    const second = pdaAccount(wallet.publicKey, 7, 42);
    await market.send(initPdaIx(wallet.publicKey, second, 7, 42), [wallet]);
    const decoded = decodeMarginfiAccount((await market.connection.getAccountInfo(second))!.data);
    expect(decoded.group).toBe(market.group.toBase58());
    expect(decoded.authority).toBe(wallet.publicKey.toBase58());
    expect(decoded.accountIndex).toBe(7);
    expect(decoded.thirdPartyIndex).toBe(42);
    expect(decoded.bump).toBe(
      PublicKey.findProgramAddressSync(
        [Buffer.from("marginfi_account"), market.group.toBuffer(), wallet.publicKey.toBuffer(), u16(7), u16(42)],
        PROGRAM,
      )[1],
    );
    expect(decoded.lastUpdate).toBe(market.now());
    // The same seeds again: the System program refuses to create an account that exists.
    const again = await market.simulate(initPdaIx(wallet.publicKey, first, 0, null), [wallet]);
    expect(again.err).not.toBeNull();
    const reserved = pdaAccount(wallet.publicKey, 0, 10_001);
    await market.expectError(initPdaIx(wallet.publicKey, reserved, 0, 10_001), [wallet], 6042, "Unauthorized", "Unauthorized");
    await market.expectError(
      initPdaIx(wallet.publicKey, pdaAccount(wallet.publicKey, 1, null), 2, null),
      [wallet],
      2006,
      "ConstraintSeeds",
      "A seeds constraint was violated",
    );
  });

  it("closes an account only when every balance is empty, returning its rent to the fee payer", async () => {
    const user = await market.newUser();
    await market.deposit(user, sol, SOL);
    const close = ix("marginfi_account_close", [
      [user.account, false, true],
      [user.wallet.publicKey, true, false],
      [user.wallet.publicKey, true, true],
    ]);
    const refused = await market.expectError(close, [user.wallet], 6043, "IllegalAction", "Invalid account authority");
    expect(refused.logs).toContain("Program log: Account cannot be closed");
    await market.withdraw(user, sol, 0n, banks, true);
    const rent = (await market.connection.getAccountInfo(user.account))!.lamports;
    const before = await market.connection.getBalance(user.wallet.publicKey);
    const signature = await market.send(close, [user.wallet]);
    const fee = (await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }))!.meta!
      .fee;
    expect(await market.connection.getAccountInfo(user.account)).toBeNull();
    expect(await market.connection.getBalance(user.wallet.publicKey)).toBe(before + rent - fee);
  });

  it("closes an empty balance; refuses one that holds debt or assets (6040)", async () => {
    const user = await market.newUser();
    await market.deposit(user, sol, 10n * SOL);
    await market.borrow(user, usdc, 5n * USDC, banks);
    const closeBalance = (bank: TestBank) =>
      ix("lending_account_close_balance", [
        [market.group, false, false],
        [user.account, false, true],
        [user.wallet.publicKey, true, false],
        [bank.key, false, true],
      ]);
    const debt = await market.expectError(closeBalance(usdc), [user.wallet], 6040, "IllegalBalanceState", "Illegal balance state");
    expect(debt.logs).toContain("Program log: Balance has existing debt");
    const assets = await market.expectError(closeBalance(sol), [user.wallet], 6040, "IllegalBalanceState", "Illegal balance state");
    expect(assets.logs).toContain("Program log: Balance has existing assets");
    // A zero borrow opens an empty balance, which close_balance then frees.
    const other = await market.addBank(6, { kind: "switchboard", price: 1 });
    await market.borrow(user, other, 0n, [...banks, other]);
    expect((await market.marginfiAccount(user)).lendingAccount.balances.filter((b) => b.active)).toHaveLength(3);
    await market.send(closeBalance(other), [user.wallet]);
    expect((await market.marginfiAccount(user)).lendingAccount.balances.filter((b) => b.active)).toHaveLength(2);
  });

  it("keeps balances sorted by bank key, descending, with empty slots last", async () => {
    const user = await market.newUser();
    await market.deposit(user, usdc, USDC);
    await market.deposit(user, sol, SOL);
    const balances = (await market.marginfiAccount(user)).lendingAccount.balances;
    const keys = balances.filter((b) => b.active).map((b) => new PublicKey(b.bankPk).toBuffer());
    expect(Buffer.compare(keys[0]!, keys[1]!)).toBe(1);
    expect(balances.slice(2).every((b) => b.active === 0)).toBe(true);
    // Risk accounts in any other order are refused: the first bank does not match the first balance.
    const wrongOrder = (await market.riskAccounts(user, banks)).slice().reverse();
    const paired = [wrongOrder[1]!, wrongOrder[0]!, wrongOrder[3]!, wrongOrder[2]!];
    await market.expectError(
      market.withdrawIx(user, sol, await market.tokenAccount(user, sol), 1n, paired),
      [user.wallet],
      6008,
      "InvalidBankAccount",
      "Invalid Bank account",
    );
  });

  it("lending_account_sort_balances is permissionless and orders the slots", async () => {
    const user = await market.newUser();
    await market.deposit(user, usdc, USDC);
    const info = (await market.connection.getAccountInfo(user.account))!;
    const data = Buffer.from(info.data);
    expect(MarginfiAccountLayout.fields.lendingAccount.fields.balances.at(0).fields.active.get(data)).toBe(1);
    const anyone = Keypair.generate();
    await market.airdrop(anyone.publicKey, SOL);
    await market.send(ix("lending_account_sort_balances", [[user.account, false, true]]), [anyone]);
    expect((await market.marginfiAccount(user)).lendingAccount.balances[0]!.bankPk).toBe(usdc.key.toBase58());
  });

  it("a deposit of zero (after clamping) changes nothing", async () => {
    const user = await market.newUser();
    const source = await market.fund(user, sol, 0n);
    await market.send(market.depositIx(user, sol, source, 0n), [user.wallet]);
    expect((await market.marginfiAccount(user)).lendingAccount.balances.every((b) => b.active === 0)).toBe(true);
  });
});

describe("asset tags and the init-value limit", () => {
  it("an account holding a staked-tagged position cannot add default positions (6047)", async () => {
    const staked = await market.addBank(9, { kind: "pyth", price: 10 });
    await market.configureBank(staked, { assetTag: 2 });
    const user = await market.newUser();
    await market.deposit(user, staked, SOL);
    const source = await market.fund(user, usdc, USDC);
    await market.expectError(
      market.depositIx(user, usdc, source, USDC),
      [user.wallet],
      6047,
      "AssetTagMismatch",
      "Staked SOL accounts can only deposit staked assets and borrow SOL",
    );
    // SOL-tagged banks mix with staked ones.
    const solTagged = await market.addBank(9, { kind: "pyth", price: 10 }, { assetTag: 1 });
    await market.deposit(user, solTagged, SOL);
  });

  it("discounts every depositor's Initial weight once the bank's deposits exceed total_asset_value_init_limit", async () => {
    const limited = await market.addBank(6, { kind: "switchboard", price: 1 }, { totalAssetValueInitLimit: 101n });
    const whale = await market.newUser();
    await market.deposit(whale, limited, 1_900n * USDC);
    const user = await market.newUser();
    await market.deposit(user, limited, 100n * USDC + 10_000n);
    const solLender = await market.newUser();
    await market.deposit(solLender, sol, 1_000n * SOL);
    const all = [...banks, limited];
    const borrow = market.borrowIx(
      user,
      sol,
      await market.tokenAccount(user, sol),
      9_900_000_000n,
      await market.riskAccounts(user, all, { add: sol }),
    );
    // $2,000.01 deposited against a $101 limit: the weight shrinks to ~0.0505.
    await market.expectError(
      borrow,
      [user.wallet],
      6009,
      "RiskEngineInitRejected",
      "RiskEngine rejected due to either bad health or stale oracles",
    );
    await market.withdraw(whale, limited, 0n, all, true);
    await market.borrow(user, sol, 9_999_000_000n, all);
    const cache = (await market.marginfiAccount(user)).healthCache;
    expect(cache.assetValue).toBe(calcValue(i80f48.fromInt(100n * USDC + 10_000n), i80f48.ONE, 6, i80f48.ONE));
  });
});
