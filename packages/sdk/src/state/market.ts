// One snapshot of a lending market: the group, its banks and their prices at one clock, ready for the math.
import { programFeesOf, type Bank, type MarginfiGroup } from "@ballast/protocol";
import type { Connection } from "@solana/web3.js";
import { kaminoCollateralView } from "../math/kamino.js";
import { priceBank, type PricedBank } from "../math/priced-bank.js";
import { fetchGroupBanks } from "./banks.js";
import { fetchGroup } from "./group.js";
import { fetchKaminoReserves, isKaminoBank } from "./kamino-reserves.js";
import { fetchBankPrices } from "./oracle-prices.js";

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
  if (time === null) throw new Error("the node reports no block time");
  return BigInt(time);
}

/**
 * Loads the group, every bank, every oracle and the reserves behind Kamino banks; `now` (unix seconds) defaults to
 * the chain's time.
 */
export async function loadMarket(connection: Connection, config: MarketConfig, now?: bigint): Promise<Market> {
  const [group, banks, clock] = await Promise.all([
    fetchGroup(connection, config.group),
    fetchGroupBanks(connection, config.programId, config.group),
    now === undefined ? chainTime(connection) : Promise.resolve(now),
  ]);
  const [prices, reserves] = await Promise.all([
    fetchBankPrices(connection, banks, clock),
    fetchKaminoReserves(
      connection,
      banks.map((b) => b.bank),
    ),
  ]);
  const fees = programFeesOf(group);
  const kaminoOf = (bank: Bank) => {
    const reserve = isKaminoBank(bank) ? reserves.get(bank.integrationAcc1) : undefined;
    return reserve === undefined ? null : kaminoCollateralView(reserve);
  };
  const priced = new Map(
    banks.map((b) => [b.address, priceBank(b.address, b.bank, prices.get(b.address)!, clock, fees, kaminoOf(b.bank))] as const),
  );
  return { group, banks: priced, now: clock };
}
