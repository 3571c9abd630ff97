export * from "./config.js";
export * from "./server.js";
export { openDatabase, type Db, type OpenDatabase } from "./db/database.js";
export * from "./faucet.js";
export * from "./price-control.js";
