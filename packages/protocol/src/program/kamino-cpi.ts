// The third-party market (Kamino klend) instructions the lending program invokes for its Kamino banks. The bank's
// liquidity vault authority owns the bank's obligation and signs every call with its seeds; the vault itself is
// the token account liquidity leaves from and returns to. Optional accounts the market takes ("none") are passed
// as the market program's own id, as Anchor clients do. Deposits and withdrawals use the market's `_v2` forms: the
// v1 forms check their refreshes through the instructions sysvar and refuse a CPI from a program off klend's
// whitelist, which this program is not on; the `_v2` forms refresh the obligation's farm stake themselves.
import { instructionDiscriminator } from "@ballast/codec";
import { INSTRUCTIONS_SYSVAR_ID, RENT_SYSVAR_ID, SYSTEM_PROGRAM_ID, type AccountMeta, type InstructionContext } from "@ballast/ledger";
import { KAMINO_PROGRAM_ID } from "../state/kamino.js";

type Seeds = readonly Uint8Array[];

const writable = (pubkey: string, isSigner = false): AccountMeta => ({ pubkey, isSigner, isWritable: true });
const readonly = (pubkey: string, isSigner = false): AccountMeta => ({ pubkey, isSigner, isWritable: false });
const NONE = readonly(KAMINO_PROGRAM_ID);

function data(name: string, ...args: Buffer[]): Buffer {
  return Buffer.concat([instructionDiscriminator(name), ...args]);
}

function u64(value: bigint): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(value);
  return out;
}

function invoke(ctx: InstructionContext, name: string, accounts: AccountMeta[], args: Buffer[], seeds: Seeds | null): void {
  ctx.invoke({ programId: KAMINO_PROGRAM_ID, accounts, data: data(name, ...args) }, seeds ? [seeds] : []);
}

/** The market-side accounts of a deposit or withdrawal, named as the market names them. */
export interface KaminoReserveAccounts {
  readonly lendingMarket: string;
  readonly lendingMarketAuthority: string;
  readonly reserve: string;
  readonly liquidityMint: string;
  readonly liquiditySupply: string;
  readonly collateralMint: string;
  /** The reserve's collateral supply vault, where obligation collateral is held. */
  readonly collateralVault: string;
  /** The obligation's farm user state and the reserve's collateral farm, as the caller passed them (or none). */
  readonly obligationFarmUserState: string;
  readonly reserveFarmState: string;
  readonly farmsProgram: string;
  readonly collateralTokenProgram: string;
  readonly liquidityTokenProgram: string;
}

/** Who acts in the market for a bank: its liquidity vault authority (signing with `seeds`) and liquidity vault. */
export interface KaminoBankSide {
  readonly authority: string;
  readonly seeds: Seeds;
  readonly liquidityVault: string;
  readonly obligation: string;
}

/** init_user_metadata for the vault authority; the fee payer funds it. */
export function initUserMetadata(ctx: InstructionContext, side: KaminoBankSide, feePayer: string, userMetadata: string): void {
  invoke(
    ctx,
    "init_user_metadata",
    [
      readonly(side.authority, true),
      writable(feePayer, true),
      writable(userMetadata),
      NONE,
      readonly(RENT_SYSVAR_ID),
      readonly(SYSTEM_PROGRAM_ID),
    ],
    [Buffer.alloc(32)],
    side.seeds,
  );
}

/** init_obligation with tag 0 and id 0 and default seeds: the vanilla obligation the bank recorded at creation. */
export function initObligation(
  ctx: InstructionContext,
  side: KaminoBankSide,
  feePayer: string,
  lendingMarket: string,
  userMetadata: string,
): void {
  invoke(
    ctx,
    "init_obligation",
    [
      readonly(side.authority, true),
      writable(feePayer, true),
      writable(side.obligation),
      readonly(lendingMarket),
      readonly(SYSTEM_PROGRAM_ID),
      readonly(SYSTEM_PROGRAM_ID),
      readonly(userMetadata),
      readonly(RENT_SYSVAR_ID),
      readonly(SYSTEM_PROGRAM_ID),
    ],
    [Buffer.from([0, 0])],
    side.seeds,
  );
}

/** refresh_reserve with the four oracle slots as the caller passed them. */
export function refreshReserve(ctx: InstructionContext, reserve: string, lendingMarket: string, oracles: readonly string[]): void {
  invoke(ctx, "refresh_reserve", [writable(reserve), readonly(lendingMarket), ...oracles.map((o) => readonly(o))], [], null);
}

