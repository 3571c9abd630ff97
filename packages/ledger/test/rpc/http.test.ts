import { Keypair, SystemProgram, Transaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreflightFailure } from "../../src/service.js";
import { TransactionError } from "../../src/errors.js";
import { startRpcServer } from "../../src/rpc/server.js";
import { FakeLedger } from "./fake-ledger.js";
import { post, rpc, startHarness, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ bodyLimit: 64 * 1024 });
});
afterAll(async () => {
  await h.close();
});

function signedTransfer(blockhash: string): { tx: Transaction; payer: Keypair } {
  const payer = Keypair.generate();
  const tx = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 }),
  );
  tx.feePayer = payer.publicKey;
  tx.recentBlockhash = blockhash;
  tx.sign(payer);
  return { tx, payer };
}

describe("JSON-RPC framing", () => {
  it("answers malformed JSON with a parse error and keeps serving", async () => {
    const reply = await post(h.server.url, "{not json");
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}');
    expect((await rpc(h.server.url, "getHealth")).result).toBe("ok");
  });

  it("treats an empty body and a body without content type as text to parse", async () => {
    expect((await post(h.server.url, "", {})).text).toBe('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}');
    const plain = await post(h.server.url, '{"jsonrpc":"2.0","id":3,"method":"getHealth"}', { "content-type": "text/plain" });
    expect(plain.text).toBe('{"jsonrpc":"2.0","result":"ok","id":3}');
  });

  it("answers an unknown method with -32601, echoing the id", async () => {
    const reply = await post(h.server.url, { jsonrpc: "2.0", id: 7, method: "getEverything", params: [] });
    expect(reply.text).toBe('{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":7}');
    const proto = await post(h.server.url, { jsonrpc: "2.0", id: "x", method: "toString" });
    expect(proto.text).toBe('{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":"x"}');
  });

  it("refuses requests that are not JSON-RPC 2.0 requests", async () => {
    expect((await post(h.server.url, "42")).text).toBe('{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"},"id":null}');
    expect((await post(h.server.url, "[]")).text).toBe('{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"},"id":null}');
    expect((await post(h.server.url, { jsonrpc: "1.0", id: 1, method: "getSlot" })).text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"},"id":1}',
    );
    expect((await post(h.server.url, { jsonrpc: "2.0", id: 1, method: 5 })).text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"},"id":1}',
    );
    expect((await post(h.server.url, { jsonrpc: "2.0", id: {}, method: "getSlot" })).text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"},"id":null}',
    );
  });

  it("answers a batch in order, one reply per request, leaving out notifications", async () => {
    const reply = await post(h.server.url, [
      { jsonrpc: "2.0", id: 1, method: "getSlot" },
      { jsonrpc: "2.0", method: "getSlot" },
      { jsonrpc: "2.0", id: "two", method: "nope" },
      17,
      { jsonrpc: "2.0", id: 3, method: "getHealth" },
    ]);
    expect(reply.text).toBe(
      '[{"jsonrpc":"2.0","result":100,"id":1},' +
        '{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":"two"},' +
        '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request"},"id":null},' +
        '{"jsonrpc":"2.0","result":"ok","id":3}]',
    );
  });

  it("sends nothing back for a lone notification", async () => {
    const reply = await post(h.server.url, { jsonrpc: "2.0", method: "getSlot" });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe("");
  });

  it("refuses bodies over the limit with 413 and keeps serving", async () => {
    const reply = await post(h.server.url, { jsonrpc: "2.0", id: 1, method: "getSlot", params: ["x".repeat(70 * 1024)] });
    expect(reply.status).toBe(413);
    expect(reply.json.error.code).toBe(-32600);
    expect((await rpc(h.server.url, "getHealth")).result).toBe("ok");
  });

  it("answers GET /health and CORS preflight", async () => {
    const health = await fetch(`${h.server.url}/health`);
    expect(await health.text()).toBe("ok");
    const preflight = await fetch(h.server.url, {
      method: "OPTIONS",
      headers: { origin: "http://example.test", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("u64 values", () => {
  it("writes bigints as exact JSON integers", async () => {
    const address = Keypair.generate().publicKey.toBase58();
    h.ledger.setAccount(
      address,
      {
        lamports: 18_000_000_000_000_000_123n,
        data: Buffer.alloc(0),
        owner: "11111111111111111111111111111111",
        executable: false,
        rentEpoch: 0xffff_ffff_ffff_ffffn,
      },
      false,
    );
    const reply = await post(h.server.url, { jsonrpc: "2.0", id: 1, method: "getAccountInfo", params: [address, { encoding: "base64" }] });
    expect(reply.text).toBe(
      '{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.1.0","slot":100},"value":' +
        '{"lamports":18000000000000000123,"data":["","base64"],"owner":"11111111111111111111111111111111","executable":false,"rentEpoch":18446744073709551615,"space":0}},"id":1}',
    );
  });

  it("reads u64 params beyond 2^53 exactly", async () => {
    const address = Keypair.generate().publicKey.toBase58();
    const body = `{"jsonrpc":"2.0","id":1,"method":"requestAirdrop","params":["${address}",18446744073709551615]}`;
    const reply = await post(h.server.url, body);
    expect(typeof reply.json.result).toBe("string");
    expect(h.ledger.calls.at(-1)).toEqual({ method: "requestAirdrop", args: [address, 18_446_744_073_709_551_615n] });
    const over = await post(
      h.server.url,
      `{"jsonrpc":"2.0","id":2,"method":"requestAirdrop","params":["${address}",18446744073709551616]}`,
    );
    expect(over.text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: invalid value: integer `18446744073709551616`, expected u64."},"id":2}',
    );
  });
});

describe("parameter errors in Solana's words", () => {
  it("checks arity, types and keys", async () => {
    expect((await rpc(h.server.url, "getBalance", [])).error).toEqual({
      code: -32602,
      message: "`params` should have at least 1 argument(s)",
    });
    expect((await rpc(h.server.url, "getBalance", [1])).error).toEqual({
      code: -32602,
      message: "Invalid params: invalid type: integer `1`, expected a string.",
    });
    expect((await rpc(h.server.url, "getBalance", ["not-a-key"])).error).toEqual({ code: -32602, message: "Invalid param: Invalid" });
    expect((await rpc(h.server.url, "getBalance", ["1111"])).error).toEqual({ code: -32602, message: "Invalid param: WrongSize" });
    expect((await rpc(h.server.url, "getBalance", ["11111111111111111111111111111111", {}, 3])).error).toEqual({
      code: -32602,
      message: "Invalid parameters: Expected from 1 to 2 parameters.",
      data: "Got: 3",
    });
    expect((await rpc(h.server.url, "getSlot", [{ commitment: "recent" }])).error).toEqual({
      code: -32602,
      message: "Invalid params: unknown variant `recent`, expected one of `processed`, `confirmed`, `finalized`.",
    });
    expect((await rpc(h.server.url, "getSlot", [{ minContextSlot: 500 }])).error).toEqual({
      code: -32016,
      message: "Minimum context slot has not been reached",
      data: { contextSlot: 100 },
    });
  });
});

describe("sendTransaction errors", () => {
  it("refuses bad base64 and base58 with Solana's messages", async () => {
    const b64 = await rpc(h.server.url, "sendTransaction", ["@@@not-base64@@@", { encoding: "base64" }]);
    expect(b64).toEqual({ jsonrpc: "2.0", error: { code: -32602, message: "invalid base64 encoding: InvalidByte(0, 64)" }, id: 1 });
    const b58 = await rpc(h.server.url, "sendTransaction", ["abc0def"]);
    expect(b58.error).toEqual({ code: -32602, message: "invalid base58 encoding: InvalidCharacter { character: '0', index: 3 }" });
    const json = await rpc(h.server.url, "sendTransaction", ["abc", { encoding: "json" }]);
    expect(json.error).toEqual({ code: -32602, message: "unsupported encoding: json. Supported encodings: base58, base64" });
  });

  it("maps the ledger's refusals to Solana's codes", async () => {
    const { blockhash } = h.ledger.latestBlockhash();
    const { tx } = signedTransfer(blockhash);
    const wire = tx.serialize();

    const malformed = await rpc(h.server.url, "sendTransaction", [Buffer.from([1, 2, 3]).toString("base64"), { encoding: "base64" }]);
    expect(malformed.error).toEqual({
      code: -32602,
      message: "failed to deserialize solana_sdk::transaction::versioned::VersionedTransaction: io error: failed to fill whole buffer",
    });

    const tampered = Buffer.from(wire);
    tampered[10] ^= 0xff;
    const badSignature = await rpc(h.server.url, "sendTransaction", [tampered.toString("base64"), { encoding: "base64" }]);
    expect(badSignature.error).toEqual({ code: -32003, message: "Transaction signature verification failure" });

    h.ledger.nextError = new PreflightFailure(
      h.ledger.simulation({
        err: { InstructionError: [0, { Custom: 1 }] },
        logs: [
          "Program 11111111111111111111111111111111 invoke [1]",
          "Program 11111111111111111111111111111111 failed: custom program error: 0x1",
        ],
        unitsConsumed: 150n,
        returnData: { programId: "11111111111111111111111111111111", data: Buffer.from([1, 2]) },
      }),
    );
    const preflight = await post(h.server.url, {
      jsonrpc: "2.0",
      id: 1,
      method: "sendTransaction",
      params: [wire.toString("base64"), { encoding: "base64" }],
    });
    expect(preflight.text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32002,"message":"Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",' +
        '"data":{"accounts":null,"err":{"InstructionError":[0,{"Custom":1}]},"innerInstructions":null,' +
        '"logs":["Program 11111111111111111111111111111111 invoke [1]","Program 11111111111111111111111111111111 failed: custom program error: 0x1"],' +
        '"replacementBlockhash":null,"returnData":{"data":["AQI=","base64"],"programId":"11111111111111111111111111111111"},"unitsConsumed":150}},"id":1}',
    );

    h.ledger.nextError = new TransactionError("AlreadyProcessed");
    const thrown = await rpc(h.server.url, "sendTransaction", [wire.toString("base64"), { encoding: "base64" }]);
    expect(thrown.error.code).toBe(-32002);
    expect(thrown.error.message).toBe("Transaction simulation failed: This transaction has already been processed");
    expect(thrown.error.data.err).toBe("AlreadyProcessed");

    const oversized = Buffer.alloc(1300, 1);
    const big = await rpc(h.server.url, "sendTransaction", [oversized.toString("base64"), { encoding: "base64" }]);
    expect(big.error).toEqual({
      code: -32602,
      message: "decoded solana_sdk::transaction::versioned::VersionedTransaction too large: 1300 bytes (max: 1232 bytes)",
    });
  });

  it("answers a bug as -32603 without crashing", async () => {
    const errors: unknown[] = [];
    const ledger = new FakeLedger();
    ledger.slot = () => {
      throw new Error("boom");
    };
    const server = await startRpcServer({ ledger, port: 0, onInternalError: (e) => errors.push(e) });
    try {
      expect((await rpc(server.url, "getSlot")).error).toEqual({ code: -32603, message: "Internal error" });
      expect(errors).toHaveLength(1);
      expect((await rpc(server.url, "getHealth")).result).toBe("ok");
    } finally {
      await server.close();
    }
  });
});

describe("ports", () => {
  it("puts the websocket on port + 1 by default and on a free port of its own when port is 0", async () => {
    expect(h.server.wsPort).not.toBe(0);
    expect(h.server.wsUrl).toBe(`ws://127.0.0.1:${h.server.wsPort}`);
    expect(h.server.url).toBe(`http://127.0.0.1:${h.server.port}`);
    const probe = await startRpcServer({ ledger: new FakeLedger(), port: 0 });
    const port = probe.port;
    await probe.close();
    const fixed = await startRpcServer({ ledger: new FakeLedger(), port });
    try {
      expect(fixed.port).toBe(port);
      expect(fixed.wsPort).toBe(port + 1);
    } finally {
      await fixed.close();
    }
  });
});
