// One instruction: its program and name, the accounts it names (with their flags), its arguments, and the
// instructions it invoked. An instruction of a program the chain does not run shows its data in hex.
import type { DecodedInstruction, ExplorerInstruction } from "@ballast/sdk";
import { Card } from "../../ui/index.js";
import { DecodedValue } from "./DecodedValue.js";
import { ExplorerLink } from "./ExplorerLink.js";

function flags(account: { readonly writable: boolean; readonly signer: boolean }): string {
  return [account.writable ? "writable" : null, account.signer ? "signer" : null].filter(Boolean).join(", ");
}

function InstructionBody({ ix }: { readonly ix: DecodedInstruction }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      {ix.accounts.length > 0 && (
        <dl aria-label="Accounts" className="grid grid-cols-[minmax(0,max-content)_minmax(0,1fr)] gap-x-3 gap-y-1">
          {ix.accounts.map((account, i) => (
            <div key={i} className="contents">
              <dt className="text-muted">{account.name ?? `#${i + 1}`}</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-2">
                <ExplorerLink target={{ kind: "address", address: account.address }} />
                {flags(account) && <span className="text-xs text-muted">{flags(account)}</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {ix.args && Object.keys(ix.args).length > 0 && (
        <div aria-label="Arguments">
          <DecodedValue value={ix.args} />
        </div>
      )}
      {ix.data !== null && (
        <div>
          {ix.decodeError && <p className="text-danger">Could not decode: {ix.decodeError}</p>}
          <p className="text-muted">Data (hex)</p>
          <code className="block font-mono break-all">{ix.data || "(empty)"}</code>
        </div>
      )}
    </div>
  );
}

function title(ix: DecodedInstruction): string {
  return `${ix.program ?? "Unknown program"}: ${ix.name ?? "unknown instruction"}`;
}

export function InstructionView({ ix, index }: { readonly ix: ExplorerInstruction; readonly index: number }) {
  return (
    <Card className="flex flex-col gap-3 p-4" aria-labelledby={`ix-${index}`}>
      <h3 id={`ix-${index}`} className="font-semibold break-words">
        {index + 1}. {title(ix)}
      </h3>
      <p className="text-xs text-muted">
        Program <ExplorerLink target={{ kind: "address", address: ix.programId }} />
      </p>
      <InstructionBody ix={ix} />
      {ix.inner.length > 0 && (
        <section aria-label={`Inner instructions of ${index + 1}`} className="flex flex-col gap-2">
          <h4 className="text-sm font-medium text-muted">Inner instructions</h4>
          <ol className="flex flex-col gap-2">
            {ix.inner.map((inner, i) => (
              <li
                key={i}
                className="rounded-lg border border-line p-3"
                style={{ marginLeft: `${Math.max(0, (inner.stackHeight ?? 2) - 2) * 12}px` }}
              >
                <h5 className="mb-2 text-sm font-semibold break-words">
                  {index + 1}.{i + 1} {title(inner)}
                </h5>
                <InstructionBody ix={inner} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </Card>
  );
}
