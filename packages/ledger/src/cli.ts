import { startLocalnet } from "./localnet.js";

/** `npm run localnet`: the ledger and its RPC in the foreground, configured from the environment. */
const node = await startLocalnet({
  rpcPort: Number(process.env.RPC_PORT ?? 8899),
  dataDir: process.env.DATA_DIR ?? "./.data",
  slotMs: Number(process.env.SLOT_MS ?? 400),
});
console.log(`ledger: JSON-RPC ${node.rpc.url}  websocket ${node.rpc.wsUrl}  data ${node.dataDir}`);
console.log(`ledger: genesis ${node.ledger.genesisHash}, slot ${node.ledger.slot()}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`ledger: ${signal}, stopping`);
  await node.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
