// JSON-RPC posts to `/` are answered by the raw route (rpc/raw-route.ts) and lone sendTransactions by the fast
// dispatch (rpc/lone-send.ts); both must write byte for byte what Fastify and the generic dispatch write. The same
// body goes both ways: with a Content-Length (the raw route) and chunked (which only Fastify takes), and as a plain
// envelope (the fast dispatch) and without its optional `jsonrpc` member (which only the generic dispatch takes).
import { SystemProgram } from "@solana/web3.js";
import bs58 from "bs58";
import type { IncomingMessage } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takesRawRpc } from "../../src/rpc/raw-route.js";
import { funded, signed, startHarness, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const withLength = (body: string) =>
  `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const chunked = (body: string) =>
  `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
  `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;

/** Writes the requests on one connection at once and returns each reply whole, its Date header blanked. */
function exchange(port: number, requests: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(requests.join("")));
    let received = Buffer.alloc(0);
    const replies: string[] = [];
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const headEnd = received.indexOf("\r\n\r\n");
        if (headEnd < 0) return;
        const head = received.toString("latin1", 0, headEnd);
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
        if (received.length < headEnd + 4 + length) return;
        replies.push(received.toString("utf8", 0, headEnd + 4 + length).replace(/\r\nDate: [^\r]+/, "\r\nDate: -"));
        received = received.subarray(headEnd + 4 + length);
        if (replies.length === requests.length) {
          socket.end();
          resolve(replies);
        }
      }
    });
  });
}

/** The reply to `body` by the raw route and by Fastify, in that order. */
async function bothRoutes(body: string): Promise<[string, string]> {
  const [raw] = await exchange(h.server.port, [withLength(body)]);
  const [fastify] = await exchange(h.server.port, [chunked(body)]);
  return [raw!, fastify!];
}

const sendBody = (wire: Buffer, id: number | string, envelope = true) =>
  JSON.stringify({
    ...(envelope ? { jsonrpc: "2.0" } : {}),
    id,
    method: "sendTransaction",
    params: [wire.toString("base64"), { encoding: "base64" }],
  });

describe("the raw route", () => {
  it("writes Fastify's bytes for replies of every kind", async () => {
    const payer = await funded(h);
    const broke = await funded(h, 1_000_000n);
    const overdraft = signed(h, broke, [
      SystemProgram.transfer({ fromPubkey: broke.publicKey, toPubkey: payer.publicKey, lamports: 5_000_000n }),
    ]);
    const tampered = Buffer.from(overdraft.serialize());
    tampered[10]! ^= 1;
    const bodies = [
      sendBody(Buffer.from(overdraft.serialize()), 1),
      sendBody(tampered, "two"),
      '{"jsonrpc":"2.0","id":3,"method":"sendTransaction","params":["@@@@",{"encoding":"base64"}]}',
      "{not json",
      '[{"jsonrpc":"2.0","id":1,"method":"getHealth"},{"jsonrpc":"2.0","id":2,"method":"nope"}]',
      '{"jsonrpc":"2.0","method":"getHealth"}',
      '{"jsonrpc":"2.0","id":"é","method":"getSlot"}',
    ];
    for (const body of bodies) {
      const [raw, fastify] = await bothRoutes(body);
      expect(raw).toBe(fastify);
    }
    const [preflight] = await bothRoutes(bodies[0]!);
    expect(preflight).toMatch(
      /^HTTP\/1\.1 200 OK\r\ncontent-type: application\/json; charset=utf-8\r\naccess-control-allow-origin: \*\r\ncontent-length: \d+\r\nDate: -\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\n\r\n\{"jsonrpc":"2\.0","error":\{"code":-32002,"message":"Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",.*"id":1\}$/s,
    );
    const [notification] = await bothRoutes(bodies[5]!);
    expect(notification).toMatch(/content-length: 0\r\n.*\r\n\r\n$/s);
  });

  it("writes the same bytes for a landed transaction, and answers pipelined requests in order", async () => {
    const payer = await funded(h);
    const transfer = (lamports: number) =>
      Buffer.from(
        signed(h, payer, [
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: h.ledger.faucet.publicKey, lamports }),
        ]).serialize(),
      );
    const [first, second] = [transfer(1), transfer(2)];
    const [raw] = await exchange(h.server.port, [withLength(sendBody(first, 9))]);
    const [fastify] = await exchange(h.server.port, [chunked(sendBody(second, 9))]);
    // Base58 signatures differ in length, and so the replies' lengths.
    const blanked = (reply: string, wire: Buffer) =>
      reply.replace(signatureText(wire), "<signature>").replace(/content-length: \d+/, "content-length: -");
    expect(blanked(raw!, first)).toBe(blanked(fastify!, second));
    expect(raw).toContain(`content-length: ${Buffer.byteLength(`{"jsonrpc":"2.0","result":"${signatureText(first)}","id":9}`)}\r\n`);
    expect(raw!.endsWith(`\r\n\r\n{"jsonrpc":"2.0","result":"${signatureText(first)}","id":9}`)).toBe(true);

    const pipelined = await exchange(h.server.port, [
      withLength(sendBody(transfer(3), 1)),
      withLength('{"jsonrpc":"2.0","id":2,"method":"getSlot"}'),
      withLength(sendBody(transfer(4), 3)),
    ]);
    expect(pipelined.map((reply) => JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4)).id)).toEqual([1, 2, 3]);
    expect(JSON.parse(pipelined[1]!.slice(pipelined[1]!.indexOf("\r\n\r\n") + 4)).result).toBe(100);
  });

  it("takes only plain JSON posts to / with a length within the limit, leaving the rest to Fastify", () => {
    const request = (method: string, url: string, headers: Record<string, string>) =>
      ({ method, url, headers }) as unknown as IncomingMessage;
    const json = { "content-type": "application/json", "content-length": "120" };
    expect(takesRawRpc(request("POST", "/", json), 4096)).toBe(true);
    expect(takesRawRpc(request("POST", "/", { ...json, "content-type": "Application/JSON; charset=UTF-8" }), 4096)).toBe(true);
    expect(takesRawRpc(request("POST", "/api/v1/bundles", json), 4096)).toBe(false);
    expect(takesRawRpc(request("GET", "/", json), 4096)).toBe(false);
    expect(takesRawRpc(request("POST", "/?x=1", json), 4096)).toBe(false);
    expect(takesRawRpc(request("POST", "/", { ...json, "content-type": "text/plain" }), 4096)).toBe(false);
    expect(takesRawRpc(request("POST", "/", { "content-type": "application/json" }), 4096)).toBe(false);
    expect(takesRawRpc(request("POST", "/", { ...json, "content-length": "0" }), 4096)).toBe(false);
    expect(takesRawRpc(request("POST", "/", { ...json, "content-length": "4097" }), 4096)).toBe(false);
    expect(takesRawRpc(request("POST", "/", { ...json, "transfer-encoding": "chunked" }), 4096)).toBe(false);
  });
});

describe("the fast dispatch of a lone sendTransaction", () => {
  it("answers as the generic dispatch does, each refusal alike", async () => {
    const payer = await funded(h);
    const broke = await funded(h, 1_000_000n);
    const overdraft = Buffer.from(
      signed(h, broke, [
        SystemProgram.transfer({ fromPubkey: broke.publicKey, toPubkey: payer.publicKey, lamports: 5_000_000n }),
      ]).serialize(),
    );
    const stale = Buffer.from(
      signed(
        h,
        payer,
        [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: broke.publicKey, lamports: 1 })],
        [],
        "11111111111111111111111111111111",
      ).serialize(),
    );
    for (const [wire, id] of [
      [overdraft, 4],
      [stale, "five"],
      [overdraft.subarray(0, 40), 6],
    ] as const) {
      const [fast] = await exchange(h.server.port, [withLength(sendBody(wire, id))]);
      const [generic] = await exchange(h.server.port, [withLength(sendBody(wire, id, false))]);
      expect(fast).toBe(generic);
    }
    const [stalled] = await exchange(h.server.port, [withLength(sendBody(stale, "five"))]);
    expect(stalled).toMatch(
      /\r\n\r\n\{"jsonrpc":"2\.0","error":\{"code":-32002,"message":"Transaction simulation failed: Blockhash not found",.*,"id":"five"\}$/,
    );
  });

  it("lands a transaction as the generic dispatch does: the signature as the result, the id as sent", async () => {
    const payer = await funded(h);
    const transfer = (lamports: number) =>
      Buffer.from(
        signed(h, payer, [
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: h.ledger.faucet.publicKey, lamports }),
        ]).serialize(),
      );
    const [first, second] = [transfer(5), transfer(6)];
    const [fast] = await exchange(h.server.port, [withLength(sendBody(first, "id-1"))]);
    const [generic] = await exchange(h.server.port, [withLength(sendBody(second, "id-1", false))]);
    const body = (reply: string) => reply.slice(reply.indexOf("\r\n\r\n") + 4);
    expect(body(fast!)).toBe(`{"jsonrpc":"2.0","result":"${signatureText(first)}","id":"id-1"}`);
    expect(body(generic!)).toBe(`{"jsonrpc":"2.0","result":"${signatureText(second)}","id":"id-1"}`);
    expect(h.ledger.signatureStatus(signatureText(first), false)?.err).toBeNull();
  });
});

/** The base58 first signature of a wire transaction: its name. */
function signatureText(wire: Buffer): string {
  return bs58.encode(wire.subarray(1, 65));
}
