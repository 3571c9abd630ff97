import { describe as suite, expect, it } from "vitest";
import { atLeast, describe, interleaved, ratios, summarize, table, times, verdict } from "../bench-rounds.js";

suite("benchmark rounds", () => {
  it("summarizes by median and spread over the median", () => {
    expect(summarize([10, 30, 20])).toEqual({ median: 20, min: 10, max: 30, spread: 1 });
    expect(summarize([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, spread: 1.2 });
    expect(() => summarize([])).toThrow("no samples to summarize");
  });

  it("interleaves the measurements, rotating which runs first each round", async () => {
    const order: string[] = [];
    const samples = await interleaved(3, {
      reference: () => (order.push("A"), 1),
      ours: async () => (order.push("B"), 2),
    });
    expect(order.join("")).toBe("ABBAAB");
    expect(samples).toEqual({ reference: [1, 1, 1], ours: [2, 2, 2] });
    await expect(interleaved(2, { a: () => 1 })).rejects.toThrow("a benchmark needs at least 3 rounds, got 2");
  });

  it("takes ratios per round and flags wide spreads", () => {
    expect(ratios([8, 9], [10, 10])).toEqual([0.8, 0.9]);
    expect(describe(summarize([100, 104, 102]))).toBe("102 ±2 %");
    expect(describe(summarize([100, 150, 120]))).toBe("120 ±21 % (spread too wide to trust)");
    expect(verdict(summarize([0.79, 0.81, 0.85]), atLeast(0.8, times))).toBe("target ≥ 0.80×: met");
    expect(verdict(summarize([0.7, 0.75, 0.9]), atLeast(0.8, times))).toBe("target ≥ 0.80×: MISSED");
    expect(table(["path", "tx/s"], [["litesvm", "16,000"]])).toBe("| path    | tx/s   |\n| ------- | ------ |\n| litesvm | 16,000 |");
  });
});
