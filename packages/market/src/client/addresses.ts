// The market's program-derived addresses (v1.12.5 seeds, reference §1.6) and the accounts of a reserve that
// instructions name.
import { PublicKey } from "@solana/web3.js";
import { KLEND_PROGRAM_ID, SPL_TOKEN_PROGRAM_ID, ZERO_PUBKEY } from "../program-ids.js";
import type { Reserve } from "../state/reserve.js";
import { toPublicKey, type Key } from "@ballast/codec";
import {
  type ReserveVault,
  globalConfigSeeds,
  marketAuthoritySeeds,
  obligationSeeds,
  referrerStateSeeds,
  referrerTokenStateSeeds,
  reserveVaultSeeds,
  shortUrlSeeds,
  userMetadataSeeds,
} from "./seeds.js";

const program = (programId?: Key): PublicKey => toPublicKey(programId ?? KLEND_PROGRAM_ID);

/** The market authority ["lma", market]: owner of every vault, mint authority of every cToken. */
export function lendingMarketAuthority(market: Key, programId?: Key): PublicKey {
  return PublicKey.findProgramAddressSync(marketAuthoritySeeds(market), program(programId))[0];
}

/** The program's GlobalConfig ["global_config"]. */
export function globalConfigAddress(programId?: Key): PublicKey {
  return PublicKey.findProgramAddressSync(globalConfigSeeds(), program(programId))[0];
}

/** One of the four accounts init_reserve creates for a market's liquidity mint. */
export function reserveVaultAddress(kind: ReserveVault, market: Key, liquidityMint: Key, programId?: Key): PublicKey {
  return PublicKey.findProgramAddressSync(reserveVaultSeeds(kind, market, liquidityMint), program(programId))[0];
}

/** A wallet's UserMetadata ["user_meta", owner]. */
export function userMetadataAddress(owner: Key, programId?: Key): PublicKey {
  return PublicKey.findProgramAddressSync(userMetadataSeeds(owner), program(programId))[0];
}

export interface ObligationSeeds {
  tag: number;
  id: number;
  owner: Key;
  lendingMarket: Key;
  /** The default address unless the tag needs mints. */
  seed1?: Key;
  seed2?: Key;
}

export function obligationAddress(s: ObligationSeeds, programId?: Key): PublicKey {
  const seeds = obligationSeeds(s.tag, s.id, s.owner, s.lendingMarket, s.seed1 ?? ZERO_PUBKEY, s.seed2 ?? ZERO_PUBKEY);
  return PublicKey.findProgramAddressSync(seeds, program(programId))[0];
}

/** The vanilla obligation: tag 0, id 0, default seeds. */
export function vanillaObligationAddress(owner: Key, lendingMarket: Key, programId?: Key): PublicKey {
  return obligationAddress({ tag: 0, id: 0, owner, lendingMarket }, programId);
}

/** A reserve and the accounts instructions on it name. */
export interface ReserveAccounts {
  reserve: PublicKey;
  lendingMarket: PublicKey;
  liquidityMint: PublicKey;
  liquiditySupply: PublicKey;
  feeReceiver: PublicKey;
  collateralMint: PublicKey;
  /** The collateral vault holding obligations' cTokens. */
  collateralSupply: PublicKey;
  liquidityTokenProgram: PublicKey;
}

/** A reserve's accounts by derivation, as init_reserve creates them; the liquidity mint's token program is SPL Token unless given. */
export function reserveAccountsFor(
  reserve: Key,
  lendingMarket: Key,
  liquidityMint: Key,
  programId?: Key,
  liquidityTokenProgram: Key = SPL_TOKEN_PROGRAM_ID,
): ReserveAccounts {
  const vault = (kind: ReserveVault) => reserveVaultAddress(kind, lendingMarket, liquidityMint, programId);
  return {
    reserve: toPublicKey(reserve),
    lendingMarket: toPublicKey(lendingMarket),
    liquidityMint: toPublicKey(liquidityMint),
    liquiditySupply: vault("reserveLiquiditySupply"),
    feeReceiver: vault("feeReceiver"),
    collateralMint: vault("reserveCollateralMint"),
    collateralSupply: vault("reserveCollateralSupply"),
    liquidityTokenProgram: toPublicKey(liquidityTokenProgram),
  };
}

/** A reserve's accounts as its decoded state records them. */
export function reserveAccountsOf(reserve: Key, state: Reserve): ReserveAccounts {
  return {
    reserve: toPublicKey(reserve),
    lendingMarket: new PublicKey(state.lendingMarket),
    liquidityMint: new PublicKey(state.liquidity.mintPubkey),
    liquiditySupply: new PublicKey(state.liquidity.supplyVault),
    feeReceiver: new PublicKey(state.liquidity.feeVault),
    collateralMint: new PublicKey(state.collateral.mintPubkey),
    collateralSupply: new PublicKey(state.collateral.supplyVault),
    liquidityTokenProgram: new PublicKey(state.liquidity.tokenProgram),
  };
}

/** A referrer's ReferrerTokenState for one reserve ["referrer_acc", referrer, reserve]. */
export function referrerTokenStateAddress(referrer: Key, reserve: Key, programId?: Key): PublicKey {
  return PublicKey.findProgramAddressSync(referrerTokenStateSeeds(referrer, reserve), program(programId))[0];
}

/** A referrer's ReferrerState ["ref_state", referrer]. */
export function referrerStateAddress(referrer: Key, programId?: Key): PublicKey {
  return PublicKey.findProgramAddressSync(referrerStateSeeds(referrer), program(programId))[0];
}

/** The ShortUrl account of `shortUrl` ["short_url", url]. */
export function shortUrlAddress(shortUrl: string, programId?: Key): PublicKey {
  return PublicKey.findProgramAddressSync(shortUrlSeeds(shortUrl), program(programId))[0];
}
