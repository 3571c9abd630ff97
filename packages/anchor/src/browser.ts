/**
 * Anchor's conventions without the program runtime: what clients (the SDK in a browser) use of this package, its
 * error table. The `browser` export condition resolves here so bundles never reach the ledger's Node-only modules.
 */
export { ANCHOR_ERRORS, ProgramFailure, anchorFail, failureFor, type AnchorErrorName, type Fail, type ErrorEntry } from "./errors.js";
