// Display formatting: token amounts from native units, USD, percentages, compact numbers and shortened addresses.
// Display only — money math stays in native bigint units and the SDK's I80F48.

const en = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat("en-US", options);
const GROUPED = en({ maximumFractionDigits: 0 });
const USD = en({ style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const USD_COMPACT = en({ style: "currency", currency: "USD", notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 2 });
const COMPACT = en({ notation: "compact", maximumFractionDigits: 2 });

/** Thousands separators on a string of digits (any length, no float rounding). */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export interface TokenAmountOptions {
  /** Fraction digits shown at most (truncated, never rounded up); default min(decimals, 6). */
  readonly maxFractionDigits?: number;
}

/**
 * A native token amount in whole tokens, exact: 1234567890n with 6 decimals is "1,234.56789". Digits beyond
 * `maxFractionDigits` are cut, so a shown amount is never more than what is held; trailing zeros are dropped.
 */
export function formatTokenAmount(native: bigint, decimals: number, options: TokenAmountOptions = {}): string {
  const negative = native < 0n;
  const magnitude = negative ? -native : native;
  const scale = 10n ** BigInt(decimals);
  const whole = (magnitude / scale).toString();
  const places = Math.min(options.maxFractionDigits ?? Math.min(decimals, 6), decimals);
  const fraction = (magnitude % scale).toString().padStart(decimals, "0").slice(0, places).replace(/0+$/, "");
  const text = groupDigits(whole) + (fraction ? `.${fraction}` : "");
  return negative && text !== "0" ? `-${text}` : text;
}

/** A token amount already in whole tokens (a display number), with up to `maxFractionDigits` digits. */
export function formatTokenNumber(value: number, maxFractionDigits = 4): string {
  if (!Number.isFinite(value)) return "—";
  const smallest = maxFractionDigits === 0 ? "1" : `0.${"1".padStart(maxFractionDigits, "0")}`;
  if (value !== 0 && Math.abs(value) < Number(smallest)) return value > 0 ? `<${smallest}` : `>-${smallest}`;
  return en({ maximumFractionDigits: maxFractionDigits }).format(value);
}

/**
 * A position (held or owed) in whole tokens, to at most six digits and rounded to the nearest: positions carry
 * fractions of a native unit, so 1 SOL deposited reads 1 although its shares are worth a hair under 1,000,000,000 lamports.
 */
export function formatPositionAmount(amount: number, decimals: number): string {
  return formatTokenNumber(amount, Math.min(decimals, 6));
}

/** US dollars with cents: "$1,234.56"; a positive value under a cent is "<$0.01". */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return "—";
  if (value > 0 && value < 0.01) return "<$0.01";
  return USD.format(value);
}

/** A signed USD figure to the cent: "-$1.25", and "$0.00" rather than "-$0.00" for a loss under half a cent. */
export function formatSignedUsd(value: number): string {
  const cents = Math.round(value * 100) / 100;
  return formatUsd(cents === 0 ? 0 : cents);
}

/** US dollars in compact form for large totals: "$1.23M", "$950.5K"; under $1,000 as formatUsd. */
export function formatUsdCompact(value: number): string {
  if (!Number.isFinite(value)) return "—";
  return Math.abs(value) < 1_000 ? formatUsd(value) : USD_COMPACT.format(value);
}

/** A token price: cents at $1 or more, four significant digits below. */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value)) return "—";
  if (value === 0 || Math.abs(value) >= 1) return USD.format(value);
  return en({ style: "currency", currency: "USD", maximumSignificantDigits: 4 }).format(value);
}

/** A fraction as a percentage: 0.0523 is "5.23%"; a positive value under 0.01% is "<0.01%". */
export function formatPercent(fraction: number, fractionDigits = 2): string {
  if (!Number.isFinite(fraction)) return "—";
  const smallest = 10 ** -fractionDigits / 100;
  if (fraction > 0 && fraction < smallest) return `<${(smallest * 100).toFixed(fractionDigits)}%`;
  return `${en({ minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(fraction * 100)}%`;
}

/** A leverage multiple to two decimals, rounded to the nearest: 3.004 is "3.00×". */
export function formatLeverage(value: number): string {
  if (!Number.isFinite(value)) return "—";
  return `${en({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}×`;
}

/** Large counts in compact form: 1_234_000 is "1.23M"; under 1,000 with separators. */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return "—";
  return Math.abs(value) < 1_000 ? en({ maximumFractionDigits: 2 }).format(value) : COMPACT.format(value);
}

/** An integer count with separators. */
export function formatInteger(value: number): string {
  return GROUPED.format(value);
}

/** A base58 address as its first and last characters: "7xKX…gAsU". */
export function shortenAddress(address: string, chars = 4): string {
  return address.length <= chars * 2 + 1 ? address : `${address.slice(0, chars)}…${address.slice(-chars)}`;
}
