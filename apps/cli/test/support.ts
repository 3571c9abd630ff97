// Runs the CLI in-process against a ledger's JSON-RPC, as a user with keypair files in a scratch home directory.
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

export class CliUser {
  readonly home = mkdtempSync(join(tmpdir(), "ballast-cli-"));

  constructor(
    private readonly url: string,
    private readonly ledger: Ledger,
  ) {}

  /** Writes a Solana CLI keypair file in the scratch directory and returns its path. */
  keypairFile(name: string, keypair: Keypair): string {
    const path = join(this.home, `${name}.json`);
    writeFileSync(path, JSON.stringify([...keypair.secretKey]));
    return path;
  }

  file(name: string, text: string): string {
    const path = join(this.home, name);
    writeFileSync(path, text);
    return path;
  }

  /** One CLI run in a fresh slot (the test ledger's clock is manual), with --url given and the scratch home. */
  async run(args: readonly string[]): Promise<CliResult> {
    this.ledger.warpToTime(this.ledger.unixTimestamp());
    let stdout = "";
    let stderr = "";
    const code = await runCli([...args, "--url", this.url], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      cwd: this.home,
      home: this.home,
    });
    return { code, stdout, stderr };
  }

  /** A run that must succeed, its JSON output parsed. */
  async json<T = Record<string, unknown>>(args: readonly string[]): Promise<T> {
    const result = await this.run([...args, "--output", "json"]);
    if (result.code !== 0) throw new Error(`ballast ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  }
}
