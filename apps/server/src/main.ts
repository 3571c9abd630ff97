// `node --import tsx apps/server/src/main.ts`: the API server configured from the environment (see config.ts), until
// SIGTERM or SIGINT, which close it gracefully.
import { readFileSync } from "node:fs";
import { configFromEnvironment, type TokenMetadata } from "./config.js";
import { startServer } from "./server.js";

const tokens: TokenMetadata[] = process.env.TOKENS_FILE ? JSON.parse(readFileSync(process.env.TOKENS_FILE, "utf8")) : [];
const server = await startServer(configFromEnvironment(process.env, tokens));
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.context.log.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.context.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
