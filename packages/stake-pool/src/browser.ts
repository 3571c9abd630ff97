// What clients and the lending program's browser-safe pricing read of the stake pool without its programs: the
// program ids, the native stake account and pool layouts, and the instruction table (the explorer decodes with it).
// The `browser` export condition resolves here.
export * from "./program-ids.js";
export * from "./stake-state.js";
export * from "./pool-state.js";
export { STAKE_POOL_INSTRUCTIONS } from "./instructions.js";
export { NATIVE_STAKE_INSTRUCTIONS, initializeDelegatedData, syncDelegationData } from "./native-stake-instructions.js";
