/**
 * The element at `index` of an array or byte array whose length the caller has already checked (a parallel array, a
 * counted loop, a decoded header). An index outside it is a bug, so it throws instead of yielding undefined.
 */
export function elementAt<T>(items: ArrayLike<T>, index: number): T {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new RangeError(`index ${index} is outside ${items.length} elements`);
  }
  return items[index] as T;
}

/** The last element of a list that cannot be empty (the signatures of a sent transaction, a full page). */
export function lastOf<T>(items: ArrayLike<T>): T {
  return elementAt(items, items.length - 1);
}
