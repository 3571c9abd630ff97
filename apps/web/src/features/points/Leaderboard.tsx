// The global leaderboard (the server's top 100): rank, wallet, points by source and total; search by address and
// pages of 25.
import { useState } from "react";
import type { LeaderboardEntry } from "../../api/index.js";
import { shortenAddress } from "../../format/index.js";
import { Button, EmptyState, Input, TBody, TD, TH, THead, TR, Table } from "../../ui/index.js";
import { formatPoints } from "./format.js";

const LEADERBOARD_PAGE_SIZE = 25;

export function Leaderboard({ entries, wallet }: { readonly entries: readonly LeaderboardEntry[]; readonly wallet: string | null }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const needle = search.trim().toLowerCase();
  const found = needle === "" ? entries : entries.filter((e) => e.wallet.toLowerCase().includes(needle));
  const pages = Math.max(1, Math.ceil(found.length / LEADERBOARD_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * LEADERBOARD_PAGE_SIZE, (current + 1) * LEADERBOARD_PAGE_SIZE);

  return (
    <div className="flex flex-col gap-3">
      <Input
        className="px-5"
        label="Search by address"
        hideLabel
        placeholder="Search by address"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
      />
      {shown.length === 0 ? (
        <EmptyState title="No wallet matches" description={`No wallet in the top ${entries.length} contains “${search.trim()}”.`} />
      ) : (
        <Table aria-label="Leaderboard">
          <THead>
            <TR>
              <TH>Rank</TH>
              <TH>Address</TH>
              <TH className="text-right">Deposit points</TH>
              <TH className="text-right">Borrow points</TH>
              <TH className="text-right">Referral points</TH>
              <TH className="text-right">Total points</TH>
            </TR>
          </THead>
          <TBody>
            {shown.map((entry) => (
              <TR key={entry.wallet} className={entry.wallet === wallet ? "bg-subtle" : undefined}>
                <TD label="Rank">#{entry.rank}</TD>
                <TD className="font-mono" label="Address" title={entry.wallet}>
                  {shortenAddress(entry.wallet)}
                  {entry.wallet === wallet && <span className="ml-2 font-sans text-xs text-muted">(you)</span>}
                </TD>
                <TD className="text-right tabular-nums" label="Deposit points">
                  {formatPoints(entry.lendingPoints)}
                </TD>
                <TD className="text-right tabular-nums" label="Borrow points">
                  {formatPoints(entry.borrowingPoints)}
                </TD>
                <TD className="text-right tabular-nums" label="Referral points">
                  {formatPoints(entry.referralPoints)}
                </TD>
                <TD className="text-right font-semibold tabular-nums" label="Total points">
                  {formatPoints(entry.totalPoints)}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {pages > 1 && (
        <nav aria-label="Leaderboard pages" className="flex items-center justify-end gap-2 border-t border-line px-5 py-3 text-sm">
          <Button variant="ghost" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <span className="text-muted">
            Page {current + 1} of {pages}
          </span>
          <Button variant="ghost" size="sm" disabled={current === pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
