// The resolved global options every command works with: the connection, the keypair that signs and pays, the
// authority named in admin instructions, the program and group, how results print and whether transactions are sent,
// simulated (--dry-run) or printed unsigned (--multisig). Options are read when a command runs, after parsing.
import { Connection, type Keypair, type PublicKey } from "@solana/web3.js";
import { DEFAULT_PROGRAM_ID } from "@ballast/sdk";
import { InputError } from "./errors.js";
import { formatOutput, type OutputMode, type Printable } from "./output.js";
import {
  DEFAULT_RPC_URL,
  commitment as parseCommitment,
  readKeypairFile,
  readSolanaCliConfig,
  resolvePath,
  rpcUrl,
  type Commitment,
  type SolanaCliConfig,
} from "./settings.js";

export interface TextSink {
  write(text: string): unknown;
}

/** Everything the CLI touches outside itself, so tests run it in-process. */
export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  home: string;
}

/** The global options as commander parsed them (values already validated by their parsers). */
export interface GlobalOptionValues {
  url?: string;
  keypair?: string;
  commitment?: Commitment;
  output: OutputMode;
  dryRun?: boolean;
  multisig?: boolean;
  authority?: PublicKey;
  programId?: PublicKey;
  group?: PublicKey;
}

/** Send and confirm, simulate only, or print the unsigned transaction for a multisig. */
export type SendMode = "send" | "dry-run" | "multisig";

export class CliContext {
  private solanaConfig: SolanaCliConfig | undefined;
  private loadedKeypair: Keypair | undefined;
  private openConnection: Connection | undefined;

  constructor(
    readonly io: CliIo,
    private readonly globals: () => GlobalOptionValues,
  ) {}

  /** The global options as given (a command may read one directly, e.g. --authority as a filter). */
  get options(): GlobalOptionValues {
    return this.globals();
  }

  private get config(): SolanaCliConfig {
    this.solanaConfig ??= readSolanaCliConfig(this.io.home);
    return this.solanaConfig;
  }

  /** --url, else the Solana CLI config's json_rpc_url, else the local ledger. */
  get rpcUrl(): string {
    const url = this.globals().url ?? this.config.jsonRpcUrl;
    return url === undefined ? DEFAULT_RPC_URL : rpcUrl(url, this.globals().url === undefined ? "json_rpc_url" : "--url");
  }

  /** --commitment, else the Solana CLI config's, else confirmed. */
  get commitment(): Commitment {
    const flag = this.globals().commitment;
    if (flag !== undefined) return flag;
    const configured = this.config.commitment;
    return configured === undefined ? "confirmed" : parseCommitment(configured, "commitment (Solana CLI config)");
  }

  get output(): OutputMode {
    return this.globals().output;
  }

  get mode(): SendMode {
    const { dryRun, multisig } = this.globals();
    if (dryRun && multisig) throw new InputError("--dry-run and --multisig: choose one");
    return multisig ? "multisig" : dryRun ? "dry-run" : "send";
  }

  get programId(): PublicKey {
    return this.globals().programId ?? DEFAULT_PROGRAM_ID;
  }

  get connection(): Connection {
    this.openConnection ??= new Connection(this.rpcUrl, { commitment: this.commitment });
    return this.openConnection;
  }

  /** The --keypair file (else the Solana CLI config's keypair_path, else ~/.config/solana/id.json), read once. */
  keypair(): Keypair {
    if (this.loadedKeypair === undefined) {
      const flag = this.globals().keypair;
      const path = flag ?? this.config.keypairPath ?? "~/.config/solana/id.json";
      this.loadedKeypair = readKeypairFile(resolvePath(path, this.io.cwd, this.io.home), flag === undefined ? "keypair" : "--keypair");
    }
    return this.loadedKeypair;
  }

  /**
   * The key admin instructions name as their signer: under --multisig, --authority (the multisig's vault) or else
   * the keypair's public key; otherwise the keypair's. --authority is only meaningful for --multisig.
   */
  authority(): PublicKey {
    const { authority } = this.globals();
    if (authority !== undefined && this.mode !== "multisig")
      throw new InputError("--authority: only with --multisig (transactions you send are signed by --keypair)");
    return authority ?? this.keypair().publicKey;
  }

  /** --group, for commands that act on one. */
  group(): PublicKey {
    const { group } = this.globals();
    if (group === undefined) throw new InputError("--group: required (the group's address)");
    return group;
  }

  /** Prints a result on stdout in the chosen output mode. */
  print(value: Printable): void {
    this.io.stdout.write(formatOutput(value, this.output));
  }

  /** A progress or notice line on stderr, so stdout stays parseable. */
  note(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }
}
