// Account labels (spec §7): reads log and answer empty on failure (spec §8); the signed write is the label form's
// (features/accounts/account-label.ts).
import type {
  AccountLabelsQuery,
  AccountLabelsReply,
  AddAccountLabelReply,
  AddAccountLabelRequest,
  LabelNonceReply,
  LabelNonceRequest,
} from "@ballast/sdk";
import { Http, serverErrorText } from "./http.js";

/** At most this many characters in a label (spec §5). */
export const MAX_LABEL_LENGTH = 24;

/** Labels of the wallet's accounts, keyed by account address. */
export async function fetchAccountLabels(http: Http, wallet: string): Promise<Record<string, string>> {
  try {
    const response = await http.get("/api/account-label/get", { wallet_address: wallet } satisfies AccountLabelsQuery);
    if (!response.ok) throw new Error(`Failed to fetch account labels: ${await serverErrorText(response)}`);
    return ((await response.json()) as AccountLabelsReply).data;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return {};
  }
}

/** A one-time nonce to sign the account's next label with; throws the server's error text when it refuses. */
export async function fetchLabelNonce(http: Http, account: string): Promise<LabelNonceReply> {
  const response = await http.post("/api/account-label/nonce", { account } satisfies LabelNonceRequest);
  if (!response.ok) throw new Error(await serverErrorText(response));
  return (await response.json()) as LabelNonceReply;
}

/** Sends a label signed as a message ({data, signature, signer}); throws the server's error text when it refuses. */
export async function submitAccountLabel(http: Http, signedData: string): Promise<void> {
  const response = await http.post("/api/account-label/add", { signedData, signingMethod: "message" } satisfies AddAccountLabelRequest);
  if (!response.ok) throw new Error(await serverErrorText(response));
  const body = (await response.json()) as Partial<AddAccountLabelReply>;
  if (body.success !== true) throw new Error("Failed to add account label");
}
