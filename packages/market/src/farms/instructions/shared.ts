// What the farms instructions share: the vault-authority PDAs with their bumps, and who may act for a delegated farm.
import { checkSeeds, type DeclaredAccount } from "@ballast/anchor";
import type { InstructionContext } from "@ballast/ledger";
import { farmsFail } from "../errors.js";
import { farmVaultsAuthoritySeeds } from "../ids.js";
import type { FarmState } from "../state.js";

/** The farm's vaults authority ["authority", farm]: checked against the farm's record, returned as signer seeds. */
export function farmVaultsAuthoritySigner(
  ctx: InstructionContext,
  authority: DeclaredAccount,
  farmKey: string,
  farm: FarmState,
): Uint8Array[] {
  const seeds = farmVaultsAuthoritySeeds(farmKey);
  const bump = checkSeeds(ctx, authority, seeds);
  if (farm.farmVaultsAuthority !== authority.key) farmsFail("ConstraintHasOne", "farm_state");
  return [...seeds, Uint8Array.of(bump)];
}

/** A delegated farm's stake and users are set by its delegate authority (or the second one) only. */
export function checkDelegateAuthority(farm: FarmState, authority: string): void {
  if (farm.isFarmDelegated === 0) farmsFail("FarmNotDelegated");
  if (authority !== farm.delegateAuthority && authority !== farm.secondDelegatedAuthority) farmsFail("AuthorityFarmDelegateMissmatch");
}
