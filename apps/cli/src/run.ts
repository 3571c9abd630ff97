// The CLI in-process: `runCli(argv, io)` parses the arguments (without node and the script), runs the command and
// returns the exit code (0 ok, 1 failed transaction or refusal, 2 bad input). Nothing here exits the process, so
// tests call it directly; src/main.ts is the executable.
import { Command, CommanderError, Option } from "commander";
import type { PublicKey } from "@solana/web3.js";
import { CliContext, type CliIo, type GlobalOptionValues } from "./context.js";
import { EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, InputError, TransactionFailure } from "./errors.js";
import { OUTPUT_MODES, type OutputMode } from "./output.js";
import { parseChoice, parsePubkey } from "./parse.js";
import { commitment, DEFAULT_RPC_URL, rpcUrl, solanaConfigPath, type Commitment } from "./settings.js";
import { registerCompletionCommands } from "./commands/completion.js";
import { registerGroupCommands } from "./commands/group.js";
import { registerFeeStateCommands } from "./commands/fee-state.js";
import { registerPanicCommands } from "./commands/panic.js";
import { registerAccountCommands } from "./commands/account.js";
import { registerLiquidatableCommands } from "./commands/liquidatable.js";
import { registerOracleCommands } from "./commands/oracle.js";
import { registerEmissionsCommands } from "./commands/emissions.js";
import { registerSandboxCommands } from "./commands/sandbox.js";
import { registerBankCommands } from "./commands/bank.js";

/** One area of commands; each adds its command tree to the program. */
export type RegisterCommands = (program: Command, ctx: CliContext) => void;

const COMMAND_AREAS: readonly RegisterCommands[] = [
  registerGroupCommands,
  registerBankCommands,
  registerFeeStateCommands,
  registerPanicCommands,
  registerAccountCommands,
  registerLiquidatableCommands,
  registerOracleCommands,
  registerEmissionsCommands,
  registerSandboxCommands,
  registerCompletionCommands,
];

const pubkeyOption =
  (flag: string) =>
  (value: string): PublicKey =>
    parsePubkey(flag, value);

/** The program with its global options and every command, writing to `io`. */
export function buildProgram(io: CliIo): { program: Command; ctx: CliContext } {
  const program = new Command("ballast");
  const ctx = new CliContext(io, () => program.opts<GlobalOptionValues>());
  program
    .description("Operate a Ballast lending group (the marginfi-compatible program) from a terminal, on any Solana RPC.")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`ballast: ${text.replace(/^error: /, "")}`),
    })
    .addOption(
      new Option(
        "-u, --url <URL_OR_MONIKER>",
        `JSON-RPC URL or moniker: mainnet-beta, testnet, devnet, localhost (m, t, d, l). Default: json_rpc_url from ${solanaConfigPath("~")}, else ${DEFAULT_RPC_URL} (the local ledger of \`npm run localnet\` / \`npm start\`, RPC_PORT)`,
      ).argParser((value) => {
        rpcUrl(value);
        return value;
      }),
    )
    .addOption(
      new Option(
        "-k, --keypair <PATH>",
        "Solana CLI keypair file (JSON array of 64 numbers) that signs and pays. Default: keypair_path from the Solana CLI config, else ~/.config/solana/id.json",
      ),
    )
    .addOption(
      new Option("--commitment <LEVEL>", "processed, confirmed or finalized. Default: the Solana CLI config's, else confirmed").argParser(
        (value): Commitment => commitment(value),
      ),
    )
    .addOption(
      new Option("--output <FORMAT>", "table, json or json-compact")
        .default("table")
        .argParser((value): OutputMode => parseChoice("--output", value, OUTPUT_MODES)),
    )
    .option("--dry-run", "simulate instead of sending: print the logs and compute units; nothing changes")
    .option("--multisig", "print the unsigned transaction (base58 and base64) for a multisig proposal instead of sending")
    .addOption(
      new Option("--authority <PUBKEY>", "with --multisig: the authority (e.g. the multisig vault) that signs and pays").argParser(
        pubkeyOption("--authority"),
      ),
    )
    .addOption(
      new Option("--program-id <PUBKEY>", "the lending program. Default: MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA").argParser(
        pubkeyOption("--program-id"),
      ),
    )
    .addOption(new Option("--group <PUBKEY>", "the lending group to act on").argParser(pubkeyOption("--group")));
  for (const register of COMMAND_AREAS) register(program, ctx);
  return { program, ctx };
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const { program } = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT;
    if (error instanceof InputError) {
      io.stderr.write(`ballast: ${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
    if (error instanceof TransactionFailure) {
      io.stderr.write(`ballast: transaction failed: ${error.message}\n`);
      return EXIT_FAILED;
    }
    io.stderr.write(`ballast: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
}
