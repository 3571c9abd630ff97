// The local chain's price control: GET /api/sandbox/prices lists every token's oracle price and hold, POST sets one.
// Refusals (400 bad input, 403 off the local chain, 429 rate limit) come back with the server's own text.
import type { SandboxPrice, SandboxPriceReply, SandboxPriceRequest, SandboxPricesReply } from "@ballast/sdk";
import { Http, jsonOrNull, serverErrorText, type ErrorBody } from "./http.js";

export type { SandboxFeedKind, SandboxPrice, SandboxPriceReply, SandboxPriceRequest } from "@ballast/sdk";

export const SANDBOX_PRICES_PATH = "/api/sandbox/prices";

/** Every token's price and hold; throws the server's refusal. */
export async function fetchSandboxPrices(http: Http): Promise<readonly SandboxPrice[]> {
  const response = await http.get(SANDBOX_PRICES_PATH);
  if (!response.ok) throw new Error(await serverErrorText(response));
  const body = await jsonOrNull<Partial<SandboxPricesReply>>(response);
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
