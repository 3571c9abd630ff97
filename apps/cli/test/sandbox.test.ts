// `ballast sandbox price | faucet` on the local product (ledger, seeded sandbox, price walk, API server): a price set
// through the CLI lands on the token's feed and holds; the faucet funds a wallet; a server without the price control
// or the faucet, or an --url that is not the server's ledger, is refused with exit 2 before anything is asked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, PublicKey } from "@solana/web3.js";
import { startLocalnet, type Localnet } from "@ballast/ledger";
import { i80f48 as fx } from "@ballast/protocol";
import { isOracleFailure } from "@ballast/sdk";
import { startServer, type RunningServer } from "../../server/src/server.js";
import { startSandboxProduct, type SandboxProduct } from "../../server/test/support/sandbox.js";
import { freshDatabase } from "../../server/test/support/server.js";
import { serverUrlFor } from "../src/commands/sandbox.js";
import { cli, json, tempHome } from "./support.js";

let product: SandboxProduct;
let local: RunningServer;
let remote: RunningServer;
let other: Localnet;
let home: string;

beforeAll(async () => {
  product = await startSandboxProduct();
  const config = product.server.context.config;
  // As `npm start` runs it: the faucet and the price control together.
  local = await startServer(
    { ...config, ...(await freshDatabase("sqlite")), port: 0 },
    { faucet: product.faucet, priceControl: product.prices },
  );
  remote = await startServer({ ...config, ...(await freshDatabase("sqlite")), port: 0 });
  other = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 400, programs: [] });
  home = tempHome();
}, 300_000);

afterAll(async () => {
  await other?.close();
  await remote?.close();
  await local?.close();
  await product?.close();
});

const onLocal = () => ["--url", product.net.rpc.url, "--output", "json", "sandbox"];

