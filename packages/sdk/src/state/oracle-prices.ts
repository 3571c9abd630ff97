// Oracle prices of banks, loaded by the program's own price-feed code (account checks, Pyth PriceUpdateV2 and
// Switchboard pull-feed formats, staleness at `now`), so a price here is a price the risk engine would use.
import { BankLayout, OracleSetup, accountView, loadPriceFeed, oracleAccountCount, type Bank, type BankData } from "@ballast/protocol";
import { decodePriceUpdateV2, readPullFeedResult } from "@ballast/oracles";
import type { AccountInfo, Connection } from "@solana/web3.js";
import { asOracleFailure, bankPriceFromFeed, type BankPrice } from "../math/price.js";
import { fetchAccountInfos } from "./accounts-rpc.js";
import type { BankAccount } from "./banks.js";

type RiskAccounts = Parameters<typeof loadPriceFeed>[1];

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const oracleKeysField = BankLayout.fields.config.fields.oracleKeys;

/** The oracle accounts that follow the bank in its risk accounts (oracle_keys[0..n)); none for a tag the program refuses. */
function oracleKeysOf(bankData: BankData): string[] {
  try {
    return oracleKeysField.get(bankData).slice(0, oracleAccountCount(bankData));
  } catch (e) {
    // A program failure here (an asset tag it refuses) shows up again when the feed loads; anything else propagates.
    asOracleFailure(e, "load");
    return [];
  }
}

/** An oracle account as fetched; null when it does not exist (the program then sees an empty system account). */
function asRiskAccount(key: string, info: AccountInfo<Buffer> | null): RiskAccounts[number] {
  const account = info
    ? { lamports: BigInt(info.lamports), data: info.data, owner: info.owner.toBase58(), executable: info.executable, rentEpoch: 0n }
    : { lamports: 0n, data: Buffer.alloc(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n };
  return { key, isSigner: false, isWritable: false, account };
}

/**
 * The bank's prices from its oracle accounts (in oracleKeysOf order) at unix time `now`. A Kamino bank is priced per
 * collateral token through its reserve as last refreshed: slot 0 never counts as stale, and the transaction that
 * acts refreshes the reserve before the program reads it.
 */
export function loadBankPrice(data: Buffer, oracles: readonly (AccountInfo<Buffer> | null)[], now: bigint): BankPrice {
  const bankData = accountView(BankLayout, data);
  const keys = oracleKeysOf(bankData);
  const accounts = keys.map((key, i) => asRiskAccount(key, oracles[i] ?? null));
  try {
    return bankPriceFromFeed(loadPriceFeed(bankData, accounts, now, 0n));
  } catch (e) {
    return bankPriceFromFeed(asOracleFailure(e, "load"));
  }
}

/**
 * Every bank's oracle accounts (in oracleKeysOf order: a Kamino bank's feed, then its reserve), by bank, read in
 * batched calls.
 */
export async function fetchOracleAccounts(
  connection: Connection,
  banks: readonly BankAccount[],
): Promise<Map<string, (AccountInfo<Buffer> | null)[]>> {
  const oracles = banks.map((b) => ({ bank: b.address, keys: oracleKeysOf(accountView(BankLayout, b.data)) }));
  const infos = await fetchAccountInfos(
    connection,
    oracles.flatMap((o) => o.keys),
  );
  const byBank = new Map<string, (AccountInfo<Buffer> | null)[]>();
  let cursor = 0;
  for (const { bank, keys } of oracles) {
    byBank.set(bank, infos.slice(cursor, cursor + keys.length));
    cursor += keys.length;
  }
  return byBank;
}

/**
 * When the bank's oracle (its first oracle account: the SOL feed of a staked bank, the token feed of a Kamino bank)
 * last published (Pyth publish time, Switchboard update time); null for fixed prices or a missing feed.
 */
export function oracleTimestamp(bank: Bank, oracle: AccountInfo<Buffer> | null): bigint | null {
  if (oracle === null) return null;
  switch (bank.config.oracleSetup) {
    case OracleSetup.PythPushOracle:
    case OracleSetup.StakedWithPythPush:
    case OracleSetup.KaminoPythPush:
      return decodePriceUpdateV2(oracle.data).priceMessage.publishTime;
    case OracleSetup.SwitchboardPull:
    case OracleSetup.KaminoSwitchboardPull:
      return readPullFeedResult(oracle.data).lastUpdateTimestamp;
    default:
      return null;
  }
}
