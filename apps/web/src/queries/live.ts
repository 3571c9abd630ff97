// Live data: what the app subscribes to over the ledger's websocket and which cached queries each notification makes
// stale. The selected market's banks and their price feeds (and Kamino reserves) refresh the market snapshot and the
// selected account's valuation; the wallet's margin accounts refresh themselves and the account list; the wallet's
// lamports and token accounts refresh its balances. Notifications are coalesced so a burst (every feed moving in one
// slot) costs one refetch, and at most one refetch per query runs at a time.
import { DEFAULT_PUBKEY, decodeMarginfiAccount } from "@ballast/protocol";
import {
  balanceDtosOf,
  bankOracleKeys,
  groupBankFilters,
  marginAccountFilters,
  type AccountDto,
  type MarginAccount,
  type Market,
} from "@ballast/sdk";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { SubscriptionRequest } from "../chain/live-socket.js";
import { queryKeys } from "./keys.js";

export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
/** A token account's owner field (SPL Token and Token-2022 share the base layout). */
const TOKEN_OWNER_OFFSET = 32;
const TOKEN_ACCOUNT_SIZE = 165;

/** Notifications only say that something changed: the data is read again through the queries. */
const NO_DATA = { encoding: "base64", commitment: "confirmed", dataSlice: { offset: 0, length: 0 } } as const;
/** The selected account's own notifications carry its data: its balances are shown from them at once. */
const WITH_DATA = { encoding: "base64", commitment: "confirmed" } as const;

export interface LiveTargets {
  readonly programId: string;
  readonly group: string;
  /** The price-feed and reserve accounts of the market's banks (marketFeedKeys); empty until the market is loaded. */
  readonly feedKeys: readonly string[];
  readonly wallet: string | null;
  readonly selectedAccount: string | null;
}

export interface LiveSubscription {
  readonly request: SubscriptionRequest;
  /** The queries a notification makes stale (prefix keys). */
  readonly stale: readonly QueryKey[];
  /**
   * The wallet's own accounts changed: a refetch already running read them before the change, so it is restarted
   * rather than followed by another. (Market notifications come every slot; restarting on them could starve a query.)
   */
  readonly restart: boolean;
  /**
   * Writes what the notification itself carries into the cache before the refetch lands; "gone" when what it watched
   * no longer exists for the wallet, and then only `staleWhenGone` is refreshed.
   */
  readonly apply?: (result: unknown, client: QueryClient) => "gone" | void;
  readonly staleWhenGone?: readonly QueryKey[];
}

/** The account data of an accountNotification's result, when it carries base64 data. */
function notifiedData(result: unknown): Buffer | null {
  const data = (result as { value?: { data?: unknown } } | null)?.value?.data;
  if (!Array.isArray(data) || data[1] !== "base64" || typeof data[0] !== "string" || data[0] === "") return null;
  return Buffer.from(data[0], "base64");
}

/** The slot a notification's data is from (its context); 0 when it names none. */
function notifiedSlot(result: unknown): number {
  const slot = (result as { context?: { slot?: unknown } } | null)?.context?.slot;
  return typeof slot === "number" ? slot : 0;
}

/**
 * The selected account's new balances from its notification, into the account DTO and the action box's chain copy:
 * positions show at once, and the health follows with the server's refetch. Returns "gone" when the notification
 * shows the account is no longer the wallet's (closed, or transferred away): nothing may ask the server about it
 * again, which would only answer 404; the account list's refresh moves the selection on.
 */
export function applyAccountNotification(account: string, wallet: string): (result: unknown, client: QueryClient) => "gone" | void {
  return (result, client) => {
    const value = (result as { value?: { lamports?: unknown } } | null)?.value;
    // Closed: the notification shows an emptied account.
    if (value?.lamports === 0) return "gone";
    const data = notifiedData(result);
    if (!data) return;
    let decoded: MarginAccount["account"];
    try {
      decoded = decodeMarginfiAccount(data);
    } catch {
      return "gone";
    }
    if (decoded.authority !== wallet || decoded.migratedTo !== DEFAULT_PUBKEY) return "gone";
    const balances = balanceDtosOf(decoded);
    const slot = notifiedSlot(result);
    client.setQueryData<AccountDto>(queryKeys.account(account, wallet), (old) =>
      old && slot >= old.slot ? { ...old, balances, slot } : old,
    );
    client.setQueryData<MarginAccount>(queryKeys.chainAccount(account, wallet), (old) =>
      old ? { address: account, account: decoded } : old,
    );
  };
}

/** Every price-feed and reserve account the snapshot's banks are priced from, sorted and unique. */
export function marketFeedKeys(market: Market): string[] {
  const keys = new Set<string>();
  for (const priced of market.banks.values()) for (const key of bankOracleKeys(priced.bank)) keys.add(key.toBase58());
  return [...keys].sort();
}

