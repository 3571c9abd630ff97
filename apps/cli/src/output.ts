// How results are printed: `--output table` (the default: aligned "field  value" lines, or columns for a list),
// `json` (indented) or `json-compact` (one line). Public keys print as base58, bigints as decimal strings.
import { PublicKey } from "@solana/web3.js";

export const OUTPUT_MODES = ["table", "json", "json-compact"] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

/** What a command prints: plain values, public keys, nested records and lists of them. */
export type Printable =
  string | number | bigint | boolean | null | PublicKey | readonly Printable[] | { readonly [key: string]: Printable };

/** A JSON value: what every Printable becomes before it is formatted. */
export type Plain = string | number | boolean | null | readonly Plain[] | { readonly [key: string]: Plain };

/** JSON-ready: public keys as base58, bigints as strings. */
export function plain(value: Printable): Plain {
  if (value instanceof PublicKey) return value.toBase58();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return (value as readonly Printable[]).map(plain);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value as { readonly [key: string]: Printable }).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

function cell(value: unknown): string {
  if (value === null) return "-";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A record's fields as "key  value" lines, nested records flattened with dots. */
function fieldLines(record: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(record).flatMap(([key, value]): [string, string][] =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? fieldLines(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, cell(value)]],
  );
}

function columns(rows: string[][]): string {
  const widths = rows.reduce<number[]>((w, row) => row.map((c, i) => Math.max(w[i] ?? 0, c.length)), []);
  return rows.map((row) => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ")).join("\n");
}

function table(value: unknown): string {
  if (Array.isArray(value)) {
    const records = value.filter((v): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v));
    if (records.length !== value.length) return value.map(cell).join("\n");
    if (records.length === 0) return "(none)";
    const flat = records.map((r) => fieldLines(r));
    const header = (flat[0] ?? []).map(([k]) => k);
    return columns([header, ...flat.map((lines) => lines.map(([, v]) => v))]);
  }
  if (value !== null && typeof value === "object") return columns(fieldLines(value as Record<string, unknown>));
  return cell(value);
}

/** The text a result prints as in the given mode, with its final newline. */
export function formatOutput(value: Printable, mode: OutputMode): string {
  const data = plain(value);
  switch (mode) {
    case "json":
      return `${JSON.stringify(data, null, 2)}\n`;
    case "json-compact":
      return `${JSON.stringify(data)}\n`;
    case "table":
      return `${table(data)}\n`;
  }
}
