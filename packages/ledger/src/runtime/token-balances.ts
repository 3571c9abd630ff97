import type { Account, Address } from "../account.js";
import { tokenBalanceOf, uiTokenAmount } from "../programs/token/parse.js";
import type { TokenBalance, UiTokenAmount } from "../service.js";

/** An account's balance entry (without its index) and the mint account it was read with. */
interface Entry {
  balance: Omit<TokenBalance, "accountIndex"> | null;
  /** The mint address looked up, and what the lookup returned; null when no mint was read. */
  mint: Address | null;
  mintAccount: Account | undefined;
}

/**
 * Entries by account object. Committed accounts are never changed in place, and one transaction's post state is the
 * next one's pre state, so a token account's balance is read once per write rather than twice per transaction. An
 * entry holds while its mint lookup still returns the same object.
 */
const entries = new WeakMap<Account, Entry>();

// The point being read and the mint it looked up, at module level rather than in closures: tsx names every closure
// it creates (a defineProperty call), which costs more than the lookups themselves on this path.
let pointKeys: readonly Address[] = [];
let pointAccounts: readonly Account[] = [];
const NOTHING = (): undefined => undefined;
let pointCommitted: (a: Address) => Account | undefined = NOTHING;
let lookedUp: Address | null = null;
let lookedUpAccount: Account | undefined;

/** An account at the point being read: the transaction's own (mints created in it count), else the committed one. */
function atPoint(address: Address): Account | undefined {
  const index = pointKeys.indexOf(address);
  return index >= 0 ? pointAccounts[index] : pointCommitted(address);
}

function recordingLookup(address: Address): Account | undefined {
  lookedUp = address;
  lookedUpAccount = atPoint(address);
  return lookedUpAccount;
}

function entryOf(account: Account): Entry {
  const cached = entries.get(account);
  if (cached && (cached.mint === null || atPoint(cached.mint) === cached.mintAccount)) return cached;
  lookedUp = null;
  lookedUpAccount = undefined;
  const balance = tokenBalanceOf(account, recordingLookup);
  const entry: Entry = {
    balance: balance && {
      mint: balance.mint,
      owner: balance.owner,
      programId: balance.programId,
      uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals) satisfies UiTokenAmount,
    },
    mint: lookedUp,
    mintAccount: lookedUpAccount,
  };
  entries.set(account, entry);
  return entry;
}

/**
 * The token balances of a transaction's accounts at one point (before or after it), as the RPC's
 * pre/postTokenBalances. Mints are read from the same point first, so a mint created in the transaction counts.
 */
export function tokenBalances(
  keys: readonly Address[],
  accounts: readonly Account[],
  committed: (a: Address) => Account | undefined,
): TokenBalance[] {
  pointKeys = keys;
  pointAccounts = accounts;
  pointCommitted = committed;
  const out: TokenBalance[] = [];
  for (let accountIndex = 0; accountIndex < accounts.length; accountIndex++) {
    const account = accounts[accountIndex];
    const balance = account && entryOf(account).balance;
    if (balance) out.push({ accountIndex, ...balance });
  }
  // Nothing of the transaction stays reachable from here.
  pointKeys = [];
  pointAccounts = [];
  pointCommitted = NOTHING;
  return out;
}
