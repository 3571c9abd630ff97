// The product launcher as `npm start` runs it: a child process on a fresh data directory and random ports, which
// seeds, serves the API for all six markets with the faucet and the price control, each market's lookup table and
// charts that fill at the snapshot interval it is given, stops on SIGTERM with exit code 0, and on a restart continues
// without seeding again.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { launchProduct } from "../../../scripts/product-process.js";

const dataDir = mkdtempSync(join(tmpdir(), "ballast-start-"));

// Snapshots every second (the sandbox's own default is 30 s) to see the launcher pass the setting to the server.
const launch = () => launchProduct({ dataDir, env: { SNAPSHOT_INTERVAL_MS: "1000" }, readyTimeoutMs: 90_000 });

async function poll<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("starts the whole product, serves all six markets and the faucet, stops on SIGTERM, and restarts without seeding", async () => {
  const first = await launch();
  try {
    expect(first.output()).toContain("ballast: first start, seeding the sandbox markets");
    expect(first.output()).toContain("ballast: sandbox: swap venue has 16 pools (16 created, 16 filled)");
    const saved = JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as { markets: { group: string; name: string }[] };
    const groups = saved.markets.map((m) => m.group);

    const config = (await (await fetch(`${first.url}/api/config`)).json()) as {
      cluster: string;
      faucet: boolean;
      markets: { group: string; name: string }[];
    };
    expect(config.cluster).toBe("local");
    expect(config.faucet).toBe(true);
    expect(config.markets.map((m) => [m.group, m.name])).toEqual(saved.markets.map((m) => [m.group, m.name]));

    const banks = await poll(
      "GET /api/banks/db",
      async () => (await (await fetch(`${first.url}/api/banks/db`)).json()) as { group_address: string; bank_address: string }[],
      (list) => list.length === 30,
    );
    expect(new Set(banks.map((b) => b.group_address))).toEqual(new Set(groups));

    // One lookup table per market, made at start and named to the web app by the server, holding the market's keys.
    const ledger = new Connection(`${first.url}/rpc`, "confirmed");
    for (const group of groups) {
      const { addresses } = (await (await fetch(`${first.url}/api/lookup-tables?group=${group}`)).json()) as { addresses: string[] };
      expect(addresses).toHaveLength(1);
      const table = (await ledger.getAddressLookupTable(new PublicKey(addresses[0]!))).value!;
      const keys = table.state.addresses.map((key) => key.toBase58());
      expect(keys[0]).toBe(group);
      for (const b of banks.filter((b) => b.group_address === group)) expect(keys).toContain(b.bank_address);
    }
    const bank = banks[0]!.bank_address;
    const history = await poll(
      "GET /api/banks/db/:bank/historic/30d",
      async () => (await (await fetch(`${first.url}/api/banks/db/${bank}/historic/30d`)).json()) as unknown[],
      (points) => points.length >= 3,
    );
    expect(history.length).toBeGreaterThanOrEqual(3);

    const wallet = Keypair.generate().publicKey.toBase58();
    const response = await fetch(`${first.url}/api/faucet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ wallet }),
    });
    expect(response.status).toBe(200);
    const grant = (await response.json()) as { success: boolean; lamports: string; tokens: { symbol: string; amount: string }[] };
    expect(grant.success).toBe(true);
    expect(grant.lamports).toBe("10000000000");
    expect(grant.tokens.find((t) => t.symbol === "USDC")?.amount).toBe("10000000000");

    // The launcher hands the server its price walk as the local chain's price control.
    const set = await fetch(`${first.url}/api/sandbox/prices`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ symbol: "SOL", usd: 150.25, holdSeconds: 60 }),
    });
    expect(set.status).toBe(200);
    const held = ((await set.json()) as { heldUntil: string }).heldUntil;
    const listed = (await (await fetch(`${first.url}/api/sandbox/prices`)).json()) as {
      prices: { symbol: string; usd: string; heldUntil: string }[];
    };
    expect(listed.prices.find((p) => p.symbol === "SOL")).toMatchObject({ usd: "150.25", heldUntil: held });

    // The liquidator runs beside them, watching every market from its own keypair file, its USDC backing deposited.
    const liquidatorLine = /ballast: liquidator (\w+), metrics at (http:\/\/[\d.:]+)\/metrics/;
    const output = await poll(
      "the liquidator's start",
      async () => first.output(),
      (text) => liquidatorLine.test(text) || text.includes("the liquidator could not start"),
      60_000,
    );
    const started = liquidatorLine.exec(output);
    expect(
      started,
      output
        .split("\n")
        .filter((l) => l.includes("liquidator"))
        .join("\n"),
    ).not.toBeNull();
    const liquidatorFile = JSON.parse(readFileSync(join(dataDir, "liquidator.json"), "utf8")) as number[];
    const liquidatorKey = Keypair.fromSecretKey(Uint8Array.from(liquidatorFile)).publicKey.toBase58();
    expect(started![1]).toBe(liquidatorKey);
    const metrics = await (await fetch(`${started![2]}/metrics`)).text();
    expect(Number(/^ballast_liquidator_accounts_watched (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(groups.length);
    const health = (await (await fetch(`${started![2]}/health`)).json()) as { wallet: string; groups: { group: string }[] };
    expect(health.wallet).toBe(liquidatorKey);
    expect(health.groups.map((g) => g.group)).toEqual(groups);
  } finally {
    expect(await first.stop("SIGTERM")).toBe(0);
  }
  expect(first.output()).toContain("ballast: SIGTERM, stopping");

  const savedBefore = readFileSync(join(dataDir, "sandbox.json"), "utf8");
  const venueBefore = readFileSync(join(dataDir, "venue.json"), "utf8");
  const second = await launch();
  try {
    expect(second.output()).not.toContain("first start");
    expect(second.output()).not.toContain('market "Ballast Main" ready');
    // The pools are found again and left alone; the venue's lookup table is the saved one.
    expect(second.output()).not.toContain("swap venue has");
    expect(second.output()).toContain(`lookup table ${(JSON.parse(venueBefore) as { lookupTables: string[] }).lookupTables[0]!}`);
    await poll(
      "GET /api/banks/db after the restart",
      async () => (await (await fetch(`${second.url}/api/banks/db`)).json()) as unknown[],
      (list) => list.length === 30,
    );
  } finally {
    expect(await second.stop("SIGINT")).toBe(0);
  }
  expect(readFileSync(join(dataDir, "sandbox.json"), "utf8")).toBe(savedBefore);
}, 180_000);
