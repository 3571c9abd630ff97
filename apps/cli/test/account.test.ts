// `ballast account` against a real ledger over JSON-RPC: the report of an account with a deposit and a borrow (native
// units, each bank's contribution to Initial / Maintenance / Equity, liquidation prices, flags), a wallet's accounts,
// and the group admin's freeze and unfreeze; a non-admin is refused by the program (exit 1), bad input exits 2.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { AccountFlags } from "@ballast/protocol";
import { TestMarket, type TestBank, type TestUser } from "../../../packages/protocol/test/support/market.js";
import { cli, json, keypairFile, tempHome } from "./support.js";

const SOL = 1_000_000_000n;
const USDC = 1_000_000n;

let market: TestMarket;
let sol: TestBank;
let usdc: TestBank;
let borrower: TestUser;
let home: string;
let global: string[];

beforeAll(async () => {
  market = await TestMarket.start();
  // Binary-exact weights and fixed prices keep every figure a short exact decimal.
  sol = await market.addBank(9, { kind: "fixed", price: "10" }, { assetWeightInit: "0.5", assetWeightMaint: "0.75" });
  usdc = await market.addBank(6, { kind: "fixed", price: "1" });
  await market.deposit(await market.newUser(), usdc, 1_000n * USDC);
  borrower = await market.newUser();
  await market.deposit(borrower, sol, 2n * SOL);
  await market.borrow(borrower, usdc, 6n * USDC, [sol, usdc]);
  home = tempHome();
  global = ["--url", market.net.rpc.url, "--keypair", keypairFile(home, market.admin, "admin"), "--group", market.group.toBase58()];
}, 120_000);

afterAll(async () => {
  await market?.close();
});

interface Component {
  assets: string;
  liabilities: string;
  health: string;
}

interface Shown {
  address: string;
  authority: string;
  group: string;
  flags: string;
  liquidatable: boolean;
  initial: Component;
  maintenance: Component;
  equity: Component;
  balances: Record<string, string | null>[];
}

