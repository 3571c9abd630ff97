// Running the CLI in-process for the read-side tests: captured stdout and stderr, a home without a Solana CLI config,
// and keypair files written in the Solana CLI's format.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Keypair } from "@solana/web3.js";
import { runCli } from "../src/run.js";

export interface CliRun {
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

export async function cli(home: string, args: readonly string[]): Promise<CliRun> {
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
export function json<T>(run: CliRun): T {
  return JSON.parse(run.stdout) as T;
}
