// Builders for the market owner's instructions and refresh_reserve. Market and reserve accounts are plain keypair
// accounts the caller creates first (System CreateAccount, owned by the market program, all zero).
import { type PublicKey, SYSVAR_RENT_PUBKEY, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { UpdateConfigMode } from "../lending/config-update.js";
import { isSourceEnabled, isTwapEnabled } from "../lending/oracle-config.js";
import { SPL_TOKEN_PROGRAM_ID } from "../program-ids.js";
import { ElevationGroupStruct, LENDING_MARKET_SIZE, type ElevationGroup } from "../state/lending-market.js";
import { LENDING_MARKET_UPDATE_VALUE_SIZE } from "../lending/lending-market-modes.js";
import { type ReserveConfig, encodeReserveConfig } from "../state/reserve-config.js";
import { RESERVE_SIZE, type Reserve } from "../state/reserve.js";
import { globalConfigAddress, lendingMarketAuthority, reserveAccountsFor } from "./addresses.js";
import { programDataAddress } from "../state/program-data.js";
import { buildInstruction, toPublicKey, type Key } from "@ballast/codec";
import { type ProgramOption, programIdOf } from "./coder.js";
import { KLEND_INSTRUCTIONS } from "./instructions.js";

export interface CreateProgramAccountParams extends ProgramOption {
  payer: Key;
  /** The new account's keypair address (it signs). */
  account: Key;
  /** Rent-exempt lamports for the size (connection.getMinimumBalanceForRentExemption). */
  lamports: number;
}

/** System CreateAccount of a LendingMarket-sized account owned by the market program, for init_lending_market. */
export function createLendingMarketAccountInstruction(p: CreateProgramAccountParams): TransactionInstruction {
  return createProgramAccount(p, LENDING_MARKET_SIZE);
}

/** System CreateAccount of a Reserve-sized account owned by the market program, for init_reserve. */
export function createReserveAccountInstruction(p: CreateProgramAccountParams): TransactionInstruction {
  return createProgramAccount(p, RESERVE_SIZE);
}

function createProgramAccount(p: CreateProgramAccountParams, space: number): TransactionInstruction {
  return SystemProgram.createAccount({
    fromPubkey: toPublicKey(p.payer),
    newAccountPubkey: toPublicKey(p.account),
    lamports: p.lamports,
    space,
    programId: programIdOf(p),
  });
}

/** "USD" and the like as the 32 zero-padded bytes the market stores. */
export function quoteCurrencyBytes(currency: string | Uint8Array): Buffer {
  const raw = typeof currency === "string" ? Buffer.from(currency, "utf8") : Buffer.from(currency);
  if (raw.length > 32) throw new RangeError("a quote currency is at most 32 bytes");
  return Buffer.concat([raw, Buffer.alloc(32 - raw.length)]);
}

export interface InitLendingMarketParams extends ProgramOption {
  lendingMarketOwner: Key;
  lendingMarket: Key;
  /** Default "USD". */
  quoteCurrency?: string | Uint8Array;
}

export function initLendingMarketInstruction(p: InitLendingMarketParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_lending_market", {
    accounts: {
      lendingMarketOwner: p.lendingMarketOwner,
      lendingMarket: p.lendingMarket,
      lendingMarketAuthority: lendingMarketAuthority(p.lendingMarket, programId),
      systemProgram: SystemProgram.programId,
      rent: SYSVAR_RENT_PUBKEY,
    },
    args: { quoteCurrency: quoteCurrencyBytes(p.quoteCurrency ?? "USD") },
  });
}

export interface InitReserveParams extends ProgramOption {
  /** The signer: the market owner or its proposer authority. */
  lendingMarketOwner: Key;
  lendingMarket: Key;
  reserve: Key;
  liquidityMint: Key;
  /** The signer's token account the market's minimum initial deposit comes from. */
  initialLiquiditySource: Key;
  /** The liquidity mint's token program: SPL Token (the default) or Token-2022. */
  liquidityTokenProgram?: Key;
}

