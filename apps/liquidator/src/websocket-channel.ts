// The websocket under @solana/kit's RPC subscriptions, for kit's pool and transport to use. Kit's own channel ends
// without an error when the server closes normally (code 1000), so the pool keeps the dead channel and every
// subscription on it waits forever. Here any end the owner did not ask for is an error, a socket that can no longer
// send is ended at once rather than when its closing handshake times out, and an unanswered ping ends a socket whose
// peer vanished without closing it.
import { setMaxListeners } from "node:events";
import {
  SOLANA_ERROR__RPC_SUBSCRIPTIONS__CHANNEL_CONNECTION_CLOSED,
  SOLANA_ERROR__RPC_SUBSCRIPTIONS__CHANNEL_FAILED_TO_CONNECT,
  SolanaError,
  getDataPublisherFromEventEmitter,
  type RpcSubscriptionsChannel,
} from "@solana/kit";
import WebSocket from "ws";

/** How often the socket is pinged; a ping still unanswered at the next one ends the socket. */
const PING_INTERVAL_MS = 10_000;

export function createWebSocketChannel(url: string, abortSignal: AbortSignal): Promise<RpcSubscriptionsChannel<string, string>> {
  if (abortSignal.aborted) return Promise.reject(abortSignal.reason);
  const events = new EventTarget();
  // Every subscription on the channel listens to it.
  setMaxListeners(Number.MAX_SAFE_INTEGER, events);
  const socket = new WebSocket(url);
  let opened = false;
  let ended = false;
  let answered = true;
  let pinger: ReturnType<typeof setInterval> | undefined;

  return new Promise((resolve, reject) => {
    const closed = () => new SolanaError(SOLANA_ERROR__RPC_SUBSCRIPTIONS__CHANNEL_CONNECTION_CLOSED);
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(pinger);
      abortSignal.removeEventListener("abort", end);
      socket.terminate();
    };
    // Kit's listeners for a channel's error are each removed once they have run, so telling it twice is harmless.
    const fail = (error: SolanaError) => {
      end();
      if (!opened) reject(error);
      else if (!abortSignal.aborted) events.dispatchEvent(new CustomEvent("error", { detail: error }));
    };
    abortSignal.addEventListener("abort", end);

    socket.on("open", () => {
      opened = true;
      pinger = setInterval(() => {
        if (!answered || socket.readyState !== WebSocket.OPEN) return fail(closed());
        answered = false;
        socket.ping();
      }, PING_INTERVAL_MS);
      resolve({
        ...getDataPublisherFromEventEmitter(events),
        // A failed send is told as the channel's error, on a later turn, never by rejecting: kit leaves a promise
        // unhandled when a subscription's request fails to send, and listens for the error only once it is sent.
        send(message: string) {
          if (socket.readyState === WebSocket.OPEN) socket.send(message);
          else setImmediate(() => fail(closed()));
          return Promise.resolve();
        },
      });
    });
    socket.on("pong", () => (answered = true));
    socket.on("message", (data: Buffer) => {
      if (!ended) events.dispatchEvent(new CustomEvent("message", { detail: data.toString("utf8") }));
    });
    socket.on("error", (cause) =>
      fail(
        opened
          ? closed()
          : new SolanaError(SOLANA_ERROR__RPC_SUBSCRIPTIONS__CHANNEL_FAILED_TO_CONNECT, { errorEvent: cause as unknown as Event }),
      ),
    );
    socket.on("close", () => fail(closed()));
  });
}
