// A plain swap from the wallet's tokens on the swap venue (or Jupiter's, by the client's base URL): quote an exact
// input, take the route's instructions and send them in one transaction with the route's lookup tables. Used where a
// wallet is left holding a token it does not want, e.g. collateral a market liquidation redeemed.
import type { SwapClient, SwapQuote } from "../swap/client.js";
import type { BroadcastResult } from "../transactions/index.js";
import { withLookupTables } from "./lookup-tables.js";
import { sendDrafts, type ActionContext } from "./send.js";
import { walletKey } from "./wallet.js";

export interface WalletSwapParams extends ActionContext {
  readonly swap: SwapClient;
  readonly inputMint: string;
  readonly outputMint: string;
  /** Native units of the input sold. */
  readonly amount: bigint;
  readonly slippageBps: number;
}

export interface WalletSwapResult extends BroadcastResult {
  readonly quote: SwapQuote;
}

export async function walletSwapAction(p: WalletSwapParams): Promise<WalletSwapResult> {
  const quote = await p.swap.quote({ inputMint: p.inputMint, outputMint: p.outputMint, amount: p.amount, slippageBps: p.slippageBps });
  const route = await p.swap.instructions({ quote, user: walletKey(p.wallet), wrapAndUnwrapSol: true });
  const lookupTables = await withLookupTables(p.connection, p.lookupTables ?? [], route.lookupTableAddresses);
  const result = await sendDrafts(p, [{ instructions: [...route.setup, route.swap, ...route.cleanup], lookupTables }]);
  return { ...result, quote };
}
