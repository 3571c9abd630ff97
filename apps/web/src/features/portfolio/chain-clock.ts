// The chain's clock between market snapshots: the snapshot's unix time plus the whole seconds since it was read, so
// amounts that grow with time (pending emissions) keep growing on screen. A chain's unix time follows wall time.
import { startPeriodic } from "@ballast/scheduler";
import { useEffect, useState } from "react";

/** Chain unix seconds at wall time `wallMs`, from a snapshot of chain time `snapshotNow` read at wall time `readAtMs`. */
export function chainNowAt(snapshotNow: bigint, readAtMs: number, wallMs: number): bigint {
  return snapshotNow + BigInt(Math.max(0, Math.floor((wallMs - readAtMs) / 1000)));
}

/**
 * The chain's unix time now, ticking every `tickMs`. The snapshot's time was taken as its read began, so the estimate
 * trails the chain by the read's duration: an amount shown with it never runs ahead of what the chain would pay.
 */
export function useChainNow(snapshotNow: bigint, readAtMs: number, tickMs = 1_000): bigint {
  const [wallMs, setWallMs] = useState(() => Date.now());
  useEffect(() => {
    // A tick that throws is reported as an uncaught error in a plain timer would be.
    const clock = startPeriodic({ intervalMs: tickMs, run: () => setWallMs(Date.now()), onError: reportError });
    return () => void clock.stop();
  }, [tickMs]);
  return chainNowAt(snapshotNow, readAtMs, wallMs);
}
