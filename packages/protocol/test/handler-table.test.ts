// The program's handlers decode their arguments from the lending instruction table, so the two must list the same
// instructions: a handler without an entry could not decode, an entry without a handler is an instruction the
// clients can build but the program refuses.
import { describe, expect, it } from "vitest";
import { LENDING_INSTRUCTIONS } from "../src/instruction-table.js";
import { INSTRUCTIONS } from "../src/program/lending-program.js";

describe("lending handlers and the instruction table", () => {
  it("every handler has a table entry and every entry a handler", () => {
    const handled = INSTRUCTIONS.map((handler) => handler.name).sort();
    expect(handled).toEqual(Object.keys(LENDING_INSTRUCTIONS).sort());
    expect(new Set(handled).size).toBe(handled.length);
  });
});
