// The whole product as a user gets it: the launcher in a child process (scripts/product-process.ts) on a fresh data
// directory and free ports, stopped with SIGTERM.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchProduct } from "../../../../scripts/product-process.js";

export interface Product {
  /** Where the web app is served (127.0.0.1, since HOST is). */
  readonly url: string;
  /** The launcher's DATA_DIR: the sandbox admin's keypair (sandbox-admin.json) is there. */
  readonly dataDir: string;
  readonly output: () => string;
  /** GETs a path of the API (an OK reply is expected) and parses its JSON. */
  json<T>(path: string): Promise<T>;
  /** Sends SIGTERM, waits for the exit and removes the data directory; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Binds the port on 127.0.0.1 and releases it: true when nothing else holds it. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port the system hands out as free. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Free ports for the API server and the ledger's JSON-RPC, with the RPC's next port (its websocket) free too. */
async function freePorts(): Promise<{ port: number; rpcPort: number }> {
  const port = await freePort();
  for (;;) {
    const rpcPort = await freePort();
    if (rpcPort !== port && rpcPort + 1 !== port && rpcPort < 65_535 && (await portIsFree(rpcPort + 1))) return { port, rpcPort };
  }
}

/** `env`: settings over the launcher's defaults (e.g. a shorter SNAPSHOT_INTERVAL_MS). */
export async function startProduct(env: Readonly<Record<string, string>> = {}): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-e2e-"));
  const { port, rpcPort } = await freePorts();
  const launched = await launchProduct({ dataDir, env: { ...env, PORT: String(port), RPC_PORT: String(rpcPort) } }).catch(
    (error: unknown) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  const stop = async () => {
    const code = await launched.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  const { url } = launched;
  if (!url.endsWith(`:${port}`)) {
    await stop();
    throw new Error(`the launcher listens on ${url}, not on PORT ${port}`);
  }
  const json = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { url, dataDir, output: launched.output, json, stop };
}
