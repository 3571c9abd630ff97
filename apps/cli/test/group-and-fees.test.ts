// The CLI's frame and its group, fee-state and panic commands on a real ledger over JSON-RPC: every write read back
// and decoded by the official IDL, --dry-run and --multisig changing nothing, refusals and bad input with their exact
// messages and exit codes, help and completion for every command, and the installed bin once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { BorshCoder, type Idl } from "@coral-xyz/anchor";
import { Keypair, PublicKey, TransactionMessage, VersionedTransaction, type Connection } from "@solana/web3.js";
import bs58 from "bs58";
import { startLocalnet, type Localnet } from "@ballast/ledger";
import { lendingProgram } from "@ballast/protocol";
import { feeStateAddress } from "@ballast/sdk";
import { Connection as Rpc } from "@solana/web3.js";
import { buildProgram } from "../src/run.js";
import { commandTree } from "../src/commands/completion.js";
import { CliUser } from "./support.js";

const IDL = JSON.parse(readFileSync(new URL("../../../packages/protocol/idl/marginfi.json", import.meta.url), "utf8")) as Idl;
const coder = new BorshCoder(IDL);

const admin = Keypair.generate();
const feeAdmin = Keypair.generate();
const feeWallet = Keypair.generate();
const stranger = Keypair.generate();
const newRiskAdmin = Keypair.generate().publicKey;
const groupKeypair = Keypair.generate();
const group = groupKeypair.publicKey;

let net: Localnet;
let connection: Connection;
let cli: CliUser;
let adminFile: string;
let feeAdminFile: string;
let strangerFile: string;

/** The program's Unauthorized (6042) as the CLI reports it. */
const REFUSED = "ballast: transaction failed: Unauthorized (program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA error 6042)\n";
const DEFAULT_KEY = "11111111111111111111111111111111";

const asAdmin = (args: string[]) => [...args, "--keypair", adminFile];
const raw = async (address: PublicKey) => (await connection.getAccountInfo(address, "confirmed"))?.data.toString("hex") ?? "";

beforeAll(async () => {
  net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 0, programs: [lendingProgram()] });
  connection = new Rpc(net.rpc.url, "confirmed");
  for (const k of [admin, feeAdmin, stranger]) await net.ledger.requestAirdrop(k.publicKey.toBase58(), 100_000_000_000n);
  cli = new CliUser(net.rpc.url, net.ledger);
  adminFile = cli.keypairFile("admin", admin);
  feeAdminFile = cli.keypairFile("fee-admin", feeAdmin);
  strangerFile = cli.keypairFile("stranger", stranger);
}, 60_000);

afterAll(async () => {
  await new Promise((r) => setTimeout(r, 250));
  await net?.close();
});

