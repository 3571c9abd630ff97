// `node --import tsx apps/server/src/main.ts`: the API server configured from the environment (see config.ts), until
// SIGTERM or SIGINT, which close it gracefully.
import { configFromEnvironment } from "./config.js";
import { startServer } from "./server.js";

const server = await startServer(configFromEnvironment(process.env));
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
