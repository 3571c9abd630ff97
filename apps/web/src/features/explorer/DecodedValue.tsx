// A decoded argument or account field: scalars inline (addresses link to their page), structs and lists as nested
// definition lists, long nested lists folded behind a disclosure so a Reserve or a Bank stays readable.
import type { DisplayValue } from "@ballast/sdk";
import bs58 from "bs58";
import { ExplorerLink } from "./ExplorerLink.js";

/** Lists longer than this start folded. */
const FOLD_AFTER = 8;

function isAddress(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false;
  try {
    return bs58.decode(text).length === 32;
  } catch {
    return false;
  }
}

function Scalar({ value }: { readonly value: string | number | boolean | null }) {
  if (value === null) return <span className="text-muted">none</span>;
  if (typeof value === "string" && isAddress(value)) return <ExplorerLink target={{ kind: "address", address: value }} />;
  return <span className="font-mono break-all">{String(value)}</span>;
}

/** `depth` 0 is the whole value, always unfolded. */
export function DecodedValue({ value, depth = 0 }: { readonly value: DisplayValue; readonly depth?: number }) {
  if (value === null || typeof value !== "object") return <Scalar value={value} />;
  const entries: [string, DisplayValue][] = Array.isArray(value)
    ? (value as readonly DisplayValue[]).map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, DisplayValue>);
  if (entries.length === 0) return <span className="text-muted">{Array.isArray(value) ? "[]" : "{}"}</span>;
  const list = (
    // On a phone each name sits above its value: nested structs leave no room for a column of names.
    <dl className="grid min-w-0 grid-cols-1 gap-x-3 gap-y-1 border-l border-line pl-3 sm:grid-cols-[minmax(0,max-content)_minmax(0,1fr)]">
      {entries.map(([key, inner]) => (
        <div key={key} className="contents">
          <dt className="break-all text-muted">{key}</dt>
          <dd className="min-w-0">
            <DecodedValue value={inner} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
  if (depth === 0 || entries.length <= FOLD_AFTER) return list;
  return (
    <details>
      <summary className="cursor-pointer text-muted">
        {Array.isArray(value) ? `${entries.length} items` : `${entries.length} fields`}
      </summary>
      {list}
    </details>
  );
}
