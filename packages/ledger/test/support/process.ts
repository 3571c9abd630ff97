import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free port whose successor is free too (the websocket listens on RPC port + 1). */
export async function freePortPair(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 40_000);
    if ((await portIsFree(port)) && (await portIsFree(port + 1))) return port;
  }
}

/**
 * Runs the ledger's command-line entry point as a separate process, as an operator would, with its arguments
 * (`args`). Benchmarks may run another checkout (`root`) or pass Node flags (`nodeFlags`, e.g. --cpu-prof, which
 * NODE_OPTIONS refuses).
 */
export function spawnLocalnet(
  env: Record<string, string>,
  options: { args?: readonly string[]; root?: string; nodeFlags?: string[] } = {},
): ChildProcess {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), "--import", "tsx", "packages/ledger/src/cli.ts", ...(options.args ?? [])],
    { cwd: options.root ?? ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  errorOutput.set(child, () => stderr);
  return child;
}

const errorOutput = new WeakMap<ChildProcess, () => string>();

/** What a ledger started by spawnLocalnet wrote to stderr so far: the reason when it exits otherwise than expected. */
export function stderrOf(child: ChildProcess): string {
  return errorOutput.get(child)?.() ?? "";
}

export async function waitForRpc(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getHealth" }),
      });
      if ((await response.json()).result === "ok") return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`RPC at ${url} did not come up within ${timeoutMs} ms`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}
