// Emissions (reference §7.3, §7.4, §17), e-mode configuration and its effect on health (§11, §21 item 6), staked
// settings (§7.2), curve migration and bank metadata (§7.3), end to end on the ledger.
import { Keypair, PublicKey } from "@solana/web3.js";
import { getAccount } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BankFlags,
  EmodeSettingsFlags,
  RiskTier,
  baseRate,
  centiToU32,
  decodeBankMetadata,
  decodeStakedSettings,
  i80f48,
  milliToU32,
  type Bank,
} from "../../src/index.js";
import { calcValue, toF64 } from "../../src/math/value.js";
import {
  appointAdmins,
  bankMetadataKey,
  cloneEmodeIx,
  configureEmodeIx,
  editStakedSettingsIx,
  emissionsAuthority,
  emissionsFor,
  emissionsVault,
  encodeEmodeEntries,
  initBankMetadataIx,
  initStakedSettingsIx,
  migrateCurveIx,
  mintTokens,
  plantLegacyCurve,
  propagateStakedSettingsIx,
  settleEmissionsIx,
  setupEmissionsIx,
  stakedSettingsKey,
  updateEmissionsDestinationIx,
  updateEmissionsIx,
  withdrawEmissionsIx,
  withdrawEmissionsPermissionlessIx,
  writeBankMetadataIx,
  type EntrySpec,
  type GroupAdmins,
  type StakedSettingsSpec,
} from "../support/emissions-emode.js";
import { PROGRAM, TestMarket, type TestBank, type TestUser } from "../support/market.js";

const UNIT = 1_000_000n;
const SOL = 1_000_000_000n;

let market: TestMarket;
let admins: GroupAdmins;

beforeAll(async () => {
  market = await TestMarket.start();
  admins = await appointAdmins(market);
});
afterAll(() => market.close());

async function balanceIn(user: TestUser, bank: TestBank) {
  const balance = (await market.marginfiAccount(user)).lendingAccount.balances.find(
    (b) => b.active !== 0 && b.bankPk === bank.key.toBase58(),
  );
  if (!balance) throw new Error("no balance in that bank");
  return balance;
}

async function tokens(account: PublicKey): Promise<bigint> {
  return market.tokenBalance(account);
}

async function logsOf(signature: string): Promise<string[]> {
  const tx = await market.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  return tx!.meta!.logMessages!;
}

