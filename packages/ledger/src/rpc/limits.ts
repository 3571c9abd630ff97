/**
 * How much one client can make the RPC do or hold: requests per batch, account bytes the scans of one message may
 * collect, and on the websocket the bytes queued for a client, subscriptions per connection and connections per
 * client address. Each is a setting (environment variable) of `npm start` and `npm run localnet`.
 */
export interface RpcLimits {
  /** Requests in one JSON-RPC batch; a longer batch is refused whole. */
  maxBatchRequests: number;
  /**
   * Account bytes (data plus 128 per account) that the scans of one HTTP request or websocket message may collect
   * (getProgramAccounts, getTokenAccountsByOwner), shared by a batch's requests; past it a scan is aborted.
   */
  maxScanBytes: number;
  /** Bytes queued for a websocket client that is not reading; past it the client is dropped. */
  maxWsBufferedBytes: number;
  /** Live subscriptions on one websocket connection. */
  maxSubscriptionsPerConnection: number;
  /** Open websocket connections from one client address. */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_RPC_LIMITS: RpcLimits = {
  maxBatchRequests: 100,
  maxScanBytes: 16 * 1024 * 1024,
  maxWsBufferedBytes: 8 * 1024 * 1024,
  maxSubscriptionsPerConnection: 1_000,
  maxConnectionsPerAddress: 50,
};

/** The environment variable of each limit. */
export const RPC_LIMIT_SETTINGS: Record<keyof RpcLimits, string> = {
  maxBatchRequests: "RPC_MAX_BATCH",
  maxScanBytes: "RPC_MAX_SCAN_BYTES",
  maxWsBufferedBytes: "RPC_WS_MAX_BUFFERED_BYTES",
  maxSubscriptionsPerConnection: "RPC_WS_MAX_SUBSCRIPTIONS",
  maxConnectionsPerAddress: "RPC_WS_MAX_CONNECTIONS_PER_ADDRESS",
};

/** The limits set in `env`, each a positive whole number; anything else is refused by name. */
export function rpcLimitsFromEnvironment(env: Record<string, string | undefined>): Partial<RpcLimits> {
  const limits: Partial<RpcLimits> = {};
  for (const [key, name] of Object.entries(RPC_LIMIT_SETTINGS) as [keyof RpcLimits, string][]) {
    const text = env[name];
    if (text === undefined || text === "") continue;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${text}"`);
    limits[key] = value;
  }
  return limits;
}

/** The scan bytes one message may still collect: charged per account a scan returns. */
export class ScanBudget {
  constructor(private remaining: number) {}

  /** Charges one account of `dataLength` bytes; false once the budget is spent. */
  charge(dataLength: number): boolean {
    this.remaining -= dataLength + SCAN_ACCOUNT_OVERHEAD;
    return this.remaining >= 0;
  }
}

/** What an account costs a scan beyond its data: its key, lamports, owner and flags as the reply carries them. */
const SCAN_ACCOUNT_OVERHEAD = 128;
