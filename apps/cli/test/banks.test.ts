// The bank commands on a real ledger over JSON-RPC: banks added from a YAML and a JSON config, configured, given
// e-mode, limits and a curve, their fees collected and withdrawn after real borrows, one closed; the official IDL
// decodes what was created; --dry-run and --multisig change nothing; refusals and bad config files exit 1 and 2 with
// their exact messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { BorshCoder, type Idl } from "@coral-xyz/anchor";
import { getAccount, getAssociatedTokenAddressSync, mintTo } from "@solana/spl-token";
import { Keypair, PublicKey, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import bs58 from "bs58";
import { marketProgram } from "@ballast/market";
import { decodeBank, i80f48 } from "@ballast/protocol";
import { bankAddressWithSeed, bankVaultAuthorityAddress, kaminoBankKeys } from "@ballast/sdk";
import { bankVaults, TestMarket, type TestBank } from "../../../packages/protocol/test/support/market.js";
import { createKaminoReserve } from "../../../packages/sdk/test/support/kamino-market.js";
import { CliUser } from "./support.js";

const IDL = JSON.parse(readFileSync(new URL("../../../packages/protocol/idl/marginfi.json", import.meta.url), "utf8")) as Idl;
const coder = new BorshCoder(IDL);
const USDC = 1_000_000n;
const SOL = 1_000_000_000n;

let market: TestMarket;
let cli: CliUser;
let adminFile: string;
let strangerFile: string;
let usdcMint: PublicKey;
let solMint: PublicKey;
let solFeed: PublicKey;
let usdc: PublicKey;
let sol: PublicKey;

/** A decimal as the program stores it (I80F48), printed back exactly. */
const exact = (decimal: string) => i80f48.toDecimal(i80f48.fromDecimal(decimal));
const g = () => ["--group", market.group.toBase58()];
const asAdmin = (args: string[]) => [...args, ...g(), "--keypair", adminFile];
const raw = async (address: PublicKey) => (await market.connection.getAccountInfo(address, "confirmed"))?.data.toString("hex") ?? "";
const testBank = (key: PublicKey, mint: PublicKey, decimals: number, oracle: PublicKey | null): TestBank => ({
  key,
  mint,
  decimals,
  oracle,
  oracleKind: oracle === null ? "fixed" : "pyth",
  vaults: bankVaults(key),
});

const usdcYaml = (mint: PublicKey) => `# USDC at a fixed $1
mint: ${mint.toBase58()}
oracle:
  setup: Fixed
  price: "1"
  maxAge: 60
assetWeightInit: 0.9
assetWeightMaint: 0.95
liabilityWeightInit: 1.1
liabilityWeightMaint: 1.05
depositLimit: 1000000000000
borrowLimit: max
interestRate:
  zeroUtilRate: 0.01
  hundredUtilRate: 1.5
  points:
    - { util: 0.8, rate: 0.1 }
  protocolOriginationFee: 0.01
riskTier: Collateral
`;

beforeAll(async () => {
  market = await TestMarket.start({ programs: [marketProgram()] });
  cli = new CliUser(market.net.rpc.url, market.ledger);
  adminFile = cli.keypairFile("admin", market.admin);
  const stranger = Keypair.generate();
  await market.airdrop(stranger.publicKey, 10_000_000_000n);
  strangerFile = cli.keypairFile("stranger", stranger);
  usdcMint = await market.createMint(6);
  solMint = await market.createMint(9);
  solFeed = (await market.createOracle({ kind: "pyth", price: 150 }))!;
  // The group admin takes the delegate roles too, so one keypair signs every bank command.
  const me = market.admin.publicKey.toBase58();
  await cli.json(asAdmin(["group", "roles", "--emode-admin", me, "--limit-admin", me, "--curve-admin", me]));
}, 120_000);

afterAll(async () => {
  await market?.close();
});

describe("bank add", () => {
  it("from a YAML file: a fixed-price bank with its weights, limits and curve, decoded by the official IDL", async () => {
    const path = cli.file("usdc.yaml", usdcYaml(usdcMint));
    const out = await cli.json<{ created: Record<string, unknown> }>(asAdmin(["bank", "add", "--config", path]));
    usdc = new PublicKey(out.created.bank as string);
    expect(out.created).toMatchObject({
      group: market.group.toBase58(),
      mint: usdcMint.toBase58(),
      mintDecimals: 6,
      operationalState: "Operational",
      riskTier: "Collateral",
      assetTag: "Default",
      assetWeightInit: exact("0.9"),
      liabilityWeightInit: exact("1.1"),
      depositLimit: "1000000000000",
      borrowLimit: "18446744073709551615",
      oracle: { setup: "Fixed", keys: null, fixedPrice: "1", maxAge: 60, maxConfidence: "default (10%)" },
      interestRate: { zeroUtilRate: "0.9999%", hundredUtilRate: "149.9999%", points: "79.9999%→9.9999%" },
      emode: { tag: 0, entries: "" },
    });
    const decoded = coder.accounts.decode<{ mint: PublicKey; group: PublicKey; config: { deposit_limit: { toString(): string } } }>(
      "Bank",
      (await market.connection.getAccountInfo(usdc, "confirmed"))!.data,
    );
    expect(decoded.mint.toBase58()).toBe(usdcMint.toBase58());
    expect(decoded.group.toBase58()).toBe(market.group.toBase58());
    expect(decoded.config.deposit_limit.toString()).toBe("1000000000000");
  });

  it("from a JSON file: a Pyth bank at its seed's address, with e-mode set in a second transaction", async () => {
    const path = cli.file(
      "sol.json",
      JSON.stringify({
        mint: solMint.toBase58(),
        seed: 7,
        oracle: { setup: "PythPushOracle", keys: [solFeed.toBase58()], maxAge: 100 },
        assetWeightInit: "0.8",
        assetWeightMaint: "0.9",
        liabilityWeightInit: "1.25",
        liabilityWeightMaint: "1.1",
        interestRate: { hundredUtilRate: "2", points: [{ util: "0.7", rate: "0.08" }] },
        assetTag: "Sol",
        emode: { tag: 501, entries: [{ collateralTag: 1571, assetWeightInit: "0.9", assetWeightMaint: "0.95" }] },
      }),
    );
    const result = await cli.run(asAdmin(["bank", "add", "--config", path, "--output", "json-compact"]));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const [created, emode] = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, Record<string, unknown>>);
    sol = bankAddressWithSeed(market.group, solMint, 7n);
    expect(created!.created).toMatchObject({
      bank: sol.toBase58(),
      assetTag: "Sol",
      oracle: { setup: "PythPushOracle", keys: solFeed.toBase58(), fixedPrice: null, maxAge: 100 },
    });
    expect(emode!.changed).toEqual({
      "emode.tag": { before: 0, after: 501 },
      "emode.entries": { before: "", after: `1571:${exact("0.9")}:${exact("0.95")}` },
    });
  });

  it("bank list shows both banks of the group; bank show reads one", async () => {
    const list = await cli.json<Record<string, unknown>[]>(["bank", "list", ...g()]);
    expect(list.map((b) => b.bank).sort()).toEqual([usdc.toBase58(), sol.toBase58()].sort());
    expect(list.find((b) => b.bank === sol.toBase58())).toMatchObject({
      mint: solMint.toBase58(),
      state: "Operational",
      tier: "Collateral",
      oracle: "PythPushOracle",
      emodeTag: 501,
    });
    const shown = await cli.json(["bank", "show", "--bank", sol.toBase58()]);
    expect(shown).toMatchObject({ bank: sol.toBase58(), mint: solMint.toBase58(), mintDecimals: 9 });
  });
});

