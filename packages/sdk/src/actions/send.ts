// How an action's instructions reach the chain: packed into as few transactions as fit (keeping room for the
// compute budget, and for the tip when the route may bundle), then built, signed, broadcast and confirmed by
// processTransactions with the user's settings.
import type { AddressLookupTableAccount, PublicKey, Signer, TransactionInstruction } from "@solana/web3.js";
import {
  packInstructions,
  processTransactions,
  type BroadcastResult,
  type PackItem,
  type ProcessTransactionsOptions,
  type TransactionDraft,
} from "../transactions/index.js";
import { possibleRoutes, transactionSettings, type BroadcastSettings } from "./settings.js";
import { transactionWallet, walletKey, type ActionWallet } from "./wallet.js";

/** What every action needs besides its own data: where it sends, who signs and pays, and how it broadcasts. */
export interface ActionContext extends Pick<
  ProcessTransactionsOptions,
  | "connection"
  | "blockEngineUrl"
  | "serverUrl"
  | "bundleSimulationUrl"
  | "commitment"
  | "strategy"
  | "rpcMode"
  | "clock"
  | "tipAccounts"
  | "requireSimulation"
> {
  wallet: ActionWallet;
  /** The lending program. */
  programId: PublicKey;
  broadcast?: BroadcastSettings;
  /**
   * Address lookup tables the transactions may load keys from (e.g. a market's, marketLookupTableKeys): an account
   * with many positions names more keys in one health check than 1232 bytes hold without them.
   */
  lookupTables?: AddressLookupTableAccount[];
}

function signsIn(instructions: TransactionInstruction[], key: PublicKey): boolean {
  return instructions.some((ix) => ix.keys.some((meta) => meta.isSigner && meta.pubkey.equals(key)));
}

/**
 * Sends the instructions in order, each group of them in one transaction; `signers` (e.g. a new account's keypair)
 * sign the transactions naming them.
 */
export async function sendInstructions(
  context: ActionContext,
  instructions: readonly PackItem[],
  signers: Signer[] = [],
): Promise<BroadcastResult> {
  const wallet = walletKey(context.wallet);
  const method = context.broadcast?.method ?? "RPC";
  const groups = packInstructions(instructions, {
    payer: wallet,
    lookupTables: context.lookupTables,
    reserve: { computeBudget: true, tip: possibleRoutes(method, context.strategy).has("BUNDLE") },
  });
  return sendDrafts(
    context,
    groups.map((group) => ({
      instructions: group,
      signers: signers.filter((signer) => signsIn(group, signer.publicKey)),
      lookupTables: context.lookupTables,
    })),
  );
}

/** Builds, signs and sends transactions already laid out (e.g. a flash loan's, whose instructions may not move). */
export async function sendDrafts(context: ActionContext, drafts: TransactionDraft[]): Promise<BroadcastResult> {
  return processTransactions({
    connection: context.connection,
    wallet: transactionWallet(context.wallet),
    drafts,
    programs: { lendingProgramId: context.programId },
    settings: await transactionSettings(context.broadcast, context.serverUrl, context.strategy),
    strategy: context.strategy,
    blockEngineUrl: context.blockEngineUrl,
    serverUrl: context.serverUrl,
    bundleSimulationUrl: context.bundleSimulationUrl,
    commitment: context.commitment,
    rpcMode: context.rpcMode,
    clock: context.clock,
    tipAccounts: context.tipAccounts,
    requireSimulation: context.requireSimulation,
  });
}
