// A simplified single-validator stake pool for staked-SOL collateral banks: the pool program at SPL single-pool's
// id, a minimal native stake program owning the pools' stake accounts, and their clients.
export * from "./browser.js";
export * from "./addresses.js";
export * from "./exchange-rate.js";
export * from "./client.js";
export { STAKE_POOL_ERRORS, stakePoolProgram } from "./programs/stake-pool.js";
export { StakeInstruction, nativeStakeProgram } from "./programs/native-stake.js";
