import type { Account, Address } from "./account.js";
import { AccountLoadError } from "./account-files.js";
import { Ledger } from "./ledger.js";
import { parseAccountJson } from "./programs/token/parse.js";
import type { Program } from "./runtime/program.js";
import type { RpcLimits } from "./rpc/limits.js";
import { startRpcServer } from "./rpc/server.js";

export interface LocalnetOptions {
  /** JSON-RPC port (0 picks a free one); the websocket listens on the next port. */
  rpcPort: number;
  /** null keeps all state in memory. */
  dataDir: string | null;
  /** 0 stops the slot clock (tests move it with warp). */
  slotMs: number;
  programs?: Program[];
  /** LedgerOptions.upgradeAuthority: the deployed programs' upgrade authority (default the faucet). */
  upgradeAuthority?: string | null;
  host?: string;
  /** The RPC's resource limits per client (rpc/limits.ts); defaults for any not given. */
  rpcLimits?: Partial<RpcLimits>;
  /** Proxies whose `X-Forwarded-For` names the websocket's client (RpcServerOptions.trustedProxies). */
  trustedProxies?: readonly string[];
  /** Accounts set before the RPC opens (account-files.ts), replacing what the ledger held at those addresses. */
  accounts?: ReadonlyMap<Address, Account>;
}

export interface Localnet {
  ledger: Ledger;
  rpc: Awaited<ReturnType<typeof startRpcServer>>;
  dataDir: string | null;
  close(): Promise<void>;
}

/** A ledger with its JSON-RPC and websocket front ends: what `npm run localnet` runs and tests start. */
export async function startLocalnet(options: LocalnetOptions): Promise<Localnet> {
  const ledger = Ledger.open({
    dataDir: options.dataDir,
    slotMs: options.slotMs,
    programs: options.programs,
    upgradeAuthority: options.upgradeAuthority,
  });
  if (options.accounts && options.accounts.size > 0) {
    try {
      ledger.setAccounts(options.accounts);
    } catch (error) {
      await ledger.close();
      throw new AccountLoadError((error as Error).message);
    }
    await ledger.flushed();
  }
  const rpc = await startRpcServer({
    ledger,
    host: options.host ?? "127.0.0.1",
    port: options.rpcPort,
    wsPort: options.rpcPort === 0 ? 0 : options.rpcPort + 1,
    parseAccount: parseAccountJson,
    limits: options.rpcLimits,
    trustedProxies: options.trustedProxies,
  });
  return {
    ledger,
    rpc,
    dataDir: options.dataDir,
    async close() {
      await rpc.close();
      await ledger.close();
    },
  };
}
