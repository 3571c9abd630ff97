// A real API server on a real ledger for DOM tests. It runs in a child process because the ledger and server need
// Node's globals, which happy-dom replaces. `setup` is the body of an ES module that has `TestMarket`,
// `DEFAULT_BANK_CONFIG` and `startTestServer` in scope, builds a market and a server, and calls
// `ready({ url, ...facts })`; the process closes both when the test's stdin ends.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// A path string: happy-dom's URL class is not Node's.
const ROOT = `${resolve(dirname(fileURLToPath(import.meta.url)), "../../../..")}/`;

export interface ServerProcess<T> {
  readonly facts: T & { readonly url: string };
  stop(): void;
}

/** Starts the child, waits for what `ready` reported, and points the page's origin at the server. */
export async function startServerProcess<T>(setup: string): Promise<ServerProcess<T>> {
  const dir = mkdtempSync(join(tmpdir(), "ballast-web-test-"));
  const file = join(dir, "server.mts");
  writeFileSync(
    file,
    `import { TestMarket, DEFAULT_BANK_CONFIG } from "${ROOT}packages/protocol/test/support/market.ts";
import { startTestServer } from "${ROOT}apps/server/test/support/server.ts";
const closers = [];
const ready = (facts) => process.stdout.write(JSON.stringify(facts) + "\\n");
process.stdin.on("end", async () => { for (const close of closers.reverse()) await close(); process.exit(0); });
process.stdin.resume();
${setup}
`,
  );
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", file], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
  const stop = () => {
    child.stdin?.end();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const facts = await new Promise<T & { url: string }>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk) => {
        out += chunk;
        if (out.includes("\n")) resolve(JSON.parse(out.slice(0, out.indexOf("\n"))));
      });
      child.on("exit", (code) => reject(new Error(`test server exited with ${code}`)));
    });
    // The app talks to its own origin.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${facts.url}/`);
    return { facts, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
