// Account-level flows on the ledger: flash loans (reference §15), moving an account to a new authority (§19.5),
// the emissions destination, the admin freeze (§19.6) and the global panic pause (§18, worked example §21 item 7).
import { Keypair, PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountFlags, HealthCacheFlags, i80f48 } from "../../src/index.js";
import {
  closeAccountIx,
  depositAsIx,
  expectErrorAt,
  feeState,
  group,
  lamports,
  panicPauseIx,
  panicUnpauseIx,
  panicUnpausePermissionlessIx,
  propagateFeeStateIx,
  setFreezeIx,
  transferIx,
  transferPda,
  transferPdaIx,
  updateEmissionsDestinationIx,
} from "../support/account-flows.js";
import { TestMarket, type TestBank, type TestUser } from "../support/market.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
const DEFAULT_KEY = PublicKey.default.toBase58();
const TRANSFER_FEE = 5_000_000n;

const ILLEGAL_FLASHLOAN = [6038, "IllegalFlashloan", "Illegal flashloan"] as const;
const FROZEN = [6103, "AccountFrozen", "Account is frozen by the group admin"] as const;
const UNAUTHORIZED = [6042, "Unauthorized", "Unauthorized"] as const;
const PAUSE_LIMIT = [6082, "PauseLimitExceeded", "Pause limit exceeded"] as const;
const NOT_PAUSED = [6083, "ProtocolNotPaused", "Protocol is not paused"] as const;

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
  await market.deposit(lender, sol, 1_000n * SOL);
});
afterAll(() => market.close());

/** A user holding `collateral` SOL ($10 each, weight 1) and a USDC token account. */
async function borrowerWith(collateral: bigint): Promise<TestUser> {
  const user = await market.newUser();
  await market.deposit(user, sol, collateral);
  await market.tokenAccount(user, usdc);
  return user;
}

async function borrowIx(user: TestUser, amount: bigint) {
  // Inside a flash loan the borrow skips its health check, so it needs no risk accounts.
  return market.borrowIx(user, usdc, await market.tokenAccount(user, usdc), amount, []);
}

