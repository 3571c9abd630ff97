import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { exited, freePortPair, waitForRpc } from "../../../ledger/test/support/process.js";
import { PYTH_RECEIVER_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_PROGRAM_ID } from "@ballast/oracles";
import { NATIVE_STAKE_PROGRAM_ID, STAKE_POOL_PROGRAM_ID } from "@ballast/stake-pool";
import { MARGINFI_PROGRAM_ID } from "../../src/index.js";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const STARTUP_TIMEOUT_MS = 90_000;
const dataDir = mkdtempSync(join(tmpdir(), "ballast-launcher-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run localnet", () => {
  it(
    "serves the ledger with the lending and oracle programs deployed, and stops cleanly on SIGTERM",
    async () => {
      const port = await freePortPair();
      const child = spawn("npm", ["run", "localnet"], {
        cwd: ROOT,
        env: { ...process.env, RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "100" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      try {
        // A cold start compiles every program module through tsx; on two busy cores that can take a while.
        await waitForRpc(`http://127.0.0.1:${port}`, STARTUP_TIMEOUT_MS).catch((error: Error) => {
          throw new Error(`${error.message}; the launcher printed:\n${output}`);
        });
        const reply = await fetch(`http://127.0.0.1:${port}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getAccountInfo", params: [MARGINFI_PROGRAM_ID, { encoding: "base64" }] }),
        });
        const account = (await reply.json()).result.value;
        expect(account.executable).toBe(true);
        expect(account.owner).toBe("BPFLoaderUpgradeab1e11111111111111111111111");
        for (const program of [
          PYTH_RECEIVER_PROGRAM_ID,
          SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
          STAKE_POOL_PROGRAM_ID,
          NATIVE_STAKE_PROGRAM_ID,
        ]) {
          const info = await fetch(`http://127.0.0.1:${port}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "getAccountInfo", params: [program, { encoding: "base64" }] }),
          });
          expect((await info.json()).result.value.executable).toBe(true);
        }
      } finally {
        child.kill("SIGTERM");
      }
      expect(await exited(child)).toBe(0);
    },
    STARTUP_TIMEOUT_MS + 30_000,
  );
});
