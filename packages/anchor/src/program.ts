import { instructionDiscriminator } from "@ballast/codec";
import { InstructionError, type InstructionContext, type Program } from "@ballast/ledger";
import { AccountChecks } from "./accounts.js";
import { AnchorArgsReader } from "./args.js";
import { anchorFail, ProgramFailure } from "./errors.js";

/** One instruction: its IDL name, a deterministic compute cost, and the handler (account checks, then logic). */
export interface InstructionHandler<C extends AccountChecks = AccountChecks, A extends AnchorArgsReader = AnchorArgsReader> {
  /** snake_case name as in the IDL; fixes the discriminator. */
  readonly name: string;
  /** Compute units charged before the handler runs. */
  readonly units: number;
  run(ctx: InstructionContext, accounts: C, args: A): void;
}

export interface AnchorProgramOptions<C extends AccountChecks, A extends AnchorArgsReader> {
  accounts: (ctx: InstructionContext) => C;
  args: (data: Buffer) => A;
  /** Turns a program's own exceptions (e.g. checked-math overflow) into a named failure; others propagate. */
  translate?: (error: unknown) => ProgramFailure | null;
}

function pascalCase(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
}

/** A program that dispatches on the 8-byte discriminator and reports failures in Anchor's log format. */
export function anchorProgram<C extends AccountChecks, A extends AnchorArgsReader>(
  id: string,
  handlers: readonly InstructionHandler<C, A>[],
  options: AnchorProgramOptions<C, A>,
): Program {
  const byDiscriminator = new Map(handlers.map((h) => [instructionDiscriminator(h.name).toString("hex"), h]));
  return {
    id,
    builtin: false,
    execute(ctx) {
      try {
        if (ctx.data.length < 8) anchorFail("InstructionMissing");
        const handler = byDiscriminator.get(ctx.data.subarray(0, 8).toString("hex"));
        if (!handler) anchorFail("InstructionFallbackNotFound");
        ctx.log(`Instruction: ${pascalCase(handler.name)}`);
        ctx.consume(handler.units);
        handler.run(ctx, options.accounts(ctx), options.args(ctx.data.subarray(8)));
      } catch (e) {
        const failure = e instanceof ProgramFailure ? e : (options.translate?.(e) ?? null);
        if (!failure) throw e;
        ctx.log(failure.logLine());
        throw InstructionError.custom(failure.code);
      }
    },
  };
}

/** The plain form: Anchor's checks and argument reader as they are. */
export function basicAnchorProgram(id: string, handlers: readonly InstructionHandler[]): Program {
  return anchorProgram(id, handlers, { accounts: (ctx) => new AccountChecks(ctx), args: (data) => new AnchorArgsReader(data) });
}
