// Builders for the market owner's instructions and refresh_reserve. Market and reserve accounts are plain keypair
// accounts the caller creates first (System CreateAccount, owned by the market program, all zero).
import { type PublicKey, SYSVAR_RENT_PUBKEY, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { UpdateConfigMode } from "../lending/config-update.js";
import { isSourceEnabled, isTwapEnabled } from "../lending/oracle-config.js";
import { SPL_TOKEN_PROGRAM_ID } from "../program-ids.js";
import { LENDING_MARKET_SIZE } from "../state/lending-market.js";
import { type ReserveConfig, encodeReserveConfig } from "../state/reserve-config.js";
import { RESERVE_SIZE, type Reserve } from "../state/reserve.js";
import { lendingMarketAuthority, reserveAccountsFor } from "./addresses.js";
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
  lendingMarketOwner: Key;
  lendingMarket: Key;
  reserve: Key;
  liquidityMint: Key;
  /** The owner's token account the market's minimum initial deposit comes from. */
  initialLiquiditySource: Key;
}

export function initReserveInstruction(p: InitReserveParams): TransactionInstruction {
  const programId = programIdOf(p);
  const a = reserveAccountsFor(p.reserve, p.lendingMarket, p.liquidityMint, programId);
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
      liquidityTokenProgram: SPL_TOKEN_PROGRAM_ID,
      collateralTokenProgram: SPL_TOKEN_PROGRAM_ID,
      systemProgram: SystemProgram.programId,
    },
  });
}

export interface UpdateReserveConfigParams extends ProgramOption {
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
    accounts: { signer: p.lendingMarketOwner, lendingMarket: p.lendingMarket, reserve: p.reserve },
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

/** refresh_reserve with the oracle accounts the reserve's config names. */
export function refreshReserveInstructionFor(reserve: Key, state: Reserve, options: ProgramOption = {}): TransactionInstruction {
  const t = state.config.tokenInfo;
  const enabled = (address: string): PublicKey | null => (isSourceEnabled(address) ? toPublicKey(address) : null);
  const switchboard = enabled(t.switchboardConfiguration.priceAggregator);
  return refreshReserveInstruction({
    ...options,
    reserve,
    lendingMarket: state.lendingMarket,
    pythOracle: enabled(t.pythConfiguration.price),
    switchboardPriceOracle: switchboard,
    switchboardTwapOracle: switchboard && isTwapEnabled(t) ? enabled(t.switchboardConfiguration.twapAggregator) : null,
    scopePrices: enabled(t.scopeConfiguration.priceFeed),
  });
}
