// Layout sanity (sizes and offsets against the reference tables), byte-for-byte round trips, and
// in-place field access.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_DISCRIMINATORS,
  BalanceStruct,
  BankCacheStruct,
  BankConfigStruct,
  BankLayout,
  BankMetadataLayout,
  BankStruct,
  EmodeEntryStruct,
  EmodeSettingsStruct,
  FeeStateCacheStruct,
  FeeStateLayout,
  FeeStateStruct,
  HealthCacheStruct,
  InterestRateConfigStruct,
  LendingAccountStruct,
  LiquidationCacheStruct,
  LiquidationEntryStruct,
  LiquidationRecordLayout,
  MarginfiAccountLayout,
  MarginfiAccountStruct,
  MarginfiGroupLayout,
  MarginfiGroupStruct,
  PanicStateCacheStruct,
  PanicStateStruct,
  RatePointStruct,
  StakedSettingsLayout,
  WithdrawWindowCacheStruct,
  decodeBank,
  decodeBankMetadata,
  decodeFeeState,
  decodeLiquidationRecord,
  decodeMarginfiAccount,
  decodeMarginfiGroup,
  decodeStakedSettings,
  encodeBank,
  encodeBankMetadata,
  encodeFeeState,
  encodeLiquidationRecord,
  encodeMarginfiAccount,
  encodeMarginfiGroup,
  encodeStakedSettings,
  i80f48,
  type AccountName,
} from "../src/index.js";
import { AccountDecodeError, LayoutError, struct, u8, type AccountLayout, type FieldTable } from "@ballast/codec";
import { loadSnapshot, marginfiSnapshots } from "./support/fixtures.js";

describe("sizes", () => {
  it("match the reference's assert_struct_size! values", () => {
    expect({
      MarginfiGroup: MarginfiGroupStruct.size,
      FeeStateCache: FeeStateCacheStruct.size,
      PanicStateCache: PanicStateCacheStruct.size,
      WithdrawWindowCache: WithdrawWindowCacheStruct.size,
      Bank: BankStruct.size,
      BankConfig: BankConfigStruct.size,
      InterestRateConfig: InterestRateConfigStruct.size,
      RatePoint: RatePointStruct.size,
      BankCache: BankCacheStruct.size,
      EmodeSettings: EmodeSettingsStruct.size,
      EmodeEntry: EmodeEntryStruct.size,
      MarginfiAccount: MarginfiAccountStruct.size,
      LendingAccount: LendingAccountStruct.size,
      Balance: BalanceStruct.size,
      HealthCache: HealthCacheStruct.size,
      FeeState: FeeStateStruct.size,
      PanicState: PanicStateStruct.size,
      LiquidationEntry: LiquidationEntryStruct.size,
      LiquidationCache: LiquidationCacheStruct.size,
    }).toEqual({
      MarginfiGroup: 1056,
      FeeStateCache: 72,
      PanicStateCache: 24,
      WithdrawWindowCache: 16,
      Bank: 1856,
      BankConfig: 544,
      InterestRateConfig: 240,
      RatePoint: 8,
      BankCache: 160,
      EmodeSettings: 424,
      EmodeEntry: 40,
      MarginfiAccount: 2304,
      LendingAccount: 1728,
      Balance: 104,
      HealthCache: 304,
      FeeState: 256,
      PanicState: 32,
      LiquidationEntry: 48,
      LiquidationCache: 104,
    });
  });

  it("account data is the 8-byte discriminator plus the struct", () => {
    const spaces = [
      MarginfiGroupLayout,
      BankLayout,
      MarginfiAccountLayout,
      FeeStateLayout,
      StakedSettingsLayout,
      LiquidationRecordLayout,
      BankMetadataLayout,
    ].map((layout) => [layout.name, layout.space]);
    expect(Object.fromEntries(spaces)).toEqual({
      MarginfiGroup: 1064,
      Bank: 1864,
      MarginfiAccount: 2312,
      FeeState: 264,
      StakedSettings: 264,
      LiquidationRecord: 520,
      BankMetadata: 504,
    });
  });
});