describe("sandbox price", () => {
  it("sets SOL's oracle price through the local server and holds it", async () => {
    const run = await cli(home, [...onLocal(), "price", "SOL", "91.25", "--hold", "120", "--server", local.url]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const set = json<{ symbol: string; usd: string; heldUntil: string; feeds: { symbol: string; feed: string; usd: string }[] }>(run);
    expect(set).toMatchObject({ symbol: "SOL", usd: "91.25" });
    const held = Date.parse(set.heldUntil) - Date.now();
    expect(held).toBeGreaterThan(100_000);
    expect(held).toBeLessThanOrEqual(120_000);
    const solFeed = product.state.oracles.find((o) => o.symbol === "SOL")!.address;
    expect(set.feeds).toContainEqual(expect.objectContaining({ symbol: "SOL", feed: solFeed, usd: "91.25" }));
    // The risk engine's price of the SOL bank is the set price.
    const price = (await product.market()).banks.get(product.bank("SOL"))!.price.realTime;
    expect(isOracleFailure(price) ? null : fx.toDecimal(price.price)).toBe("91.25");
  });

  it("refuses bad input (exit 2) and passes the server's refusal of an unknown token on as bad input", async () => {
    expect(await cli(home, [...onLocal(), "price", "SOL", "cheap", "--server", local.url])).toMatchObject({
      code: 2,
      stderr: 'ballast: USD: expected a decimal number, got "cheap"\n',
    });
    expect(await cli(home, [...onLocal(), "price", "SOL", "-3", "--server", local.url])).toMatchObject({
      code: 2,
      stderr: 'ballast: USD: expected a price above 0, got "-3"\n',
    });
    expect(await cli(home, [...onLocal(), "price", "SOL", "0", "--server", local.url])).toMatchObject({
      code: 2,
      stderr: 'ballast: USD: expected a price above 0, got "0"\n',
    });
    const hold = await cli(home, [...onLocal(), "price", "SOL", "90", "--hold", "4000", "--server", local.url]);
    expect(hold.code).toBe(2);
    expect(hold.stderr).toContain('--hold: expected an integer from 1 to 3600, got "4000"');
    const unknown = await cli(home, [...onLocal(), "price", "NOPE", "1", "--server", local.url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^ballast: sandbox price: .*NOPE.*\n$/);
  });
});

describe("sandbox faucet", () => {
  it("funds a wallet with SOL and every test token", async () => {
    const wallet = Keypair.generate().publicKey;
    const run = await cli(home, [...onLocal(), "faucet", wallet.toBase58(), "--server", local.url]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const grant = json<{ wallet: string; signature: string; lamports: string; tokens: { symbol: string; mint: string; amount: string }[] }>(
      run,
    );
    expect(grant.wallet).toBe(wallet.toBase58());
    expect(BigInt(await product.connection.getBalance(wallet, "confirmed"))).toBe(BigInt(grant.lamports));
    expect(grant.tokens.length).toBeGreaterThan(0);
    const usdc = grant.tokens.find((t) => t.symbol === "USDC")!;
    const accounts = await product.connection.getParsedTokenAccountsByOwner(wallet, { mint: new PublicKey(usdc.mint) }, "confirmed");
    expect(
      accounts.value.map((a) => (a.account.data.parsed as { info: { tokenAmount: { amount: string } } }).info.tokenAmount.amount),
    ).toEqual([usdc.amount]);
  });

  it("refuses a malformed wallet with exit 2", async () => {
    expect(await cli(home, [...onLocal(), "faucet", "wallet?", "--server", local.url])).toMatchObject({
      code: 2,
      stderr: 'ballast: WALLET: expected a base58 public key, got "wallet?"\n',
    });
  });
});

describe("local chain only", () => {
  it("a server without the price control or the faucet is refused with exit 2", async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    expect(await cli(home, [...onLocal(), "price", "SOL", "90", "--server", remote.url])).toMatchObject({
      code: 2,
      stdout: "",
      stderr: `ballast: sandbox: ${remote.url} has no price control: it exists on the local chain only\n`,
    });
    expect(await cli(home, [...onLocal(), "faucet", wallet, "--server", remote.url])).toMatchObject({
      code: 2,
      stderr: `ballast: sandbox: ${remote.url} has no faucet: it exists on the local chain only\n`,
    });
  });

  it("an --url that is not the server's ledger is refused with exit 2", async () => {
    const run = await cli(home, [
      "--url",
      other.rpc.url,
      "sandbox",
      "faucet",
      Keypair.generate().publicKey.toBase58(),
      "--server",
      local.url,
    ]);
    expect(run).toMatchObject({
      code: 2,
      stderr: `ballast: sandbox: --url ${other.rpc.url} is not the local ledger served by ${local.url}\n`,
    });
  });

  it("no server at all is refused with exit 2", async () => {
    // Port 1 on the loopback: nothing listens there.
    const run = await cli(home, ["--url", other.rpc.url, "sandbox", "price", "SOL", "90", "--server", "http://127.0.0.1:1"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^ballast: sandbox: no Ballast server answers at http:\/\/127\.0\.0\.1:1 \(.*\); the sandbox commands need the local product \(npm start\), or --server\n$/,
    );
  });

  it("finds the server beside the ledger: the origin of an --url on /rpc, else port 3000 of the --url host", () => {
    expect(serverUrlFor("http://127.0.0.1:3000/rpc", undefined)).toBe("http://127.0.0.1:3000");
    expect(serverUrlFor("http://localhost:8899", undefined)).toBe("http://localhost:3000");
    expect(serverUrlFor("http://localhost:8899", "http://10.0.0.2:4000/")).toBe("http://10.0.0.2:4000");
  });

  it("help says what each command changes", async () => {
    const price = await cli(home, ["sandbox", "price", "--help"]);
    expect(price.stdout.replace(/\s+/g, " ")).toContain("Changes on chain: the token's Pyth or Switchboard feed");
    const faucet = await cli(home, ["sandbox", "faucet", "--help"]);
    expect(faucet.stdout.replace(/\s+/g, " ")).toContain("Changes on chain: sends the wallet test SOL and every test token");
  });
});
