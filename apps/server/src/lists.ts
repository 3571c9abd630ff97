/** The element at `index` of a list the caller has checked is long enough; a clear error if it is not. */
export function elementAt<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`No element ${index} in a list of ${list.length}`);
  return value;
}

/** The median of an ascending, non-empty list: the middle value, or `between` the middle two when the count is even. */
export function sortedMedian(sorted: readonly number[], between: (lower: number, upper: number) => number): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? elementAt(sorted, middle) : between(elementAt(sorted, middle - 1), elementAt(sorted, middle));
}
