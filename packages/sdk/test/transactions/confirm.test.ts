import type { Connection, SignatureStatus } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  BUNDLE_CONFIRMATION,
  BUNDLE_LANDING,
  ProcessTransactionError,
  SIGNATURE_CONFIRMATION,
  confirmSignature,
  poll,
} from "../../src/transactions/index.js";
import { VirtualClock } from "./support/clock.js";

const TIMEOUT = "Transaction failed to confirm in time.";

/** A Connection answering getSignatureStatus from a script of statuses (the last one repeats). */
function scriptedConnection(statuses: (Partial<SignatureStatus> | null)[], onCheck: () => void = () => {}, logs: string[] = []) {
  let calls = 0;
  const connection = {
    async getSignatureStatus(_signature: string, config: { searchTransactionHistory: boolean }) {
      expect(config).toEqual({ searchTransactionHistory: true });
      onCheck();
      const status = statuses[Math.min(calls++, statuses.length - 1)];
      return { context: { slot: 1 }, value: status && { slot: 1, confirmations: null, err: null, ...status } };
    },
    async getTransaction() {
      return { meta: { logMessages: logs } };
    },
  };
  return { connection: connection as unknown as Connection, calls: () => calls };
}

describe("polling schedules", () => {
  it("are the spec's: signatures 8 × 2 s in 20 s, bundle status 5 × 2 s in 20 s, bundle landing 10 × 1 s after 500 ms", () => {
    expect(SIGNATURE_CONFIRMATION).toEqual({ attempts: 8, intervalMs: 2_000, timeoutMs: 20_000 });
    expect(BUNDLE_CONFIRMATION).toEqual({ attempts: 5, intervalMs: 2_000, timeoutMs: 20_000 });
    expect(BUNDLE_LANDING).toEqual({ attempts: 10, intervalMs: 1_000, initialDelayMs: 500 });
  });

  it("waits the initial delay, then the interval between checks only", async () => {
    const clock = new VirtualClock();
    let checks = 0;
    const value = await poll(async () => (++checks === 3 ? "landed" : undefined), BUNDLE_LANDING, clock);
    expect(value).toBe("landed");
    expect(clock.intervals).toEqual([500, 1_000, 1_000]);
  });
});

describe("confirmSignature", () => {
  it("returns once the status reaches the commitment (confirmed by default)", async () => {
    const clock = new VirtualClock();
    const { connection, calls } = scriptedConnection([null, { confirmationStatus: "processed" }, { confirmationStatus: "confirmed" }]);
    await confirmSignature(connection, "sig", { clock });
    expect(calls()).toBe(3);
    expect(clock.intervals).toEqual([2_000, 2_000]);
  });

  it("waits for finalized when asked, and takes a status without a level as rooted", async () => {
    const clock = new VirtualClock();
    const confirmed = scriptedConnection([{ confirmationStatus: "confirmed" }, { confirmationStatus: "finalized" }]);
    await confirmSignature(confirmed.connection, "sig", { clock, commitment: "finalized" });
    expect(confirmed.calls()).toBe(2);
    const rooted = scriptedConnection([{ confirmationStatus: undefined }]);
    await confirmSignature(rooted.connection, "sig", { clock, commitment: "finalized" });
    expect(rooted.calls()).toBe(1);
  });

  it("gives up after 8 checks 2 s apart", async () => {
    const clock = new VirtualClock();
    const { connection, calls } = scriptedConnection([null]);
    const error = await confirmSignature(connection, "sig", { clock }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessTransactionError);
    expect((error as ProcessTransactionError).message).toBe(TIMEOUT);
    expect((error as ProcessTransactionError).type).toBe("TimeoutError");
    expect(calls()).toBe(8);
    expect(clock.intervals).toEqual(Array(7).fill(2_000));
    expect(clock.now()).toBe(14_000);
  });

  it("stops at 20 s when checks are slow", async () => {
    const clock = new VirtualClock();
    // Each status call takes 3 virtual seconds: checks start at 0, 5, 10 and 15 s; at 20 s time is up.
    const { connection, calls } = scriptedConnection([null], () => (clock.time += 3_000));
    await expect(confirmSignature(connection, "sig", { clock })).rejects.toThrow(TIMEOUT);
    expect(calls()).toBe(4);
    expect(clock.now()).toBe(20_000);
  });

  it("races a hanging status call against the 20 s deadline", async () => {
    const clock = new VirtualClock();
    const hanging = { getSignatureStatus: () => new Promise(() => {}) } as unknown as Connection;
    await expect(confirmSignature(hanging, "sig", { clock })).rejects.toThrow(TIMEOUT);
    expect(clock.now()).toBe(20_000);
    expect(clock.intervals).toEqual([]);
  });

  it("a landed failure throws with the transaction's error and logs", async () => {
    const clock = new VirtualClock();
    const logs = ["Program x failed: custom program error: 0x1"];
    const { connection } = scriptedConnection(
      [{ confirmationStatus: "confirmed", err: { InstructionError: [0, { Custom: 1 }] } }],
      () => {},
      logs,
    );
    const error = (await confirmSignature(connection, "sig", { clock }).catch((e: unknown) => e)) as ProcessTransactionError;
    expect(error.message).toBe('Transaction sig failed: {"InstructionError":[0,{"Custom":1}]}');
    expect(error.type).toBe("TransactionSendingError");
    expect(error.logs).toEqual(logs);
  });
});
