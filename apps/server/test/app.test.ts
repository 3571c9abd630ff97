// The application's frame on both databases: migrations at start (and again on restart), the OpenAPI document,
// JSON 404s, and malformed requests answered 400 without harm.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, freshDatabase, startTestServer } from "./support/server.js";

let market: TestMarket;
beforeAll(async () => {
  market = await TestMarket.start();
});
afterAll(async () => {
  await market.close();
});

describe.each(DIALECTS)("on %s", (dialect) => {
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(market, { database });
  });
  afterAll(async () => {
    await server.close();
  });

  it("reports which database it runs on", () => {
    expect(server.context.dialect).toBe(dialect);
  });

  it("serves an OpenAPI document listing the API's routes", async () => {
    const { status, body } = await api(server, "GET", "/api/docs");
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(body.info.title).toBe("Ballast API");
  });

  it("answers unknown paths 404 in JSON", async () => {
    const { status, body } = await api(server, "GET", "/api/nope?x=1");
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: "Not found: GET /api/nope" });
  });

  it("answers a body that is not JSON with 400", async () => {
    const { status, body } = await api(server, "POST", "/api/user-balance", "{not json");
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: "Body is not valid JSON but content-type is set to 'application/json'" });
  });

  it("runs its migrations once: a restart on the same database starts cleanly", async () => {
    await server.close();
    server = await startTestServer(market, { database });
    const { status } = await api(server, "GET", "/api/docs");
    expect(status).toBe(200);
  });
});
