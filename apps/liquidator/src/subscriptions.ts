// The liquidator's account and program subscriptions, over @solana/kit's RPC subscriptions on our websocket channel
// (websocket-channel.ts), pooled. Each subscription is kept by its own loop: when the socket drops, its notifications
// end, and the loop subscribes again after a pause that doubles up to MAX_BACKOFF_MS. Whatever changed while it was
// down sent no notification, so every resubscription calls the owner's `onResubscribed` to read again what it covers.
//
// Not web3.js's Connection: a subscription made while its socket is closing makes it retry in a loop of promises that
// never yields to the event loop, so the socket never finishes closing and the process runs out of memory.
import {
  address as toAddress,
  createDefaultRpcSubscriptionsTransport,
  createSolanaRpcSubscriptionsFromTransport,
  getChannelPoolingChannelCreator,
  getRpcSubscriptionsChannelWithBigIntJSONSerialization,
  type Base58EncodedBytes,
  type Commitment,
  type GetProgramAccountsDatasizeFilter,
  type GetProgramAccountsMemcmpFilter,
  type RpcSubscriptions,
  type SolanaRpcSubscriptionsApi,
} from "@solana/kit";
import { PublicKey, type AccountInfo, type GetProgramAccountsFilter } from "@solana/web3.js";
import { createWebSocketChannel } from "./websocket-channel.js";

/** The first pause before subscribing again after a drop, and the longest. */
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;
/** Solana's public RPC nodes refuse more subscriptions on one socket; kit's own default. */
const SUBSCRIPTIONS_PER_SOCKET = 100;

export interface AccountNotification {
  readonly info: AccountInfo<Buffer>;
  readonly slot: number;
}

export interface ProgramNotification {
  readonly address: string;
  readonly data: Buffer;
  readonly slot: number;
}

export interface SubscriptionHandlers<T> {
  readonly onNotification: (notification: T) => void;
  /** The subscription is back after a drop: read again what it covers. */
  readonly onResubscribed: () => void;
}

export interface SubscriptionEvents {
  /** A subscription is down (its stream ended, or it could not subscribe); told once per outage, not per attempt. */
  readonly onDropped: (error: unknown, subscription: string) => void;
  /** It is back, after `attempts` tries. */
  readonly onRestored: (subscription: string, attempts: number) => void;
  /** A notification's handler threw; the subscription goes on. */
  readonly onHandlerError: (error: unknown, subscription: string) => void;
}

export interface Subscription {
  /** Resolves once the RPC first acknowledged the subscription; rejects if the first attempt failed (it is retried). */
  readonly ready: Promise<void>;
  /** Ends the subscription and its loop. */
  close(): void;
}

interface RawAccount {
  readonly data: readonly [string, "base64"];
  readonly executable: boolean;
  readonly lamports: bigint;
  readonly owner: string;
  readonly rentEpoch?: bigint;
}

function toAccountInfo(raw: RawAccount): AccountInfo<Buffer> {
  return {
    data: Buffer.from(raw.data[0], "base64"),
    executable: raw.executable,
    lamports: Number(raw.lamports),
    owner: new PublicKey(raw.owner),
    rentEpoch: raw.rentEpoch === undefined ? undefined : Number(raw.rentEpoch),
  };
}

/** web3.js's filter shape (the SDK's filters) in the RPC's own. */
function toRpcFilter(filter: GetProgramAccountsFilter): GetProgramAccountsDatasizeFilter | GetProgramAccountsMemcmpFilter {
  if ("dataSize" in filter) return { dataSize: BigInt(filter.dataSize) };
  if (filter.memcmp.encoding === "base64") throw new TypeError("only base58 memcmp filters are subscribed to");
  return { memcmp: { offset: BigInt(filter.memcmp.offset), bytes: filter.memcmp.bytes as Base58EncodedBytes, encoding: "base58" } };
}

const backoff = (attempt: number) => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);

/**
 * A controller that also aborts with `parent`, and forgets the parent once aborted. Not AbortSignal.any: Node keeps
 * such signals in a set of its own, whose abort reasons hold the stack that aborted them, and with it the subscription's
 * owner (the whole account index) long after it closed.
 */