/** refresh_obligation for an obligation whose only deposit reserves are `reserves`. */
export function refreshObligation(ctx: InstructionContext, lendingMarket: string, obligation: string, reserves: readonly string[]): void {
  invoke(ctx, "refresh_obligation", [readonly(lendingMarket), writable(obligation), ...reserves.map((r) => readonly(r))], [], null);
}

/** Whether an optional account is absent: the caller's "none" is this program's own id (Anchor's convention), or the market's. */
function isNone(ctx: InstructionContext, pubkey: string): boolean {
  return pubkey === ctx.programId || pubkey === KAMINO_PROGRAM_ID;
}

/** The farm accounts that close a `_v2` deposit or withdrawal; "none" goes to the market as its own id, read-only. */
function farmAccounts(ctx: InstructionContext, market: KaminoReserveAccounts): AccountMeta[] {
  const optional = (pubkey: string) => (isNone(ctx, pubkey) ? NONE : writable(pubkey));
  return [optional(market.obligationFarmUserState), optional(market.reserveFarmState), readonly(market.farmsProgram)];
}

/**
 * init_obligation_farms_for_reserve (collateral) when the caller passed the reserve's collateral farm: a new
 * obligation has no stake in it yet, and the `_v2` deposit that follows refreshes that stake. The fee payer funds it.
 */
export function initObligationCollateralFarm(
  ctx: InstructionContext,
  side: KaminoBankSide,
  feePayer: string,
  market: KaminoReserveAccounts,
): void {
  if (isNone(ctx, market.reserveFarmState)) return;
  invoke(
    ctx,
    "init_obligation_farms_for_reserve",
    [
      writable(feePayer, true),
      readonly(side.authority),
      writable(side.obligation),
      readonly(market.lendingMarketAuthority),
      writable(market.reserve),
      writable(market.reserveFarmState),
      writable(market.obligationFarmUserState),
      readonly(market.lendingMarket),
      readonly(market.farmsProgram),
      readonly(RENT_SYSVAR_ID),
      readonly(SYSTEM_PROGRAM_ID),
    ],
    [Buffer.from([0])],
    null,
  );
}

/** deposit_reserve_liquidity_and_obligation_collateral_v2: liquidity from the bank's vault into its obligation. */
export function depositIntoObligation(ctx: InstructionContext, side: KaminoBankSide, market: KaminoReserveAccounts, amount: bigint): void {
  invoke(
    ctx,
    "deposit_reserve_liquidity_and_obligation_collateral_v2",
    [
      writable(side.authority, true),
      writable(side.obligation),
      readonly(market.lendingMarket),
      readonly(market.lendingMarketAuthority),
      writable(market.reserve),
      readonly(market.liquidityMint),
      writable(market.liquiditySupply),
      writable(market.collateralMint),
      writable(market.collateralVault),
      writable(side.liquidityVault),
      NONE,
      readonly(market.collateralTokenProgram),
      readonly(market.liquidityTokenProgram),
      readonly(INSTRUCTIONS_SYSVAR_ID),
      ...farmAccounts(ctx, market),
    ],
    [u64(amount)],
    side.seeds,
  );
}

/** withdraw_obligation_collateral_and_redeem_reserve_collateral_v2: collateral out of the obligation, liquidity to the vault. */
export function withdrawFromObligation(
  ctx: InstructionContext,
  side: KaminoBankSide,
  market: KaminoReserveAccounts,
  collateral: bigint,
): void {
  invoke(
    ctx,
    "withdraw_obligation_collateral_and_redeem_reserve_collateral_v2",
    [
      writable(side.authority, true),
      writable(side.obligation),
      readonly(market.lendingMarket),
      readonly(market.lendingMarketAuthority),
      writable(market.reserve),
      readonly(market.liquidityMint),
      writable(market.collateralVault),
      writable(market.collateralMint),
      writable(market.liquiditySupply),
      writable(side.liquidityVault),
      NONE,
      readonly(market.collateralTokenProgram),
      readonly(market.liquidityTokenProgram),
      readonly(INSTRUCTIONS_SYSVAR_ID),
      ...farmAccounts(ctx, market),
    ],
    [u64(collateral)],
    side.seeds,
  );
}
