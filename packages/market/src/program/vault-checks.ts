// klend's post-transfer accounting checks (reference §3, general rules): after moving tokens, the supply vault must
// hold exactly what the reserve's books say moved, and the vault surplus over available_amount must be unchanged.
import { decodeTokenAccount, tokenBaseState, type InstructionAccount } from "@ballast/ledger";
import { fail } from "../errors.js";
import type { Reserve } from "../state/reserve.js";

export interface VaultSnapshot {
  vaultBalance: bigint;
  availableAmount: bigint;
}

export function vaultBalance(vault: InstructionAccount): bigint {
  return decodeTokenAccount(tokenBaseState(vault.account.owner, vault.account.data, "account")).amount;
}

export function snapshotVault(vault: InstructionAccount, reserve: { readonly state: Reserve }): VaultSnapshot {
  return { vaultBalance: vaultBalance(vault), availableAmount: reserve.state.liquidity.availableAmount };
}

/** `delta` is what entered the vault (negative when liquidity left it). */
export function checkVaultAfterTransfer(
  before: VaultSnapshot,
  vault: InstructionAccount,
  reserve: { readonly state: Reserve },
  delta: bigint,
): void {
  const balance = vaultBalance(vault);
  const available = reserve.state.liquidity.availableAmount;
  if (balance - available !== before.vaultBalance - before.availableAmount) fail("ReserveTokenBalanceMismatch");
  if (balance !== before.vaultBalance + delta) fail("ReserveVaultBalanceMismatch");
  if (available !== before.availableAmount + delta) fail("ReserveAccountingMismatch");
}