describe("flash loans (§15)", () => {
  it("borrows X and repays X in one transaction: token balances unchanged, account healthy, cache from the borrow", async () => {
    const user = await borrowerWith(10n * SOL);
    const ata = await market.tokenAccount(user, usdc);
    const before = {
      wallet: await market.tokenBalance(ata),
      vault: await market.tokenBalance(usdc.vaults.liquidity),
      account: await market.marginfiAccount(user),
    };
    // $500 borrowed against $100 of collateral: only the end state is checked.
    const amount = 500n * USDC;
    await market.send(
      [
        market.startFlashloanIx(user, 3n),
        await borrowIx(user, amount),
        market.repayIx(user, usdc, ata, amount, true),
        market.endFlashloanIx(user, await market.riskAccounts(user, banks)),
      ],
      [user.wallet],
    );
    expect(await market.tokenBalance(ata)).toBe(before.wallet);
    expect(await market.tokenBalance(usdc.vaults.liquidity)).toBe(before.vault);
    const after = await market.marginfiAccount(user);
    expect(after.accountFlags).toBe(0n);
    expect(after.lendingAccount).toEqual(before.account.lendingAccount);
    // The borrow inside the loan wrote an engine-less cache; the end does not write one.
    expect(after.healthCache.flags).toBe(HealthCacheFlags.ENGINE_OK);
    expect(after.healthCache.timestamp).toBe(market.now());
    await market.send(market.pulseHealthIx(user.account, await market.riskAccounts(user, banks)), [user.wallet]);
    expect((await market.marginfiAccount(user)).healthCache.flags & HealthCacheFlags.HEALTHY).toBe(HealthCacheFlags.HEALTHY);
  });

  it("keeps a net borrow the collateral covers", async () => {
    const user = await borrowerWith(10n * SOL);
    await market.send(
      [
        market.startFlashloanIx(user, 2n),
        await borrowIx(user, 60n * USDC),
        market.endFlashloanIx(user, await market.riskAccounts(user, banks, { add: usdc })),
      ],
      [user.wallet],
    );
    expect(await market.tokenBalance(await market.tokenAccount(user, usdc))).toBe(60n * USDC);
    expect((await market.marginfiAccount(user)).accountFlags).toBe(0n);
  });

  it("fails as a whole with 6009 when the end leaves the account unhealthy", async () => {
    const user = await borrowerWith(10n * SOL);
    const ata = await market.tokenAccount(user, usdc);
    const instructions = [
      market.startFlashloanIx(user, 2n),
      await borrowIx(user, 500n * USDC),
      market.endFlashloanIx(user, await market.riskAccounts(user, banks, { add: usdc })),
    ];
    await market.expectError(
      instructions,
      [user.wallet],
      6009,
      "RiskEngineInitRejected",
      "RiskEngine rejected due to either bad health or stale oracles",
    );
    const watched = [user.account, ata, usdc.key, usdc.vaults.liquidity];
    const before = await market.snapshot(watched);
    expect(await market.landUnchecked(instructions, [user.wallet])).toEqual({ InstructionError: [2, { Custom: 6009 }] });
    expect(await market.snapshot(watched)).toEqual(before);
  });

  it("refuses a start whose end is missing, misplaced or for another account (6038)", async () => {
    const user = await borrowerWith(10n * SOL);
    const other = await borrowerWith(1n * SOL);
    const ata = await market.tokenAccount(user, usdc);
    const borrow = await borrowIx(user, 10n * USDC);
    const repay = market.repayIx(user, usdc, ata, 10n * USDC, true);
    const end = market.endFlashloanIx(user, await market.riskAccounts(user, banks));
    // No end: the instruction at end_index is the repay.
    await expectErrorAt(market, [market.startFlashloanIx(user, 2n), borrow, repay], [user.wallet], 0, ...ILLEGAL_FLASHLOAN);
    // An index past the last instruction is the sysvar loader's own error.
    const past = await market.simulate([market.startFlashloanIx(user, 9n), borrow, repay, end], [user.wallet]);
    expect(past.err).toEqual({ InstructionError: [0, "InvalidArgument"] });
    // end_index at or before the start, or pointing at an inner instruction.
    await expectErrorAt(market, [market.startFlashloanIx(user, 0n), borrow, repay, end], [user.wallet], 0, ...ILLEGAL_FLASHLOAN);
    await expectErrorAt(market, [market.startFlashloanIx(user, 1n), borrow, repay, end], [user.wallet], 0, ...ILLEGAL_FLASHLOAN);
    // The end closes another account's loan.
    const foreignEnd = market.endFlashloanIx(other, await market.riskAccounts(other, banks));
    await expectErrorAt(
      market,
      [market.startFlashloanIx(user, 3n), borrow, repay, foreignEnd],
      [user.wallet, other.wallet],
      0,
      ...ILLEGAL_FLASHLOAN,
    );
    // A second start while the first is open.
    await expectErrorAt(
      market,
      [market.startFlashloanIx(user, 2n), market.startFlashloanIx(user, 2n), end],
      [user.wallet],
      1,
      ...ILLEGAL_FLASHLOAN,
    );
    // Only the account's authority may open one.
    const stranger: TestUser = { wallet: other.wallet, account: user.account };
    await expectErrorAt(
      market,
      [market.startFlashloanIx(stranger, 1n), market.endFlashloanIx(stranger, [])],
      [other.wallet],
      0,
      ...UNAUTHORIZED,
    );
  });

  it("an end without a start only runs the health check", async () => {
    const user = await borrowerWith(1n * SOL);
    await market.send(market.endFlashloanIx(user, await market.riskAccounts(user, banks)), [user.wallet]);
    expect((await market.marginfiAccount(user)).accountFlags).toBe(0n);
  });

  it("refuses a transfer (6037) and a close (6043) inside the loan", async () => {
    const user = await borrowerWith(1n * SOL);
    const next = Keypair.generate();
    await expectErrorAt(
      market,
      [
        market.startFlashloanIx(user, 2n),
        transferIx(market, user, next.publicKey, Keypair.generate().publicKey),
        market.endFlashloanIx(user, []),
      ],
      [user.wallet, next],
      1,
      6037,
      "AccountInFlashloan",
      "Illegal action during flashloan",
    );
    const empty = await market.newUser();
    await expectErrorAt(
      market,
      [market.startFlashloanIx(empty, 2n), closeAccountIx(empty), market.endFlashloanIx(empty, [])],
      [empty.wallet],
      1,
      6043,
      "IllegalAction",
      "Invalid account authority",
    );
    await market.send(closeAccountIx(empty), [empty.wallet]);
    expect(await market.connection.getAccountInfo(empty.account)).toBeNull();
  });
});

