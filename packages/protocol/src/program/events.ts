// The program's Anchor events (reference §7.6), emitted the way `emit!` does: one `Program data:` log holding
// sha256("event:<Name>")[0..8] followed by the Borsh-encoded fields. Borsh writes fixed-size values exactly like
// the zero-copy field codecs (little-endian, no padding), so those codecs double as the Borsh encoders here.
import { createHash } from "node:crypto";
import { f64, pubkey, u16, u32, u64, u8, type Codec, array } from "@ballast/codec";
import { i80f48 } from "../state/codecs.js";
import type { I80F48 } from "../math/i80f48.js";
import { HealthCacheStruct, type HealthCache } from "../state/health-cache.js";
import { INTEREST_RATE_POINTS, RatePointStruct } from "../state/interest-rate-config.js";
import type { BankConfigOpt, InterestRateConfigOpt } from "./bank-config-args.js";

export interface GroupEventHeader {
  signer: string | null;
  marginfiGroup: string;
}

export interface AccountEventHeader {
  signer: string | null;
  marginfiAccount: string;
  marginfiAccountAuthority: string;
  marginfiGroup: string;
}

/** Token amounts (f64) of the two positions of each party, before or after a classic liquidation. */
export interface LiquidationBalances {
  liquidateeAssetBalance: number;
  liquidateeLiabilityBalance: number;
  liquidatorAssetBalance: number;
  liquidatorLiabilityBalance: number;
}

/** The edit_staked_settings argument (reference §4.18); riskTier is the RiskTier byte. */
export interface StakedSettingsEditConfig {
  oracle: string | null;
  assetWeightInit: I80F48 | null;
  assetWeightMaint: I80F48 | null;
  depositLimit: bigint | null;
  totalAssetValueInitLimit: bigint | null;
  oracleMaxAge: number | null;
  riskTier: number | null;
}

interface BankEvent {
  header: GroupEventHeader;
  bank: string;
  mint: string;
}

interface BalanceEvent {
  header: AccountEventHeader;
  bank: string;
  mint: string;
  amount: bigint;
}

/** Each event's fields, in camelCase; u64 as bigint, f64 and u8/u32 as number, pubkeys as base58. */
export interface EventFields {
  MarginfiGroupCreateEvent: { header: GroupEventHeader };
  MarginfiGroupConfigureEvent: { header: GroupEventHeader; admin: string; flags: bigint };
  LendingPoolBankCreateEvent: BankEvent;
  LendingPoolBankConfigureEvent: BankEvent & { config: BankConfigOpt };
  LendingPoolBankConfigureFrozenEvent: BankEvent & { depositLimit: bigint; borrowLimit: bigint };
  LendingPoolBankConfigureOracleEvent: { header: GroupEventHeader; bank: string; oracleSetup: number; oracle: string };
  LendingPoolBankSetFixedOraclePriceEvent: { header: GroupEventHeader; bank: string; price: I80F48 };
  LendingPoolBankAccrueInterestEvent: BankEvent & { delta: bigint; feesCollected: number; insuranceCollected: number };
  LendingPoolBankCollectFeesEvent: BankEvent & {
    groupFeesCollected: number;
    groupFeesOutstanding: number;
    insuranceFeesCollected: number;
    insuranceFeesOutstanding: number;
  };
  LendingPoolBankHandleBankruptcyEvent: {
    header: AccountEventHeader;
    bank: string;
    mint: string;
    badDebt: number;
    coveredAmount: number;
    socializedAmount: number;
  };
  MarginfiAccountCreateEvent: { header: AccountEventHeader };
  LendingAccountDepositEvent: BalanceEvent;
  LendingAccountRepayEvent: BalanceEvent & { closeBalance: boolean };
  LendingAccountBorrowEvent: BalanceEvent;
  LendingAccountWithdrawEvent: BalanceEvent & { closeBalance: boolean };
  LendingAccountLiquidateEvent: {
    header: AccountEventHeader;
    liquidateeMarginfiAccount: string;
    liquidateeMarginfiAccountAuthority: string;
    assetBank: string;
    assetMint: string;
    liabilityBank: string;
    liabilityMint: string;
    liquidateePreHealth: number;
    liquidateePostHealth: number;
    preBalances: LiquidationBalances;
    postBalances: LiquidationBalances;
  };
  MarginfiAccountTransferToNewAccount: {
    header: AccountEventHeader;
    oldAccount: string;
    oldAccountAuthority: string;
    newAccountAuthority: string;
  };
  MarginfiAccountFreezeEvent: { header: AccountEventHeader; frozen: boolean };
  HealthPulseEvent: { account: string; healthCache: HealthCache };
  LiquidationReceiverEvent: {
    marginfiAccount: string;
    liquidationReceiver: string;
    liquidateeAssetsSeized: number;
    liquidateeLiabilityRepaid: number;
    lampsFeePaid: number;
  };
  DeleverageEvent: { marginfiAccount: string; riskAdmin: string; deleverageeAssetsSeized: number; deleverageeLiabilityRepaid: number };
  EditStakedSettingsEvent: { group: string; settings: StakedSettingsEditConfig };
}