export function initReserveInstruction(p: InitReserveParams): TransactionInstruction {
  const programId = programIdOf(p);
  const a = reserveAccountsFor(p.reserve, p.lendingMarket, p.liquidityMint, programId, p.liquidityTokenProgram);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_reserve", {
    accounts: {
      lendingMarketOwner: p.lendingMarketOwner,
      lendingMarket: p.lendingMarket,
      lendingMarketAuthority: lendingMarketAuthority(p.lendingMarket, programId),
      reserve: p.reserve,
      reserveLiquidityMint: p.liquidityMint,
      reserveLiquiditySupply: a.liquiditySupply,
      feeReceiver: a.feeReceiver,
      reserveCollateralMint: a.collateralMint,
      reserveCollateralSupply: a.collateralSupply,
      initialLiquiditySource: p.initialLiquiditySource,
      rent: SYSVAR_RENT_PUBKEY,
      liquidityTokenProgram: a.liquidityTokenProgram,
      collateralTokenProgram: SPL_TOKEN_PROGRAM_ID,
      systemProgram: SystemProgram.programId,
    },
  });
}

export interface UpdateReserveConfigParams extends ProgramOption {
  /**
   * The signer: the market owner, the global admin for the protocol-fee modes, or the market's proposer authority
   * while the reserve is unused, blocked and not locked against it.
   */
  lendingMarketOwner: Key;
  lendingMarket: Key;
  reserve: Key;
  /** An UpdateConfigMode variant index. */
  mode: number;
  value: Uint8Array;
  skipValidation?: boolean;
}

export function updateReserveConfigInstruction(p: UpdateReserveConfigParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "update_reserve_config", {
    accounts: {
      signer: p.lendingMarketOwner,
      globalConfig: globalConfigAddress(p.programId),
      lendingMarket: p.lendingMarket,
      reserve: p.reserve,
    },
    args: { mode: p.mode, value: p.value, skipConfigIntegrityValidation: p.skipValidation ?? false },
  });
}

/** update_reserve_config in UpdateEntireReserveConfig mode with `config` as its 920 bytes. */
export function updateEntireReserveConfigInstruction(
  p: Omit<UpdateReserveConfigParams, "mode" | "value"> & { config: ReserveConfig },
): TransactionInstruction {
  return updateReserveConfigInstruction({ ...p, mode: UpdateConfigMode.UpdateEntireReserveConfig, value: encodeReserveConfig(p.config) });
}

export interface RefreshReserveParams extends ProgramOption {
  reserve: Key;
  lendingMarket: Key;
  pythOracle?: Key | null;
  switchboardPriceOracle?: Key | null;
  switchboardTwapOracle?: Key | null;
  /** Scope's OraclePrices account. */
  scopePrices?: Key | null;
}

export function refreshReserveInstruction(p: RefreshReserveParams): TransactionInstruction {
  const { reserve, lendingMarket, pythOracle, switchboardPriceOracle, switchboardTwapOracle, scopePrices } = p;
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "refresh_reserve", {
    accounts: { reserve, lendingMarket, pythOracle, switchboardPriceOracle, switchboardTwapOracle, scopePrices },
  });
}

/** The oracle accounts a refresh of the reserve passes, as its config names them (null for none). */
export function reserveOracleAccounts(
  state: Reserve,
): Pick<RefreshReserveParams, "pythOracle" | "switchboardPriceOracle" | "switchboardTwapOracle" | "scopePrices"> {
  const t = state.config.tokenInfo;
  const enabled = (address: string): PublicKey | null => (isSourceEnabled(address) ? toPublicKey(address) : null);
  const switchboard = enabled(t.switchboardConfiguration.priceAggregator);
  return {
    pythOracle: enabled(t.pythConfiguration.price),
    switchboardPriceOracle: switchboard,
    switchboardTwapOracle: switchboard && isTwapEnabled(t) ? enabled(t.switchboardConfiguration.twapAggregator) : null,
    scopePrices: enabled(t.scopeConfiguration.priceFeed),
  };
}

/** refresh_reserve with the oracle accounts the reserve's config names. */
export function refreshReserveInstructionFor(reserve: Key, state: Reserve, options: ProgramOption = {}): TransactionInstruction {
  return refreshReserveInstruction({ ...options, reserve, lendingMarket: state.lendingMarket, ...reserveOracleAccounts(state) });
}