describe("offsets", () => {
  it("place nested structs where the reference says", () => {
    expect(BankStruct.offsets).toMatchObject({
      config: 288,
      flags: 832,
      emode: 912,
      feesDestinationAccount: 1336,
      cache: 1368,
      integrationAcc1: 1552,
    });
    expect(BankConfigStruct.offsets).toMatchObject({
      interestRateConfig: 72,
      operationalState: 312,
      oracleKeys: 314,
      borrowLimit: 480,
      oracleMaxConfidence: 508,
    });
    expect(InterestRateConfigStruct.offsets).toMatchObject({ zeroUtilRate: 128, points: 136, curveType: 176 });
    expect(EmodeSettingsStruct.offsets).toMatchObject({ emodeConfig: 24 });
    expect(MarginfiAccountStruct.offsets).toMatchObject({
      lendingAccount: 64,
      accountFlags: 1792,
      healthCache: 1832,
      liquidationRecord: 2216,
    });
    expect(MarginfiGroupStruct.offsets).toMatchObject({
      feeStateCache: 40,
      banks: 112,
      panicStateCache: 248,
      riskAdmin: 288,
      padding1: 544,
    });
    expect(FeeStateStruct.offsets).toMatchObject({ liquidationMaxFee: 112, panicState: 160, liquidationFlatSolFee: 200 });
  });

  it("accessors index account data, so they add the discriminator and the nesting", () => {
    const config = BankLayout.fields.config.fields;
    expect(config.interestRateConfig.fields.protocolIrFee.offset).toBe(8 + 288 + 72 + 96);
    expect(config.interestRateConfig.fields.points.at(4).fields.rate.offset).toBe(8 + 288 + 72 + 136 + 4 * 8 + 4);
    expect(BankLayout.fields.emode.fields.emodeConfig.fields.entries.at(9).fields.assetWeightMaint.offset).toBe(8 + 912 + 24 + 9 * 40 + 24);
    const balances = MarginfiAccountLayout.fields.lendingAccount.fields.balances;
    expect(balances.at(15).fields.lastUpdate.offset).toBe(8 + 64 + 15 * 104 + 88);
    expect(MarginfiAccountLayout.fields.healthCache.fields.prices.at(15).offset).toBe(8 + 1832 + 112 + 15 * 8);
    expect(() => balances.at(16)).toThrow(RangeError);
  });

  it("a struct table that is not contiguous or does not fill its size is rejected when declared", () => {
    expect(() => struct(2, { a: [0, u8], b: [2, u8] })).toThrow(LayoutError);
    expect(() => struct(3, { a: [0, u8], b: [1, u8] })).toThrow(LayoutError);
  });
});

describe("discriminators", () => {
  it("are sha256('account:<Name>')[0..8] and equal the program's hard-coded values", () => {
    for (const [name, discriminator] of Object.entries(ACCOUNT_DISCRIMINATORS)) {
      expect(discriminator).toEqual(createHash("sha256").update(`account:${name}`).digest().subarray(0, 8));
    }
    expect(Object.fromEntries(Object.entries(ACCOUNT_DISCRIMINATORS).map(([name, d]) => [name, [...d]]))).toEqual({
      MarginfiGroup: [182, 23, 173, 240, 151, 206, 182, 67],
      Bank: [142, 49, 166, 242, 50, 66, 97, 188],
      MarginfiAccount: [67, 178, 130, 109, 126, 114, 28, 42],
      FeeState: [63, 224, 16, 85, 193, 36, 235, 220],
      StakedSettings: [157, 140, 6, 77, 89, 173, 173, 125],
      LiquidationRecord: [95, 116, 23, 132, 89, 210, 245, 162],
      BankMetadata: [49, 207, 31, 34, 67, 225, 169, 186],
    });
  });
});

const ROUND_TRIPS: Record<AccountName, (data: Buffer) => Buffer> = {
  MarginfiGroup: (data) => encodeMarginfiGroup(decodeMarginfiGroup(data)),
  Bank: (data) => encodeBank(decodeBank(data)),
  MarginfiAccount: (data) => encodeMarginfiAccount(decodeMarginfiAccount(data)),
  FeeState: (data) => encodeFeeState(decodeFeeState(data)),
  StakedSettings: (data) => encodeStakedSettings(decodeStakedSettings(data)),
  LiquidationRecord: (data) => encodeLiquidationRecord(decodeLiquidationRecord(data)),
  BankMetadata: (data) => encodeBankMetadata(decodeBankMetadata(data)),
};

