// The pool and router programs have no IDL: their handlers' declared accounts and the client instruction tables are
// held to each other instead (count, order, writable, signer), instruction by instruction.
import { expect, it } from "vitest";
import { accountSpecMismatches } from "@ballast/anchor";
import { POOL_INSTRUCTIONS } from "../src/instructions/pool.js";
import { POOL_ACCOUNT_SPECS } from "../src/programs/pool/index.js";
import { ROUTER_INSTRUCTIONS } from "../src/instructions/router.js";
import { ROUTER_ACCOUNT_SPECS } from "../src/programs/router/index.js";

it("declares each pool instruction's accounts as the client's instruction table lists them", () => {
  expect(Object.keys(POOL_ACCOUNT_SPECS).sort()).toEqual(Object.keys(POOL_INSTRUCTIONS).sort());
  for (const [name, spec] of Object.entries(POOL_ACCOUNT_SPECS)) {
    expect(accountSpecMismatches(POOL_INSTRUCTIONS[name as keyof typeof POOL_INSTRUCTIONS], spec), name).toEqual([]);
  }
});

it("declares each router instruction's accounts as the client's instruction table lists them", () => {
  expect(Object.keys(ROUTER_ACCOUNT_SPECS).sort()).toEqual(Object.keys(ROUTER_INSTRUCTIONS).sort());
  for (const [name, spec] of Object.entries(ROUTER_ACCOUNT_SPECS)) {
    expect(accountSpecMismatches(ROUTER_INSTRUCTIONS[name as keyof typeof ROUTER_INSTRUCTIONS], spec), name).toEqual([]);
  }
});
