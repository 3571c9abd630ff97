// Closing a balance of a bank that pays emissions, on a ledger after real accrual: the program refuses to close a
// balance holding a whole unit of unclaimed emissions (6033), and they keep accruing every second, even right after
// a claim. Withdraw all and repay all pay the emissions out in their own transaction first, into the wallet's token
// account of the emissions mint (created on the way), so both succeed and the wallet receives exactly what the
// program credited.
import { Keypair, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankFlags, i80f48 as fx } from "@ballast/protocol";
import { appointAdmins, mintTokens, setupEmissionsIx } from "../../../protocol/test/support/emissions-emode.js";
import type { TestBank } from "../../../protocol/test/support/market.js";
import { borrowAction, depositAction, repayAllAction, withdrawAllAction, type ActionContext } from "../../src/actions/index.js";
import { withdrawEmissionsInstruction } from "../../src/instructions/lending.js";
import { pendingEmissions } from "../../src/math/emissions.js";
import { keypairWallet } from "../../src/transactions/index.js";
import {
  SOL,
  USDC,
  act,
  activeBanks,
  context,
  exists,
  fundedWallet,
  loadBanks,
  loadLendingMarket,
  marginAccount,
  startActionMarket,
  tokens,
  type ActionMarket,
} from "./support.js";

/** Reward native units per whole USDC per year: 1,000 USDC earn 1,000 units a second. */
const USDC_RATE = 31_536_000n;
/** Reward native units per whole SOL per year: 1 SOL of debt earns 1,000 units a second. */
const SOL_RATE = 31_536_000_000n;
const HOUR = 3_600;

let m: ActionMarket;
let reward: PublicKey;
beforeAll(async () => {
  m = await startActionMarket();
  const admins = await appointAdmins(m.market);
  reward = await m.market.createMint(6);
  const funding = await mintTokens(m.market, reward, admins.emissions.publicKey, 10n ** 15n);
  const setup = (bank: TestBank, flags: bigint, rate: bigint) =>
    m.market.send(setupEmissionsIx(m.market, bank, admins.emissions.publicKey, reward, funding, { flags, rate, total: 10n ** 14n }), [
      admins.emissions,
    ]);
  // USDC lenders and SOL borrowers earn emissions; nobody borrows USDC, so a USDC deposit stays exactly what it was.
  await setup(m.usdc, BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE, USDC_RATE);
  await setup(m.sol, BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE, SOL_RATE);
  const solLender = await fundedWallet(m.market, 30n);
  await act(m.market, async () =>
    depositAction({
      ...context(m.market, keypairWallet(solLender)),
      bank: m.sol.key.toBase58(),
      market: await lendingMarket(),
      amount: 20n * SOL,
    }),
  );
});
afterAll(() => m.market.close());

const banks = () => loadBanks(m.market, [m.sol, m.usdc]);
const lendingMarket = () => loadLendingMarket(m.market);

/** Lets `seconds` pass on the chain, the price feeds republished at the new time so they are not stale. */
async function elapse(seconds: number): Promise<void> {
  m.market.advanceTime(seconds);
  await m.market.setOracle(m.sol.oracle!, { kind: "pyth", price: 150 });
  await m.market.setOracle(m.usdc.oracle!, { kind: "switchboard", price: 1 });
}
const rewardAccount = (owner: PublicKey) => getAssociatedTokenAddressSync(reward, owner);

/** What paying out `bank`'s emissions now would send: the whole units of what a claim at the chain's time leaves. */
async function payoutNow(marginfiAccount: PublicKey, bank: TestBank): Promise<bigint> {
  const account = await marginAccount(m.market, marginfiAccount);
  const balance = account.lendingAccount.balances.find((b) => b.active !== 0 && b.bankPk === bank.key.toBase58())!;
  const bankData = (await banks()).get(bank.key.toBase58())!;
  return fx.toIntFloor(pendingEmissions(balance, bankData, m.market.now()));
}

