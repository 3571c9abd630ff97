// update_lending_market(mode: u64, value: [u8; 72]): the market owner sets one market field (lending/market-update.ts).
// A number that is no mode is InvalidInstructionData; an immutable market refuses every mode.
import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { InstructionError } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { lendingMarketModeName } from "../lending/lending-market-modes.js";
import { applyLendingMarketUpdate } from "../lending/market-update.js";
import { checkHasOne, lendingMarketAccount } from "../program/account-kinds.js";
import type { MarketInstruction } from "./types.js";

const UpdateLendingMarketAccounts = declareAccounts(
  {
    lendingMarketOwner: signer(),
    lendingMarket: lendingMarketAccount({ mut: "load" }),
  },
  (a) => ({
    lendingMarket: () => checkHasOne(a.lendingMarket, a.lendingMarket.state.lendingMarketOwner, a.lendingMarketOwner),
  }),
);

/** 0x300000000: Solana's InvalidInstructionData as a u64, as Anchor logs a ProgramError. */
const INVALID_INSTRUCTION_DATA_NUMBER = 12_884_901_888n;

export const updateLendingMarket: MarketInstruction = {
  name: "update_lending_market",
  units: 10_000,
  accounts: UpdateLendingMarketAccounts,
  run(ctx, _checks, args) {
    const { mode, value } = decodeArgs(args, KLEND_INSTRUCTIONS.update_lending_market.args);
    const { lendingMarket: market } = UpdateLendingMarketAccounts.load(ctx).accounts;
    const modeName = lendingMarketModeName(mode);
    if (modeName === null) {
      ctx.log(
        `ProgramError occurred. Error Code: InvalidInstructionData. Error Number: ${INVALID_INSTRUCTION_DATA_NUMBER}. ` +
          "Error Message: An instruction's data contents was invalid.",
      );
      throw new InstructionError("InvalidInstructionData");
    }
    const bytes = Buffer.from(value);
    ctx.log(`Updating lending market ${market.key} with mode ${modeName} and value ${JSON.stringify([...bytes.subarray(0, 32)])}`);
    if (market.state.immutable !== 0) fail("OperationNotPermittedMarketImmutable");
    applyLendingMarketUpdate(market.data, modeName, bytes, (m) => ctx.log(m));
  },
};
