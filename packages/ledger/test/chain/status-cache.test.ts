// Recent statuses: found by signature until their slot is 300 slots old, then forgotten slot by slot.
import { expect, it } from "vitest";
import { StatusCache } from "../../src/chain/status-cache.js";

it("keeps statuses for 300 slots and forgets whole slots past that", () => {
  const cache = new StatusCache();
  cache.record("one", { slot: 10n, seq: 1, err: null });
  cache.record("two", { slot: 10n, seq: 2, err: "AccountInUse" });
  cache.record("three", { slot: 11n, seq: 3, err: null });
  expect(cache.get("two")).toEqual({ slot: 10n, seq: 2, err: "AccountInUse" });
  cache.prune(310n);
  expect(cache.has("one") && cache.has("two") && cache.has("three")).toBe(true);
  cache.prune(311n);
  expect([cache.has("one"), cache.has("two"), cache.has("three")]).toEqual([false, false, true]);
  expect(cache.get("one")).toBeUndefined();
  cache.prune(312n);
  expect(cache.has("three")).toBe(false);
});
