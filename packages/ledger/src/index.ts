/**
 * The ledger's public surface: what programs (packages/protocol, oracles, market) build on (browser.ts), and what
 * tools use to run a chain.
 */
export * from "./browser.js";
export { Ledger, type LedgerOptions } from "./ledger.js";
export { startLocalnet, type Localnet, type LocalnetOptions } from "./localnet.js";
export type * from "./service.js";
export { serveFromEnvironment } from "./serve.js";
export { AccountLoadError, loadAccountSources, parseAccountFile, parseAccountFlags, type AccountSources } from "./account-files.js";
export type { LocalRpcEndpoint, LocalRpcHandler } from "./rpc/server.js";
export { FASTIFY_KEEP_ALIVE_MS } from "./rpc/raw-route.js";
export { DEFAULT_RPC_LIMITS, RPC_LIMIT_SETTINGS, rpcLimitsFromEnvironment, type RpcLimits } from "./rpc/limits.js";
