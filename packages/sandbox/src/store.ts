// Where the sandbox remembers what it created: one JSON document per key, kept in the data directory so that a restart
// finds the markets it seeded instead of seeding again.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface SandboxStore {
  /** The document saved under `key`, or null if there is none. */
  read(key: string): unknown;
  write(key: string, value: unknown): void;
}

/** Documents as `${dir}/${key}.json`, written to a temporary file first so a crash never leaves half a document. */
export function directoryStore(dir: string): SandboxStore {
  return {
    read(key) {
      let text: string;
      try {
        text = readFileSync(join(dir, `${key}.json`), "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      return JSON.parse(text) as unknown;
    },
    write(key, value) {
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `${key}.json`);
      writeFileSync(`${path}.tmp`, `${JSON.stringify(value, null, 2)}\n`);
      renameSync(`${path}.tmp`, path);
    },
  };
}
