// High-level actions for the server, the web app and the CLI: each builds one user intent's instructions from loaded
// chain data and sends them with the user's broadcast settings, returning the signatures.
export * from "./wallet.js";
export * from "./settings.js";
export * from "./send.js";
export * from "./lending.js";
export * from "./account.js";
export * from "./lookup-tables.js";
export * from "./swap-flows/index.js";
export * from "./liquidation.js";
export * from "./market-liquidation.js";
export * from "./wallet-swap.js";