describe("bank configuration", () => {
  it("configure changes exactly the settings given", async () => {
    const out = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["bank", "configure", "--bank", usdc.toBase58(), "--asset-weight-init", "0.5", "--operational-state", "ReduceOnly"]),
    );
    expect(out.changed).toEqual({
      assetWeightInit: { before: exact("0.9"), after: "0.5" },
      operationalState: { before: "Operational", after: "ReduceOnly" },
    });
    const back = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["bank", "configure", "--bank", usdc.toBase58(), "--operational-state", "operational"]),
    );
    expect(back.changed).toEqual({ operationalState: { before: "ReduceOnly", after: "Operational" } });
  });

  it("set-emode replaces the tag and entries", async () => {
    const out = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["bank", "set-emode", "--bank", usdc.toBase58(), "--tag", "7", "--entry", "501:0.85:0.9"]),
    );
    expect(out.changed["emode.tag"]).toEqual({ before: 0, after: 7 });
    expect(out.changed["emode.entries"]).toEqual({ before: "", after: `501:${exact("0.85")}:${exact("0.9")}` });
  });

  it("configure-oracle points a bank at another feed of its setup, and back; bank show prints it as a table", async () => {
    const feed = (await market.createOracle({ kind: "pyth", price: 151 }))!;
    const configure = (to: PublicKey) =>
      cli.json<{ changed: Record<string, unknown> }>(
        asAdmin(["bank", "configure-oracle", "--bank", sol.toBase58(), "--setup", "PythPushOracle", "--oracle", to.toBase58()]),
      );
    expect((await configure(feed)).changed).toEqual({ "oracle.keys": { before: solFeed.toBase58(), after: feed.toBase58() } });

    const table = await cli.run(asAdmin(["bank", "show", "--bank", sol.toBase58()]));
    expect(table.code).toBe(0);
    const rows = new Map(
      table.stdout
        .trimEnd()
        .split("\n")
        .map((line) => line.split(/\s{2,}/) as [string, string]),
    );
    expect(rows.get("bank")).toBe(sol.toBase58());
    expect(rows.get("oracle.setup")).toBe("PythPushOracle");
    expect(rows.get("oracle.keys")).toBe(feed.toBase58());
    expect(rows.get("emode.tag")).toBe("501");

    expect((await configure(solFeed)).changed).toEqual({ "oracle.keys": { before: feed.toBase58(), after: solFeed.toBase58() } });
  });

  it("set-limits and set-curve, signed by the limit and curve admin", async () => {
    const limits = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["bank", "set-limits", "--bank", sol.toBase58(), "--deposit-limit", "5000000000000", "--borrow-limit", "1000000000000"]),
    );
    expect(limits.changed).toEqual({
      depositLimit: { before: "18446744073709551615", after: "5000000000000" },
      borrowLimit: { before: "18446744073709551615", after: "1000000000000" },
    });
    const curve = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["bank", "set-curve", "--bank", sol.toBase58(), "--hundred-util-rate", "3", "--point", "0.5:0.05"]),
    );
    expect(curve.changed).toEqual({
      "interestRate.hundredUtilRate": { before: "199.9999%", after: "299.9999%" },
      "interestRate.points": { before: "69.9999%→7.9999%", after: "49.9999%→4.9999%" },
    });
  });

  it("a non-admin's configure is refused with the program's message, exit 1, nothing changed", async () => {
    const before = await raw(usdc);
    const result = await cli.run(["bank", "configure", "--bank", usdc.toBase58(), "--asset-weight-init", "0.1", "--keypair", strangerFile]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "ballast: transaction failed: Unauthorized (program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA error 6042)\n",
    );
    expect(await raw(usdc)).toBe(before);
  });

  it("bank add --multisig: the new bank's key has signed, the authority's signature is left for the multisig, nothing is created", async () => {
    const mint = await market.createMint(6);
    const bankKey = Keypair.generate();
    const bankKeyFile = cli.keypairFile("multisig-bank", bankKey);
    const out = await cli.json<{ feePayer: string; signaturesRequired: number; base64: string }>([
      "bank",
      "add",
      "--config",
      cli.file("multisig-bank.yaml", usdcYaml(mint)),
      "--bank-keypair",
      bankKeyFile,
      ...g(),
      "--multisig",
      "--authority",
      market.admin.publicKey.toBase58(),
    ]);
    expect([out.feePayer, out.signaturesRequired]).toEqual([market.admin.publicKey.toBase58(), 2]);
    const transaction = VersionedTransaction.deserialize(Buffer.from(out.base64, "base64"));
    const signers = transaction.message.staticAccountKeys.slice(0, 2).map((key) => key.toBase58());
    expect(signers).toEqual([market.admin.publicKey.toBase58(), bankKey.publicKey.toBase58()]);
    const [authoritySignature, bankSignature] = transaction.signatures;
    expect(authoritySignature!.every((byte) => byte === 0)).toBe(true);
    expect(bankSignature!.some((byte) => byte !== 0)).toBe(true);
    expect(await market.connection.getAccountInfo(bankKey.publicKey, "confirmed")).toBeNull();
  });

  it("--dry-run and --multisig change nothing; the multisig transaction decodes back to the instruction", async () => {
    const before = await raw(sol);
    const dry = await cli.json<{ simulation: string; unitsConsumed: number }>(
      asAdmin(["bank", "set-fixed-price", "--bank", sol.toBase58(), "--price", "99", "--dry-run"]),
    );
    expect(dry.simulation).toBe("succeeded");
    expect(dry.unitsConsumed).toBeGreaterThan(0);
    const multisig = await cli.json<{ base64: string; feePayer: string }>([
      "bank",
      "set-fixed-price",
      "--bank",
      sol.toBase58(),
      "--price",
      "99",
      "--multisig",
      "--authority",
      market.admin.publicKey.toBase58(),
    ]);
    expect(multisig.feePayer).toBe(market.admin.publicKey.toBase58());
    const message = VersionedTransaction.deserialize(Buffer.from(multisig.base64, "base64")).message;
    const [instruction] = TransactionMessage.decompile(message).instructions;
    const decoded = coder.instruction.decode(Buffer.from(instruction!.data)) as { name: string };
    expect(decoded.name).toBe("lending_pool_set_fixed_oracle_price");
    expect(bs58.encode(instruction!.keys[2]!.pubkey.toBytes())).toBe(sol.toBase58());
    expect(await raw(sol)).toBe(before);
  });
});

