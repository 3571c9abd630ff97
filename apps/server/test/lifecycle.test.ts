// The server as an operator runs it: `src/main.ts` configured from the environment, one JSON log line per event,
// and a SIGTERM that lets a request in flight finish before the process exits 0.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROGRAM, TestMarket } from "../../../packages/protocol/test/support/market.js";
import { configFromEnvironment } from "../src/config.js";
import { startMain } from "./support/main-process.js";

let market: TestMarket;
beforeAll(async () => {
  market = await TestMarket.start();
});
afterAll(async () => {
  await market.close();
});

describe("main.ts", () => {
  it("logs in JSON, serves, and on SIGTERM finishes the request in flight and exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ballast-main-"));
    const main = startMain({
      GROUP: market.group.toBase58(),
      RPC_URL: market.net.rpc.url,
      MARGINFI_PROGRAM_ID: PROGRAM.toBase58(),
      PORT: "0",
      SQLITE_PATH: join(dir, "db.sqlite"),
      INDEXER_INTERVAL_MS: "0",
      SNAPSHOT_INTERVAL_MS: "0",
      POINTS_INTERVAL_MS: "0",
      LOG_LEVEL: "info",
    });
    const listening = await main.next("server listening");
    expect(listening).toMatchObject({ level: 30, service: "ballast-server", database: "sqlite", group: market.group.toBase58() });
    const url = `http://127.0.0.1:${listening.port as number}`;

    // A request whose headers have arrived but whose body has not is in flight: shutdown must wait for it.
    const socket = connect(listening.port as number, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const body = JSON.stringify({ wallet: "x" });
    socket.write(
      `POST /api/not-a-route HTTP/1.1\r\nHost: ${new URL(url).host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    const reply = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise<number | null>((resolve) => main.child.once("exit", (code) => resolve(code)));
    main.child.kill("SIGTERM");
    await main.next("shutting down");
    socket.write(body.slice(5));
    const response = await reply;
    expect(response.split("\r\n")[0]).toBe("HTTP/1.1 404 Not Found");
    expect(response).toContain('{"success":false,"error":"Not found: POST /api/not-a-route"}');
    expect(await exited).toBe(0);
    expect(main.lines.map((l) => l.msg)).toEqual(expect.arrayContaining(["shutting down", "server stopped"]));
    expect(main.lines.find((l) => l.msg === "shutting down")).toMatchObject({ signal: "SIGTERM" });
  }, 120_000);

  it("refuses to start without a group, and reads every setting", () => {
    expect(() => configFromEnvironment({})).toThrow("GROUP (the lending group's address) is required");
    expect(() => configFromEnvironment({ GROUP: "g", PORT: "-1" })).toThrow('PORT must be a non-negative number, got "-1"');
    const config = configFromEnvironment({ GROUP: "g", AUTH_ENABLED: "false", DATABASE_URL: "postgres://x/y", PORT: "4000" });
    expect(config).toMatchObject({ group: "g", authEnabled: false, databaseUrl: "postgres://x/y", port: 4000, host: "127.0.0.1" });
    expect(configFromEnvironment({ GROUP: "g", AUTH_ENABLED: "true" }).authEnabled).toBe(true);
    expect(configFromEnvironment({ GROUP: "g" }).trustedProxies).toEqual([]);
    expect(configFromEnvironment({ GROUP: "g", TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,fd00::/8" }).trustedProxies).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "fd00::/8",
    ]);
    for (const entry of ["10.0.0.0/33", "lb.internal", "10.0.0.1/8/1", "fd00::/129"]) {
      expect(() => configFromEnvironment({ GROUP: "g", TRUST_PROXY: `10.0.0.1,${entry}` })).toThrow(
        `TRUST_PROXY: ${entry} is not an IP address or CIDR range`,
      );
    }
  });
});
