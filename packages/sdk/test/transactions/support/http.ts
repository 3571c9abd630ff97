import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Reply {
  status?: number;
  body: unknown;
}

export interface FakeServer {
  url: string;
  /** Every request received: its path and parsed JSON body (null for GET). */
  requests: { path: string; body: any }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<any> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : null;
}

/** An HTTP server on a free loopback port answering JSON from `handle`. */
export async function startFakeServer(handle: (path: string, body: any) => Reply | Promise<Reply>): Promise<FakeServer> {
  const requests: FakeServer["requests"] = [];
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    requests.push({ path: request.url ?? "/", body });
    const reply = await handle(request.url ?? "/", body);
    response.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    response.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
  };
  // A handler that throws drops the connection, so the client under test sees a failed request.
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON-RPC reply to `body`'s id. */
export function rpcResult(body: any, result: unknown): Reply {
  return { body: { jsonrpc: "2.0", id: body?.id ?? 1, result } };
}
