// The whole product as a user gets it: `node --import tsx scripts/start.ts` in a child process on a fresh data
// directory and free ports, ready once it prints its address, stopped with SIGTERM.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const READY = /^Ballast is running at (http:\/\/localhost:(\d+))$/m;
/** Seeding six markets on a fresh data directory takes about a minute on two cores. */
const READY_TIMEOUT_MS = 150_000;

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

export async function startProduct(): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-e2e-"));
  const { port, rpcPort } = await freePorts();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      RPC_PORT: String(rpcPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the launcher printed no ready line within ${READY_TIMEOUT_MS / 1000} s:\n${output}`));
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      // The launcher names localhost; the browser uses the address it listens on.
      resolve(`http://127.0.0.1:${ready[2]}`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the launcher exited with ${code} before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  if (!url.endsWith(`:${port}`)) {
    await stop();
    throw new Error(`the launcher listens on ${url}, not on PORT ${port}`);
  }
  const json = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { url, dataDir, output: () => output, json, stop };
}
