/**
 * The swap venue without its on-chain programs: curve math, account layouts, instruction tables and client builders,
 * what quoting services, keepers, the SDK and the web app use. The `browser` export condition resolves here so
 * bundles never reach the ledger's Node-only modules.
 */
export * from "./math/index.js";
