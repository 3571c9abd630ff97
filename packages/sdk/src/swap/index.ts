// Swaps through a Jupiter-compatible API: the client and the slippage and price-impact rules every app shares.
export * from "./client.js";
export * from "./slippage.js";
