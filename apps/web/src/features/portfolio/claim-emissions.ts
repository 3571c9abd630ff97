// Claiming emissions: the reward mints' token program and decimals (read from chain), the SDK instructions that pay
// every bank's rewards into the wallet's associated token accounts (created first where missing), and what the landed
// claim paid, from its transactions' token balances.
import { unpackMint } from "@solana/spl-token";
import { PublicKey, type Connection, type TransactionInstruction } from "@solana/web3.js";
import { associatedTokenAddress, createAssociatedTokenAccountInstruction, withdrawEmissionsInstruction } from "@ballast/sdk";
import type { RewardView } from "./portfolio-model.js";

export interface RewardMint {
  readonly mint: string;
  readonly tokenProgram: string;
  readonly decimals: number;
}

/** Each reward mint's token program (its owner) and decimals; "Emission token program not found" when it is missing. */
export async function loadRewardMints(connection: Connection, mints: readonly string[]): Promise<Map<string, RewardMint>> {
  const keys = [...new Set(mints)].map((mint) => new PublicKey(mint));
  const infos = keys.length === 0 ? [] : await connection.getMultipleAccountsInfo(keys);
  const result = new Map<string, RewardMint>();
  keys.forEach((key, i) => {
    const info = infos[i];
    if (!info) throw new Error("Emission token program not found");
    const mint = unpackMint(key, info, info.owner);
    result.set(key.toBase58(), { mint: key.toBase58(), tokenProgram: info.owner.toBase58(), decimals: mint.decimals });
  });
  return result;
}

export interface ClaimEmissionsParams {
  readonly group: PublicKey;
  readonly marginfiAccount: PublicKey;
  readonly authority: PublicKey;
  readonly programId: PublicKey;
  readonly rewards: readonly RewardView[];
  readonly mints: ReadonlyMap<string, RewardMint>;
}

/** One idempotent token-account creation per reward mint, then one emissions withdrawal per bank. */
export function claimEmissionsInstructions(p: ClaimEmissionsParams): TransactionInstruction[] {
  const setup = new Map<string, TransactionInstruction>();
  const withdrawals: TransactionInstruction[] = [];
  for (const reward of p.rewards) {
    const mintInfo = p.mints.get(reward.emissionsMint);
    if (!mintInfo) throw new Error("Emission token program not found");
    const mint = new PublicKey(reward.emissionsMint);
    const tokenProgram = new PublicKey(mintInfo.tokenProgram);
    if (!setup.has(reward.emissionsMint)) {
      setup.set(reward.emissionsMint, createAssociatedTokenAccountInstruction({ owner: p.authority, mint, tokenProgram }));
    }
    withdrawals.push(
      withdrawEmissionsInstruction({
        group: p.group,
        marginfiAccount: p.marginfiAccount,
        authority: p.authority,
        bank: new PublicKey(reward.bank),
        emissionsMint: mint,
        destinationAccount: associatedTokenAddress(mint, p.authority, tokenProgram),
        tokenProgram,
        programId: p.programId,
      }),
    );
  }
  return [...setup.values(), ...withdrawals];
}

/** A token balance as a transaction's meta lists it before and after (web3.js's TokenBalance, the fields used here). */
export interface MetaTokenBalance {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner?: string;
  readonly uiTokenAmount: { readonly amount: string };
}

/**
 * What a transaction paid `owner` per mint among `mints`: each of the owner's token accounts' balance after minus
 * before (an account the transaction created counts from zero).
 */
export function receivedByOwner(
  pre: readonly MetaTokenBalance[],
  post: readonly MetaTokenBalance[],
  owner: string,
  mints: ReadonlySet<string>,
): Map<string, bigint> {
  const before = new Map(pre.map((b) => [b.accountIndex, BigInt(b.uiTokenAmount.amount)]));
  const received = new Map<string, bigint>();
  for (const balance of post) {
    if (balance.owner !== owner || !mints.has(balance.mint)) continue;
    const change = BigInt(balance.uiTokenAmount.amount) - (before.get(balance.accountIndex) ?? 0n);
    received.set(balance.mint, (received.get(balance.mint) ?? 0n) + change);
  }
  return received;
}

/** What the confirmed claim transactions paid `owner` per reward mint, as the chain recorded them. */
export async function claimedRewards(
  connection: Connection,
  signatures: readonly string[],
  owner: string,
  mints: ReadonlySet<string>,
): Promise<Map<string, bigint>> {
  const total = new Map<string, bigint>();
  for (const signature of signatures) {
    const landed = await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    if (!landed?.meta) throw new Error(`Transaction ${signature} not found`);
    const received = receivedByOwner(landed.meta.preTokenBalances ?? [], landed.meta.postTokenBalances ?? [], owner, mints);
    for (const [mint, amount] of received) total.set(mint, (total.get(mint) ?? 0n) + amount);
  }
  return total;
}
