// `ballast emissions` against a real ledger: the group's emissions admin sets up a bank's emissions from its token
// account and changes them; `show` reads them back per bank; another keypair is refused by the program (exit 1);
// bad input exits 2 before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, type PublicKey } from "@solana/web3.js";
import { configureGroupInstruction } from "@ballast/sdk";
import { TestMarket, type TestBank } from "../../../packages/protocol/test/support/market.js";
import { cli, json, keypairFile, tempHome } from "./support.js";

let market: TestMarket;
let bank: TestBank;
let other: TestBank;
let reward: PublicKey;
let funding: PublicKey;
const emissionsAdmin = Keypair.generate();
let home: string;
let asAdmin: string[];

beforeAll(async () => {
  market = await TestMarket.start();
  bank = await market.addBank(6, { kind: "fixed", price: "1" });
  other = await market.addBank(9, { kind: "fixed", price: "10" });
  const admin = market.admin.publicKey;
  await market.send(
    configureGroupInstruction({
      group: market.group,
      admin,
      newAdmin: admin,
      newEmodeAdmin: admin,
      newCurveAdmin: admin,
      newLimitAdmin: admin,
      newEmissionsAdmin: emissionsAdmin.publicKey,
      newMetadataAdmin: admin,
      newRiskAdmin: admin,
    }),
    [market.admin],
  );
  await market.airdrop(emissionsAdmin.publicKey, 10_000_000_000n);
  reward = await market.createMint(6);
  funding = await market.fund(emissionsAdmin, { ...bank, mint: reward }, 10_000_000n);
  home = tempHome();
  asAdmin = [
    "--url",
    market.net.rpc.url,
    "--keypair",
    keypairFile(home, emissionsAdmin, "emissions-admin"),
    "--group",
    market.group.toBase58(),
    "--output",
    "json",
  ];
}, 120_000);

afterAll(async () => {
  await market?.close();
});

type Row = Record<string, string | null>;

async function shown(): Promise<Map<string | null | undefined, Row>> {
  const run = await cli(home, [...asAdmin, "emissions", "show"]);
  expect(run.code).toBe(0);
  return new Map(json<Row[]>(run).map((r) => [r["bank"], r]));
}

describe("emissions", () => {
  it("show lists every bank without emissions at first", async () => {
    const rows = await shown();
    expect(rows.get(bank.key.toBase58())).toEqual({
      bank: bank.key.toBase58(),
      mint: bank.mint.toBase58(),
      emissionsMint: null,
      paidTo: "none",
      rate: "0",
      remaining: "0",
    });
    expect(rows.get(other.key.toBase58())).toMatchObject({ emissionsMint: null, paidTo: "none" });
  });

  it("setup funds the vault and sets mint, rate and flags; update changes them; show reads them back", async () => {
    const setup = await cli(home, [
      ...asAdmin,
      "emissions",
      "setup",
      bank.key.toBase58(),
      "--mint",
      reward.toBase58(),
      "--rate",
      "1000000",
      "--total",
      "5000000",
    ]);
    expect(setup.stderr).toBe("");
    expect(setup.code).toBe(0);
    expect(json<{ changed: unknown }>(setup).changed).toEqual({
      emissionsMint: { before: null, after: reward.toBase58() },
      paidTo: { before: "none", after: "lending" },
      rate: { before: "0", after: "1000000" },
      remaining: { before: "0", after: "5000000" },
    });
    const update = await cli(home, [
      ...asAdmin,
      "emissions",
      "update",
      bank.key.toBase58(),
      "--rate",
      "2000000",
      "--add",
      "1000000",
      "--paid-to",
      "both",
    ]);
    expect(update.code).toBe(0);
    expect(json<{ changed: unknown }>(update).changed).toEqual({
      paidTo: { before: "lending", after: "both" },
      rate: { before: "1000000", after: "2000000" },
      remaining: { before: "5000000", after: "6000000" },
    });
    expect((await shown()).get(bank.key.toBase58())).toEqual({
      bank: bank.key.toBase58(),
      mint: bank.mint.toBase58(),
      emissionsMint: reward.toBase58(),
      paidTo: "both",
      rate: "2000000",
      remaining: "6000000",
    });
    expect(await market.tokenBalance(funding)).toBe(4_000_000n);
  });

  it("a keypair that is not the emissions admin gets the program's refusal and exit 1; nothing changes", async () => {
    // The group admin holds the reward token too, so the refusal is about its role, not a missing token account.
    await market.fund(market.admin, { ...bank, mint: reward }, 1_000_000n);
    const path = keypairFile(home, market.admin, "group-admin");
    const run = await cli(home, [
      "--url",
      market.net.rpc.url,
      "--keypair",
      path,
      "emissions",
      "update",
      bank.key.toBase58(),
      "--rate",
      "1",
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("ballast: transaction failed: Unauthorized (program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA error 6042)\n");
    expect((await shown()).get(bank.key.toBase58())?.["rate"]).toBe("2000000");
  });

  it("refuses bad input with exit 2 before sending", async () => {
    const nothing = await cli(home, [...asAdmin, "emissions", "update", bank.key.toBase58()]);
    expect(nothing).toMatchObject({ code: 2, stderr: "ballast: emissions update: give at least one of --rate, --add, --paid-to\n" });
    const noEmissions = await cli(home, [...asAdmin, "emissions", "update", other.key.toBase58(), "--rate", "5"]);
    expect(noEmissions).toMatchObject({ code: 2, stderr: `ballast: BANK: ${other.key.toBase58()} has no emissions; set them up first\n` });
    const badRate = await cli(home, [...asAdmin, "emissions", "update", bank.key.toBase58(), "--rate", "1.5"]);
    expect(badRate.code).toBe(2);
    expect(badRate.stderr).toContain('--rate: expected an integer from 0 to 18446744073709551615, got "1.5"');
    const badWho = await cli(home, [...asAdmin, "emissions", "update", bank.key.toBase58(), "--paid-to", "stakers"]);
    expect(badWho.code).toBe(2);
    expect(badWho.stderr).toContain('--paid-to: expected one of lending, borrow, both, none, got "stakers"');
    const noMint = await cli(home, [...asAdmin, "emissions", "setup", other.key.toBase58(), "--rate", "1", "--total", "1"]);
    expect(noMint.code).toBe(2);
  });

  it("every command's help says what it changes or that it reads only", async () => {
    for (const [command, text] of [
      ["setup", "Changes on chain: creates the bank's emissions vault"],
      ["update", "Changes on chain: the bank's emissions rate"],
      ["show", "Reads only."],
    ] as const) {
      const help = await cli(home, ["emissions", command, "--help"]);
      expect(help.stdout.replace(/\s+/g, " ")).toContain(text);
    }
  });
});
