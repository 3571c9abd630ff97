import { createAmountToUiAmountInstruction, NATIVE_MINT } from "@solana/spl-token";
import { Keypair, SystemProgram } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TransactionError } from "../../src/errors.js";
import { Ledger } from "../../src/ledger.js";
import { startRpcServer } from "../../src/rpc/server.js";
import { freePortPair } from "../support/process.js";
import { funded, post, rpc, signed, startHarness, type Harness } from "./harness.js";

const SYSTEM = "11111111111111111111111111111111";
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** A real ledger with the RPC server started directly, for the server's own options. */
async function withServer(
  options: Omit<Parameters<typeof startRpcServer>[0], "ledger" | "port"> & { port?: number },
  body: (server: Awaited<ReturnType<typeof startRpcServer>>, ledger: Ledger) => Promise<void>,
): Promise<void> {
  const ledger = Ledger.open({ dataDir: null, slotMs: 0 });
  const server = await startRpcServer({ ledger, port: 0, ...options });
  try {
    await body(server, ledger);
  } finally {
    await server.close();
    await ledger.close();
  }
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
    // More than 2^53 lamports: a double would round this to ...0128.
    const address = Keypair.generate().publicKey.toBase58();
    await h.ledger.requestAirdrop(address, 400_000_000_000_000_123n);
    const reply = await post(h.server.url, { jsonrpc: "2.0", id: 1, method: "getAccountInfo", params: [address, { encoding: "base64" }] });
    expect(reply.text).toBe(
      '{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.1.0","slot":100},"value":' +
        `{"lamports":400000000000000123,"data":["","base64"],"owner":"${SYSTEM}","executable":false,"rentEpoch":18446744073709551615,"space":0}},"id":1}`,
    );
    expect((await post(h.server.url, { jsonrpc: "2.0", id: 2, method: "getBalance", params: [address] })).text).toBe(
      '{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.1.0","slot":100},"value":400000000000000123},"id":2}',
    );
  });

  it("reads u64 params beyond 2^53 exactly", async () => {
    const address = Keypair.generate().publicKey.toBase58();
    const faucet = h.ledger.faucet.publicKey.toBase58();
    const faucetLamports = h.ledger.getAccount(faucet)!.lamports;
    // The faucet cannot pay u64::MAX lamports: the System program's refusal names the amount it was asked for.
    const body = `{"jsonrpc":"2.0","id":1,"method":"requestAirdrop","params":["${address}",18446744073709551615]}`;
    const reply = await post(h.server.url, body);
    expect(reply.text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32002,"message":"Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",' +
        '"data":{"accounts":null,"err":{"InstructionError":[0,{"Custom":1}]},"innerInstructions":null,' +
        `"logs":["Program ${SYSTEM} invoke [1]","Program log: Transfer: insufficient lamports ${faucetLamports - 5000n}, need 18446744073709551615",` +
        `"Program ${SYSTEM} failed: custom program error: 0x1"],"replacementBlockhash":null,"returnData":null,"unitsConsumed":150}},"id":1}`,
    );
    expect(h.ledger.getAccount(faucet)!.lamports).toBe(faucetLamports);

    const over = await post(
      h.server.url,
      `{"jsonrpc":"2.0","id":2,"method":"requestAirdrop","params":["${address}",18446744073709551616]}`,
    );
    expect(over.text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: invalid value: integer `18446744073709551616`, expected u64."},"id":2}',
    );

    const airdrop = await rpc(h.server.url, "requestAirdrop", [address, 9_007_199_254_740_993n.toString()]);
    expect(airdrop.error).toEqual({ code: -32602, message: 'Invalid params: invalid type: string "9007199254740993", expected u64.' });
    const exact = await post(h.server.url, `{"jsonrpc":"2.0","id":3,"method":"requestAirdrop","params":["${address}",9007199254740993]}`);
    expect(exact.json.error).toBeUndefined();
    expect(h.ledger.getAccount(address)!.lamports).toBe(9_007_199_254_740_993n);
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
    expect((await rpc(h.server.url, "getBalance", [SYSTEM, {}, 3])).error).toEqual({
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
    expect(await rpc(h.server.url, "getSlot", [{ minContextSlot: 100 }])).toEqual({ jsonrpc: "2.0", result: 100, id: 1 });
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

  it("refuses malformed, oversized and badly signed transactions", async () => {
    const malformed = await rpc(h.server.url, "sendTransaction", [Buffer.from([1, 2, 3]).toString("base64"), { encoding: "base64" }]);
    expect(malformed.error).toEqual({
      code: -32602,
      message: "failed to deserialize solana_sdk::transaction::versioned::VersionedTransaction: io error: failed to fill whole buffer",
    });

    const oversized = Buffer.alloc(1300, 1);
    const big = await rpc(h.server.url, "sendTransaction", [oversized.toString("base64"), { encoding: "base64" }]);
    expect(big.error).toEqual({
      code: -32602,
      message: "decoded solana_sdk::transaction::versioned::VersionedTransaction too large: 1300 bytes (max: 1232 bytes)",
    });

    const payer = await funded(h, 5_000_000n);
    const tampered = signed(h, payer, [
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    ]).serialize();
    tampered[10]! ^= 0xff;
    const badSignature = await rpc(h.server.url, "sendTransaction", [tampered.toString("base64"), { encoding: "base64" }]);
    expect(badSignature).toEqual({ jsonrpc: "2.0", error: { code: -32003, message: "Transaction signature verification failure" }, id: 1 });
    expect(h.ledger.getAccount(payer.publicKey.toBase58())!.lamports).toBe(5_000_000n);
  });

  it("answers a failed preflight with -32002 and the simulation, return data included", async () => {
    const payer = await funded(h, 10_000_000n);
    // The token program sets return data ("1.5"); then a transfer the payer cannot afford fails.
    const tx = signed(h, payer, [
      createAmountToUiAmountInstruction(NATIVE_MINT, 1_500_000_000n),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 20_000_000 }),
    ]);
    const preflight = await post(h.server.url, {
      jsonrpc: "2.0",
      id: 1,
      method: "sendTransaction",
      params: [tx.serialize().toString("base64"), { encoding: "base64" }],
    });
    expect(preflight.text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32002,"message":"Transaction simulation failed: Error processing Instruction 1: custom program error: 0x1",' +
        '"data":{"accounts":null,"err":{"InstructionError":[1,{"Custom":1}]},"innerInstructions":null,' +
        `"logs":["Program ${TOKEN} invoke [1]","Program log: Instruction: AmountToUiAmount",` +
        `"Program ${TOKEN} consumed 2654 of 400000 compute units","Program return: ${TOKEN} MS41","Program ${TOKEN} success",` +
        `"Program ${SYSTEM} invoke [1]","Program log: Transfer: insufficient lamports 9995000, need 20000000",` +
        `"Program ${SYSTEM} failed: custom program error: 0x1"],` +
        `"replacementBlockhash":null,"returnData":{"data":["MS41","base64"],"programId":"${TOKEN}"},"unitsConsumed":2804}},"id":1}`,
    );
    // Refused in preflight: nothing landed, not even the fee.
    expect(h.ledger.getAccount(payer.publicKey.toBase58())!.lamports).toBe(10_000_000n);
    expect(h.ledger.signatureStatus(bs58.encode(tx.signature!), true)).toBeNull();
  });

  it("refuses a replayed transaction and an unknown blockhash with -32002", async () => {
    const payer = await funded(h, 5_000_000n);
    const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 });
    const wire = signed(h, payer, [transfer]).serialize().toString("base64");
    const first = await rpc(h.server.url, "sendTransaction", [wire, { encoding: "base64" }]);
    expect(first.error).toBeUndefined();
    const replay = await post(h.server.url, { jsonrpc: "2.0", id: 2, method: "sendTransaction", params: [wire, { encoding: "base64" }] });
    expect(replay.text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32002,"message":"Transaction simulation failed: This transaction has already been processed",' +
        '"data":{"accounts":null,"err":"AlreadyProcessed","innerInstructions":null,"logs":[],"replacementBlockhash":null,"returnData":null,"unitsConsumed":0}},"id":2}',
    );

    const stale = signed(h, payer, [transfer], [], Keypair.generate().publicKey.toBase58()).serialize().toString("base64");
    const unknown = await post(h.server.url, { jsonrpc: "2.0", id: 3, method: "sendTransaction", params: [stale, { encoding: "base64" }] });
    expect(unknown.text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32002,"message":"Transaction simulation failed: Blockhash not found",' +
        '"data":{"accounts":null,"err":"BlockhashNotFound","innerInstructions":null,"logs":[],"replacementBlockhash":null,"returnData":null,"unitsConsumed":0}},"id":3}',
    );
  });

  it("maps a TransactionError the ledger throws to -32002", async () => {
    // The ledger reports its refusals as PreflightFailure; a bare TransactionError only comes from a ledger that
    // throws one, so this ledger's sendTransaction is made to, once.
    const payer = await funded(h, 5_000_000n);
    const wire = signed(h, payer, [
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    ]).serialize();
    const broken = vi.spyOn(h.ledger, "sendTransaction").mockRejectedValueOnce(new TransactionError("AccountInUse"));
    try {
      const thrown = await post(h.server.url, {
        jsonrpc: "2.0",
        id: 1,
        method: "sendTransaction",
        params: [wire.toString("base64"), { encoding: "base64" }],
      });
      expect(thrown.text).toBe(
        '{"jsonrpc":"2.0","error":{"code":-32002,"message":"Transaction simulation failed: Account in use",' +
          '"data":{"accounts":null,"err":"AccountInUse","innerInstructions":null,"logs":[],"replacementBlockhash":null,"returnData":null,"unitsConsumed":0}},"id":1}',
      );
      expect(broken).toHaveBeenCalledTimes(1);
      expect(broken).toHaveBeenCalledWith(wire, { skipPreflight: false });
    } finally {
      broken.mockRestore();
    }
    expect(h.ledger.getAccount(payer.publicKey.toBase58())!.lamports).toBe(5_000_000n);
  });
});

