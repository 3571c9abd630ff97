// The ledger's JSON-RPC as the app reaches it: through the app server's /rpc on the page's origin. The app confirms
// transactions by polling (the server proxies no websocket).
import { Connection } from "@solana/web3.js";

function rpcUrl(origin: string, rpcPath: string): string {
  return new URL(rpcPath, origin).toString();
}

export function createConnection(origin: string, rpcPath: string): Connection {
  return new Connection(rpcUrl(origin, rpcPath), { commitment: "confirmed", disableRetryOnRateLimit: true });
}
