/**
 * JSON that keeps what transaction records hold exactly: bigints as {"$n":"123"} and Buffers as {"$b":"<base64>"},
 * both read back as their own types.
 */
export function stringifyWithBigInt(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
    // JSON.stringify has already applied Buffer#toJSON to `v`; the holder still has the Buffer itself.
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return { $b: raw.toString("base64") };
    return typeof v === "bigint" ? { $n: v.toString() } : v;
  });
}

export function parseWithBigInt<T>(text: string): T {
  return JSON.parse(text, (_key, v) => {
    if (v === null || typeof v !== "object" || Object.keys(v).length !== 1) return v;
    if (typeof v.$n === "string") return BigInt(v.$n);
    if (typeof v.$b === "string") return Buffer.from(v.$b, "base64");
    return v;
  }) as T;
}
