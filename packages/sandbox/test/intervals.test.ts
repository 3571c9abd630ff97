// The launcher's job periods on the local chain: 30 s snapshots and one-minute points unless the environment says
// otherwise; the production defaults (hourly) are the server's and stay as they are.
import { expect, it } from "vitest";
import { DEFAULT_CONFIG } from "@ballast/server";
import { SANDBOX_JOB_INTERVALS, SANDBOX_KEEPER_INTERVAL_MS, sandboxJobIntervals, sandboxKeeperIntervalMs } from "../src/index.js";

it("snapshots every 30 s and accrues points every minute on the local chain, hourly in production", () => {
  expect(sandboxJobIntervals({})).toEqual({ snapshotIntervalMs: 30_000, pointsIntervalMs: 60_000 });
  expect(SANDBOX_JOB_INTERVALS).toEqual(sandboxJobIntervals({ SNAPSHOT_INTERVAL_MS: "", POINTS_INTERVAL_MS: "" }));
  expect([DEFAULT_CONFIG.snapshotIntervalMs, DEFAULT_CONFIG.pointsIntervalMs]).toEqual([3_600_000, 3_600_000]);
});

it("takes SNAPSHOT_INTERVAL_MS and POINTS_INTERVAL_MS from the environment, and refuses what is not a period", () => {
  expect(sandboxJobIntervals({ SNAPSHOT_INTERVAL_MS: "5000", POINTS_INTERVAL_MS: "0" })).toEqual({
    snapshotIntervalMs: 5_000,
    pointsIntervalMs: 0,
  });
  expect(() => sandboxJobIntervals({ SNAPSHOT_INTERVAL_MS: "soon" })).toThrow(
    'SNAPSHOT_INTERVAL_MS must be a non-negative number of milliseconds, got "soon"',
  );
  expect(() => sandboxJobIntervals({ POINTS_INTERVAL_MS: "-1" })).toThrow(
    'POINTS_INTERVAL_MS must be a non-negative number of milliseconds, got "-1"',
  );
});

it("runs the arbitrage keeper every 2 s unless KEEPER_INTERVAL_MS says otherwise (0 turns it off)", () => {
  expect(sandboxKeeperIntervalMs({})).toBe(SANDBOX_KEEPER_INTERVAL_MS);
  expect(SANDBOX_KEEPER_INTERVAL_MS).toBe(2_000);
  expect(sandboxKeeperIntervalMs({ KEEPER_INTERVAL_MS: "0" })).toBe(0);
  expect(() => sandboxKeeperIntervalMs({ KEEPER_INTERVAL_MS: "fast" })).toThrow(
    'KEEPER_INTERVAL_MS must be a non-negative number of milliseconds, got "fast"',
  );
});
