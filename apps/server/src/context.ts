// What every route and job is given: settings, the database and the chain.
import { Connection } from "@solana/web3.js";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "./config.js";
import type { Db, DialectName } from "./db/database.js";

export interface ServerContext {
  readonly config: ServerConfig;
  readonly db: Db;
  readonly dialect: DialectName;
  readonly connection: Connection;
  readonly log: FastifyBaseLogger;
  /** Unix seconds; tests of time-dependent rules replace it. */
  readonly now: () => number;
}

export function chainConnection(config: ServerConfig): Connection {
  return new Connection(config.rpcUrl, { commitment: "confirmed" });
}
