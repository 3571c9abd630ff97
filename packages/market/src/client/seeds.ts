// The market's PDA seeds (v1.12.5, reference §1.6), shared by the program's checks and the clients' address helpers.
import { toPublicKey, type Key } from "@ballast/codec";

const bytes = (k: Key): Buffer => toPublicKey(k).toBuffer();

export const MARKET_SEEDS = {
  marketAuthority: "lma",
  reserveLiquiditySupply: "reserve_liq_supply",
  feeReceiver: "fee_receiver",
  reserveCollateralMint: "reserve_coll_mint",
  reserveCollateralSupply: "reserve_coll_supply",
  userMetadata: "user_meta",
  globalConfig: "global_config",
} as const;

/** The four accounts init_reserve creates, each at [seed, market, liquidity mint]. */
export type ReserveVault = "reserveLiquiditySupply" | "feeReceiver" | "reserveCollateralMint" | "reserveCollateralSupply";

export function marketAuthoritySeeds(market: Key): Buffer[] {
  return [Buffer.from(MARKET_SEEDS.marketAuthority), bytes(market)];
}

export function reserveVaultSeeds(kind: ReserveVault, market: Key, liquidityMint: Key): Buffer[] {
  return [Buffer.from(MARKET_SEEDS[kind]), bytes(market), bytes(liquidityMint)];
}

export function userMetadataSeeds(owner: Key): Buffer[] {
  return [Buffer.from(MARKET_SEEDS.userMetadata), bytes(owner)];
}

/** [tag], [id], owner, market, seed1, seed2. */
export function obligationSeeds(tag: number, id: number, owner: Key, market: Key, seed1: Key, seed2: Key): Buffer[] {
  return [Buffer.from([tag]), Buffer.from([id]), bytes(owner), bytes(market), bytes(seed1), bytes(seed2)];
}

/** The referrer accounts' seeds (SML §2.2). */
export const REFERRER_SEEDS = {
  referrerTokenState: "referrer_acc",
  referrerState: "ref_state",
  shortUrl: "short_url",
} as const;

/** ["referrer_acc", referrer, reserve]: the referrer's fees earned in one reserve. */
export function referrerTokenStateSeeds(referrer: Key, reserve: Key): Buffer[] {
  return [Buffer.from(REFERRER_SEEDS.referrerTokenState), bytes(referrer), bytes(reserve)];
}

/** ["ref_state", referrer]. */
export function referrerStateSeeds(referrer: Key): Buffer[] {
  return [Buffer.from(REFERRER_SEEDS.referrerState), bytes(referrer)];
}

/** ["short_url", url bytes]. */
export function shortUrlSeeds(shortUrl: string): Buffer[] {
  return [Buffer.from(REFERRER_SEEDS.shortUrl), Buffer.from(shortUrl, "utf8")];
}

export function globalConfigSeeds(): Buffer[] {
  return [Buffer.from(MARKET_SEEDS.globalConfig)];
}
