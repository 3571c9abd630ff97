// Priority fees and bundle tips: the SDK's client of /api/priority-fees/{rpc,bundle}, which falls back to the built-in
// tiers on "Priority fee API responded with status: {n}" or "Invalid priority fee response format" (spec §8).
import { fetchPriorityFees, type FeeSource, type PriorityFeesResult } from "@ballast/sdk";
import { Http } from "./http.js";

export function fetchFees(http: Http, source: FeeSource): Promise<PriorityFeesResult> {
  return fetchPriorityFees(http.baseUrl, source);
}
