// The post-action refresh's order of reads: every poll reads the account and the market snapshot together (so new
// shares are never shown at old share values for long), polling stops at the first change, then everything refetches.
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refreshAfterAction, refreshAfterFailure } from "../src/queries/refresh.js";

const FAST = { intervalMs: 5, attempts: 10, timeoutMs: 5_000 };
const unsubscribers: (() => void)[] = [];

afterEach(() => {
  for (const stop of unsubscribers.splice(0)) stop();
});

/** A query an on-screen component watches, answering what `answer` gives on each read; returns its read count. */
function watched(client: QueryClient, queryKey: readonly unknown[], answer: (read: number) => unknown) {
  const reads = { count: 0 };
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => answer(++reads.count),
    staleTime: Infinity,
  });
  unsubscribers.push(observer.subscribe(() => {}));
  return reads;
}

describe("refreshAfterAction", () => {
  it("reads the market with the account on every poll, stops once the account changed, then refetches all", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The account changes on its third read (the second poll); the market is a new snapshot on every read.
    const account = watched(client, ["account", "A", "W"], (read) => (read >= 3 ? "after" : "before"));
    const market = watched(client, ["market", "G"], (read) => `snapshot ${read}`);
    await expect.poll(() => client.getQueryData(["account", "A", "W"])).toBe("before");
    await expect.poll(() => client.getQueryData(["market", "G"])).toBe("snapshot 1");

    await refreshAfterAction(client, FAST);
    // First read, two polls, then the closing refetch of everything.
    expect(account.count).toBe(4);
    expect(market.count).toBe(4);
    expect(client.getQueryData(["account", "A", "W"])).toBe("after");
  });

  it("gives up after the spec's attempts when nothing changes", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const account = watched(client, ["account", "A", "W"], () => "same");
    await expect.poll(() => client.getQueryData(["account", "A", "W"])).toBe("same");
    await refreshAfterAction(client, { ...FAST, attempts: 3 });
    expect(account.count).toBe(1 + 3 + 1);
  });

  it("with live updates, refetches everything at once instead of polling", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const account = watched(client, ["account", "A", "W"], () => "same");
    const market = watched(client, ["market", "G"], (read) => `snapshot ${read}`);
    await expect.poll(() => client.getQueryData(["market", "G"])).toBe("snapshot 1");
    const started = Date.now();
    await refreshAfterAction(client, { intervalMs: 2_000, attempts: 10, timeoutMs: 20_000 }, true);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(account.count).toBe(2);
    expect(market.count).toBe(2);
  });
});

describe("refreshAfterFailure", () => {
  it("refetches at once, then once more past the server's revalidating cache, whose first answer may be from before", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The server's first answer after the failure still predates it; the next one is the chain as it is.
    const account = watched(client, ["account", "A", "W"], (read) => (read >= 3 ? "after" : "before"));
    await expect.poll(() => client.getQueryData(["account", "A", "W"])).toBe("before");
    await refreshAfterFailure(client, 5);
    expect(account.count).toBe(3);
    expect(client.getQueryData(["account", "A", "W"])).toBe("after");
  });
});
