// The stake pool has no IDL: its handlers' declared accounts and the client's instruction table are held to each
// other instead (count, order, writable, signer), instruction by instruction.
import { expect, it } from "vitest";
import { accountSpecMismatches } from "@ballast/anchor";
import { STAKE_POOL_INSTRUCTIONS } from "../src/instructions.js";
import { STAKE_POOL_ACCOUNT_SPECS } from "../src/programs/stake-pool.js";

it("declares each instruction's accounts as the client's instruction table lists them", () => {
  expect(Object.keys(STAKE_POOL_ACCOUNT_SPECS).sort()).toEqual(Object.keys(STAKE_POOL_INSTRUCTIONS).sort());
  for (const [name, spec] of Object.entries(STAKE_POOL_ACCOUNT_SPECS)) {
    expect(accountSpecMismatches(STAKE_POOL_INSTRUCTIONS[name as keyof typeof STAKE_POOL_INSTRUCTIONS], spec), name).toEqual([]);
  }
});