describe("emissions", () => {
  const LEND_RATE = 1_000_000n;
  const BORROW_RATE = 5_000_000n;
  const BUDGET = 1_000_000_000n;
  let lendBank: TestBank;
  let borrowBank: TestBank;
  let banks: TestBank[];
  let mint: PublicKey;
  let funding: PublicKey;
  let lender: TestUser;
  let borrower: TestUser;

  const setup = (bank: TestBank, args: { flags: bigint; rate: bigint; total: bigint }, emissionsMint = mint, source = funding) =>
    setupEmissionsIx(market, bank, admins.emissions.publicKey, emissionsMint, source, args);

  beforeAll(async () => {
    lendBank = await market.addBank(6, { kind: "switchboard", price: 1 });
    borrowBank = await market.addBank(6, { kind: "switchboard", price: 1 });
    banks = [lendBank, borrowBank];
    mint = await market.createMint(6);
    funding = await mintTokens(market, mint, admins.emissions.publicKey, 100n * BUDGET);
    await market.send(setup(lendBank, { flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE, rate: LEND_RATE, total: BUDGET }), [
      admins.emissions,
    ]);
    await market.send(setup(borrowBank, { flags: BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE, rate: BORROW_RATE, total: BUDGET }), [
      admins.emissions,
    ]);
  });

  it("set-up replaces Bank.flags wholesale and funds a vault owned by the emissions authority PDA", async () => {
    const bank = await market.bank(lendBank);
    // CLOSE_ENABLED (16), set on every new bank, is gone: the flags are exactly the argument.
    expect(bank.flags).toBe(BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE);
    expect(bank.emissionsMint).toBe(mint.toBase58());
    expect(bank.emissionsRate).toBe(LEND_RATE);
    expect(bank.emissionsRemaining).toBe(i80f48.fromInt(BUDGET));
    const vault = await getAccount(market.connection, emissionsVault(lendBank, mint));
    expect(vault.amount).toBe(BUDGET);
    expect(vault.owner.equals(emissionsAuthority(lendBank, mint))).toBe(true);
    expect(vault.mint.equals(mint)).toBe(true);
  });

  it("refuses a second set-up (6030), another signer (6042) and flags outside the emission bits (panic)", async () => {
    const other = await market.createMint(6);
    const otherFunding = await mintTokens(market, other, admins.emissions.publicKey, BUDGET);
    await market.expectError(
      setup(lendBank, { flags: 2n, rate: 1n, total: 1n }, other, otherFunding),
      [admins.emissions],
      6030,
      "EmissionsAlreadySetup",
      "Emissions already setup",
    );
    const fresh = await market.addBank(6, { kind: "switchboard", price: 1 });
    await market.expectError(
      setupEmissionsIx(market, fresh, market.admin.publicKey, mint, funding, { flags: 2n, rate: 1n, total: 1n }),
      [market.admin],
      6042,
      "Unauthorized",
      "Unauthorized",
    );
    const panic = await market.simulate(setup(fresh, { flags: 4n, rate: 1n, total: 1n }), [admins.emissions]);
    expect(panic.err).toEqual({ InstructionError: [0, "ProgramFailedToComplete"] });
    expect(panic.logs?.some((l) => l.includes("panicked at"))).toBe(true);
    // Both emission bits together are fine.
    await market.send(setup(fresh, { flags: 3n, rate: 1n, total: 1n }), [admins.emissions]);
    expect((await market.bank(fresh)).flags).toBe(3n);
  });

  it("deposits earn exactly seconds × (amount / 10^decimals) / year × rate on lending-active banks", async () => {
    lender = await market.newUser();
    await market.deposit(lender, lendBank, 1_000n * UNIT);
    market.advanceTime(1_000);
    await market.send(settleEmissionsIx(lender, lendBank), [lender.wallet]);

    const expected = emissionsFor(1_000n, i80f48.fromInt(1_000n * UNIT), 6, LEND_RATE);
    // 1,000 s of 1,000 tokens at 1 emission token (10^6 units) per token-year.
    expect(toF64(expected)).toBeCloseTo((1_000 * 1_000 * 1_000_000) / 31_536_000, 6);
    const balance = await balanceIn(lender, lendBank);
    expect(balance.emissionsOutstanding).toBe(expected);
    expect(balance.lastUpdate).toBe(market.now());
    expect((await market.bank(lendBank)).emissionsRemaining).toBe(i80f48.sub(i80f48.fromInt(BUDGET), expected));

    // Settling again at the same second adds nothing.
    await market.send(settleEmissionsIx(lender, lendBank), [lender.wallet]);
    expect((await balanceIn(lender, lendBank)).emissionsOutstanding).toBe(expected);
  });

  it("liabilities earn on borrow-active banks, deposits there do not", async () => {
    const supplier = await market.newUser();
    await market.deposit(supplier, borrowBank, 10_000n * UNIT);
    borrower = await market.newUser();
    await market.deposit(borrower, lendBank, 1_000n * UNIT);
    for (const bank of banks) await market.setOracle(bank.oracle!, { kind: "switchboard", price: 1 });
    await market.borrow(borrower, borrowBank, 100n * UNIT, banks);
    market.advanceTime(500);

    const before = await balanceIn(borrower, borrowBank);
    const bank = await market.bank(borrowBank);
    const liability = i80f48.mul(before.liabilityShares, bank.liabilityShareValue);
    await market.send([settleEmissionsIx(borrower, borrowBank), settleEmissionsIx(supplier, borrowBank)], [borrower.wallet]);

    const expected = emissionsFor(market.now() - before.lastUpdate, liability, 6, BORROW_RATE);
    expect(market.now() - before.lastUpdate).toBe(500n);
    expect((await balanceIn(borrower, borrowBank)).emissionsOutstanding).toBe(expected);
    expect((await balanceIn(supplier, borrowBank)).emissionsOutstanding).toBe(i80f48.ZERO);
    expect((await market.bank(borrowBank)).emissionsRemaining).toBe(i80f48.sub(i80f48.fromInt(BUDGET), expected));
  });

  it("credits no more than emissions_remaining", async () => {
    const capped = await market.addBank(6, { kind: "switchboard", price: 1 });
    await market.send(setup(capped, { flags: 2n, rate: 1_000_000_000_000n, total: 100n }), [admins.emissions]);
    const user = await market.newUser();
    await market.deposit(user, capped, 1n * UNIT);
    market.advanceTime(10);
    await market.send(settleEmissionsIx(user, capped), [user.wallet]);
    expect((await balanceIn(user, capped)).emissionsOutstanding).toBe(i80f48.fromInt(100));
    expect((await market.bank(capped)).emissionsRemaining).toBe(i80f48.ZERO);
    market.advanceTime(10);
    await market.send(settleEmissionsIx(user, capped), [user.wallet]);
    expect((await balanceIn(user, capped)).emissionsOutstanding).toBe(i80f48.fromInt(100));
  });

  it("withdraw settles, pays floor(outstanding) with TransferChecked and keeps the fraction", async () => {
    const { emissionsOutstanding: settled, lastUpdate: settledAt } = await balanceIn(lender, lendBank);
    market.advanceTime(1_000);
    const destination = await mintTokens(market, mint, lender.wallet.publicKey, 0n);
    const signature = await market.send(withdrawEmissionsIx(market, lender, lendBank, mint, destination), [lender.wallet]);

    const total = i80f48.add(settled, emissionsFor(market.now() - settledAt, i80f48.fromInt(1_000n * UNIT), 6, LEND_RATE));
    const whole = i80f48.floor(total);
    expect(await tokens(destination)).toBe(i80f48.toIntFloor(whole));
    expect((await balanceIn(lender, lendBank)).emissionsOutstanding).toBe(i80f48.sub(total, whole));
    expect(await tokens(emissionsVault(lendBank, mint))).toBe(BUDGET - i80f48.toIntFloor(whole));
    expect(await logsOf(signature)).toContain("Program log: Instruction: TransferChecked");
  });

  it("withdraw_all and repay_all are refused while a whole unit is outstanding (6033), and pass once claimed", async () => {
    market.advanceTime(10);
    const lenderTokens = await market.tokenAccount(lender, lendBank);
    const withdrawAll = market.withdrawIx(
      lender,
      lendBank,
      lenderTokens,
      0n,
      await market.riskAccounts(lender, banks, { remove: lendBank }),
      true,
    );
    const message = "Cannot close balance because of outstanding emissions";
    await market.expectError(withdrawAll, [lender.wallet], 6033, "CannotCloseOutstandingEmissions", message);
    const lenderEmissions = await mintTokens(market, mint, lender.wallet.publicKey, 0n);
    await market.send([withdrawEmissionsIx(market, lender, lendBank, mint, lenderEmissions), withdrawAll], [lender.wallet]);
    expect((await market.marginfiAccount(lender)).lendingAccount.balances.every((b) => b.active === 0)).toBe(true);

    market.advanceTime(10);
    const repaySource = await market.fund(borrower, borrowBank, 1n * UNIT);
    const repayAll = market.repayIx(borrower, borrowBank, repaySource, 0n, true);
    await market.expectError(repayAll, [borrower.wallet], 6033, "CannotCloseOutstandingEmissions", message);
    const borrowerEmissions = await mintTokens(market, mint, borrower.wallet.publicKey, 0n);
    await market.send([withdrawEmissionsIx(market, borrower, borrowBank, mint, borrowerEmissions), repayAll], [borrower.wallet]);
    const left = (await market.marginfiAccount(borrower)).lendingAccount.balances.filter((b) => b.active !== 0);
    expect(left.map((b) => b.bankPk)).toEqual([lendBank.key.toBase58()]);
  });

  it("permissionless withdrawal pays only the registered wallet's associated token account (6063)", async () => {
    const user = await market.newUser();
    await market.deposit(user, lendBank, 500n * UNIT);
    market.advanceTime(100);
    const own = await mintTokens(market, mint, user.wallet.publicKey, 0n);
    const message = "Invalid emissions destination account";
    const anyone = Keypair.generate();
    await market.airdrop(anyone.publicKey, 1_000_000_000n);
    await market.expectError(
      withdrawEmissionsPermissionlessIx(market, user, lendBank, mint, own),
      [anyone],
      6063,
      "InvalidEmissionsDestinationAccount",
      message,
    );

    const wallet = Keypair.generate().publicKey;
    await market.send(updateEmissionsDestinationIx(user, wallet), [user.wallet]);
    await market.expectError(
      withdrawEmissionsPermissionlessIx(market, user, lendBank, mint, own),
      [anyone],
      6063,
      "InvalidEmissionsDestinationAccount",
      message,
    );
    const walletAta = await mintTokens(market, mint, wallet, 0n);
    await market.send(withdrawEmissionsPermissionlessIx(market, user, lendBank, mint, walletAta), [anyone]);
    const earned = emissionsFor(100n, i80f48.fromInt(500n * UNIT), 6, LEND_RATE);
    expect(await tokens(walletAta)).toBe(i80f48.toIntFloor(earned));
    expect((await balanceIn(user, lendBank)).emissionsOutstanding).toBe(i80f48.sub(earned, i80f48.floor(earned)));
  });

  it("update tops up the budget, changes the rate and rewrites the flags unchecked; other banks or mints fail (6034)", async () => {
    const before = await market.bank(lendBank);
    const vaultBefore = await tokens(emissionsVault(lendBank, mint));
    await market.send(
      updateEmissionsIx(market, lendBank, admins.emissions.publicKey, mint, funding, { flags: 2n | 64n, rate: 7n, additional: 5_000n }),
      [admins.emissions],
    );
    const after = await market.bank(lendBank);
    expect(after.flags).toBe(66n);
    expect(after.emissionsRate).toBe(7n);
    expect(after.emissionsRemaining).toBe(i80f48.add(before.emissionsRemaining, i80f48.fromInt(5_000n)));
    expect(await tokens(emissionsVault(lendBank, mint))).toBe(vaultBefore + 5_000n);

    const error = ["EmissionsUpdateError", "Update emissions error"] as const;
    const plain = await market.addBank(6, { kind: "switchboard", price: 1 });
    await market.expectError(
      updateEmissionsIx(market, plain, admins.emissions.publicKey, mint, funding, { rate: 1n }),
      [admins.emissions],
      6034,
      ...error,
    );
    const other = await market.createMint(6);
    await market.expectError(
      updateEmissionsIx(market, lendBank, admins.emissions.publicKey, other, funding, { rate: 1n }),
      [admins.emissions],
      6034,
      ...error,
    );
    await market.expectError(
      updateEmissionsIx(market, lendBank, market.admin.publicKey, mint, funding, { rate: 1n }),
      [market.admin],
      6042,
      "Unauthorized",
      "Unauthorized",
    );
  });
});

