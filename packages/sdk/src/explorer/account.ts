// An account as the explorer shows it: owner (and the owner program's name), lamports in SOL, executable, data size,
// the data decoded by its owner's layout, and its recent transactions.
import type { AccountInfo, ConfirmedSignatureInfo } from "@solana/web3.js";
import type { AccountDataDecoder, DecodedAccountData } from "./accounts.js";
import type { ExplorerProgram } from "./instructions.js";
import { uiAmountText } from "./transaction.js";

/** Data bytes shown in hex for an account no layout reads. */
export const RAW_DATA_PREVIEW_BYTES = 512;

export interface ExplorerSignature {
  readonly signature: string;
  readonly slot: number;
  readonly blockTime: string | null;
  readonly success: boolean;
}

export interface ExplorerAccount {
  readonly address: string;
  /** False for an address that holds no account (it may still have transactions). */
  readonly exists: boolean;
  readonly owner: string | null;
  /** The owner program's name when the chain runs it. */
  readonly ownerProgram: string | null;
  /** Lamports as a decimal string, and the same in SOL. */
  readonly lamports: string;
  readonly sol: string;
  readonly executable: boolean;
  readonly dataSize: number;
  /** The address is a program the chain runs: its name. */
  readonly program: string | null;
  readonly decoded: DecodedAccountData | null;
  /** The first RAW_DATA_PREVIEW_BYTES of data no layout reads, in hex; null when decoded or empty. */
  readonly rawData: string | null;
  readonly recentTransactions: readonly ExplorerSignature[];
}

export interface ExplorerAccountContext {
  readonly programs: ReadonlyMap<string, ExplorerProgram>;
  readonly decodeData: AccountDataDecoder;
}

const SOL_DECIMALS = 9;

export function explorerAccount(
  address: string,
  info: AccountInfo<Buffer> | null,
  signatures: readonly ConfirmedSignatureInfo[],
  context: ExplorerAccountContext,
): ExplorerAccount {
  const owner = info ? info.owner.toBase58() : null;
  const data = info?.data ?? Buffer.alloc(0);
  const decoded = owner && data.length > 0 ? context.decodeData(owner, data) : null;
  const lamports = BigInt(info?.lamports ?? 0);
  return {
    address,
    exists: info !== null,
    owner,
    ownerProgram: owner ? (context.programs.get(owner)?.name ?? null) : null,
    lamports: lamports.toString(),
    sol: uiAmountText(lamports, SOL_DECIMALS),
    executable: info?.executable ?? false,
    dataSize: data.length,
    program: context.programs.get(address)?.name ?? null,
    decoded,
    rawData: decoded || data.length === 0 ? null : data.subarray(0, RAW_DATA_PREVIEW_BYTES).toString("hex"),
    recentTransactions: signatures.map((s) => ({
      signature: s.signature,
      slot: s.slot,
      blockTime: s.blockTime === null || s.blockTime === undefined ? null : new Date(s.blockTime * 1000).toISOString(),
      success: s.err === null,
    })),
  };
}
