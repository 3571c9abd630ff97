// The test-token faucet behind `POST /api/faucet`: 10 SOL from the admin and $10,000 worth (at the seeded starting
// price) of every other sandbox token, minted by the admin into the wallet's associated token accounts, which are
// created if missing. As few transactions as fit; the first carries the SOL.
import { LAMPORTS_PER_SOL, PublicKey, SystemProgram, type Connection, type Keypair, type TransactionInstruction } from "@solana/web3.js";
import { createMintToInstruction } from "@solana/spl-token";
import { decimalToUnits } from "@ballast/oracles";
import { associatedTokenAddress, createAssociatedTokenAccountInstruction } from "@ballast/sdk";
import { nativeForUsd } from "./liquidity.js";
import { sendPacked } from "./send.js";
import type { SandboxState } from "./state.js";

export const FAUCET_LAMPORTS = 10n * BigInt(LAMPORTS_PER_SOL);
/** Whole USD of each token per request. */
export const FAUCET_TOKEN_USD = 10_000n;

export interface FaucetGrant {
  /** The first transaction's signature (the one moving the SOL). */
  readonly signature: string;
  /** Native units, decimal strings. */
  readonly lamports: string;
  readonly tokens: readonly { readonly mint: string; readonly symbol: string; readonly decimals: number; readonly amount: string }[];
}

export interface Faucet {
  fund(wallet: string): Promise<FaucetGrant>;
}

const NATIVE_MINT = "So11111111111111111111111111111111111111112";

export function createFaucet(connection: Connection, admin: Keypair, seeded: SandboxState): Faucet {
  const grants = seeded.tokens
    .filter((t) => t.mint !== NATIVE_MINT)
    .map((t) => ({
      mint: new PublicKey(t.mint),
      symbol: t.symbol,
      decimals: t.decimals,
      amount: nativeForUsd({ decimals: t.decimals, priceE12: decimalToUnits(t.priceUsd, -12) }, FAUCET_TOKEN_USD),
    }));
  return {
    async fund(wallet) {
      let owner: PublicKey;
      try {
        owner = new PublicKey(wallet);
      } catch {
        throw new Error(`Invalid wallet address: ${wallet}`);
      }
      const instructions: TransactionInstruction[] = [
        SystemProgram.transfer({ fromPubkey: admin.publicKey, toPubkey: owner, lamports: FAUCET_LAMPORTS }),
      ];
      for (const grant of grants) {
        instructions.push(
          createAssociatedTokenAccountInstruction({ owner, mint: grant.mint, payer: admin.publicKey }),
          createMintToInstruction(grant.mint, associatedTokenAddress(grant.mint, owner), admin.publicKey, grant.amount),
        );
      }
      const [signature] = await sendPacked(connection, admin, instructions);
      if (signature === undefined) throw new Error("the faucet grant sent no transaction");
      return {
        signature,
        lamports: FAUCET_LAMPORTS.toString(),
        tokens: grants.map((g) => ({ mint: g.mint.toBase58(), symbol: g.symbol, decimals: g.decimals, amount: g.amount.toString() })),
      };
    },
  };
}
