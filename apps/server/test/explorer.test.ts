// The explorer on the seeded sandbox: every instruction of every transaction the seeding and the SDK sent is decoded
// by name through the programs' own declarations (none left as bytes), and GET /api/explorer/tx/:signature and
// /api/explorer/address/:address answer a deposit the SDK built, and the accounts it touched, with exact values;
// bad input is a 400 naming the field, an unknown signature or address a 404, a ledger that cannot be reached a 503,
// a client past its limit a 429.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { KLEND_PROGRAM_ID } from "@ballast/market";
import { explorerPrograms, explorerTransaction, type ExplorerAccount, type ExplorerTransaction } from "@ballast/sdk";
import { DEFAULT_CONFIG } from "../src/config.js";
import { startServer } from "../src/server.js";
import { startSandboxProduct, type SandboxProduct } from "./support/sandbox.js";
import { NO_SCHEDULED_JOBS, api, freshDatabase } from "./support/server.js";

const SOL = 1_000_000_000n;
const WRAPPED_SOL = "So11111111111111111111111111111111111111112";

let product: SandboxProduct;
let deposit: { wallet: Keypair; account: PublicKey; signature: string };

beforeAll(async () => {
  product = await startSandboxProduct();
  const { wallet, account } = await product.depositor(product.bank("SOL"), SOL);
  const [latest] = await product.connection.getSignaturesForAddress(account, { limit: 1 });
  deposit = { wallet, account, signature: latest!.signature };
}, 240_000);

afterAll(async () => {
  await product?.close();
});

describe("decoding the chain's transactions", () => {
  it("names every instruction of every program the seeded chain ran, inner ones included", async () => {
    const programs = explorerPrograms(MARGINFI_PROGRAM_ID);
    const symbols = new Map(product.state.tokens.map((t) => [t.mint, t.symbol]));
    const signatures = new Set<string>();
    for (const programId of programs.keys()) {
      for (const s of await product.connection.getSignaturesForAddress(new PublicKey(programId), { limit: 1000 }))
        signatures.add(s.signature);
    }
    const undecoded: string[] = [];
    const seen = new Set<string>();
    for (const signature of signatures) {
      const landed = await product.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
      const tx = explorerTransaction(signature, landed!, { programs, lendingProgramId: MARGINFI_PROGRAM_ID, symbols });
      for (const ix of tx.instructions.flatMap((top) => [top, ...top.inner])) {
        if (ix.name === null || ix.data !== null) undecoded.push(`${signature}: ${ix.program ?? ix.programId} ${ix.decodeError ?? ""}`);
        else seen.add(ix.program!);
      }
    }
    expect(undecoded).toEqual([]);
    expect([...seen].sort()).toEqual([
      "Address Lookup Table",
      "Associated Token Account",
      "Ballast Pools",
      "Compute Budget",
      "Kamino Farms",
      "Kamino Lending (market)",
      "Lending program (marginfi v2)",
      "Pyth Receiver",
      "Switchboard On-Demand",
      "System Program",
      "Token Program",
    ]);
  });
});