/** The subscriptions for the targets, each with the queries its notifications make stale. */
export function liveSubscriptions(t: LiveTargets): LiveSubscription[] {
  const accountKeys: QueryKey[] = t.selectedAccount ? [queryKeys.accountScope(t.selectedAccount)] : [];
  // Prices and banks move every slot: they refresh the snapshot only. The account's health follows the prices at the
  // oracle timing (its 30 s refetch) and at once when the account itself changes.
  const marketStale: QueryKey[] = [queryKeys.market(t.group)];
  const subscriptions: LiveSubscription[] = [
    {
      request: { method: "programSubscribe", params: [t.programId, { ...NO_DATA, filters: groupBankFilters(t.group) }] },
      stale: marketStale,
      restart: false,
    },
  ];
  for (const key of t.feedKeys) {
    subscriptions.push({ request: { method: "accountSubscribe", params: [key, NO_DATA] }, stale: marketStale, restart: false });
  }
  if (t.wallet) {
    const accounts: QueryKey = queryKeys.accountAddresses(t.wallet, t.group);
    const balances: QueryKey = queryKeys.walletBalances(t.wallet);
    // Any of the wallet's accounts in the group changing, a new one included: the list and every account query.
    subscriptions.push({
      request: { method: "programSubscribe", params: [t.programId, { ...NO_DATA, filters: marginAccountFilters(t.group, t.wallet) }] },
      stale: [accounts, queryKeys.allAccounts()],
      restart: true,
    });
    if (t.selectedAccount) {
      // The selected account by address as well: once closed or transferred it no longer matches the wallet's filter.
      subscriptions.push({
        request: { method: "accountSubscribe", params: [t.selectedAccount, WITH_DATA] },
        stale: [...accountKeys, accounts],
        restart: true,
        apply: applyAccountNotification(t.selectedAccount, t.wallet),
        staleWhenGone: [accounts],
      });
    }
    subscriptions.push({ request: { method: "accountSubscribe", params: [t.wallet, NO_DATA] }, stale: [balances], restart: true });
    const owner = { memcmp: { offset: TOKEN_OWNER_OFFSET, bytes: t.wallet } };
    subscriptions.push({
      request: { method: "programSubscribe", params: [TOKEN_PROGRAM, { ...NO_DATA, filters: [{ dataSize: TOKEN_ACCOUNT_SIZE }, owner] }] },
      stale: [balances],
      restart: true,
    });
    subscriptions.push({
      request: { method: "programSubscribe", params: [TOKEN_2022_PROGRAM, { ...NO_DATA, filters: [owner] }] },
      stale: [balances],
      restart: true,
    });
  }
  return subscriptions;
}

/** Everything live data covers: refetched when the socket comes back, since notifications were missed meanwhile. */
export const LIVE_QUERY_KEYS: readonly QueryKey[] = [
  queryKeys.allMarkets(),
  queryKeys.allAccounts(),
  queryKeys.allAccountAddresses(),
  queryKeys.allUserBalances(),
];

/** Coalescing window of the wallet's own changes: notifications of one slot arrive together. */
const COALESCE_MS = 50;
/** Coalescing window of market changes (every feed moves every slot): one snapshot per window, still well within 1 s. */
export const MARKET_COALESCE_MS = 300;

interface KeyState {
  readonly key: QueryKey;
  running: boolean;
  scheduled: boolean;
  /** A notification came while the refetch ran: once more when it ends. */
  again: boolean;
  /** The running refetch is out of date: cancel it and start over. */
  restart: boolean;
  /** Which run is current; a cancelled run's end is ignored. */
  generation: number;
}

/**
 * Marks queries stale and refetches the active ones, coalescing bursts. One refetch per query key at a time: a
 * notification during a refetch queues one more, or with `restart` cancels it and starts over.
 */
export class CacheRefresher {
  private readonly states = new Map<string, KeyState>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly client: QueryClient,
    private readonly delayMs = COALESCE_MS,
  ) {}

  refresh(keys: readonly QueryKey[], restart = false): void {
    for (const key of keys) {
      const id = JSON.stringify(key);
      let state = this.states.get(id);
      if (!state) this.states.set(id, (state = { key, running: false, scheduled: false, again: false, restart: false, generation: 0 }));
      if (!state.running) state.scheduled = true;
      else if (restart) state.restart = true;
      else state.again = true;
    }
    if (this.timer === null && !this.disposed) this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    this.timer = null;
    for (const state of this.states.values()) {
      if (state.restart || (state.scheduled && !state.running)) this.run(state);
    }
  }

  private run(state: KeyState): void {
    state.scheduled = false;
    state.restart = false;
    state.again = false;
    state.running = true;
    const generation = ++state.generation;
    // Invalidating cancels a refetch in flight and starts a new one.
    void this.client
      .invalidateQueries({ queryKey: state.key })
      .catch(() => undefined)
      .finally(() => {
        if (state.generation !== generation) return;
        state.running = false;
        if (state.again && !this.disposed) this.refresh([state.key]);
      });
  }
}
