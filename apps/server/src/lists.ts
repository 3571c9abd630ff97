import { elementAt } from "@ballast/ledger";

/** The median of an ascending, non-empty list: the middle value, or `between` the middle two when the count is even. */
export function sortedMedian(sorted: readonly number[], between: (lower: number, upper: number) => number): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? elementAt(sorted, middle) : between(elementAt(sorted, middle - 1), elementAt(sorted, middle));
}
