// POST /api/faucet: test SOL and tokens for a wallet on the local chain. Refusals (403 off the local chain, 429 rate
// limit) come back as { success: false, error } with the server's own text.
import type { FaucetReply, FaucetRequest } from "@ballast/sdk";
import { Http, jsonOrNull, type ErrorBody } from "./http.js";

export type { FaucetGrant, FaucetReply } from "@ballast/sdk";

export async function requestFaucet(http: Http, wallet: string): Promise<FaucetReply> {
  let response: Response;
  try {
    response = await http.post("/api/faucet", { wallet } satisfies FaucetRequest);
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error) };
  }
  const body = await jsonOrNull<Partial<FaucetReply> & Pick<ErrorBody, "error">>(response);
  if (!response.ok || !body || body.success !== true) {
    return { success: false, error: body?.error || `Faucet request failed: ${response.status} ${response.statusText}` };
  }
  return body as FaucetReply;
}
