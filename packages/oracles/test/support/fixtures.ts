// Loads the shared mainnet account snapshots and their expected values (/work/shared/fixtures/mainnet-accounts).
import { readFileSync } from "node:fs";

export const FIXTURE_DIR = new URL("../../../../../shared/fixtures/mainnet-accounts/", import.meta.url);

export interface FixtureAccount {
  pubkey?: string;
  account: {
    lamports?: number;
    data: [string, "base64"];
    owner: string;
    executable: boolean;
    space: number;
  };
}

export interface ExpectedValue {
  type: string;
  offset: number;
  value: unknown;
  length?: number;
  variant?: string;
  tolerance?: unknown;
  source: string;
}

export interface ExpectedFixture {
  kind: string;
  address?: string;
  owner: string;
  data_length: number;
  discriminator_hex?: string;
  values: Record<string, ExpectedValue>;
}

export interface Expected {
  conventions: Record<string, string>;
  fixtures: Record<string, ExpectedFixture>;
}

export function loadExpected(): Expected {
  return JSON.parse(readFileSync(new URL("expected.json", FIXTURE_DIR), "utf8")) as Expected;
}

export function loadFixture(file: string): { json: FixtureAccount; data: Buffer } {
  const json = JSON.parse(readFileSync(new URL(file, FIXTURE_DIR), "utf8")) as FixtureAccount;
  const [b64, encoding] = json.account.data;
  if (encoding !== "base64") throw new Error(`${file}: data encoding ${encoding}`);
  return { json, data: Buffer.from(b64, "base64") };
}

/** Reads a value straight from the bytes in the JSON form expected.json uses, independent of any decoder. */
export function readRaw(data: Buffer, e: ExpectedValue, pubkeyToString: (raw: Uint8Array) => string): unknown {
  switch (e.type) {
    case "u8":
    case "enum u8":
      return data.readUInt8(e.offset);
    case "u16":
      return data.readUInt16LE(e.offset);
    case "u32":
    case "enum u32":
      return data.readUInt32LE(e.offset);
    case "i32":
      return data.readInt32LE(e.offset);
    case "u64":
      return data.readBigUInt64LE(e.offset).toString();
    case "i64":
      return data.readBigInt64LE(e.offset).toString();
    case "pubkey":
      return pubkeyToString(data.subarray(e.offset, e.offset + 32));
    case "bytes":
      return data.subarray(e.offset, e.offset + (e.length ?? 0)).toString("hex");
    default:
      throw new Error(`unhandled expected type ${e.type}`);
  }
}
