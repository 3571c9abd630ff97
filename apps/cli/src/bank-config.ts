// A bank's configuration file (JSON or YAML) for `bank add` and `bank add-kamino`, validated field by field: every
// message names the file and the field, and what was expected. Values become the SDK's argument types; nothing here
// encodes bytes.
import { readFileSync } from "node:fs";
import type { PublicKey } from "@solana/web3.js";
import { parse as parseYaml } from "yaml";
import { AssetTag, BankOperationalState, OracleSetup, RiskTier, type I80F48 } from "@ballast/protocol";
import type { BankConfigParams, EmodeEntryParams, InterestRateParams, KaminoBankConfigParams } from "@ballast/sdk";
import { InputError } from "./errors.js";
import { parseApr, parseChoice, parseDecimal, parsePubkey, parseU16, parseU64, parseU8, parseUtilization, U64_MAX } from "./parse.js";

type Fields = Record<string, unknown>;

/** Choices by name, as the program's enums spell them (matched case-insensitively). */
export const OPERATIONAL_STATES = Object.keys(BankOperationalState) as (keyof typeof BankOperationalState)[];
export const RISK_TIERS = Object.keys(RiskTier) as (keyof typeof RiskTier)[];
export const ASSET_TAGS = Object.keys(AssetTag) as (keyof typeof AssetTag)[];
export const ORACLE_SETUPS = Object.keys(OracleSetup) as (keyof typeof OracleSetup)[];

/** The fields of a file, with the path to each for messages, refusing fields it does not know. */
class FieldReader {
  constructor(
    private readonly where: string,
    private readonly fields: Fields,
    known: readonly string[],
  ) {
    for (const key of Object.keys(fields)) {
      if (!known.includes(key)) throw new InputError(`${where}: unknown field "${key}" (expected one of ${known.join(", ")})`);
    }
  }

  name(key: string): string {
    return `${this.where}.${key}`;
  }

  has(key: string): boolean {
    return this.fields[key] !== undefined && this.fields[key] !== null;
  }

  required(key: string): unknown {
    if (!this.has(key)) throw new InputError(`${this.name(key)}: required`);
    return this.fields[key];
  }

  optional(key: string): unknown {
    return this.fields[key] ?? undefined;
  }

  record(key: string, known: readonly string[]): FieldReader {
    const value = this.required(key);
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw new InputError(`${this.name(key)}: expected a mapping of fields`);
    return new FieldReader(this.name(key), value as Fields, known);
  }

  list(key: string): unknown[] {
    const value = this.optional(key);
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw new InputError(`${this.name(key)}: expected a list`);
    return value;
  }
}