describe("transfer to a new account (§19.5)", () => {
  it("moves the positions to the new authority, disables the old account and charges exactly 0.005 SOL", async () => {
    const user = await borrowerWith(5n * SOL);
    await market.borrow(user, usdc, 10n * USDC, banks);
    const destination = Keypair.generate().publicKey;
    await market.send(updateEmissionsDestinationIx(user, destination), [user.wallet]);
    const old = await market.marginfiAccount(user);
    expect(old.emissionsDestinationAccount).toBe(destination.toBase58());
    expect(old.healthCache.flags).not.toBe(0);

    const newAuthority = Keypair.generate();
    const next = Keypair.generate();
    const feeBefore = await lamports(market, market.feeWallet.publicKey);
    const signature = await market.send(transferIx(market, user, next.publicKey, newAuthority.publicKey), [user.wallet, next]);
    const now = market.now();
    expect((await lamports(market, market.feeWallet.publicKey)) - feeBefore).toBe(TRANSFER_FEE);

    const moved = await market.marginfiAccount(next.publicKey);
    expect(moved.group).toBe(market.group.toBase58());
    expect(moved.authority).toBe(newAuthority.publicKey.toBase58());
    expect(moved.lendingAccount).toEqual(old.lendingAccount);
    expect(moved.emissionsDestinationAccount).toBe(destination.toBase58());
    expect(moved.accountFlags).toBe(old.accountFlags);
    expect(moved.migratedFrom).toBe(user.account.toBase58());
    expect(moved.migratedTo).toBe(DEFAULT_KEY);
    expect(moved.lastUpdate).toBe(now);
    expect(moved.healthCache.flags).toBe(0);

    const emptied = await market.marginfiAccount(user);
    expect(emptied.authority).toBe(user.wallet.publicKey.toBase58());
    expect(emptied.lendingAccount.balances.every((b) => b.active === 0 && b.bankPk === DEFAULT_KEY)).toBe(true);
    expect(emptied.accountFlags).toBe(AccountFlags.ACCOUNT_DISABLED);
    expect(emptied.migratedTo).toBe(next.publicKey.toBase58());
    expect(emptied.lastUpdate).toBe(now);

    const event = await market.firstEvent(signature);
    expect(event.name).toBe("MarginfiAccountTransferToNewAccount");
    const data = event.data as {
      header: { signer: PublicKey; marginfi_account: PublicKey; marginfi_account_authority: PublicKey; marginfi_group: PublicKey };
      old_account: PublicKey;
      old_account_authority: PublicKey;
      new_account_authority: PublicKey;
    };
    expect(data.header.signer.toBase58()).toBe(user.wallet.publicKey.toBase58());
    expect(data.header.marginfi_account.toBase58()).toBe(next.publicKey.toBase58());
    expect(data.header.marginfi_account_authority.toBase58()).toBe(newAuthority.publicKey.toBase58());
    expect(data.header.marginfi_group.toBase58()).toBe(market.group.toBase58());
    expect(data.old_account.toBase58()).toBe(user.account.toBase58());
    expect(data.old_account_authority.toBase58()).toBe(user.wallet.publicKey.toBase58());
    expect(data.new_account_authority.toBase58()).toBe(newAuthority.publicKey.toBase58());

    // The new authority now runs the positions; the old account is done for.
    const successor: TestUser = { wallet: newAuthority, account: next.publicKey };
    await market.airdrop(newAuthority.publicKey, 10n * SOL);
    await market.withdraw(successor, sol, 1n * SOL, banks);
    expect(await market.tokenBalance(await market.tokenAccount(successor, sol))).toBe(1n * SOL);
    await market.expectError(
      market.depositIx(user, sol, await market.tokenAccount(user, sol), 1n),
      [user.wallet],
      6035,
      "AccountDisabled",
      "Account disabled",
    );
    const again = Keypair.generate();
    await market.expectError(
      transferIx(market, user, again.publicKey, newAuthority.publicKey),
      [user.wallet, again],
      6079,
      "AccountAlreadyMigrated",
      "Account already migrated",
    );
    await expectErrorAt(
      market,
      [market.startFlashloanIx(user, 1n), market.endFlashloanIx(user, [])],
      [user.wallet],
      0,
      6035,
      "AccountDisabled",
      "Account disabled",
    );
  });

  it("refuses a fee wallet other than the group's (6045) and a signer other than the authority (6042)", async () => {
    const user = await borrowerWith(1n * SOL);
    const next = Keypair.generate();
    const wrongWallet = Keypair.generate().publicKey;
    await market.expectError(
      transferIx(market, user, next.publicKey, Keypair.generate().publicKey, wrongWallet),
      [user.wallet, next],
      6045,
      "InvalidFeeAta",
      "Invalid ATA for global fee account",
    );
    const stranger = await market.newUser();
    await market.expectError(
      transferIx(market, { wallet: stranger.wallet, account: user.account }, next.publicKey, stranger.wallet.publicKey),
      [stranger.wallet, next],
      ...UNAUTHORIZED,
    );
  });

  it("creates the new account at the new authority's PDA, and keeps reserved third-party ids for their programs", async () => {
    const user = await borrowerWith(2n * SOL);
    const before = await market.marginfiAccount(user);
    market.advanceTime(10);
    const newAuthority = Keypair.generate().publicKey;
    const [pda, bump] = transferPda(market, newAuthority, 3, 42);
    const feeBefore = await lamports(market, market.feeWallet.publicKey);
    await market.send(transferPdaIx(market, user, pda, newAuthority, 3, 42), [user.wallet]);
    expect((await lamports(market, market.feeWallet.publicKey)) - feeBefore).toBe(TRANSFER_FEE);
    const moved = await market.marginfiAccount(pda);
    expect(moved.authority).toBe(newAuthority.toBase58());
    expect(moved.accountIndex).toBe(3);
    expect(moved.thirdPartyIndex).toBe(42);
    expect(moved.bump).toBe(bump);
    expect(moved.lendingAccount).toEqual(before.lendingAccount);
    expect(moved.migratedFrom).toBe(user.account.toBase58());
    expect(moved.lastUpdate).toBe(market.now());
    const emptied = await market.marginfiAccount(user);
    expect(emptied.migratedTo).toBe(pda.toBase58());
    expect(emptied.accountFlags).toBe(AccountFlags.ACCOUNT_DISABLED);
    // This variant leaves the old account's last_update alone.
    expect(emptied.lastUpdate).toBe(before.lastUpdate);

    const other = await borrowerWith(1n * SOL);
    const [reserved] = transferPda(market, newAuthority, 0, 10_001);
    await market.expectError(transferPdaIx(market, other, reserved, newAuthority, 0, 10_001), [other.wallet], ...UNAUTHORIZED);
  });
});

