// borsh (under web3.js) falls back to the `text-encoding-utf-8` polyfill only where TextDecoder is missing, which no
// browser the build targets (ES2022) lacks: the native classes stand in, and the polyfill stays off the first load.
export const TextDecoder = globalThis.TextDecoder;
export const TextEncoder = globalThis.TextEncoder;
