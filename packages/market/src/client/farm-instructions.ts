// Builders for klend's reserve-farm instructions: a reserve's farm, an obligation's user state in it, and the
// refresh that sets the obligation's stake. The farm account is a keypair account the caller creates first
// (createFarmsAccountInstruction with FARM_STATE_SIZE).
import { SYSVAR_RENT_PUBKEY, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type Key } from "@ballast/codec";
import { farmUserStateAddress, farmVaultsAuthority } from "../farms/client.js";
import { FARMS_PROGRAM_ID } from "../farms/ids.js";
import type { ReserveFarmKind } from "../lending/obligation-farms.js";
import { lendingMarketAuthority } from "./addresses.js";
import { type ProgramOption, programIdOf } from "./coder.js";
import { KLEND_INSTRUCTIONS } from "./instructions.js";

export { ReserveFarmKind } from "../lending/obligation-farms.js";

export interface InitFarmsForReserveParams extends ProgramOption {
  lendingMarketOwner: Key;
  lendingMarket: Key;
  reserve: Key;
  farmsGlobalConfig: Key;
  farmState: Key;
  kind: ReserveFarmKind;
}

export function initFarmsForReserveInstruction(p: InitFarmsForReserveParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_farms_for_reserve", {
    accounts: {
      lendingMarketOwner: p.lendingMarketOwner,
      lendingMarket: p.lendingMarket,
      lendingMarketAuthority: lendingMarketAuthority(p.lendingMarket, programId),
      reserve: p.reserve,
      farmsProgram: FARMS_PROGRAM_ID,
      farmsGlobalConfig: p.farmsGlobalConfig,
      farmState: p.farmState,
      farmsVaultAuthority: farmVaultsAuthority(p.farmState),
      rent: SYSVAR_RENT_PUBKEY,
      systemProgram: SystemProgram.programId,
    },
    args: { mode: p.kind },
  });
}

export interface ObligationFarmParams extends ProgramOption {
  lendingMarket: Key;
  reserve: Key;
  obligation: Key;
  /** The reserve's farm for `kind`. */
  farmState: Key;
  kind: ReserveFarmKind;
}

export function initObligationFarmsForReserveInstruction(p: ObligationFarmParams & { payer: Key; owner: Key }): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_obligation_farms_for_reserve", {
    accounts: {
      payer: p.payer,
      owner: p.owner,
      obligation: p.obligation,
      lendingMarketAuthority: lendingMarketAuthority(p.lendingMarket, programId),
      reserve: p.reserve,
      reserveFarmState: p.farmState,
      obligationFarm: farmUserStateAddress(p.farmState, p.obligation),
      lendingMarket: p.lendingMarket,
      farmsProgram: FARMS_PROGRAM_ID,
      rent: SYSVAR_RENT_PUBKEY,
      systemProgram: SystemProgram.programId,
    },
    args: { mode: p.kind },
  });
}

export function refreshObligationFarmsForReserveInstruction(p: ObligationFarmParams & { crank: Key }): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "refresh_obligation_farms_for_reserve", {
    accounts: {
      crank: p.crank,
      obligation: p.obligation,
      lendingMarketAuthority: lendingMarketAuthority(p.lendingMarket, programId),
      reserve: p.reserve,
      reserveFarmState: p.farmState,
      obligationFarmUserState: farmUserStateAddress(p.farmState, p.obligation),
      lendingMarket: p.lendingMarket,
      farmsProgram: FARMS_PROGRAM_ID,
      rent: SYSVAR_RENT_PUBKEY,
      systemProgram: SystemProgram.programId,
    },
    args: { mode: p.kind },
  });
}
