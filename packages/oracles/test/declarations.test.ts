// The feed programs have no IDL: their handlers' declared accounts and the clients' instruction tables are held to
// each other instead (count, order, writable, signer), instruction by instruction.
import { describe, expect, it } from "vitest";
import { accountSpecMismatches } from "@ballast/anchor";
import { PYTH_RECEIVER_INSTRUCTIONS, SCOPE_INSTRUCTIONS, SWITCHBOARD_ON_DEMAND_INSTRUCTIONS } from "../src/instructions.js";
import { SCOPE_ACCOUNT_SPECS } from "../src/programs/scope.js";
import { PYTH_RECEIVER_ACCOUNT_SPECS } from "../src/programs/pyth-receiver.js";
import { SWITCHBOARD_ON_DEMAND_ACCOUNT_SPECS } from "../src/programs/switchboard-on-demand.js";

describe("feed programs' account declarations", () => {
  it("match the Pyth receiver's instruction table", () => {
    expect(Object.keys(PYTH_RECEIVER_ACCOUNT_SPECS).sort()).toEqual(Object.keys(PYTH_RECEIVER_INSTRUCTIONS).sort());
    for (const [name, spec] of Object.entries(PYTH_RECEIVER_ACCOUNT_SPECS)) {
      expect(accountSpecMismatches(PYTH_RECEIVER_INSTRUCTIONS[name as keyof typeof PYTH_RECEIVER_INSTRUCTIONS], spec), name).toEqual([]);
    }
  });

  it("match Switchboard On-Demand's instruction table", () => {
    expect(Object.keys(SWITCHBOARD_ON_DEMAND_ACCOUNT_SPECS).sort()).toEqual(Object.keys(SWITCHBOARD_ON_DEMAND_INSTRUCTIONS).sort());
    for (const [name, spec] of Object.entries(SWITCHBOARD_ON_DEMAND_ACCOUNT_SPECS)) {
      const table = SWITCHBOARD_ON_DEMAND_INSTRUCTIONS[name as keyof typeof SWITCHBOARD_ON_DEMAND_INSTRUCTIONS];
      expect(accountSpecMismatches(table, spec), name).toEqual([]);
    }
  });

  it("match the Scope program's instruction table", () => {
    expect(Object.keys(SCOPE_ACCOUNT_SPECS).sort()).toEqual(Object.keys(SCOPE_INSTRUCTIONS).sort());
    for (const [name, spec] of Object.entries(SCOPE_ACCOUNT_SPECS)) {
      expect(accountSpecMismatches(SCOPE_INSTRUCTIONS[name as keyof typeof SCOPE_INSTRUCTIONS], spec), name).toEqual([]);
    }
  });
});
