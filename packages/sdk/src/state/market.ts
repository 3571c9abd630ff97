// One snapshot of a lending market: the group, its banks and their prices at one clock, ready for the math.
import { programFeesOf, type Bank, type MarginfiGroup } from "@ballast/protocol";
import type { AccountInfo, Connection } from "@solana/web3.js";
import { kaminoCollateralView, type KaminoCollateralView } from "../math/kamino.js";
import { priceBank, type PricedBank } from "../math/priced-bank.js";
import { fetchGroupBanks, type BankAccount } from "./banks.js";
import { fetchGroup } from "./group.js";
import { isKaminoBank } from "./kamino-reserves.js";
import { KaminoDecodeError, decodeKaminoReserve } from "./kamino.js";
import { fetchOracleAccounts, loadBankPrice } from "./oracle-prices.js";
import { BallastSdkError } from "../errors.js";

/** Where the market lives; the RPC endpoint is the connection's. */
export interface MarketConfig {
  readonly programId: string;
  readonly group: string;
}

export interface Market {
  readonly group: MarginfiGroup;
  readonly banks: ReadonlyMap<string, PricedBank>;
  /** The unix time the prices were judged fresh at. */
  readonly now: bigint;
}

/** The chain's unix time at its latest slot. */
export async function chainTime(connection: Connection): Promise<bigint> {
  const time = await connection.getBlockTime(await connection.getSlot());
  if (time === null) throw new BallastSdkError("NO_BLOCK_TIME");
  return BigInt(time);
}

/** A Kamino bank's reserve (its second oracle account) as the client math reads it; null for other banks or no reserve. */
function kaminoViewOf(bank: Bank, oracles: readonly (AccountInfo<Buffer> | null)[]): KaminoCollateralView | null {
  const reserve = oracles[1];
  if (!isKaminoBank(bank) || !reserve) return null;
  try {
    return kaminoCollateralView(decodeKaminoReserve(reserve.data));
  } catch (e) {
    // Not a reserve: the bank's price fails to load anyway.
    if (e instanceof KaminoDecodeError) return null;
    throw e;
  }
}

/**
 * The market from accounts already in hand (a watcher's subscriptions): the group, its banks, each bank's oracle
 * accounts in bankOracleKeys order, and the unix time to judge prices at.
 */
export function marketFromAccounts(
  group: MarginfiGroup,
  banks: readonly BankAccount[],
  oracles: ReadonlyMap<string, readonly (AccountInfo<Buffer> | null)[]>,
  now: bigint,
): Market {
  const fees = programFeesOf(group);
  const priced = new Map(
    banks.map((b) => {
      const accounts = oracles.get(b.address) ?? [];
      const price = loadBankPrice(b.data, accounts, now);
      return [b.address, priceBank(b.address, b.bank, price, now, fees, kaminoViewOf(b.bank, accounts))] as const;
    }),
  );
  return { group, banks: priced, now };
}

/**
 * Loads the group, every bank and every oracle account (the reserves behind Kamino banks among them); `now` (unix
 * seconds) defaults to the chain's time.
 */
export async function loadMarket(connection: Connection, config: MarketConfig, now?: bigint): Promise<Market> {
  const [group, banks, clock] = await Promise.all([
    fetchGroup(connection, config.group),
    fetchGroupBanks(connection, config.programId, config.group),
    now === undefined ? chainTime(connection) : Promise.resolve(now),
  ]);
  return marketFromAccounts(group, banks, await fetchOracleAccounts(connection, banks), clock);
}