describe("fees", () => {
  it("collect-fees moves a borrow's origination fee into the fee vault; withdraw-fees pays it to the admin", async () => {
    const usdcBank = testBank(usdc, usdcMint, 6, null);
    const solBank = testBank(sol, solMint, 9, solFeed);
    await market.deposit(await market.newUser(), usdcBank, 10_000n * USDC);
    const borrower = await market.newUser();
    await market.deposit(borrower, solBank, 10n * SOL);
    await market.borrow(borrower, usdcBank, 100n * USDC, [solBank, usdcBank]);

    const collected = await cli.json<{ changed: Record<string, { before: string; after: string }> }>([
      "bank",
      "collect-fees",
      "--bank",
      usdc.toBase58(),
      "--keypair",
      adminFile,
    ]);
    // Whole native units move; the fraction below one stays outstanding.
    const { before, after } = collected.changed.collectedGroupFeesOutstanding!;
    expect(Number(before)).toBeGreaterThanOrEqual(1);
    expect(Number(after)).toBeLessThan(1);
    const feeVault = bankVaults(usdc).fee;
    const inVault = (await getAccount(market.connection, feeVault, "confirmed")).amount;
    expect(inVault).toBeGreaterThan(0n);

    const withdrawn = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["bank", "withdraw-fees", "--bank", usdc.toBase58(), "--amount", inVault.toString()]),
    );
    expect(withdrawn.changed).toEqual({
      feeVault: { before: inVault.toString(), after: "0" },
      destination: { before: "0", after: inVault.toString() },
    });
    const ata = getAssociatedTokenAddressSync(usdcMint, market.admin.publicKey);
    expect((await getAccount(market.connection, ata, "confirmed")).amount).toBe(inVault);
  });

  it("withdraw-insurance pays the insurance vault to the admin's token account", async () => {
    const insuranceVault = bankVaults(usdc).insurance;
    market.ledger.warpToTime(market.now());
    await mintTo(market.connection, market.admin, usdcMint, insuranceVault, market.admin, 7n * USDC);
    const ata = getAssociatedTokenAddressSync(usdcMint, market.admin.publicKey);
    const held = (await getAccount(market.connection, ata, "confirmed")).amount;
    const withdrawn = await cli.json<{ changed: Record<string, unknown> }>(
      asAdmin(["bank", "withdraw-insurance", "--bank", usdc.toBase58(), "--amount", (5n * USDC).toString()]),
    );
    expect(withdrawn.changed).toEqual({
      insuranceVault: { before: (7n * USDC).toString(), after: (2n * USDC).toString() },
      destination: { before: held.toString(), after: (held + 5n * USDC).toString() },
    });
    expect((await getAccount(market.connection, insuranceVault, "confirmed")).amount).toBe(2n * USDC);
  });

  it("withdraw-insurance beyond the vault is the token program's refusal, exit 1", async () => {
    const result = await cli.run(asAdmin(["bank", "withdraw-insurance", "--bank", usdc.toBase58(), "--amount", "3000000"]));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "ballast: transaction failed: Insufficient funds (program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA error 1)\n",
    );
  });
});