describe("account show", () => {
  it("reports balances, each bank's contribution to the three components, liquidation prices and flags, exactly", async () => {
    const run = await cli(home, [...global, "--output", "json", "account", "show", borrower.account.toBase58()]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const shown = json<Shown>(run);
    expect(shown).toMatchObject({
      address: borrower.account.toBase58(),
      authority: borrower.wallet.publicKey.toBase58(),
      group: market.group.toBase58(),
      flags: "none",
      liquidatable: false,
      // 2 SOL × $10 × 0.5 against $6; × 0.75; unweighted.
      initial: { assets: "10", liabilities: "6", health: "4" },
      maintenance: { assets: "15", liabilities: "6", health: "9" },
      equity: { assets: "20", liabilities: "6", health: "14" },
    });
    // Balances print in slot order, which the program keeps sorted by bank address.
    const bySide = Object.fromEntries(shown.balances.map((b) => [b.side, b]));
    expect(shown.balances).toHaveLength(2);
    expect(bySide).toEqual({
      deposit: {
        bank: sol.key.toBase58(),
        mint: sol.mint.toBase58(),
        side: "deposit",
        native: "2000000000",
        amount: "2",
        usd: "20",
        initial: "10",
        initialWeight: "0.5",
        maintenance: "15",
        maintenanceWeight: "0.75",
        equity: "20",
        // $6 of debt = 2 SOL × 0.75 × $4.
        liquidationPrice: "4",
      },
      borrow: {
        bank: usdc.key.toBase58(),
        mint: usdc.mint.toBase58(),
        side: "borrow",
        native: "6000000",
        amount: "6",
        usd: "6",
        initial: "-6",
        initialWeight: "1",
        maintenance: "-6",
        maintenanceWeight: "1",
        equity: "-6",
        // $15 of weighted collateral = 6 USDC × $2.5.
        liquidationPrice: "2.5",
      },
    });
  });

  it("prints a summary and a table of balances by default", async () => {
    const run = await cli(home, [...global, "account", "show", borrower.account.toBase58()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^maintenance\.health\s+9$/m);
    expect(run.stdout).toMatch(/^bank\s+mint\s+side\s+native\s+amount\s+usd\s+initial\s+initialWeight/m);
    expect(run.stdout).toMatch(
      new RegExp(
        `^${sol.key.toBase58()}\\s+${sol.mint.toBase58()}\\s+deposit\\s+2000000000\\s+2\\s+20\\s+10\\s+0\\.5\\s+15\\s+0\\.75\\s+20\\s+4$`,
        "m",
      ),
    );
  });

  it("refuses a malformed address, a missing account and an account of another kind with exit 2", async () => {
    const bad = await cli(home, [...global, "account", "show", "not-a-key"]);
    expect(bad).toMatchObject({ code: 2, stdout: "" });
    expect(bad.stderr).toBe('ballast: ADDRESS: expected a base58 public key, got "not-a-key"\n');
    const nowhere = Keypair.generate().publicKey.toBase58();
    expect(await cli(home, [...global, "account", "show", nowhere])).toMatchObject({
      code: 2,
      stderr: `ballast: ADDRESS: no account at ${nowhere}\n`,
    });
    const bank = await cli(home, [...global, "account", "show", sol.key.toBase58()]);
    expect(bank.code).toBe(2);
    expect(bank.stderr).toBe(
      `ballast: ADDRESS: ${sol.key.toBase58()} is not a margin account of program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA\n`,
    );
  });
});

describe("account list", () => {
  it("lists the wallet's accounts with memcmp filters, in the group and in every group", async () => {
    const second = Keypair.generate();
    const wallet = borrower.wallet.publicKey.toBase58();
    const expected = [{ address: borrower.account.toBase58(), group: market.group.toBase58(), balances: 2, flags: "none" }];
    const inGroup = await cli(home, [...global, "--output", "json", "account", "list", "--authority", wallet]);
    expect(inGroup.code).toBe(0);
    expect(json(inGroup)).toEqual(expected);
    const anywhere = await cli(home, ["--url", market.net.rpc.url, "--output", "json", "account", "list", "--authority", wallet]);
    expect(json(anywhere)).toEqual(expected);
    const none = await cli(home, [...global, "--output", "json", "account", "list", "--authority", second.publicKey.toBase58()]);
    expect(json(none)).toEqual([]);
  });

  it("needs --authority (exit 2)", async () => {
    expect(await cli(home, [...global, "account", "list"])).toMatchObject({
      code: 2,
      stderr: "ballast: --authority: required (the wallet whose margin accounts to list)\n",
    });
  });
});

describe("account freeze | unfreeze", () => {
  it("the group admin freezes and unfreezes: the flag changes and the change is printed", async () => {
    const address = borrower.account.toBase58();
    const frozen = await cli(home, [...global, "--output", "json", "account", "freeze", address]);
    expect(frozen.stderr).toBe("");
    expect(frozen.code).toBe(0);
    expect(json<{ changed: unknown }>(frozen).changed).toEqual({
      frozen: { before: false, after: true },
      flags: { before: "none", after: "ACCOUNT_FROZEN" },
    });
    expect((await market.marginfiAccount(borrower)).accountFlags & AccountFlags.ACCOUNT_FROZEN).toBe(AccountFlags.ACCOUNT_FROZEN);
    const shown = json<Shown>(await cli(home, [...global, "--output", "json", "account", "show", address]));
    expect(shown.flags).toBe("ACCOUNT_FROZEN");

    const thawed = await cli(home, [...global, "--output", "json", "account", "unfreeze", address]);
    expect(thawed.code).toBe(0);
    expect(json<{ changed: unknown }>(thawed).changed).toEqual({
      frozen: { before: true, after: false },
      flags: { before: "ACCOUNT_FROZEN", after: "none" },
    });
    expect((await market.marginfiAccount(borrower)).accountFlags & AccountFlags.ACCOUNT_FROZEN).toBe(0n);
  });

  it("a non-admin keypair gets the program's refusal and exit 1; nothing changes", async () => {
    const stranger = Keypair.generate();
    await market.airdrop(stranger.publicKey, 1_000_000_000n);
    const path = keypairFile(home, stranger, "stranger");
    const run = await cli(home, ["--url", market.net.rpc.url, "--keypair", path, "account", "freeze", borrower.account.toBase58()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("ballast: transaction failed: Unauthorized (program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA error 6042)\n");
    expect((await market.marginfiAccount(borrower)).accountFlags & AccountFlags.ACCOUNT_FROZEN).toBe(0n);
  });

  it("--dry-run simulates and changes nothing", async () => {
    const run = await cli(home, [...global, "--dry-run", "--output", "json", "account", "freeze", borrower.account.toBase58()]);
    expect(run.code).toBe(0);
    expect(json<{ simulation: string }>(run).simulation).toBe("succeeded");
    expect((await market.marginfiAccount(borrower)).accountFlags & AccountFlags.ACCOUNT_FROZEN).toBe(0n);
  });

  it("--multisig prints the unsigned transaction for the multisig's vault and changes nothing", async () => {
    const vault = market.admin.publicKey.toBase58();
    const run = await cli(home, [
      ...global,
      "--multisig",
      "--authority",
      vault,
      "--output",
      "json",
      "account",
      "freeze",
      borrower.account.toBase58(),
    ]);
    expect(run.code).toBe(0);
    const printed = json<{ feePayer: string; signaturesRequired: number; base58: string; base64: string }>(run);
    expect(printed).toMatchObject({ feePayer: vault, signaturesRequired: 1 });
    expect(Buffer.from(printed.base64, "base64").length).toBeGreaterThan(100);
    expect((await market.marginfiAccount(borrower)).accountFlags & AccountFlags.ACCOUNT_FROZEN).toBe(0n);
  });

  it("every command's help says what it changes or that it reads only", async () => {
    for (const [command, text] of [
      ["show", "Reads only."],
      ["list", "Reads only."],
      ["freeze", "Changes on chain: sets the account's ACCOUNT_FROZEN flag."],
      ["unfreeze", "Changes on chain: clears the account's ACCOUNT_FROZEN flag."],
    ] as const) {
      const help = await cli(home, ["account", command, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout.replace(/\s+/g, " ")).toContain(text);
    }
  });
});
