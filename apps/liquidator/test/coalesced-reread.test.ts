// A re-read after resubscribing runs one at a time: however often a flapping socket asks during a run, one more run
// follows, and a failure is reported without stopping later ones.
import { expect, it } from "vitest";
import { coalescedReread } from "../src/subscriptions.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));

it("runs once at a time, once more for any number of requests during a run, and goes on after a failure", async () => {
  let running = 0;
  let most = 0;
  let runs = 0;
  const releases: (() => void)[] = [];
  const errors: unknown[] = [];
  const reread = coalescedReread(
    async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      if (runs === 2) throw new Error("the second read failed");
    },
    (error) => errors.push(error),
  );

  reread();
  for (let i = 0; i < 5; i++) reread();
  expect(runs).toBe(1);
  releases.shift()!();
  await tick();
  expect(runs).toBe(2);
  releases.shift()!();
  await tick();
  // Nothing asked during the second run: it was the last.
  expect(runs).toBe(2);
  expect(errors.map(String)).toEqual(["Error: the second read failed"]);

  reread();
  expect(runs).toBe(3);
  releases.shift()!();
  await tick();
  expect(runs).toBe(3);
  expect(most).toBe(1);
});
