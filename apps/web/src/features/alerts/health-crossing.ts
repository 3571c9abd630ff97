// When a health alert fires: once each time the watched account's health goes from at or above the threshold to
// below it, re-armed only after it is back at or above. Health already below when watching starts is no crossing.

/** What is being watched (account and threshold) and whether the next fall below the threshold alerts. */
export interface CrossingState {
  readonly account: string;
  readonly threshold: number;
  readonly armed: boolean;
}

/** The state after one health reading, and whether that reading crossed the threshold downward. */
export function observeHealth(
  state: CrossingState | null,
  reading: { readonly account: string; readonly threshold: number; readonly factor: number },
): { readonly state: CrossingState; readonly crossed: boolean } {
  const above = reading.factor >= reading.threshold;
  const watched = { account: reading.account, threshold: reading.threshold };
  // A new account or threshold starts from where health stands now.
  if (!state || state.account !== reading.account || state.threshold !== reading.threshold) {
    return { state: { ...watched, armed: above }, crossed: false };
  }
  if (state.armed && !above) return { state: { ...watched, armed: false }, crossed: true };
  return { state: { ...watched, armed: above || state.armed }, crossed: false };
}
