import type { Program } from "./runtime/program.js";
import { startLocalnet } from "./localnet.js";
import { rpcLimitsFromEnvironment } from "./rpc/limits.js";

/**
 * Runs a ledger with its RPC in the foreground, configured from the environment (RPC_PORT, DATA_DIR, SLOT_MS and
 * the RPC limits of rpc/limits.ts), with the given programs deployed, until SIGTERM or SIGINT.
 */
export async function serveFromEnvironment(programs: Program[] = []): Promise<void> {
  const node = await startLocalnet({
    rpcPort: Number(process.env.RPC_PORT ?? 8899),
    dataDir: process.env.DATA_DIR ?? "./.data",
    slotMs: Number(process.env.SLOT_MS ?? 400),
    programs,
    rpcLimits: rpcLimitsFromEnvironment(process.env),
  });
  console.log(`ledger: JSON-RPC ${node.rpc.url}  websocket ${node.rpc.wsUrl}  data ${node.dataDir}`);
  console.log(`ledger: genesis ${node.ledger.genesisHash}, slot ${node.ledger.slot()}`);
  for (const program of programs) console.log(`ledger: program ${program.id} deployed`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`ledger: ${signal}, stopping`);
    await node.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
