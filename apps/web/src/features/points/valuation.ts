// The estimated token valuation (spec §2: kept in session storage); the points boost it gives each side is the SDK's
// pointsBoostAt over the programme's total points (apps/server/POINTS.md).

export const VALUATION_KEY = "ballast:token-valuation";

/** A US dollar amount as the server takes it: up to 15 integer and 6 decimal digits. */
const VALUATION = /^\d{1,15}(\.\d{1,6})?$/;

export const VALUATION_ERROR = "Enter a US dollar amount such as 1000000000 or 2.5";

/** The typed valuation with separators and spaces removed, or null when it is not an amount. */
export function parseValuation(text: string): string | null {
  const cleaned = text.replace(/[,\s$]/g, "");
  return VALUATION.test(cleaned) ? cleaned : null;
}

export function loadValuation(): string {
  try {
    return sessionStorage.getItem(VALUATION_KEY) ?? "";
  } catch {
    return "";
  }
}

export function saveValuation(text: string): void {
  try {
    if (text === "") sessionStorage.removeItem(VALUATION_KEY);
    else sessionStorage.setItem(VALUATION_KEY, text);
  } catch {
    // Storage can be unavailable (private mode): the value then lasts for the page only.
  }
}
