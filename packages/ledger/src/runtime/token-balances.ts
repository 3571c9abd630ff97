import type { Account, Address } from "../account.js";
import { tokenBalanceOf, uiTokenAmount } from "../programs/token/parse.js";
import type { TokenBalance } from "../service.js";

/**
 * The token balances of a transaction's accounts at one point (before or after it), as the RPC's
 * pre/postTokenBalances. Mints are read from the same point first, so a mint created in the transaction counts.
 */
export function tokenBalances(
  keys: readonly Address[],
  accounts: readonly Account[],
  committed: (a: Address) => Account | undefined,
): TokenBalance[] {
  const lookup = (address: Address): Account | undefined => {
    const index = keys.indexOf(address);
    return index >= 0 ? accounts[index] : committed(address);
  };
  const out: TokenBalance[] = [];
  accounts.forEach((account, accountIndex) => {
    const balance = tokenBalanceOf(account, lookup);
    if (!balance) return;
    out.push({
      accountIndex,
      mint: balance.mint,
      owner: balance.owner,
      programId: balance.programId,
      uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
    });
  });
  return out;
}
