// The margin account's own lifecycle beyond creation (which a first deposit does): closing it.
import type { PublicKey } from "@solana/web3.js";
import { closeAccountInstruction } from "../instructions/account.js";
import type { BroadcastResult } from "../transactions/index.js";
import { sendInstructions, type ActionContext } from "./send.js";
import { walletKey } from "./wallet.js";

export interface CloseAccountActionParams extends ActionContext {
  /** An account whose balances are all closed; its rent returns to the wallet. */
  marginfiAccount: PublicKey;
}

export function closeAccountAction(p: CloseAccountActionParams): Promise<BroadcastResult> {
  return sendInstructions(p, [
    closeAccountInstruction({ marginfiAccount: p.marginfiAccount, authority: walletKey(p.wallet), programId: p.programId }),
  ]);
}