describe("e-mode (reference §21 item 6)", () => {
  const SOL_TAG = 501;
  const LST_TAG = 1571;
  const SOL_ENTRY: EntrySpec = { tag: SOL_TAG, init: "0.9", maint: "0.93" };
  let sol: TestBank;
  let lst: TestBank;
  let usdc: TestBank;
  let banks: TestBank[];

  const configure = (bank: TestBank, tag: number, entries: EntrySpec[], signer: Keypair = admins.emode) =>
    market.send(configureEmodeIx(market, bank, signer.publicKey, tag, entries), [signer]);
  const badConfig = (entries: EntrySpec[]) =>
    market.expectError(
      configureEmodeIx(market, lst, admins.emode.publicKey, LST_TAG, entries),
      [admins.emode],
      6075,
      "BadEmodeConfig",
      "The Emode config was invalid",
    );
  const solValue = (weight: string) => calcValue(i80f48.fromInt(10n * SOL), i80f48.fromInt(10), 9, i80f48.fromDecimal(weight));

  async function healthAfterPulse(user: TestUser) {
    await market.send(market.pulseHealthIx(user.account, await market.riskAccounts(user, banks)), [user.wallet]);
    return (await market.marginfiAccount(user)).healthCache;
  }

  beforeAll(async () => {
    sol = await market.addBank(9, { kind: "pyth", price: 10 }, { assetWeightInit: "0.8", assetWeightMaint: "0.85" });
    lst = await market.addBank(9, { kind: "pyth", price: 10 });
    usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
    banks = [sol, lst, usdc];
    await configure(sol, SOL_TAG, []);
    await configure(lst, LST_TAG, [SOL_ENTRY]);
    const supplier = await market.newUser();
    await market.deposit(supplier, lst, 1_000n * SOL);
    await market.deposit(supplier, usdc, 1_000_000n * UNIT);
  });

  it("borrowing only LST values SOL at 0.9 / 0.93; adding a USDC borrow drops it back to 0.8 / 0.85", async () => {
    const user = await market.newUser();
    await market.deposit(user, sol, 10n * SOL);
    await market.borrow(user, lst, 1n * SOL, banks);
    expect((await market.marginfiAccount(user)).healthCache.assetValue).toBe(solValue("0.9"));
    let cache = await healthAfterPulse(user);
    expect(cache.assetValue).toBe(solValue("0.9"));
    expect(cache.assetValueMaint).toBe(solValue("0.93"));
    expect(cache.liabilityValue).toBe(i80f48.fromInt(10));

    // The USDC bank has no entry for SOL's tag, so the intersection of the borrowed banks' entries is empty.
    await market.borrow(user, usdc, 1n * UNIT, banks);
    expect((await market.marginfiAccount(user)).healthCache.assetValue).toBe(solValue("0.8"));
    cache = await healthAfterPulse(user);
    expect(cache.assetValue).toBe(solValue("0.8"));
    expect(cache.assetValueMaint).toBe(solValue("0.85"));
  });

  it("stores the entries sorted by tag with zeroed pads and the time, and EMODE_ON only while an entry is used", async () => {
    const spec: EntrySpec[] = [{ tag: 1572, init: "0.5", maint: "0.6" }, SOL_ENTRY, { tag: LST_TAG, init: "0.7", maint: "0.8" }];
    // Junk in every entry's pad bytes, which the program zeroes.
    const entries = encodeEmodeEntries(spec);
    for (let slot = 0; slot < 10; slot++) entries.fill(0xee, slot * 40 + 3, slot * 40 + 8);
    await market.send(configureEmodeIx(market, lst, admins.emode.publicKey, LST_TAG, entries), [admins.emode]);
    const stored = (await market.bank(lst)).emode;
    expect(stored.emodeTag).toBe(LST_TAG);
    expect(stored.timestamp).toBe(market.now());
    expect(stored.flags).toBe(EmodeSettingsFlags.EMODE_ON);
    const tags = stored.emodeConfig.entries.map((e) => e.collateralBankEmodeTag);
    expect(tags).toEqual([0, 0, 0, 0, 0, 0, 0, SOL_TAG, LST_TAG, 1572]);
    expect(stored.emodeConfig.entries[7]!.assetWeightInit).toBe(i80f48.fromDecimal("0.9"));
    expect(stored.emodeConfig.entries.every((e) => e.pad0.every((b) => b === 0))).toBe(true);

    await configure(lst, LST_TAG, []);
    expect((await market.bank(lst)).emode.flags).toBe(0n);
    await configure(lst, LST_TAG, [SOL_ENTRY]);
  });

  it("tags are plain u16 values: 42 works exactly like 501", async () => {
    await configure(sol, 42, []);
    await configure(lst, LST_TAG, [{ ...SOL_ENTRY, tag: 42 }]);
    const user = await market.newUser();
    await market.deposit(user, sol, 10n * SOL);
    await market.borrow(user, lst, 1n * SOL, banks);
    expect((await healthAfterPulse(user)).assetValue).toBe(solValue("0.9"));
    await configure(sol, SOL_TAG, []);
    await configure(lst, LST_TAG, [SOL_ENTRY]);
  });

  it("checks each entry against the liability weights and the group's leverage caps (6075)", async () => {
    // Init leverage 1 / (1 − 0.95) = 20 > 15.
    await badConfig([{ tag: SOL_TAG, init: "0.95", maint: "0.96" }]);
    // Maintenance leverage lands exactly on the cap of 20, which is stored a hair below 20.
    await badConfig([{ tag: SOL_TAG, init: "0.9", maint: "0.95" }]);
    // The collateral weight must stay strictly below the liability weight, and maint at or above init.
    await badConfig([{ tag: SOL_TAG, init: "1", maint: "1" }]);
    await badConfig([{ tag: SOL_TAG, init: "0.9", maint: "0.85" }]);
    await badConfig([SOL_ENTRY, { tag: SOL_TAG, init: "0.5", maint: "0.6" }]);
    // Just under both caps: 1 / 0.07 ≈ 14.3 and 1 / 0.0503 ≈ 19.9.
    await configure(lst, LST_TAG, [{ tag: SOL_TAG, init: "0.93", maint: "0.9497" }]);
    await market.expectError(
      configureEmodeIx(market, lst, market.admin.publicKey, LST_TAG, [SOL_ENTRY]),
      [market.admin],
      6042,
      "Unauthorized",
      "Unauthorized",
    );
    await configure(lst, LST_TAG, [SOL_ENTRY]);
  });

  it("clone_emode copies the whole settings for the admin or emode admin, no one else (6042)", async () => {
    const target = await market.addBank(9, { kind: "pyth", price: 10 });
    await market.send(cloneEmodeIx(market, market.admin.publicKey, lst, target), [market.admin]);
    const source: Bank = await market.bank(lst);
    expect((await market.bank(target)).emode).toEqual(source.emode);
    await market.send(cloneEmodeIx(market, admins.emode.publicKey, sol, target), [admins.emode]);
    expect((await market.bank(target)).emode).toEqual((await market.bank(sol)).emode);
    const stranger = Keypair.generate();
    await market.airdrop(stranger.publicKey, 1_000_000_000n);
    await market.expectError(cloneEmodeIx(market, stranger.publicKey, lst, target), [stranger], 6042, "Unauthorized", "Unauthorized");
  });
});