function childOf(parent: AbortSignal): AbortController {
  const child = new AbortController();
  if (parent.aborted) child.abort();
  else {
    const abort = () => child.abort();
    parent.addEventListener("abort", abort, { once: true });
    child.signal.addEventListener("abort", () => parent.removeEventListener("abort", abort), { once: true });
  }
  return child;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

export class ChainSubscriptions {
  private readonly rpc: RpcSubscriptions<SolanaRpcSubscriptionsApi>;
  private readonly closed = new AbortController();

  constructor(
    wsUrl: string,
    private readonly events: SubscriptionEvents,
  ) {
    const createChannel = getChannelPoolingChannelCreator(
      ({ abortSignal }) => createWebSocketChannel(wsUrl, abortSignal).then(getRpcSubscriptionsChannelWithBigIntJSONSerialization),
      { maxSubscriptionsPerChannel: SUBSCRIPTIONS_PER_SOCKET, minChannels: 1 },
    );
    this.rpc = createSolanaRpcSubscriptionsFromTransport(createDefaultRpcSubscriptionsTransport({ createChannel }));
  }

  /** Subscribes to one account, as long as it is not closed. */
  account(address: string, commitment: Commitment, handlers: SubscriptionHandlers<AccountNotification>): Subscription {
    const key = toAddress(address);
    return this.keep(
      `account ${address}`,
      (abortSignal) => this.rpc.accountNotifications(key, { commitment, encoding: "base64" }).subscribe({ abortSignal }),
      (n) => handlers.onNotification({ info: toAccountInfo(n.value), slot: Number(n.context.slot) }),
      handlers.onResubscribed,
    );
  }

  /** Subscribes to the program's accounts that pass `filters`, as long as it is not closed. */
  program(
    programId: string,
    filters: readonly GetProgramAccountsFilter[],
    commitment: Commitment,
    handlers: SubscriptionHandlers<ProgramNotification>,
  ): Subscription {
    const key = toAddress(programId);
    const rpcFilters = filters.map(toRpcFilter);
    return this.keep(
      `program ${programId}`,
      (abortSignal) =>
        this.rpc.programNotifications(key, { commitment, encoding: "base64", filters: rpcFilters }).subscribe({ abortSignal }),
      (n) =>
        handlers.onNotification({
          address: n.value.pubkey,
          data: Buffer.from(n.value.account.data[0], "base64"),
          slot: Number(n.context.slot),
        }),
      handlers.onResubscribed,
    );
  }

  /** Ends every subscription. */
  close(): void {
    this.closed.abort();
  }

  private keep<T>(
    name: string,
    subscribe: (signal: AbortSignal) => Promise<AsyncIterable<T>>,
    deliver: (notification: T) => void,
    onResubscribed: () => void,
  ): Subscription {
    const own = childOf(this.closed.signal);
    const signal = own.signal;
    let settle!: { resolve: () => void; reject: (error: unknown) => void };
    const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // An owner that does not wait for it hears of a failure through onDropped.
    ready.catch(() => undefined);
    // Nothing the loop runs may end the process: whatever escapes it is reported, not left unhandled.
    void this.run(name, subscribe, deliver, onResubscribed, signal, settle)
      .catch((error: unknown) => this.events.onHandlerError(error, name))
      .finally(() => settle.reject(new Error(`the ${name} subscription was closed`)));
    return { ready, close: () => own.abort() };
  }

  /** Subscribes, delivers the stream, and when it ends subscribes again after a pause, until the signal aborts. */
  private async run<T>(
    name: string,
    subscribe: (signal: AbortSignal) => Promise<AsyncIterable<T>>,
    deliver: (notification: T) => void,
    onResubscribed: () => void,
    signal: AbortSignal,
    settle: { resolve: () => void; reject: (error: unknown) => void },
  ): Promise<void> {
    // Settling `ready` again after the first attempt changes nothing.
    let down = false;
    let attempts = 0;
    while (!signal.aborted) {
      // Each try has its own signal, ended with it: kit keeps a failed subscription's promise for as long as the
      // signal it was made with is live, and would hand the same failure to every later try.
      const attempt = childOf(signal);
      let stream: AsyncIterable<T>;
      try {
        attempts += 1;
        stream = await subscribe(attempt.signal);
      } catch (error) {
        attempt.abort();
        if (signal.aborted) return;
        settle.reject(error);
        if (!down) this.events.onDropped(error, name);
        down = true;
        await pause(backoff(attempts - 1), signal);
        continue;
      }
      settle.resolve();
      if (down) {
        this.events.onRestored(name, attempts);
        onResubscribed();
      }
      down = false;
      attempts = 0;
      let ended: unknown = new Error(`the ${name} subscription ended`);
      try {
        for await (const notification of stream) {
          try {
            deliver(notification);
          } catch (error) {
            this.events.onHandlerError(error, name);
          }
        }
      } catch (error) {
        ended = error;
      }
      attempt.abort();
      if (signal.aborted) return;
      this.events.onDropped(ended, name);
      down = true;
      await pause(backoff(0), signal);
    }
  }
}

/**
 * Which accounts were notified after a mark. A read started at the mark (a re-read after resubscribing) must not
 * overwrite a notified account with its older copy.
 */
export class NotificationMarks {
  private tick = 0;
  private readonly last = new Map<string, number>();

  touch(address: string): void {
    this.tick += 1;
    this.last.set(address, this.tick);
  }

  mark(): number {
    return this.tick;
  }

  notifiedSince(address: string, mark: number): boolean {
    return (this.last.get(address) ?? 0) > mark;
  }
}

/**
 * A re-read to run after a resubscription, one at a time: asked again while it runs, it runs once more afterwards.
 * A socket that keeps dropping must not start a scan of every account per resubscription.
 */
export function coalescedReread(read: () => Promise<void>, onError: (error: unknown) => void): () => void {
  let running = false;
  let again = false;
  const loop = async () => {
    running = true;
    do {
      again = false;
      try {
        await read();
      } catch (error) {
        onError(error);
      }
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void loop();
  };
}
