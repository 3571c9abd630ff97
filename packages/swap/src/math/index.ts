// Pure bigint curve math: constant product, stable swap, LP mint and burn.
export * from "./integer.js";
export * from "./constant-product.js";
export * from "./stable-swap.js";
export * from "./liquidity.js";
export * from "./curve.js";
export * from "./route.js";
export * from "./arbitrage.js";