/** Claims the balance's emissions on its own (the app's "Claim rewards"), into the wallet's existing reward account. */
async function claim(owner: Keypair, marginfiAccount: PublicKey, bank: TestBank): Promise<void> {
  m.market.ledger.warpToTime(m.market.now());
  await m.market.send(
    withdrawEmissionsInstruction({
      group: m.market.group,
      marginfiAccount,
      authority: owner.publicKey,
      bank: bank.key,
      emissionsMint: reward,
      destinationAccount: await mintTokens(m.market, reward, owner.publicKey, 0n),
    }),
    [owner],
  );
}

describe("closing a balance of a bank paying emissions", () => {
  it("withdraws all of a USDC deposit after accrual and right after a claim, paying the emissions out first", async () => {
    const owner = await fundedWallet(m.market);
    const ctx: ActionContext = context(m.market, keypairWallet(owner));
    const deposited = 1_000n * USDC;
    const usdcAccount = await m.market.fund(owner, m.usdc, deposited);
    const { marginfiAccount } = await act(m.market, async () =>
      depositAction({ ...ctx, bank: m.usdc.key.toBase58(), market: await lendingMarket(), amount: deposited }),
    );

    await elapse(HOUR);
    const claimed = await payoutNow(marginfiAccount, m.usdc);
    // 1,000 units a second for an hour, less the I80F48 rounding of the program's claim.
    expect(claimed).toBe(3_599_999n);
    await claim(owner, marginfiAccount, m.usdc);
    expect(await tokens(m.market, rewardAccount(owner.publicKey))).toBe(claimed);

    // A minute later the balance holds 60,000 units again: closing it alone would fail 6033.
    await elapse(60);
    const accrued = await payoutNow(marginfiAccount, m.usdc);
    expect(accrued).toBe(60_000n);
    await act(m.market, async () =>
      withdrawAllAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(m.market, marginfiAccount),
        bank: m.usdc.key.toBase58(),
        market: await lendingMarket(),
      }),
    );
    expect(await tokens(m.market, usdcAccount)).toBe(deposited);
    expect(await tokens(m.market, rewardAccount(owner.publicKey))).toBe(claimed + accrued);
    expect(activeBanks(await marginAccount(m.market, marginfiAccount))).toEqual([]);
  });

  it("repays all of a SOL debt after accrual, creating the wallet's reward account for the emissions", async () => {
    const owner = await fundedWallet(m.market, 20n);
    const ctx: ActionContext = context(m.market, keypairWallet(owner));
    const collateral = 2_000n * USDC;
    await m.market.fund(owner, m.usdc, collateral);
    const { marginfiAccount } = await act(m.market, async () =>
      depositAction({ ...ctx, bank: m.usdc.key.toBase58(), market: await lendingMarket(), amount: collateral }),
    );
    const borrowed = 2n * SOL;
    await act(m.market, async () =>
      borrowAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(m.market, marginfiAccount),
        bank: m.sol.key.toBase58(),
        market: await lendingMarket(),
        amount: borrowed,
      }),
    );

    await elapse(HOUR);
    const accrued = await payoutNow(marginfiAccount, m.sol);
    // Two SOL of debt earn 2,000 units a second: the claim runs before the repay accrues the bank's interest.
    expect(accrued).toBe(7_199_999n);
    expect(await exists(m.market, rewardAccount(owner.publicKey))).toBe(false);
    await act(m.market, async () =>
      repayAllAction({ ...ctx, marginfiAccount, bank: m.sol.key.toBase58(), market: await lendingMarket(), amount: borrowed + SOL / 100n }),
    );
    expect(await tokens(m.market, rewardAccount(owner.publicKey))).toBe(accrued);
    expect(activeBanks(await marginAccount(m.market, marginfiAccount))).toEqual([m.usdc.key.toBase58()]);

    // The USDC collateral earned lending emissions all along; withdrawing it all pays those out too.
    const lending = await payoutNow(marginfiAccount, m.usdc);
    expect(lending).toBe(7_199_999n);
    await act(m.market, async () =>
      withdrawAllAction({
        ...ctx,
        marginfiAccount,
        account: await marginAccount(m.market, marginfiAccount),
        bank: m.usdc.key.toBase58(),
        market: await lendingMarket(),
      }),
    );
    expect(await tokens(m.market, rewardAccount(owner.publicKey))).toBe(accrued + lending);
    expect(activeBanks(await marginAccount(m.market, marginfiAccount))).toEqual([]);
  });
});
