// The token program a bank's mint lives under. Token-2022 banks make the program read the mint first from the
// remaining accounts (reference §10.1), so builders that move bank tokens put it there.
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { AccountMeta, PublicKey } from "@solana/web3.js";
import { readonlyAccount } from "./program.js";
import { BallastSdkError } from "../errors.js";

export interface TokenProgramOptions {
  /** The bank mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
  /** The bank's mint; required for Token-2022 banks. */
  mint?: PublicKey;
}

export function tokenProgramOf({ tokenProgram = TOKEN_PROGRAM_ID }: TokenProgramOptions): PublicKey {
  return tokenProgram;
}

/** The remaining accounts that precede everything else: the mint for Token-2022 banks, nothing otherwise. */
export function mintPrefix(options: TokenProgramOptions): AccountMeta[] {
  if (!tokenProgramOf(options).equals(TOKEN_2022_PROGRAM_ID)) return [];
  if (options.mint === undefined) throw new BallastSdkError("TOKEN_2022_MINT_REQUIRED");
  return [readonlyAccount(options.mint)];
}