/** A JSON or YAML file's top-level mapping (YAML is a superset of JSON; the extension picks the message). */
export function readConfigFile(path: string, flag: string): { where: string; fields: Fields } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new InputError(`${flag}: cannot read ${path}`);
  }
  const json = path.endsWith(".json");
  let parsed: unknown;
  try {
    parsed = json ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    throw new InputError(`${flag}: ${path} is not valid ${json ? "JSON" : "YAML"} (${reason})`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new InputError(`${flag}: ${path} must hold a mapping of bank fields`);
  return { where: path.split("/").at(-1) ?? path, fields: parsed as Fields };
}

const weight = (r: FieldReader, key: string, max = "100"): I80F48 => parseDecimal(r.name(key), r.required(key), { min: "0", max });
const limit = (r: FieldReader, key: string): bigint => (r.has(key) ? parseU64(r.name(key), r.optional(key)) : U64_MAX);

const INTEREST_FIELDS = [
  "zeroUtilRate",
  "hundredUtilRate",
  "points",
  "insuranceFeeFixedApr",
  "insuranceIrFee",
  "protocolFixedFeeApr",
  "protocolIrFee",
  "protocolOriginationFee",
] as const;

function interestRate(r: FieldReader): InterestRateParams {
  const fee = (key: string) => parseDecimal(r.name(key), r.optional(key) ?? "0", { min: "0", max: "10" });
  const points = r.list("points").map((point, i) => {
    const p = new FieldReader(`${r.name("points")}[${i}]`, typeof point === "object" && point !== null ? (point as Fields) : {}, [
      "util",
      "rate",
    ]);
    return { util: parseUtilization(p.name("util"), p.required("util")), rate: parseApr(p.name("rate"), p.required("rate")) };
  });
  if (points.length > 5) throw new InputError(`${r.name("points")}: at most 5 points, got ${points.length}`);
  points.forEach((point, i) => {
    const previous = points[i - 1];
    if (previous !== undefined && point.util <= previous.util)
      throw new InputError(`${r.name("points")}[${i}].util: expected utilizations in ascending order`);
  });
  return {
    zeroUtilRate: parseApr(r.name("zeroUtilRate"), r.optional("zeroUtilRate") ?? "0"),
    hundredUtilRate: parseApr(r.name("hundredUtilRate"), r.required("hundredUtilRate")),
    points,
    insuranceFeeFixedApr: fee("insuranceFeeFixedApr"),
    insuranceIrFee: fee("insuranceIrFee"),
    protocolFixedFeeApr: fee("protocolFixedFeeApr"),
    protocolIrFee: fee("protocolIrFee"),
    protocolOriginationFee: fee("protocolOriginationFee"),
  };
}

/** How the bank is priced: an oracle setup with its accounts, or a fixed price. */
export type BankOracle = { kind: "fixed"; price: I80F48 } | { kind: "feed"; setup: OracleSetup; keys: PublicKey[] };

function bankOracle(r: FieldReader): { oracle: BankOracle; maxAge: number; maxConfidence: number } {
  const setup = parseChoice(r.name("setup"), r.required("setup"), ORACLE_SETUPS);
  const maxAge = parseU16(r.name("maxAge"), r.optional("maxAge") ?? 60);
  const maxConfidence = r.has("maxConfidence") ? parseUtilization(r.name("maxConfidence"), r.optional("maxConfidence")) : 0;
  if (setup === "Fixed") {
    if (r.has("keys")) throw new InputError(`${r.name("keys")}: a Fixed oracle has no keys`);
    return {
      oracle: { kind: "fixed", price: parseDecimal(r.name("price"), r.required("price"), { min: "0", max: "1000000000000" }) },
      maxAge,
      maxConfidence,
    };
  }
  if (r.has("price")) throw new InputError(`${r.name("price")}: only a Fixed oracle has a price`);
  const keys = r.list("keys").map((key, i) => parsePubkey(`${r.name("keys")}[${i}]`, key));
  if (keys.length === 0) throw new InputError(`${r.name("keys")}: required (the oracle feed first, then any account the setup needs)`);
  return { oracle: { kind: "feed", setup: OracleSetup[setup], keys }, maxAge, maxConfidence };
}

export function emodeEntries(r: FieldReader, key: string): EmodeEntryParams[] {
  const entries = r.list(key).map((entry, i) => {
    const e = new FieldReader(`${r.name(key)}[${i}]`, typeof entry === "object" && entry !== null ? (entry as Fields) : {}, [
      "collateralTag",
      "assetWeightInit",
      "assetWeightMaint",
      "flags",
    ]);
    return {
      collateralBankEmodeTag: parseU16(e.name("collateralTag"), e.required("collateralTag")),
      flags: parseU8(e.name("flags"), e.optional("flags") ?? 0),
      assetWeightInit: weight(e, "assetWeightInit"),
      assetWeightMaint: weight(e, "assetWeightMaint"),
    };
  });
  if (entries.length > 10) throw new InputError(`${r.name(key)}: at most 10 entries, got ${entries.length}`);
  return entries;
}

export interface BankFile {
  mint: PublicKey;
  /** Set: the bank is the PDA of (group, mint, seed); otherwise a new keypair's address. */
  seed?: bigint;
  config: BankConfigParams;
  oracle: BankOracle;
  emode?: { tag: number; entries: EmodeEntryParams[] };
}

const BANK_FIELDS = [
  "mint",
  "seed",
  "oracle",
  "assetWeightInit",
  "assetWeightMaint",
  "liabilityWeightInit",
  "liabilityWeightMaint",
  "depositLimit",
  "borrowLimit",
  "totalAssetValueInitLimit",
  "interestRate",
  "riskTier",
  "assetTag",
  "operationalState",
  "emode",
] as const;

/** `bank add --config FILE`. */
export function readBankFile(path: string): BankFile {
  const { where, fields } = readConfigFile(path, "--config");
  const r = new FieldReader(where, fields, BANK_FIELDS);
  const { oracle, maxAge, maxConfidence } = bankOracle(r.record("oracle", ["setup", "keys", "price", "maxAge", "maxConfidence"]));
  const assetTag = parseChoice(r.name("assetTag"), r.optional("assetTag") ?? "Default", ASSET_TAGS);
  if (assetTag !== "Default" && assetTag !== "Sol")
    throw new InputError(`${r.name("assetTag")}: add_bank takes Default or Sol, got "${assetTag}"`);
  const config: BankConfigParams = {
    assetWeightInit: weight(r, "assetWeightInit", "1"),
    assetWeightMaint: weight(r, "assetWeightMaint", "1"),
    liabilityWeightInit: weight(r, "liabilityWeightInit"),
    liabilityWeightMaint: weight(r, "liabilityWeightMaint"),
    depositLimit: limit(r, "depositLimit"),
    borrowLimit: limit(r, "borrowLimit"),
    totalAssetValueInitLimit: r.has("totalAssetValueInitLimit")
      ? parseU64(r.name("totalAssetValueInitLimit"), r.optional("totalAssetValueInitLimit"))
      : 0n,
    interestRateConfig: interestRate(r.record("interestRate", INTEREST_FIELDS)),
    operationalState:
      BankOperationalState[parseChoice(r.name("operationalState"), r.optional("operationalState") ?? "Operational", OPERATIONAL_STATES)],
    riskTier: RiskTier[parseChoice(r.name("riskTier"), r.optional("riskTier") ?? "Collateral", RISK_TIERS)],
    assetTag: AssetTag[assetTag],
    // Banks created at 0.1.4 or later always carry it.
    configFlags: 1,
    oracleMaxAge: maxAge,
    oracleMaxConfidence: maxConfidence,
  };
  let emode: BankFile["emode"];
  if (r.has("emode")) {
    const e = r.record("emode", ["tag", "entries"]);
    emode = { tag: parseU16(e.name("tag"), e.required("tag")), entries: emodeEntries(e, "entries") };
  }
  return {
    mint: parsePubkey(r.name("mint"), r.required("mint")),
    seed: r.has("seed") ? parseU64(r.name("seed"), r.optional("seed")) : undefined,
    config,
    oracle,
    emode,
  };
}

export interface KaminoBankFile {
  mint: PublicKey;
  seed: bigint;
  reserve: PublicKey;
  config: KaminoBankConfigParams;
}

/** `bank add-kamino --config FILE`: a bank over a market reserve of the same mint. */
export function readKaminoBankFile(path: string): KaminoBankFile {
  const { where, fields } = readConfigFile(path, "--config");
  const r = new FieldReader(where, fields, [
    "mint",
    "seed",
    "reserve",
    "oracle",
    "assetWeightInit",
    "assetWeightMaint",
    "depositLimit",
    "totalAssetValueInitLimit",
    "riskTier",
    "operationalState",
  ]);
  const o = r.record("oracle", ["setup", "key", "maxAge", "maxConfidence"]);
  const setup = parseChoice(o.name("setup"), o.required("setup"), ["KaminoPythPush", "KaminoSwitchboardPull"] as const);
  return {
    mint: parsePubkey(r.name("mint"), r.required("mint")),
    seed: r.has("seed") ? parseU64(r.name("seed"), r.optional("seed")) : 0n,
    reserve: parsePubkey(r.name("reserve"), r.required("reserve")),
    config: {
      oracle: parsePubkey(o.name("key"), o.required("key")),
      oracleSetup: OracleSetup[setup],
      assetWeightInit: weight(r, "assetWeightInit", "1"),
      assetWeightMaint: weight(r, "assetWeightMaint", "1"),
      depositLimit: limit(r, "depositLimit"),
      totalAssetValueInitLimit: r.has("totalAssetValueInitLimit")
        ? parseU64(r.name("totalAssetValueInitLimit"), r.optional("totalAssetValueInitLimit"))
        : 0n,
      operationalState:
        BankOperationalState[parseChoice(r.name("operationalState"), r.optional("operationalState") ?? "Operational", OPERATIONAL_STATES)],
      riskTier: RiskTier[parseChoice(r.name("riskTier"), r.optional("riskTier") ?? "Collateral", RISK_TIERS)],
      configFlags: 1,
      oracleMaxAge: parseU16(o.name("maxAge"), o.optional("maxAge") ?? 60),
      oracleMaxConfidence: o.has("maxConfidence") ? parseUtilization(o.name("maxConfidence"), o.optional("maxConfidence")) : 0,
    },
  };
}