describe("emissions destination and freeze (§7.4, §19.6)", () => {
  it("only the authority sets the emissions destination", async () => {
    const user = await market.newUser();
    const destination = Keypair.generate().publicKey;
    const stranger = await market.newUser();
    await market.expectError(
      updateEmissionsDestinationIx(user, destination, stranger.wallet.publicKey),
      [stranger.wallet],
      ...UNAUTHORIZED,
    );
    market.advanceTime(5);
    await market.send(updateEmissionsDestinationIx(user, destination), [user.wallet]);
    const account = await market.marginfiAccount(user);
    expect(account.emissionsDestinationAccount).toBe(destination.toBase58());
    expect(account.lastUpdate).toBe(market.now());
  });

  it("a frozen account refuses its authority (6103) and answers to the group admin", async () => {
    const user = await borrowerWith(1n * SOL);
    const stranger = await market.newUser();
    await market.expectError(setFreezeIx(market, user.account, true, stranger.wallet.publicKey), [stranger.wallet], ...UNAUTHORIZED);

    const signature = await market.send(setFreezeIx(market, user.account, true), [market.admin]);
    expect((await market.marginfiAccount(user)).accountFlags).toBe(AccountFlags.ACCOUNT_FROZEN);
    const event = await market.firstEvent(signature);
    expect(event.name).toBe("MarginfiAccountFreezeEvent");
    const data = event.data as {
      header: { signer: PublicKey; marginfi_account: PublicKey; marginfi_account_authority: PublicKey };
      frozen: boolean;
    };
    expect(data.header.signer.toBase58()).toBe(market.admin.publicKey.toBase58());
    expect(data.header.marginfi_account.toBase58()).toBe(user.account.toBase58());
    expect(data.header.marginfi_account_authority.toBase58()).toBe(user.wallet.publicKey.toBase58());
    expect(data.frozen).toBe(true);

    const userSource = await market.fund(user, sol, 1n * SOL);
    await market.expectError(market.depositIx(user, sol, userSource, 1n * SOL), [user.wallet], ...FROZEN);
    const risk = await market.riskAccounts(user, banks);
    await expectErrorAt(market, [market.startFlashloanIx(user, 1n), market.endFlashloanIx(user, risk)], [user.wallet], 0, ...FROZEN);
    await market.expectError(updateEmissionsDestinationIx(user, Keypair.generate().publicKey), [user.wallet], ...FROZEN);
    const next = Keypair.generate();
    await market.expectError(transferIx(market, user, next.publicKey, next.publicKey), [user.wallet, next], ...FROZEN);
    await market.expectError(closeAccountIx(user), [user.wallet], ...FROZEN);

    // The admin acts on the user's behalf, from its own tokens.
    const adminSource = await market.fund(market.admin, sol, 2n * SOL);
    const solShares = async () =>
      (await market.marginfiAccount(user)).lendingAccount.balances.find((b) => b.bankPk === sol.key.toBase58())!.assetShares;
    const sharesBefore = await solShares();
    await market.send(depositAsIx(market, user, sol, market.admin.publicKey, adminSource, 2n * SOL), [market.admin]);
    expect(i80f48.cmp(await solShares(), sharesBefore)).toBe(1);

    await market.send(setFreezeIx(market, user.account, false), [market.admin]);
    expect((await market.marginfiAccount(user)).accountFlags).toBe(0n);
    await market.send(market.depositIx(user, sol, userSource, 1n * SOL), [user.wallet]);
    await market.expectError(depositAsIx(market, user, sol, market.admin.publicKey, adminSource, 1n), [market.admin], ...UNAUTHORIZED);
  });

  it("the admin may move a frozen account, and the freeze moves with it", async () => {
    const user = await borrowerWith(1n * SOL);
    await market.send(setFreezeIx(market, user.account, true), [market.admin]);
    const next = Keypair.generate();
    const newAuthority = Keypair.generate().publicKey;
    await market.send(transferIx(market, { wallet: market.admin, account: user.account }, next.publicKey, newAuthority), [
      market.admin,
      next,
    ]);
    expect((await market.marginfiAccount(next.publicKey)).accountFlags).toBe(AccountFlags.ACCOUNT_FROZEN);
    expect((await market.marginfiAccount(user)).accountFlags).toBe(AccountFlags.ACCOUNT_FROZEN | AccountFlags.ACCOUNT_DISABLED);
  });
});

