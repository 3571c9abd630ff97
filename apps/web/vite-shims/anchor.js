// Anchor's browser build has no default export, but the SDK reaches BN through it (as Node's ESM loader requires):
// give the browser build the same shape.
import * as anchor from "@coral-xyz/anchor/dist/browser/index.js";

export * from "@coral-xyz/anchor/dist/browser/index.js";
export default anchor;
