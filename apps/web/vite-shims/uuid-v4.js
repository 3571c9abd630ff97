// The one function of `uuid` that jayson (web3.js's JSON-RPC client) calls: v4 request ids. Its CommonJS
// `require("uuid").v4` would otherwise ship the whole package (v1, v3, v5, md5, sha1) on the first load.
export function v4() {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