describe("staked settings", () => {
  let oracle: PublicKey;
  let settings: StakedSettingsSpec;
  const invalid = ["InvalidConfig", "Invalid group config"] as const;

  beforeAll(async () => {
    oracle = (await market.createOracle({ kind: "pyth", price: 10 }))!;
    settings = {
      oracle,
      assetWeightInit: "0.8",
      assetWeightMaint: "0.9",
      depositLimit: 1_000_000n * SOL,
      totalAssetValueInitLimit: 1_000_000n,
      oracleMaxAge: 60,
      riskTier: RiskTier.Collateral,
    };
  });

  const init = (s: StakedSettingsSpec, admin: Keypair = market.admin) => initStakedSettingsIx(market, admin.publicKey, admin.publicKey, s);

  it("init is the group admin's (6042) and validates the weights and tier (6015)", async () => {
    const stranger = Keypair.generate();
    await market.airdrop(stranger.publicKey, 1_000_000_000n);
    await market.expectError(init(settings, stranger), [stranger], 6042, "Unauthorized", "Unauthorized");
    await market.expectError(init({ ...settings, assetWeightInit: "1.1", assetWeightMaint: "1.2" }), [market.admin], 6015, ...invalid);
    await market.expectError(init({ ...settings, assetWeightInit: "0.9", assetWeightMaint: "0.8" }), [market.admin], 6015, ...invalid);
    await market.expectError(init({ ...settings, assetWeightMaint: "2.01" }), [market.admin], 6015, ...invalid);
    await market.expectError(init({ ...settings, riskTier: RiskTier.Isolated }), [market.admin], 6015, ...invalid);

    await market.send(init(settings), [market.admin]);
    const key = stakedSettingsKey(market.group);
    const stored = decodeStakedSettings((await market.connection.getAccountInfo(key))!.data);
    expect(stored).toMatchObject({
      key: key.toBase58(),
      marginfiGroup: market.group.toBase58(),
      oracle: oracle.toBase58(),
      assetWeightInit: i80f48.fromDecimal("0.8"),
      assetWeightMaint: i80f48.fromDecimal("0.9"),
      depositLimit: settings.depositLimit,
      totalAssetValueInitLimit: 1_000_000n,
      oracleMaxAge: 60,
      riskTier: RiskTier.Collateral,
    });
  });

  it("edit applies only the given fields, validates the result and emits EditStakedSettingsEvent", async () => {
    const edit = (s: Partial<StakedSettingsSpec>, admin: Keypair = market.admin) => editStakedSettingsIx(market, admin.publicKey, s);
    await market.expectError(edit({ assetWeightInit: "0.95" }), [market.admin], 6015, ...invalid);
    await market.expectError(edit({ depositLimit: 1n }, admins.emode), [admins.emode], 6042, "Unauthorized", "Unauthorized");

    const signature = await market.send(edit({ depositLimit: 5n * SOL, assetWeightMaint: "0.95" }), [market.admin]);
    const stored = decodeStakedSettings((await market.connection.getAccountInfo(stakedSettingsKey(market.group)))!.data);
    expect(stored.depositLimit).toBe(5n * SOL);
    expect(stored.assetWeightMaint).toBe(i80f48.fromDecimal("0.95"));
    expect(stored.assetWeightInit).toBe(i80f48.fromDecimal("0.8"));
    expect(stored.oracleMaxAge).toBe(60);

    const event = await market.firstEvent(signature);
    expect(event.name).toBe("EditStakedSettingsEvent");
    expect((event.data.group as PublicKey).toBase58()).toBe(market.group.toBase58());
    const edited = event.data.settings as Record<string, unknown>;
    expect(String(edited.deposit_limit)).toBe(String(5n * SOL));
    expect(edited.oracle).toBeNull();
    expect(edited.risk_tier).toBeNull();
  });

  it("propagates to STAKED-tagged banks only, checking a changed oracle against the passed feed", async () => {
    const staked = await market.addBank(9, { kind: "pyth", price: 10 });
    await market.configureBank(staked, { assetTag: 2 });
    const plain = await market.addBank(9, { kind: "pyth", price: 10 });
    await market.expectError(
      propagateStakedSettingsIx(market, plain, [oracle]),
      [market.admin],
      2003,
      "ConstraintRaw",
      "A raw constraint was violated",
    );
    await market.expectError(
      propagateStakedSettingsIx(market, staked),
      [market.admin],
      6051,
      "WrongNumberOfOracleAccounts",
      "Oracle error: wrong number of accounts",
    );
    await market.expectError(
      propagateStakedSettingsIx(market, staked, [staked.oracle!]),
      [market.admin],
      6052,
      "WrongOracleAccountKeys",
      "Oracle error: wrong account keys",
    );

    await market.send(propagateStakedSettingsIx(market, staked, [oracle]), [market.admin]);
    const config = (await market.bank(staked)).config;
    expect(config.oracleKeys[0]).toBe(oracle.toBase58());
    expect(config.assetWeightInit).toBe(i80f48.fromDecimal("0.8"));
    expect(config.assetWeightMaint).toBe(i80f48.fromDecimal("0.95"));
    expect(config.depositLimit).toBe(5n * SOL);
    expect(config.totalAssetValueInitLimit).toBe(1_000_000n);
    expect(config.oracleMaxAge).toBe(60);
    expect(config.riskTier).toBe(RiskTier.Collateral);

    // With the oracle unchanged no feed is needed, but the bank config is validated in full (age < 10 → 6025).
    await market.send(editStakedSettingsIx(market, market.admin.publicKey, { oracleMaxAge: 5 }), [market.admin]);
    await market.expectError(propagateStakedSettingsIx(market, staked), [market.admin], 6025, "InvalidOracleSetup", "Invalid oracle setup");
    await market.send(editStakedSettingsIx(market, market.admin.publicKey, { oracleMaxAge: 30 }), [market.admin]);
    await market.send(propagateStakedSettingsIx(market, staked), [market.admin]);
    expect((await market.bank(staked)).config.oracleMaxAge).toBe(30);
  });
});

