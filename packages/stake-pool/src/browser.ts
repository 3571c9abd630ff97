// What clients and the lending program's browser-safe pricing read of the stake pool without its programs: the
// program ids and the native stake account layout. The `browser` export condition resolves here.
export * from "./program-ids.js";
export * from "./stake-state.js";
