import { createHash } from "node:crypto";
import { InstructionError, type InstructionContext, type Program } from "@ballast/ledger";
import { FixedPointError } from "../math/i80f48.js";
import { AccountChecks } from "./accounts.js";
import { ArgsReader } from "./args.js";
import { ProgramFailure, fail } from "./errors.js";

/** One instruction of the program: its IDL name, a compute cost, and the handler (account checks, then logic). */
export interface InstructionHandler {
  /** snake_case name as in the IDL; fixes the Anchor discriminator. */
  readonly name: string;
  /** Deterministic compute units charged before the handler runs. */
  readonly units: number;
  run(ctx: InstructionContext, accounts: AccountChecks, args: ArgsReader): void;
}

/** Anchor's instruction discriminator: sha256("global:<name>")[0..8]. */
export function instructionDiscriminator(name: string): Buffer {
  return createHash("sha256").update(`global:${name}`).digest().subarray(0, 8);
}

function pascalCase(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
}

/** A program that dispatches on the 8-byte discriminator and reports failures in Anchor's log format. */
export function anchorProgram(id: string, handlers: readonly InstructionHandler[]): Program {
  const byDiscriminator = new Map(handlers.map((h) => [instructionDiscriminator(h.name).toString("hex"), h]));
  return {
    id,
    builtin: false,
    execute(ctx) {
      try {
        if (ctx.data.length < 8) fail("InstructionMissing");
        const handler = byDiscriminator.get(ctx.data.subarray(0, 8).toString("hex"));
        if (!handler) fail("InstructionFallbackNotFound");
        ctx.log(`Instruction: ${pascalCase(handler.name)}`);
        ctx.consume(handler.units);
        handler.run(ctx, new AccountChecks(ctx), new ArgsReader(ctx.data.subarray(8)));
      } catch (e) {
        if (e instanceof ProgramFailure) {
          ctx.log(e.logLine());
          throw InstructionError.custom(e.code);
        }
        if (e instanceof FixedPointError) {
          const failure = new ProgramFailure("MathError");
          ctx.log(failure.logLine());
          throw InstructionError.custom(failure.code);
        }
        throw e;
      }
    },
  };
}
