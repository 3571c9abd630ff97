// GET /api/lookup-tables: the addresses of the market's address lookup tables (the reference app's lutData).
import type { LookupTablesReply } from "@ballast/sdk";
import { Http } from "./http.js";

export async function fetchLookupTableAddresses(http: Http, group: string): Promise<readonly string[]> {
  const response = await http.get(`/api/lookup-tables?group=${encodeURIComponent(group)}`);
  if (!response.ok) throw new Error(`Failed to fetch lookup tables: ${response.status} ${response.statusText}`);
  return ((await response.json()) as LookupTablesReply).addresses;
}
