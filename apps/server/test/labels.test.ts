// Account labels on both databases, against real margin accounts on the ledger: labels signed as memo transactions
// (legacy and v0) and as messages, with a one-time server nonce, are stored from the signed payload; another
// wallet's, an over-long, a tampered, an unknown account's, a replayed or an expired label is refused and stores
// nothing.
import { createPrivateKey, sign } from "node:crypto";
import { Keypair, MessageV0, PublicKey, SystemProgram, Transaction, TransactionInstruction, VersionedTransaction } from "@solana/web3.js";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestUser } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, startTestServer } from "./support/server.js";

const MEMO_PROGRAM = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const RULE = "An account label needs both account and label, at most 24 characters";
/** A well-formed nonce the server never issued, for refusals decided before the nonce is looked at. */
const UNISSUED = "0".repeat(32);

/** signMessage as a wallet does it: Ed25519 over the UTF-8 text, with the keypair's seed. */
function signText(signer: Keypair, text: string): Buffer {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, signer.secretKey.subarray(0, 32)]),
    format: "der",
    type: "pkcs8",
  });
  return sign(null, Buffer.from(text, "utf8"), key);
}

function memo(payload: unknown): TransactionInstruction {
  return new TransactionInstruction({
    programId: MEMO_PROGRAM,
    keys: [],
    data: Buffer.from(typeof payload === "string" ? payload : JSON.stringify(payload)),
  });
}

/** A base64 legacy transaction signed by (and paid by) `signer`, never sent. */
function legacyTx(signer: Keypair, instructions: TransactionInstruction[], blockhash: string): string {
  const tx = new Transaction({ feePayer: signer.publicKey, recentBlockhash: blockhash }).add(...instructions);
  tx.sign(signer);
  return tx.serialize().toString("base64");
}

function v0Tx(signer: Keypair, instructions: TransactionInstruction[], blockhash: string): string {
  const tx = new VersionedTransaction(MessageV0.compile({ payerKey: signer.publicKey, instructions, recentBlockhash: blockhash }));
  tx.sign([signer]);
  return Buffer.from(tx.serialize()).toString("base64");
}

function signedMessage(
  signer: Keypair,
  payload: { account: string; label: string; nonce?: string },
  encoding: "base58" | "base64" = "base58",
): string {
  const text = JSON.stringify(payload);
  const signature = signText(signer, text);
  return JSON.stringify({
    data: text,
    signature: encoding === "base58" ? bs58.encode(signature) : signature.toString("base64"),
    signer: signer.publicKey.toBase58(),
  });
}

let market: TestMarket;
let owner: TestUser;
let stranger: TestUser;
let blockhash: string;
beforeAll(async () => {
  market = await TestMarket.start();
  owner = await market.newUser();
  stranger = await market.newUser();
  blockhash = (await market.connection.getLatestBlockhash()).blockhash;
});
afterAll(async () => {
  await market.close();
});

