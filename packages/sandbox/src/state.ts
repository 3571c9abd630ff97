// What seeding produced, as saved in the store and handed to the server, the price walk, the users and the faucet;
// and the check that a saved state still matches the chain it is about to be used with.
import { PublicKey, type Connection } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { PYTH_RECEIVER_PROGRAM_ID, SWITCHBOARD_ON_DEMAND_PROGRAM_ID } from "@ballast/oracles";
import { KLEND_PROGRAM_ID } from "@ballast/market";
import type { OracleKind, TokenCategory } from "./catalog.js";

export const STATE_VERSION = 1;

export interface SeededMarket {
  readonly group: string;
  /** Presentation name. */
  readonly name: string;
}

export interface SeededToken {
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
  readonly category: TokenCategory;
  readonly decimals: number;
  /** The starting USD price, a decimal string. */
  readonly priceUsd: string;
}

export interface SeededBank {
  readonly address: string;
  readonly group: string;
  readonly symbol: string;
  readonly mint: string;
  readonly decimals: number;
  readonly oracle: string;
  readonly oracleKind: OracleKind;
  readonly isolated: boolean;
  readonly reduceOnly: boolean;
  /** 0 = none. */
  readonly emodeTag: number;
  readonly emissionsMint: string | null;
  /** The third-party market reserve a Kamino bank deposits into; absent for the program's own banks. */
  readonly kaminoReserve?: string;
}

export interface SeededOracle {
  readonly address: string;
  readonly kind: OracleKind;
  readonly symbol: string;
  /** Price units: price = integer × 10^exponent (-18 for Switchboard). */
  readonly exponent: number;
  /** The starting USD price, a decimal string. */
  readonly price: string;
  readonly dailyVolatility: number;
  readonly confidence: number;
  /** Oracles of one family share a random walk. */
  readonly family: string;
}

export interface SandboxState {
  readonly version: number;
  readonly programId: string;
  /** The admin of every group, the mint authority of every token and the authority of every feed. */
  readonly admin: string;
  /** The main market first. */
  readonly markets: readonly SeededMarket[];
  readonly tokens: readonly SeededToken[];
  readonly banks: readonly SeededBank[];
  readonly oracles: readonly SeededOracle[];
  /**
   * Chain time (unix seconds) the LSTs' exchange rates start growing from: the seeding's price publication. States
   * saved before LSTs earned yield lack it until their next start.
   */
  readonly stakingSince?: number;
}

function isState(value: unknown): value is SandboxState {
  const v = value as Partial<SandboxState> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    v.version === STATE_VERSION &&
    typeof v.programId === "string" &&
    typeof v.admin === "string" &&
    [v.markets, v.tokens, v.banks, v.oracles].every(Array.isArray)
  );
}

/** The market the server and the web app open on: the state's first. */
export function mainMarket(state: SandboxState): SeededMarket {
  const [main] = state.markets;
  if (!main) throw new Error("the sandbox state has no market");
  return main;
}

/** A saved document as a state, or a clear error naming what is wrong with it. */
export function parseState(value: unknown): SandboxState {
  if (!isState(value)) throw new Error(`the saved sandbox state is not a version ${STATE_VERSION} sandbox document`);
  return value;
}

/** Every account the state names exists on this chain with the owner it was created with. */
export async function verifyState(connection: Connection, state: SandboxState, admin: PublicKey, programId: PublicKey): Promise<void> {
  if (state.admin !== admin.toBase58()) throw new Error(`the sandbox was seeded by admin ${state.admin}, not ${admin.toBase58()}`);
  if (state.programId !== programId.toBase58())
    throw new Error(`the sandbox was seeded for program ${state.programId}, not ${programId.toBase58()}`);
  const expected: [string, PublicKey][] = [
    ...state.markets.map((m): [string, PublicKey] => [m.group, programId]),
    ...state.banks.map((b): [string, PublicKey] => [b.address, programId]),
    ...state.banks.flatMap((b): [string, PublicKey][] => (b.kaminoReserve ? [[b.kaminoReserve, new PublicKey(KLEND_PROGRAM_ID)]] : [])),
    ...state.tokens.map((t): [string, PublicKey] => [t.mint, TOKEN_PROGRAM_ID]),
    ...state.oracles.map((o): [string, PublicKey] => [
      o.address,
      new PublicKey(o.kind === "pyth" ? PYTH_RECEIVER_PROGRAM_ID : SWITCHBOARD_ON_DEMAND_PROGRAM_ID),
    ]),
  ];
  for (let i = 0; i < expected.length; i += 100) {
    const chunk = expected.slice(i, i + 100);
    const infos = await connection.getMultipleAccountsInfo(chunk.map(([address]) => new PublicKey(address)));
    chunk.forEach(([address, owner], j) => {
      const info = infos[j];
      if (!info) throw new Error(`the sandbox state names ${address}, which this ledger does not have (was it seeded on another one?)`);
      if (!info.owner.equals(owner)) throw new Error(`${address} is owned by ${info.owner.toBase58()}, not ${owner.toBase58()}`);
    });
  }
}