describe("panic pause (§18, §21 item 7)", () => {
  async function panic() {
    return (await feeState(market)).panicState;
  }

  it("runs the reference timeline: extension, limits, permissionless unpause, daily reset, and the group gate", async () => {
    const admin = market.feeAdmin;
    const stranger = await market.newUser();
    await market.expectError(panicPauseIx(stranger.wallet.publicKey), [stranger.wallet], ...UNAUTHORIZED);
    await market.expectError(panicUnpauseIx(admin.publicKey), [admin], ...NOT_PAUSED);
    await market.expectError(panicUnpausePermissionlessIx(), [stranger.wallet], ...NOT_PAUSED);

    // t: paused until t + 1800.
    const t = market.now();
    await market.send(panicPauseIx(admin.publicKey), [admin]);
    expect(await panic()).toMatchObject({
      pauseFlags: 1,
      pauseStartTimestamp: t,
      dailyPauseCount: 1,
      consecutivePauseCount: 1,
      lastDailyResetTimestamp: t,
    });

    // t + 400: a second pause extends the running one, which now starts at t + 1800 and ends at t + 3600.
    market.advanceTime(400);
    await market.send(panicPauseIx(admin.publicKey), [admin]);
    expect(await panic()).toMatchObject({ pauseFlags: 1, pauseStartTimestamp: t + 1800n, dailyPauseCount: 2, consecutivePauseCount: 2 });
    await market.expectError(panicPauseIx(admin.publicKey), [admin], ...PAUSE_LIMIT);
    await market.expectError(panicUnpausePermissionlessIx(), [stranger.wallet], ...PAUSE_LIMIT);

    // The group only sees the pause once it is propagated.
    const user = await market.newUser();
    const source = await market.fund(user, sol, 3n * SOL);
    await market.send(market.depositIx(user, sol, source, 1n * SOL), [user.wallet]);
    await market.send(propagateFeeStateIx(market.group), [stranger.wallet]);
    const cache = (await group(market)).panicStateCache;
    expect(cache).toMatchObject({ pauseFlags: 1, pauseStartTimestamp: t + 1800n, lastCacheUpdate: t + 400n });
    await market.expectError(market.depositIx(user, sol, source, 1n * SOL), [user.wallet], 6080, "ProtocolPaused", "Protocol is paused");

    // t + 3599: one second short of the extended end.
    market.advanceTime(3199);
    await market.expectError(panicUnpausePermissionlessIx(), [stranger.wallet], ...PAUSE_LIMIT);
    await market.expectError(market.depositIx(user, sol, source, 1n * SOL), [user.wallet], 6080, "ProtocolPaused", "Protocol is paused");

    // t + 3600: the pause has lapsed for the group without any unpause, and anyone may now clear it.
    market.advanceTime(1);
    await market.send(market.depositIx(user, sol, source, 1n * SOL), [user.wallet]);
    await market.send(panicUnpausePermissionlessIx(), [stranger.wallet]);
    expect(await panic()).toMatchObject({ pauseFlags: 0, pauseStartTimestamp: 0n, dailyPauseCount: 2, consecutivePauseCount: 0 });

    // Third pause of the day, lifted by the admin; a fourth exceeds the daily limit.
    await market.send(panicPauseIx(admin.publicKey), [admin]);
    expect(await panic()).toMatchObject({ pauseFlags: 1, pauseStartTimestamp: t + 3600n, dailyPauseCount: 3, consecutivePauseCount: 1 });
    await market.send(panicUnpauseIx(admin.publicKey), [admin]);
    expect(await panic()).toMatchObject({ pauseFlags: 0, pauseStartTimestamp: 0n, dailyPauseCount: 3, consecutivePauseCount: 0 });
    await market.expectError(panicPauseIx(admin.publicKey), [admin], ...PAUSE_LIMIT);
    await market.expectError(panicUnpauseIx(admin.publicKey), [admin], ...NOT_PAUSED);

    // The daily count restarts 86,400 s after its last reset (at t), not before.
    market.advanceTime(86_400n - 3601n);
    await market.expectError(panicPauseIx(admin.publicKey), [admin], ...PAUSE_LIMIT);
    market.advanceTime(1);
    await market.send(panicPauseIx(admin.publicKey), [admin]);
    const day = t + 86_400n;
    expect(await panic()).toMatchObject({
      pauseFlags: 1,
      pauseStartTimestamp: day,
      dailyPauseCount: 1,
      consecutivePauseCount: 1,
      lastDailyResetTimestamp: day,
    });

    // A pause after a lapsed one starts afresh instead of extending it.
    market.advanceTime(1800);
    await market.send(panicPauseIx(admin.publicKey), [admin]);
    expect(await panic()).toMatchObject({ pauseFlags: 1, pauseStartTimestamp: day + 1800n, dailyPauseCount: 2, consecutivePauseCount: 1 });
    await market.send(panicUnpauseIx(admin.publicKey), [admin]);
    expect(await panic()).toMatchObject({ pauseFlags: 0, pauseStartTimestamp: 0n, dailyPauseCount: 2, consecutivePauseCount: 0 });
  });
});
