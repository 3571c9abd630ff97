// Balance-slot projection: activation into the first free slot, release on repay-all / withdraw-all, the program's
// sort after every action, and the spec's two errors.
import { describe, expect, it } from "vitest";
import bs58 from "bs58";
import { projectActiveBanks, projectBalances } from "../../src/math/balance-projection.js";

const key = (byte: number) => bs58.encode(Buffer.alloc(32, byte));
const EMPTY = { active: 0, bankPk: key(0) };
const slots = (...active: number[]) => [
  ...active.map((b) => ({ active: 1, bankPk: key(b) })),
  ...Array.from({ length: 16 - active.length }, () => EMPTY),
];

describe("balance projection", () => {
  it("activates a slot for a new bank and keeps the program's order (bank keys descending)", () => {
    const result = projectActiveBanks(slots(9, 5), [
      { kind: "deposit", bank: key(7) },
      { kind: "borrow", bank: key(200) },
    ]);
    expect(result).toEqual([key(200), key(9), key(7), key(5)]);
  });

  it("does not open a second slot for a bank already active", () => {
    const result = projectBalances(slots(9), [{ kind: "borrow", bank: key(9) }]);
    expect(result.filter((s) => s.active)).toHaveLength(1);
  });

  it("frees the slot on repay-all and withdraw-all", () => {
    expect(
      projectActiveBanks(slots(9, 5, 3), [
        { kind: "repayAll", bank: key(5) },
        { kind: "withdrawAll", bank: key(9) },
      ]),
    ).toEqual([key(3)]);
    const reopened = projectActiveBanks(slots(9), [
      { kind: "withdrawAll", bank: key(9) },
      { kind: "deposit", bank: key(9) },
    ]);
    expect(reopened).toEqual([key(9)]);
  });

  it("fails when no slot is free", () => {
    const full = slots(...Array.from({ length: 16 }, (_, i) => i + 1));
    expect(() => projectBalances(full, [{ kind: "deposit", bank: key(99) }])).toThrow("No inactive balance found");
  });

  it("fails to close a balance that is not active", () => {
    expect(() => projectBalances(slots(9), [{ kind: "repayAll", bank: key(4) }])).toThrow("Balance for bank should be projected active");
  });
});
