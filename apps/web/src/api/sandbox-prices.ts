// The local chain's price control: GET /api/sandbox/prices lists every token's oracle price and hold, POST sets one.
// Refusals (400 bad input, 403 off the local chain, 429 rate limit) come back with the server's own text.
import { Http, jsonOrNull, serverErrorText, type ErrorBody } from "./http.js";

export const SANDBOX_PRICES_PATH = "/api/sandbox/prices";

export type SandboxFeedKind = "pyth" | "switchboard";

/** A token's oracle price now (a decimal string; null before its feed's first update) and when its hold ends. */
export interface SandboxPrice {
  readonly symbol: string;
  readonly usd: string | null;
  readonly family: string;
  readonly oracles: readonly { readonly address: string; readonly kind: SandboxFeedKind }[];
  /** ISO time the random walk resumes at; null while it moves the token. */
  readonly heldUntil: string | null;
}

export interface SandboxPriceRequest {
  readonly symbol: string;
  readonly usd: number;
  readonly holdSeconds: number;
}

export type SandboxPriceReply =
  | {
      readonly success: true;
      readonly symbol: string;
      readonly usd: string;
      readonly heldUntil: string;
      readonly feeds: readonly {
        readonly symbol: string;
        readonly address: string;
        readonly kind: SandboxFeedKind;
        readonly usd: string;
      }[];
    }
  | { readonly success: false; readonly error: string };

/** Every token's price and hold; throws the server's refusal. */
export async function fetchSandboxPrices(http: Http): Promise<readonly SandboxPrice[]> {
  const response = await http.get(SANDBOX_PRICES_PATH);
  if (!response.ok) throw new Error(await serverErrorText(response));
  const body = await jsonOrNull<{ prices?: readonly SandboxPrice[] }>(response);
  if (!body || !Array.isArray(body.prices)) throw new Error("The price list could not be read");
  return body.prices;
}

/** Sets a token's price; refusals and network failures come back as `{ success: false, error }`. */
export async function setSandboxPrice(http: Http, request: SandboxPriceRequest): Promise<SandboxPriceReply> {
  let response: Response;
  try {
    response = await http.post(SANDBOX_PRICES_PATH, request);
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error) };
  }
  const body = await jsonOrNull<Partial<SandboxPriceReply> & Pick<ErrorBody, "error">>(response);
  if (!response.ok || !body || body.success !== true) {
    return { success: false, error: body?.error || `Setting the price failed: ${response.status} ${response.statusText}` };
  }
  return body as SandboxPriceReply;
}
