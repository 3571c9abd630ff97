// Every oracle snapshot in the shared fixtures: each expected value, plus address/owner/length/discriminator,
// and encode→decode byte-for-byte round trips where the layout has an encoder.
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import {
  PRICE_UPDATE_V2_DISCRIMINATOR,
  PRICE_UPDATE_V2_FULL_OFFSETS,
  PRICE_UPDATE_V2_LEN,
  PULL_FEED_DISCRIMINATOR,
  PYTH_LEGACY_PRICE_COMP_OFFSETS,
  PYTH_LEGACY_PRICE_INFO_OFFSETS,
  PYTH_LEGACY_PRICE_OFFSETS,
  PYTH_LEGACY_RATIONAL_OFFSETS,
  PYTH_RECEIVER_PROGRAM_ID,
  decodePriceUpdateV2,
  decodePullFeed,
  decodePythLegacyPriceAccount,
  encodePriceUpdateV2,
  encodePriceUpdateV2Into,
  encodePullFeed,
  isPriceUpdateV2,
  isPythLegacyPriceAccount,
  priceUpdateV2OffsetsOf,
  pythLegacyComponentOffset,
  pythLegacyPriceStatusName,
  type PriceUpdateV2,
  type PythLegacyPriceAccount,
} from "../src/index.js";
import { type ExpectedValue, loadExpected, loadFixture, readRaw } from "./support/fixtures.js";

const expected = loadExpected();

const ORACLE_KINDS = new Set(["PriceUpdateV2", "PythLegacyPriceAccount", "PullFeedAccountData"]);
const oracleFiles = Object.entries(expected.fixtures)
  .filter(([, f]) => ORACLE_KINDS.has(f.kind))
  .map(([file]) => file);

const camel = (s: string): string => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Splits `comp[0].agg.price` into camelCase keys and indices: ["comp", 0, "agg", "price"]. */
function pathKeys(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const part of path.split(".")) {
    const m = /^([a-z0-9_]+)(?:\[(\d+)\])?$/.exec(part);
    if (!m) throw new Error(`unparsed path segment ${part}`);
    keys.push(camel(m[1]!));
    if (m[2] !== undefined) keys.push(Number(m[2]));
  }
  return keys;
}

function lookup(root: unknown, keys: (string | number)[], path: string): unknown {
  let node: unknown = root;
  for (const k of keys) {
    if (node === null || typeof node !== "object" || !(k in node)) throw new Error(`decoded value has no ${path}`);
    node = (node as Record<string | number, unknown>)[k];
  }
  return node;
}

/** Decoded field in expected.json's JSON conventions (64-bit as strings, bytes as hex, pubkeys base58). */
function toJsonForm(v: unknown): unknown {
  if (typeof v === "bigint") return v.toString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString("hex");
  return v;
}

function priceUpdateOffset(keys: (string | number)[]): number {
  const o = PRICE_UPDATE_V2_FULL_OFFSETS as unknown as Record<string, number>;
  const key = keys[0] === "priceMessage" ? keys[1] : keys[0];
  if (typeof key !== "string" || !(key in o)) throw new Error(`no PriceUpdateV2 offset for ${keys.join(".")}`);
  return o[key]!;
}

function legacyOffset(keys: (string | number)[]): number {
  const top = PYTH_LEGACY_PRICE_OFFSETS as unknown as Record<string, number>;
  const rational = PYTH_LEGACY_RATIONAL_OFFSETS as unknown as Record<string, number>;
  const info = PYTH_LEGACY_PRICE_INFO_OFFSETS as unknown as Record<string, number>;
  const comp = PYTH_LEGACY_PRICE_COMP_OFFSETS as unknown as Record<string, number>;
  const [k0, k1, k2, k3] = keys;
  const need = (table: Record<string, number>, k: unknown): number => {
    if (typeof k !== "string" || !(k in table)) throw new Error(`no legacy Pyth offset for ${keys.join(".")}`);
    return table[k]!;
  };
  if (k0 === "comp") {
    const base = pythLegacyComponentOffset(k1 as number) + need(comp, k2);
    return k2 === "publisher" ? base : base + need(info, k3);
  }
  if (k0 === "emaPrice" || k0 === "emaConf") return need(top, k0) + need(rational, k1);
  if (k0 === "agg") return need(top, k0) + need(info, k1);
  if (keys.length !== 1) throw new Error(`no legacy Pyth offset for ${keys.join(".")}`);
  return need(top, k0);
}

type Decoded = {
  value: unknown;
  offsetOf(keys: (string | number)[]): number;
  read(path: string, keys: (string | number)[]): { value: unknown; variant?: string };
};

function decoderFor(kind: string, data: Buffer): Decoded {
  switch (kind) {
    case "PriceUpdateV2": {
      const v: PriceUpdateV2 = decodePriceUpdateV2(data);
      return {
        value: v,
        offsetOf: priceUpdateOffset,
        read(path, keys) {
          if (path === "verification_level") {
            const level = v.verificationLevel;
            return { value: level.kind === "Full" ? 1 : 0, variant: level.kind };
          }
          return { value: toJsonForm(lookup(v, keys, path)) };
        },
      };
    }
    case "PythLegacyPriceAccount": {
      const v: PythLegacyPriceAccount = decodePythLegacyPriceAccount(data);
      return {
        value: v,
        offsetOf: legacyOffset,
        read(path, keys) {
          const raw = lookup(v, keys, path);
          if (keys[keys.length - 1] === "status") return { value: raw, variant: pythLegacyPriceStatusName(raw as number) };
          return { value: toJsonForm(raw) };
        },
      };
    }
    default:
      throw new Error(`no decoder for ${kind}`);
  }
}

