import { Connection } from "@solana/web3.js";
import { startRpcServer, type RpcServer, type RpcServerOptions } from "../../src/rpc/server.js";
import { FakeLedger } from "./fake-ledger.js";

export interface Harness {
  ledger: FakeLedger;
  server: RpcServer;
  connection: Connection;
  close(): Promise<void>;
}

/** The RPC server on free loopback ports over a fake ledger, and a web3.js Connection to it. */
export async function startHarness(options: Partial<RpcServerOptions> = {}): Promise<Harness> {
  const ledger = new FakeLedger();
  const server = await startRpcServer({ ledger, host: "127.0.0.1", port: 0, ...options });
  const connection = new Connection(server.url, { commitment: "confirmed", wsEndpoint: server.wsUrl });
  return { ledger, server, connection, close: () => server.close() };
}

export interface RawReply {
  status: number;
  text: string;
  json: any;
  headers: Headers;
}

/** POSTs a body (objects are JSON-encoded, strings sent as they are) and reads the reply as text. */
export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<RawReply> {
  const response = await fetch(url, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, text, json, headers: response.headers };
}

/** One JSON-RPC call; the reply's body. */
export async function rpc(url: string, method: string, params?: unknown, id: unknown = 1): Promise<any> {
  return (await post(url, { jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) })).json;
}
