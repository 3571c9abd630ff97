// A value loaded at most once per period, shared by every request that asks for it meanwhile. A failed load is not
// kept: the next caller tries again.
export interface TtlCache<T> {
  /** `loadedSince` (ms): a value whose load started earlier is not served; a new load starts. */
  get(loadedSince?: number): Promise<T>;
  invalidate(): void;
}

export function ttlCache<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): TtlCache<T> {
  let value: { at: number; promise: Promise<T> } | null = null;
  return {
    get(loadedSince = -Infinity) {
      const time = now();
      if (value && time - value.at < ttlMs && value.at >= loadedSince) return value.promise;
      const promise = load();
      const entry = { at: time, promise };
      value = entry;
      promise.catch(() => {
        if (value === entry) value = null;
      });
      return promise;
    },
    invalidate() {
      value = null;
    },
  };
}

/** Keyed variant: one TtlCache per key, created on first use. Keys should come from a bounded set. */
export function keyedTtlCache<T>(ttlMs: number, load: (key: string) => Promise<T>, maxKeys = 10_000): (key: string) => Promise<T> {
  const caches = new Map<string, TtlCache<T>>();
  return (key) => {
    let cache = caches.get(key);
    if (!cache) {
      if (caches.size >= maxKeys) caches.delete(caches.keys().next().value as string);
      cache = ttlCache(ttlMs, () => load(key));
      caches.set(key, cache);
    }
    return cache.get();
  };
}
