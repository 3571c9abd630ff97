// How an action's broadcast settings reach the chain: a bundle whose first method (the app server's send-bundle
// route) refuses and whose next (the block engine's API) lands it, with the tip the server quotes for the tier; a
// bundle every method refuses; and an RPC send at a priority tier held under the user's manual cap.
import { NATIVE_MINT } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositAction } from "../../src/actions/index.js";
import { associatedTokenAddress } from "../../src/instructions/tokens.js";
import { marginfiAccountAddress } from "../../src/instructions/pda.js";
import { ProcessTransactionError, TIP_ACCOUNTS, keypairWallet } from "../../src/transactions/index.js";
import { PROGRAM } from "../../../protocol/test/support/market.js";
import { startFakeServer, type FakeServer } from "../transactions/support/http.js";
import {
  SOL,
  TOKEN_ACCOUNT_SIZE,
  accountRent,
  act,
  context,
  exists,
  failure,
  fundedWallet,
  lamports,
  landed,
  loadLendingMarket,
  rent,
  startActionMarket,
  tokens,
  type ActionMarket,
} from "./support.js";

const SERVER_TIPS = { NORMAL: 40_000, HIGH: 60_000, ULTRA: 90_000 };

let m: ActionMarket;
/** An app server that quotes bundle tips but whose send-bundle route is down. */
let server: FakeServer;
beforeAll(async () => {
  m = await startActionMarket();
  server = await startFakeServer((path) => {
    if (path === "/api/priority-fees/bundle") return { body: { success: true, timestamp: 1, source: "block-engine", fees: SERVER_TIPS } };
    return { status: 503, body: "unavailable" };
  });
});
afterAll(async () => {
  await server.close();
  await m.market.close();
});

describe("bundle fallback", () => {
  it("lands through the block engine after the app server refuses the bundle, tipping the server's HIGH quote", async () => {
    const owner = await fundedWallet(m.market);
    const tipAccount = TIP_ACCOUNTS[5]!;
    const before = { owner: await lamports(m.market, owner.publicKey), tip: await lamports(m.market, tipAccount) };
    const result = await act(m.market, async () =>
      depositAction({
        ...context(m.market, keypairWallet(owner), {
          broadcast: { method: "BUNDLE", priorityTier: "HIGH" },
          serverUrl: server.url,
          blockEngineUrl: m.blockEngineUrl,
          tipAccounts: [tipAccount],
        }),
        bank: m.sol.key.toBase58(),
        market: await loadLendingMarket(m.market),
        amount: SOL,
      }),
    );

    expect(result.method).toBe("API_BUNDLE");
    expect(result.failedAttempts.map((a) => [a.method, (a.error as Error).message])).toEqual([
      ["GRPC_BUNDLE", "GRPC bundle failed: HTTP error! status: 503"],
    ]);
    // A bundle needs only the tip: the RPC price tiers were never asked for.
    expect(server.requests.map((r) => r.path)).toEqual(["/api/priority-fees/bundle", "/api/transaction/send-bundle"]);
    const { fee } = await landed(m.market, result.signatures);
    expect(await lamports(m.market, tipAccount)).toBe(before.tip + 60_000n);
    expect(await tokens(m.market, associatedTokenAddress(NATIVE_MINT, owner.publicKey))).toBe(10_000n);
    expect(await lamports(m.market, owner.publicKey)).toBe(
      before.owner - fee - 60_000n - (await accountRent(m.market)) - (await rent(m.market, TOKEN_ACCOUNT_SIZE)) - SOL - 10_000n,
    );
  });

  it("fails with the block engine's refusal when every bundle method refuses, and nothing lands", async () => {
    const owner = await fundedWallet(m.market);
    const before = await lamports(m.market, owner.publicKey);
    const error = await act(m.market, async () =>
      failure(
        depositAction({
          ...context(m.market, keypairWallet(owner), { broadcast: { method: "BUNDLE" }, blockEngineUrl: server.url }),
          bank: m.sol.key.toBase58(),
          market: await loadLendingMarket(m.market),
          amount: SOL,
          newAccount: { accountIndex: 0 },
        }),
      ),
    );
    expect(error).toBeInstanceOf(ProcessTransactionError);
    expect(error.message).toBe("API bundle failed: HTTP error 503: unavailable");
    expect(error.type).toBe("TransactionSendingError");
    expect(await lamports(m.market, owner.publicKey)).toBe(before);
    expect(await exists(m.market, marginfiAccountAddress(m.market.group, owner.publicKey, 0, 0, PROGRAM))).toBe(false);
  });
});

describe("RPC priority fee", () => {
  it("prices the ULTRA tier down to the user's manual cap for the transaction's compute-unit limit", async () => {
    const owner = await fundedWallet(m.market);
    const capLamports = 5_000;
    const result = await act(m.market, async () =>
      depositAction({
        ...context(m.market, keypairWallet(owner), { broadcast: { method: "RPC", priorityTier: "ULTRA", maxCapSol: capLamports / 1e9 } }),
        bank: m.sol.key.toBase58(),
        market: await loadLendingMarket(m.market),
        amount: SOL,
      }),
    );
    expect(result.method).toBe("RPC_BUNDLE");
    const { fee, budgets, signatureCount } = await landed(m.market, result.signatures);
    const { limit, price } = budgets[0]!;
    // ULTRA (2 × the 130,000 median) would cost more than the cap at any limit this transaction could have.
    expect(260_000 * limit).toBeGreaterThan(capLamports * 1e6);
    expect(price).toBe(BigInt(Math.floor((capLamports * 1e6) / limit)));
    expect(fee - 5_000n * BigInt(signatureCount)).toBeLessThanOrEqual(BigInt(capLamports));
  });
});
