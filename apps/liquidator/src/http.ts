// The liquidator's only listener: GET /metrics (Prometheus text format) and GET /health, nothing else.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

export interface StatusServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startStatusServer(
  registry: Registry,
  health: () => Record<string, unknown>,
  port: number,
  host: string,
): Promise<StatusServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    if (path === "/metrics") {
      registry.metrics().then(
        (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
        (error: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(String(error)),
      );
      return;
    }
    if (path === "/health") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(health()));
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  });
  // Scrapers keep connections open; closing must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
