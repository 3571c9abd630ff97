// The stake program's two instructions as the pool program invokes them; System and SPL Token calls come from
// @ballast/anchor. `seeds` (bump included) sign for the pool's PDAs.
import { readonlyMeta, writableMeta } from "@ballast/anchor";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { NATIVE_STAKE_PROGRAM_ID } from "../program-ids.js";
import { initializeDelegatedData, syncDelegationData } from "../native-stake-instructions.js";

type Seeds = readonly Uint8Array[];

/** Stake initialize_delegated: `authority` becomes both staker and withdrawer. */
export function initializeDelegatedStake(
  ctx: InstructionContext,
  stake: InstructionAccount,
  voteAccount: InstructionAccount,
  authority: string,
): void {
  ctx.invoke({
    programId: NATIVE_STAKE_PROGRAM_ID,
    accounts: [writableMeta(stake), readonlyMeta(voteAccount)],
    data: initializeDelegatedData(authority, authority),
  });
}

/** Stake sync_delegation, the staker being a PDA signing with `seeds`. */
export function syncDelegation(ctx: InstructionContext, stake: InstructionAccount, staker: InstructionAccount, seeds: Seeds): void {
  ctx.invoke(
    { programId: NATIVE_STAKE_PROGRAM_ID, accounts: [writableMeta(stake), readonlyMeta(staker, true)], data: syncDelegationData() },
    [seeds],
  );
}
