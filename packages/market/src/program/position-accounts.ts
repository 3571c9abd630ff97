// Account declarations the position instructions share: the owner, obligation, market and market authority that open
// the instructions moving collateral in or out of an obligation, and the token programs and instructions sysvar that
// close the reserve-side instructions.
import { checkAddress, signer, unchecked, type DeclaredAccount } from "@ballast/anchor";
import { INSTRUCTIONS_SYSVAR_ID, type InstructionContext } from "@ballast/ledger";
import type { LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import { checkHasOne, lendingMarketAccount, marketAuthoritySigner, obligationAccount, tokenProgram } from "./account-kinds.js";

/** Accounts 0–3: the owner (writable signer), its obligation (writable), the market and its authority. */
export function obligationOwnerDeclarations() {
  return {
    owner: signer({ mut: "load" }),
    obligation: obligationAccount({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
    lendingMarketAuthority: unchecked(),
  } as const;
}

interface ObligationOwnerAccounts {
  readonly owner: DeclaredAccount;
  readonly obligation: DeclaredAccount & { readonly state: Obligation };
  readonly lendingMarket: DeclaredAccount & { readonly state: LendingMarket };
  readonly lendingMarketAuthority: DeclaredAccount;
}

/** The obligation `has_one` lending_market and owner; the authority is the market's PDA. */
export function obligationOwnerConstraints(ctx: InstructionContext, a: ObligationOwnerAccounts) {
  return {
    obligation: () => {
      checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket);
      checkHasOne(a.obligation, a.obligation.state.owner, a.owner);
    },
    lendingMarketAuthority: () => {
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    },
  };
}

/**
 * The collateral and liquidity token programs (both SPL Token here) then the instructions sysvar, whose key alone is
 * checked (this market reads no other instruction).
 */
export function tokenProgramsAndSysvar() {
  return {
    collateralTokenProgram: tokenProgram(),
    liquidityTokenProgram: tokenProgram(),
    instructionSysvarAccount: unchecked(),
  } as const;
}

/** `address = SysInstructions::id()`. */
export function checkInstructionSysvar(account: DeclaredAccount): void {
  checkAddress(account, INSTRUCTIONS_SYSVAR_ID);
}
