// The local chain's explorer (GET /api/explorer/tx/:signature, /api/explorer/address/:address): the server decodes,
// the pages render.
import type { ExplorerAccount, ExplorerTransaction } from "@ballast/sdk";
import { Http, serverErrorText } from "./http.js";

export type { ExplorerAccount, ExplorerTransaction } from "@ballast/sdk";

/** A refused or failed call; `status` is the HTTP status (400 bad input, 404 not on the chain, 503 chain down). */
export class ExplorerFetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ExplorerFetchError";
  }
}

async function read<T>(http: Http, path: string): Promise<T> {
  const response = await http.get(path);
  if (!response.ok) throw new ExplorerFetchError(await serverErrorText(response), response.status);
  return (await response.json()) as T;
}

export const fetchExplorerTransaction = (http: Http, signature: string) =>
  read<ExplorerTransaction>(http, `/api/explorer/tx/${encodeURIComponent(signature)}`);

export const fetchExplorerAccount = (http: Http, address: string) =>
  read<ExplorerAccount>(http, `/api/explorer/address/${encodeURIComponent(address)}`);