describe("migrate_curve", () => {
  const curve = (bank: Bank) => bank.config.interestRateConfig;

  it("leaves a seven-point bank alone", async () => {
    const bank = await market.addBank(6, { kind: "switchboard", price: 1 });
    const before = (await market.connection.getAccountInfo(bank.key))!.data;
    const signature = await market.send(migrateCurveIx(bank), [market.admin]);
    expect((await market.connection.getAccountInfo(bank.key))!.data.equals(before)).toBe(true);
    expect(await logsOf(signature)).toContain("Program log: Already migrated, doing nothing");
  });

  it("turns a legacy curve into the seven-point curve charging the same rates", async () => {
    const bank = await market.addBank(6, { kind: "switchboard", price: 1 });
    plantLegacyCurve(market, bank, { optimal: "0.5", plateau: "0.6", max: "3" });
    const legacy = curve(await market.bank(bank));
    expect(legacy.curveType).toBe(0);

    await market.send(migrateCurveIx(bank), [market.admin]);
    const migrated = curve(await market.bank(bank));
    expect(migrated.curveType).toBe(1);
    expect(migrated.zeroUtilRate).toBe(0);
    expect(migrated.hundredUtilRate).toBe(milliToU32(i80f48.fromInt(3)));
    expect(migrated.points).toEqual([
      { util: centiToU32(i80f48.fromDecimal("0.5")), rate: milliToU32(i80f48.fromDecimal("0.6")) },
      ...Array.from({ length: 4 }, () => ({ util: 0, rate: 0 })),
    ]);
    expect([migrated.optimalUtilizationRate, migrated.plateauInterestRate, migrated.maxInterestRate]).toEqual([
      i80f48.ZERO,
      i80f48.ZERO,
      i80f48.ZERO,
    ]);
    for (const ur of ["0", "0.1", "0.25", "0.5", "0.6", "0.75", "0.9", "1"]) {
      const u = i80f48.fromDecimal(ur);
      expect(toF64(baseRate(migrated, u))).toBeCloseTo(toF64(baseRate(legacy, u)), 8);
    }
  });

  it("refuses an invalid legacy curve (6015)", async () => {
    const bank = await market.addBank(6, { kind: "switchboard", price: 1 });
    plantLegacyCurve(market, bank, { optimal: "0.5", plateau: "3", max: "0.6" });
    await market.expectError(migrateCurveIx(bank), [market.admin], 6015, "InvalidConfig", "Invalid group config");
  });
});

