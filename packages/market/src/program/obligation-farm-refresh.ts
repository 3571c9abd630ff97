// klend's obligation farm refresh (process_impl_refresh_obligation_farms_for_reserve), shared by
// refresh_obligation_farms_for_reserve and the `_v2` position instructions, which run it for the sides they changed
// once the position has moved: the obligation's stake in the reserve's farm of that side becomes what it now holds.
import { type DeclaredAccount, program } from "@ballast/anchor";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { fail } from "../errors.js";
import { FARMS_PROGRAM_ID } from "../farms/ids.js";
import { UserStateLayout } from "../farms/state.js";
import { type ReserveFarmKind, obligationFarmStake, reserveFarm } from "../lending/obligation-farms.js";
import { decodeMarketAccount } from "../state/common.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import type { Reserve } from "../state/reserve.js";
import { checkOptionalMut, marketAuthoritySigner, optionalAccount, present } from "./account-kinds.js";
import { setFarmStake } from "./farms-cpi.js";
import { checkReserveUsable } from "./guards.js";

type MarketView = DeclaredAccount & { readonly state: LendingMarket };

/** One side's farm of one reserve, and the obligation whose stake in it is brought up to date. */
export interface ObligationFarmRefresh {
  /** The obligation's key, and its state as the instruction leaves it (null: closed or emptied). */
  readonly obligation: { readonly key: string; readonly state: Obligation | null };
  readonly reserve: { readonly key: string; readonly state: Reserve };
  readonly kind: ReserveFarmKind;
  readonly reserveFarmState: InstructionAccount;
  readonly obligationFarmUserState: InstructionAccount;
  readonly lendingMarket: MarketView;
  readonly lendingMarketAuthority: DeclaredAccount;
  readonly farmsProgram: InstructionAccount;
}

/** The obligation's user state in the farm: its delegatee must be the obligation. */
function userStateStake(account: InstructionAccount, obligation: string): bigint {
  let user;
  try {
    user = decodeMarketAccount(UserStateLayout, account.account.data);
  } catch {
    return fail("InvalidAccountInput");
  }
  if (account.account.owner !== FARMS_PROGRAM_ID || user.delegatee !== obligation) fail("InvalidAccountInput");
  return user.activeStakeScaled;
}

/**
 * Checks the accounts (obligation in the market, reserve usable, user state of the obligation, the reserve's farm
 * for the side: NoFarmForReserve / InvalidAccountInput) and sets the stake by CPI when it differs.
 */
export function refreshObligationFarm(ctx: InstructionContext, r: ObligationFarmRefresh): void {
  const obligation = r.obligation.state;
  if (obligation !== null && obligation.lendingMarket !== r.lendingMarket.key) fail("InvalidAccountInput");
  checkReserveUsable(r.reserve.state, true);
  const current = userStateStake(r.obligationFarmUserState, r.obligation.key);
  const farm = reserveFarm(r.reserve.state, r.kind);
  if (farm === null) fail("NoFarmForReserve");
  if (farm !== r.reserveFarmState.key) fail("InvalidAccountInput");
  const stake = obligationFarmStake(obligation, r.reserve.key, r.kind);
  if (stake === current) {
    ctx.log("Farm stake is unchanged, skipping update");
    return;
  }
  setFarmStake(
    ctx,
    {
      farmsProgram: r.farmsProgram,
      marketAuthority: r.lendingMarketAuthority,
      userState: r.obligationFarmUserState,
      farmState: r.reserveFarmState,
    },
    stake,
    marketAuthoritySigner(ctx, r.lendingMarketAuthority, r.lendingMarket),
  );
}

/** `OptionalObligationFarmsAccounts`: the obligation's user state and the reserve's farm, each `Option` and `mut`. */
export function optionalFarmAccounts() {
  return {
    obligationFarmUserState: optionalAccount({ mut: "handler" }),
    reserveFarmState: optionalAccount({ mut: "handler" }),
  } as const;
}

/** `Program<Farms>`. */
export const farmsProgramAccount = () => program([FARMS_PROGRAM_ID]);

/** One side's optional farm accounts as a `_v2` instruction receives them. */
export interface OptionalFarmAccounts {
  readonly obligationFarmUserState: DeclaredAccount;
  readonly reserveFarmState: DeclaredAccount;
}

/** Anchor's `mut` on the optional farm accounts: ConstraintMut for one given read-only. */
export function optionalFarmConstraints(ctx: InstructionContext, farms: OptionalFarmAccounts) {
  return {
    obligationFarmUserState: () => checkOptionalMut(ctx, farms.obligationFarmUserState),
    reserveFarmState: () => checkOptionalMut(ctx, farms.reserveFarmState),
  };
}

/** What a position instruction's accounts give a farm refresh of `reserve`'s side `kind`. */
export function positionFarmRefresh(
  a: {
    readonly obligation: DeclaredAccount & { readonly state: Obligation };
    readonly lendingMarket: MarketView;
    readonly lendingMarketAuthority: DeclaredAccount;
    readonly farmsProgram: InstructionAccount;
  },
  reserve: DeclaredAccount & { readonly state: Reserve },
  kind: ReserveFarmKind,
): Omit<ObligationFarmRefresh, "reserveFarmState" | "obligationFarmUserState"> {
  return {
    obligation: { key: a.obligation.key, state: a.obligation.state },
    reserve: { key: reserve.key, state: reserve.state },
    kind,
    lendingMarket: a.lendingMarket,
    lendingMarketAuthority: a.lendingMarketAuthority,
    farmsProgram: a.farmsProgram,
  };
}

/**
 * A `_v2` instruction's farm refresh for one side after the operation (klend's `refresh_farms!`): nothing when the
 * reserve has no farm for the side, FarmAccountsMissing when it has one and the accounts were not given.
 */
export function refreshFarmAfterPosition(
  ctx: InstructionContext,
  farms: OptionalFarmAccounts,
  r: Omit<ObligationFarmRefresh, "reserveFarmState" | "obligationFarmUserState">,
): void {
  if (reserveFarm(r.reserve.state, r.kind) === null) return;
  const reserveFarmState = present(ctx, farms.reserveFarmState);
  const obligationFarmUserState = present(ctx, farms.obligationFarmUserState);
  if (reserveFarmState === null || obligationFarmUserState === null) fail("FarmAccountsMissing");
  refreshObligationFarm(ctx, { ...r, reserveFarmState, obligationFarmUserState });
}