describe("fee state", () => {
  it("init creates the fee state with the given admin, wallet and fees, and prints it", async () => {
    const out = await cli.json<{ signature: string; created: Record<string, unknown> }>(
      asAdmin([
        "fee-state",
        "init",
        "--admin",
        feeAdmin.publicKey.toBase58(),
        "--fee-wallet",
        feeWallet.publicKey.toBase58(),
        "--bank-init-fee",
        "5000",
        "--program-fee-rate",
        "0.05",
      ]),
    );
    expect(out.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(out.created).toMatchObject({
      globalFeeAdmin: feeAdmin.publicKey.toBase58(),
      globalFeeWallet: feeWallet.publicKey.toBase58(),
      bankInitFlatSolFee: 5000,
      liquidationFlatSolFee: 0,
      programFeeFixed: "0",
      paused: false,
    });
    expect(String(out.created.programFeeRate).startsWith("0.05")).toBe(true);
    const decoded = coder.accounts.decode<{ global_fee_admin: PublicKey; bank_init_flat_sol_fee: number }>(
      "FeeState",
      (await connection.getAccountInfo(feeStateAddress(), "confirmed"))!.data,
    );
    expect(decoded.global_fee_admin.toBase58()).toBe(feeAdmin.publicKey.toBase58());
    expect(decoded.bank_init_flat_sol_fee).toBe(5000);
  });

  it("edit changes only the fields given and prints them before and after", async () => {
    const out = await cli.json<{ changed: Record<string, unknown> }>([
      "fee-state",
      "edit",
      "--bank-init-fee",
      "0",
      "--keypair",
      feeAdminFile,
    ]);
    expect(out.changed).toEqual({ bankInitFlatSolFee: { before: 5000, after: 0 } });
    const shown = await cli.json(["fee-state", "show"]);
    expect(shown).toMatchObject({
      feeState: feeStateAddress().toBase58(),
      bankInitFlatSolFee: 0,
      globalFeeAdmin: feeAdmin.publicKey.toBase58(),
    });
  });

  it("a non-admin edit is the program's refusal, exit 1, nothing changed", async () => {
    const before = await raw(feeStateAddress());
    const result = await cli.run(["fee-state", "edit", "--bank-init-fee", "7", "--keypair", strangerFile]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(REFUSED);
    expect(await raw(feeStateAddress())).toBe(before);
  });
});

describe("group", () => {
  it("create makes a group with the authority as admin and the other roles unset, decoded by the official IDL", async () => {
    const groupFile = cli.keypairFile("group", groupKeypair);
    const out = await cli.json<{ created: Record<string, unknown> }>(asAdmin(["group", "create", "--group-keypair", groupFile]));
    const me = admin.publicKey.toBase58();
    expect(out.created).toMatchObject({
      group: group.toBase58(),
      admin: me,
      emodeAdmin: DEFAULT_KEY,
      riskAdmin: DEFAULT_KEY,
      banks: 0,
      programFeesEnabled: true,
      paused: false,
    });
    const decoded = coder.accounts.decode<{ admin: PublicKey }>(
      "MarginfiGroup",
      (await connection.getAccountInfo(group, "confirmed"))!.data,
    );
    expect(decoded.admin.toBase58()).toBe(me);
  });

  it("roles sets one role and keeps the others and the leverage caps", async () => {
    const before = await cli.json(["group", "show", "--group", group.toBase58()]);
    const out = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["group", "roles", "--group", group.toBase58(), "--risk-admin", newRiskAdmin.toBase58()]),
    );
    expect(out.changed).toEqual({ riskAdmin: { before: DEFAULT_KEY, after: newRiskAdmin.toBase58() } });
    const after = await cli.json(["group", "show", "--group", group.toBase58()]);
    expect({ ...after, riskAdmin: before.riskAdmin }).toEqual(before);
    const decoded = coder.accounts.decode<{ risk_admin: PublicKey }>(
      "MarginfiGroup",
      (await connection.getAccountInfo(group, "confirmed"))!.data,
    );
    expect(decoded.risk_admin.toBase58()).toBe(newRiskAdmin.toBase58());
  });

  it("configure sets the leverage caps, the deleverage limit and program fees", async () => {
    const caps = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["group", "configure", "--group", group.toBase58(), "--emode-max-init-leverage", "10", "--deleverage-limit", "5000"]),
    );
    expect(Object.keys(caps.changed).sort()).toEqual(["deleverageDailyLimitUsd", "emodeMaxInitLeverage"]);
    expect(caps.changed.deleverageDailyLimitUsd).toEqual({ before: 0, after: 5000 });
    const fees = await cli.json<{ changed: Record<string, unknown> }>([
      "group",
      "configure",
      "--group",
      group.toBase58(),
      "--program-fees",
      "off",
      "--keypair",
      feeAdminFile,
    ]);
    expect(fees.changed).toEqual({ programFeesEnabled: { before: true, after: false } });
  });

  it("a non-admin gets the program's refusal with its message and exit 1; the group is unchanged", async () => {
    const before = await raw(group);
    const result = await cli.run([
      "group",
      "roles",
      "--group",
      group.toBase58(),
      "--admin",
      stranger.publicKey.toBase58(),
      "--keypair",
      strangerFile,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(REFUSED);
    expect(await raw(group)).toBe(before);
  });

  it("--dry-run simulates: logs and compute units printed, nothing changes", async () => {
    const before = await raw(group);
    const out = await cli.json<{ simulation: string; unitsConsumed: number; logs: string[] }>(
      asAdmin(["group", "roles", "--group", group.toBase58(), "--curve-admin", stranger.publicKey.toBase58(), "--dry-run"]),
    );
    expect(out.simulation).toBe("succeeded");
    expect(out.unitsConsumed).toBeGreaterThan(0);
    expect(out.logs[0]).toBe("Program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA invoke [1]");
    expect(out.logs.at(-1)).toBe("Program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA success");
    expect(await raw(group)).toBe(before);
  });

  it("a refused --dry-run prints its logs and exits 1", async () => {
    const result = await cli.run([
      "group",
      "roles",
      "--group",
      group.toBase58(),
      "--curve-admin",
      stranger.publicKey.toBase58(),
      "--dry-run",
      "--keypair",
      strangerFile,
      "--output",
      "json",
    ]);
    expect(result.code).toBe(1);
    const printed = JSON.parse(result.stdout) as { simulation: string; logs: string[] };
    expect(printed.simulation).toBe("failed");
    expect(printed.logs).toContain(
      "Program log: AnchorError caused by account: marginfi_group. Error Code: Unauthorized. Error Number: 6042. Error Message: Unauthorized.",
    );
    expect(result.stderr).toBe(REFUSED);
  });

  it("--multisig prints the unsigned transaction, base58 and base64, paid by the authority, and sends nothing", async () => {
    const vault = Keypair.generate().publicKey;
    // The multisig vault must be the admin for the program to accept it later; the transaction is only built here.
    const before = await raw(group);
    const out = await cli.json<{ feePayer: string; signaturesRequired: number; base58: string; base64: string }>([
      "group",
      "roles",
      "--group",
      group.toBase58(),
      "--limit-admin",
      stranger.publicKey.toBase58(),
      "--multisig",
      "--authority",
      vault.toBase58(),
    ]);
    expect(out.feePayer).toBe(vault.toBase58());
    expect(out.signaturesRequired).toBe(1);
    const fromBase58 = VersionedTransaction.deserialize(bs58.decode(out.base58));
    const fromBase64 = VersionedTransaction.deserialize(Buffer.from(out.base64, "base64"));
    expect(Buffer.from(fromBase58.serialize()).equals(Buffer.from(fromBase64.serialize()))).toBe(true);
    expect(fromBase58.signatures.every((s) => s.every((b) => b === 0))).toBe(true);
    const [instruction] = TransactionMessage.decompile(fromBase58.message).instructions;
    const decoded = coder.instruction.decode(Buffer.from(instruction!.data)) as {
      name: string;
      data: { new_limit_admin: PublicKey; new_risk_admin: PublicKey };
    };
    expect(decoded.name).toBe("marginfi_group_configure");
    expect(decoded.data.new_limit_admin.toBase58()).toBe(stranger.publicKey.toBase58());
    expect(decoded.data.new_risk_admin.toBase58()).toBe(newRiskAdmin.toBase58());
    expect(instruction!.keys.map((k) => k.pubkey.toBase58())).toEqual([group.toBase58(), vault.toBase58()]);
    expect(await raw(group)).toBe(before);
  });
});

