// A throwaway PostgreSQL cluster from Debian's packages, on a loopback port, for the tests that run against
// PostgreSQL. initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface PostgresCluster {
  /** Connection string of the cluster's `postgres` database. */
  readonly adminUrl: string;
  /** Takes the server down, the cluster kept: a fast stop (sessions ended by the server) or `kill -9` of the postmaster. */
  takeDown(how: "fast" | "kill"): Promise<void>;
  /** Starts the server again on the same port and data. */
  bringUp(): Promise<void>;
  stop(): void;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => join(root, v, "bin")).find((dir) => existsSync(join(dir, "initdb")));
  if (!found) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql: apt-get install -y postgresql");
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startPostgres(): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "ballast-pg-"));
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, command), ...args]] : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"]);
  start();
  const postmasterPid = () => Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async takeDown(how) {
      if (how === "fast") return run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      const pid = postmasterPid();
      process.kill(pid, "SIGKILL");
      while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async bringUp() {
      // After a kill -9 the orphaned backends notice their postmaster is gone and exit within moments; until then
      // they hold the shared memory and a new postmaster refuses to start.
      for (let attempt = 0; ; attempt++) {
        try {
          return start();
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
    stop() {
      spawnSync(
        asRoot ? "runuser" : join(bin, "pg_ctl"),
        asRoot
          ? ["-u", "postgres", "--", join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]
          : ["-D", data, "-m", "immediate", "stop"],
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database in the cluster; returns its connection string. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}
