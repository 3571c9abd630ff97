// Labelling an account (spec §5, §7): at most 24 characters, signed by the wallet as a message and sent to
// /api/account-label/add. The signed text is the JSON {account, label}; the envelope carries it as a string so the
// server verifies exactly the bytes the wallet signed.
import bs58 from "bs58";
import { MAX_LABEL_LENGTH, serverErrorText, type Http } from "../../api/index.js";

/** The server's own wording of the rule, so the form and the server refuse with the same text. */
export const LABEL_RULE_MESSAGE = `An account label needs both account and label, at most ${MAX_LABEL_LENGTH} characters`;

/** Null when the label may be sent; else why not. Characters are code points, as the server counts them. */
export function labelError(label: string): string | null {
  const length = [...label.trim()].length;
  return length === 0 || length > MAX_LABEL_LENGTH ? LABEL_RULE_MESSAGE : null;
}

/** The exact text the wallet signs. */
export function labelMessage(account: string, label: string): string {
  return JSON.stringify({ account, label: label.trim() });
}

/** The "message" form of signedData: {data, signature (base58), signer}. */
export function signedLabelData(message: string, signature: Uint8Array, signer: string): string {
  return JSON.stringify({ data: message, signature: bs58.encode(signature), signer });
}

/** Sends a signed label; throws the server's error text when it refuses. */
export async function submitAccountLabel(http: Http, signedData: string): Promise<void> {
  const response = await http.post("/api/account-label/add", { signedData, signingMethod: "message" });
  if (!response.ok) throw new Error(await serverErrorText(response));
  const body = (await response.json()) as { success?: boolean };
  if (body.success !== true) throw new Error("Failed to add account label");
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
  const message = labelMessage(account, label);
  const signature = await sign(new TextEncoder().encode(message));
  await submitAccountLabel(http, signedLabelData(message, signature, signer));
}
