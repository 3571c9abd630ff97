// Where a signature or an address links: the app's own explorer pages on the local chain, else the external
// explorer /api/config names (URL templates with {signature} and {address}). Every link in the app is built here.
import type { AppConfig } from "../wire/config.js";

export type ExplorerTarget = { readonly kind: "tx"; readonly signature: string } | { readonly kind: "address"; readonly address: string };

export const transactionPath = (signature: string) => `/tx/${signature}`;
export const addressPath = (address: string) => `/address/${address}`;

export interface ExplorerLink {
  readonly href: string;
  /** True for a link leaving the app (another cluster's explorer). */
  readonly external: boolean;
}

export function explorerLink(target: ExplorerTarget, config: Pick<AppConfig, "explorer"> | undefined): ExplorerLink {
  const external = config?.explorer ?? null;
  if (target.kind === "tx") {
    return external
      ? { href: external.transactionUrl.replaceAll("{signature}", encodeURIComponent(target.signature)), external: true }
      : { href: transactionPath(target.signature), external: false };
  }
  return external
    ? { href: external.addressUrl.replaceAll("{address}", encodeURIComponent(target.address)), external: true }
    : { href: addressPath(target.address), external: false };
}
