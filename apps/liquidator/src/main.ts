// `npm start -w @ballast/liquidator -- --group <address> --keypair <file> …`: runs until SIGINT or SIGTERM, then
// finishes the pass in flight and exits 0. A bad setting exits 2 with the reason; a failed start exits 1.
import { CommanderError } from "commander";
import pino from "pino";
import { ConfigError, resolveConfig, settingsFrom } from "./config.js";
import { startLiquidator } from "./liquidator.js";

async function main(): Promise<void> {
  let config;
  try {
    config = resolveConfig(settingsFrom(process.argv.slice(2), process.env));
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version print and exit 0; an unknown flag or a missing value is a bad setting.
      if (error.exitCode !== 0) console.error(`ballast-liquidator: ${error.message.replace(/^error: /, "")}`);
      process.exit(error.exitCode === 0 ? 0 : 2);
    }
    if (error instanceof ConfigError) {
      console.error(`ballast-liquidator: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel, base: { service: "ballast-liquidator" } });
  const liquidator = await startLiquidator(config, { logger: log });
  log.info({ wallet: liquidator.wallet.toBase58(), groups: config.groups }, "started");
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, "stopping");
      liquidator.close().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, "stopping failed");
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(`ballast-liquidator: failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
