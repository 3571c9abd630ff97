// Builders for klend's cToken collateral instructions and the `_v2` position instructions. A `_v2` instruction takes
// its v1 form's accounts, then the farm accounts of the side it changes (the obligation's user state in the reserve's
// farm and the farm; the program id for none when the reserve has no farm) and the farms program, with the market
// authority where the v1 form lacks it; its arguments are the v1 form's.
import { SYSVAR_INSTRUCTIONS_PUBKEY, TransactionInstruction, type AccountMeta } from "@solana/web3.js";
import { accountMeta, buildInstruction, instructionDiscriminator, type Key } from "@ballast/codec";
import { farmUserStateAddress } from "../farms/client.js";
import { FARMS_PROGRAM_ID } from "../farms/ids.js";
import { SPL_TOKEN_PROGRAM_ID } from "../program-ids.js";
import { type ReserveAccounts, lendingMarketAuthority } from "./addresses.js";
import { type ProgramOption, programIdOf } from "./coder.js";
import { KLEND_INSTRUCTIONS } from "./instructions.js";
import {
  type LiquidateParams,
  type SocializeLossParams,
  liquidateObligationAndRedeemReserveCollateralInstruction,
  socializeLossInstruction,
} from "./liquidation-instructions.js";
import {
  type BorrowObligationLiquidityParams,
  type DepositLiquidityAndCollateralParams,
  type RepayObligationLiquidityParams,
  type WithdrawCollateralAndRedeemParams,
  borrowObligationLiquidityInstruction,
  depositReserveLiquidityAndObligationCollateralInstruction,
  repayObligationLiquidityInstruction,
  withdrawObligationCollateralAndRedeemReserveCollateralInstruction,
} from "./position-instructions.js";

export interface DepositObligationCollateralParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  /** The owner's account of the reserve's cToken mint. */
  userSourceCollateral: Key;
  collateralAmount: bigint;
}

export function depositObligationCollateralInstruction(p: DepositObligationCollateralParams): TransactionInstruction {
  const r = p.reserve;
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "deposit_obligation_collateral", {
    accounts: {
      owner: p.owner,
      obligation: p.obligation,
      lendingMarket: r.lendingMarket,
      depositReserve: r.reserve,
      reserveDestinationCollateral: r.collateralSupply,
      userSourceCollateral: p.userSourceCollateral,
      tokenProgram: SPL_TOKEN_PROGRAM_ID,
      instructionSysvarAccount: SYSVAR_INSTRUCTIONS_PUBKEY,
    },
    args: { collateralAmount: p.collateralAmount },
  });
}

export interface WithdrawObligationCollateralParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  /** The owner's account of the reserve's cToken mint. */
  userDestinationCollateral: Key;
  /** cTokens; u64::MAX withdraws as many as allowed. */
  collateralAmount: bigint;
}

export function withdrawObligationCollateralInstruction(p: WithdrawObligationCollateralParams): TransactionInstruction {
  const r = p.reserve;
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "withdraw_obligation_collateral", {
    accounts: {
      owner: p.owner,
      obligation: p.obligation,
      lendingMarket: r.lendingMarket,
      lendingMarketAuthority: lendingMarketAuthority(r.lendingMarket, programId),
      withdrawReserve: r.reserve,
      reserveSourceCollateral: r.collateralSupply,
      userDestinationCollateral: p.userDestinationCollateral,
      tokenProgram: SPL_TOKEN_PROGRAM_ID,
      instructionSysvarAccount: SYSVAR_INSTRUCTIONS_PUBKEY,
    },
    args: { collateralAmount: p.collateralAmount },
  });
}

/** The reserve's farm for the side a `_v2` instruction changes (`reserve.farmCollateral` / `farmDebt`); none: null. */
export interface V2FarmOption {
  farm?: Key | null;
}

/** `OptionalObligationFarmsAccounts`: the obligation's user state in `farm` and the farm, or two program ids. */
function farmAccounts(farm: Key | null | undefined, obligation: Key, programId: Key): AccountMeta[] {
  if (!farm) return [accountMeta(programId), accountMeta(programId)];
  return [accountMeta(farmUserStateAddress(farm, obligation), { writable: true }), accountMeta(farm, { writable: true })];
}

type V1Name = keyof typeof KLEND_INSTRUCTIONS;

