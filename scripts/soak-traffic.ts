// The soak's background traffic on a running product besides its users: JSON-RPC reads over `/rpc` as wallets and
// dashboards make them, and websocket churn on `/rpc`: connect, subscribe (account, slot, signature), wait for a
// notification, then leave, politely (close) or abruptly (the TCP connection dropped without a close frame).
import { Connection, PublicKey } from "@solana/web3.js";
import WebSocket from "ws";
import { associatedTokenAddress, fetchMarginAccounts } from "@ballast/sdk";
import type { Counter, LoadMarket, LoadUser, TransactionJournal } from "./product-load.js";

/** A websocket session waits at most this long for its first slot notification. */
const NOTIFICATION_TIMEOUT_MS = 5_000;

/** One JSON-RPC read after another until `running()` says stop, counting those answered. */
export async function rpcReads(
  productUrl: string,
  market: LoadMarket,
  users: readonly LoadUser[],
  journal: TransactionJournal,
  running: () => boolean,
  answered: Counter,
): Promise<void> {
  const connection = new Connection(`${productUrl}/rpc`, { commitment: "confirmed", disableRetryOnRateLimit: true });
  const banks = [market.usdc.bank, market.eth.bank].map((b) => new PublicKey(b));
  const reads: (() => Promise<unknown>)[] = [
    () => connection.getAccountInfo(banks[0]!),
    () => connection.getMultipleAccountsInfo(banks),
    () => connection.getLatestBlockhash(),
    () => connection.getSlot(),
    () => connection.getBalance(users[0]!.keypair.publicKey),
    () => connection.getTokenAccountBalance(associatedTokenAddress(new PublicKey(market.usdc.mint), users[0]!.keypair.publicKey)),
    () => fetchMarginAccounts(connection, market.programId, market.group, users[0]!.address),
    () =>
      connection.getSignatureStatuses(
        journal
          .list()
          .slice(-50)
          .map((e) => e.signature),
        { searchTransactionHistory: true },
      ),
    () => connection.getSignaturesForAddress(users[0]!.keypair.publicKey, { limit: 20 }),
  ];
  for (let i = 0; running(); i++) {
    try {
      await reads[i % reads.length]!();
      answered.value++;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * One websocket session: subscribes to a bank, to slots and to a signature (landed or never sent), waits for the first
 * slot notification, and leaves, abruptly when `abrupt`. Resolves true when a notification came.
 */
export async function websocketSession(productUrl: string, account: string, signature: string, abrupt: boolean): Promise<boolean> {
  const socket = new WebSocket(`${productUrl.replace(/^http/, "ws")}/rpc`);
  try {
    return await new Promise<boolean>((resolve, reject) => {
      const timer = setTimeout(() => resolve(false), NOTIFICATION_TIMEOUT_MS);
      // Leaving before the handshake completes raises an error too: every error is handled, the first one rejects.
      socket.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.once("open", () => {
        const requests = [
          ["accountSubscribe", [account, { encoding: "base64", commitment: "confirmed" }]],
          ["slotSubscribe", []],
          ["signatureSubscribe", [signature, { commitment: "confirmed" }]],
        ] as const;
        requests.forEach(([method, params], id) => socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params })));
      });
      socket.on("message", (data: Buffer) => {
        if ((JSON.parse(data.toString()) as { method?: string }).method !== "slotNotification") return;
        clearTimeout(timer);
        resolve(true);
      });
    });
  } finally {
    if (abrupt) socket.terminate();
    else socket.close();
  }
}

/** Websocket sessions one after another until `running()` says stop, counting those that got their notification. */
export async function websocketChurn(
  productUrl: string,
  market: LoadMarket,
  journal: TransactionJournal,
  random: () => number,
  running: () => boolean,
  notified: Counter,
): Promise<void> {
  while (running()) {
    const landed = journal.list().filter((e) => e.acknowledged);
    // A signature that will never land keeps its subscription until the socket goes: the server must drop it then.
    const signature = random() < 0.5 && landed.length > 0 ? landed[Math.floor(random() * landed.length)]!.signature : "1".repeat(64);
    const account = random() < 0.5 ? market.usdc.bank : market.eth.bank;
    try {
      if (await websocketSession(productUrl, account, signature, random() < 0.3)) notified.value++;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
