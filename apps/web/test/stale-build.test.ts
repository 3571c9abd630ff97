// After a redeploy, a stale tab's failed chunk load reloads the page once; a second failure within the minute is left
// to surface instead of reloading in a loop.
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadOnStaleBuild } from "../src/app/reload-on-stale-build.js";

/** Just what the hook touches of a window: events, session storage and location.reload. */
function fakeWindow() {
  const stored = new Map<string, string>();
  const sessionStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  };
  const reload = vi.fn();
  const target = Object.assign(new EventTarget(), { sessionStorage, location: { reload } });
  return { target: target as unknown as Window, reload };
}

const chunkFailure = () => new Event("vite:preloadError", { cancelable: true });

afterEach(() => {
  vi.useRealTimers();
});

describe("reloadOnStaleBuild", () => {
  it("reloads on a failed chunk load, at most once a minute", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { target, reload } = fakeWindow();
    reloadOnStaleBuild(target);
    const first = chunkFailure();
    target.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    vi.setSystemTime(1_000_000 + 59_999);
    const again = chunkFailure();
    target.dispatchEvent(again);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);

    vi.setSystemTime(1_000_000 + 60_000);
    target.dispatchEvent(chunkFailure());
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
