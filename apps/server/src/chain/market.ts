// The lending markets as the server reads them: per configured group one snapshot of group, banks and prices (through
// the SDK), shared by routes and jobs for `marketCacheMs`, plus facts about mints that never change.
import { PublicKey, type Connection } from "@solana/web3.js";
import { AccountLayout } from "@solana/spl-token";
import { loadMarket, midPrice, toBankDto, toNumber, type BankDto, type Market, type PricedBank } from "@ballast/sdk";
import type { ServerConfig, TokenMetadata } from "../config.js";
import { upstreamError } from "../errors.js";
import { ttlCache, type TtlCache } from "./cache.js";

export interface MarketService {
  /** The configured groups, the main one first. */
  readonly groups: readonly string[];
  /** Whether the group is one of the configured markets. */
  serves(group: string): boolean;
  /**
   * The group's latest snapshot (the main group's when none is named); at most `marketCacheMs` old, and loaded no
   * earlier than `loadedSince` (ms) when that is given.
   */
  market(group?: string, loadedSince?: number): Promise<Market>;
  /** The latest snapshot of every market, in configuration order. */
  markets(): Promise<Market[]>;
  /** Every bank of every market, ordered by address, from the latest snapshots. */
  banks(): Promise<ReadonlyMap<string, PricedBank>>;
  /** Every bank of every market in the banks API's shape, from the latest snapshots, ordered by address. */
  bankDtos(): Promise<BankDto[]>;
  /** The program that owns the mint account (SPL Token or Token-2022). */
  tokenProgram(mint: string): Promise<string>;
  metadata(mint: string): TokenMetadata;
}

/** Byte order of the strings, the same in every locale. */
export function compareAddresses(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A value derived from the current snapshots, recomputed only when one of them was reloaded; a failure is not kept. */
function perSnapshots<T>(derive: (markets: Market[]) => T): (markets: Market[]) => T {
  let last: { markets: Market[]; value: T } | null = null;
  return (markets) => {
    if (!last || last.markets.length !== markets.length || last.markets.some((m, i) => m !== markets[i])) {
      const entry = { markets, value: derive(markets) };
      if (entry.value instanceof Promise) {
        entry.value.catch(() => {
          if (last === entry) last = null;
        });
      }
      last = entry;
    }
    return last.value;
  };
}

/** getMultipleAccounts takes at most 100 keys. */
const ACCOUNTS_PER_READ = 100;

/**
 * The token balance of each vault, in order: null for a vault that does not exist or is not a token account. Token
 * and Token-2022 accounts share the first 165 bytes, so one layout reads both.
 */
async function insuranceBalances(connection: Connection, vaults: readonly string[]): Promise<(bigint | null)[]> {
  const balances: (bigint | null)[] = [];
  for (let i = 0; i < vaults.length; i += ACCOUNTS_PER_READ) {
    const keys = vaults.slice(i, i + ACCOUNTS_PER_READ).map((v) => new PublicKey(v));
    const infos = await connection.getMultipleAccountsInfo(keys, "confirmed");
    for (const info of infos) balances.push(info && info.data.length >= AccountLayout.span ? AccountLayout.decode(info.data).amount : null);
  }
  return balances;
}

/**
 * `lstApys` gives the staking yield of the LST banks that have one (jobs/lst-rates.ts); without it, or when it fails,
 * lst_apy is null.
 */
export function marketService(
  connection: Connection,
  config: ServerConfig,
  lstApys: () => Promise<ReadonlyMap<string, number>> = async () => new Map(),
): MarketService {
  const tokens = new Map(config.tokens.map((t) => [t.mint, t] as const));
  const tokenPrograms = new Map<string, Promise<string>>();
  const groups = config.markets.map((m) => m.group);

  const metadata = (mint: string): TokenMetadata =>
    tokens.get(mint) ?? { mint, symbol: mint.slice(0, 4).toUpperCase(), name: `Token ${mint.slice(0, 4)}…${mint.slice(-4)}` };

  const tokenProgram = (mint: string): Promise<string> => {
    let known = tokenPrograms.get(mint);
    if (!known) {
      known = connection.getAccountInfo(new PublicKey(mint)).then((info) => {
        if (!info) throw upstreamError(`Mint data for bank not found`, { mint });
        return info.owner.toBase58();
      });
      known.catch(() => tokenPrograms.delete(mint));
      tokenPrograms.set(mint, known);
    }
    return known;
  };

  const snapshots = new Map<string, TtlCache<Market>>(
    groups.map((group) => [
      group,
      ttlCache(config.marketCacheMs, async () => {
        try {
          return await loadMarket(connection, { programId: config.programId, group });
        } catch (error) {
          throw upstreamError(`Failed to load the market from the ledger: ${error instanceof Error ? error.message : String(error)}`, {
            group,
          });
        }
      }),
    ]),
  );

  const market = (group: string = config.group, loadedSince?: number): Promise<Market> => {
    const snapshot = snapshots.get(group);
    if (!snapshot) return Promise.reject(new Error(`group ${group} is not one of the server's markets`));
    return snapshot.get(loadedSince);
  };
  const markets = () => Promise.all(groups.map((group) => market(group)));

  const mergedBanks = perSnapshots((all) => {
    const merged = all.flatMap((m) => [...m.banks.values()]).sort((a, b) => compareAddresses(a.address, b.address));
    return new Map(merged.map((priced) => [priced.address, priced] as const));
  });

  const marketDtos = new WeakMap<Market, Promise<BankDto[]>>();
  const dtosOf = (snapshot: Market): Promise<BankDto[]> => {
    let value = marketDtos.get(snapshot);
    if (!value) {
      const yields = lstApys();
      const priced = [...snapshot.banks.values()];
      const insurance = insuranceBalances(
        connection,
        priced.map((p) => p.bank.insuranceVault),
      );
      value = Promise.all(
        priced.map(async (bank, index): Promise<BankDto | null> => {
          const price = midPrice(bank.price);
          const meta = metadata(bank.bank.mint);
          const tokenProgramAddress = await tokenProgram(bank.bank.mint);
          const lstApy = (await yields).get(bank.address) ?? null;
          const insuranceVaultBalance = (await insurance)[index] ?? null;
          try {
            return toBankDto(bank.address, bank.bank, {
              symbol: meta.symbol,
              name: meta.name,
              tokenProgram: tokenProgramAddress,
              usdPrice: price === null ? null : toNumber(price),
              lstApy,
              insuranceVaultBalance,
            });
          } catch {
            // The app decodes no other risk tier or operational state (a bank killed by bankruptcy): it is not listed.
            return null;
          }
        }),
      ).then((all) => all.filter((dto) => dto !== null));
      value.catch(() => marketDtos.delete(snapshot));
      marketDtos.set(snapshot, value);
    }
    return value;
  };
  const mergedDtos = perSnapshots(async (all) =>
    (await Promise.all(all.map(dtosOf))).flat().sort((a, b) => compareAddresses(a.bank_address, b.bank_address)),
  );

  return {
    groups,
    serves: (group) => snapshots.has(group),
    market,
    markets,
    banks: async () => mergedBanks(await markets()),
    bankDtos: async () => mergedDtos(await markets()),
    tokenProgram,
    metadata,
  };
}
