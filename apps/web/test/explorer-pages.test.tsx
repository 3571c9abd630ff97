// The explorer's pages against a scripted API, with replies of the shape the server's decoder gives for an SDK
// deposit (apps/server/test/explorer.test.ts checks those against the ledger): the transaction page names each
// instruction and its accounts, shows arguments, inner instructions, token changes with symbols and the logs; the
// account page shows the decoded layout and links its transactions; a 404 is said in words; and off the local chain
// every link goes to the configured external explorer.
import type { AppConfig, ExplorerAccount, ExplorerTransaction } from "@ballast/sdk";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { HttpProvider } from "../src/api/context.js";
import { Http } from "../src/api/index.js";
import { ROUTES } from "../src/app/routes.js";
import AddressPage from "../src/features/explorer/AddressPage.js";
import TransactionPage from "../src/features/explorer/TransactionPage.js";
import { queryKeys } from "../src/queries/keys.js";
import { ToastProvider } from "../src/ui/index.js";

const SIGNATURE = "3PuW4WKV5d3NtXiGhqwc7xzAgtoxdBa21YGsYVKvs5HRofHea7s7VCiSkw6XPKhH7Scek46KLJLg8ctJqneKka1n";
const WALLET = "2qkNcHnU1Y78ChT51QsKrVGPcZUeCeKv4Da8LTfM2cAa";
const ACCOUNT = "5J3pFeyeP5hcZJBdBqXbW2dKtA2ViBC3fpepMenziRyB";
const GROUP = "AgcWkG7Nqbgxda6PDCX38ykVsuRvX5gh5weMrui84Nq";
const BANK = "Fsw7Jr251TrvMd2MCwnGkSEHE99ssC8SffqaPLzqNwVK";
const SOURCE = "Fgx4F75wPihR5No6cZFmqKpkMXt5a4zFV9Vpo1kj21fx";
const VAULT = "9N1XvW4t36GvE6vyssH4kgnnjMeSwJZChYq7o7e61prZ";
const LENDING = "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA";
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const UNKNOWN = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

const w = (address: string, name: string, signer = false, writable = true) => ({ address, name, signer, writable });

const TX: ExplorerTransaction = {
  signature: SIGNATURE,
  slot: 38,
  blockTime: "2026-11-28T13:33:41.000Z",
  version: 0,
  success: true,
  error: null,
  fee: "20696",
  computeUnits: 67835,
  recentBlockhash: "3ehHz5NTZ4K1xLyf5bgsj2jA1c4YCwfrVC9WAKSrEvr8",
  accounts: [
    { address: WALLET, signer: true, writable: true, lamportsBefore: "10000000000", lamportsAfter: "8980947624" },
    { address: LENDING, signer: false, writable: false, lamportsBefore: "1", lamportsAfter: "1" },
  ],
  instructions: [
    {
      programId: "ComputeBudget111111111111111111111111111111",
      program: "Compute Budget",
      name: "SetComputeUnitLimit",
      accounts: [],
      args: { units: 117535 },
      data: null,
      decodeError: null,
      inner: [],
    },
    {
      programId: LENDING,
      program: "Lending program (marginfi v2)",
      name: "lending_account_deposit",
      accounts: [
        w(GROUP, "group", false, false),
        w(ACCOUNT, "marginfiAccount", true),
        w(WALLET, "authority", true),
        w(BANK, "bank"),
        w(SOURCE, "signerTokenAccount"),
        w(VAULT, "liquidityVault"),
        w(TOKEN, "tokenProgram", false, false),
      ],
      args: { amount: "1000000000", depositUpToLimit: null },
      data: null,
      decodeError: null,
      inner: [
        {
          programId: TOKEN,
          program: "Token Program",
          name: "Transfer",
          accounts: [w(SOURCE, "source"), w(VAULT, "destination"), w(WALLET, "owner", true)],
          args: { amount: "1000000000" },
          data: null,
          decodeError: null,
          stackHeight: 2,
        },
      ],
    },
    { programId: UNKNOWN, program: null, name: null, accounts: [], args: null, data: "0102ff", decodeError: null, inner: [] },
  ],
  tokenBalanceChanges: [
    {
      account: VAULT,
      owner: "8uXTKPwHKqonesy5unyuU2FB4ztGdSYcXH6R5mEBZkN8",
      mint: "So11111111111111111111111111111111111111112",
      symbol: "SOL",
      decimals: 9,
      before: "100928.07424594",
      after: "100929.07424594",
      change: "1",
    },
  ],
  logs: [`Program ${LENDING} invoke [1]`, "Program log: Instruction: LendingAccountDeposit", `Program ${LENDING} success`],
};

const ACCOUNT_VIEW: ExplorerAccount = {
  address: ACCOUNT,
  exists: true,
  owner: LENDING,
  ownerProgram: "Lending program (marginfi v2)",
  lamports: "16982400",
  sol: "0.0169824",
  executable: false,
  dataSize: 2312,
  program: null,
  decoded: { layout: "MarginfiAccount", fields: { group: GROUP, authority: WALLET, accountFlags: "0" } },
  rawData: null,
  recentTransactions: [{ signature: SIGNATURE, slot: 38, blockTime: "2026-11-28T13:33:41.000Z", success: true }],
};

