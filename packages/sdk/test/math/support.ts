// Synthetic banks, oracles and balances for the math tests: banks are encoded with the program's layout and priced
// through the program's own feed loading, so the tests exercise the same path as live data.
import { BankLayout, OracleSetup, U64_MAX, decodeBank, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import {
  PULL_FEED_SCALE,
  PYTH_RECEIVER_PROGRAM_ID,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  emptyPullFeed,
  encodePriceUpdateV2,
  encodePullFeed,
} from "@ballast/oracles";
import { PublicKey, type AccountInfo } from "@solana/web3.js";
import bs58 from "bs58";
import type { BalanceLike } from "../../src/math/health.js";
import { priceBank, type PricedBank } from "../../src/math/priced-bank.js";
import { loadBankPrice } from "../../src/state/oracle-prices.js";

export const NOW = 1_700_000_000n;
export { U64_MAX };
export const d = (text: string): I80F48 => fx.fromDecimal(text);

let nextKey = 1;
/** A fresh, distinct address (32 bytes of a counter). */
export function address(): string {
  const bytes = Buffer.alloc(32);
  bytes.writeUInt32BE(nextKey++, 28);
  bytes[0] = 1;
  return bs58.encode(bytes);
}

export type OracleSpec =
  | { kind: "fixed"; price: string }
  | { kind: "pyth"; price: bigint; conf?: bigint; emaPrice?: bigint; emaConf?: bigint; exponent?: number; publishTime?: bigint }
  | { kind: "switchboard"; value: bigint; stdDev?: bigint; lastUpdate?: bigint };

export interface EntrySpec {
  tag: number;
  init: string;
  maint: string;
}

export interface BankSpec {
  decimals: number;
  oracle: OracleSpec;
  mint?: string;
  assetWeightInit?: string;
  assetWeightMaint?: string;
  liabilityWeightInit?: string;
  liabilityWeightMaint?: string;
  /** Total deposits and borrows in native units (share values 1 unless given). */
  totalAssets?: string;
  totalLiabilities?: string;
  assetShareValue?: string;
  liabilityShareValue?: string;
  depositLimit?: bigint;
  borrowLimit?: bigint;
  riskTier?: number;
  operationalState?: number;
  assetTag?: number;
  totalAssetValueInitLimit?: bigint;
  emodeTag?: number;
  emodeEntries?: EntrySpec[];
  /** Legacy curve (optimal, plateau, max) plus group fees. */
  curve?: { optimal: string; plateau: string; max: string; protocolIrFee?: string; protocolFixedFeeApr?: string };
  lastUpdate?: bigint;
  flags?: bigint;
  emissionsRate?: bigint;
  emissionsRemaining?: string;
  maxAge?: number;
  maxConfidence?: number;
}

const bank = BankLayout.fields;
const config = bank.config.fields;
const FEED_KEY = address();

export function bankData(spec: BankSpec): Buffer {
  const data = Buffer.alloc(BankLayout.space);
  BankLayout.discriminator.copy(data, 0);
  bank.mint.set(data, spec.mint ?? address());
  bank.mintDecimals.set(data, spec.decimals);
  const asv = d(spec.assetShareValue ?? "1");
  const lsv = d(spec.liabilityShareValue ?? "1");
  bank.assetShareValue.set(data, asv);
  bank.liabilityShareValue.set(data, lsv);
  bank.totalAssetShares.set(data, fx.div(d(spec.totalAssets ?? "0"), asv));
  bank.totalLiabilityShares.set(data, fx.div(d(spec.totalLiabilities ?? "0"), lsv));
  bank.lastUpdate.set(data, spec.lastUpdate ?? NOW);
  bank.flags.set(data, spec.flags ?? 0n);
  bank.emissionsRate.set(data, spec.emissionsRate ?? 0n);
  bank.emissionsRemaining.set(data, d(spec.emissionsRemaining ?? "0"));
  config.assetWeightInit.set(data, d(spec.assetWeightInit ?? "1"));
  config.assetWeightMaint.set(data, d(spec.assetWeightMaint ?? "1"));
  config.liabilityWeightInit.set(data, d(spec.liabilityWeightInit ?? "1"));
  config.liabilityWeightMaint.set(data, d(spec.liabilityWeightMaint ?? "1"));
  config.depositLimit.set(data, spec.depositLimit ?? U64_MAX);
  config.borrowLimit.set(data, spec.borrowLimit ?? U64_MAX);
  config.riskTier.set(data, spec.riskTier ?? 0);
  config.operationalState.set(data, spec.operationalState ?? 1);
  config.assetTag.set(data, spec.assetTag ?? 0);
  config.totalAssetValueInitLimit.set(data, spec.totalAssetValueInitLimit ?? 0n);
  config.oracleMaxAge.set(data, spec.maxAge ?? 60);
  config.oracleMaxConfidence.set(data, spec.maxConfidence ?? 0);
  const interest = config.interestRateConfig.fields;
  const curve = spec.curve ?? { optimal: "0.5", plateau: "0.6", max: "3" };
  interest.optimalUtilizationRate.set(data, d(curve.optimal));
  interest.plateauInterestRate.set(data, d(curve.plateau));
  interest.maxInterestRate.set(data, d(curve.max));
  interest.protocolIrFee.set(data, d(curve.protocolIrFee ?? "0"));
  interest.protocolFixedFeeApr.set(data, d(curve.protocolFixedFeeApr ?? "0"));
  const oracle = spec.oracle;
  if (oracle.kind === "fixed") {
    config.oracleSetup.set(data, OracleSetup.Fixed);
    config.fixedPrice.set(data, d(oracle.price));
  } else {
    config.oracleSetup.set(data, oracle.kind === "pyth" ? OracleSetup.PythPushOracle : OracleSetup.SwitchboardPull);
    config.oracleKeys.at(0).set(data, FEED_KEY);
  }
  const emode = bank.emode.fields;
  emode.emodeTag.set(data, spec.emodeTag ?? 0);
  (spec.emodeEntries ?? []).forEach((e, i) => {
    const entry = emode.emodeConfig.fields.entries.at(i).fields;
    entry.collateralBankEmodeTag.set(data, e.tag);
    entry.assetWeightInit.set(data, d(e.init));
    entry.assetWeightMaint.set(data, d(e.maint));
  });
  return data;
}

/** The oracle account a spec describes, owned by its oracle program. */
export function oracleAccount(oracle: OracleSpec): AccountInfo<Buffer> | null {
  if (oracle.kind === "fixed") return null;
  if (oracle.kind === "pyth") {
    const data = encodePriceUpdateV2({
      writeAuthority: address(),
      verificationLevel: { kind: "Full" },
      priceMessage: {
        feedId: new Uint8Array(32).fill(9),
        price: oracle.price,
        conf: oracle.conf ?? 0n,
        exponent: oracle.exponent ?? 0,
        publishTime: oracle.publishTime ?? NOW,
        prevPublishTime: (oracle.publishTime ?? NOW) - 1n,
        emaPrice: oracle.emaPrice ?? oracle.price,
        emaConf: oracle.emaConf ?? oracle.conf ?? 0n,
      },
      postedSlot: 1n,
    });
    return { data, owner: new PublicKey(PYTH_RECEIVER_PROGRAM_ID), lamports: 1_000_000, executable: false };
  }
  const feed = emptyPullFeed();
  feed.result.value = oracle.value * PULL_FEED_SCALE;
  feed.result.stdDev = oracle.stdDev ?? 0n;
  feed.lastUpdateTimestamp = oracle.lastUpdate ?? NOW;
  return { data: encodePullFeed(feed), owner: new PublicKey(SWITCHBOARD_ON_DEMAND_PROGRAM_ID), lamports: 1_000_000, executable: false };
}

export function makeBank(spec: BankSpec, now: bigint = NOW): PricedBank {
  const data = bankData(spec);
  const oracle = oracleAccount(spec.oracle);
  return priceBank(address(), decodeBank(data), loadBankPrice(data, oracle ? [oracle] : [], now), now);
}

export const banksOf = (...banks: PricedBank[]): Map<string, PricedBank> => new Map(banks.map((b) => [b.address, b]));

/** An active balance of `tokens` native units (at the bank's share value) on one side. */
export function balance(
  bank: PricedBank,
  side: "assets" | "liabilities",
  amount: string,
): BalanceLike & { emissionsOutstanding: I80F48; lastUpdate: bigint } {
  const sv = side === "assets" ? bank.bank.assetShareValue : bank.bank.liabilityShareValue;
  const shares = fx.div(d(amount), sv);
  return {
    active: 1,
    bankPk: bank.address,
    assetShares: side === "assets" ? shares : fx.ZERO,
    liabilityShares: side === "liabilities" ? shares : fx.ZERO,
    emissionsOutstanding: fx.ZERO,
    lastUpdate: NOW,
  };
}

/** The §21 examples' banks: SOL $10 (9 decimals), USDC $1 (6 decimals). */
export const sol = (overrides: Partial<BankSpec> = {}) => makeBank({ decimals: 9, oracle: { kind: "fixed", price: "10" }, ...overrides });
export const usdc = (overrides: Partial<BankSpec> = {}) => makeBank({ decimals: 6, oracle: { kind: "fixed", price: "1" }, ...overrides });
