// The explorer of the local chain: instruction and account decoding over the programs' own declarations, the
// transaction and account views the API serves, and the link helper.
export * from "./values.js";
export * from "./instructions.js";
export * from "./accounts.js";
export * from "./transaction.js";
export * from "./account.js";
export * from "./links.js";
