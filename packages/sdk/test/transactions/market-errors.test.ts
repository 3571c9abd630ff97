// Errors of the Kamino-style market resolve to klend's messages, by the program that failed: the lines below are the
// logs of a Kamino-bank deposit above the reserve's deposit limit on the ledger, where the market fails with 6090 and
// the lending program re-logs the same code, which in its own table means something else.
import { PublicKey } from "@solana/web3.js";
import { KLEND_ERRORS, KLEND_PROGRAM_ID } from "@ballast/market";
import { ERRORS, MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { MARKET_PROGRAM_ERRORS, TransactionErrorKind, parseErrorFromLogs, resolveTransactionError } from "../../src/transactions/index.js";

const config = { lendingProgramId: new PublicKey(MARGINFI_PROGRAM_ID) };

const DEPOSIT_ABOVE_LIMIT = [
  "Program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA invoke [1]",
  "Program log: Instruction: KaminoDeposit",
  "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [2]",
  "Program log: Instruction: Transfer",
  "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA consumed 4645 of 733550 compute units",
  "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success",
  "Program KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD invoke [2]",
  "Program log: Instruction: DepositReserveLiquidityAndObligationCollateral",
  "Program log: Cannot deposit liquidity above the reserve deposit limit. New total deposit: 1000100100 > limit: 10100100",
  "Program log: AnchorError occurred. Error Code: DepositLimitExceeded. Error Number: 6090. Error Message: Cannot deposit above deposit limit.",
  "Program KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD consumed 20000 of 727905 compute units",
  "Program KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD failed: custom program error: 0x17ca",
  "Program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA consumed 56645 of 764550 compute units",
  "Program MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA failed: custom program error: 0x17ca",
];

describe("the Kamino-style market's errors", () => {
  it("are klend's whole table, by code", () => {
    expect(MARKET_PROGRAM_ERRORS.size).toBe(Object.keys(KLEND_ERRORS).length);
    expect(MARKET_PROGRAM_ERRORS.get(6036)).toEqual({ name: "FlashLoansDisabled", message: "Flash loans are disabled for this reserve" });
  });

  it("describe a failure inside the market by klend's message, not the lending program's for the same code", () => {
    expect(ERRORS.LiquidationPremiumTooHigh.code).toBe(6090);
    expect(parseErrorFromLogs(DEPOSIT_ABOVE_LIMIT, config)).toEqual({
      programId: KLEND_PROGRAM_ID,
      code: 6090,
      description: "Cannot deposit above deposit limit",
    });
    const error = resolveTransactionError({ message: "custom program error: 0x17ca", logs: DEPOSIT_ABOVE_LIMIT }, config, "simulation");
    expect([error.message, error.kind, error.code]).toEqual([
      "Cannot deposit above deposit limit",
      TransactionErrorKind.ProgramError,
      6090,
    ]);
  });

  it("follow the market where it is deployed elsewhere", () => {
    const elsewhere = "Market1111111111111111111111111111111111111";
    const logs = DEPOSIT_ABOVE_LIMIT.map((line) => line.replaceAll(KLEND_PROGRAM_ID, elsewhere));
    expect(parseErrorFromLogs(logs, config)?.description).toBeUndefined();
    expect(parseErrorFromLogs(logs, { ...config, marketProgramId: elsewhere })?.description).toBe("Cannot deposit above deposit limit");
  });
});
