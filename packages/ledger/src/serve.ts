import { AccountLoadError, loadAccountSources, parseAccountFlags } from "./account-files.js";
import type { Program } from "./runtime/program.js";
import type { Account, Address } from "./account.js";
import { startLocalnet, type Localnet } from "./localnet.js";
import { rpcLimitsFromEnvironment } from "./rpc/limits.js";

/**
 * Runs a ledger with its RPC in the foreground, configured from the environment (RPC_PORT, DATA_DIR, SLOT_MS and
 * the RPC limits of rpc/limits.ts) and the command line's account flags (account-files.ts), with the given programs
 * deployed, until SIGTERM or SIGINT. A bad flag, file or clone stops it before anything is loaded.
 */
export async function serveFromEnvironment(programs: Program[] = [], argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  let accounts: Map<Address, Account>;
  let node: Localnet;
  try {
    const { sources, rest } = parseAccountFlags(argv);
    if (rest.length > 0)
      throw new AccountLoadError(
        `unknown argument ${rest[0]} (the ledger takes --account ADDRESS FILE, --account-dir DIR, --clone ADDRESS, --url URL)`,
      );
    accounts = await loadAccountSources(sources);
    node = await startLocalnet({
      rpcPort: Number(process.env.RPC_PORT ?? 8899),
      dataDir: process.env.DATA_DIR ?? "./.data",
      slotMs: Number(process.env.SLOT_MS ?? 400),
      programs,
      rpcLimits: rpcLimitsFromEnvironment(process.env),
      accounts,
    });
  } catch (error) {
    if (!(error instanceof AccountLoadError)) throw error;
    console.error(`ledger: ${error.message}; nothing loaded`);
    process.exit(1);
  }
  console.log(`ledger: JSON-RPC ${node.rpc.url}  websocket ${node.rpc.wsUrl}  data ${node.dataDir}`);
  console.log(`ledger: genesis ${node.ledger.genesisHash}, slot ${node.ledger.slot()}`);
  for (const program of programs) console.log(`ledger: program ${program.id} deployed`);
  if (accounts.size > 0) console.log(`ledger: ${accounts.size} account(s) loaded`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`ledger: ${signal}, stopping`);
    try {
      await node.close();
    } catch (error) {
      console.error(`ledger: stopping failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
