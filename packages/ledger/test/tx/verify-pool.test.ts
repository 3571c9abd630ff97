// The worker pool answers exactly what verifying inline answers, per transaction and in order, whether a turn's
// transactions are verified inline (a couple), sent to one worker (a handful) or split over the workers (many),
// each worker's share packed into one buffer.
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { verifyTransactionSignatures, type SignedMessage } from "../../src/tx/verify.js";
import { SignatureVerifierPool } from "../../src/tx/verify-pool.js";

const pool = new SignatureVerifierPool(2);
afterAll(() => pool.close());

interface Signer {
  raw: Buffer;
  key: KeyObject;
}

function signer(): Signer {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  // The raw key is the last 32 bytes of its SubjectPublicKeyInfo.
  return { raw: publicKey.export({ format: "der", type: "spki" }).subarray(12), key: privateKey };
}

const signers = Array.from({ length: 3 }, signer);

/** A message signed by the first `count` signers, its parts views into one larger buffer as decoded wires are. */
function signed(index: number, count: number): SignedMessage {
  const body = Buffer.from(`transaction ${index} `.repeat(1 + (index % 7)));
  const parts = signers.slice(0, count);
  const wire = Buffer.concat([Buffer.from([index % 256]), ...parts.map((s) => sign(null, body, s.key)), ...parts.map((s) => s.raw), body]);
  const signatures = parts.map((_, i) => wire.subarray(1 + 64 * i, 65 + 64 * i));
  const keysAt = 1 + 64 * count;
  return {
    message: wire.subarray(keysAt + 32 * count),
    signatures,
    signerKeys: parts.map((_, i) => wire.subarray(keysAt + 32 * i, keysAt + 32 * (i + 1))),
  };
}

const flipped = (bytes: Uint8Array): Buffer => {
  const copy = Buffer.from(bytes);
  copy[copy.length - 1]! ^= 1;
  return copy;
};

/** Every kind of transaction the pool sees, each with the answer it must get. */
function mixed(count: number): { tx: SignedMessage; ok: boolean }[] {
  return Array.from({ length: count }, (_, i) => {
    const tx = signed(i, 1 + (i % 3));
    switch (i % 6) {
      case 1:
        return { tx: { ...tx, signatures: [flipped(tx.signatures[0]!), ...tx.signatures.slice(1)] }, ok: false };
      case 3:
        return { tx: { ...tx, message: flipped(tx.message) }, ok: false };
      case 4:
        // Not a point on the curve: no signature verifies against it.
        return { tx: { ...tx, signerKeys: [Buffer.alloc(32, 0xff), ...tx.signerKeys.slice(1)] }, ok: false };
      case 5:
        return { tx: { ...tx, signerKeys: tx.signerKeys.slice(0, tx.signatures.length - 1) }, ok: false };
      default:
        return { tx, ok: true };
    }
  });
}

it.each([
  ["inline", 2],
  ["on one worker", 12],
  ["split over both workers", 90],
])("verifies a turn of transactions %s, each answered in order as inline verification answers it", async (_how, count) => {
  const cases = mixed(count);
  const answers = await Promise.all(cases.map(({ tx }) => pool.verify(tx)));
  expect(answers).toEqual(cases.map(({ ok }) => ok));
  expect(answers).toEqual(cases.map(({ tx }) => verifyTransactionSignatures(tx)));
});

it("keeps turns apart: a later turn's answers are its own", async () => {
  const first = mixed(40);
  const firstAnswers = Promise.all(first.map(({ tx }) => pool.verify(tx)));
  await new Promise((resolve) => setImmediate(resolve));
  const second = mixed(41).slice(1);
  const answers = await Promise.all([firstAnswers, Promise.all(second.map(({ tx }) => pool.verify(tx)))]);
  expect(answers).toEqual([first.map(({ ok }) => ok), second.map(({ ok }) => ok)]);
});
