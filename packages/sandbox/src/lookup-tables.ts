// One address lookup table per market, holding its banks' keys (marketLookupTableKeys): the simulated users and the
// web app (through the API server) load their actions' keys from it, so a health check over many banks fits one
// transaction. Made afresh at each start, once, so it follows the banks as they are.
// The swap venue's tables hold what a route through it names (swapLookupTableKeys). They are made on the first start
// and kept in the store, so the quote API hands clients the same addresses across restarts; a later start extends
// them with any key the venue gained.
import {
  AddressLookupTableProgram,
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  type AddressLookupTableAccount,
  type Connection,
  type Keypair,
} from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import {
  LOOKUP_TABLE_EXTEND_BATCH,
  MAX_LOOKUP_TABLE_ADDRESSES,
  createLookupTableTransactions,
  loadMarket,
  marketLookupTableKeys,
} from "@ballast/sdk";
import { POOL_PROGRAM_ID, ROUTER_PROGRAM_ID, eventAuthority } from "@ballast/swap";
import { derivedKeypair } from "./keys.js";
import { sendTransaction } from "./send.js";
import type { SandboxState } from "./state.js";
import type { SandboxStore } from "./store.js";
import type { VenuePool } from "./venue.js";

/** Tables serve transactions from the slot after their last extension: waits for it. */
async function nextSlot(connection: Connection): Promise<void> {
  const extended = await connection.getSlot("processed");
  while ((await connection.getSlot("processed")) <= extended) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Every market's table by group, returned once the ledger serves them (the slot after their last extension). */
export async function createMarketLookupTables(
  connection: Connection,
  admin: Keypair,
  state: SandboxState,
): Promise<Map<string, AddressLookupTableAccount>> {
  const slot = await connection.getSlot("confirmed");
  // The markets' tables are independent: they are made side by side, each from the admin and its own recent slot.
  const made = await Promise.all(
    state.markets.map(async (market, i) => {
      const config = { programId: state.programId, group: market.group };
      const table = createLookupTableTransactions({
        authority: admin.publicKey,
        payer: admin.publicKey,
        recentSlot: slot - i,
        addresses: marketLookupTableKeys(await loadMarket(connection, config), config),
      });
      for (const instructions of table.transactions) await sendTransaction(connection, admin, instructions);
      return [market.group, table.address] as const;
    }),
  );
  await nextSlot(connection);
  const tables = new Map<string, AddressLookupTableAccount>();
  for (const [group, address] of made) {
    const table = (await connection.getAddressLookupTable(address, { commitment: "processed" })).value;
    if (table === null) throw new Error(`Lookup table ${address.toBase58()} of market ${group} not found`);
    tables.set(group, table);
  }
  return tables;
}

/** The store key of the venue's lookup tables (`venue.json` in a directory store). */
export const VENUE_KEY = "venue";

interface VenueDocument {
  readonly lookupTables: readonly string[];
}

function isVenueDocument(value: unknown): value is VenueDocument {
  const v = value as Partial<VenueDocument> | null;
  return typeof v === "object" && v !== null && Array.isArray(v.lookupTables) && v.lookupTables.every((t) => typeof t === "string");
}

/**
 * The keys of routes through the venue, each once: the router and pool programs, the router's fixed accounts (token
 * program, event authority), what a swap's setup names (system, associated token and compute budget programs), then
 * every pool's own accounts: the pool, its authority, its vaults and its mints.
 */
export function swapLookupTableKeys(pools: readonly VenuePool[]): PublicKey[] {
  const keys = [
    new PublicKey(ROUTER_PROGRAM_ID),
    new PublicKey(POOL_PROGRAM_ID),
    TOKEN_PROGRAM_ID,
    eventAuthority(),
    SystemProgram.programId,
    ASSOCIATED_TOKEN_PROGRAM_ID,
    ComputeBudgetProgram.programId,
    ...pools.flatMap(({ addresses: a }) => [a.pool, a.authority, a.vaultA, a.vaultB, a.mintA, a.mintB]),
  ];
  const seen = new Set<string>();
  return keys.filter((key) => !seen.has(key.toBase58()) && seen.add(key.toBase58()));
}

/**
 * The addresses of the venue's lookup tables, as the quote API returns them in addressLookupTableAddresses; empty
 * until a start has made them (createSwapLookupTables).
 */
export function swapLookupTables(store: SandboxStore): string[] {
  const saved = store.read(VENUE_KEY);
  if (saved === null) return [];
  if (!isVenueDocument(saved)) throw new Error("the saved swap venue document is not a list of lookup tables");
  return [...saved.lookupTables];
}

/**
 * The venue's tables holding every key of swapLookupTableKeys: the saved ones (extended by any key they lack, new
 * tables taking what does not fit), or new ones on the first start; saved, and returned once the ledger serves them.
 */
export async function createSwapLookupTables(
  connection: Connection,
  admin: Keypair,
  store: SandboxStore,
  pools: readonly VenuePool[],
): Promise<AddressLookupTableAccount[]> {
  // A table's address derives from its authority and a recent slot: the venue's own authority keeps its tables apart
  // from the markets', which the admin makes from the very same recent slots.
  const owner = derivedKeypair(admin, "venue/lookup-tables");
  const authority = owner.publicKey;
  const payer = admin.publicKey;
  const saved = swapLookupTables(store).map((address) => new PublicKey(address));
  const held = await Promise.all(saved.map(async (address) => (await connection.getAddressLookupTable(address)).value));
  // Tables of another ledger (a wiped data directory keeps no store either, but a copied one might): start afresh.
  const tables = held.every((table) => table !== null) ? held.filter((table) => table !== null) : [];
  const have = new Set(tables.flatMap((table) => table.state.addresses.map((key) => key.toBase58())));
  let missing = swapLookupTableKeys(pools).filter((key) => !have.has(key.toBase58()));
  if (missing.length === 0) return tables;

  const addresses = tables.map((table) => table.key);
  const last = tables.at(-1);
  if (last) {
    const room = MAX_LOOKUP_TABLE_ADDRESSES - last.state.addresses.length;
    const extension = missing.slice(0, room);
    missing = missing.slice(room);
    for (let i = 0; i < extension.length; i += LOOKUP_TABLE_EXTEND_BATCH) {
      const batch = extension.slice(i, i + LOOKUP_TABLE_EXTEND_BATCH);
      await sendTransaction(
        connection,
        admin,
        [AddressLookupTableProgram.extendLookupTable({ lookupTable: last.key, authority, payer, addresses: batch })],
        [owner],
      );
    }
  }
  const slot = await connection.getSlot("confirmed");
  for (let i = 0; i < missing.length; i += MAX_LOOKUP_TABLE_ADDRESSES) {
    const table = createLookupTableTransactions({
      authority,
      payer,
      recentSlot: slot - addresses.length,
      addresses: missing.slice(i, i + MAX_LOOKUP_TABLE_ADDRESSES),
    });
    for (const instructions of table.transactions) await sendTransaction(connection, admin, instructions, [owner]);
    addresses.push(table.address);
  }
  store.write(VENUE_KEY, { lookupTables: addresses.map((address) => address.toBase58()) } satisfies VenueDocument);
  await nextSlot(connection);
  return Promise.all(
    addresses.map(async (address) => {
      const table = (await connection.getAddressLookupTable(address, { commitment: "processed" })).value;
      if (table === null) throw new Error(`Lookup table ${address.toBase58()} of the swap venue not found`);
      return table;
    }),
  );
}
