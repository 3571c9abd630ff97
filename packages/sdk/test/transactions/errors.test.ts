import { PublicKey, SendTransactionError } from "@solana/web3.js";
import { ERRORS, MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import {
  ANCHOR_FRAMEWORK_ERRORS,
  ProcessTransactionError,
  ProcessTransactionErrorType,
  SPL_TOKEN_ERRORS,
  SWAP_AGGREGATOR_ERRORS,
  TransactionErrorKind,
  parseErrorFromLogs,
  resolveTransactionError,
} from "../../src/transactions/index.js";

const LENDING = MARGINFI_PROGRAM_ID;
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
const JUPITER = "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4";
const OTHER = "Other11111111111111111111111111111111111111";
const config = { lendingProgramId: new PublicKey(LENDING) };

const failed = (program: string, code: number) => `Program ${program} failed: custom program error: 0x${code.toString(16)}`;
const logs = (program: string, code: number) => [`Program ${program} invoke [1]`, "Program log: something", failed(program, code)];

describe("error tables", () => {
  it("SPL Token covers codes 0–19, the swap aggregator 6000–6018", () => {
    expect([...SPL_TOKEN_ERRORS.keys()]).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect([...SWAP_AGGREGATOR_ERRORS.keys()]).toEqual(Array.from({ length: 19 }, (_, i) => 6000 + i));
    expect(SWAP_AGGREGATOR_ERRORS.get(6001)).toEqual({ name: "SlippageToleranceExceeded", message: "Slippage tolerance exceeded" });
    expect(SPL_TOKEN_ERRORS.get(17)).toEqual({ name: "AccountFrozen", message: "Account is frozen" });
  });

  it("Anchor's framework table extends the errors our programs raise", () => {
    expect(ANCHOR_FRAMEWORK_ERRORS.get(3012)?.message).toBe("The program expected this account to be already initialized");
    expect(ANCHOR_FRAMEWORK_ERRORS.get(2004)?.message).toBe("An owner constraint was violated");
    expect(ANCHOR_FRAMEWORK_ERRORS.get(2500)?.message).toBe("A require expression was violated");
    const codes = [...ANCHOR_FRAMEWORK_ERRORS.keys()];
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe("parseErrorFromLogs", () => {
  it("describes the lending program's codes from its table", () => {
    expect(parseErrorFromLogs(logs(LENDING, 6009), config)).toEqual({
      programId: LENDING,
      code: 6009,
      description: "RiskEngine rejected due to either bad health or stale oracles",
    });
    expect(parseErrorFromLogs(logs(LENDING, 6001), config)?.description).toBe(ERRORS.BankNotFound.message);
    expect(parseErrorFromLogs(logs(LENDING, 6050), config)?.description).toBe("Stale oracle price");
  });

  it("describes SPL Token (and Token-2022) codes", () => {
    expect(parseErrorFromLogs(logs(TOKEN, 1), config)?.description).toBe("Insufficient funds");
    expect(parseErrorFromLogs(logs(TOKEN_2022, 4), config)?.description).toBe("Owner does not match");
    expect(parseErrorFromLogs(logs(TOKEN, 19), config)?.description).toBe("Instruction does not support non-native tokens");
  });

  it("describes the swap aggregator's codes", () => {
    expect(parseErrorFromLogs(logs(JUPITER, 6001), config)?.description).toBe("Slippage tolerance exceeded");
    expect(parseErrorFromLogs(logs(JUPITER, 6018), config)?.description).toBe("Source mint and destination mint cannot the same");
  });

  it("falls back to Anchor's framework errors for any program", () => {
    expect(parseErrorFromLogs(logs(OTHER, 3012), config)?.description).toBe("The program expected this account to be already initialized");
    expect(parseErrorFromLogs(logs(LENDING, 2000), config)?.description).toBe("A mut constraint was violated");
    expect(parseErrorFromLogs(logs(JUPITER, 3007), config)?.description).toBe(
      "The given account is owned by a different program than expected",
    );
  });

  it("looks a code up only in the failing program's table", () => {
    expect(parseErrorFromLogs(logs(OTHER, 6001), config)).toEqual({ programId: OTHER, code: 6001, description: undefined });
    expect(parseErrorFromLogs(logs(JUPITER, 6001), { ...config, swapProgramId: OTHER })?.description).toBeUndefined();
    expect(parseErrorFromLogs(logs(OTHER, 6001), { ...config, swapProgramId: OTHER })?.description).toBe("Slippage tolerance exceeded");
  });

  it("takes the innermost failure: the first one logged", () => {
    const nested = [
      `Program ${LENDING} invoke [1]`,
      `Program ${TOKEN} invoke [2]`,
      "Program log: Error: insufficient funds",
      failed(TOKEN, 1),
      failed(LENDING, 1),
    ];
    expect(parseErrorFromLogs(nested, config)).toEqual({ programId: TOKEN, code: 1, description: "Insufficient funds" });
    expect(parseErrorFromLogs(["Program log: nothing failed"], config)).toBeNull();
  });
});

describe("resolveTransactionError", () => {
  it("kind 1: a program error in the logs becomes its description", () => {
    const sendError = new SendTransactionError({
      action: "simulate",
      signature: "",
      transactionMessage: "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1777",
      logs: logs(LENDING, 6007),
    });
    const resolved = resolveTransactionError(sendError, config);
    expect(resolved).toBeInstanceOf(ProcessTransactionError);
    expect(resolved.message).toBe("Missing Bank account");
    expect(resolved.kind).toBe(TransactionErrorKind.ProgramError);
    expect(resolved.kind).toBe(1);
    expect(resolved.type).toBe(ProcessTransactionErrorType.TransactionSendingError);
    expect(resolved.code).toBe(6007);
    expect(resolved.programId).toBe(LENDING);
    expect(resolved.logs).toEqual(logs(LENDING, 6007));

    const fromRpc = resolveTransactionError(
      { message: "Transaction simulation failed", data: { logs: logs(TOKEN, 1) } },
      config,
      "simulation",
    );
    expect([fromRpc.message, fromRpc.kind, fromRpc.type]).toEqual(["Insufficient funds", 1, "SimulationError"]);
  });

  it("kind 1 needs the code in the logs, and keeps the raw message when no table knows the code", () => {
    const resolved = resolveTransactionError(new Error("custom program error: 0x1771"), config);
    expect(resolved.kind).toBe(4);
    const withLogs = resolveTransactionError(Object.assign(new Error("custom program error: 0x1771"), { logs: logs(OTHER, 6001) }), config);
    expect([withLogs.message, withLogs.kind, withLogs.code]).toEqual(["custom program error: 0x1771", 1, 6001]);
  });

  it("kind 2: a simulation failure without a program error", () => {
    const resolved = resolveTransactionError(new Error("Blockhash not found"), config, "simulation");
    expect([resolved.message, resolved.kind, resolved.type]).toEqual(["Blockhash not found", 2, "SimulationError"]);
  });

  it("kind 4: anything else falls through, with its own message or 'Something went wrong'", () => {
    const bare = resolveTransactionError({}, config);
    expect([bare.message, bare.kind, bare.type]).toEqual(["Something went wrong", 4, "FallthroughError"]);
    expect(resolveTransactionError(undefined, config).message).toBe("Something went wrong");
    const plain = resolveTransactionError(new Error("User rejected the request."), config);
    expect([plain.message, plain.kind, plain.type]).toEqual(["User rejected the request.", 4, "TransactionSendingError"]);
  });

  it("keeps the layer's own errors, describing their logs when they carry a program error", () => {
    const timeout = new ProcessTransactionError("Transaction failed to confirm in time.", ProcessTransactionErrorType.TimeoutError);
    expect(resolveTransactionError(timeout, config)).toBe(timeout);
    const bundle = new ProcessTransactionError(
      "API bundle failed: Transaction simulation failed",
      ProcessTransactionErrorType.TransactionSendingError,
      {
        logs: logs(JUPITER, 6001),
      },
    );
    const resolved = resolveTransactionError(bundle, config);
    expect([resolved.message, resolved.kind, resolved.type]).toEqual(["Slippage tolerance exceeded", 1, "TransactionSendingError"]);
  });
});
