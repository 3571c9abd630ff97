// The swap venue as the quote API sees it: every pool of the pool program with its vault balances, and the swap's
// address lookup tables, read from the chain by a scheduled job and indexed for route search, so a quote costs no
// RPC. While the last read failed (or none finished yet) the API answers 503 rather than quoting stale pools.
import bs58 from "bs58";
import { PublicKey, type AddressLookupTableAccount, type Connection } from "@solana/web3.js";
import { POOL_ACCOUNT_SIZE, POOL_DISCRIMINATOR, POOL_PROGRAM_ID, RouteIndex, decodePool, type PoolSnapshot } from "@ballast/swap";
import { ACCOUNT_SIZE, tokenAccountFields } from "@ballast/ledger";
import { fetchAccounts } from "@ballast/sdk";
import { HttpError } from "../errors.js";

export const SWAP_VENUE_UNAVAILABLE = "The swap venue's pools could not be read from the chain; try again shortly";

export interface VenueSnapshot {
  readonly index: RouteIndex;
  /** Pools by address (base58). */
  readonly pools: ReadonlyMap<string, PoolSnapshot>;
  readonly lookupTables: readonly AddressLookupTableAccount[];
  /** The slot the pool accounts were read at. */
  readonly slot: number;
}

export interface SwapVenueSettings {
  /** Mints restricted routes may pass through. */
  readonly intermediateMints: readonly string[];
  /** Lookup tables holding the venue's programs and pools, for swap transactions. */
  readonly lookupTables: readonly string[];
}

export class SwapVenue {
  private latest: VenueSnapshot | null = null;
  private failure: unknown = null;

  constructor(
    private readonly connection: Connection,
    private readonly settings: SwapVenueSettings,
  ) {}

  /** The pools as last read; throws the 503 when the chain could not be read. */
  snapshot(): VenueSnapshot {
    if (!this.latest || this.failure !== null) throw new HttpError(503, SWAP_VENUE_UNAVAILABLE);
    return this.latest;
  }

  /** Reads every pool and its reserves again; a failure makes the API answer 503 until a read succeeds. */
  async refresh(): Promise<{ pools: number; slot: number }> {
    try {
      this.latest = await this.read();
      this.failure = null;
      return { pools: this.latest.pools.size, slot: this.latest.slot };
    } catch (error) {
      this.failure = error;
      throw error;
    }
  }

  private async read(): Promise<VenueSnapshot> {
    const { context, value: accounts } = await this.connection.getProgramAccounts(new PublicKey(POOL_PROGRAM_ID), {
      withContext: true,
      filters: [{ dataSize: POOL_ACCOUNT_SIZE }, { memcmp: { offset: 0, bytes: bs58.encode(POOL_DISCRIMINATOR) } }],
    });
    const pools = accounts.map(({ pubkey, account }) => ({ address: pubkey.toBase58(), pool: decodePool(account.data) }));
    const vaults = await fetchAccounts(
      this.connection,
      pools.flatMap(({ pool }) => [pool.vaultA, pool.vaultB]),
    );
    const balances = vaults.map(({ info }) => (info && info.data.length >= ACCOUNT_SIZE ? tokenAccountFields.amount.get(info.data) : null));
    const snapshots: PoolSnapshot[] = [];
    pools.forEach(({ address, pool }, i) => {
      const [reserveA, reserveB] = [balances[2 * i], balances[2 * i + 1]];
      // A pool whose vault is gone cannot trade; leave it out rather than fail every quote.
      if (reserveA === undefined || reserveB === undefined || reserveA === null || reserveB === null) return;
      snapshots.push({ address, pool, reserveA, reserveB });
    });
    const lookupTables = await Promise.all(
      this.settings.lookupTables.map(async (address) => {
        const table = (await this.connection.getAddressLookupTable(new PublicKey(address))).value;
        if (!table) throw new Error(`the swap lookup table ${address} does not exist`);
        return table;
      }),
    );
    return {
      index: new RouteIndex(snapshots, this.settings.intermediateMints),
      pools: new Map(snapshots.map((snapshot) => [snapshot.address, snapshot])),
      lookupTables,
      slot: context.slot,
    };
  }
}
