// Administration instructions, one file per area.
export * from "./fee-state.js";
export * from "./groups.js";
export * from "./banks.js";
export * from "./oracles.js";
export * from "./emode.js";
export * from "./emissions.js";
export * from "./vaults.js";
export * from "./staked.js";
export * from "./metadata.js";
