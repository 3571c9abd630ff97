// GET /api/lookup-tables against a real ledger and database: a market's configured lookup tables, an empty list for a
// market without any (the server runs without the sandbox), and a 400 naming the field for a group it does not serve.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LookupTablesReply } from "@ballast/sdk";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../src/server.js";
import { api, startTestServer } from "./support/server.js";

const address = () => Keypair.generate().publicKey.toBase58();
const SECOND = address();
const UNSERVED = address();
const TABLES = [address(), address()];

let market: TestMarket;
let server: RunningServer;
let main: string;

beforeAll(async () => {
  market = await TestMarket.start();
  main = market.group.toBase58();
  server = await startTestServer(market, {
    config: {
      markets: [
        { group: main, name: "Ballast Main", lookupTables: TABLES },
        { group: SECOND, name: "Ballast Arena" },
      ],
    },
  });
});
afterAll(async () => {
  await server?.close();
  await market?.close();
});

describe("GET /api/lookup-tables", () => {
  it("answers the market's configured tables, the main market's when no group is given", async () => {
    const named = await api<LookupTablesReply>(server, "GET", `/api/lookup-tables?group=${main}`);
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ addresses: TABLES });
    expect((await api<LookupTablesReply>(server, "GET", "/api/lookup-tables")).body).toEqual({ addresses: TABLES });
  });

  it("answers an empty list for a market without tables", async () => {
    const { status, body } = await api<LookupTablesReply>(server, "GET", `/api/lookup-tables?group=${SECOND}`);
    expect(status).toBe(200);
    expect(body).toEqual({ addresses: [] });
  });

  it("refuses a group the server does not serve with 400 naming the field", async () => {
    for (const group of [UNSERVED, "not-an-address"]) {
      const { status, body } = await api(server, "GET", `/api/lookup-tables?group=${group}`);
      expect(status).toBe(400);
      const message = `must be one of the server's markets: ${main}, ${SECOND}`;
      expect(body).toEqual({
        success: false,
        error: `Invalid query.group: ${message}`,
        field: "query.group",
        details: [{ field: "query.group", message }],
      });
    }
  });

  it("is in the OpenAPI document", async () => {
    const { body } = await api(server, "GET", "/api/docs");
    expect(body.paths["/api/lookup-tables"].get.summary).toBe("The market's address lookup tables");
    expect(body.paths["/api/lookup-tables"].get.parameters.map((p: { name: string }) => p.name)).toEqual(["group"]);
  });
});
