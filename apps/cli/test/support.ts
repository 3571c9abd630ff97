// Runs the CLI in-process as a user with keypair files in a scratch home directory (no Solana CLI config there):
// `cli` for any arguments, `CliUser` against one test ledger's JSON-RPC.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Keypair } from "@solana/web3.js";
import type { Ledger } from "@ballast/ledger";
import { runCli } from "../src/run.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh directory standing in for $HOME and the working directory. */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), "ballast-cli-"));
}

/** Writes the keypair as a Solana CLI file (a JSON array of its 64 secret-key bytes) and returns its path. */
export function keypairFile(home: string, keypair: Keypair, name: string): string {
  const path = join(home, `${name}.json`);
  writeFileSync(path, JSON.stringify([...keypair.secretKey]));
  return path;
}

/** One in-process run with captured stdout and stderr and an empty environment. */
export async function cli(home: string, args: readonly string[]): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: home,
    home,
  });
  return { code, stdout, stderr };
}

/** The JSON a command printed on stdout. */
export function json<T>(run: CliResult): T {
  return JSON.parse(run.stdout) as T;
}

export class CliUser {
  readonly home = tempHome();

  constructor(
    private readonly url: string,
    private readonly ledger: Ledger,
  ) {}

  /** Writes a Solana CLI keypair file in the scratch directory and returns its path. */
  keypairFile(name: string, keypair: Keypair): string {
    return keypairFile(this.home, keypair, name);
  }

  file(name: string, text: string): string {
    const path = join(this.home, name);
    writeFileSync(path, text);
    return path;
  }

  /** One CLI run in a fresh slot (the test ledger's clock is manual), with --url given and the scratch home. */
  run(args: readonly string[]): Promise<CliResult> {
    this.ledger.warpToTime(this.ledger.unixTimestamp());
    return cli(this.home, [...args, "--url", this.url]);
  }

  /** A run that must succeed, its JSON output parsed. */
  async json<T = Record<string, unknown>>(args: readonly string[]): Promise<T> {
    const result = await this.run([...args, "--output", "json"]);
    if (result.code !== 0) throw new Error(`ballast ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  }
}
