/** JSON with bigint kept exact: bigints are written as {"$n":"123"} and read back as bigint. */
export function stringifyWithBigInt(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? { $n: v.toString() } : v));
}

export function parseWithBigInt<T>(text: string): T {
  return JSON.parse(text, (_key, v) =>
    v !== null && typeof v === "object" && typeof v.$n === "string" && Object.keys(v).length === 1 ? BigInt(v.$n) : v,
  ) as T;
}
