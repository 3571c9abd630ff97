// The rewards card's arithmetic: the chain clock between market snapshots, what a claim would pay at a given chain time
// (whole reward units, growing with time, only for banks that pay emissions), and what a landed claim paid the wallet
// according to its transaction's token balances.
import { BankFlags, MarginfiGroupLayout, decodeMarginfiGroup, i80f48 as fx } from "@ballast/protocol";
import type { Market, PricedBank } from "@ballast/sdk";
import { describe, expect, it } from "vitest";
import { NOW, address, balance, banksOf, usdc } from "../../../packages/sdk/test/math/support.js";
import { chainNowAt } from "../src/features/portfolio/chain-clock.js";
import { receivedByOwner, type MetaTokenBalance } from "../src/features/portfolio/claim-emissions.js";
import { claimableRewards } from "../src/features/portfolio/portfolio-model.js";

const REWARD_MINT = address();
const WALLET = address();

/** A USDC bank paying `rate` reward units per whole USDC per year to lenders, from a budget of `remaining`. */
function rewardingBank(rate: bigint, remaining = "1000000000"): PricedBank {
  const priced = usdc({ flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE, emissionsRate: rate, emissionsRemaining: remaining });
  return { ...priced, bank: { ...priced.bank, emissionsMint: REWARD_MINT } };
}

function marketOf(...banks: PricedBank[]): Market {
  const data = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(data, 0);
  return { group: decodeMarginfiGroup(data), banks: banksOf(...banks), now: NOW };
}

describe("chain clock", () => {
  it("adds the whole seconds since the snapshot was read, and never goes back", () => {
    expect(chainNowAt(NOW, 10_000, 10_999)).toBe(NOW);
    expect(chainNowAt(NOW, 10_000, 11_000)).toBe(NOW + 1n);
    expect(chainNowAt(NOW, 10_000, 73_500)).toBe(NOW + 63n);
    expect(chainNowAt(NOW, 10_000, 9_000)).toBe(NOW);
  });
});

describe("claimable rewards", () => {
  // 1,000 USDC lent at 40,000 reward units per USDC per year: 40,000,000 a year, 1.268... a second.
  const bank = rewardingBank(40_000n);
  const lent = balance(bank, "assets", "1000000000");

  it("grows with the chain time in whole reward units", () => {
    const market = marketOf(bank);
    expect(claimableRewards(market, [lent], NOW)).toEqual([]);
    expect(claimableRewards(market, [lent], NOW + 1n)).toEqual([{ bank: bank.address, emissionsMint: REWARD_MINT, claimable: 1n }]);
    // 40,000,000 × 3,600 / 31,536,000 = 4,566.2...
    expect(claimableRewards(market, [lent], NOW + 3_600n)).toEqual([{ bank: bank.address, emissionsMint: REWARD_MINT, claimable: 4_566n }]);
  });

  it("adds what is already outstanding and stops at the bank's remaining budget", () => {
    const market = marketOf(rewardingBank(40_000n, "100"));
    const capped = market.banks.values().next().value!;
    const held = { ...balance(capped, "assets", "1000000000"), emissionsOutstanding: fx.fromInt(7n) };
    expect(claimableRewards(market, [held], NOW)[0]!.claimable).toBe(7n);
    expect(claimableRewards(market, [held], NOW + 3_600n)[0]!.claimable).toBe(107n);
  });

  it("leaves out banks without emissions and inactive balances", () => {
    const plain = usdc();
    const market = marketOf(bank, plain);
    const inactive = { ...lent, active: 0 };
    expect(claimableRewards(market, [balance(plain, "assets", "1000000000"), inactive], NOW + 3_600n)).toEqual([]);
  });
});

describe("what a claim paid", () => {
  const tokenBalance = (accountIndex: number, mint: string, owner: string, amount: string): MetaTokenBalance => ({
    accountIndex,
    mint,
    owner,
    uiTokenAmount: { amount },
  });

  it("is the wallet's balance change per reward mint, counting an account the claim created from zero", () => {
    const other = address();
    const pre = [tokenBalance(2, REWARD_MINT, WALLET, "1000"), tokenBalance(3, REWARD_MINT, other, "50")];
    const post = [
      tokenBalance(2, REWARD_MINT, WALLET, "1123"),
      // The emissions vault (another owner) paid it.
      tokenBalance(3, REWARD_MINT, other, "0"),
      // A second reward mint's account, created by the claim.
      tokenBalance(5, "Created1111111111111111111111111111111111111", WALLET, "42"),
      // A mint that is not a reward.
      tokenBalance(6, "NotReward111111111111111111111111111111111111", WALLET, "9"),
    ];
    const received = receivedByOwner(pre, post, WALLET, new Set([REWARD_MINT, "Created1111111111111111111111111111111111111"]));
    expect([...received]).toEqual([
      [REWARD_MINT, 123n],
      ["Created1111111111111111111111111111111111111", 42n],
    ]);
  });
});
