// Borsh encoding of the lending program's instruction arguments, for tests that build raw instructions.
import { i80f48 } from "../../src/index.js";

export const u8 = (v: number) => Buffer.from([v]);
export function u16(v: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v);
  return b;
}
export function u32(v: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v);
  return b;
}
export function u64(v: bigint): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(v);
  return b;
}
/** An I80F48 argument from a decimal literal (nearest value, as the program's literals). */
export function fixed(decimal: string): Buffer {
  const b = Buffer.alloc(16);
  i80f48.write(b, 0, i80f48.fromDecimal(decimal));
  return b;
}
export const none = Buffer.from([0]);
export const some = (b: Buffer) => Buffer.concat([Buffer.from([1]), b]);
export const option = <T>(value: T | undefined | null, encode: (v: T) => Buffer) =>
  value === undefined || value === null ? none : some(encode(value));
export const bool = (v: boolean) => Buffer.from([v ? 1 : 0]);

export interface RatePoint {
  util: number;
  rate: number;
}

export interface InterestCompact {
  insuranceFeeFixedApr: string;
  insuranceIrFee: string;
  protocolFixedFeeApr: string;
  protocolIrFee: string;
  protocolOriginationFee: string;
  zeroUtilRate: number;
  hundredUtilRate: number;
  points: RatePoint[];
}

export interface BankConfigCompact {
  assetWeightInit: string;
  assetWeightMaint: string;
  liabilityWeightInit: string;
  liabilityWeightMaint: string;
  depositLimit: bigint;
  interest: InterestCompact;
  operationalState: number;
  borrowLimit: bigint;
  riskTier: number;
  assetTag: number;
  configFlags: number;
  totalAssetValueInitLimit: bigint;
  oracleMaxAge: number;
  oracleMaxConfidence: number;
}

/** Pads a curve to the five stored points (util 0 = unused). */
export const padPoints = (points: RatePoint[]) => [...points, ...Array.from({ length: 5 - points.length }, () => ({ util: 0, rate: 0 }))];
const encodePoints = (points: RatePoint[]) => Buffer.concat(padPoints(points).map((p) => Buffer.concat([u32(p.util), u32(p.rate)])));

export function encodeInterestCompact(c: InterestCompact): Buffer {
  return Buffer.concat([
    fixed(c.insuranceFeeFixedApr),
    fixed(c.insuranceIrFee),
    fixed(c.protocolFixedFeeApr),
    fixed(c.protocolIrFee),
    fixed(c.protocolOriginationFee),
    u32(c.zeroUtilRate),
    u32(c.hundredUtilRate),
    encodePoints(c.points),
  ]);
}

export function encodeBankConfigCompact(c: BankConfigCompact): Buffer {
  return Buffer.concat([
    fixed(c.assetWeightInit),
    fixed(c.assetWeightMaint),
    fixed(c.liabilityWeightInit),
    fixed(c.liabilityWeightMaint),
    u64(c.depositLimit),
    encodeInterestCompact(c.interest),
    u8(c.operationalState),
    u64(c.borrowLimit),
    u8(c.riskTier),
    u8(c.assetTag),
    u8(c.configFlags),
    Buffer.alloc(5),
    u64(c.totalAssetValueInitLimit),
    u16(c.oracleMaxAge),
    u32(c.oracleMaxConfidence),
  ]);
}

/** BankConfigOpt: every field optional, in declaration order. */
export interface BankConfigOpt {
  assetWeightInit?: string;
  assetWeightMaint?: string;
  liabilityWeightInit?: string;
  liabilityWeightMaint?: string;
  depositLimit?: bigint;
  borrowLimit?: bigint;
  operationalState?: number;
  interest?: Partial<InterestCompact>;
  riskTier?: number;
  assetTag?: number;
  totalAssetValueInitLimit?: bigint;
  oracleMaxConfidence?: number;
  oracleMaxAge?: number;
  permissionlessBadDebtSettlement?: boolean;
  freezeSettings?: boolean;
  tokenlessRepaymentsAllowed?: boolean;
}

/** InterestRateConfigOpt: every field optional, in declaration order. */
export function encodeInterestRateConfigOpt(i: Partial<InterestCompact>): Buffer {
  return Buffer.concat([
    option(i.insuranceFeeFixedApr, fixed),
    option(i.insuranceIrFee, fixed),
    option(i.protocolFixedFeeApr, fixed),
    option(i.protocolIrFee, fixed),
    option(i.protocolOriginationFee, fixed),
    option(i.zeroUtilRate, u32),
    option(i.hundredUtilRate, u32),
    option(i.points, encodePoints),
  ]);
}

export function encodeBankConfigOpt(c: BankConfigOpt): Buffer {
  return Buffer.concat([
    option(c.assetWeightInit, fixed),
    option(c.assetWeightMaint, fixed),
    option(c.liabilityWeightInit, fixed),
    option(c.liabilityWeightMaint, fixed),
    option(c.depositLimit, u64),
    option(c.borrowLimit, u64),
    option(c.operationalState, u8),
    option(c.interest, encodeInterestRateConfigOpt),
    option(c.riskTier, u8),
    option(c.assetTag, u8),
    option(c.totalAssetValueInitLimit, u64),
    option(c.oracleMaxConfidence, u32),
    option(c.oracleMaxAge, u16),
    option(c.permissionlessBadDebtSettlement, bool),
    option(c.freezeSettings, bool),
    option(c.tokenlessRepaymentsAllowed, bool),
  ]);
}
