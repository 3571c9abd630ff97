// The price control the server exposes at /api/sandbox/prices: on the local chain the launcher injects the sandbox's
// price walk (it holds the feeds' authority); elsewhere there is none and the routes refuse, as the faucet does.
import type { SandboxPrice, SandboxPriceSet } from "@ballast/sdk";

export interface PriceControl {
  /** Every token's price, feed(s) and hold. */
  prices(): Promise<readonly SandboxPrice[]>;
  /**
   * Sets a token's price now and holds it for `holdSeconds` (the control's default when absent) before the walk
   * resumes. Resolves once the update landed, or with the reason bad input was refused (nothing changed); rejects when
   * the update could not land.
   */
  setPrice(symbol: string, usd: number, holdSeconds?: number): Promise<{ readonly set: SandboxPriceSet } | { readonly refused: string }>;
}
