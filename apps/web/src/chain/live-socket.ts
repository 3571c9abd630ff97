// One websocket to the ledger's Solana pubsub (accountSubscribe, programSubscribe) for the whole tab. Subscriptions are
// kept by what they ask for, shared between listeners, and sent again after every reconnection; a lost connection is
// retried with exponential backoff. `status` says whether notifications can be relied on: "live" only while the socket
// is open and no subscription was refused.

export type LiveStatus = "connecting" | "live" | "down";

export type SubscribeMethod = "accountSubscribe" | "programSubscribe";

export interface SubscriptionRequest {
  readonly method: SubscribeMethod;
  readonly params: readonly unknown[];
}

/** The `result` of a notification: an account (accountNotification) or `{pubkey, account}` (programNotification). */
export type NotificationListener = (result: unknown) => void;

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  readonly readyState: number;
  send(data: string): void;
  close(): void;
}

export interface LiveSocketOptions {
  readonly createSocket?: (url: string) => SocketLike;
  /** First reconnection delay; doubled after each failed attempt up to `maxDelayMs`. */
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
  /** 0..1 draws for the delay's jitter (tests fix it). */
  readonly random?: () => number;
}

const OPEN = 1;
const INITIAL_RECONNECT_MS = 500;
const MAX_RECONNECT_MS = 15_000;

interface Entry {
  readonly request: SubscriptionRequest;
  readonly listeners: Set<NotificationListener>;
  /** The ledger's subscription id on the current socket; null until acknowledged. */
  serverId: number | null;
}

const UNSUBSCRIBE: Record<SubscribeMethod, string> = {
  accountSubscribe: "accountUnsubscribe",
  programSubscribe: "programUnsubscribe",
};

/** Delay before reconnection attempt `attempt` (0-based): doubling from the first, capped, with up to 50 % taken off. */
export function reconnectDelay(attempt: number, initialMs: number, maxMs: number, draw: number): number {
  const full = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(full * (1 - draw / 2));
}

export class LiveSocket {
  private socket: SocketLike | null = null;
  private readonly entries = new Map<string, Entry>();
  /** Subscribe requests awaiting their reply: request id → entry key. */
  private readonly pending = new Map<number, string>();
  private readonly byServerId = new Map<number, Entry>();
  /** Entries the ledger refused on the current socket. */
  private readonly refused = new Set<string>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private nextRequestId = 1;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private current: LiveStatus = "connecting";
  private readonly createSocket: (url: string) => SocketLike;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly random: () => number;

  constructor(
    readonly url: string,
    options: LiveSocketOptions = {},
  ) {
    this.createSocket = options.createSocket ?? ((target) => new WebSocket(target) as unknown as SocketLike);
    this.initialDelayMs = options.initialDelayMs ?? INITIAL_RECONNECT_MS;
    this.maxDelayMs = options.maxDelayMs ?? MAX_RECONNECT_MS;
    this.random = options.random ?? Math.random;
    this.connect();
  }

  get status(): LiveStatus {
    return this.current;
  }

  /** Calls `listener` on every status change; returns the unsubscribe. */
  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Follows the request's notifications until the returned function is called. */
  subscribe(request: SubscriptionRequest, listener: NotificationListener): () => void {
    const key = JSON.stringify(request);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { request, listeners: new Set(), serverId: null };
      this.entries.set(key, entry);
      this.sendSubscribe(key, entry);
    }
    entry.listeners.add(listener);
    const owned = entry;
    return () => {
      owned.listeners.delete(listener);
      if (owned.listeners.size > 0 || this.entries.get(key) !== owned) return;
      this.entries.delete(key);
      if (this.refused.delete(key)) this.updateStatus();
      if (owned.serverId !== null) {
        this.byServerId.delete(owned.serverId);
        this.send(UNSUBSCRIBE[owned.request.method], [owned.serverId]);
      }
    };
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
    this.setStatus("down");
  }

  private connect(): void {
    if (this.closed) return;
    this.setStatus("connecting");
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      for (const [key, entry] of this.entries) this.sendSubscribe(key, entry);
      this.updateStatus();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // A close event follows; that is where reconnection starts.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.pending.clear();
      this.byServerId.clear();
      this.refused.clear();
      for (const entry of this.entries.values()) entry.serverId = null;
      this.setStatus("down");
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer !== null) return;
    const delay = reconnectDelay(this.attempt++, this.initialDelayMs, this.maxDelayMs, this.random());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private send(method: string, params: readonly unknown[]): number | null {
    if (!this.socket || this.socket.readyState !== OPEN) return null;
    const id = this.nextRequestId++;
    this.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    return id;
  }

  private sendSubscribe(key: string, entry: Entry): void {
    const id = this.send(entry.request.method, entry.request.params);
    if (id !== null) this.pending.set(id, key);
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") return;
    let message: {
      id?: unknown;
      result?: unknown;
      error?: unknown;
      method?: unknown;
      params?: { subscription?: unknown; result?: unknown };
    };
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message.id === "number") {
      const key = this.pending.get(message.id);
      if (key === undefined) return;
      this.pending.delete(message.id);
      const entry = this.entries.get(key);
      if (typeof message.result === "number") {
        // Acknowledged after its listeners left: nobody wants it any more.
        if (!entry) return void this.send(UNSUBSCRIBE[JSON.parse(key).method as SubscribeMethod], [message.result]);
        entry.serverId = message.result;
        this.byServerId.set(message.result, entry);
      } else if (entry) {
        this.refused.add(key);
      }
      this.updateStatus();
      return;
    }
    if (typeof message.method === "string" && message.method.endsWith("Notification") && typeof message.params?.subscription === "number") {
      const entry = this.byServerId.get(message.params.subscription);
      if (!entry) return;
      for (const listener of [...entry.listeners]) listener(message.params.result);
    }
  }

  private updateStatus(): void {
    if (!this.socket || this.socket.readyState !== OPEN) return;
    this.setStatus(this.refused.size > 0 ? "down" : this.pending.size === 0 ? "live" : "connecting");
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.current) return;
    this.current = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}