describe.each(DIALECTS)("account labels on %s", (dialect) => {
  const start = 1_750_000_000;
  let clock = start;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(market, { dialect, now: () => clock });
  });
  afterAll(async () => {
    await server.close();
  });

  const add = (signedData: string, signingMethod: "tx" | "message") =>
    api(server, "POST", "/api/account-label/add", { signedData, signingMethod });
  const labelsOf = async (wallet: PublicKey) => {
    const { status, body } = await api(server, "GET", `/api/account-label/get?wallet_address=${wallet.toBase58()}`);
    expect(status).toBe(200);
    return body.data;
  };
  const nonceFor = async (account: string): Promise<string> => {
    const { status, body } = await api(server, "POST", "/api/account-label/nonce", { account });
    expect(status).toBe(200);
    expect(body).toEqual({ nonce: expect.stringMatching(/^[0-9a-f]{32}$/), expiresAt: clock + 300 });
    return body.nonce;
  };
  const storedRows = () => server.context.db.selectFrom("account_labels").selectAll().orderBy("account").execute();

  it("answers an empty map for a wallet without labels", async () => {
    expect(await labelsOf(owner.wallet.publicKey)).toEqual({});
  });

  it("labels an account from a signed legacy memo transaction, trimmed, and upserts from a v0 one", async () => {
    const account = owner.account.toBase58();
    const legacy = await add(
      legacyTx(owner.wallet, [memo({ account, label: "  Main vault ", nonce: await nonceFor(account) })], blockhash),
      "tx",
    );
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual({ success: true, account, label: "Main vault" });
    expect(await labelsOf(owner.wallet.publicKey)).toEqual({ [account]: "Main vault" });

    const versioned = await add(v0Tx(owner.wallet, [memo({ account, label: "Savings", nonce: await nonceFor(account) })], blockhash), "tx");
    expect(versioned.body).toEqual({ success: true, account, label: "Savings" });
    expect(await storedRows()).toEqual([{ account, authority: owner.wallet.publicKey.toBase58(), label: "Savings", updated_at: clock }]);
  });

  it("labels an account from a signed message, given as signed text or as the object", async () => {
    const account = owner.account.toBase58();
    const asText = await add(signedMessage(owner.wallet, { account, label: "Trading", nonce: await nonceFor(account) }), "message");
    expect(asText.status).toBe(200);
    expect(asText.body).toEqual({ success: true, account, label: "Trading" });
    expect(await labelsOf(owner.wallet.publicKey)).toEqual({ [account]: "Trading" });

    const payload = { account, label: "🏦".repeat(24), nonce: await nonceFor(account) };
    const asObject = JSON.stringify({
      data: payload,
      signature: signText(owner.wallet, JSON.stringify(payload)).toString("base64"),
      signer: owner.wallet.publicKey.toBase58(),
    });
    expect((await add(asObject, "message")).body).toEqual({ success: true, account, label: payload.label });

    const strangerAccount = stranger.account.toBase58();
    const other = { account: strangerAccount, label: "Other", nonce: await nonceFor(strangerAccount) };
    expect((await add(signedMessage(stranger.wallet, other, "base64"), "message")).status).toBe(200);
    expect(await labelsOf(owner.wallet.publicKey)).toEqual({ [account]: payload.label });
    expect(await labelsOf(stranger.wallet.publicKey)).toEqual({ [strangerAccount]: "Other" });
  });

  it("refuses a correctly signed label from a wallet that is not the account's authority, storing nothing", async () => {
    const before = await storedRows();
    const account = owner.account.toBase58();
    const forbidden = { success: false, error: "Only the account's authority can label it" };
    const nonce = await nonceFor(account);
    const byTx = await add(legacyTx(stranger.wallet, [memo({ account, label: "Mine now", nonce })], blockhash), "tx");
    expect(byTx.status).toBe(403);
    expect(byTx.body).toEqual(forbidden);
    const byMessage = await add(signedMessage(stranger.wallet, { account, label: "Mine now", nonce }), "message");
    expect(byMessage.status).toBe(403);
    expect(byMessage.body).toEqual(forbidden);
    expect(await storedRows()).toEqual(before);
  });

  it("refuses labels longer than 24 characters, blank ones and ones without an account", async () => {
    const before = await storedRows();
    const account = owner.account.toBase58();
    const payloads: unknown[] = [
      { account, label: "x".repeat(25) },
      { account, label: "   " },
      { account },
      { label: "Name" },
      { account: "", label: "Name" },
    ];
    for (const payload of payloads) {
      const byTx = await add(legacyTx(owner.wallet, [memo(payload)], blockhash), "tx");
      expect(byTx.status).toBe(400);
      expect(byTx.body).toEqual({ success: false, error: RULE });
    }
    const byMessage = await add(signedMessage(owner.wallet, { account, label: "y".repeat(25) }), "message");
    expect(byMessage).toMatchObject({ status: 400, body: { success: false, error: RULE } });
    const control = await add(signedMessage(owner.wallet, { account, label: "a\u0007b" }), "message");
    expect(control).toMatchObject({ status: 400, body: { error: "An account label cannot contain control characters" } });
    const badAccount = await add(signedMessage(owner.wallet, { account: "not-an-address", label: "Name" }), "message");
    expect(badAccount).toMatchObject({ status: 400, body: { error: "The labelled account must be a base58-encoded 32-byte address" } });
    expect(await storedRows()).toEqual(before);
  });

  it("refuses tampered signatures and payloads with 401", async () => {
    const before = await storedRows();
    const account = owner.account.toBase58();
    const invalid = { success: false, error: "Invalid signature" };

    const tx = Buffer.from(legacyTx(owner.wallet, [memo({ account, label: "Tampered" })], blockhash), "base64");
    const badSignature = Buffer.from(tx);
    badSignature[1 + 10]! ^= 0x01;
    expect(await add(badSignature.toString("base64"), "tx")).toMatchObject({ status: 401, body: invalid });
    // The memo text is the transaction's last bytes: change its label after signing.
    const badMemo = Buffer.from(tx.toString("latin1").replace("Tampered", "Tampere!"), "latin1");
    expect(badMemo.equals(tx)).toBe(false);
    expect(await add(badMemo.toString("base64"), "tx")).toMatchObject({ status: 401, body: invalid });

    const unsigned = new Transaction({ feePayer: owner.wallet.publicKey, recentBlockhash: blockhash }).add(
      memo({ account, label: "Unsigned" }),
    );
    const unsignedData = unsigned.serialize({ requireAllSignatures: false, verifySignatures: false }).toString("base64");
    expect(await add(unsignedData, "tx")).toMatchObject({ status: 401, body: invalid });

    const envelope = JSON.parse(signedMessage(owner.wallet, { account, label: "Tampered" }));
    const alteredText = JSON.stringify({ ...envelope, data: envelope.data.replace("Tampered", "Tampere!") });
    expect(await add(alteredText, "message")).toMatchObject({ status: 401, body: invalid });
    const signature = bs58.decode(envelope.signature);
    signature[5]! ^= 0x80;
    expect(await add(JSON.stringify({ ...envelope, signature: bs58.encode(signature) }), "message")).toMatchObject({
      status: 401,
      body: invalid,
    });
    const otherSigner = JSON.stringify({ ...envelope, signer: stranger.wallet.publicKey.toBase58() });
    expect(await add(otherSigner, "message")).toMatchObject({ status: 401, body: invalid });
    expect(await storedRows()).toEqual(before);
  });

  it("answers 404 for an address that holds no margin account", async () => {
    const missing = Keypair.generate().publicKey.toBase58();
    const notFound = { success: false, error: "Account not found" };
    expect(await add(signedMessage(owner.wallet, { account: missing, label: "Ghost", nonce: UNISSUED }), "message")).toMatchObject({
      status: 404,
      body: notFound,
    });
    // The wallet itself exists on chain, but as a system account.
    const wallet = owner.wallet.publicKey.toBase58();
    expect(await add(legacyTx(owner.wallet, [memo({ account: wallet, label: "Wallet", nonce: UNISSUED })], blockhash), "tx")).toMatchObject(
      {
        status: 404,
        body: notFound,
      },
    );
  });

  it("refuses a replayed label after a rename, in both forms, and the renamed label stays", async () => {
    const account = owner.account.toBase58();
    const oldByMessage = signedMessage(owner.wallet, { account, label: "Old name", nonce: await nonceFor(account) });
    expect((await add(oldByMessage, "message")).body).toEqual({ success: true, account, label: "Old name" });
    const oldByTx = legacyTx(owner.wallet, [memo({ account, label: "Older name", nonce: await nonceFor(account) })], blockhash);
    expect((await add(oldByTx, "tx")).body).toEqual({ success: true, account, label: "Older name" });
    const renamed = signedMessage(owner.wallet, { account, label: "New name", nonce: await nonceFor(account) });
    expect((await add(renamed, "message")).body).toEqual({ success: true, account, label: "New name" });

    const used = { success: false, error: "This label signature was already used; sign the label again" };
    expect(await add(oldByMessage, "message")).toMatchObject({ status: 401, body: used });
    expect(await add(oldByTx, "tx")).toMatchObject({ status: 401, body: used });
    expect(await add(renamed, "message")).toMatchObject({ status: 401, body: used });
    expect(await labelsOf(owner.wallet.publicKey)).toEqual({ [account]: "New name" });
  });

  it("refuses a label without a nonce, with another account's nonce, an unissued one or an expired one", async () => {
    const account = owner.account.toBase58();
    const before = await storedRows();
    expect(await add(signedMessage(owner.wallet, { account, label: "No nonce" }), "message")).toMatchObject({
      status: 400,
      body: { success: false, error: "The signed label must carry a nonce from POST /api/account-label/nonce" },
    });
    const notIssued = { success: false, error: "The label's nonce was not issued by this server for this account; sign the label again" };
    const strangers = await nonceFor(stranger.account.toBase58());
    expect(await add(signedMessage(owner.wallet, { account, label: "Borrowed", nonce: strangers }), "message")).toMatchObject({
      status: 401,
      body: notIssued,
    });
    expect(await add(signedMessage(owner.wallet, { account, label: "Invented", nonce: UNISSUED }), "message")).toMatchObject({
      status: 401,
      body: notIssued,
    });

    const late = signedMessage(owner.wallet, { account, label: "Too late", nonce: await nonceFor(account) });
    clock += 300;
    try {
      expect(await add(late, "message")).toMatchObject({
        status: 401,
        body: { success: false, error: "This label signature has expired; sign the label again" },
      });
    } finally {
      clock = start;
    }
    expect(await storedRows()).toEqual(before);
    const badAccount = await api(server, "POST", "/api/account-label/nonce", { account: "xyz" });
    expect(badAccount).toMatchObject({ status: 400, body: { error: "Invalid body.account: must be a base58-encoded 32-byte public key" } });
  });

  it("answers 400 for signed data that is not of the named form", async () => {
    const account = owner.account.toBase58();
    const cases: [string, "tx" | "message", string][] = [
      ["%%%not base64", "tx", "signedData is not a base64 serialized transaction"],
      [Buffer.from("hello").toString("base64"), "tx", "signedData is not a base64 serialized transaction"],
      [
        legacyTx(
          owner.wallet,
          [SystemProgram.transfer({ fromPubkey: owner.wallet.publicKey, toPubkey: stranger.wallet.publicKey, lamports: 1 })],
          blockhash,
        ),
        "tx",
        "The transaction must hold exactly one memo instruction",
      ],
      [
        legacyTx(owner.wallet, [memo({ account, label: "A" }), memo({ account, label: "B" })], blockhash),
        "tx",
        "The transaction must hold exactly one memo instruction",
      ],
      [legacyTx(owner.wallet, [memo("not json")], blockhash), "tx", "The memo is not UTF-8 JSON"],
      [signedMessage(owner.wallet, { account, label: "A" }), "tx", "signedData is not a base64 serialized transaction"],
      ["{not json", "message", "signedData is not the JSON text {data, signature, signer}"],
      [
        JSON.stringify({ data: "x", signer: owner.wallet.publicKey.toBase58() }),
        "message",
        "signedData is not the JSON text {data, signature, signer}",
      ],
      [
        JSON.stringify({ data: "x", signature: "abc", signer: owner.wallet.publicKey.toBase58() }),
        "message",
        "signature must be a 64-byte Ed25519 signature in base58 or base64",
      ],
      [
        JSON.stringify({ data: "x", signature: bs58.encode(Buffer.alloc(64, 1)), signer: "nobody" }),
        "message",
        "signer must be a base58-encoded 32-byte public key",
      ],
    ];
    for (const [signedData, method, error] of cases) {
      const reply = await add(signedData, method);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ success: false, error });
    }
    const badMethod = await api(server, "POST", "/api/account-label/add", { signedData: "x", signingMethod: "memo" });
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.field).toBe("body.signingMethod");
    const badWallet = await api(server, "GET", "/api/account-label/get?wallet_address=xyz");
    expect(badWallet.status).toBe(400);
    expect(badWallet.body.error).toBe("Invalid query.wallet_address: must be a base58-encoded 32-byte public key");
  });
});