export interface UpdateLendingMarketParams extends ProgramOption {
  lendingMarketOwner: Key;
  lendingMarket: Key;
  /** An UpdateLendingMarketMode. */
  mode: number | bigint;
  /** The new value's Borsh bytes (at most 72; the rest is zero): see `lendingMarketValue`. */
  value: Uint8Array;
}

export function updateLendingMarketInstruction(p: UpdateLendingMarketParams): TransactionInstruction {
  if (p.value.length > LENDING_MARKET_UPDATE_VALUE_SIZE)
    throw new RangeError(`a market update value is at most ${LENDING_MARKET_UPDATE_VALUE_SIZE} bytes`);
  const value = Buffer.alloc(LENDING_MARKET_UPDATE_VALUE_SIZE);
  value.set(p.value);
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "update_lending_market", {
    accounts: { lendingMarketOwner: p.lendingMarketOwner, lendingMarket: p.lendingMarket },
    args: { mode: BigInt(p.mode), value },
  });
}

export interface UpdateLendingMarketOwnerParams extends ProgramOption {
  /** The key the UpdateOwner mode staged; it signs and becomes the owner. */
  lendingMarketOwnerCached: Key;
  lendingMarket: Key;
}

export function updateLendingMarketOwnerInstruction(p: UpdateLendingMarketOwnerParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "update_lending_market_owner", {
    accounts: { lendingMarketOwnerCached: p.lendingMarketOwnerCached, lendingMarket: p.lendingMarket },
  });
}

/** The Borsh bytes of update_lending_market values, by the field's type. */
export const lendingMarketValue = {
  u8: (n: number): Buffer => Buffer.from([n]),
  u16: (n: number): Buffer => {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(n);
    return b;
  },
  u64: (n: bigint): Buffer => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(n);
    return b;
  },
  /** A Fraction's bits (min_net_value_in_obligation_sf). */
  u128: (n: bigint): Buffer => {
    const b = Buffer.alloc(16);
    b.writeBigUInt64LE(n & 0xffff_ffff_ffff_ffffn);
    b.writeBigUInt64LE(n >> 64n, 8);
    return b;
  },
  pubkey: (key: Key): Buffer => toPublicKey(key).toBuffer(),
  /** The market's name, UTF-8, zero padded to 32 bytes. */
  name: (name: string): Buffer => quoteCurrencyBytes(name),
  /** A whole elevation group (UpdateElevationGroup); its id says which slot it takes. */
  elevationGroup: (group: ElevationGroup): Buffer => {
    const b = Buffer.alloc(ElevationGroupStruct.size);
    ElevationGroupStruct.write(b, 0, group);
    return b;
  },
};

export interface InitGlobalConfigParams extends ProgramOption {
  payer: Key;
}

/** init_global_config: the program's upgrade authority (from its ProgramData) becomes global admin and fee collector. */
export function initGlobalConfigInstruction(p: InitGlobalConfigParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_global_config", {
    accounts: {
      payer: p.payer,
      globalConfig: globalConfigAddress(programId),
      programData: programDataAddress(programId),
      systemProgram: SystemProgram.programId,
      rent: SYSVAR_RENT_PUBKEY,
    },
  });
}

export interface UpdateGlobalConfigParams extends ProgramOption {
  globalAdmin: Key;
  /** An UpdateGlobalConfigMode. */
  mode: number;
  /** The new pending admin or fee collector. */
  value: Key;
}

export function updateGlobalConfigInstruction(p: UpdateGlobalConfigParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "update_global_config", {
    accounts: { globalAdmin: p.globalAdmin, globalConfig: globalConfigAddress(programId) },
    args: { mode: p.mode, value: toPublicKey(p.value).toBuffer() },
  });
}

export interface UpdateGlobalConfigAdminParams extends ProgramOption {
  /** The pending admin, who signs and becomes the global admin. */
  pendingAdmin: Key;
}

export function updateGlobalConfigAdminInstruction(p: UpdateGlobalConfigAdminParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "update_global_config_admin", {
    accounts: { pendingAdmin: p.pendingAdmin, globalConfig: globalConfigAddress(programId) },
  });
}
