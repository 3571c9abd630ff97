// A wallet's balances in the spec's shape: native SOL and, per requested mint, its associated token account.
import { getAssociatedTokenAddressSync, unpackAccount } from "@solana/spl-token";
import { LAMPORTS_PER_SOL, PublicKey, type Connection } from "@solana/web3.js";
import type { WalletFunds } from "../math/max-amounts.js";
import { nativeToUi } from "../math/units.js";
import { fetchAccounts } from "./accounts-rpc.js";

export interface WalletToken {
  readonly mint: string;
  readonly decimals: number;
  /** The mint's token program (SPL Token or Token-2022). */
  readonly tokenProgram: string;
}

export interface TokenBalance {
  readonly mint: string;
  /** Native units, as a decimal integer string (exact in JSON). */
  readonly balance: string;
  readonly uiBalance: number;
  readonly decimals: number;
  /** Whether the associated token account exists. */
  readonly isCreated: boolean;
  readonly tokenProgram: string;
}

export interface WalletBalances {
  /** In SOL. */
  readonly nativeSolBalance: number;
  readonly ataList: TokenBalance[];
}

export async function fetchWalletBalances(connection: Connection, owner: string, tokens: readonly WalletToken[]): Promise<WalletBalances> {
  const ownerKey = new PublicKey(owner);
  const atas = tokens.map((token) => {
    const tokenProgram = new PublicKey(token.tokenProgram);
    return { token, tokenProgram, address: getAssociatedTokenAddressSync(new PublicKey(token.mint), ownerKey, true, tokenProgram) };
  });
  const [ownerAccount, ...ataAccounts] = await fetchAccounts(connection, [owner, ...atas.map((a) => a.address.toBase58())]);
  const infoByAta = new Map(ataAccounts.map((a) => [a.address, a.info]));
  const ataList = atas.map(({ token: t, tokenProgram, address }): TokenBalance => {
    const info = infoByAta.get(address.toBase58()) ?? null;
    const amount = info === null ? 0n : unpackAccount(address, info, tokenProgram).amount;
    return {
      mint: t.mint,
      balance: amount.toString(),
      uiBalance: nativeToUi(amount, t.decimals),
      decimals: t.decimals,
      isCreated: info !== null,
      tokenProgram: t.tokenProgram,
    };
  });
  return { nativeSolBalance: (ownerAccount?.info?.lamports ?? 0) / LAMPORTS_PER_SOL, ataList };
}

/** What max deposit and max repay may draw on for a bank's mint: its token balance and the native SOL (in lamports). */
export function walletFunds(balances: WalletBalances, mint: string): WalletFunds {
  const token = balances.ataList.find((t) => t.mint === mint);
  return { token: token ? BigInt(token.balance) : 0n, nativeSol: BigInt(Math.round(balances.nativeSolBalance * LAMPORTS_PER_SOL)) };
}