/**
 * The `_v2` form of a built v1 instruction: its named accounts, then `extra`, then its remaining accounts, under the
 * `_v2` discriminator with the same arguments.
 */
function asV2(v1: TransactionInstruction, name: V1Name, extra: AccountMeta[]): TransactionInstruction {
  const named = KLEND_INSTRUCTIONS[name].accounts.length;
  return new TransactionInstruction({
    programId: v1.programId,
    keys: [...v1.keys.slice(0, named), ...extra, ...v1.keys.slice(named)],
    data: Buffer.concat([instructionDiscriminator(`${name}_v2`), v1.data.subarray(8)]),
  });
}

const farmsProgram = (): AccountMeta => accountMeta(FARMS_PROGRAM_ID);

export function depositReserveLiquidityAndObligationCollateralV2Instruction(
  p: DepositLiquidityAndCollateralParams & V2FarmOption,
): TransactionInstruction {
  const programId = programIdOf(p);
  return asV2(depositReserveLiquidityAndObligationCollateralInstruction(p), "deposit_reserve_liquidity_and_obligation_collateral", [
    ...farmAccounts(p.farm, p.obligation, programId),
    farmsProgram(),
  ]);
}

export function depositObligationCollateralV2Instruction(p: DepositObligationCollateralParams & V2FarmOption): TransactionInstruction {
  const programId = programIdOf(p);
  return asV2(depositObligationCollateralInstruction(p), "deposit_obligation_collateral", [
    accountMeta(lendingMarketAuthority(p.reserve.lendingMarket, programId)),
    ...farmAccounts(p.farm, p.obligation, programId),
    farmsProgram(),
  ]);
}

export function withdrawObligationCollateralV2Instruction(p: WithdrawObligationCollateralParams & V2FarmOption): TransactionInstruction {
  return asV2(withdrawObligationCollateralInstruction(p), "withdraw_obligation_collateral", [
    ...farmAccounts(p.farm, p.obligation, programIdOf(p)),
    farmsProgram(),
  ]);
}

export function withdrawObligationCollateralAndRedeemReserveCollateralV2Instruction(
  p: WithdrawCollateralAndRedeemParams & V2FarmOption,
): TransactionInstruction {
  return asV2(
    withdrawObligationCollateralAndRedeemReserveCollateralInstruction(p),
    "withdraw_obligation_collateral_and_redeem_reserve_collateral",
    [...farmAccounts(p.farm, p.obligation, programIdOf(p)), farmsProgram()],
  );
}

export function borrowObligationLiquidityV2Instruction(p: BorrowObligationLiquidityParams & V2FarmOption): TransactionInstruction {
  return asV2(borrowObligationLiquidityInstruction(p), "borrow_obligation_liquidity", [
    ...farmAccounts(p.farm, p.obligation, programIdOf(p)),
    farmsProgram(),
  ]);
}

export function repayObligationLiquidityV2Instruction(p: RepayObligationLiquidityParams & V2FarmOption): TransactionInstruction {
  const programId = programIdOf(p);
  return asV2(repayObligationLiquidityInstruction(p), "repay_obligation_liquidity", [
    ...farmAccounts(p.farm, p.obligation, programId),
    accountMeta(lendingMarketAuthority(p.reserve.lendingMarket, programId)),
    farmsProgram(),
  ]);
}

export function liquidateObligationAndRedeemReserveCollateralV2Instruction(
  p: LiquidateParams & { collateralFarm?: Key | null; debtFarm?: Key | null },
): TransactionInstruction {
  const programId = programIdOf(p);
  return asV2(liquidateObligationAndRedeemReserveCollateralInstruction(p), "liquidate_obligation_and_redeem_reserve_collateral", [
    ...farmAccounts(p.collateralFarm, p.obligation, programId),
    ...farmAccounts(p.debtFarm, p.obligation, programId),
    farmsProgram(),
  ]);
}

export function socializeLossV2Instruction(p: SocializeLossParams & V2FarmOption): TransactionInstruction {
  const programId = programIdOf(p);
  return asV2(socializeLossInstruction(p), "socialize_loss", [
    ...farmAccounts(p.farm, p.obligation, programId),
    accountMeta(lendingMarketAuthority(p.lendingMarket, programId)),
    farmsProgram(),
  ]);
}