describe("bank add-kamino", () => {
  it("adds a bank over a market reserve at the PDA of its seed", async () => {
    const { reserve } = await createKaminoReserve(market, solMint, solFeed);
    const path = cli.file(
      "kamino.yaml",
      `mint: ${solMint.toBase58()}
seed: 3
reserve: ${reserve.toBase58()}
oracle: { setup: KaminoPythPush, key: ${solFeed.toBase58()}, maxAge: 60 }
assetWeightInit: 0.8
assetWeightMaint: 0.9
depositLimit: 1000000000000
`,
    );
    const out = await cli.json<{ created: Record<string, unknown> }>(asAdmin(["bank", "add-kamino", "--config", path]));
    expect(out.created).toMatchObject({
      bank: bankAddressWithSeed(market.group, solMint, 3n).toBase58(),
      mint: solMint.toBase58(),
      assetTag: "Kamino",
      assetWeightInit: exact("0.8"),
      depositLimit: "1000000000000",
      oracle: { setup: "KaminoPythPush", keys: `${solFeed.toBase58()} ${reserve.toBase58()}`, maxAge: 60 },
      kaminoReserve: reserve.toBase58(),
    });

    const bank = bankAddressWithSeed(market.group, solMint, 3n);
    const { obligation } = kaminoBankKeys(decodeBank((await market.connection.getAccountInfo(bank, "confirmed"))!.data));
    const initObligation = (amount: string) => asAdmin(["bank", "kamino-init-obligation", "--bank", bank.toBase58(), "--amount", amount]);
    const tooSmall = await cli.run(initObligation("9"));
    expect([tooSmall.code, tooSmall.stderr]).toEqual([2, 'ballast: --amount: expected at least 10 native units, got "9"\n']);

    await market.fund(market.admin, testBank(sol, solMint, 9, solFeed), 1_000n);
    const opened = await cli.json<{ created: Record<string, unknown> }>(initObligation("1000"));
    // The reserve's first cTokens are minted one for one.
    expect(opened.created).toEqual({
      obligation: obligation.toBase58(),
      owner: bankVaultAuthorityAddress(bank, "liquidity").toBase58(),
      deposits: `${reserve.toBase58()}:1000`,
    });
    const again = await cli.run(initObligation("1000"));
    expect([again.code, again.stderr]).toEqual([
      2,
      `ballast: --bank: the obligation ${obligation.toBase58()} of ${bank.toBase58()} already exists\n`,
    ]);
  });

  it("refuses a reserve of another mint before sending", async () => {
    const { reserve } = await createKaminoReserve(market, usdcMint, solFeed);
    const path = cli.file(
      "wrong.json",
      JSON.stringify({
        mint: solMint.toBase58(),
        reserve: reserve.toBase58(),
        oracle: { setup: "KaminoPythPush", key: solFeed.toBase58() },
        assetWeightInit: 0.8,
        assetWeightMaint: 0.9,
      }),
    );
    const result = await cli.run(asAdmin(["bank", "add-kamino", "--config", path]));
    expect(result.stderr).toBe(`ballast: mint: the reserve lends ${usdcMint.toBase58()}, not ${solMint.toBase58()}\n`);
    expect(result.code).toBe(2);
  });
});

