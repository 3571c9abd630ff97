// The third-party lending market (a Kamino-klend-style program): everything clients use (browser.ts) plus the
// program itself for the ledger.
export * from "./browser.js";
export { MARKET_INSTRUCTIONS, marketProgram } from "./program.js";
export { FARMS_PROGRAM_INSTRUCTIONS, farmsProgram } from "./farms/program.js";