describe("GET /api/explorer/tx/:signature", () => {
  it("answers the SDK's first deposit decoded: instructions, accounts, arguments, inner instructions and token changes", async () => {
    const { status, body } = await api<ExplorerTransaction>(product.server, "GET", `/api/explorer/tx/${deposit.signature}`);
    expect(status).toBe(200);
    const landed = await product.connection.getTransaction(deposit.signature, {
      maxSupportedTransactionVersion: 0,
      commitment: "confirmed",
    });
    expect(body).toMatchObject({
      signature: deposit.signature,
      slot: landed!.slot,
      blockTime: new Date(landed!.blockTime! * 1000).toISOString(),
      version: 0,
      success: true,
      error: null,
      fee: String(landed!.meta!.fee),
      computeUnits: landed!.meta!.computeUnitsConsumed,
      logs: landed!.meta!.logMessages,
    });
    expect(body.instructions.map((ix) => `${ix.program}: ${ix.name}`)).toEqual([
      "Compute Budget: SetComputeUnitLimit",
      "Compute Budget: SetComputeUnitPrice",
      "Lending program (marginfi v2): marginfi_account_initialize",
      "Associated Token Account: CreateIdempotent",
      "System Program: Transfer",
      "Token Program: SyncNative",
      "Lending program (marginfi v2): lending_account_deposit",
    ]);
    expect(body.instructions[3]!.inner.map((ix) => `${ix.program}: ${ix.name} @${ix.stackHeight}`)).toEqual([
      "Token Program: GetAccountDataSize @2",
      "System Program: Create @2",
      "Token Program: InitializeImmutableOwner @2",
      "Token Program: InitializeAccount3 @2",
    ]);
    const depositIx = body.instructions[6]!;
    const wallet = deposit.wallet.publicKey.toBase58();
    const bank = product.bank("SOL");
    expect(depositIx.accounts.map((a) => [a.name, a.address])).toEqual([
      ["group", product.main.group],
      ["marginfiAccount", deposit.account.toBase58()],
      ["authority", wallet],
      ["bank", bank],
      ["signerTokenAccount", depositIx.accounts[4]!.address],
      ["liquidityVault", depositIx.accounts[5]!.address],
      ["tokenProgram", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"],
    ]);
    expect(depositIx.args).toEqual({ amount: "1000000000", depositUpToLimit: null });
    expect(depositIx.inner).toEqual([
      {
        programId: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
        program: "Token Program",
        name: "Transfer",
        accounts: [
          { name: "source", address: depositIx.accounts[4]!.address, signer: false, writable: true },
          { name: "destination", address: depositIx.accounts[5]!.address, signer: false, writable: true },
          { name: "owner", address: wallet, signer: true, writable: true },
        ],
        args: { amount: "1000000000" },
        data: null,
        decodeError: null,
        stackHeight: 2,
      },
    ]);
    const vault = body.tokenBalanceChanges.find((c) => c.account === depositIx.accounts[5]!.address)!;
    expect(vault).toMatchObject({ mint: WRAPPED_SOL, symbol: "SOL", decimals: 9, change: "1" });
    const walletTokens = body.tokenBalanceChanges.find((c) => c.account === depositIx.accounts[4]!.address)!;
    expect(walletTokens).toMatchObject({ owner: wallet, mint: WRAPPED_SOL, symbol: "SOL", before: "0" });
  });

  it("refuses what is not a signature (400) and answers 404 for one the chain does not hold", async () => {
    const bad = await api(product.server, "GET", "/api/explorer/tx/not-a-signature");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Invalid params.signature: must be a base58 transaction signature (64 bytes)");
    const unknown = bs58.encode(Buffer.alloc(64, 7));
    const missing = await api(product.server, "GET", `/api/explorer/tx/${unknown}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(`No transaction ${unknown} on the chain`);
  });
});

describe("GET /api/explorer/address/:address", () => {
  it("decodes the margin account by its layout and lists its transactions", async () => {
    const { status, body } = await api<ExplorerAccount>(product.server, "GET", `/api/explorer/address/${deposit.account.toBase58()}`);
    expect(status).toBe(200);
    const info = await product.connection.getAccountInfo(deposit.account, "confirmed");
    expect(body).toMatchObject({
      address: deposit.account.toBase58(),
      exists: true,
      owner: MARGINFI_PROGRAM_ID,
      ownerProgram: "Lending program (marginfi v2)",
      lamports: String(info!.lamports),
      sol: "0.0169824",
      executable: false,
      dataSize: 2312,
      program: null,
      rawData: null,
    });
    expect(body.decoded!.layout).toBe("MarginfiAccount");
    expect(body.decoded!.fields).toMatchObject({ group: product.main.group, authority: deposit.wallet.publicKey.toBase58() });
    expect(body.recentTransactions.map((t) => [t.signature, t.success])).toEqual([[deposit.signature, true]]);
  });

  it("decodes a bank, a token account, a mint, a Pyth feed, a market reserve, and names a program", async () => {
    const read = async (address: string) => (await api<ExplorerAccount>(product.server, "GET", `/api/explorer/address/${address}`)).body;
    const solBank = product.state.banks.find((b) => b.address === product.bank("SOL"))!;
    const bank = await read(solBank.address);
    expect(bank.decoded!.layout).toBe("Bank");
    expect(bank.decoded!.fields).toMatchObject({ mint: WRAPPED_SOL, group: product.main.group, mintDecimals: 9 });
    const usdc = product.state.tokens.find((t) => t.symbol === "USDC")!;
    const mint = await read(usdc.mint);
    expect(mint).toMatchObject({
      ownerProgram: "Token Program",
      decoded: { layout: "Mint", fields: { decimals: 6, isInitialized: true } },
    });
    const tx = (await api<ExplorerTransaction>(product.server, "GET", `/api/explorer/tx/${deposit.signature}`)).body;
    const vault = await read(tx.instructions[6]!.accounts[5]!.address);
    expect(vault.decoded).toMatchObject({ layout: "TokenAccount", fields: { mint: WRAPPED_SOL } });
    const pythFeed = product.state.oracles.find((o) => o.kind === "pyth")!;
    expect((await read(pythFeed.address)).decoded!.layout).toBe("PriceUpdateV2");
    const reserves = await product.connection.getProgramAccounts(new PublicKey(KLEND_PROGRAM_ID), { dataSlice: { offset: 0, length: 0 } });
    const layouts = new Set<string>();
    for (const { pubkey } of reserves) layouts.add((await read(pubkey.toBase58())).decoded!.layout);
    expect([...layouts].sort()).toEqual(["LendingMarket", "Obligation", "Reserve", "UserMetadata"]);
    const program = await read(MARGINFI_PROGRAM_ID);
    expect(program).toMatchObject({ program: "Lending program (marginfi v2)", executable: true });
  });

  it("refuses what is not an address (400) and answers 404 for an address with no account or transaction", async () => {
    const bad = await api(product.server, "GET", "/api/explorer/address/0OIl");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Invalid params.address: must be a base58 address");
    const nobody = Keypair.generate().publicKey.toBase58();
    const missing = await api(product.server, "GET", `/api/explorer/address/${nobody}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(`No account or transaction at ${nobody}`);
  });
});

describe("explorer links, a ledger that is down, the rate limit", () => {
  it("names the external explorer off the local chain, answers 503 when the chain cannot be reached, 429 past the limit", async () => {
    const config = await api(product.server, "GET", "/api/config");
    expect(config.body.explorer).toEqual({
      transactionUrl: "https://explorer.solana.com/tx/{signature}",
      addressUrl: "https://explorer.solana.com/address/{address}",
    });
    const offline = await startServer({
      ...DEFAULT_CONFIG,
      ...(await freshDatabase("sqlite")),
      port: 0,
      rpcUrl: "http://127.0.0.1:9",
      group: product.main.group,
      markets: [{ group: product.main.group, name: "Ballast Main" }],
      ...NO_SCHEDULED_JOBS,
      explorerRateLimit: { limit: 2, windowSeconds: 60 },
      logLevel: "silent",
    });
    try {
      const down = await api(offline, "GET", `/api/explorer/tx/${deposit.signature}`);
      expect(down.status).toBe(503);
      expect(down.body.error).toMatch(/^The chain could not be reached: /);
      const account = await api(offline, "GET", `/api/explorer/address/${deposit.account.toBase58()}`);
      expect(account.status).toBe(503);
      // Past the client's limit: refused before the chain is asked.
      const limited = await api(offline, "GET", `/api/explorer/tx/${deposit.signature}`);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe(`Too many explorer requests from this address; try again in ${limited.headers.get("retry-after")} s`);
    } finally {
      await offline.close();
    }
  });
});
