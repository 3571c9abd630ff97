// A Kamino bank's reserve farm read from the chain: the reserve's collateral farm (the one the bank's obligation can
// stake in), with the APR of each reward priced by the market's own banks of the reward tokens.
import type { Connection } from "@solana/web3.js";
import { PublicKey } from "@solana/web3.js";
import { ZERO_PUBKEY, decodeFarmState } from "@ballast/market";
import { calcValue, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { farmRewardAprs, type FarmRewardApr } from "../math/kamino-farm.js";
import { midPrice } from "../math/price.js";
import { decodeKaminoReserve } from "./kamino.js";
import { isKaminoBank } from "./kamino-reserves.js";
import type { Market } from "./market.js";

/** The US-dollar price of `mint` from the first of the market's banks of that token that has one. */
function marketPriceOf(market: Market, mint: string): I80F48 | null {
  for (const priced of market.banks.values()) {
    if (priced.bank.mint !== mint) continue;
    const price = midPrice(priced.price);
    if (price !== null) return price;
  }
  return null;
}

/** The rewards of the collateral farm of a Kamino bank's reserve; empty for other banks or a reserve without a farm. */
export async function fetchKaminoFarmRewards(connection: Connection, market: Market, bankAddress: string): Promise<FarmRewardApr[]> {
  const priced = market.banks.get(bankAddress);
  if (priced === undefined || !isKaminoBank(priced.bank) || priced.kamino === null) return [];
  const reserveInfo = await connection.getAccountInfo(new PublicKey(priced.bank.integrationAcc1));
  if (reserveInfo === null) return [];
  const farmAddress = decodeKaminoReserve(reserveInfo.data).farmCollateral;
  if (farmAddress === ZERO_PUBKEY) return [];
  const farmInfo = await connection.getAccountInfo(new PublicKey(farmAddress));
  if (farmInfo === null) return [];
  const farm = decodeFarmState(farmInfo.data);
  const price = midPrice(priced.price);
  // The farm stakes collateral tokens; the reserve's exchange rate turns them into the bank's token.
  const stakedTokens = fx.mul(fx.fromInt(farm.totalStakedAmount), priced.kamino.tokensPerCollateral);
  const stakedValue = price === null ? null : calcValue(stakedTokens, price, priced.decimals);
  const now = farm.timeUnit === 1 ? BigInt(await connection.getSlot()) : market.now;
  return farmRewardAprs(farm, { now, stakedValue, priceOf: (mint) => marketPriceOf(market, mint) });
}
