/** The element at `index` of a list the caller has checked is long enough; a clear error if it is not. */
export function elementAt<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`No element ${index} in a list of ${list.length}`);
  return value;
}

/** The last element of a list that cannot be empty (the signatures of a sent action, a full page). */
export function lastOf<T>(list: readonly T[]): T {
  return elementAt(list, list.length - 1);
}