let assertedValues = 0;

describe("oracle fixtures", () => {
  it("finds the oracle snapshots named in expected.json", () => {
    expect(oracleFiles).toContain("sol_pyth_price_feed.json");
    expect(oracleFiles).toContain("sol_pyth_oracle.json");
  });

  describe.each(oracleFiles)("%s", (file) => {
    const exp = expected.fixtures[file]!;
    const { json, data } = loadFixture(file);

    it("matches address, owner, length and discriminator", () => {
      if (exp.address !== undefined) expect(json.pubkey).toBe(exp.address);
      expect(json.account.owner).toBe(exp.owner);
      expect(data.length).toBe(exp.data_length);
      expect(json.account.space).toBe(exp.data_length);
      if (exp.kind === "PriceUpdateV2") {
        expect(exp.discriminator_hex).toBe(Buffer.from(PRICE_UPDATE_V2_DISCRIMINATOR).toString("hex"));
        expect(data.subarray(0, 8).toString("hex")).toBe(exp.discriminator_hex);
        expect(isPriceUpdateV2(data)).toBe(true);
        expect(data.length).toBe(PRICE_UPDATE_V2_LEN);
        expect(exp.owner).toBe(PYTH_RECEIVER_PROGRAM_ID);
      } else if (exp.kind === "PullFeedAccountData") {
        expect(exp.discriminator_hex).toBe(Buffer.from(PULL_FEED_DISCRIMINATOR).toString("hex"));
        expect(data.subarray(0, 8).toString("hex")).toBe(exp.discriminator_hex);
      } else {
        expect(exp.discriminator_hex).toBeUndefined();
        expect(isPythLegacyPriceAccount(data)).toBe(true);
        expect(data.length).toBe(PYTH_LEGACY_PRICE_OFFSETS.end);
      }
    });

    const entries = Object.entries(exp.values) as [string, ExpectedValue][];
    it.each(entries)("%s", (path, e) => {
      const keys = pathKeys(path);
      const decoded = decoderFor(exp.kind, data);
      // 1. Our offset table puts the field where expected.json says it is.
      expect(decoded.offsetOf(keys)).toBe(e.offset);
      // 2. The raw bytes at that offset hold the expected value (checks the reading of the fixture itself).
      expect(readRaw(data, e, (raw) => bs58.encode(raw))).toEqual(e.value);
      // 3. The decoder yields exactly the expected value (and variant name for enums).
      const got = decoded.read(path, keys);
      expect(got.value).toEqual(e.value);
      if (e.variant !== undefined) expect(got.variant).toBe(e.variant);
      if (e.type === "bytes") expect(e.length).toBe((lookup(decoded.value, keys, path) as Uint8Array).length);
      expect(e.tolerance).toBeUndefined();
      assertedValues++;
    });

    if (exp.kind === "PriceUpdateV2") {
      it("re-encodes byte for byte", () => {
        const v = decodePriceUpdateV2(data);
        expect(priceUpdateV2OffsetsOf(data)).toBe(PRICE_UPDATE_V2_FULL_OFFSETS);
        expect(encodePriceUpdateV2(v).equals(data)).toBe(true);
        const inPlace = Buffer.alloc(data.length, 0xee);
        inPlace[PRICE_UPDATE_V2_FULL_OFFSETS.end] = data[PRICE_UPDATE_V2_FULL_OFFSETS.end]!;
        encodePriceUpdateV2Into(inPlace, v);
        expect(inPlace.equals(data)).toBe(true);
        expect(decodePriceUpdateV2(encodePriceUpdateV2(v))).toEqual(v);
      });
    }
    if (exp.kind === "PullFeedAccountData") {
      it("re-encodes byte for byte", () => {
        expect(encodePullFeed(decodePullFeed(data)).equals(data)).toBe(true);
      });
    }
  });

  it("asserted every expected oracle value", () => {
    const total = oracleFiles.reduce((n, f) => n + Object.keys(expected.fixtures[f]!.values).length, 0);
    expect(assertedValues).toBe(total);
    console.log(`oracle fixtures: ${assertedValues} expected values asserted across ${oracleFiles.length} files`);
  });
});

describe("cross-fixture facts", () => {
  it("the SOL/USD feed id is the legacy price account's address", () => {
    const feed = decodePriceUpdateV2(loadFixture("sol_pyth_price_feed.json").data);
    expect(bs58.encode(feed.priceMessage.feedId)).toBe(expected.fixtures["sol_pyth_oracle.json"]!.address);
  });

  it("the push feed's write authority is the feed address itself", () => {
    const { json, data } = loadFixture("sol_pyth_price_feed.json");
    expect(decodePriceUpdateV2(data).writeAuthority).toBe(json.pubkey);
  });

  it("legacy account decodes all 32 component slots, aggregate stale", () => {
    const legacy = decodePythLegacyPriceAccount(loadFixture("sol_pyth_oracle.json").data);
    expect(legacy.comp).toHaveLength(32);
    expect(legacy.num).toBeLessThanOrEqual(32);
    expect(pythLegacyPriceStatusName(legacy.agg.status)).toBe("Unknown");
  });
});
