// The one way every `npm run bench` figure is measured and printed. Machines drift (another process, a thermal
// step, the garbage collector), so a figure from one run cannot steer: the reference and ours run interleaved in
// rounds (A B A B …, the order rotated each round), each figure is the median of its rounds with its spread, a
// ratio is taken per round (ours over the reference measured next to it), and a spread too wide to trust says so.

/** At least this many rounds per figure. */
export const MIN_ROUNDS = 3;
/** A figure whose (max − min) / median exceeds this is printed as untrustworthy. */
export const TRUSTED_SPREAD = 0.15;

export interface Summary {
  median: number;
  min: number;
  max: number;
  /** (max − min) / median: 0 when every round agreed. */
  spread: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error("no samples to summarize");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  return { median, min, max, spread: median === 0 ? 0 : (max - min) / Math.abs(median) };
}

/**
 * Runs every measurement once per round for `rounds` rounds, the starting measurement rotated each round so no
 * figure always runs first (or right after the same neighbour). Returns each measurement's samples in round order.
 */
export async function interleaved<K extends string>(
  rounds: number,
  runs: Record<K, () => Promise<number> | number>,
): Promise<Record<K, number[]>> {
  if (rounds < MIN_ROUNDS) throw new Error(`a benchmark needs at least ${MIN_ROUNDS} rounds, got ${rounds}`);
  const keys = Object.keys(runs) as K[];
  const samples = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(round + i) % keys.length]!;
      samples[key].push(await runs[key]());
    }
  }
  return samples;
}

/** Per-round ratios ours / reference: each pair was measured in the same round, under the same conditions. */
export function ratios(ours: readonly number[], reference: readonly number[]): number[] {
  if (ours.length !== reference.length) throw new Error("ratios need one reference sample per round");
  return ours.map((value, i) => value / reference[i]!);
}

export const count = (n: number): string => Math.round(n).toLocaleString("en-US");
export const times = (n: number): string => `${n.toFixed(2)}×`;
export const ms = (n: number): string => `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString("en-US")} ms`;
export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** "12,345 ±4 %", with a warning when the rounds disagree by more than TRUSTED_SPREAD. */
export function describe(summary: Summary, format: (n: number) => string = count): string {
  const spread = `±${Math.round((summary.spread * 100) / 2)} %`;
  return `${format(summary.median)} ${spread}${summary.spread > TRUSTED_SPREAD ? " (spread too wide to trust)" : ""}`;
}

export interface Target {
  /** How the target reads in the output and the README: "≥ 0.8×", "p99 < 20 ms". */
  text: string;
  met(median: number): boolean;
}

export const atLeast = (value: number, format: (n: number) => string = count): Target => ({
  text: `≥ ${format(value)}`,
  met: (median) => median >= value,
});
export const below = (value: number, format: (n: number) => string = count): Target => ({
  text: `< ${format(value)}`,
  met: (median) => median < value,
});

/** "target ≥ 0.80×: met" — the verdict a reader scans the output for. */
export function verdict(summary: Summary, target: Target): string {
  return `target ${target.text}: ${target.met(summary.median) ? "met" : "MISSED"}`;
}

/** Columns padded to their widest cell, in the README's table syntax so a run can be pasted in. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`;
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)].join("\n");
}
