// Signed account labels. The label, account and nonce come from the signed payload only, never from unsigned fields,
// and the payload is accepted in one of two signed forms:
//   "tx":      signedData is a base64 serialized transaction (legacy or v0), signed but not sent, holding exactly one
//              instruction of the memo program whose data is the UTF-8 JSON {"account", "label", "nonce"}; the
//              signer is the fee payer, whose signature over the transaction's message bytes is checked.
//   "message": signedData is the JSON text {"data": ..., "signature": ..., "signer": ...}: `data` is either the signed
//              text itself (a string holding the JSON {"account", "label", "nonce"}) or that object, in which case the
//              signed text is JSON.stringify(data) of the object as received; `signature` is the signer's Ed25519
//              signature (signMessage) of the UTF-8 of that text, base58 or padded base64; `signer` is base58.
// The nonce is one the server issued for that account (label-nonces.ts): a signature is good once, and not after it
// expires, so a signature someone saw cannot be posted again to bring an old label back.
import { VersionedTransaction } from "@solana/web3.js";
import { z } from "zod";
import { badRequest, unauthorized } from "../errors.js";
import { isPublicKeyAddress, publicKeyBytes, signatureBytes, SIGNATURE_LENGTH, verifyEd25519 } from "./signatures.js";

export const MEMO_PROGRAM_ID = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
export const MAX_LABEL_LENGTH = 24;

export const LABEL_ERRORS = {
  rule: `An account label needs both account and label, at most ${MAX_LABEL_LENGTH} characters`,
  controlCharacters: "An account label cannot contain control characters",
  account: "The labelled account must be a base58-encoded 32-byte address",
  notTransaction: "signedData is not a base64 serialized transaction",
  memoCount: "The transaction must hold exactly one memo instruction",
  memoText: "The memo is not UTF-8 JSON",
  notEnvelope: "signedData is not the JSON text {data, signature, signer}",
  signer: "signer must be a base58-encoded 32-byte public key",
  signatureEncoding: "signature must be a 64-byte Ed25519 signature in base58 or base64",
  invalidSignature: "Invalid signature",
  nonce: "The signed label must carry a nonce from POST /api/account-label/nonce",
} as const;

export type SigningMethod = "tx" | "message";

export interface SignedLabel {
  readonly account: string;
  readonly label: string;
  /** The server nonce the signature is bound to; `consumeLabelNonce` checks and spends it. */
  readonly nonce: string;
  /** The wallet whose signature covers account and label. */
  readonly signer: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CONTROL_CHARACTER = /\p{Cc}/u;
const NONCE = /^[0-9a-f]{32}$/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

const envelopeSchema = z.object({
  data: z.union([z.string(), z.record(z.string(), z.unknown())]),
  signature: z.string(),
  signer: z.string(),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The account, the trimmed label and the nonce of a signed payload, checked against the label rules. */
function labelOf(payload: unknown): { account: string; label: string; nonce: string } {
  const fields = payload !== null && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  const account = typeof fields.account === "string" ? fields.account.trim() : "";
  const label = typeof fields.label === "string" ? fields.label.trim() : "";
  // Characters are code points, so an emoji counts once.
  const length = [...label].length;
  if (!account || length === 0 || length > MAX_LABEL_LENGTH) throw badRequest(LABEL_ERRORS.rule);
  if (CONTROL_CHARACTER.test(label)) throw badRequest(LABEL_ERRORS.controlCharacters);
  if (!isPublicKeyAddress(account)) throw badRequest(LABEL_ERRORS.account);
  if (typeof fields.nonce !== "string" || !NONCE.test(fields.nonce)) throw badRequest(LABEL_ERRORS.nonce);
  return { account, label, nonce: fields.nonce };
}

/** Where the message starts in a serialized transaction: after the compact-u16 signature count and the signatures. */
function messageOffset(serialized: Uint8Array): number {
  let count = 0;
  let size = 0;
  for (const byte of serialized) {
    count |= (byte & 0x7f) << (7 * size);
    size += 1;
    if ((byte & 0x80) === 0) break;
  }
  return size + count * SIGNATURE_LENGTH;
}

function labelFromTransaction(signedData: string): SignedLabel {
  if (!BASE64.test(signedData)) throw badRequest(LABEL_ERRORS.notTransaction);
  const serialized = Buffer.from(signedData, "base64");
  let transaction: VersionedTransaction;
  try {
    transaction = VersionedTransaction.deserialize(serialized);
  } catch {
    throw badRequest(LABEL_ERRORS.notTransaction);
  }
  const keys = transaction.message.staticAccountKeys;
  const memos = transaction.message.compiledInstructions.filter((ix) => keys[ix.programIdIndex]?.toBase58() === MEMO_PROGRAM_ID);
  const [memoInstruction] = memos;
  if (memos.length !== 1 || !memoInstruction) throw badRequest(LABEL_ERRORS.memoCount);
  let memo: string;
  try {
    memo = strictUtf8.decode(memoInstruction.data);
  } catch {
    throw badRequest(LABEL_ERRORS.memoText);
  }
  const payload = parseJson(memo);
  if (payload === undefined) throw badRequest(LABEL_ERRORS.memoText);
  const feePayer = keys[0];
  const signature = transaction.signatures[0];
  if (!feePayer || !signature) throw badRequest(LABEL_ERRORS.notTransaction);
  // The signed bytes exactly as sent, not a re-serialization of what was decoded.
  const message = serialized.subarray(messageOffset(serialized));
  if (!verifyEd25519(message, signature, feePayer.toBytes())) throw unauthorized(LABEL_ERRORS.invalidSignature);
  return { ...labelOf(payload), signer: feePayer.toBase58() };
}

function labelFromMessage(signedData: string): SignedLabel {
  const envelope = envelopeSchema.safeParse(parseJson(signedData));
  if (!envelope.success) throw badRequest(LABEL_ERRORS.notEnvelope);
  const { data, signature, signer } = envelope.data;
  const key = publicKeyBytes(signer);
  if (!key) throw badRequest(LABEL_ERRORS.signer);
  const sig = signatureBytes(signature);
  if (!sig) throw badRequest(LABEL_ERRORS.signatureEncoding);
  const text = typeof data === "string" ? data : JSON.stringify(data);
  if (!verifyEd25519(Buffer.from(text, "utf8"), sig, key)) throw unauthorized(LABEL_ERRORS.invalidSignature);
  return { ...labelOf(typeof data === "string" ? parseJson(data) : data), signer };
}

/** The label the signer signed, once the signature is checked; who may label the account is the caller's check. */
export function verifySignedLabel(signedData: string, signingMethod: SigningMethod): SignedLabel {
  return signingMethod === "tx" ? labelFromTransaction(signedData) : labelFromMessage(signedData);
}
