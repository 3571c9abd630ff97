// The lending market as the server reads it: one snapshot of group, banks and prices (through the SDK), shared by
// routes and jobs for `marketCacheMs`, plus facts about mints that never change.
import { PublicKey, type Connection } from "@solana/web3.js";
import { loadMarket, midPrice, toBankDto, toNumber, type BankDto, type Market } from "@ballast/sdk";
import type { ServerConfig, TokenMetadata } from "../config.js";
import { upstreamError } from "../errors.js";
import { ttlCache } from "./cache.js";

export interface MarketService {
  /** The latest snapshot; at most `marketCacheMs` old. */
  market(): Promise<Market>;
  /** Every bank of the group in the banks API's shape, from the same snapshot, ordered by address. */
  bankDtos(): Promise<BankDto[]>;
  /** The program that owns the mint account (SPL Token or Token-2022). */
  tokenProgram(mint: string): Promise<string>;
  metadata(mint: string): TokenMetadata;
}

/** Byte order of the strings, the same in every locale. */
export function compareAddresses(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function marketService(connection: Connection, config: ServerConfig): MarketService {
  const tokens = new Map(config.tokens.map((t) => [t.mint, t] as const));
  const tokenPrograms = new Map<string, Promise<string>>();

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

  const snapshot = ttlCache(config.marketCacheMs, async () => {
    try {
      return await loadMarket(connection, { programId: config.programId, group: config.group });
    } catch (error) {
      throw upstreamError(`Failed to load the market from the ledger: ${error instanceof Error ? error.message : String(error)}`);
    }
  });

  let dtos: { market: Market; value: Promise<BankDto[]> } | null = null;
  const bankDtos = async (): Promise<BankDto[]> => {
    const market = await snapshot.get();
    if (dtos?.market !== market) {
      const value = Promise.all(
        [...market.banks.values()].map(async (priced): Promise<BankDto | null> => {
          const price = midPrice(priced.price);
          const meta = metadata(priced.bank.mint);
          const tokenProgramAddress = await tokenProgram(priced.bank.mint);
          try {
            return toBankDto(priced.address, priced.bank, {
              symbol: meta.symbol,
              name: meta.name,
              tokenProgram: tokenProgramAddress,
              usdPrice: price === null ? null : toNumber(price),
              lstApy: null,
            });
          } catch {
            // The app decodes no other risk tier or operational state (a bank killed by bankruptcy): it is not listed.
            return null;
          }
        }),
      ).then((all) => all.filter((dto) => dto !== null).sort((a, b) => compareAddresses(a.bank_address, b.bank_address)));
      dtos = { market, value };
    }
    return dtos.value;
  };

  return { market: () => snapshot.get(), bankDtos, tokenProgram, metadata };
}
