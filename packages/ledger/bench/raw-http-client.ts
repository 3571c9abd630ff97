// A benchmark client that costs as little per request as HTTP/1.1 allows, so the server is what gets measured:
// keep-alive sockets, requests written with hand-made framing and pipelined, replies framed by Content-Length.
// node:http's client spends most of its time in its own bookkeeping (agents, header objects, streams) and tops out
// near the rates the ledger aims for.
import { connect, type Socket } from "node:net";

const HEADER_END = Buffer.from("\r\n\r\n");
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

interface Waiter {
  resolve(body: string): void;
  reject(error: Error): void;
}

/**
 * One keep-alive socket; its replies arrive in the order its requests were written. Requests written before it
 * connects wait in the socket. A server may close it while idle (its keep-alive timeout); the pool then opens another.
 */
class Connection {
  readonly waiting: Waiter[] = [];
  private readonly socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private failure: Error | null = null;

  constructor(port: number) {
    this.socket = connect({ host: "127.0.0.1", port });
    this.socket.setNoDelay(true);
    this.socket.on("data", (chunk: Buffer) => this.received(chunk));
    this.socket.on("error", (error) => this.fail(error));
    this.socket.on("close", () => this.fail(new Error("the server closed the connection")));
  }

  get closed(): boolean {
    return this.failure !== null;
  }

  send(request: string, waiter: Waiter): void {
    if (this.failure) return waiter.reject(this.failure);
    this.waiting.push(waiter);
    this.socket.write(request);
  }

  private received(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      const headerEnd = this.buffered.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const head = this.buffered.toString("latin1", 0, headerEnd);
      const length = CONTENT_LENGTH.exec(head);
      if (!length) return this.fail(new Error(`a reply without Content-Length: ${head.split("\r\n")[0]}`));
      const end = headerEnd + HEADER_END.length + Number(length[1]);
      if (this.buffered.length < end) return;
      const body = this.buffered.toString("utf8", headerEnd + HEADER_END.length, end);
      this.buffered = this.buffered.subarray(end);
      const waiter = this.waiting.shift();
      if (!waiter) return this.fail(new Error("a reply nobody asked for"));
      if (!head.startsWith("HTTP/1.1 200 ")) waiter.reject(new Error(`HTTP ${head.split("\r\n")[0]}: ${body}`));
      else waiter.resolve(body);
    }
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    this.socket.destroy();
  }

  close(): void {
    this.failure ??= new Error("closed");
    this.socket.destroy();
  }
}

export interface RawHttpClient {
  /** POSTs a JSON body to `/` and resolves with the reply's body; a status other than 200 rejects. */
  post(body: string): Promise<string>;
  close(): void;
}

/** `connections` keep-alive sockets to 127.0.0.1:port; each request goes to the socket with the fewest waiting. */
export function rawHttpClient(port: number, connections: number): RawHttpClient {
  const pool = Array.from({ length: connections }, () => new Connection(port));
  const prefix = `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: `;
  return {
    post(body) {
      let least = 0;
      for (let i = 0; i < pool.length; i++) {
        if (pool[i]!.closed) pool[i] = new Connection(port);
        if (pool[i]!.waiting.length < pool[least]!.waiting.length) least = i;
      }
      const connection = pool[least]!;
      const request = `${prefix}${Buffer.byteLength(body)}\r\n\r\n${body}`;
      return new Promise((resolve, reject) => connection.send(request, { resolve, reject }));
    },
    close() {
      for (const connection of pool) connection.close();
    },
  };
}
