// A TCP proxy in front of the ledger's websocket that a test can break: cut every connection and refuse new ones, or
// stall them half-closed (a websocket close frame sent to the client, then nothing more either way).
import { connect, createServer, type Server, type Socket } from "node:net";

/** A websocket close frame from a server: FIN + close opcode, 2 bytes of payload, status 1000. */
const CLOSE_FRAME = Buffer.from([0x88, 0x02, 0x03, 0xe8]);

export class SocketProxy {
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private refusing = false;
  /** Connections accepted so far. */
  accepted = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Proxies `target` (ws://host:port) on a free 127.0.0.1 port. */
  static async start(target: string): Promise<SocketProxy> {
    const { hostname, port } = new URL(target);
    let proxy!: SocketProxy;
    const server = createServer((client) => proxy.accept(client, hostname, Number(port)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("the proxy has no port");
    proxy = new SocketProxy(server, `ws://127.0.0.1:${address.port}`);
    return proxy;
  }

  private accept(client: Socket, host: string, port: number): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    this.accepted += 1;
    const upstream = connect(port, host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  }

  /** Drops every connection and refuses new ones until up(). */
  cut(): void {
    this.refusing = true;
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  up(): void {
    this.refusing = false;
  }

  /** Sends each client a close frame and forwards nothing more: the client is left closing until cut(). */
  stall(): void {
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      upstream.pause();
      client.write(CLOSE_FRAME);
    }
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