describe("server options", () => {
  it("refuses bodies over the limit with 413 and keeps serving", async () => {
    await withServer({ bodyLimit: 64 * 1024 }, async (server) => {
      const reply = await post(server.url, { jsonrpc: "2.0", id: 1, method: "getSlot", params: ["x".repeat(70 * 1024)] });
      expect(reply.status).toBe(413);
      expect(reply.text).toBe('{"jsonrpc":"2.0","error":{"code":-32600,"message":"Request body too large (max 65536 bytes)"},"id":null}');
      expect((await rpc(server.url, "getHealth")).result).toBe("ok");
    });
  });

  it("answers a bug as -32603 without crashing", async () => {
    const errors: unknown[][] = [];
    await withServer({ onInternalError: (...args) => errors.push(args) }, async (server, ledger) => {
      const boom = new Error("boom");
      const broken = vi.spyOn(ledger, "slot").mockImplementation(() => {
        throw boom;
      });
      try {
        expect(await rpc(server.url, "getSlot")).toEqual({ jsonrpc: "2.0", error: { code: -32603, message: "Internal error" }, id: 1 });
        expect(errors).toEqual([[boom, "getSlot"]]);
        expect((await rpc(server.url, "getHealth")).result).toBe("ok");
      } finally {
        broken.mockRestore();
      }
      expect((await rpc(server.url, "getSlot")).result).toBe(1);
    });
  });

  it("puts the websocket on port + 1 by default and on a free port of its own when port is 0", async () => {
    expect(h.server.wsPort).not.toBe(0);
    expect(h.server.wsPort).not.toBe(h.server.port);
    expect(h.server.wsUrl).toBe(`ws://127.0.0.1:${h.server.wsPort}`);
    expect(h.server.url).toBe(`http://127.0.0.1:${h.server.port}`);
    const port = await freePortPair();
    await withServer({ port }, async (server) => {
      expect(server.port).toBe(port);
      expect(server.wsPort).toBe(port + 1);
      expect(server.url).toBe(`http://127.0.0.1:${port}`);
      expect(server.wsUrl).toBe(`ws://127.0.0.1:${port + 1}`);
    });
  });
});
