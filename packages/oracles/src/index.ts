// Oracle layouts and client instructions (browser.ts), plus the on-chain feed programs and the price pusher.
export * from "./browser.js";
export {
  GUARDIAN_QUORUM,
  GUARDIAN_SET_SIZE,
  MINIMUM_SIGNATURES,
  PYTH_RECEIVER_ERRORS,
  SIGNATURE_VERIFICATION_UNITS,
  pythReceiverProgram,
} from "./programs/pyth-receiver.js";
export {
  RANDOMNESS_REVEAL_WINDOW_SLOTS,
  SWITCHBOARD_ON_DEMAND_ERRORS,
  switchboardOnDemandProgram,
} from "./programs/switchboard-on-demand.js";
export { SCOPE_ERRORS, scopeProgram } from "./programs/scope.js";
export * from "./pusher.js";
export { decimalToUnits } from "./walk/fixed-point.js";
export { GeometricRandomWalk, type RandomWalkOptions } from "./walk/geometric.js";
