// The whole product as `npm start` runs it, in a child process: `node --import tsx scripts/start.ts` on a given data
// directory, ready once it prints its address. The launcher test, the browser journeys, the kill -9 test and the soak
// all start it through here; restarting on the same data directory is another launch.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const READY = /^Ballast is running at http:\/\/localhost:(\d+)$/m;
/** Seeding six markets on a fresh data directory takes well under a minute on two cores; a restart a few seconds. */
const DEFAULT_READY_TIMEOUT_MS = 150_000;

export interface LaunchOptions {
  /** DATA_DIR: the ledger, the database and the sandbox's saved state. */
  readonly dataDir: string;
  /** Settings for the launcher on top of this process's environment; PORT and RPC_PORT default to 0 (any free port). */
  readonly env?: Readonly<Record<string, string>>;
  readonly readyTimeoutMs?: number;
}

export interface ProductProcess {
  /** The launcher's process id (the node process itself). */
  readonly pid: number;
  /** Where the API, the web app and `/rpc` are served: 127.0.0.1 and the port the launcher printed. */
  readonly url: string;
  readonly dataDir: string;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  readonly exited: Promise<number | null>;
  /** Sends the signal unless the process has exited, and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function launchProduct(options: LaunchOptions): Promise<ProductProcess> {
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", RPC_PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...options.env, DATA_DIR: options.dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the launcher printed no ready line within ${readyTimeoutMs / 1000} s:\n${output}`));
    }, readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      resolve(ready[1]!);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the launcher exited with ${code} before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop("SIGKILL");
    throw error;
  });
  return { pid: child.pid!, url: `http://127.0.0.1:${port}`, dataDir: options.dataDir, output: () => output, exited, stop };
}
