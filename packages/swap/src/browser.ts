/**
 * The swap venue without its on-chain programs: curve math, account layouts, instruction tables, errors and client
 * builders, what quoting services, keepers, the SDK and the web app use. The `browser` export condition resolves
 * here so bundles never reach the ledger's Node-only modules.
 */
export * from "./math/index.js";
export * from "./program-ids.js";
export * from "./errors.js";
export * from "./addresses.js";
export * from "./state/pool.js";
export { POOL_INSTRUCTIONS } from "./instructions/pool.js";
export * from "./client/pool.js";
export {
  ROUTER_INSTRUCTIONS,
  SWAP_EVENT_DISCRIMINATOR,
  SwapVariant,
  routePlanStepArg,
  swapArg,
  type RoutePlanStep,
  type Swap,
} from "./instructions/router.js";
export * from "./client/router.js";
export * from "./routing/index.js";
