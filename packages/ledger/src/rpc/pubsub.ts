import type { WebSocket } from "ws";
import type { Account, Address } from "../account.js";
import type { LedgerEvents, LedgerService, TransactionRecord } from "../service.js";
import {
  accountFilters,
  accountOptions,
  encodeAccount,
  matchesFilters,
  type AccountEncodingOptions,
  type AccountFilter,
  type ParseAccount,
} from "./accounts.js";
import { lookupOf, type MethodTable, type RpcContext } from "./context.js";
import { Methods, handleText, type InternalErrorListener } from "./dispatch.js";
import { ErrorCode, RpcError, invalidParams } from "./errors.js";
import { stringifyJson } from "./json.js";
import { DEFAULT_RPC_LIMITS, type RpcLimits } from "./limits.js";
import { array, commitment, config, isAbsent, positional, pubkey, signature, u64, variant, type CommitmentLevel } from "./params.js";
import { decodeWire } from "./transaction.js";

/**
 * Solana's websocket subscriptions, driven by the ledger's events. Subscription ids are numbers, unique across
 * connections; notifications are `{"jsonrpc":"2.0","method":"<kind>Notification","params":{"result":...,"subscription":id}}`.
 * A connection's subscriptions go when it closes; signature subscriptions go after their one notification.
 */

type Subscription =
  | { kind: "account"; id: number; conn: Connection; address: Address; options: AccountEncodingOptions }
  | { kind: "program"; id: number; conn: Connection; program: Address; options: AccountEncodingOptions; filters: AccountFilter[] }
  | { kind: "signature"; id: number; conn: Connection; signature: string }
  | { kind: "slot"; id: number; conn: Connection }
  | { kind: "root"; id: number; conn: Connection }
  | { kind: "logs"; id: number; conn: Connection; mentions: Address | null; includeVotes: boolean };

/** A client socket and the ids it owns. */
interface Connection {
  socket: WebSocket;
  /** The client's address, as connections per address are counted. */
  address: string;
  subscriptions: Set<number>;
  /** Work to do once the reply being prepared has been sent (an immediate signature notification). */
  afterReply: (() => void)[];
}

const VOTE_PROGRAM_ID = "Vote111111111111111111111111111111111111111";

/** Adds `value` to the set stored under `key`. */
function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

export interface PubSubOptions {
  ledger: LedgerService;
  parseAccount?: ParseAccount;
  onInternalError?: InternalErrorListener;
  limits?: Partial<RpcLimits>;
}

export class PubSub {
  private readonly ledger: LedgerService;
  private readonly parseAccount: ParseAccount | undefined;
  private readonly onInternalError: InternalErrorListener | undefined;
  private readonly limits: RpcLimits;
  private nextId = 1;
  private readonly byId = new Map<number, Subscription>();
  private readonly accounts = new Map<Address, Set<Subscription>>();
  private readonly programs = new Map<Address, Set<Subscription>>();
  private readonly signatures = new Map<string, Set<Subscription>>();
  private readonly slots = new Set<Subscription>();
  private readonly roots = new Set<Subscription>();
  private readonly logs = new Set<Subscription>();
  private readonly connections = new Set<Connection>();
  private readonly connectionsByAddress = new Map<string, number>();

  private readonly onSlot = (event: LedgerEvents["slot"][0]): void => this.slotChanged(event);
  private readonly onAccount = (event: LedgerEvents["account"][0]): void => this.accountChanged(event);
  private readonly onTransaction = (record: TransactionRecord): void => this.transactionLanded(record);

  constructor(options: PubSubOptions) {
    this.ledger = options.ledger;
    this.parseAccount = options.parseAccount;
    this.onInternalError = options.onInternalError;
    this.limits = { ...DEFAULT_RPC_LIMITS, ...options.limits };
    this.ledger.events.on("slot", this.onSlot);
    this.ledger.events.on("account", this.onAccount);
    this.ledger.events.on("transaction", this.onTransaction);
  }

  /** Live subscriptions across all connections. */
  get size(): number {
    return this.byId.size;
  }

  /** Open connections. */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Whether a client at `address` may open another connection (it has fewer than the limit open). */
  admits(address: string): boolean {
    return (this.connectionsByAddress.get(address) ?? 0) < this.limits.maxConnectionsPerAddress;
  }

