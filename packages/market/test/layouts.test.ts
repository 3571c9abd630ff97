// klend v1.12.5 layouts: sizes and discriminators, the mainnet USDC reserve and obligation re-encoded byte for byte,
// and the accounts this market writes (market, user metadata, config) decoded back exactly.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accountDiscriminator } from "@ballast/codec";
import {
  LENDING_MARKET_DISCRIMINATOR,
  LENDING_MARKET_SIZE,
  MIN_NET_VALUE_IN_OBLIGATION_SF,
  NULL_PUBKEY,
  OBLIGATION_DISCRIMINATOR,
  OBLIGATION_SIZE,
  RESERVE_CONFIG_SIZE,
  RESERVE_DISCRIMINATOR,
  RESERVE_SIZE,
  USER_METADATA_DISCRIMINATOR,
  USER_METADATA_SIZE,
  ZERO_PUBKEY,
  decodeLendingMarket,
  decodeObligation,
  decodeReserve,
  decodeReserveConfig,
  decodeUserMetadata,
  defaultReserveConfig,
  encodeLendingMarketInto,
  encodeObligationInto,
  encodeReserveConfig,
  encodeReserveInto,
  encodeUserMetadataInto,
  newLendingMarket,
  newObligation,
} from "../src/index.js";

const FIXTURES = new URL("../../../../shared/fixtures/mainnet-accounts/", import.meta.url);
const fixture = (file: string) => Buffer.from(JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8")).account.data[0], "base64");
const OWNER = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

describe("account identities", () => {
  it("uses Anchor's account discriminators and klend's sizes", () => {
    expect(Buffer.from(LENDING_MARKET_DISCRIMINATOR)).toEqual(accountDiscriminator("LendingMarket"));
    expect(Buffer.from(RESERVE_DISCRIMINATOR)).toEqual(accountDiscriminator("Reserve"));
    expect(Buffer.from(OBLIGATION_DISCRIMINATOR)).toEqual(accountDiscriminator("Obligation"));
    expect(Buffer.from(USER_METADATA_DISCRIMINATOR)).toEqual(accountDiscriminator("UserMetadata"));
    expect([LENDING_MARKET_SIZE, RESERVE_SIZE, OBLIGATION_SIZE, USER_METADATA_SIZE, RESERVE_CONFIG_SIZE]).toEqual([
      4664, 8624, 3344, 1032, 920,
    ]);
  });
});

describe("mainnet accounts", () => {
  it("re-encodes the USDC reserve byte for byte, in place and from zero", () => {
    const data = fixture("kamino_usdc_reserve.json");
    const reserve = decodeReserve(data);
    const inPlace = Buffer.from(data);
    encodeReserveInto(inPlace, reserve);
    expect(inPlace.equals(data)).toBe(true);
    const fresh = Buffer.alloc(RESERVE_SIZE);
    encodeReserveInto(fresh, reserve);
    expect(decodeReserve(fresh)).toEqual(reserve);
    expect(reserve.config.tokenInfo.name).toBe("USDC");
    // Its config as update_reserve_config carries it decodes to the same config.
    expect(decodeReserveConfig(encodeReserveConfig(reserve.config))).toEqual(reserve.config);
    expect(decodeReserveConfig(data.subarray(4856, 4856 + RESERVE_CONFIG_SIZE))).toEqual(reserve.config);
  });

  it("re-encodes the USDC obligation byte for byte", () => {
    const data = fixture("kamino_usdc_obligation.json");
    const obligation = decodeObligation(data);
    const inPlace = Buffer.from(data);
    encodeObligationInto(inPlace, obligation);
    expect(inPlace.equals(data)).toBe(true);
    const fresh = Buffer.alloc(OBLIGATION_SIZE);
    encodeObligationInto(fresh, obligation);
    expect(decodeObligation(fresh)).toEqual(obligation);
  });
});

describe("accounts this market writes", () => {
  it("a new lending market: klend's defaults at their offsets", () => {
    const quote = Buffer.concat([Buffer.from("USD"), Buffer.alloc(29)]);
    const market = newLendingMarket({ owner: OWNER, bumpSeed: 254, quoteCurrency: quote });
    const data = Buffer.alloc(LENDING_MARKET_SIZE);
    encodeLendingMarketInto(data, market);
    expect(decodeLendingMarket(data)).toEqual(market);
    expect(data.readBigUInt64LE(8)).toBe(1n);
    expect(data.readBigUInt64LE(16)).toBe(254n);
    expect(data.subarray(88, 91).toString()).toBe("USD");
    expect([data[126], data[127]]).toEqual([20, 95]);
    expect([data.readBigUInt64LE(128), data.readBigUInt64LE(136), data.readBigUInt64LE(152)]).toEqual([2n, 500_000n, 45_000_000n]);
    for (let g = 0; g < 32; g++) expect(data[200 + 72 * g + 6]).toBe(255);
    expect(data.readBigUInt64LE(3224) | (data.readBigUInt64LE(3232) << 64n)).toBe(MIN_NET_VALUE_IN_OBLIGATION_SF);
    // 0.000001 rounded to the nearest 2^-60.
    expect(MIN_NET_VALUE_IN_OBLIGATION_SF).toBe(((1n << 60n) + 500_000n) / 1_000_000n);
    expect(data.readBigUInt64LE(3296)).toBe(100_000n);
  });

  it("user metadata and a new obligation", () => {
    const data = Buffer.alloc(USER_METADATA_SIZE);
    const meta = { referrer: ZERO_PUBKEY, bump: 253n, userLookupTable: NULL_PUBKEY, owner: OWNER };
    encodeUserMetadataInto(data, meta);
    expect(decodeUserMetadata(data)).toEqual(meta);
    expect(data.readBigUInt64LE(40)).toBe(253n);

    const obligation = newObligation({ tag: 0n, slot: 77n, lendingMarket: OWNER, owner: OWNER, referrer: ZERO_PUBKEY });
    const raw = Buffer.alloc(OBLIGATION_SIZE);
    encodeObligationInto(raw, obligation);
    expect(decodeObligation(raw)).toEqual(obligation);
    expect([...raw.subarray(2272, 2285)]).toEqual(Array(13).fill(255));
    expect(raw[24]).toBe(1);
  });

  it("the default reserve config: Hidden, flat zero curve, Scope marked disabled", () => {
    const config = defaultReserveConfig();
    const raw = encodeReserveConfig(config);
    expect(raw.length).toBe(920);
    expect(raw[0]).toBe(2);
    expect(raw.readUInt32LE(64 + 8)).toBe(10_000);
    expect(raw.subarray(176 + 112, 176 + 128).equals(Buffer.alloc(16, 0xff))).toBe(true);
    expect(decodeReserveConfig(raw)).toEqual(config);
  });
});