function scriptApi(status: number, body: unknown): string[] {
  const urls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return urls;
}

function renderAt(path: string, explorer: AppConfig["explorer"] = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.config(), { explorer } as AppConfig);
  render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("http://server.test")}>
        <ToastProvider>
          <Router hook={memoryLocation({ path }).hook}>
            <Route path={ROUTES.transaction} component={TransactionPage} />
            <Route path={ROUTES.address} component={AddressPage} />
          </Router>
        </ToastProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the transaction page", () => {
  it("names every instruction with its accounts and arguments, its inner instructions, token changes and logs", async () => {
    const urls = scriptApi(200, TX);
    renderAt(`/tx/${SIGNATURE}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Transaction" })).toBeTruthy();
    expect(urls).toEqual([`http://server.test/api/explorer/tx/${SIGNATURE}`]);
    const instructions = screen.getByRole("region", { name: "Instructions" });
    expect(
      within(instructions)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      "1. Compute Budget: SetComputeUnitLimit",
      "2. Lending program (marginfi v2): lending_account_deposit",
      "3. Unknown program: unknown instruction",
    ]);
    expect(screen.getByText("Success")).toBeTruthy();
    expect(screen.getByText("0.000020696 SOL")).toBeTruthy();
    expect(screen.getByText("67,835")).toBeTruthy();
    const accountLink = screen.getAllByRole("link", { name: `View address ${ACCOUNT}` })[0]!;
    expect(accountLink.getAttribute("href")).toBe(`/address/${ACCOUNT}`);
    expect(accountLink.closest("dd")!.previousElementSibling!.textContent).toBe("marginfiAccount");
    expect(screen.getByText("depositUpToLimit").nextElementSibling!.textContent).toBe("none");
    const inner = screen.getByRole("region", { name: "Inner instructions of 2" });
    expect(within(inner).getByRole("heading", { level: 5 }).textContent).toBe("2.1 Token Program: Transfer");
    expect(screen.getByText("0102ff")).toBeTruthy();
    const changes = screen.getByRole("table", { name: "Token balance changes" });
    const row = within(changes).getAllByRole("row")[1]!;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["9N1X…1prZ", "8uXT…ZkN8", "SOL", "100928.07424594", "100929.07424594", "+1"]);
    const keys = within(screen.getByRole("table", { name: "Accounts" }))
      .getAllByRole("row")
      .slice(1);
    expect(
      keys.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["2qkN…2cAa", "writable, signer", "-1.019052376"],
      ["MFv2…VacA", "—", "0"],
    ]);
    expect(screen.getByLabelText("Logs").textContent).toBe(TX.logs.join("\n"));
  });

  it("says a failed transaction's error, and a signature the chain does not hold", async () => {
    scriptApi(200, { ...TX, success: false, error: { instruction: 1, message: "Insufficient funds", raw: null } });
    renderAt(`/tx/${SIGNATURE}`);
    expect(await screen.findByText("Failed")).toBeTruthy();
    expect(screen.getByText("Insufficient funds")).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    scriptApi(404, { success: false, error: `No transaction ${SIGNATURE} on the chain` });
    renderAt(`/tx/${SIGNATURE}`);
    expect(await screen.findByText("Could not load this transaction")).toBeTruthy();
    expect(screen.getByText(`No transaction ${SIGNATURE} on the chain`)).toBeTruthy();
  });

  it("off the local chain links signatures and addresses to the external explorer", async () => {
    scriptApi(200, TX);
    renderAt(`/tx/${SIGNATURE}`, {
      transactionUrl: "https://explorer.solana.com/tx/{signature}?cluster=devnet",
      addressUrl: "https://explorer.solana.com/address/{address}?cluster=devnet",
    });
    const link = (await screen.findAllByRole("link", { name: `View address ${ACCOUNT}` }))[0]!;
    expect(link.getAttribute("href")).toBe(`https://explorer.solana.com/address/${ACCOUNT}?cluster=devnet`);
    expect(link.getAttribute("target")).toBe("_blank");
  });
});

describe("the address page", () => {
  it("shows the owner, balance, the data decoded by its layout and links its transactions", async () => {
    const urls = scriptApi(200, ACCOUNT_VIEW);
    renderAt(`/address/${ACCOUNT}`);
    expect(await screen.findByRole("heading", { level: 1, name: "MarginfiAccount" })).toBeTruthy();
    expect(urls).toEqual([`http://server.test/api/explorer/address/${ACCOUNT}`]);
    expect(screen.getByText("0.0169824 SOL")).toBeTruthy();
    expect(screen.getByText("2,312 bytes")).toBeTruthy();
    expect(screen.getByText("Lending program (marginfi v2)")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Data: MarginfiAccount" })).toBeTruthy();
    expect(screen.getByText("authority").nextElementSibling!.textContent).toBe("2qkN…2cAa");
    const tx = within(screen.getByRole("table", { name: "Recent transactions" })).getByRole("link", {
      name: `View transaction ${SIGNATURE}`,
    });
    expect(tx.getAttribute("href")).toBe(`/tx/${SIGNATURE}`);
  });
});
