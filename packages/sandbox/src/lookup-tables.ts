// One address lookup table per market, holding its banks' keys (marketLookupTableKeys): the simulated users and the
// web app (through the API server) load their actions' keys from it, so a health check over many banks fits one
// transaction. Made afresh at each start, once, so it follows the banks as they are.
import type { AddressLookupTableAccount, Connection, Keypair } from "@solana/web3.js";
import { createLookupTableTransactions, loadMarket, marketLookupTableKeys } from "@ballast/sdk";
import { sendTransaction } from "./send.js";
import type { SandboxState } from "./state.js";

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
  const extended = await connection.getSlot("processed");
  while ((await connection.getSlot("processed")) <= extended) await new Promise((resolve) => setTimeout(resolve, 50));
  const tables = new Map<string, AddressLookupTableAccount>();
  for (const [group, address] of made) {
    const table = (await connection.getAddressLookupTable(address, { commitment: "processed" })).value;
    if (table === null) throw new Error(`Lookup table ${address.toBase58()} of market ${group} not found`);
    tables.set(group, table);
  }
  return tables;
}
