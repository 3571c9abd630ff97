// Risk accounts (reference §10.1, §9.1, §13.1): the remaining accounts an instruction that checks health reads. For
// each active balance, in the program's stored order (bank key descending, byte-wise), the bank then its oracles.
import { PublicKey, type AccountMeta } from "@solana/web3.js";
import { AssetTag, OracleSetup, type Bank, type MarginfiAccount } from "@ballast/protocol";
import type { PricedBank } from "../math/priced-bank.js";
import { readonlyAccount } from "./program.js";
import { BallastSdkError } from "../errors.js";

/** Decoded banks by base58 address: a Map of them, or a market's through marketBankLookup. */
export interface BankLookup {
  get(address: string): Bank | undefined;
}

/** A market's banks (loadMarket's) as the builders look them up, without copying them. */
export function marketBankLookup(market: { readonly banks: ReadonlyMap<string, PricedBank> }): BankLookup {
  return { get: (address) => market.banks.get(address)?.bank };
}

/** Balances an instruction opens (`add`) or closes (`remove`), so the packing describes the state it leaves. */
export interface BalanceChange {
  add?: readonly PublicKey[];
  remove?: readonly PublicKey[];
}

/** The oracle accounts the program reads after a bank: none for a fixed price, else as many as its asset tag needs. */
export function bankOracleKeys(bank: Bank): PublicKey[] {
  if (bank.config.oracleSetup === OracleSetup.Fixed) return [];
  const keys = bank.config.oracleKeys.map((key) => new PublicKey(key));
  switch (bank.config.assetTag) {
    case AssetTag.Default:
    case AssetTag.Sol:
      return keys.slice(0, 1);
    case AssetTag.Kamino:
    case AssetTag.Drift:
    case AssetTag.Solend:
      // The oracle, then the reserve or spot market the price is converted through.
      return keys.slice(0, 2);
    case AssetTag.Staked:
      // The SOL feed, the LST mint and the pool's stake account.
      return keys.slice(0, 3);
    default:
      throw new BallastSdkError("ASSET_TAG_NOT_PACKABLE", { assetTag: bank.config.assetTag });
  }
}

/** The keys of the account's active balances after `change`, in the program's order: descending bytes. */
export function activeBankKeys(account: MarginfiAccount, change: BalanceChange = {}): PublicKey[] {
  const keys = new Map<string, PublicKey>();
  for (const balance of account.lendingAccount.balances) if (balance.active !== 0) keys.set(balance.bankPk, new PublicKey(balance.bankPk));
  for (const key of change.add ?? []) keys.set(key.toBase58(), key);
  for (const key of change.remove ?? []) keys.delete(key.toBase58());
  return [...keys.values()].sort((a, b) => Buffer.compare(b.toBuffer(), a.toBuffer()));
}

function lookup(banks: BankLookup, key: PublicKey): Bank {
  const bank = banks.get(key.toBase58());
  if (bank === undefined) throw new BallastSdkError("BANK_NOT_DECODED", { bank: key.toBase58() });
  return bank;
}

/** The account's risk accounts after `change`. */
export function riskAccounts(account: MarginfiAccount, banks: BankLookup, change: BalanceChange = {}): AccountMeta[] {
  return activeBankKeys(account, change).flatMap((key) => [key, ...bankOracleKeys(lookup(banks, key))].map(readonlyAccount));
}

/** A borrow values the account with the borrowed bank's balance, even when the borrow opens it. */
export function borrowRiskAccounts(account: MarginfiAccount, banks: BankLookup, bank: PublicKey): AccountMeta[] {
  return riskAccounts(account, banks, { add: [bank] });
}

/**
 * A withdraw_all closes the balance, so its bank is left out, except in receivership: there the withdraw prices the
 * withdrawn bank from the remaining accounts, so it stays.
 */
export function withdrawRiskAccounts(
  account: MarginfiAccount,
  banks: BankLookup,
  bank: PublicKey,
  { withdrawAll = false, inReceivership = false }: { withdrawAll?: boolean; inReceivership?: boolean } = {},
): AccountMeta[] {
  return riskAccounts(account, banks, withdrawAll && !inReceivership ? { remove: [bank] } : {});
}

/** The remaining-account blocks of a classic liquidation (reference §13.1). */
export interface LiquidationRiskAccounts {
  assetBankOracles: PublicKey[];
  liabBankOracles: PublicKey[];
  /** The liquidator after the liquidation: it holds both banks. */
  liquidatorRiskAccounts: AccountMeta[];
  liquidateeRiskAccounts: AccountMeta[];
}

export function liquidationRiskAccounts(params: {
  liquidator: MarginfiAccount;
  liquidatee: MarginfiAccount;
  assetBank: PublicKey;
  liabBank: PublicKey;
  banks: BankLookup;
}): LiquidationRiskAccounts {
  const { liquidator, liquidatee, assetBank, liabBank, banks } = params;
  return {
    assetBankOracles: bankOracleKeys(lookup(banks, assetBank)),
    liabBankOracles: bankOracleKeys(lookup(banks, liabBank)),
    liquidatorRiskAccounts: riskAccounts(liquidator, banks, { add: [assetBank, liabBank] }),
    liquidateeRiskAccounts: riskAccounts(liquidatee, banks),
  };
}