export type EventName = keyof EventFields;

const RATE_POINTS = array(RatePointStruct, INTEREST_RATE_POINTS);

/** Borsh bool: one byte, 0 or 1. */
const bool: Codec<boolean> = {
  size: 1,
  read: (buf, offset) => buf.readUInt8(offset) === 1,
  write: (buf, offset, value) => void buf.writeUInt8(value ? 1 : 0, offset),
};

class BorshWriter {
  private readonly chunks: Buffer[] = [];

  value<T>(codec: Codec<T>, value: T): this {
    const chunk = Buffer.alloc(codec.size);
    codec.write(chunk, 0, value);
    this.chunks.push(chunk);
    return this;
  }

  /** Option<T>: tag byte 0, or tag byte 1 then the value. */
  option<T>(value: T | null, write: (w: this, value: T) => unknown): this {
    if (value === null) return this.value(u8, 0);
    write(this.value(u8, 1), value);
    return this;
  }

  optional<T>(codec: Codec<T>, value: T | null): this {
    return this.option(value, (w, v) => w.value(codec, v));
  }

  pubkey(value: string): this {
    return this.value(pubkey, value);
  }

  finish(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function interestRateConfigOpt(w: BorshWriter, c: InterestRateConfigOpt): BorshWriter {
  return w
    .optional(i80f48, c.insuranceFeeFixedApr)
    .optional(i80f48, c.insuranceIrFee)
    .optional(i80f48, c.protocolFixedFeeApr)
    .optional(i80f48, c.protocolIrFee)
    .optional(i80f48, c.protocolOriginationFee)
    .optional(u32, c.zeroUtilRate)
    .optional(u32, c.hundredUtilRate)
    .optional(RATE_POINTS, c.points);
}

function bankConfigOpt(w: BorshWriter, c: BankConfigOpt): BorshWriter {
  return w
    .optional(i80f48, c.assetWeightInit)
    .optional(i80f48, c.assetWeightMaint)
    .optional(i80f48, c.liabilityWeightInit)
    .optional(i80f48, c.liabilityWeightMaint)
    .optional(u64, c.depositLimit)
    .optional(u64, c.borrowLimit)
    .optional(u8, c.operationalState)
    .option(c.interestRateConfig, interestRateConfigOpt)
    .optional(u8, c.riskTier)
    .optional(u8, c.assetTag)
    .optional(u64, c.totalAssetValueInitLimit)
    .optional(u32, c.oracleMaxConfidence)
    .optional(u16, c.oracleMaxAge)
    .optional(bool, c.permissionlessBadDebtSettlement)
    .optional(bool, c.freezeSettings)
    .optional(bool, c.tokenlessRepaymentsAllowed);
}

function stakedSettingsEditConfig(w: BorshWriter, c: StakedSettingsEditConfig): BorshWriter {
  return w
    .optional(pubkey, c.oracle)
    .optional(i80f48, c.assetWeightInit)
    .optional(i80f48, c.assetWeightMaint)
    .optional(u64, c.depositLimit)
    .optional(u64, c.totalAssetValueInitLimit)
    .optional(u16, c.oracleMaxAge)
    .optional(u8, c.riskTier);
}

function groupHeader(w: BorshWriter, h: GroupEventHeader): BorshWriter {
  return w.optional(pubkey, h.signer).pubkey(h.marginfiGroup);
}

function accountHeader(w: BorshWriter, h: AccountEventHeader): BorshWriter {
  return w.optional(pubkey, h.signer).pubkey(h.marginfiAccount).pubkey(h.marginfiAccountAuthority).pubkey(h.marginfiGroup);
}

function bankEvent(w: BorshWriter, f: BankEvent): BorshWriter {
  return groupHeader(w, f.header).pubkey(f.bank).pubkey(f.mint);
}

function balanceEvent(w: BorshWriter, f: BalanceEvent): BorshWriter {
  return accountHeader(w, f.header).pubkey(f.bank).pubkey(f.mint).value(u64, f.amount);
}

function liquidationBalances(w: BorshWriter, b: LiquidationBalances): BorshWriter {
  return w
    .value(f64, b.liquidateeAssetBalance)
    .value(f64, b.liquidateeLiabilityBalance)
    .value(f64, b.liquidatorAssetBalance)
    .value(f64, b.liquidatorLiabilityBalance);
}

/** Field order of each event as declared in the program (the Borsh order). */
const ENCODERS: { [N in EventName]: (w: BorshWriter, f: EventFields[N]) => BorshWriter } = {
  MarginfiGroupCreateEvent: (w, f) => groupHeader(w, f.header),
  MarginfiGroupConfigureEvent: (w, f) => groupHeader(w, f.header).pubkey(f.admin).value(u64, f.flags),
  LendingPoolBankCreateEvent: bankEvent,
  LendingPoolBankConfigureEvent: (w, f) => bankConfigOpt(bankEvent(w, f), f.config),
  LendingPoolBankConfigureFrozenEvent: (w, f) => bankEvent(w, f).value(u64, f.depositLimit).value(u64, f.borrowLimit),
  LendingPoolBankConfigureOracleEvent: (w, f) => groupHeader(w, f.header).pubkey(f.bank).value(u8, f.oracleSetup).pubkey(f.oracle),
  LendingPoolBankSetFixedOraclePriceEvent: (w, f) => groupHeader(w, f.header).pubkey(f.bank).value(i80f48, f.price),
  LendingPoolBankAccrueInterestEvent: (w, f) =>
    bankEvent(w, f).value(u64, f.delta).value(f64, f.feesCollected).value(f64, f.insuranceCollected),
  LendingPoolBankCollectFeesEvent: (w, f) =>
    bankEvent(w, f)
      .value(f64, f.groupFeesCollected)
      .value(f64, f.groupFeesOutstanding)
      .value(f64, f.insuranceFeesCollected)
      .value(f64, f.insuranceFeesOutstanding),
  LendingPoolBankHandleBankruptcyEvent: (w, f) =>
    accountHeader(w, f.header)
      .pubkey(f.bank)
      .pubkey(f.mint)
      .value(f64, f.badDebt)
      .value(f64, f.coveredAmount)
      .value(f64, f.socializedAmount),
  MarginfiAccountCreateEvent: (w, f) => accountHeader(w, f.header),
  LendingAccountDepositEvent: balanceEvent,
  LendingAccountRepayEvent: (w, f) => balanceEvent(w, f).value(bool, f.closeBalance),
  LendingAccountBorrowEvent: balanceEvent,
  LendingAccountWithdrawEvent: (w, f) => balanceEvent(w, f).value(bool, f.closeBalance),
  LendingAccountLiquidateEvent: (w, f) =>
    liquidationBalances(
      liquidationBalances(
        accountHeader(w, f.header)
          .pubkey(f.liquidateeMarginfiAccount)
          .pubkey(f.liquidateeMarginfiAccountAuthority)
          .pubkey(f.assetBank)
          .pubkey(f.assetMint)
          .pubkey(f.liabilityBank)
          .pubkey(f.liabilityMint)
          .value(f64, f.liquidateePreHealth)
          .value(f64, f.liquidateePostHealth),
        f.preBalances,
      ),
      f.postBalances,
    ),
  MarginfiAccountTransferToNewAccount: (w, f) =>
    accountHeader(w, f.header).pubkey(f.oldAccount).pubkey(f.oldAccountAuthority).pubkey(f.newAccountAuthority),
  MarginfiAccountFreezeEvent: (w, f) => accountHeader(w, f.header).value(bool, f.frozen),
  HealthPulseEvent: (w, f) => w.pubkey(f.account).value(HealthCacheStruct, f.healthCache),
  LiquidationReceiverEvent: (w, f) =>
    w
      .pubkey(f.marginfiAccount)
      .pubkey(f.liquidationReceiver)
      .value(f64, f.liquidateeAssetsSeized)
      .value(f64, f.liquidateeLiabilityRepaid)
      .value(u32, f.lampsFeePaid),
  DeleverageEvent: (w, f) =>
    w.pubkey(f.marginfiAccount).pubkey(f.riskAdmin).value(f64, f.deleverageeAssetsSeized).value(f64, f.deleverageeLiabilityRepaid),
  EditStakedSettingsEvent: (w, f) => stakedSettingsEditConfig(w.pubkey(f.group), f.settings),
};

export const EVENT_NAMES = Object.keys(ENCODERS) as EventName[];

export const EVENT_DISCRIMINATORS: Readonly<Record<EventName, Buffer>> = Object.fromEntries(
  EVENT_NAMES.map((name) => [name, createHash("sha256").update(`event:${name}`).digest().subarray(0, 8)]),
) as Record<EventName, Buffer>;

/** The bytes `emit!` logs for an event: discriminator, then the Borsh fields. */
export function encodeEvent<N extends EventName>(name: N, fields: EventFields[N]): Buffer {
  const encode = ENCODERS[name] as (w: BorshWriter, f: EventFields[N]) => BorshWriter;
  return Buffer.concat([EVENT_DISCRIMINATORS[name], encode(new BorshWriter(), fields).finish()]);
}

export function emitEvent<N extends EventName>(ctx: { logData(...chunks: Uint8Array[]): void }, name: N, fields: EventFields[N]): void {
  ctx.logData(encodeEvent(name, fields));
}
