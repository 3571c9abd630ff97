// Builders for referrers (SML §2.2): a referrer's fee account per reserve, its registration with a short URL and its
// removal, and the withdrawal of its fees. Referred wallets name the referrer in init_user_metadata; their borrows and
// refresh_obligation then take the referrer's ReferrerTokenState (see position-instructions.ts).
import { SYSVAR_RENT_PUBKEY, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type Key } from "@ballast/codec";
import {
  type ReserveAccounts,
  lendingMarketAuthority,
  referrerStateAddress,
  referrerTokenStateAddress,
  shortUrlAddress,
  userMetadataAddress,
} from "./addresses.js";
import { type ProgramOption, programIdOf } from "./coder.js";
import { KLEND_INSTRUCTIONS } from "./instructions.js";

export interface InitReferrerTokenStateParams extends ProgramOption {
  payer: Key;
  reserve: ReserveAccounts;
  referrer: Key;
}

export function initReferrerTokenStateInstruction(p: InitReferrerTokenStateParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_referrer_token_state", {
    accounts: {
      payer: p.payer,
      lendingMarket: p.reserve.lendingMarket,
      reserve: p.reserve.reserve,
      referrer: p.referrer,
      referrerTokenState: referrerTokenStateAddress(p.referrer, p.reserve.reserve, programId),
      rent: SYSVAR_RENT_PUBKEY,
      systemProgram: SystemProgram.programId,
    },
  });
}

export interface InitReferrerStateAndShortUrlParams extends ProgramOption {
  referrer: Key;
  /** ASCII letters, digits, '_' and '-'; at most 32 bytes. */
  shortUrl: string;
}

export function initReferrerStateAndShortUrlInstruction(p: InitReferrerStateAndShortUrlParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_referrer_state_and_short_url", {
    accounts: {
      referrer: p.referrer,
      referrerState: referrerStateAddress(p.referrer, programId),
      referrerShortUrl: shortUrlAddress(p.shortUrl, programId),
      referrerUserMetadata: userMetadataAddress(p.referrer, programId),
      rent: SYSVAR_RENT_PUBKEY,
      systemProgram: SystemProgram.programId,
    },
    args: { shortUrl: p.shortUrl },
  });
}

export interface DeleteReferrerStateAndShortUrlParams extends ProgramOption {
  referrer: Key;
  shortUrl: string;
}

export function deleteReferrerStateAndShortUrlInstruction(p: DeleteReferrerStateAndShortUrlParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "delete_referrer_state_and_short_url", {
    accounts: {
      referrer: p.referrer,
      referrerState: referrerStateAddress(p.referrer, programId),
      shortUrl: shortUrlAddress(p.shortUrl, programId),
      rent: SYSVAR_RENT_PUBKEY,
      systemProgram: SystemProgram.programId,
    },
  });
}

export interface WithdrawReferrerFeesParams extends ProgramOption {
  referrer: Key;
  reserve: ReserveAccounts;
  /** Any token account of the reserve's liquidity mint. */
  referrerTokenAccount: Key;
}

export function withdrawReferrerFeesInstruction(p: WithdrawReferrerFeesParams): TransactionInstruction {
  const programId = programIdOf(p);
  const r = p.reserve;
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "withdraw_referrer_fees", {
    accounts: {
      referrer: p.referrer,
      referrerTokenState: referrerTokenStateAddress(p.referrer, r.reserve, programId),
      reserve: r.reserve,
      reserveLiquidityMint: r.liquidityMint,
      reserveSupplyLiquidity: r.liquiditySupply,
      referrerTokenAccount: p.referrerTokenAccount,
      lendingMarket: r.lendingMarket,
      lendingMarketAuthority: lendingMarketAuthority(r.lendingMarket, programId),
      tokenProgram: r.liquidityTokenProgram,
    },
  });
}