describe("bank metadata", () => {
  let bank: TestBank;
  const write = (text: { ticker?: Buffer; description?: Buffer }, signer: Keypair = admins.metadata) =>
    writeBankMetadataIx(market, bank, signer.publicKey, text);
  const stored = async () => decodeBankMetadata((await market.connection.getAccountInfo(bankMetadataKey(bank)))!.data);

  beforeAll(async () => {
    bank = await market.addBank(6, { kind: "switchboard", price: 1 });
  });

  it("anyone creates the blank metadata PDA", async () => {
    const payer = Keypair.generate();
    await market.airdrop(payer.publicKey, 1_000_000_000n);
    await market.send(initBankMetadataIx(bank, payer.publicKey), [payer]);
    const metadata = await stored();
    expect(metadata.bank).toBe(bank.key.toBase58());
    expect(metadata.bump).toBe(PublicKey.findProgramAddressSync([Buffer.from("metadata"), bank.key.toBuffer()], PROGRAM)[1]);
    expect(metadata.ticker.every((b) => b === 0)).toBe(true);
  });

  it("the metadata admin writes ticker and description, zero-filled, with their last-byte indexes", async () => {
    await market.send(write({ ticker: Buffer.from("USDC"), description: Buffer.from("USD Coin, bridged") }), [admins.metadata]);
    let metadata = await stored();
    expect(Buffer.from(metadata.ticker).subarray(0, 5)).toEqual(Buffer.from("USDC\0"));
    expect(metadata.endTickerByte).toBe(3);
    expect(Buffer.from(metadata.description).toString("utf8").replace(/\0+$/, "")).toBe("USD Coin, bridged");
    expect(metadata.endDescriptionByte).toBe(16);

    // A shorter ticker leaves no trace of the longer one; an omitted field is untouched; empty means end 0.
    await market.send(write({ ticker: Buffer.from("US") }), [admins.metadata]);
    metadata = await stored();
    expect(Buffer.from(metadata.ticker).subarray(0, 4)).toEqual(Buffer.from("US\0\0"));
    expect(metadata.endDescriptionByte).toBe(16);
    await market.send(write({ ticker: Buffer.alloc(0), description: Buffer.alloc(128, 0x61) }), [admins.metadata]);
    metadata = await stored();
    expect(metadata.endTickerByte).toBe(0);
    expect(metadata.endDescriptionByte).toBe(127);
  });

  it("refuses text over capacity (6081) and any signer but the metadata admin", async () => {
    const tooLong = ["MetadataTooLong", "Metadata is too long"] as const;
    await market.expectError(write({ ticker: Buffer.alloc(65, 0x41) }), [admins.metadata], 6081, ...tooLong);
    await market.expectError(write({ description: Buffer.alloc(129, 0x41) }), [admins.metadata], 6081, ...tooLong);
    await market.send(write({ ticker: Buffer.alloc(64, 0x41) }), [admins.metadata]);
    expect((await stored()).endTickerByte).toBe(63);
    await market.expectError(
      write({ ticker: Buffer.from("X") }, market.admin),
      [market.admin],
      2001,
      "ConstraintHasOne",
      "A has one constraint was violated",
    );
  });
});