describe("panic", () => {
  it("pause and unpause flip the fee state's panic state; propagate copies it into the group", async () => {
    const paused = await cli.json<{ changed: Record<string, { after: unknown }> }>(["panic", "pause", "--keypair", feeAdminFile]);
    expect(paused.changed.paused).toEqual({ before: false, after: true });
    const propagated = await cli.json<{ changed: Record<string, unknown> }>([
      "fee-state",
      "propagate",
      "--group",
      group.toBase58(),
      "--keypair",
      feeAdminFile,
    ]);
    expect(propagated.changed.paused).toEqual({ before: false, after: true });
    const unpaused = await cli.json<{ changed: Record<string, unknown> }>(["panic", "unpause", "--keypair", feeAdminFile]);
    expect(unpaused.changed.paused).toEqual({ before: true, after: false });
  });
});

describe("bad input exits 2 with one line naming the flag, before anything is sent", () => {
  it.each([
    [["group", "show", "--group", "not-a-key"], 'ballast: --group: expected a base58 public key, got "not-a-key"\n'],
    [["group", "show"], "ballast: --group: required (the group's address)\n"],
    [["group", "show", "--output", "xml"], 'ballast: --output: expected one of table, json, json-compact, got "xml"\n'],
    [["fee-state", "show", "--commitment", "max"], 'ballast: --commitment: expected one of processed, confirmed, finalized, got "max"\n'],
    [["group", "create", "--keypair", "missing.json"], "ballast: --keypair: cannot read keypair file MISSING\n"],
    [
      ["group", "configure", "--group", "11111111111111111111111111111111", "--deleverage-limit", "-3"],
      'ballast: --deleverage-limit: expected an integer from 0 to 4294967295, got "-3"\n',
    ],
    [["group", "bogus"], "ballast: unknown command 'bogus'\n"],
    [["group", "show", "--nope"], "ballast: unknown option '--nope'\n"],
  ])("%j", async (args, message) => {
    const result = await cli.run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message.replace("MISSING", `${cli.home}/missing.json`));
  });

  it("a keypair file that is not 64 numbers", async () => {
    const path = cli.file("bad-key.json", "[1,2,3]");
    const result = await cli.run(["group", "create", "--keypair", path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`ballast: --keypair: ${path} is not a Solana keypair file (expected a JSON array of 64 numbers)\n`);
  });
});

describe("help and completion", () => {
  const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: "/", home: "/" };
  const leaves = commandTree(buildProgram(io).program).filter((n) => n.subcommands.length === 0 && n.path.length > 1);

  it("every command's help says what it changes on chain, or that it reads only", () => {
    expect(leaves.length).toBeGreaterThan(20);
    for (const leaf of leaves)
      expect(leaf.description, leaf.path.join(" ")).toMatch(/Changes on chain: .+\.$|Reads only\.$|Touches no chain\.$/);
  });

  it.each(["bash", "zsh", "fish"])("the %s script lists every command", async (shell) => {
    const result = await cli.run(["completion", shell]);
    expect(result.code).toBe(0);
    for (const leaf of leaves) {
      const name = leaf.path.at(-1)!;
      expect(result.stdout, leaf.path.join(" ")).toContain(shell === "fish" ? `-a ${name} ` : name);
      if (shell !== "fish") expect(result.stdout).toContain(`"${leaf.path.slice(1).join(" ")}")`);
    }
  });

  it("--help prints the global options and exits 0", async () => {
    const result = await cli.run(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("http://127.0.0.1:8899");
    expect(result.stdout).toContain("--multisig");
  });
});

it("the installed bin runs: `ballast group show` through node_modules/.bin prints the group and exits 0", async () => {
  const bin = new URL("../../../node_modules/.bin/ballast", import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(
    bin,
    ["group", "show", "--group", group.toBase58(), "--url", net.rpc.url, "--output", "json-compact"],
    {
      env: { ...process.env, HOME: cli.home },
    },
  );
  expect(JSON.parse(stdout)).toMatchObject({
    group: group.toBase58(),
    admin: admin.publicKey.toBase58(),
    riskAdmin: newRiskAdmin.toBase58(),
  });
});
