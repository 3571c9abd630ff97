// Which balances an indexed batch changed, without a ledger: unchanged shares add nothing, new and changed ones a
// row at the account's latest transaction, a balance gone from an account a zero row; accounts not written, none.
import { describe, expect, it } from "vitest";
import { balanceChanges, latestTouches } from "../src/indexer/balance-changes.js";

const row = (account: string, bank: string, asset: string, liability = "0") => ({
  account,
  bank,
  asset_shares: asset,
  liability_shares: liability,
});

describe("balanceChanges", () => {
  const touches = latestTouches([
    { slot: 5, blockTime: 100, writable: ["a", "b"] },
    { slot: 7, blockTime: 103, writable: ["a"] },
  ]);

  it("dates each account by its latest transaction", () => {
    expect(touches).toEqual(
      new Map([
        ["a", { slot: 7, blockTime: 103 }],
        ["b", { slot: 5, blockTime: 100 }],
      ]),
    );
  });

  it("writes new, changed and closed balances only", () => {
    const before = [row("a", "sol", "10"), row("a", "usdc", "0", "5"), row("b", "sol", "1"), row("c", "sol", "9")];
    const after = [row("a", "sol", "10"), row("a", "jito", "3"), row("b", "sol", "2")];
    expect(balanceChanges(before, after, ["a", "b"], touches)).toEqual([
      { account: "a", bank: "jito", slot: 7, block_time: 103, asset_shares: "3", liability_shares: "0" },
      { account: "b", bank: "sol", slot: 5, block_time: 100, asset_shares: "2", liability_shares: "0" },
      { account: "a", bank: "usdc", slot: 7, block_time: 103, asset_shares: "0", liability_shares: "0" },
    ]);
  });

  it("leaves out an account the batch did not write", () => {
    expect(balanceChanges([], [row("z", "sol", "1")], ["z"], touches)).toEqual([]);
  });
});
