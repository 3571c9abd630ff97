// The server as an operator runs it, in a child process: `src/main.ts` configured from the environment, its JSON log
// lines collected as they come.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

const MAIN = new URL("../../src/main.ts", import.meta.url).pathname;

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface MainProcess {
  readonly child: ChildProcess;
  /** Every log line so far, in order. */
  readonly lines: LogLine[];
  /** The first line with this message, once it is logged. */
  next(msg: string): Promise<LogLine>;
}

export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const lines: LogLine[] = [];
  const waiters: { msg: string; resolve: (line: LogLine) => void }[] = [];
  createInterface({ input: child.stdout! }).on("line", (text) => {
    const line = JSON.parse(text) as LogLine;
    lines.push(line);
    for (const waiter of waiters.filter((w) => w.msg === line.msg)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const next = (msg: string) =>
    new Promise<LogLine>((resolve) => {
      const seen = lines.find((l) => l.msg === msg);
      if (seen) resolve(seen);
      else waiters.push({ msg, resolve });
    });
  return { child, lines, next };
}
