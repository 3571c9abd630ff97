// Loads the shared mainnet account snapshots and their expected decoded values.
import type { AccountLayout, FieldTable } from "@ballast/codec";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  BankLayout,
  FeeStateLayout,
  MarginfiAccountLayout,
  MarginfiGroupLayout,
  decodeBank,
  decodeFeeState,
  decodeMarginfiAccount,
  decodeMarginfiGroup,
} from "../../src/index.js";

// Five levels up from test/support/ is the directory holding the project, where shared/ lives.
export const FIXTURES_DIR = new URL("../../../../../shared/fixtures/mainnet-accounts/", import.meta.url);

export interface ExpectedValue {
  type: string;
  offset: number;
  value: string | number;
  source: "test" | "decoded";
  bits?: string;
  exact?: string;
  hex?: string;
  length?: number;
  variant?: string;
  tolerance?: { kind: "relative"; value: string; rule: string };
}

export interface ExpectedFixture {
  kind: string;
  address: string;
  owner: string;
  data_length: number;
  discriminator_hex?: string;
  values: Record<string, ExpectedValue>;
}

export interface SnapshotFile {
  pubkey?: string;
  account: { data: [string, "base64"]; owner: string; space: number };
}

/** The marginfi account kinds this package decodes; the other snapshots belong to the oracle, market and token work. */
export const MARGINFI_KINDS = {
  Bank: { layout: BankLayout, decode: decodeBank },
  MarginfiAccount: { layout: MarginfiAccountLayout, decode: decodeMarginfiAccount },
  MarginfiGroup: { layout: MarginfiGroupLayout, decode: decodeMarginfiGroup },
  FeeState: { layout: FeeStateLayout, decode: decodeFeeState },
} as const satisfies Record<string, { layout: AccountLayout<FieldTable>; decode: (data: Buffer) => object }>;

export type MarginfiKind = keyof typeof MARGINFI_KINDS;

export function isMarginfiKind(kind: string): kind is MarginfiKind {
  return Object.hasOwn(MARGINFI_KINDS, kind);
}

export function loadExpected(): Record<string, ExpectedFixture> {
  const json = JSON.parse(readFileSync(new URL("expected.json", FIXTURES_DIR), "utf8")) as { fixtures: Record<string, ExpectedFixture> };
  return json.fixtures;
}

export function snapshotFileNames(): string[] {
  return readdirSync(fileURLToPath(FIXTURES_DIR))
    .filter((name) => name.endsWith(".json") && name !== "expected.json")
    .sort();
}

export function loadSnapshot(fileName: string): { file: SnapshotFile; data: Buffer } {
  const file = JSON.parse(readFileSync(new URL(fileName, FIXTURES_DIR), "utf8")) as SnapshotFile;
  return { file, data: Buffer.from(file.account.data[0], "base64") };
}

/** The marginfi snapshots, in file-name order, with their expectations. */
export function marginfiSnapshots(): { fileName: string; kind: MarginfiKind; expected: ExpectedFixture }[] {
  const expected = loadExpected();
  return snapshotFileNames().flatMap((fileName) => {
    const entry = expected[fileName];
    return entry !== undefined && isMarginfiKind(entry.kind) ? [{ fileName, kind: entry.kind, expected: entry }] : [];
  });
}
