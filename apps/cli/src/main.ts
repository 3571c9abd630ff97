// The `ballast` executable: runs the CLI on the process's arguments and exits with its code once output is flushed
// (the RPC connection's keep-alive sockets would otherwise hold the process open).
import { homedir } from "node:os";
import { runCli } from "./run.js";

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  home: homedir(),
});
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write("", () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
