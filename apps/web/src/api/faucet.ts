// POST /api/faucet: test SOL and tokens for a wallet on the local chain. Refusals (403 off the local chain, 429 rate
// limit) come back as { success: false, error } with the server's own text.
import { Http, jsonOrNull } from "./http.js";

export interface FaucetGrant {
  readonly mint: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Native units, as a decimal string. */
  readonly amount: string;
}

export type FaucetReply =
  | { readonly success: true; readonly signature: string; readonly lamports: string; readonly tokens: readonly FaucetGrant[] }
  | { readonly success: false; readonly error: string };

export async function requestFaucet(http: Http, wallet: string): Promise<FaucetReply> {
  let response: Response;
  try {
    response = await http.post("/api/faucet", { wallet });
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error) };
  }
  const body = await jsonOrNull<Partial<FaucetReply> & { error?: string }>(response);
  if (!response.ok || !body || body.success !== true) {
    return { success: false, error: body?.error || `Faucet request failed: ${response.status} ${response.statusText}` };
  }
  return body as FaucetReply;
}
