// Vite build of the web app: React, Tailwind, the Node shims the Solana libraries and shared packages need, the API
// proxy for development, and chunks split so the markets page loads first and the other screens on demand.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const shim = (name: string) => fileURLToPath(new URL(`./vite-shims/${name}`, import.meta.url));
const API_TARGET = process.env.BALLAST_API ?? "http://127.0.0.1:3000";

/**
 * web3.js's dependencies, leaner in the browser build: the node:crypto shim hashes with web3.js's own @noble/hashes
 * (not the app's newer copy, which only the lazily loaded local-wallet signer needs); web3.js's secp256k1 and keccak
 * imports (its Secp256k1Program, which Ballast never uses) resolve to refusing stand-ins; jayson's `uuid` to the v4
 * it calls; borsh's TextDecoder polyfill to the browser's own.
 */
function leanWeb3(): Plugin {
  const web3 = createRequire(import.meta.url).resolve("@solana/web3.js");
  const nodeCrypto = shim("node-crypto.js");
  const secp256k1Imports = new Set(["@noble/curves/secp256k1", "@noble/hashes/sha3"]);
  return {
    name: "ballast:lean-web3",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer === nodeCrypto && source === "@noble/hashes/sha2.js") return this.resolve(source, web3, { skipSelf: true });
      if (secp256k1Imports.has(source) && importer?.includes("/@solana/web3.js/")) return shim("web3-secp256k1.js");
      if (source === "uuid" && importer?.includes("/jayson/lib/")) return shim("uuid-v4.js");
      if (source === "text-encoding-utf-8" && importer?.includes("/borsh/")) return shim("text-encoding.js");
      return null;
    },
  };
}

/** Vendor code grouped by how often it changes and which screens need it. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes("node_modules") && !id.includes("/packages/")) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|wouter|@tanstack)\//.test(id)) return "react";
  return undefined;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), leanWeb3()],
  define: { global: "globalThis", "process.env.NODE_DEBUG": "false" },
  resolve: {
    alias: [
      { find: /^node:crypto$/, replacement: shim("node-crypto.js") },
      { find: /^crypto$/, replacement: shim("node-crypto.js") },
      { find: /^@coral-xyz\/anchor$/, replacement: shim("anchor.js") },
    ],
  },
  server: {
    proxy: { "/api": API_TARGET, "/rpc": { target: API_TARGET, ws: true } },
  },
  preview: {
    proxy: { "/api": API_TARGET, "/rpc": { target: API_TARGET, ws: true } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Every module that uses the Buffer global imports it, so no chunk depends on the entry having run first.
      transform: { inject: { Buffer: ["buffer", "Buffer"] } },
      output: { manualChunks: vendorChunk },
    },
  },
});
