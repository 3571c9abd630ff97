// Labelling an account (spec §5, §7): at most 24 characters, signed by the wallet as a message and sent to
// /api/account-label/add. The signed text is the JSON {account, label, nonce}, the nonce fresh from the server for
// this label alone (so the signature cannot be replayed later); the envelope carries the text as a string so the
// server verifies exactly the bytes the wallet signed.
import type { SignedLabelPayload } from "@ballast/sdk";
import bs58 from "bs58";
import { fetchLabelNonce, MAX_LABEL_LENGTH, submitAccountLabel, type Http } from "../../api/index.js";

/** What the form tells the user to fix (the server's rule text names API fields, not what to type). */
export const LABEL_LENGTH_MESSAGE = `Enter a label of 1 to ${MAX_LABEL_LENGTH} characters`;
const LABEL_CONTROL_MESSAGE = "A label cannot contain control characters such as tabs or line breaks";

const CONTROL_CHARACTER = /\p{Cc}/u;

/** Null when the label may be sent; else what to fix. Characters are code points, as the server counts them. */
export function labelError(label: string): string | null {
  const trimmed = label.trim();
  const length = [...trimmed].length;
  if (length === 0 || length > MAX_LABEL_LENGTH) return LABEL_LENGTH_MESSAGE;
  return CONTROL_CHARACTER.test(trimmed) ? LABEL_CONTROL_MESSAGE : null;
}

/** The exact text the wallet signs. */
export function labelMessage(account: string, label: string, nonce: string): string {
  return JSON.stringify({ account, label: label.trim(), nonce } satisfies SignedLabelPayload);
}

/** The "message" form of signedData: {data, signature (base58), signer}. */
export function signedLabelData(message: string, signature: Uint8Array, signer: string): string {
  return JSON.stringify({ data: message, signature: bs58.encode(signature), signer });
}

/** Signs and sends a label for `account`; `sign` is the wallet's signMessage. */
export async function labelAccount(
  http: Http,
  account: string,
  label: string,
  signer: string,
  sign: (message: Uint8Array) => Promise<Uint8Array>,
): Promise<void> {
  const invalid = labelError(label);
  if (invalid) throw new Error(invalid);
  const { nonce } = await fetchLabelNonce(http, account);
  const message = labelMessage(account, label, nonce);
  const signature = await sign(new TextEncoder().encode(message));
  await submitAccountLabel(http, signedLabelData(message, signature, signer));
}
