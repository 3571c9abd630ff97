// A reserve's oracle configuration (TokenInfo, reference §1.3): which sources are enabled, whether TWAP checks are
// on, and whether the accounts refresh_reserve was given are the configured ones. Scope counts as a source when its
// price feed is set; its chains are four entry indices, unused places u16::MAX.
import { fail } from "../errors.js";
import { NULL_PUBKEY, ZERO_PUBKEY } from "../program-ids.js";
import type { ScopeConfiguration, TokenInfo } from "../state/reserve-config.js";

/** A configured source is enabled unless it is the zero address or NULL_PUBKEY. */
export function isSourceEnabled(address: string): boolean {
  return address !== ZERO_PUBKEY && address !== NULL_PUBKEY;
}

export function isTwapEnabled(t: TokenInfo): boolean {
  return t.maxTwapDivergenceBps > 0n;
}

const SCOPE_UNUSED_ENTRY = 0xffff;

/** A chain names prices unless it is all u16::MAX (the default) or all 0 (never set). */
export function isScopeChainSet(chain: readonly number[]): boolean {
  return !chain.every((id) => id === SCOPE_UNUSED_ENTRY) && !chain.every((id) => id === 0);
}

export function isScopeEnabled(s: ScopeConfiguration): boolean {
  return isSourceEnabled(s.priceFeed);
}

export function scopeHasTwap(s: ScopeConfiguration): boolean {
  return isScopeChainSet(s.twapChain);
}

/** Why the oracle configuration is unusable (InvalidOracleConfig), or null. */
export function oracleConfigProblem(t: TokenInfo): string | null {
  const scope = t.scopeConfiguration;
  if (isScopeEnabled(scope) && !isScopeChainSet(scope.priceChain)) return "Invalid reserve token info: the Scope price chain is not set";
  if (
    !isScopeEnabled(scope) &&
    !isSourceEnabled(t.pythConfiguration.price) &&
    !isSourceEnabled(t.switchboardConfiguration.priceAggregator)
  ) {
    return "Invalid reserve token info: no oracle source is enabled";
  }
  return null;
}

/** TWAP checks need a TWAP age limit and a TWAP for every enabled source (Pyth always has its EMA, Scope a twap chain). */
export function isTwapConfigValid(t: TokenInfo): boolean {
  if (!isTwapEnabled(t)) return true;
  if (t.maxAgeTwapSeconds === 0n) return false;
  if (isScopeEnabled(t.scopeConfiguration) && !scopeHasTwap(t.scopeConfiguration)) return false;
  return !isSourceEnabled(t.switchboardConfiguration.priceAggregator) || isSourceEnabled(t.switchboardConfiguration.twapAggregator);
}

/** An oracle account refresh_reserve was given; null where the caller passed "none". */
export interface OracleAccount {
  key: string;
  owner: string;
  data: Buffer;
}

export interface OracleAccounts {
  pyth: OracleAccount | null;
  switchboardPrice: OracleAccount | null;
  switchboardTwap: OracleAccount | null;
  scope: OracleAccount | null;
}

/** klend's validate_token_info_config: a usable config, and exactly the configured accounts. */
export function checkOracleAccounts(t: TokenInfo, accounts: OracleAccounts, log: (message: string) => void): void {
  const problem = oracleConfigProblem(t);
  if (problem) {
    log(problem);
    fail("InvalidOracleConfig");
  }
  if (!isTwapConfigValid(t)) fail("InvalidTwapConfig");
  const pythOk = isSourceEnabled(t.pythConfiguration.price) ? accounts.pyth?.key === t.pythConfiguration.price : accounts.pyth === null;
  if (!pythOk) fail("InvalidPythPriceAccount");
  const sb = t.switchboardConfiguration;
  const switchboardOk = isSourceEnabled(sb.priceAggregator)
    ? accounts.switchboardPrice?.key === sb.priceAggregator && (!isTwapEnabled(t) || accounts.switchboardTwap?.key === sb.twapAggregator)
    : accounts.switchboardPrice === null && accounts.switchboardTwap === null;
  if (!switchboardOk) fail("InvalidSwitchboardAccount");
  const scopeOk = isScopeEnabled(t.scopeConfiguration) ? accounts.scope?.key === t.scopeConfiguration.priceFeed : accounts.scope === null;
  if (!scopeOk) fail("InvalidScopePriceAccount");
}
