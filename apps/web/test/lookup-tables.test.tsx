// The web app's actions load the market's keys from its address lookup tables: the action context carries the tables
// the server names (GET /api/lookup-tables) with their contents read from the ledger, and with it a borrow by an
// account holding 14 banks, which does not fit one transaction without a table, lands. Against a real API server on
// a real ledger in a child process (the account built by the SDK's many-bank setup, the table by its helpers).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, waitFor } from "@testing-library/react";
import { PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decodeMarginfiAccount } from "@ballast/protocol";
import { ProcessTransactionError, borrowAction, loadMarket, type ActionContext } from "@ballast/sdk";
import { HttpProvider } from "../src/api/context.js";
import { Http, fetchConfig, type AppConfig } from "../src/api/index.js";
import { useActionContext } from "../src/chain/action-context.js";
import { MarketProvider } from "../src/market/MarketProvider.js";
import { queryKeys } from "../src/queries/keys.js";
import { SettingsProvider } from "../src/settings/SettingsProvider.js";
import { LOCAL_WALLET_KEY } from "../src/wallet/local-wallet.js";
import { WalletProvider } from "../src/wallet/WalletProvider.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

// A path string: happy-dom's URL class is not Node's.
const ROOT = `${resolve(dirname(fileURLToPath(import.meta.url)), "../../..")}/`;

const SETUP = `
const { startManyBankAccount } = await import("${ROOT}packages/sdk/test/actions/many-banks.ts");
const { lendingMarketConfig, loadLendingMarket } = await import("${ROOT}packages/sdk/test/actions/support.ts");
const { createLookupTableTransactions, marketLookupTableKeys } = await import("${ROOT}packages/sdk/src/index.ts");
const setup = await startManyBankAccount();
const { market } = setup;
closers.push(() => market.close());
const keys = marketLookupTableKeys(await loadLendingMarket(market), lendingMarketConfig(market));
const table = createLookupTableTransactions({
  authority: market.admin.publicKey,
  payer: market.admin.publicKey,
  recentSlot: Number(market.ledger.slot()),
  addresses: keys,
});
for (const instructions of table.transactions) await market.send(instructions, [market.admin]);
// A table serves transactions from the slot after its last extension.
market.ledger.warpToTime(market.now());
const group = market.group.toBase58();
const server = await startTestServer(market, {
  config: { markets: [{ group, name: "Ballast Main", lookupTables: [table.address.toBase58()] }] },
});
closers.push(() => server.close());
ready({
  url: server.url,
  table: table.address.toBase58(),
  keys: keys.map((key) => key.toBase58()),
  owner: Array.from(setup.owner.secretKey),
  marginfiAccount: setup.marginfiAccount.toBase58(),
  usdc: setup.usdc.key.toBase58(),
});
`;

interface Started {
  readonly url: string;
  readonly table: string;
  readonly keys: string[];
  readonly owner: number[];
  readonly marginfiAccount: string;
  readonly usdc: string;
}

const BORROWED = 5_000_000n;

let server: ServerProcess<Started>;
let config: AppConfig;
let client: QueryClient;
let context: ActionContext | null = null;

beforeAll(async () => {
  server = await startServerProcess<Started>(SETUP);
  config = await fetchConfig(new Http(server.facts.url));
}, 180_000);
afterAll(() => server?.stop());
afterEach(cleanup);

function Probe() {
  context = useActionContext();
  return null;
}

/** The app's providers around the action context, with the many-bank account's wallet as the built-in wallet. */
function renderContext() {
  localStorage.setItem(LOCAL_WALLET_KEY, bs58.encode(Uint8Array.from(server.facts.owner)));
  localStorage.setItem("ballast:last-wallet", "local");
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http(server.facts.url)}>
        <SettingsProvider>
          <MarketProvider config={config} origin={server.facts.url}>
            <WalletProvider cluster="local">
              <Probe />
            </WalletProvider>
          </MarketProvider>
        </SettingsProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
}

async function borrow(ctx: ActionContext) {
  const group = config.markets[0]!.group;
  const market = await loadMarket(ctx.connection, { programId: config.programId, group });
  const marginfiAccount = new PublicKey(server.facts.marginfiAccount);
  const account = decodeMarginfiAccount((await ctx.connection.getAccountInfo(marginfiAccount))!.data);
  return borrowAction({ ...ctx, marginfiAccount, account, market, bank: server.facts.usdc, amount: BORROWED });
}

describe("the action context", () => {
  it("carries the market's lookup tables as the ledger holds them", async () => {
    renderContext();
    await waitFor(() => expect(context?.lookupTables).toHaveLength(1), { timeout: 20_000 });
    const [table] = context!.lookupTables!;
    expect(table!.key.toBase58()).toBe(server.facts.table);
    expect(table!.state.addresses.map((key) => key.toBase58())).toEqual(server.facts.keys);
    // The group, three programs, and five keys per bank (bank, mint, vault, vault authority, oracle) of 14 banks.
    expect(server.facts.keys).toHaveLength(4 + 5 * 14);
    expect(client.getQueryState(queryKeys.lookupTables(config.markets[0]!.group))?.status).toBe("success");
  });

  it("lets an account holding 14 banks borrow, which does not fit one transaction without the table", async () => {
    renderContext();
    await waitFor(() => expect(context?.lookupTables).toHaveLength(1), { timeout: 20_000 });
    const withTables = context!;
    const refused = (await borrow({ ...withTables, lookupTables: undefined }).catch((e: unknown) => e)) as Error;
    expect(refused).toBeInstanceOf(ProcessTransactionError);
    expect(refused.message).toBe("Single instruction too large to fit in a transaction");

    const result = await borrow(withTables);
    expect(result.signatures).toHaveLength(1);
    const landed = await withTables.connection.getTransaction(result.signatures[0]!, {
      commitment: "confirmed",
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.meta?.err).toBeNull();
    expect(landed?.transaction.message.addressTableLookups.map((l) => l.accountKey.toBase58())).toEqual([server.facts.table]);
  });
});