  /** Serves JSON-RPC on a newly opened socket, from a client at `address`, until it closes. */
  attach(socket: WebSocket, address = ""): void {
    const conn: Connection = { socket, address, subscriptions: new Set(), afterReply: [] };
    this.connections.add(conn);
    this.connectionsByAddress.set(address, (this.connectionsByAddress.get(address) ?? 0) + 1);
    const options = {
      methods: new Methods(this.methodsFor(conn)),
      context: { ledger: this.ledger, parseAccount: this.parseAccount } satisfies RpcContext,
      onInternalError: this.onInternalError,
      maxBatchRequests: this.limits.maxBatchRequests,
      maxScanBytes: this.limits.maxScanBytes,
    };
    // Replies go out in the order requests came in, even if a handler ever becomes asynchronous.
    let queue = Promise.resolve();
    socket.on("message", (data) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString("utf8")
        : Buffer.isBuffer(data)
          ? data.toString("utf8")
          : Buffer.from(data).toString("utf8");
      queue = queue.then(async () => {
        let reply: string | null;
        try {
          reply = await handleText(text, options);
        } catch (error) {
          this.onInternalError?.(error, "websocket");
          reply = null;
        }
        if (reply !== null) this.send(conn, reply);
        const after = conn.afterReply.splice(0);
        for (const task of after) task();
      });
    });
    socket.on("close", () => this.detach(conn));
    socket.on("error", () => socket.terminate());
  }

  /** Stops listening to the ledger and closes every client socket. */
  close(): void {
    this.ledger.events.off("slot", this.onSlot);
    this.ledger.events.off("account", this.onAccount);
    this.ledger.events.off("transaction", this.onTransaction);
    for (const conn of [...this.connections]) {
      this.detach(conn);
      conn.socket.terminate();
    }
  }

  private detach(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    const open = (this.connectionsByAddress.get(conn.address) ?? 1) - 1;
    if (open > 0) this.connectionsByAddress.set(conn.address, open);
    else this.connectionsByAddress.delete(conn.address);
    for (const id of [...conn.subscriptions]) this.remove(id);
  }

  private send(conn: Connection, text: string): void {
    const socket = conn.socket;
    if (socket.readyState !== socket.OPEN) return;
    // A client that does not read is dropped rather than buffered for without bound.
    if (socket.bufferedAmount > this.limits.maxWsBufferedBytes) {
      socket.terminate();
      this.detach(conn);
      return;
    }
    socket.send(text);
  }

  private notify(sub: Subscription, method: string, result: unknown): void {
    this.send(sub.conn, stringifyJson({ jsonrpc: "2.0", method, params: { result, subscription: sub.id } }));
  }

  private add(sub: Subscription): number {
    const max = this.limits.maxSubscriptionsPerConnection;
    if (sub.conn.subscriptions.size >= max) {
      throw new RpcError(ErrorCode.InvalidRequest, `Subscription refused: this connection has reached the limit of ${max} subscriptions`);
    }
    this.byId.set(sub.id, sub);
    sub.conn.subscriptions.add(sub.id);
    switch (sub.kind) {
      case "account":
        addTo(this.accounts, sub.address, sub);
        break;
      case "program":
        addTo(this.programs, sub.program, sub);
        break;
      case "signature":
        addTo(this.signatures, sub.signature, sub);
        break;
      case "slot":
        this.slots.add(sub);
        break;
      case "root":
        this.roots.add(sub);
        break;
      case "logs":
        this.logs.add(sub);
        break;
    }
    return sub.id;
  }

  private remove(id: number): boolean {
    const sub = this.byId.get(id);
    if (!sub) return false;
    this.byId.delete(id);
    sub.conn.subscriptions.delete(id);
    switch (sub.kind) {
      case "account":
        removeFrom(this.accounts, sub.address, sub);
        break;
      case "program":
        removeFrom(this.programs, sub.program, sub);
        break;
      case "signature":
        removeFrom(this.signatures, sub.signature, sub);
        break;
      case "slot":
        this.slots.delete(sub);
        break;
      case "root":
        this.roots.delete(sub);
        break;
      case "logs":
        this.logs.delete(sub);
        break;
    }
    return true;
  }

  // ---- events ------------------------------------------------------------------------------------------

  private slotChanged({ slot, parent, root }: LedgerEvents["slot"][0]): void {
    for (const sub of this.slots) this.notify(sub, "slotNotification", { parent, root, slot });
    for (const sub of this.roots) this.notify(sub, "rootNotification", root);
  }

  private encode(account: Account, options: AccountEncodingOptions): Record<string, unknown> {
    return encodeAccount(account, options, this.parseAccount, lookupOf(this.ledger));
  }

  private accountChanged({ address, account, slot }: LedgerEvents["account"][0]): void {
    for (const sub of this.accounts.get(address) ?? []) {
      if (sub.kind !== "account") continue;
      this.notify(sub, "accountNotification", { context: { slot }, value: this.encode(account, sub.options) });
    }
    for (const sub of this.programs.get(account.owner) ?? []) {
      if (sub.kind !== "program" || !matchesFilters(account, sub.filters)) continue;
      this.notify(sub, "programNotification", {
        context: { slot },
        value: { pubkey: address, account: this.encode(account, sub.options) },
      });
    }
  }

  private transactionLanded(record: TransactionRecord): void {
    const waiting = this.signatures.get(record.signature);
    if (waiting) {
      for (const sub of [...waiting]) {
        this.notify(sub, "signatureNotification", { context: { slot: record.slot }, value: { err: record.meta.err } });
        this.remove(sub.id);
      }
    }
    if (this.logs.size === 0) return;
    let keys: Set<Address> | null = null;
    for (const sub of this.logs) {
      if (sub.kind !== "logs") continue;
      keys ??= this.keysOf(record);
      if (sub.mentions !== null ? !keys.has(sub.mentions) : !sub.includeVotes && keys.has(VOTE_PROGRAM_ID)) continue;
      this.notify(sub, "logsNotification", {
        context: { slot: record.slot },
        value: { signature: record.signature, err: record.meta.err, logs: record.meta.logMessages },
      });
    }
  }

  private keysOf(record: TransactionRecord): Set<Address> {
    const keys = new Set<Address>([...record.meta.loadedAddresses.writable, ...record.meta.loadedAddresses.readonly]);
    try {
      for (const key of decodeWire(record.wire).staticKeys) keys.add(key);
    } catch {
      // A record the ledger accepted always decodes; if one ever does not, it only mentions its loaded keys.
    }
    return keys;
  }

  // ---- methods -----------------------------------------------------------------------------------------

  private newId(): number {
    return this.nextId++;
  }

  private unsubscribe(conn: Connection): (params: unknown) => boolean {
    return (params) => {
      const [idValue] = positional(params, 1, 1);
      const id = u64(idValue);
      const n = Number(id);
      if (!conn.subscriptions.has(n) || !this.remove(n)) throw invalidParams("Invalid subscription id.");
      return true;
    };
  }

  private methodsFor(conn: Connection): MethodTable {
    const unsubscribe = this.unsubscribe(conn);
    return {
      accountSubscribe: (params) => {
        const [address, cfgValue] = positional(params, 1, 2);
        const key = pubkey(address);
        const cfg = config(cfgValue, "RpcAccountInfoConfig");
        commitment(cfg.commitment);
        return this.add({ kind: "account", id: this.newId(), conn, address: key, options: accountOptions(cfg) });
      },

      programSubscribe: (params) => {
        const [program, cfgValue] = positional(params, 1, 2);
        const key = pubkey(program);
        const cfg = config(cfgValue, "RpcProgramAccountsConfig");
        commitment(cfg.commitment);
        const filters = accountFilters(cfg.filters);
        return this.add({ kind: "program", id: this.newId(), conn, program: key, options: accountOptions(cfg), filters });
      },

      signatureSubscribe: (params) => {
        const [sigValue, cfgValue] = positional(params, 1, 2);
        const sig = signature(sigValue);
        const cfg = config(cfgValue, "RpcSignatureSubscribeConfig");
        const level: CommitmentLevel = commitment(cfg.commitment) ?? "finalized";
        const id = this.add({ kind: "signature", id: this.newId(), conn, signature: sig });
        const status = this.ledger.signatureStatus(sig, true);
        if (status && (status.confirmationStatus !== "processed" || level === "processed")) {
          // Already landed at the asked commitment: answer with the id first, then the one notification.
          conn.afterReply.push(() => {
            const sub = this.byId.get(id);
            if (!sub) return;
            this.notify(sub, "signatureNotification", { context: { slot: status.slot }, value: { err: status.err } });
            this.remove(id);
          });
        }
        return id;
      },

      slotSubscribe: (params) => {
        positional(params, 0, 0);
        return this.add({ kind: "slot", id: this.newId(), conn });
      },

      rootSubscribe: (params) => {
        positional(params, 0, 0);
        return this.add({ kind: "root", id: this.newId(), conn });
      },

      logsSubscribe: (params) => {
        const [filter, cfgValue] = positional(params, 1, 2);
        commitment(config(cfgValue, "RpcTransactionLogsConfig").commitment);
        let mentions: Address | null = null;
        let includeVotes = false;
        if (typeof filter === "string") {
          includeVotes = variant(filter, ["all", "allWithVotes"] as const) === "allWithVotes";
        } else {
          const cfg = config(filter, "RpcTransactionLogsFilter");
          if (isAbsent(cfg.mentions))
            throw invalidParams("Invalid params: unknown variant, expected one of `all`, `allWithVotes`, `mentions`.");
          const list = array(cfg.mentions);
          if (list.length !== 1) throw invalidParams("Invalid Request: Only 1 address supported");
          mentions = pubkey(list[0]);
        }
        return this.add({ kind: "logs", id: this.newId(), conn, mentions, includeVotes });
      },

      accountUnsubscribe: unsubscribe,
      programUnsubscribe: unsubscribe,
      signatureUnsubscribe: unsubscribe,
      slotUnsubscribe: unsubscribe,
      rootUnsubscribe: unsubscribe,
      logsUnsubscribe: unsubscribe,
    };
  }
}
