// What a bankruptcy settlement (reference §14) must have done, checked against the state just before it: the
// insurance vault paid min(bad debt, its balance), rounded up, into the liquidity vault; the rest was socialised by
// lowering the asset share value, killing the bank when it took every deposit; the debt is written off, the account
// disabled, and no depositor gained.
import type { PublicKey } from "@solana/web3.js";
import { expect } from "vitest";
import {
  AccountFlags,
  BankOperationalState,
  ZERO_AMOUNT_THRESHOLD,
  decodeMarginfiAccount,
  i80f48,
  toF64,
  type Bank,
  type Balance,
  type I80F48,
  type MarginfiAccount,
} from "../../src/index.js";
import type { TestBank, TestMarket, TestUser } from "./market.js";

export interface BeforeSettlement {
  bank: Bank;
  insurance: bigint;
  liquidity: bigint;
  /** The account's liability shares in the bank, and their amount: the bad debt the settlement must write off. */
  liabilityShares: I80F48;
  badDebt: I80F48;
  /** Each depositor's asset amount in the bank, by margin account. */
  deposits: Map<string, I80F48>;
}

export interface Settlement {
  badDebt: I80F48;
  covered: I80F48;
  socialized: I80F48;
  /** Tokens the insurance vault paid into the liquidity vault: the covered amount rounded up. */
  paid: bigint;
  killed: boolean;
  /** Loss beyond all the deposits of a bank it killed: bad debt nobody absorbed (zero otherwise). */
  unabsorbed: I80F48;
}

function balanceIn(account: MarginfiAccount, bank: TestBank): Balance | null {
  return account.lendingAccount.balances.find((b) => b.active !== 0 && b.bankPk === bank.key.toBase58()) ?? null;
}

async function depositsIn(market: TestMarket, bank: TestBank, state: Bank, depositors: PublicKey[]): Promise<Map<string, I80F48>> {
  const infos = await market.accountInfos(depositors);
  const deposits = new Map<string, I80F48>();
  depositors.forEach((key, i) => {
    const info = infos[i];
    if (!info) throw new Error(`margin account ${key.toBase58()} not found`);
    const balance = balanceIn(decodeMarginfiAccount(info.data), bank);
    deposits.set(key.toBase58(), balance ? i80f48.mul(balance.assetShares, state.assetShareValue) : i80f48.ZERO);
  });
  return deposits;
}

/** The state a settlement of `user`'s debt in `bank` starts from; `depositors` are the margin accounts to watch. */
export async function beforeSettlement(
  market: TestMarket,
  user: TestUser,
  bank: TestBank,
  depositors: PublicKey[],
): Promise<BeforeSettlement> {
  const state = await market.bank(bank);
  const liabilityShares = balanceIn(await market.marginfiAccount(user), bank)?.liabilityShares ?? i80f48.ZERO;
  return {
    bank: state,
    insurance: await market.tokenBalance(bank.vaults.insurance),
    liquidity: await market.tokenBalance(bank.vaults.liquidity),
    liabilityShares,
    badDebt: i80f48.mul(liabilityShares, state.liabilityShareValue),
    deposits: await depositsIn(market, bank, state, depositors),
  };
}

function eventNumber(data: Record<string, unknown>, field: string): number {
  const value = data[field];
  if (typeof value !== "number") throw new Error(`bankruptcy event field ${field} is not a number`);
  return value;
}

/**
 * Checks the landed settlement `signature` of `user`'s debt in `bank` against `before`. The bank's interest must
 * already have been accrued at this time, so that the settlement's own accrual changes nothing.
 */
export async function expectSettlement(
  market: TestMarket,
  signature: string,
  user: TestUser,
  bank: TestBank,
  depositors: PublicKey[],
  before: BeforeSettlement,
  label: string,
): Promise<Settlement> {
  const badDebt = before.badDebt;
  const insurance = i80f48.fromInt(before.insurance);
  const covered = i80f48.cmp(badDebt, insurance) < 0 ? badDebt : insurance;
  const socialized = i80f48.sub(badDebt, covered);

  const event = (await market.firstEvent(signature, "LendingPoolBankHandleBankruptcyEvent")).data;
  const eventBadDebt = eventNumber(event, "bad_debt");
  const eventCovered = eventNumber(event, "covered_amount");
  const eventSocialized = eventNumber(event, "socialized_amount");
  expect(eventBadDebt, `${label}: bad debt`).toBe(toF64(badDebt));
  expect(eventCovered, `${label}: covered`).toBe(toF64(covered));
  expect(eventSocialized, `${label}: socialised`).toBe(toF64(socialized));
  // The event's own arithmetic, to f64 precision.
  expect(Math.abs(eventSocialized - (eventBadDebt - eventCovered)), `${label}: socialised = bad debt − covered`).toBeLessThanOrEqual(
    eventBadDebt * 4 * Number.EPSILON,
  );

  // Tokens move only from the insurance vault to the liquidity vault: the covered amount rounded up.
  const paid = before.insurance - (await market.tokenBalance(bank.vaults.insurance));
  expect(paid, `${label}: insurance paid`).toBe(i80f48.toIntCeil(covered));
  expect((await market.tokenBalance(bank.vaults.liquidity)) - before.liquidity, `${label}: liquidity received`).toBe(paid);

  const state = await market.bank(bank);
  const shares = state.totalAssetShares;
  expect(shares, `${label}: asset shares never change`).toBe(before.bank.totalAssetShares);
  const depositValue = i80f48.mul(shares, before.bank.assetShareValue);
  const killed = i80f48.cmp(depositValue, socialized) <= 0;
  expect(state.config.operationalState === BankOperationalState.KilledByBankruptcy, `${label}: killed`).toBe(killed);
  expect(i80f48.cmp(state.assetShareValue, before.bank.assetShareValue), `${label}: share value rose`).toBeLessThanOrEqual(0);
  if (killed) {
    expect(state.assetShareValue, `${label}: a killed bank's share value`).toBe(i80f48.ZERO);
  } else {
    // The share value is recomputed as (value − loss) / shares even for no loss, so truncation may take a last bit.
    const lost = i80f48.sub(depositValue, i80f48.mul(shares, state.assetShareValue));
    expect(i80f48.toIntCeil(i80f48.abs(i80f48.sub(lost, socialized))), `${label}: deposit value lost`).toBeLessThanOrEqual(1n);
  }

  const account = await market.marginfiAccount(user);
  expect(account.accountFlags & AccountFlags.ACCOUNT_DISABLED, `${label}: account disabled`).toBe(AccountFlags.ACCOUNT_DISABLED);
  const left = balanceIn(account, bank)?.liabilityShares ?? i80f48.ZERO;
  // Repaying the bad debt converts it back to shares through the share value, so dust below the program's own
  // zero threshold may stay.
  expect(i80f48.cmp(i80f48.mul(left, state.liabilityShareValue), ZERO_AMOUNT_THRESHOLD), `${label}: debt left`).toBeLessThan(0);
  expect(state.totalLiabilityShares, `${label}: bank liabilities`).toBe(
    i80f48.sub(before.bank.totalLiabilityShares, i80f48.sub(before.liabilityShares, left)),
  );

  for (const [key, amount] of await depositsIn(market, bank, state, depositors)) {
    const was = before.deposits.get(key) ?? i80f48.ZERO;
    expect(i80f48.cmp(amount, was), `${label}: deposit of ${key} rose`).toBeLessThanOrEqual(0);
  }
  const unabsorbed = killed ? i80f48.sub(socialized, depositValue) : i80f48.ZERO;
  return { badDebt, covered, socialized, paid, killed, unabsorbed };
}
