import { describe, expect, it } from "vitest";
import { ANCHOR_ERRORS, AnchorArgsReader, ProgramFailure, failureFor } from "../src/index.js";

describe("Anchor conventions", () => {
  it("logs failures in Anchor's two forms", () => {
    const fail = failureFor({ Unauthorized: { code: 6042, message: "Unauthorized" } });
    expect(() => fail("Unauthorized", "fee_state")).toThrow(ProgramFailure);
    try {
      fail("Unauthorized", "fee_state");
    } catch (e) {
      expect((e as ProgramFailure).code).toBe(6042);
      expect((e as ProgramFailure).logLine()).toBe(
        "AnchorError caused by account: fee_state. Error Code: Unauthorized. Error Number: 6042. Error Message: Unauthorized.",
      );
    }
    expect(new ProgramFailure("ConstraintSeeds", ANCHOR_ERRORS.ConstraintSeeds).logLine()).toBe(
      "AnchorError occurred. Error Code: ConstraintSeeds. Error Number: 2006. Error Message: A seeds constraint was violated.",
    );
  });

  it("reads Borsh arguments and refuses short or malformed input with InstructionDidNotDeserialize", () => {
    const data = Buffer.alloc(1 + 4 + 8 + 16 + 1 + 1);
    data[0] = 1;
    data.writeUInt32LE(7, 1);
    data.writeBigInt64LE(-5n, 5);
    data.writeBigUInt64LE(0xffff_ffff_ffff_ffffn, 13);
    data.writeBigUInt64LE(0xffff_ffff_ffff_ffffn, 21);
    data[29] = 0;
    data[30] = 2;
    const args = new AnchorArgsReader(data);
    expect(args.bool()).toBe(true);
    expect(args.u32()).toBe(7);
    expect(args.i64()).toBe(-5n);
    expect(args.i128()).toBe(-1n);
    expect(args.option(() => args.u8())).toBeNull();
    expect(() => args.bool()).toThrow(expect.objectContaining({ code: 102 }));
    expect(() => new AnchorArgsReader(Buffer.alloc(3)).u32()).toThrow(expect.objectContaining({ code: 102 }));
  });
});
