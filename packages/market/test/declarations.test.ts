// The market has no IDL here: its handlers' declared accounts and the client's instruction table are held to each
// other instead (count, order, writable, signer), instruction by instruction.
import { expect, it } from "vitest";
import { accountSpecMismatches } from "@ballast/anchor";
import { KLEND_INSTRUCTIONS } from "../src/client/instructions.js";
import { MARKET_INSTRUCTIONS } from "../src/program.js";

it("declares each instruction's accounts as the client's instruction table lists them", () => {
  expect(MARKET_INSTRUCTIONS.map((handler) => handler.name).sort()).toEqual(Object.keys(KLEND_INSTRUCTIONS).sort());
  for (const handler of MARKET_INSTRUCTIONS) {
    const table = KLEND_INSTRUCTIONS[handler.name as keyof typeof KLEND_INSTRUCTIONS];
    expect(accountSpecMismatches(table, handler.accounts), handler.name).toEqual([]);
  }
});