describe("bank close", () => {
  it("closes a bank without positions", async () => {
    const mint = await market.createMint(6);
    const path = cli.file("spare.yaml", usdcYaml(mint));
    const created = await cli.json<{ created: { bank: string } }>(asAdmin(["bank", "add", "--config", path]));
    const out = await cli.json<{ changed: Record<string, unknown> }>(asAdmin(["bank", "close", "--bank", created.created.bank]));
    expect(out.changed).toEqual({ closed: { before: false, after: true } });
    expect(await market.connection.getAccountInfo(new PublicKey(created.created.bank), "confirmed")).toBeNull();
  });
});

describe("bad config files exit 2 with the file, the field and what was expected", () => {
  const base = () => ({
    mint: usdcMint.toBase58(),
    oracle: { setup: "Fixed", price: "1" },
    assetWeightInit: "0.9",
    assetWeightMaint: "0.95",
    liabilityWeightInit: "1.1",
    liabilityWeightMaint: "1.05",
    interestRate: { hundredUtilRate: "1" },
  });
  it.each([
    [{ assetWeightInit: "1.5" }, 'bad.json.assetWeightInit: expected a decimal number from 0 to 1, got "1.5"'],
    [{ mint: "xyz" }, 'bad.json.mint: expected a base58 public key, got "xyz"'],
    [
      { colour: "red" },
      'bad.json: unknown field "colour" (expected one of mint, seed, oracle, assetWeightInit, assetWeightMaint, liabilityWeightInit, liabilityWeightMaint, depositLimit, borrowLimit, totalAssetValueInitLimit, interestRate, riskTier, assetTag, operationalState, emode)',
    ],
    [{ interestRate: { points: [] } }, "bad.json.interestRate.hundredUtilRate: required"],
    [
      {
        interestRate: {
          hundredUtilRate: "1",
          points: [
            { util: "0.9", rate: "0.1" },
            { util: "0.5", rate: "0.2" },
          ],
        },
      },
      "bad.json.interestRate.points[1].util: expected utilizations in ascending order",
    ],
    [{ riskTier: "Risky" }, 'bad.json.riskTier: expected one of Collateral, Isolated, got "Risky"'],
    [{ oracle: { setup: "PythPushOracle" } }, "bad.json.oracle.keys: required (the oracle feed first, then any account the setup needs)"],
    [{ depositLimit: -1 }, "bad.json.depositLimit: expected an integer from 0 to 18446744073709551615, got -1"],
  ])("%j", async (override, message) => {
    const path = cli.file("bad.json", JSON.stringify({ ...base(), ...override }));
    const result = await cli.run(asAdmin(["bank", "add", "--config", path]));
    expect(result.stderr).toBe(`ballast: ${message}\n`);
    expect(result.code).toBe(2);
  });

  it("a file that is not YAML, and one that does not exist", async () => {
    const path = cli.file("broken.yaml", "mint: [unclosed\n");
    const broken = await cli.run(asAdmin(["bank", "add", "--config", path]));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(new RegExp(`^ballast: --config: ${path} is not valid YAML \\(`));
    const missing = await cli.run(asAdmin(["bank", "add", "--config", "nope.yaml"]));
    expect(missing.stderr).toBe(`ballast: --config: cannot read ${cli.home}/nope.yaml\n`);
    expect(missing.code).toBe(2);
  });

  it("a bad --bank flag", async () => {
    const result = await cli.run(["bank", "show", "--bank", "0OIl"]);
    expect(result.stderr).toBe('ballast: --bank: expected a base58 public key, got "0OIl"\n');
    expect(result.code).toBe(2);
  });
});