describe("round trips", () => {
  it.each(marginfiSnapshots())("$fileName: encode(decode(data)) reproduces every byte", ({ fileName, kind }) => {
    const { data } = loadSnapshot(fileName);
    expect(ROUND_TRIPS[kind](data).equals(data)).toBe(true);
  });

  it("keeps non-zero legacy padding (bank_sample_2 config._pad0)", () => {
    const { data } = loadSnapshot("bank_sample_2.json");
    expect(Buffer.from(decodeBank(data).config.pad0).toString("hex")).toBe("000003000000");
  });

  // Accounts without a snapshot: random bytes under the right discriminator. f64 fields get finite
  // values because a NaN's payload bits are not guaranteed to survive a JS number.
  const layouts: AccountLayout<FieldTable>[] = [
    StakedSettingsLayout,
    LiquidationRecordLayout,
    BankMetadataLayout,
    MarginfiAccountLayout,
    BankLayout,
    MarginfiGroupLayout,
    FeeStateLayout,
  ];
  it.each(layouts.map((layout) => ({ name: layout.name, layout })))("$name: random contents round-trip", ({ layout }) => {
    const data = createHash("sha512").update(layout.name).digest();
    const random = Buffer.alloc(layout.space);
    for (let i = 0; i < random.length; i++) random[i] = data[i % data.length]! ^ (i * 131);
    layout.discriminator.copy(random, 0);
    if (layout === LiquidationRecordLayout) {
      for (let i = 0; i < 4; i++) {
        const entry = LiquidationRecordLayout.fields.entries.at(i).fields;
        entry.assetAmountSeized.set(random, 1234.5 * (i + 1));
        entry.liabAmountRepaid.set(random, -0.1 * i);
      }
    }
    if (layout === MarginfiAccountLayout) {
      for (let i = 0; i < 16; i++) MarginfiAccountLayout.fields.healthCache.fields.prices.at(i).set(random, i / 3);
    }
    expect(ROUND_TRIPS[layout.name as AccountName](random).equals(random)).toBe(true);
  });
});

describe("decoding checks", () => {
  it("rejects a foreign discriminator and short data", () => {
    const { data } = loadSnapshot("mainnet_group.json");
    expect(() => decodeBank(Buffer.concat([data, Buffer.alloc(1000)]))).toThrow(AccountDecodeError);
    try {
      decodeMarginfiGroup(data.subarray(0, 1063));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AccountDecodeError);
      expect((error as AccountDecodeError).reason).toBe("size");
    }
    const renamed = Buffer.from(data);
    ACCOUNT_DISCRIMINATORS.Bank.copy(renamed, 0);
    expect(() => decodeMarginfiGroup(renamed)).toThrow(/discriminator|cannot decode MarginfiGroup/);
  });
});

describe("in-place accessors", () => {
  it("write exactly the bytes of one field and decoding sees the change", () => {
    const { data } = loadSnapshot("marginfi_account_sample_1.json");
    const copy = Buffer.from(data);
    const shares = MarginfiAccountLayout.fields.lendingAccount.fields.balances.at(3).fields.liabilityShares;
    const value = i80f48.fromDecimal("-12.5");
    shares.set(copy, value);
    expect(shares.get(copy)).toBe(value);
    expect(decodeMarginfiAccount(copy).lendingAccount.balances[3]!.liabilityShares).toBe(value);
    for (let i = 0; i < data.length; i++) {
      if (i < shares.offset || i >= shares.offset + 16) expect(copy[i]).toBe(data[i]);
    }
  });

  it("nested struct accessors read and write whole sub-structs", () => {
    const { data } = loadSnapshot("bonk_bank.json");
    const copy = Buffer.alloc(data.length);
    const config = BankLayout.fields.config;
    config.set(copy, config.get(data));
    expect(
      copy.subarray(config.offset, config.offset + config.size).equals(data.subarray(config.offset, config.offset + config.size)),
    ).toBe(true);
    expect(BankLayout.fields.group.get(data)).toBe(decodeBank(data).group);
  });

  it("refuses a public key that is not 32 bytes", () => {
    const copy = Buffer.alloc(BankLayout.space);
    expect(() => BankLayout.fields.mint.set(copy, "1111")).toThrow(RangeError);
  });
});
